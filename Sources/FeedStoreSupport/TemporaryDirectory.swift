import Foundation

/// Runs `body` with a new, empty directory that is removed afterwards, even when `body` throws.
///
/// Each call gets its own directory under the system's temporary directory, so parallel test
/// cases never share files and nothing touches a real user directory. The spec library's
/// `.temporaryDirectory` trait, this repository's tests and the benchmark all make their
/// directories with it.
///
/// - Parameters:
///   - isolation: The actor `body` runs on; the caller's by default.
///   - body: The work that uses the directory.
/// - Returns: What `body` returns.
/// - Throws: An error when the directory cannot be created, or what `body` throws.
package func withTemporaryDirectory<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (URL) async throws -> Result
) async throws -> Result {
  let directory = FileManager.default.temporaryDirectory
    .appending(path: "feedstore-\(UUID().uuidString)", directoryHint: .isDirectory)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  // Removal is best effort: a leftover directory in the temporary directory is harmless, and
  // must not hide the outcome of `body`.
  defer { try? FileManager.default.removeItem(at: directory) }
  return try await body(directory)
}
