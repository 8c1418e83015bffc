import Foundation

/// Where a store keeps its files: the store file, and beside it the lock file it holds while
/// changing the store file and the temporary files it writes each next cache to.
///
/// The lock file has a fixed name, `.feed.json.lock`, which every store of the file must find.
/// A temporary file needs none: each is `.feed.json.<UUID>.tmp`, a name nobody can take ahead
/// of the store, so a file another user leaves in a shared directory never stands in its way.
/// Both fit in a file name however long the store file's name is: when a name would exceed
/// `NAME_MAX` (255 bytes), it keeps as much of the store file's name as fits and adds a hash of
/// all of it.
struct StoreFileLayout {
  /// The longest file name, in bytes, that common file systems accept.
  static let maximumNameLength = 255

  let storeURL: URL
  let directoryURL: URL
  let lockURL: URL
  /// What every temporary file's name starts with: `.feed.json.`, or its shortened form.
  private let temporaryPrefix: String
  /// The temporary file's fixed name in earlier versions of this store, `.feed.json.tmp`.
  private let fixedTemporaryName: String

  init(storeURL: URL) {
    self.storeURL = storeURL
    let storeName = storeURL.lastPathComponent
    directoryURL = storeURL.deletingLastPathComponent()
    lockURL = directoryURL.appending(path: Self.companionName(of: storeName, suffix: ".lock"))
    let temporarySuffix = Self.temporarySuffix(UUID())
    temporaryPrefix = String(
      Self.companionName(of: storeName, suffix: temporarySuffix).dropLast(temporarySuffix.count)
        + ".")
    fixedTemporaryName = Self.companionName(of: storeName, suffix: ".tmp")
  }

  /// A temporary file's URL that no other writer uses.
  func newTemporaryURL() -> URL {
    directoryURL.appending(path: temporaryPrefix + Self.temporarySuffix(UUID()).dropFirst())
  }

  /// Whether the directory entry `name` is a temporary file that a writer of this store file
  /// left behind: this version's, or the fixed-name one of earlier versions.
  func isLeftoverTemporaryFile(named name: String) -> Bool {
    let bytes = Array(name.utf8)
    if bytes == Array(fixedTemporaryName.utf8) { return true }
    let prefix = Array(temporaryPrefix.utf8)
    let suffix = Array(".tmp".utf8)
    guard bytes.count == prefix.count + 36 + suffix.count,
      bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix)
    else { return false }
    let uuid = String(decoding: bytes[prefix.count..<prefix.count + 36], as: UTF8.self)
    return UUID(uuidString: uuid) != nil
  }

  /// The end of a temporary file's name: `.<UUID>.tmp`.
  private static func temporarySuffix(_ uuid: UUID) -> String {
    "." + uuid.uuidString + ".tmp"
  }

  private static func companionName(of name: String, suffix: String) -> String {
    let plain = "." + name + suffix
    guard plain.utf8.count > maximumNameLength else { return plain }
    let hash = String(fnv1a(name.utf8), radix: 16)
    let tag = "-" + String(repeating: "0", count: 16 - hash.count) + hash
    var budget = maximumNameLength - 1 - tag.utf8.count - suffix.utf8.count
    var kept = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      budget -= UTF8.width(scalar)
      guard budget >= 0 else { break }
      kept.append(scalar)
    }
    return "." + String(kept) + tag + suffix
  }

  /// The 64-bit FNV-1a hash: stable across runs and platforms, unlike `Hasher`.
  private static func fnv1a(_ bytes: String.UTF8View) -> UInt64 {
    bytes.reduce(0xCBF2_9CE4_8422_2325) { hash, byte in
      (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
  }
}
