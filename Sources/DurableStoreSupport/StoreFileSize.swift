/// The most bytes a durable store's own file holds, and so the most a store ever reads there.
///
/// The bound is part of both stores' formats: an insert refuses a feed whose cache would be
/// larger, so a larger file at a store's path is not one the store wrote, and the store refuses
/// it, from its size alone, before reading a byte of it. 1 GiB is far more than a feed needs
/// (about two million images of a 100-byte URL and 300 bytes of text) and what an app can afford
/// to read whole: the JSON file store decodes the whole file in memory, and SQLite's quick check
/// reads every page of a file when the SQLite store opens it.
package enum StoreFileSize {
  /// The largest cache, in bytes, that a store writes or reads: 1 GiB.
  package static let limit = 1 << 30

  /// Why a store did not read a file of `bytes` at its path, as a sentence about the file goes
  /// on: "is 3221225472 bytes, more than the 1073741824 bytes a cache of the store can be, so
  /// it was not read".
  ///
  /// - Parameters:
  ///   - bytes: The file's size.
  ///   - limit: The largest cache of the store, ``limit`` unless a test sets another.
  /// - Returns: The sentence's predicate, to follow "the file".
  package static func refusal(ofFileHolding bytes: Int, limit: Int) -> String {
    "is \(bytes) bytes, more than \(largest(limit)), so it was not read"
  }

  /// Why a store refused to insert a feed whose cache would hold `bytes`, as a sentence: "the
  /// feed's cache would be 1073745920 bytes, more than the 1073741824 bytes a cache of the
  /// store can be".
  ///
  /// - Parameters:
  ///   - bytes: The cache's size.
  ///   - limit: The largest cache of the store.
  /// - Returns: The sentence.
  package static func refusal(ofCacheHolding bytes: Int, limit: Int) -> String {
    "the feed's cache would be \(bytes) bytes, more than \(largest(limit))"
  }

  private static func largest(_ limit: Int) -> String {
    "the \(limit) bytes a cache of the store can be"
  }
}
