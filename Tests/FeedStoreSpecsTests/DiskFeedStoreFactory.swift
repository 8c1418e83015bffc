import FeedCache
import FeedStoreSpecs
import Foundation

/// Makes ``DiskFeedStore``s, each on a disk of its own, and damages or crashes them at the
/// simulated disk, so every damaged-storage and crash-safety spec can be shown to catch the
/// misbehavior it is about.
struct DiskFeedStoreFactory: DamageableFeedStoreFactory, CrashableFeedStoreFactory, Codable {
  let misbehavior: StorageMisbehavior?

  static func applicability(of damage: StorageDamage) -> StorageDamage.Applicability {
    .applicable
  }

  func makeStore() -> DiskFeedStore {
    DiskFeedStore(
      name: "feed-\(UUID().uuidString).json", access: DiskAccess(disk: SimulatedDisk()),
      misbehavior: misbehavior)
  }

  func makeStore(sharingStorageWith store: DiskFeedStore) -> DiskFeedStore {
    DiskFeedStore(
      name: store.name, access: DiskAccess(disk: store.access.disk), misbehavior: misbehavior)
  }

  func makeStore(sharingStorageWith store: DiskFeedStore, crashingAt crashPoint: Int)
    -> DiskFeedStore
  {
    DiskFeedStore(
      name: store.name, access: DiskAccess(disk: store.access.disk, crashPoint: crashPoint),
      misbehavior: misbehavior)
  }

  func strayItems(besideStorageOf store: DiskFeedStore) -> [String] {
    store.access.disk.names().filter { $0 != store.name }
  }

  func makeStorage(damagedAs damage: StorageDamage, afterCaching cache: CachedFeed) throws
    -> DiskFeedStore
  {
    let store = makeStore()
    let disk = store.access.disk
    let committed = try DiskFeedStore.encode(cache)
    disk.setItem(.file(committed), named: store.name)
    let damaged: SimulatedDisk.Item
    switch damage {
    case .empty: damaged = .file(Data())
    case .truncatedHeader: damaged = .file(committed.prefix(10))
    case .truncatedMidImage: damaged = .file(committed.prefix(committed.count / 2))
    case .truncatedLastByte: damaged = .file(committed.dropLast())
    case .wrongShape: damaged = .file(Data(#"[{"id":1},{"id":2}]"#.utf8))
    case .wrongValueTypes:
      damaged = .file(
        Data(#"{"format":"disk-feed-store","version":1,"timestamp":"yesterday","feed":7}"#.utf8))
    case .binaryGarbage: damaged = .file(Data([0xFF, 0x00, 0x13, 0x37, 0xC0, 0xDE]))
    case .unrelatedFile: damaged = .file(Data("Shopping list\n- milk\n".utf8))
    case .newerFormatVersion:
      damaged = .file(Data(#"{"format":"disk-feed-store","version":2,"savedAt":"today"}"#.utf8))
    case .foreignStorage: damaged = .file(Data(#"{"format":"notes-app","version":1}"#.utf8))
    case .directoryInPlace: damaged = .directory
    case .unreadable: damaged = .unreadableFile(committed)
    case .leftoverPartialWrite:
      damaged = .file(committed)
      disk.setItem(.file(committed.prefix(committed.count / 2)), named: "\(store.strayPrefix).1")
    case .directoryInPlaceOfSideFile:
      damaged = .file(committed)
      disk.setItem(.directory, named: store.lockName)
    case .linkInPlaceOfSideFile:
      damaged = .file(committed)
      disk.setItem(.file(Data("someone else's".utf8)), named: Self.linkTarget)
      disk.setItem(.link(to: Self.linkTarget), named: store.lockName)
    default:
      throw UnhandledRow(damage: damage)
    }
    disk.setItem(damaged, named: store.name)
    return store
  }

  /// A new store over the disk and file of `storage`, a store nothing uses any more.
  func makeStore(over storage: DiskFeedStore) throws -> DiskFeedStore {
    switch misbehavior {
    case .rewritesStorageWhenOpened:
      storage.access.disk.setItem(.file(Data("{}".utf8)), named: storage.name)
    case .throwsWhenOpenedOverDamage:
      throw DiskFeedStore.StorageError(storageName: storage.name, problem: "cannot be opened")
    default:
      break
    }
    return makeStore(sharingStorageWith: storage)
  }

  func storageName(of store: DiskFeedStore) -> String {
    store.name
  }

  /// The store's file, what stands where its lock file belongs, and the file a link there points
  /// at, each as a marker of its kind and bytes.
  func snapshot(of store: DiskFeedStore) -> StorageSnapshot {
    let disk = store.access.disk
    var items: [String: Data] = [:]
    for name in [store.name, store.lockName, Self.linkTarget] {
      items[name] =
        switch disk.item(named: name) {
        case .file(let data): data
        case .unreadableFile(let data): Data("unreadable:".utf8) + data
        case .directory: Data("directory".utf8)
        case .link(let target): Data("link to \(target)".utf8)
        case nil: nil
        }
    }
    return StorageSnapshot(items: items)
  }

  /// The file that a link planted where the lock file belongs points at: another user's.
  static let linkTarget = "someone-else's"
}

/// Thrown for a row of the damaged-storage table that a test factory does not make yet.
struct UnhandledRow: Error, CustomStringConvertible {
  let damage: StorageDamage

  var description: String { "no test factory makes the \(damage) row yet" }
}
