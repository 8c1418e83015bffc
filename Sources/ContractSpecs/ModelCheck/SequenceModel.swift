/// A contract's model for ``ModelCheck``: how to make random sequences of steps, run them
/// against real implementations beside the model, reduce them and print them as code.
///
/// The model is the contract in executable form: for each step, what the implementation must do
/// given the steps before it. Write it from the contract's documentation, rule by rule, never
/// from an implementation, and keep it small enough to read: a failure's printed steps say what
/// the model expected of each.
public protocol SequenceModel: Sendable {
  /// One operation of a sequence, such as "insert data 3 for URL 1".
  associatedtype Step: Hashable & Sendable

  /// The contract's name, as a failure says it after "break the": `ImageDataCache`.
  var contractName: String { get }
  /// What the model calls one instance of the implementation, as a failure says it: `cache`.
  var instanceName: String { get }
  /// A line printed after a failure's steps, such as where the functions the steps call are
  /// defined, or `nil`.
  var codeNote: String? { get }

  /// Random sequence `number` (from 1), drawn from `random`.
  ///
  /// - Parameters:
  ///   - number: Which sequence of the seed this is, for a model that varies its sequences by
  ///     number (every fifth injects a fault, say).
  ///   - random: The sequence's own generator.
  /// - Returns: The steps, in order.
  func steps(ofSequence number: Int, using random: inout SeededRandomNumberGenerator) -> [Step]

  /// Runs `steps` in order against real implementations and the model side by side, stopping at
  /// the first step that breaks the contract.
  ///
  /// The checker calls it for each random sequence in turn with `onNewInstances` false, so a
  /// model may reuse what earlier sequences set up (a file cache's directory, emptied), and
  /// with `onNewInstances` true when it replays a failure to reduce it.
  ///
  /// - Parameters:
  ///   - steps: The sequence.
  ///   - onNewInstances: Whether the run must start from new instances.
  /// - Returns: Where the steps broke the contract, or `nil`.
  /// - Throws: An error when an instance cannot be made; the spec then fails with it.
  mutating func run(_ steps: [Step], onNewInstances: Bool) async throws -> ModelFailure?

  /// Whether `steps` is a sequence the model could make, such as every instance existing before
  /// a step uses it: the checker reduces a failure only to well-formed sequences. Every sequence
  /// is, by default.
  func isWellFormed(_ steps: [Step]) -> Bool

  /// Sequences simpler than `steps` to try in place of it once removing steps no longer helps,
  /// such as each step with a smaller value, in order of preference.
  func simplifications(of steps: [Step]) -> [[Step]]

  /// Whether a reduction `candidate` of `original` that fails at `failure` still shows the
  /// original's problem; a model that injects faults requires the fault to stay, with the
  /// failure at or after it. True for every candidate by default.
  func keepsTheProblem(of original: [Step], in candidate: [Step], failure: ModelFailure) -> Bool

  /// The form of `steps` a failure shows, once reduced, such as values numbered from 1.
  func normalized(_ steps: [Step]) -> [Step]

  /// `steps` as lines of Swift a reader can paste into a test, each commented with what the
  /// model expects of it, the failing one with ``ModelFailure/message``.
  func code(of steps: [Step], failure: ModelFailure) -> String
}

extension SequenceModel {
  public var codeNote: String? { nil }

  public func isWellFormed(_ steps: [Step]) -> Bool { true }

  public func simplifications(of steps: [Step]) -> [[Step]] { [] }

  public func keepsTheProblem(of original: [Step], in candidate: [Step], failure: ModelFailure)
    -> Bool
  {
    true
  }

  public func normalized(_ steps: [Step]) -> [Step] { steps }
}

/// Where a sequence broke the contract: the step and what it did instead.
public struct ModelFailure: Equatable, Sendable {
  /// The index of the failing step.
  public let step: Int
  /// What the step did, as the printed step's comment says it: `expected nil, but it delivered
  /// 3 images`.
  public let message: String
  /// Why the failure may depend on more than the steps, as a failure that cannot be reduced says
  /// it, such as "they had run on storage that earlier sequences used"; `nil` when the steps
  /// ran on new instances.
  public let circumstances: String?

  /// Creates a failure at `step`.
  ///
  /// - Parameters:
  ///   - step: The index of the failing step.
  ///   - message: What it did instead of what the model expected.
  ///   - circumstances: What besides the steps the run depended on, if anything.
  public init(step: Int, message: String, circumstances: String? = nil) {
    self.step = step
    self.message = message
    self.circumstances = circumstances
  }
}
