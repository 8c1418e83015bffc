import Foundation

/// The files the benchmark writes: `--output` and `--save`.
enum OutputFile {
  /// Checks, before anything is measured, that a file can be written at `path`: its directory
  /// exists and is writable, and the path is not a directory.
  ///
  /// - Throws: ``ArgumentError`` naming `option` when it cannot.
  static func checkWritable(_ path: String?, option: String) throws(ArgumentError) {
    guard let path else { return }
    let url = URL(filePath: path)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(
      atPath: url.path(percentEncoded: false), isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw ArgumentError("\(option): '\(path)' is a directory")
    }
    let directory = url.deletingLastPathComponent().path(percentEncoded: false)
    guard FileManager.default.isWritableFile(atPath: directory) else {
      throw ArgumentError(
        "\(option): cannot write to '\(path)': its directory is missing or read-only")
    }
  }

  /// Writes `data` to `path`, replacing the file atomically.
  ///
  /// - Throws: ``BenchmarkError`` when the file cannot be written.
  static func write(_ data: Data, to path: String) throws(BenchmarkError) {
    do {
      try data.write(to: URL(filePath: path), options: .atomic)
    } catch {
      throw BenchmarkError("cannot write '\(path)': \(error.localizedDescription)")
    }
  }
}
