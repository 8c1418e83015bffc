import Foundation

/// Writes lines to standard error, which carries progress, warnings and errors so that standard
/// output holds only the report.
enum StandardError {
  /// Writes `message` and, unless told otherwise, a newline.
  static func write(_ message: String, terminator: String = "\n") {
    FileHandle.standardError.write(Data((message + terminator).utf8))
  }
}
