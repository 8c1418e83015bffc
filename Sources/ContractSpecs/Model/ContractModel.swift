/// A contract in executable form, written once, from which the engine checks sequences and
/// concurrent use.
///
/// A model says what the state is, what the operations are, what each must do from a state, and
/// how to run one on an implementation. From it the engine checks random sequences (``checkSequences(count:maxLength:)``) and concurrent use
/// (``checkLinearizability(tasks:operationsPerTask:rounds:)``), shrinks what fails and prints it
/// as Swift.
///
/// Write the model from the contract's documentation, rule by rule, never from an
/// implementation; keep the state small and `Hashable` (numbers naming values, not the values),
/// since the concurrency check explores orders of calls from it:
///
/// ```swift
/// struct CounterModel: ContractModel {
///   enum Operation: Hashable, Sendable { case add(Int), value }
///   let factory: any CounterFactory
///
///   var contractName: String { "Counter" }
///   var initialState: Int { 0 }
///
///   func makeInstance() async throws -> any Counter { try await factory.makeCounter() }
///
///   func operation(on instance: Int, in total: Int, using draw: inout ModelDraw) -> Operation {
///     draw.chance(1, in: 2) ? .value : .add(1 + draw.index(below: 5))
///   }
///
///   func perform(_ operation: Operation, on counter: any Counter) async throws -> Int? {
///     switch operation {
///     case .add(let amount): try await counter.add(amount); return nil
///     case .value: return try await counter.value()
///     }
///   }
///
///   func expectation(of operation: Operation, on instance: Int, in total: Int)
///     -> ModelExpectation<Int?, Int>
///   {
///     switch operation {
///     case .add(let amount): .returns(nil, then: total + amount)
///     case .value: .returns(total, then: total)
///     }
///   }
/// }
/// ```
///
/// Operations run on instances, numbered from 1: every sequence and every round of concurrent
/// calls starts with one ``makeInstance()``; a model whose implementations keep their state beyond
/// one instance, such as files, sets ``opensInstancesSharingStorage`` and the engine also opens
/// more instances over the same storage, and reopens them, as an app relaunched does.
public protocol ContractModel: Sendable {
  /// What the contract says the storage holds, shared by every instance over it, with anything
  /// the model keeps per instance (a fault injected into instance 2, say) keyed by its number.
  associatedtype State: Hashable & Sendable
  /// One operation with its inputs, such as "insert data 3 for URL 1".
  associatedtype Operation: Hashable & Sendable
  /// What an operation delivers, in the model's terms, compared with what the model expects.
  associatedtype Output: Sendable
  /// An implementation of the contract, such as `any ImageDataCache`.
  associatedtype Instance: Sendable

  /// The contract's name, as a failure says it after "break the": `ImageDataCache`.
  var contractName: String { get }
  /// What an instance is called in a failure: `cache`; `instance` by default.
  var instanceName: String { get }
  /// The state of new storage.
  var initialState: State { get }

  /// Makes an instance over new, empty storage that shares nothing with any other.
  ///
  /// - Throws: An error when the instance cannot be made; the spec then fails with it.
  func makeInstance() async throws -> Instance

  /// Whether ``openInstance(sharingStorageWith:)`` opens another instance over the storage of
  /// one; `false` by default, for implementations that keep nothing beyond one instance.
  var opensInstancesSharingStorage: Bool { get }

  /// Whether random sequence `sequence` (from 1) runs on new storage of its own rather than
  /// continuing on the storage the sequences before it left: `true` for a sequence that breaks
  /// its storage, such as one that injects a fault. `false` by default: when the model opens
  /// instances over shared storage, each sequence continues where the last left off, through a
  /// reopened instance, as an app's launches do.
  func runsOnStorageOfItsOwn(sequence: Int) -> Bool

  /// Whether the engine may open another instance, or reopen one, in `state`: `false` where what
  /// the model keeps per instance would not hold for a new one, such as after a fault that breaks
  /// the storage itself. Always, by default.
  func allowsOpening(in state: State) -> Bool

  /// Opens another instance over the storage of `instance`.
  ///
  /// - Parameter instance: A live instance.
  /// - Returns: A new instance that reads and writes what `instance` reads and writes.
  /// - Throws: An error when it cannot be opened; the spec then fails with it.
  func openInstance(sharingStorageWith instance: Instance) async throws -> Instance

  /// A random operation for instance `instance` in `state`, its inputs drawn from `draw`.
  ///
  /// - Parameters:
  ///   - instance: The number of the instance that will run it, from 1.
  ///   - state: The state the operation starts from; in the concurrency check, the state of
  ///     new storage.
  ///   - draw: Where every random choice comes from.
  /// - Returns: The operation.
  func operation(on instance: Int, in state: State, using draw: inout ModelDraw) -> Operation

  /// Whether `operation` may run on instance `instance` in `state`: the contract's
  /// precondition, such as "a fault is injected only while a cache is held". An operation that
  /// may not run is never run, in a random sequence, a shrunk one or a concurrent history's
  /// order; every operation may, by default.
  func isAllowed(_ operation: Operation, on instance: Int, in state: State) -> Bool

  /// Runs `operation` on `instance` and delivers what it delivered.
  ///
  /// The engine bounds it by the spec's time limit; an error it throws is the operation's
  /// outcome, which ``expectation(of:on:in:)`` says whether the contract allows.
  func perform(_ operation: Operation, on instance: Instance) async throws -> Output

  /// What the contract says `operation` on instance `instance` must deliver in `state`, and the
  /// state after it.
  func expectation(of operation: Operation, on instance: Int, in state: State)
    -> ModelExpectation<Output, State>

  /// How `actual` differs from `expected`, in a line, or `nil` when they are the same: by default
  /// the engine's exact comparison (``Exact/difference(between:and:)``), which compares text by
  /// Unicode scalars and numbers by their bits.
  func difference(between expected: Output, and actual: Output) -> String?

  /// What the difference between `expected` and `actual` likely says about the implementation,
  /// in words about it (`the timestamp loses its sub-second part`), for the run's headline of
  /// that cause (``SpecRun/recordFailure(_:likelyCause:)``); `nil` by default.
  func likelyCause(between expected: Output, and actual: Output) -> String?

  /// The state once instance `instance` has been opened, or reopened over the same storage: what
  /// the model keeps per instance starts again. The state as it is, by default.
  func opened(_ instance: Int, in state: State) -> State
}

extension ContractModel {
  public var instanceName: String { "instance" }

  public var opensInstancesSharingStorage: Bool { false }

  public func allowsOpening(in state: State) -> Bool { true }

  public func runsOnStorageOfItsOwn(sequence: Int) -> Bool { false }

  public func openInstance(sharingStorageWith instance: Instance) async throws -> Instance {
    throw CannotOpenInstances(contractName: contractName)
  }

  public func isAllowed(_ operation: Operation, on instance: Int, in state: State) -> Bool {
    true
  }

  public func difference(between expected: Output, and actual: Output) -> String? {
    Exact.difference(between: expected, and: actual)
  }

  public func likelyCause(between expected: Output, and actual: Output) -> String? { nil }

  public func opened(_ instance: Int, in state: State) -> State { state }
}

/// Thrown when a model that does not open instances over shared storage is asked to.
struct CannotOpenInstances: Error, CustomStringConvertible {
  let contractName: String

  var description: String {
    "the \(contractName) model does not open instances over shared storage"
  }
}

/// What an operation must do from a state, by a ``ContractModel``: deliver an output, throw, or
/// either, and the state after each outcome it may have.
public struct ModelExpectation<Output: Sendable, State: Sendable>: Sendable {
  /// The output the operation must deliver, if it may deliver one, and the state after it.
  let returning: (output: Output, next: State)?
  /// The state after the operation throws, if it may throw.
  let throwing: State?

  /// The operation delivers `output`, and the state is `next` after it.
  public static func returns(_ output: Output, then next: State) -> Self {
    Self(returning: (output, next), throwing: nil)
  }

  /// The operation throws, and the state is `next` after it: usually the state as it was.
  public static func `throws`(then next: State) -> Self {
    Self(returning: nil, throwing: next)
  }

  /// The operation either delivers `output`, after which the state is `nextIfReturned`, or
  /// throws, after which it is `nextIfThrew`: a contract that leaves the choice to the
  /// implementation, such as deleting nothing on storage that refuses changes.
  public static func returnsOrThrows(
    _ output: Output, then nextIfReturned: State, orThrowsThen nextIfThrew: State
  ) -> Self {
    Self(returning: (output, nextIfReturned), throwing: nextIfThrew)
  }
}

/// One step of a sequence over a ``ContractModel``'s instances, as a failure prints it and
/// ``ContractModel/replay(_:sourceLocation:)`` runs it.
public enum ModelStep<Operation: Hashable & Sendable>: Hashable, Sendable {
  /// Runs `operation` on instance `instance`, from 1.
  case perform(Operation, on: Int)
  /// Opens another instance over the storage of instance `instance`; it takes the next number.
  case open(sharingStorageWith: Int)
  /// Opens a new instance over the storage of instance `instance` and lets the old one go, so it
  /// takes its number: as an app relaunched does.
  case reopen(Int)
}
