import FeedStoreBackends
import FeedStoreSpecs
import Foundation

/// Damage is real bytes, directories, temporary files and links in the store's directory; only an
/// unreadable file is made at the store's file system, which fails reading it with `EIO` until it
/// is replaced or removed, since the tests run as root, whom file permissions do not stop.
extension JSONFileFeedStoreFactory: DamageableFeedStoreFactory {
  package static func applicability(of damage: StorageDamage) -> StorageDamage.Applicability {
    guard damage == .foreignStorage else { return .applicable }
    return .notApplicable(
      reason:
        "a JSON file names no owner, so another application's JSON is this store's file of the "
        + "wrong shape: the wrongShape row")
  }

  package func makeStorage(damagedAs damage: StorageDamage, afterCaching cache: CachedFeed)
    async throws -> JSONFileDamagedStorage
  {
    let url = try makeStore().storeURL
    // Written without syncing: what is damaged next is the file's bytes, not their durability.
    try await JSONFileFeedStore(storeURL: url, fileSystem: CrashingFileSystem(crashPoint: .max))
      .insert(cache.feed, timestamp: cache.timestamp)
    let committed = try Data(contentsOf: url)
    switch damage {
    case .empty: try Data().writeUnsynced(to: url)
    case .truncatedHeader: try committed.prefix(12).writeUnsynced(to: url)
    case .truncatedMidImage:
      try committed.prefix(Self.middle(ofImage: cache, in: committed)).writeUnsynced(to: url)
    case .truncatedLastByte: try committed.dropLast().writeUnsynced(to: url)
    case .wrongShape: try Data(#"[{"id":1},{"id":2}]"#.utf8).writeUnsynced(to: url)
    case .wrongValueTypes:
      try Data(#"{"version":1,"timestamp":"yesterday","feed":{"id":7}}"#.utf8).writeUnsynced(
        to: url)
    case .binaryGarbage: try DamageBytes.garbage().writeUnsynced(to: url)
    case .unrelatedFile: try DamageBytes.unrelatedText.writeUnsynced(to: url)
    case .newerFormatVersion:
      // A newer version that also changed shape: only a version check before decoding the rest
      // tells it from a corrupt file.
      try Data(#"{"version":2,"savedAt":"2026-11-22T00:00:00Z","images":{"count":0}}"#.utf8)
        .writeUnsynced(to: url)
    case .foreignStorage:
      throw DamageSetupError(description: "\(Self.self) declares foreignStorage not applicable")
    case .directoryInPlace:
      try FileManager.default.removeItem(at: url)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      try Data("inside".utf8).writeUnsynced(to: url.appending(path: "file"))
    case .unreadable:
      return JSONFileDamagedStorage(
        url: url, fileSystem: UnreadableFileSystem(unreadableFile: url, base: LocalFileSystem()))
    case .leftoverPartialWrite:
      try committed.prefix(committed.count / 2).writeUnsynced(
        to: url.deletingLastPathComponent().appending(
          path: ".\(url.lastPathComponent).\(UUID().uuidString).tmp"))
    case .directoryInPlaceOfSideFile:
      let lock = Self.lockURL(of: url)
      try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
      try Data("someone else's".utf8).writeUnsynced(to: lock.appending(path: "file"))
    case .linkInPlaceOfSideFile:
      let target = url.appendingPathExtension("someone-else's")
      try Data("someone else's".utf8).writeUnsynced(to: target)
      try FileManager.default.createSymbolicLink(
        at: Self.lockURL(of: url), withDestinationURL: target)
    default:
      throw DamageSetupError(description: "\(Self.self) makes no \(damage) row yet")
    }
    return JSONFileDamagedStorage(url: url, fileSystem: LocalFileSystem())
  }

  package func makeStore(over storage: JSONFileDamagedStorage) throws -> JSONFileFeedStore {
    try JSONFileFeedStore(storeURL: storage.url, fileSystem: storage.fileSystem)
  }

  package func storageName(of storage: JSONFileDamagedStorage) -> String {
    storage.url.path(percentEncoded: false)
  }

  /// The store file's bytes, or a directory standing in its place with its entries' names; and
  /// whatever stands where the lock file belongs, read through a link.
  package func snapshot(of storage: JSONFileDamagedStorage) throws -> StorageSnapshot {
    try StorageSnapshot(items: DamageBytes.items(at: [storage.url, Self.lockURL(of: storage.url)]))
  }

  /// Where the store keeps its lock file while it changes the store file at `url`.
  private static func lockURL(of url: URL) -> URL {
    url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).lock")
  }

  /// Where to cut `committed` to end inside the middle image of `cache`: half way through its id.
  private static func middle(ofImage cache: CachedFeed, in committed: Data) throws -> Int {
    let image = cache.feed[cache.feed.count / 2]
    guard let range = committed.range(of: Data(image.id.uuidString.utf8)) else {
      throw DamageSetupError(description: "the committed cache does not hold image \(image.id)")
    }
    return (range.lowerBound + range.upperBound) / 2
  }
}
