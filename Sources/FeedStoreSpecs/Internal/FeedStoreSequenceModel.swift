import ContractSpecs
import FeedCache

/// The `FeedStore` contract's model for the engine's ``ModelCheck``: random sequences of insert,
/// delete, retrieve, reopen and injected faults over a factory's stores, run beside
/// ``FeedStoreModel``.
struct FeedStoreSequenceModel: SequenceModel {
  /// The longest sequence a seed makes.
  static let maxSteps = 30

  let factory: any FeedStoreFactory
  private let persistent: Bool
  private let faults: [OperationFault]
  /// Store 1 of the last sequence without a fault, whose storage the next such sequence reuses.
  private var previous: (any FeedStore)?

  init(factory: any FeedStoreFactory) {
    self.factory = factory
    persistent = FeedStoreCatalog.persistent.isProvided(by: type(of: factory))
    faults = OperationFault.available(to: factory)
  }

  var contractName: String { "FeedStore" }
  var instanceName: String { "store" }
  var codeNote: String? { "(numberedFeed and numberedTimestamp are FeedStoreFixtures' methods.)" }

  /// The fault sequence `number` injects: every fifth sequence of a failable factory breaks
  /// one operation, taking the factory's faults in turn.
  func fault(ofSequence number: Int) -> FeedOperation? {
    guard !faults.isEmpty, number.isMultiple(of: 5) else { return nil }
    return faults[(number / 5) % faults.count].operation
  }

  /// 1 to ``maxSteps`` random steps on the factory's capabilities, ending with a retrieve.
  ///
  /// With a fault, the sequence has at least ten steps and breaks that operation of a random
  /// store in its first half (retrieval only while a cache is held, as the capability asks);
  /// after it only that store works, with the broken operation and retrieve, so the model
  /// knows every outcome exactly.
  func steps(ofSequence number: Int, using random: inout SeededRandomNumberGenerator)
    -> [ModelStep]
  {
    let fault = fault(ofSequence: number)
    let length = max(fault == nil ? 1 : 10, 1 + random.index(below: Self.maxSteps))
    let faultAt = fault == nil ? nil : random.index(below: length / 2)
    var steps: [ModelStep] = []
    var stores = 1
    var feeds = 0
    var broken: (fault: FeedOperation, store: Int)?
    func insert(into store: Int) -> ModelStep {
      feeds += 1
      let count =
        switch random.index(below: 10) {
        case 0: 0
        case 7, 8, 9: 4 + random.index(below: 37)
        default: 1 + random.index(below: 3)
        }
      return .insert(store: store, feed: feeds, count: count, timestamp: random.index(below: 4))
    }
    for index in 0..<length {
      if index == faultAt {
        let (fault, store) = (fault ?? .retrieve, 1 + random.index(below: stores))
        if fault == .retrieve, Self.model(after: steps).cache == nil {
          steps.append(insert(into: store))
        }
        steps.append(.breakOperation(fault, store: store))
        broken = (fault, store)
      } else if let (fault, store) = broken {
        let usesFault = fault != .retrieve && random.chance(1, in: 2)
        steps.append(
          !usesFault
            ? .retrieve(store: store)
            : fault == .insert ? insert(into: store) : .delete(store: store))
      } else {
        let store = 1 + random.index(below: stores)
        switch random.index(below: 20) {
        case 0..<8:
          steps.append(insert(into: store))
        case 8..<15:
          steps.append(.retrieve(store: store))
        case 15..<18:
          steps.append(.delete(store: store))
        default:
          guard persistent, stores < 4 else {
            steps.append(.retrieve(store: store))
            continue
          }
          steps.append(.reopen(store: store))
          stores += 1
        }
      }
    }
    if case .retrieve = steps.last {
    } else {
      steps.append(.retrieve(store: broken?.store ?? 1 + random.index(below: stores)))
    }
    return steps
  }

  /// Runs `steps` against stores and the model side by side.
  ///
  /// Sequences without faults run over one storage, as an app's launches do: each on a new
  /// store opened over the storage of the last (the same store when the factory is not
  /// persistent), first emptied with `deleteCachedFeed()`. That keeps a durable store's cost of
  /// creating storage out of all but the first. A sequence with a fault breaks its storage, so it
  /// gets a new store of its own, as does every replay of a failure.
  mutating func run(_ steps: [ModelStep], onNewInstances: Bool) async throws -> ModelFailure? {
    let sharesStorage = !onNewInstances && Self.faultIndex(of: steps) == nil
    let store: any FeedStore
    let reusesStorage: Bool
    if sharesStorage, let previous {
      store = try await storeOpened(over: previous)
      try await store.deleteCachedFeed("deleteCachedFeed() emptying the store for a new sequence")
      reusesStorage = true
    } else {
      store = try await factory.makeEmptyStore()
      reusesStorage = false
    }
    if sharesStorage {
      previous = store
    }
    var run = ModelRun(steps, factory: factory, store: store)
    guard let failure = await run.run() else { return nil }
    return ModelFailure(
      step: failure.step, message: failure.message,
      circumstances: reusesStorage
        ? "they had run on storage that earlier sequences used, emptied with deleteCachedFeed()"
        : nil)
  }

  /// A new store opened over the storage of `previous`, or `previous` itself when the factory
  /// is not persistent.
  private func storeOpened(over previous: any FeedStore) async throws -> any FeedStore {
    guard let factory = factory as? any PersistentFeedStoreFactory else { return previous }
    return try await factory.reopen(previous)
  }

  /// Whether `steps` is a sequence ``steps(ofSequence:using:)`` could make: every store exists
  /// when used, at most one fault, retrieval broken only while a cache is held, and after the
  /// fault only the broken store, with its broken operation or retrieve.
  func isWellFormed(_ steps: [ModelStep]) -> Bool {
    var stores = 1
    var broken: (fault: FeedOperation, store: Int)?
    for (index, step) in steps.enumerated() {
      guard (1...stores).contains(step.store) else { return false }
      if let broken {
        switch step {
        case .retrieve(let store): guard store == broken.store else { return false }
        case .insert(let store, _, _, _): guard broken == (.insert, store) else { return false }
        case .delete(let store): guard broken == (.delete, store) else { return false }
        case .reopen, .breakOperation: return false
        }
      } else if case .breakOperation(let fault, let store) = step {
        guard fault != .retrieve || Self.model(after: Array(steps[..<index])).cache != nil else {
          return false
        }
        broken = (fault, store)
      } else if case .reopen = step {
        stores += 1
      }
    }
    return true
  }

  /// Each insert with fewer images or timestamp 0, then every step on store 1 when the sequence
  /// opens others.
  func simplifications(of steps: [ModelStep]) -> [[ModelStep]] {
    var candidates: [[ModelStep]] = []
    for index in steps.indices {
      guard case .insert(let store, let feed, let count, let timestamp) = steps[index] else {
        continue
      }
      let simpler =
        Set([0, 1, count / 2]).filter { $0 < count }.sorted().map { ($0, timestamp) }
        + (timestamp > 0 ? [(count, 0)] : [])
      for (fewer, earlier) in simpler {
        var candidate = steps
        candidate[index] = .insert(store: store, feed: feed, count: fewer, timestamp: earlier)
        candidates.append(candidate)
      }
    }
    if steps.contains(where: { if case .reopen = $0 { true } else { false } }) {
      candidates.append(Self.onOneStore(steps))
    }
    return candidates
  }

  /// A sequence with a fault keeps it, and must fail at or after it.
  func keepsTheProblem(
    of original: [ModelStep], in candidate: [ModelStep], failure: ModelFailure
  ) -> Bool {
    guard Self.faultIndex(of: original) != nil else { return true }
    guard let faultIndex = Self.faultIndex(of: candidate) else { return false }
    return failure.step >= faultIndex
  }

  /// The steps with their feeds numbered from 1 in the order they are inserted.
  func normalized(_ steps: [ModelStep]) -> [ModelStep] {
    var number = 0
    return steps.map { step in
      guard case .insert(let store, _, let count, let timestamp) = step else { return step }
      number += 1
      return .insert(store: store, feed: number, count: count, timestamp: timestamp)
    }
  }

  /// The sequence as Swift, one step a line, each commented with what the model expects of it;
  /// the failing step says what it did instead.
  func code(of steps: [ModelStep], failure: ModelFailure) -> String {
    var model = FeedStoreModel()
    var stores = 1
    var lines = ["  let store1 = try await factory.makeStore()"]
    for (index, step) in steps.enumerated() {
      let expectation = model.expectation(for: step)
      if case .reopen = step { stores += 1 }
      var line = "  " + step.code(opening: stores)
      if index == failure.step {
        line += "  // ✗ \(failure.message)"
      } else if case .retrieve = step {
        line += "  // \(expectation.summary)"
      } else if expectation != .succeeds {
        line += "  // \(expectation.summary)"
      }
      lines.append(line)
      model.apply(step, succeeded: expectation == .succeeds)
    }
    return lines.joined(separator: "\n")
  }

  /// The index of the step that breaks an operation, if the sequence has one.
  static func faultIndex(of steps: [ModelStep]) -> Int? {
    steps.firstIndex {
      if case .breakOperation = $0 { true } else { false }
    }
  }

  /// The model once `steps` have all done what it expects of them.
  static func model(after steps: [ModelStep]) -> FeedStoreModel {
    steps.reduce(into: FeedStoreModel()) { model, step in
      model.apply(step, succeeded: model.expectation(for: step) == .succeeds)
    }
  }

  /// The steps all on store 1, without opening others: what a failure looks like when it does
  /// not need a second instance.
  static func onOneStore(_ steps: [ModelStep]) -> [ModelStep] {
    steps.compactMap { step in
      switch step {
      case .reopen: nil
      case .insert(_, let feed, let count, let timestamp):
        .insert(store: 1, feed: feed, count: count, timestamp: timestamp)
      case .delete: .delete(store: 1)
      case .retrieve: .retrieve(store: 1)
      case .breakOperation(let fault, _): .breakOperation(fault, store: 1)
      }
    }
  }
}
