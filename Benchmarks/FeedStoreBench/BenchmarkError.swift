/// A failure while benchmarking: a store that threw or returned the wrong feed, a file that could
/// not be written, a child process that failed.
struct BenchmarkError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, as a sentence for the user.
  let description: String

  /// Creates an error with a message for the user.
  init(_ description: String) {
    self.description = description
  }
}
