import Foundation

/// What the engine says about the failures it keeps between runs: why it skipped a kept file,
/// why it could not keep one, and where a replayed failure came from.
extension FailureMessage {
  /// A kept file the engine did not replay, and where it moved it.
  static func keptFileRejected(_ file: URL, _ reason: String, movedTo aside: URL?) -> String {
    "ContractSpecs did not replay the failures kept in \(file.path(percentEncoded: false)): "
      + "\(reason); "
      + (aside.map { "it moved the file to \($0.path(percentEncoded: false)) and" } ?? "it")
      + " ran the spec as if nothing were kept"
  }

  /// A directory failures cannot be kept in, said once per run.
  static func failureDirectoryUnusable(_ directory: URL, _ problem: String, variable: String)
    -> String
  {
    "ContractSpecs keeps no failures in \(directory.path(percentEncoded: false)) in this run: "
      + "\(problem); make it a directory of your own that only you may write, or name another "
      + "with .failureDirectory or \(variable)"
  }

  /// A failure that could not be written, said once per run.
  static func failureNotKept(in file: URL, _ problem: String) -> String {
    "ContractSpecs could not keep this failure for the next run in "
      + "\(file.path(percentEncoded: false)): \(problem)"
  }

  /// The line after a failure replayed from a kept file: where it came from and how to forget it.
  static func keptIn(_ file: URL) -> String {
    "\nKept in \(file.path(percentEncoded: false)); delete that file to forget it."
  }

  static var keptFileNotRegular: String { "it is not a regular file" }
  static var keptFileNotJSON: String { "it is not a file of kept failures" }
  static var keptFileChangedWhileRead: String { "it changed while it was read" }
  static var keptFileUnreplayable: String {
    "it holds values no check draws, as a file edited or written by another version may"
  }
  static var isALink: String { "it is a symbolic link" }
  static var notADirectory: String { "it is not a directory" }

  static func keptFileFormat(_ format: Int, _ expected: Int) -> String {
    "it is in format \(format), and this version of ContractSpecs reads format \(expected)"
  }

  static func keptFileTooLarge(_ size: Int) -> String {
    "it has \(size) bytes, more than the \(FailureStore.maxFileSize) a kept file may have"
  }

  static func ownedBy(_ owner: uid_t) -> String {
    "it belongs to user \(owner), not to you (user \(geteuid()))"
  }

  static func writableByOthers(_ mode: mode_t) -> String {
    "others may write it (mode \(String(mode & 0o7777, radix: 8)))"
  }
}
