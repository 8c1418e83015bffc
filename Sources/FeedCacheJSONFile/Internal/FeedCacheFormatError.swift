/// What is wrong with the bytes of a store file, and where, as ``FeedCacheJSONReader`` finds it.
///
/// Offsets count bytes from the start of the file. Fields are spelled as paths into the
/// format, such as `feed[3].url`.
enum FeedCacheFormatError: Error, Equatable {
  /// The file holds no bytes at all.
  case empty
  /// The file ends at `offset`, inside a cache that is not complete.
  case truncated(offset: Int, detail: String)
  /// The bytes at `offset` are not JSON.
  case invalidJSON(offset: Int, detail: String)
  /// The JSON at `offset` is not shaped as a cache: a key is missing, unknown or repeated.
  case wrongShape(offset: Int, field: String, detail: String)
  /// The value of `field` at `offset` is JSON of the wrong type.
  case wrongType(offset: Int, field: String, detail: String)
  /// The value of `field` at `offset` has the right type but cannot be what it holds.
  case invalidValue(offset: Int, field: String, detail: String)
  /// The file is of a format version newer than this code reads.
  case newerVersion(Int)

  /// Whether the file is of this store's own format, and so replaceable, rather than a newer
  /// format's that this store must not overwrite.
  var isCorruptFile: Bool {
    if case .newerVersion = self { return false }
    return true
  }
}
