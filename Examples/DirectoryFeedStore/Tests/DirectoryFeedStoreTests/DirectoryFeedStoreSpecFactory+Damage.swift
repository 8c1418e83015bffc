import DirectoryFeedStore
import FeedStoreSpecs
import Foundation

/// Storage that the tests damaged: the store's directory, and the file a store cannot read, for
/// the `unreadable` row.
struct DamagedDirectory: Sendable {
  let url: URL
  let unreadableFile: URL?
}

// Damage is made in the store's real files, as a disk or another program would leave them.
extension DirectoryFeedStoreSpecFactory: DamageableFeedStoreFactory {
  static func applicability(of damage: StorageDamage) -> StorageDamage.Applicability {
    switch damage {
    case .newerFormatVersion:
      .notApplicable(reason: "the layout of the directory is the format, and has no version")
    case .foreignStorage:
      .notApplicable(reason: "nothing in the files names an owner: that is the wrongShape row")
    default:
      .applicable
    }
  }

  /// Caches `cache` with a store, then damages the first page of the feed, `current`, or what
  /// stands where `.lock` belongs, as the row says.
  func makeStorage(damagedAs damage: StorageDamage, afterCaching cache: CachedFeed) async throws
    -> DamagedDirectory
  {
    let store = makeStore()
    try await store.insert(cache.feed, timestamp: cache.timestamp)
    let directory = StoreDirectory(store.directory)
    let page = try directory.firstPage()
    let committed = try Data(contentsOf: page)
    var unreadableFile: URL?
    switch damage {
    case .empty: try Data().write(to: page)
    case .truncatedHeader: try committed.prefix(10).write(to: page)
    case .truncatedMidImage: try committed.prefix(committed.count / 2).write(to: page)
    case .truncatedLastByte: try committed.dropLast().write(to: page)
    case .wrongShape: try Data(#"{"images": {"count": 10}}"#.utf8).write(to: page)
    case .wrongValueTypes: try Data(#"[{"id": 7, "url": false}]"#.utf8).write(to: page)
    case .binaryGarbage: try Data([0xFF, 0x00, 0x13, 0x37, 0xC0, 0xDE]).write(to: page)
    case .unrelatedFile: try Data("Shopping list\n- milk\n".utf8).write(to: page)
    case .newerFormatVersion, .foreignStorage: break
    case .directoryInPlace:
      try replace(directory.url.appending(path: StoreDirectory.pointer), withDirectoryHolding: "x")
    case .unreadable:
      unreadableFile = page
    case .leftoverPartialWrite:
      let torn = directory.url.appending(path: "feed-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: torn, withIntermediateDirectories: false)
      try committed.prefix(committed.count / 2).write(
        to: torn.appending(path: StoreDirectory.firstPageName))
      try Data("feed-".utf8).write(to: directory.url.appending(path: StoreDirectory.nextPointer))
    case .directoryInPlaceOfSideFile:
      try replace(directory.url.appending(path: StoreDirectory.lock), withDirectoryHolding: "x")
    case .linkInPlaceOfSideFile:
      let lock = directory.url.appending(path: StoreDirectory.lock)
      let target = root.appending(path: "not-the-store's-\(UUID().uuidString)")
      try Data("another user's file".utf8).write(to: target)
      try FileManager.default.removeItem(at: lock)
      try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: target)
    default:
      // A row a later version of the specs adds: its specs fail, naming it, until it is made here.
      throw UnhandledDamage(damage: damage)
    }
    return DamagedDirectory(url: directory.url, unreadableFile: unreadableFile)
  }

  func makeStore(over storage: DamagedDirectory) -> DirectoryFeedStore {
    guard let unreadableFile = storage.unreadableFile else {
      return DirectoryFeedStore(directory: storage.url, files: FaultyDirectoryFiles())
    }
    return DirectoryFeedStore(
      directory: storage.url, files: UnreadableDirectoryFiles(unreadable: unreadableFile))
  }

  func storageName(of storage: DamagedDirectory) -> String {
    storage.url.path(percentEncoded: false)
  }

  /// Every item of the store's directory, by its path in it.
  func snapshot(of storage: DamagedDirectory) throws -> StorageSnapshot {
    StorageSnapshot(items: try StoreDirectory(storage.url).items())
  }

  private func replace(_ file: URL, withDirectoryHolding name: String) throws {
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    try Data("someone else's".utf8).write(to: file.appending(path: name))
  }
}

/// Thrown for a row of the damaged-storage table this factory does not make yet.
struct UnhandledDamage: Error, CustomStringConvertible {
  let damage: StorageDamage

  var description: String { "DirectoryFeedStoreSpecFactory makes no \(damage) row yet" }
}
