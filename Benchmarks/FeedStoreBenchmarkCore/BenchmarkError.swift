/// A failure while benchmarking: a store that threw or returned the wrong feed, a file that could
/// not be written, a child process that failed.
package struct BenchmarkError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What went wrong, as a sentence for the user.
  package let description: String

  package init(_ description: String) {
    self.description = description
  }
}

/// Arguments the benchmark cannot use; it prints the message and a usage line, and exits with 2.
struct ArgumentError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What is wrong, as a sentence for the user.
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
