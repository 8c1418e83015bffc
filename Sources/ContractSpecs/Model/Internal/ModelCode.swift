/// A model's steps as Swift: what a failure prints, so it can be pasted into a test as a call of
/// ``ContractModel/replay(_:sourceLocation:)``.
enum ModelCode {
  /// `operation` as a Swift expression of the model's `Operation` type: `.insert(feed: 1)` for a
  /// case of an enumeration, its description otherwise.
  static func expression<Operation>(_ operation: Operation) -> String {
    let text = String(describing: operation)
    return Mirror(reflecting: operation).displayStyle == .enum ? ".\(text)" : text
  }

  /// `value` as a failure quotes it: an optional as what it holds, or `nil`.
  static func describe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return String(describing: value) }
    return mirror.children.first.map { describe($0.value) } ?? "nil"
  }

  /// The call of `operation` on instance `number`, as an operation's name in a failure:
  /// `store 1: .insert(feed: 1)`.
  static func call<Model: ContractModel>(
    _ operation: Model.Operation, on number: Int, of model: Model
  ) -> String {
    "\(model.instanceName) \(number): \(expression(operation))"
  }

  /// `step` as an element of the array ``ContractModel/replay(_:sourceLocation:)`` takes.
  static func element<Operation>(_ step: ModelStep<Operation>) -> String {
    switch step {
    case .perform(let operation, let number): ".perform(\(expression(operation)), on: \(number))"
    case .open(let number): ".open(sharingStorageWith: \(number))"
    case .reopen(let number): ".reopen(\(number))"
    }
  }

  /// `steps` as a call of `replay`, one step a line, the one at `failing` commented with what it
  /// did instead of what the model expected.
  static func replay<Operation>(
    _ steps: [ModelStep<Operation>], failing: Int, because message: String
  ) -> String {
    let lines = steps.enumerated().map { index, step in
      "    \(element(step)),"
        + (index == failing ? "  // ✗ \(message.replacingNewlines())" : "")
    }
    return (["  try await model.replay(["] + lines + ["  ])"]).joined(separator: "\n")
  }
}

extension String {
  /// The text on one line, for a comment.
  fileprivate func replacingNewlines() -> String {
    split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
