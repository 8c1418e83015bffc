import Foundation

/// Where a store keeps its files: the store file, and beside it the lock file it holds while
/// changing the store file and the temporary file it writes the next cache to.
///
/// Both companions are named after the store file (`.feed.json.lock`, `.feed.json.tmp`) and fit
/// in a file name however long the store file's name is: when `.<name>.lock` would exceed
/// `NAME_MAX` (255 bytes), they keep as much of the name as fits and add a hash of all of it.
struct StoreFileLayout {
  /// The longest file name, in bytes, that common file systems accept.
  static let maximumNameLength = 255

  let storeURL: URL
  let directoryURL: URL
  let lockURL: URL
  let temporaryURL: URL
  private let storeName: String
  private let temporaryName: String

  init(storeURL: URL) {
    self.storeURL = storeURL
    storeName = storeURL.lastPathComponent
    directoryURL = storeURL.deletingLastPathComponent()
    temporaryName = Self.companionName(of: storeName, suffix: ".tmp")
    lockURL = directoryURL.appending(path: Self.companionName(of: storeName, suffix: ".lock"))
    temporaryURL = directoryURL.appending(path: temporaryName)
  }

  /// Whether the directory entry `name` is a temporary file that a writer of this store file
  /// left behind: this store's own, or the `.<name>.<UUID>.tmp` of earlier versions.
  func isLeftoverTemporaryFile(named name: String) -> Bool {
    if Array(name.utf8) == Array(temporaryName.utf8) { return true }
    let prefix = Array(("." + storeName + ".").utf8)
    let suffix = Array(".tmp".utf8)
    let bytes = Array(name.utf8)
    guard bytes.count == prefix.count + 36 + suffix.count,
      bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix)
    else { return false }
    let uuid = String(decoding: bytes[prefix.count..<prefix.count + 36], as: UTF8.self)
    return UUID(uuidString: uuid) != nil
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
