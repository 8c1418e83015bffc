import Testing

extension Trait where Self == ConditionTrait {
  /// Runs a test only when the run asks for real operating-system faults and the machine can
  /// make `fault`; otherwise the test shows as skipped, with the reason.
  ///
  /// - Parameter fault: The fault the test makes.
  /// - Returns: The condition, with ``OperatingSystemFault/skipReason`` as its comment.
  package static func requiring(_ fault: OperatingSystemFault) -> Self {
    .enabled(if: fault.skipReason == nil, Comment(rawValue: fault.skipReason ?? ""))
  }
}
