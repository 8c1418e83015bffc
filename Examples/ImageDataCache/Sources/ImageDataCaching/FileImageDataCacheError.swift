import Foundation

/// Why a ``FileImageDataCache`` could not insert, retrieve or remove a URL's data: the URL, the
/// file or directory that failed, and what the system said.
///
/// Its description is one line, such as `Could not insert the data of
/// "https://example.com/cat.png": /tmp/images: Not a directory (errno 20)`.
public struct FileImageDataCacheError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What the cache was asked to do.
  public enum Operation: String, Sendable {
    case insert
    case retrieve
    case remove
  }

  /// What was wrong with the file or directory.
  public enum Reason: Equatable, Sendable {
    /// A system call failed with this `errno`.
    case system(code: Int32)
    /// A symbolic link stands where the cache keeps its directory or a file: the cache never
    /// follows a link it did not make.
    case symbolicLink
    /// Something other than a regular file stands where a URL's file belongs.
    case notARegularFile
    /// The cache's directory is not a `file:` URL.
    case notAFileURL
  }

  /// What the cache was asked to do.
  public let operation: Operation
  /// The URL whose data it was.
  public let url: URL
  /// The file or directory that failed, as a path.
  public let path: String
  /// What was wrong with it.
  public let reason: Reason

  /// Describes a failure.
  ///
  /// - Parameters:
  ///   - operation: What the cache was asked to do.
  ///   - url: The URL whose data it was.
  ///   - path: The file or directory that failed.
  ///   - reason: What was wrong with it.
  public init(operation: Operation, url: URL, path: String, reason: Reason) {
    self.operation = operation
    self.url = url
    self.path = path
    self.reason = reason
  }

  public var description: String {
    "Could not \(operation.rawValue) the data of \"\(url.absoluteString)\": \(path): \(explanation)"
  }

  private var explanation: String {
    switch reason {
    case .system(let code): "\(String(cString: strerror(code))) (errno \(code))"
    case .symbolicLink: "a symbolic link, which the cache never follows"
    case .notARegularFile: "not a regular file"
    case .notAFileURL: "not a file URL"
    }
  }
}
