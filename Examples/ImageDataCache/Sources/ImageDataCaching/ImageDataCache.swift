import Foundation

/// Keeps the bytes of images by the URL they were loaded from, so an app loads each image once.
///
/// Every implementation keeps these rules, which `ImageDataCacheSpecs` checks:
///
/// - **Exact bytes.** ``retrieve(dataFor:)`` delivers exactly the bytes of the last insert for the
///   URL: the same count and the same bytes, at any size and of any value.
/// - **Empty data is data.** Inserting empty data stores it: retrieving delivers empty data, not
///   `nil`.
/// - **`nil` means absent.** Retrieving delivers `nil` for a URL that was never given data, or
///   whose data was removed since.
/// - **The latest insert wins.** An insert replaces whatever the URL held.
/// - **URLs are independent.** An insert or a remove for one URL changes nothing for another.
/// - **Removing is idempotent.** Removing the data of a URL that holds none succeeds and changes
///   nothing.
/// - **Nothing goes away by itself.** Data stays until its URL gets another insert or a remove:
///   there is no eviction in this contract.
/// - **One key per text.** Two URLs are the same key exactly when their `absoluteString`s are the
///   same UTF-8 bytes: case, a trailing slash, the query's order, a fragment and percent-encoding
///   all count. A relative URL's key is that of its absolute form.
/// - **Failures change nothing.** An insert or a remove that throws leaves every URL holding what it
///   held. A retrieve that cannot read the storage throws; it never delivers `nil` for a URL that
///   holds data.
/// - **Operations are atomic.** Used from many tasks at once, a retrieve delivers `nil` or the whole
///   bytes of one insert, never a mix, and never data an insert that completed before the retrieve
///   began had already replaced.
/// - **Instances over one storage agree.** Two instances over the same storage, such as two
///   processes over one directory, see each other's inserts and removes as their own.
public protocol ImageDataCache: Sendable {
  /// Stores `data` as the data of `url`, replacing what it held.
  ///
  /// - Parameters:
  ///   - data: The bytes to keep, exactly; empty data is kept as empty data.
  ///   - url: The URL the bytes were loaded from.
  /// - Throws: An error when the data cannot be stored; the cache is then unchanged.
  func insert(_ data: Data, for url: URL) async throws

  /// The bytes last inserted for `url`.
  ///
  /// - Parameter url: The URL to look up.
  /// - Returns: The bytes, exactly, or `nil` when the URL holds no data.
  /// - Throws: An error when the storage cannot be read, rather than `nil`.
  func retrieve(dataFor url: URL) async throws -> Data?

  /// Forgets the data of `url`, if it holds any.
  ///
  /// - Parameter url: The URL whose data to forget.
  /// - Throws: An error when the storage cannot be changed; the cache is then unchanged. Removing
  ///   a URL that holds no data is not an error.
  func remove(dataFor url: URL) async throws
}
