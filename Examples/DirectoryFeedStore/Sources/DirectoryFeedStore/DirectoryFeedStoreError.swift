import Foundation

/// A file of a ``DirectoryFeedStore`` that the store cannot read or must not overwrite.
public struct DirectoryFeedStoreError: Error, CustomStringConvertible {
  /// The file or directory at fault.
  public let url: URL
  /// What is wrong with it.
  public let problem: String

  public var description: String { "\(url.path(percentEncoded: false)) \(problem)" }
}
