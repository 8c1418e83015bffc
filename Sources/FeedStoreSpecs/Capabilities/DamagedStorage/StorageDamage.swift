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
/// - ``directoryInPlaceOfSideFile`` and ``linkInPlaceOfSideFile``: the storage is intact, but
///   something the store did not make stands where it keeps a side file, a file named after its
///   storage (a lock file, a temporary file, a journal or a write-ahead log). `retrieve()`
///   delivers the cache last committed or throws; `insert` and `deleteCachedFeed()` throw, leaving
///   the storage and that item as they were (they never write through the link).
///
/// Switch over a row with a `default:`: a later version may add rows, which then arrive as new
/// specs that fail, naming the row, until the factory makes it.
public struct StorageDamage: CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
  private let row: Row

  private init(row: Row) {
    self.row = row
  }

  /// The rows there are.
  ///
  /// The vocabulary grows by rows that are new values of ``StorageDamage``, never by a case an
  /// adopter's `switch` must name, so a new row arrives as new specs, not as a build failure.
  private enum Row: String, CaseIterable, Codable, Sendable {
    case empty
    case truncatedHeader
    case truncatedMidImage
    case truncatedLastByte
    case wrongShape
    case wrongValueTypes
    case binaryGarbage
    case unrelatedFile
    case newerFormatVersion
    case foreignStorage
    case directoryInPlace
    case unreadable
    case leftoverPartialWrite
    case directoryInPlaceOfSideFile
    case linkInPlaceOfSideFile
  }

  /// The storage exists and holds no bytes.
  public static let empty = StorageDamage(row: .empty)
  /// The storage is cut inside its header, before the first image.
  public static let truncatedHeader = StorageDamage(row: .truncatedHeader)
  /// The storage is cut in the middle of an image.
  public static let truncatedMidImage = StorageDamage(row: .truncatedMidImage)
  /// The storage lacks only its last byte.
  public static let truncatedLastByte = StorageDamage(row: .truncatedLastByte)
  /// The storage is a valid encoding in the store's format (JSON, a database) of the wrong shape.
  public static let wrongShape = StorageDamage(row: .wrongShape)
  /// The storage has the right shape with values of the wrong types.
  public static let wrongValueTypes = StorageDamage(row: .wrongValueTypes)
  /// The storage holds random bytes.
  public static let binaryGarbage = StorageDamage(row: .binaryGarbage)
  /// The storage is an unrelated file, such as a text file, in place of the store's.
  public static let unrelatedFile = StorageDamage(row: .unrelatedFile)
  /// The storage was written by a newer version of the store's format, which this one cannot read.
  public static let newerFormatVersion = StorageDamage(row: .newerFormatVersion)
  /// The storage is another application's valid data in the same kind of container, such as
  /// another application's database.
  public static let foreignStorage = StorageDamage(row: .foreignStorage)
  /// A directory stands where the storage's file should be.
  public static let directoryInPlace = StorageDamage(row: .directoryInPlace)
  /// The storage exists but reading it fails: permission denied or an I/O error.
  public static let unreadable = StorageDamage(row: .unreadable)
  /// A writer that died mid-write left its work in progress beside intact storage: a torn
  /// temporary file, journal or write-ahead log.
  public static let leftoverPartialWrite = StorageDamage(row: .leftoverPartialWrite)
  /// A directory holding a file stands where the store keeps a side file beside intact storage,
  /// such as its lock file or its write-ahead log.
  public static let directoryInPlaceOfSideFile = StorageDamage(row: .directoryInPlaceOfSideFile)
  /// A symbolic link to a file that is not the store's stands where the store keeps a side file
  /// beside intact storage, as another user can plant one in a shared directory such as `/tmp`.
  public static let linkInPlaceOfSideFile = StorageDamage(row: .linkInPlaceOfSideFile)

  /// Every row, in the order the specs list them.
  public static let allCases = Row.allCases.map(StorageDamage.init(row:))

  /// The row's stable name, as spec ids show it: `truncatedMidImage`.
  public var rawValue: String { row.rawValue }

  public var description: String { rawValue }

  /// Decodes a row from its ``rawValue``.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a name no row has.
  public init(from decoder: any Decoder) throws {
    row = try Row(from: decoder)
  }

  /// Encodes the row as its ``rawValue``.
  public func encode(to encoder: any Encoder) throws {
    try row.encode(to: encoder)
  }

  /// Whether a factory's format has this row.
  public enum Applicability: Hashable, Sendable {
    /// The factory can put its storage into this state.
    case applicable
    /// The row cannot happen to this format, and `reason` says why, as the test run shows it.
    case notApplicable(reason: String)
  }

  /// Whether the storage is not the store's to overwrite.
  ///
  /// That is another writer's newer format, another application's data, a directory, or
  /// something the store did not make where it keeps a side file: a store must refuse to replace
  /// or remove it.
  public var isForeign: Bool {
    switch row {
    case .newerFormatVersion, .foreignStorage, .directoryInPlace, .directoryInPlaceOfSideFile,
      .linkInPlaceOfSideFile:
      true
    default: false
    }
  }

  /// Whether `retrieve()` must throw: `false` for ``leftoverPartialWrite``, whose storage is
  /// intact, and for the side-file rows, over intact storage too, where it may deliver the cache.
  public var isUnreadable: Bool {
    !(self == .leftoverPartialWrite || obstructsSideFile)
  }

  /// Whether the damage stands where the store keeps a side file, beside intact storage.
  var obstructsSideFile: Bool {
    self == .directoryInPlaceOfSideFile || self == .linkInPlaceOfSideFile
  }

  /// The state in a few words, as spec summaries and failure messages show it.
  var phrase: String {
    switch row {
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
    case .directoryInPlaceOfSideFile: "storage beside a directory where its side file belongs"
    case .linkInPlaceOfSideFile: "storage beside a symbolic link where its side file belongs"
    }
  }
}
