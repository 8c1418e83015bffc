/// A failure while benchmarking: a store that threw or returned the wrong feed, a file that could
/// not be written, a child process that failed.
package struct BenchmarkError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, as a sentence for the user.
  package let description: String

  /// Creates an error with a message for the user.
  package init(_ description: String) {
    self.description = description
  }
}
