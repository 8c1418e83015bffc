extension FailureMessage {
  /// The first line of a long-use check's failure.
  static func longUseFailed(
    _ contractName: String, instanceName: String, seed: UInt64, replay: String, operation: Int
  ) -> String {
    "The long-use check found that one \(instanceName) breaks the \(contractName) contract at "
      + "operation \(grouped(operation)). Seed \(seed) (replay with \(replay))"
  }

  /// Why a long-use failure was shrunk no further, before its last steps.
  static func longUseNeedsItsPrefix(from first: Int, steps: Int, instanceName: String) -> String {
    first == 1
      ? ", and it needs every operation before: no shorter use of a new \(instanceName) fails. "
        + "Its last steps:\n"
      : "; it fails on a new \(instanceName) from operation \(grouped(first)) on "
        + "(\(grouped(steps)) operations), and shrinking cannot drop those: the failure needs "
        + "them. Its last steps:\n"
  }

  /// `number` with its thousands grouped by commas: `10,000`.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { end in
      digits.dropFirst(max(0, end - 3)).prefix(end - max(0, end - 3))
    }
    return (number < 0 ? "-" : "") + groups.joined(separator: ",")
  }
}
