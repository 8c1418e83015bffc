/// Arguments the benchmark cannot use; it prints the message and a usage line, and exits with 2.
struct ArgumentError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What is wrong, as a sentence for the user.
  let description: String

  /// Creates an error with a message for the user.
  init(_ description: String) {
    self.description = description
  }
}
