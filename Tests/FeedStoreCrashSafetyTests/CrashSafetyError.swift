/// A kill test that could not run as planned: the child would not start, finish or get ready, or
/// the configuration is malformed.
struct CrashSafetyError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
