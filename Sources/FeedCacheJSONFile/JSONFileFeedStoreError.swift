import Foundation

/// Why a ``JSONFileFeedStore`` could not do what it was asked, at which file, and where in it.
///
/// Its ``description`` is a sentence for a log or a bug report: the operation, the file's path,
/// what is wrong (with the byte offset and the field when the file's bytes are at fault), and
/// what became of the file.
public struct JSONFileFeedStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The store operation that failed: making the store
  /// (``JSONFileFeedStore/init(storeURL:fileSystem:)``), or its retrieve, insert or delete.
  public enum Operation: Hashable, Sendable { case open, retrieve, insert, delete }

  /// What went wrong.
  ///
  /// The cases from ``emptyFile`` to ``invalidValue(offset:field:)`` mean the file is this
  /// store's but corrupt, ``fileTooLarge(bytes:limit:)`` that it is larger than any cache the
  /// store writes, and ``unreadable`` that it cannot be read at all: an insert replaces such a
  /// file and a delete removes it. ``unsupportedFormatVersion(_:)``, ``notAFile``,
  /// ``multipleLinks(count:)`` and ``anotherUsersFile(owner:)`` mean the path holds something
  /// this store must not overwrite, and ``foreignSideFile`` that such an item stands where the
  /// store keeps its lock file: insert and delete refuse it and leave it as it is.
  public enum Reason: Hashable, Sendable {
    /// The file is empty.
    case emptyFile
    /// The file ends at byte `offset`, before the cache does.
    case truncated(offset: Int)
    /// The file is not JSON from byte `offset` on: garbage, or text that is not UTF-8.
    case invalidJSON(offset: Int)
    /// The JSON is not shaped as a cache at byte `offset`: `field` is missing, unknown or
    /// repeated, or the file holds another kind of JSON value.
    case wrongShape(offset: Int, field: String)
    /// The value of `field` at byte `offset` is JSON of the wrong type.
    case wrongType(offset: Int, field: String)
    /// The value of `field` at byte `offset` has the right type but not a valid value: an id
    /// that is not a UUID, a URL that does not parse, a version below 1 and the like.
    case invalidValue(offset: Int, field: String)
    /// The file was written in a format version newer than this store reads.
    case unsupportedFormatVersion(Int)
    /// Something other than a regular file, such as a directory or a symbolic link, is where the
    /// store's file should be; ``detail`` says what. The store never follows, writes through or
    /// removes it.
    case notAFile
    /// The file has `count` names (hard links). The store never gives a file it makes a second
    /// name, so it neither reads, replaces nor removes such a file, and never shows its bytes.
    case multipleLinks(count: Int)
    /// The file belongs to `owner`, another user, who could have put it there: in a directory
    /// that others may write to, such as `/tmp`, anyone can plant a file at the store's path.
    /// The store neither reads, replaces nor removes it; ``detail`` says who can remove it.
    case anotherUsersFile(owner: UInt32)
    /// The file holds `bytes`, more than the `limit` of the largest cache the store writes
    /// (``JSONFileFeedStore/maximumFileSize``), so the store did not read it. An insert replaces
    /// it and a delete removes it.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The feed to insert makes a cache larger than the `limit` of the largest one the store
    /// writes (``JSONFileFeedStore/maximumFileSize``); nothing was written.
    case cacheTooLarge(limit: Int)
    /// The file exists but could not be read.
    case unreadable
    /// The new cache could not be written.
    case unwritable
    /// The cache could not be removed.
    case undeletable
    /// The timestamp to insert is NaN or infinite, which the file cannot hold.
    case nonFiniteTimestamp
    /// The URL of the image at `imageIndex` of the feed to insert would not read back as the
    /// same URL.
    case unrepresentableURL(imageIndex: Int)
    /// The store's URL is not a `file:` URL, so there is no file to keep the cache in.
    case notAFileURL
    /// Something the store did not make stands where it keeps its lock file or temporary file:
    /// a symbolic link, a directory, or a file another program created. The store never
    /// follows, writes through or removes it, so insert and delete refuse to run until it is
    /// gone; ``detail`` says what and where.
    case foreignSideFile
  }

  /// The operation that failed.
  public let operation: Operation
  /// What went wrong.
  public let reason: Reason
  /// The store file.
  public let storeURL: URL
  /// The details: the file system's error, or what exactly in the file or the values is wrong.
  public let detail: String

  init(_ operation: Operation, _ reason: Reason, at storeURL: URL, detail: String) {
    self.operation = operation
    self.reason = reason
    self.storeURL = storeURL
    self.detail = detail
  }

  init(_ operation: Operation, _ reason: Reason, at storeURL: URL, underlyingError: any Error) {
    self.init(operation, reason, at: storeURL, detail: String(describing: underlyingError))
  }

  init(_ operation: Operation, at storeURL: URL, formatError: FeedCacheFormatError) {
    let reason: Reason
    let detail: String
    switch formatError {
    case .empty:
      (reason, detail) = (.emptyFile, "the file holds no bytes")
    case .truncated(let offset, let text):
      (reason, detail) = (.truncated(offset: offset), text)
    case .invalidJSON(let offset, let text):
      (reason, detail) = (.invalidJSON(offset: offset), text)
    case .wrongShape(let offset, let field, let text):
      (reason, detail) = (.wrongShape(offset: offset, field: field), text)
    case .wrongType(let offset, let field, let text):
      (reason, detail) = (.wrongType(offset: offset, field: field), text)
    case .invalidValue(let offset, let field, let text):
      (reason, detail) = (.invalidValue(offset: offset, field: field), text)
    case .newerVersion(let version):
      (reason, detail) = (
        .unsupportedFormatVersion(version),
        "this store reads versions up to \(FeedCacheJSONReader.currentVersion)"
      )
    }
    self.init(operation, reason, at: storeURL, detail: detail)
  }

  init(_ operation: Operation, at storeURL: URL, refusal: FeedCacheJSONWriter.Refusal) {
    switch refusal {
    case .nonFiniteTimestamp(let seconds):
      self.init(
        operation, .nonFiniteTimestamp, at: storeURL,
        detail: "\(seconds) seconds since 2001-01-01")
    case .unrepresentableURL(let index, let absoluteString):
      self.init(
        operation, .unrepresentableURL(imageIndex: index), at: storeURL,
        detail: absoluteString.debugDescription)
    }
  }

  /// The error as one sentence: the operation, the file's path, what is wrong and where, and
  /// what became of the file.
  public var description: String {
    "\(headline): \(problem); \(outcome)."
  }

  private var headline: String {
    let path = storeURL.path(percentEncoded: false)
    switch operation {
    case .open: return "Cannot open a feed cache at \(storeURL.absoluteString)"
    case .retrieve: return "Cannot retrieve the feed cache at \(path)"
    case .insert: return "Cannot insert into the feed cache at \(path)"
    case .delete: return "Cannot delete the feed cache at \(path)"
    }
  }

  private var problem: String {
    switch reason {
    case .emptyFile:
      "the file is corrupt: it is empty"
    case .truncated(let offset):
      "the file is corrupt: it is truncated, ending at byte \(offset): \(detail)"
    case .invalidJSON(let offset):
      "the file is corrupt: it is not valid JSON at byte \(offset): \(detail)"
    case .wrongShape(let offset, let field):
      "the file is corrupt: it is not shaped as a feed cache at byte \(offset) (\(field)): \(detail)"
    case .wrongType(let offset, let field):
      "the file is corrupt: a value has the wrong type at byte \(offset) (\(field)): \(detail)"
    case .invalidValue(let offset, let field):
      "the file is corrupt: a value is invalid at byte \(offset) (\(field)): \(detail)"
    case .unsupportedFormatVersion(let version):
      "the file has format version \(version), newer than this store reads: \(detail)"
    case .notAFile:
      "\(detail) is where the store's file should be"
    case .multipleLinks, .anotherUsersFile, .fileTooLarge:
      "the file \(detail)"
    case .cacheTooLarge:
      detail
    case .unreadable:
      "the file cannot be read: \(detail)"
    case .unwritable:
      "the file cannot be written: \(detail)"
    case .undeletable:
      "the file cannot be removed: \(detail)"
    case .nonFiniteTimestamp:
      "the timestamp is not finite (\(detail)), which the file cannot hold"
    case .unrepresentableURL(let index):
      "the URL of image \(index), \(detail), would not read back as the same URL"
    case .notAFileURL:
      "it is not a file URL (\(detail)), and the store keeps its cache in a file"
    case .foreignSideFile:
      detail
    }
  }

  private var outcome: String {
    switch (operation, reason) {
    case (.open, _):
      "no store was made"
    case (.retrieve, .unsupportedFormatVersion), (.retrieve, .notAFile),
      (.retrieve, .multipleLinks), (.retrieve, .anotherUsersFile):
      "it is left untouched, and insert and delete refuse it too"
    case (.retrieve, _):
      "the file is left untouched; an insert replaces it and a delete removes it"
    case (.insert, .unsupportedFormatVersion), (.insert, .notAFile), (.insert, .multipleLinks),
      (.insert, .anotherUsersFile), (.delete, .unsupportedFormatVersion), (.delete, .notAFile),
      (.delete, .multipleLinks), (.delete, .anotherUsersFile):
      "this store does not overwrite it, so it is left untouched"
    case (.insert, _):
      "the previous cache is unchanged"
    case (.delete, _):
      "the cache is unchanged"
    }
  }
}
