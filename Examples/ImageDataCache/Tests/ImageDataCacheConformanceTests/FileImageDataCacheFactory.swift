import ContractSpecs
import Foundation
import ImageDataCacheSpecs
import ImageDataCaching

/// Makes each file cache in a new directory under `root`, breaks its storage for real with a file
/// where its directory should be, and opens second instances over a cache's directory.
struct FileImageDataCacheFactory: FailableImageDataCacheFactory, PersistentImageDataCacheFactory,
  Codable
{
  let root: URL

  func makeCache() -> FileImageDataCache {
    track(FileImageDataCache(directory: root.appending(path: UUID().uuidString)))
  }

  func makeCache(sharingStorageWith cache: FileImageDataCache) -> FileImageDataCache {
    track(FileImageDataCache(directory: cache.directory))
  }

  /// Moves the cache's directory aside, if it has one yet, and puts a file in its place: the
  /// system then refuses every file operation in it, as it would a directory deleted and
  /// replaced under a running app.
  func breakStorage(of cache: FileImageDataCache) throws {
    let files = FileManager.default
    if files.fileExists(atPath: cache.directory.path(percentEncoded: false)) {
      try files.moveItem(at: cache.directory, to: aside(cache))
    }
    try Data("not a directory".utf8).write(to: cache.directory)
  }

  /// Removes the file and moves the directory back, as it was.
  func restoreStorage(of cache: FileImageDataCache) throws {
    let files = FileManager.default
    try files.removeItem(at: cache.directory)
    if files.fileExists(atPath: aside(cache).path(percentEncoded: false)) {
      try files.moveItem(at: aside(cache), to: cache.directory)
    }
  }

  private func aside(_ cache: FileImageDataCache) -> URL {
    cache.directory.deletingLastPathComponent()
      .appending(path: cache.directory.lastPathComponent + ".aside")
  }

  private func track(_ cache: FileImageDataCache) -> FileImageDataCache {
    trackForMemoryLeaks(cache)
    return cache
  }
}
