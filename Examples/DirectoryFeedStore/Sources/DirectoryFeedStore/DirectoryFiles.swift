import Foundation

/// Every access ``DirectoryFeedStore`` makes to the files in its directory, so that a test can
/// make one of them fail, or stop persisting from any point on, as a crash would.
///
/// ``LocalDirectoryFiles`` is the real one. A store reads and changes its directory only through
/// it; it locks the directory itself.
public protocol DirectoryFiles: Sendable {
  /// The files as a new store reaches them; each store gets its own.
  init()

  /// The content of the file at `url`.
  ///
  /// - Throws: An error when there is no file there, or it cannot be read.
  func contents(of url: URL) throws -> Data

  /// The names of the entries of the directory at `url`.
  ///
  /// - Throws: An error when there is no directory there, or it cannot be listed.
  func names(in url: URL) throws -> [String]

  /// What is at `url`, without following a link: `nil` when nothing is.
  func kind(at url: URL) -> FileKind?

  /// Makes a directory at `url`, whose parent exists.
  ///
  /// - Throws: An error when something is there already, or the directory cannot be made.
  func makeDirectory(at url: URL) throws

  /// Makes a new file at `url` holding `data`.
  ///
  /// - Throws: An error when something is there already, or the file cannot be written.
  func makeFile(at url: URL, holding data: Data) throws

  /// Renames `source` to `destination` in one step, replacing a file there: a reader meets the
  /// old file or the new one, never neither.
  ///
  /// - Throws: An error when the rename fails.
  func move(_ source: URL, to destination: URL) throws

  /// Removes the file or directory at `url`, with what is in it.
  ///
  /// - Throws: An error when it cannot be removed.
  func remove(_ url: URL) throws
}

/// What an entry of a directory is.
public enum FileKind: Sendable, Equatable {
  case file
  case directory
  /// A symbolic link, or anything else that is neither a file nor a directory.
  case other
}
