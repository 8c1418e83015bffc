/// One way a store's storage can be damaged while no store has it open: a row of the
/// damaged-storage table that ``DamageableFeedStoreFactory`` factories put their storage into.
///
/// Each row names what is wrong, not how a format shows it: a factory produces the row in its own
/// format, or says why the row does not apply to it. The raw value is the row's stable name, as
/// spec ids show it: `damagedStorage_retrieveThrows(truncatedMidImage)`.
///
/// - Storage the store cannot read (every row but ``leftoverPartialWrite``): `retrieve()` throws an
///   error naming the storage, and leaves its bytes as they are.
/// - Storage in the store's own format (``isForeign`` is `false`): `insert` replaces it or throws
///   leaving it byte for byte as it was; `deleteCachedFeed()` removes it or throws leaving it so.
/// - Storage that is not the store's to overwrite (``isForeign`` is `true`): `insert` and
///   `deleteCachedFeed()` throw and leave it byte for byte as it was.
/// - ``leftoverPartialWrite``: the storage is readable and delivers the cache last committed.
public enum StorageDamage: String, CaseIterable, Codable, Hashable, Sendable {
  /// The storage exists and holds no bytes.
  case empty
  /// The storage is cut inside its header, before the first image.
  case truncatedHeader
  /// The storage is cut in the middle of an image.
  case truncatedMidImage
  /// The storage lacks only its last byte.
  case truncatedLastByte
  /// The storage is a valid encoding in the store's format (JSON, a database) of the wrong shape.
  case wrongShape
  /// The storage has the right shape with values of the wrong types.
  case wrongValueTypes
  /// The storage holds random bytes.
  case binaryGarbage
  /// The storage is an unrelated file, such as a text file, in place of the store's.
  case unrelatedFile
  /// The storage was written by a newer version of the store's format, which this one cannot read.
  case newerFormatVersion
  /// The storage is another application's valid data in the same kind of container, such as
  /// another application's database.
  case foreignStorage
  /// A directory stands where the storage's file should be.
  case directoryInPlace
  /// The storage exists but reading it fails: permission denied or an I/O error.
  case unreadable
  /// A writer that died mid-write left its work in progress beside intact storage: a torn
  /// temporary file, journal or write-ahead log.
  case leftoverPartialWrite

  /// Whether a factory's format has this row.
  public enum Applicability: Hashable, Sendable {
    /// The factory can put its storage into this state.
    case applicable
    /// The row cannot happen to this format, and `reason` says why, as the test run shows it.
    case notApplicable(reason: String)
  }

  /// Whether the storage is not the store's to overwrite.
  ///
  /// That is another writer's newer format, another application's data, a directory: a store must refuse to replace or remove it.
  public var isForeign: Bool {
    switch self {
    case .newerFormatVersion, .foreignStorage, .directoryInPlace: true
    default: false
    }
  }

  /// Whether `retrieve()` must throw: `false` only for ``leftoverPartialWrite``, whose storage is
  /// intact.
  public var isUnreadable: Bool {
    self != .leftoverPartialWrite
  }

  /// The state in a few words, as spec summaries and failure messages show it.
  var phrase: String {
    switch self {
    case .empty: "empty storage"
    case .truncatedHeader: "storage cut inside its header"
    case .truncatedMidImage: "storage cut in the middle of an image"
    case .truncatedLastByte: "storage missing its last byte"
    case .wrongShape: "storage of the wrong shape"
    case .wrongValueTypes: "storage with values of the wrong types"
    case .binaryGarbage: "storage of random bytes"
    case .unrelatedFile: "an unrelated file in place of the storage"
    case .newerFormatVersion: "storage of a newer format version"
    case .foreignStorage: "another application's storage"
    case .directoryInPlace: "a directory in place of the storage"
    case .unreadable: "storage that cannot be read"
    case .leftoverPartialWrite: "storage beside a dead writer's partial write"
    }
  }
}
