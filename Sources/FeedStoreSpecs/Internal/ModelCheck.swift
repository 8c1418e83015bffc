import FeedCache
import Foundation
import Testing

/// The model-based spec's driver: makes random sequences from seeds, runs each against fresh
/// stores and ``FeedStoreModel`` side by side, shrinks the first that fails and reports it.
struct ModelCheck {
  /// How many sequences, how long, and from which seeds.
  struct Configuration: Equatable {
    /// The environment variable that replays one sequence's seed.
    static let seedVariable = "FEEDSTORE_SPEC_SEED"
    /// The environment variable that sets how many sequences run.
    static let sequencesVariable = "FEEDSTORE_SPEC_SEQUENCES"

    /// How many sequences a run has unless ``sequencesVariable`` says otherwise.
    static let defaultSequences = 50

    var sequences = defaultSequences
    var maxSteps = 30
    /// The run's seed, from which every sequence's seed follows.
    var seed: UInt64

    /// The configuration `environment` asks for: the default budget from a new random seed,
    /// unless it names a seed to replay or a number of sequences.
    ///
    /// - Throws: ``InvalidSetting`` when a variable is set to something other than a number.
    static func from(environment: [String: String]) throws -> Configuration {
      var configuration = Configuration(seed: .random(in: .min ... .max))
      if let value = environment[sequencesVariable] {
        guard let sequences = Int(value), sequences > 0 else {
          throw InvalidSetting(variable: sequencesVariable, value: value, wanted: "a count above 0")
        }
        configuration.sequences = sequences
      }
      if let value = environment[seedVariable] {
        guard let seed = UInt64(value) else {
          throw InvalidSetting(
            variable: seedVariable, value: value,
            wanted: "a seed that a failure reported, such as 42")
        }
        configuration.seed = seed
      }
      return configuration
    }

    /// The seed of every sequence to run, in order: a run with more sequences starts with the
    /// same ones.
    var sequenceSeeds: [UInt64] {
      var generator = SplitMix64(seed: seed)
      return (0..<sequences).map { _ in generator.next() }
    }

    /// The environment that replays this run exactly.
    var replayVariables: String {
      "\(Self.seedVariable)=\(seed)"
        + (sequences == Self.defaultSequences ? "" : " \(Self.sequencesVariable)=\(sequences)")
    }
  }

  /// Thrown when an environment variable of the spec is set to something it cannot use.
  struct InvalidSetting: Error, CustomStringConvertible {
    let variable: String
    let value: String
    let wanted: String

    var description: String { "\(variable)=\(value) is not \(wanted)" }
  }

  /// At most this many runs of shrunk candidates per failure, to bound the time a failure takes.
  static let shrinkBudget = 500

  let factory: any FeedStoreFactory
  let configuration: Configuration
  private let persistent: Bool
  private let faults: [ModelFault]

  init(factory: any FeedStoreFactory, configuration: Configuration) {
    self.factory = factory
    self.configuration = configuration
    persistent = FeedStoreCapability.persistent.isProvided(by: type(of: factory))
    faults = ModelFault.available(to: factory)
  }

  /// Runs every sequence, recording one issue at `sourceLocation` for the first that fails.
  ///
  /// Sequences without faults run one after another over one storage, as an app's launches do:
  /// each on a new store opened over the storage of the last (the same store when the factory
  /// is not persistent), first emptied with `deleteCachedFeed()`. That keeps a durable store's
  /// cost of creating storage out of all but the first. Sequences with a fault break their
  /// storage, so each gets a new store, and they run as one batch: every store's steps before
  /// its fault first, then the faults and the rest, so that a factory whose faults reach beyond
  /// the store they are made for cannot break another sequence's working steps.
  ///
  /// - Throws: What making or opening a store throws.
  func run(sourceLocation: SourceLocation) async throws {
    let sequences = configuration.sequenceSeeds.enumerated().map { index, seed in
      (number: index + 1, steps: steps(seed: seed, fault: fault(ofSequence: index + 1)))
    }
    var previous: (any FeedStore)?
    for (number, steps) in sequences where Self.faultIndex(of: steps) == nil {
      let store = try await storeEmptied(after: previous)
      previous = store
      do {
        try await store.deleteCachedFeed()
      } catch {
        let message =
          "The model-based spec could not empty the store for sequence \(number) of seed "
          + "\(configuration.seed): deleteCachedFeed() threw: \(error)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return
      }
      var run = ModelRun(steps, factory: factory, store: store)
      if let failure = await run.run(until: steps.count) {
        return try await report(
          number: number, steps: steps, failure: failure, reusedStorage: number > 1,
          at: sourceLocation)
      }
    }
    let faulted = sequences.filter { Self.faultIndex(of: $0.steps) != nil }
    // Creating storage is a durable store's slow part, and mostly waiting for the disk.
    let factory = factory
    let stores = try await withThrowingTaskGroup(of: (Int, any FeedStore).self) { group in
      for index in faulted.indices {
        group.addTask { (index, try await factory.makeStore()) }
      }
      return try await group.reduce(into: [(Int, any FeedStore)]()) { $0.append($1) }
        .sorted { $0.0 < $1.0 }.map(\.1)
    }
    var runs = zip(faulted, stores).map { sequence, store in
      ModelRun(sequence.steps, factory: factory, store: store)
    }
    for phase in 0..<2 {
      for index in runs.indices {
        let end = phase == 0 ? Self.faultIndex(of: runs[index].steps) ?? 0 : runs[index].steps.count
        if let failure = await runs[index].run(until: end) {
          let (number, steps) = faulted[index]
          return try await report(
            number: number, steps: steps, failure: failure, reusedStorage: false,
            at: sourceLocation)
        }
      }
    }
  }

  /// Store 1 of the next sequence without a fault: a new store opened over the storage of
  /// `previous`, or `previous` itself when the factory is not persistent.
  private func storeEmptied(after previous: (any FeedStore)?) async throws -> any FeedStore {
    guard let previous else { return try await factory.makeStore() }
    guard let factory = factory as? any PersistentFeedStoreFactory else { return previous }
    return try await factory.reopen(previous)
  }

  /// The fault sequence `number` injects: every fifth sequence of a failable factory breaks
  /// one operation, taking the factory's faults in turn.
  func fault(ofSequence number: Int) -> ModelFault? {
    guard !faults.isEmpty, number.isMultiple(of: 5) else { return nil }
    return faults[(number / 5) % faults.count]
  }

  /// The sequence `seed` makes: 1 to `maxSteps` random steps on the factory's capabilities,
  /// ending with a retrieve.
  ///
  /// With a `fault`, the sequence has at least ten steps and breaks that operation of a random
  /// store in its first half (retrieval only while a cache is held, as the capability asks);
  /// after it only that store works, with the broken operation and retrieve, so the model
  /// knows every outcome exactly.
  func steps(seed: UInt64, fault: ModelFault?) -> [ModelStep] {
    var random = SplitMix64(seed: seed)
    let length = max(fault == nil ? 1 : 10, 1 + random.below(configuration.maxSteps))
    let faultAt = fault == nil ? nil : random.below(length / 2)
    var steps: [ModelStep] = []
    var stores = 1
    var feeds = 0
    var broken: (fault: ModelFault, store: Int)?
    func insert(into store: Int) -> ModelStep {
      feeds += 1
      let count =
        switch random.below(10) {
        case 0: 0
        case 9: 6 + random.below(35)
        default: 1 + random.below(5)
        }
      return .insert(store: store, feed: feeds, count: count, timestamp: random.below(4))
    }
    for index in 0..<length {
      if index == faultAt {
        let (fault, store) = (fault ?? .retrieve, 1 + random.below(stores))
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
        let store = 1 + random.below(stores)
        switch random.below(20) {
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
      steps.append(.retrieve(store: broken?.store ?? 1 + random.below(stores)))
    }
    return steps
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

  /// Whether `steps` is a sequence the generator could make: every store exists when used, at
  /// most one fault, retrieval broken only while a cache is held, and after the fault only the
  /// broken store, with its broken operation or retrieve.
  static func isWellFormed(_ steps: [ModelStep]) -> Bool {
    var stores = 1
    var broken: (fault: ModelFault, store: Int)?
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
        guard fault != .retrieve || model(after: Array(steps[..<index])).cache != nil else {
          return false
        }
        broken = (fault, store)
      } else if case .reopen = step {
        stores += 1
      }
    }
    return true
  }

  /// Shrinks the failing sequence on new stores and records it, with the seed that replays
  /// the run, as one issue.
  ///
  /// A sequence that failed on reused storage is run again on a new store first; when it passes
  /// there, the failure needs what earlier sequences left behind, so it is reported as it ran.
  private func report(
    number: Int, steps: [ModelStep], failure: ModelFailure, reusedStorage: Bool,
    at sourceLocation: SourceLocation
  ) async throws {
    let replay =
      "Seed \(configuration.seed), sequence \(number) (replay with "
      + configuration.replayVariables + ")"
    if reusedStorage {
      var alone = ModelRun(steps, factory: factory, store: try await factory.makeStore())
      guard await alone.run(until: steps.count) == nil else {
        return try await reportShrunk(steps, failure: failure, replay: replay, at: sourceLocation)
      }
      let message =
        "The model-based spec found operations that break the FeedStore contract. \(replay); "
        + "they failed only on storage that earlier sequences had used (store 1 was emptied "
        + "with deleteCachedFeed()), never on a new store:\n"
        + Self.code(of: Array(steps.prefix(failure.step + 1)), failure: failure)
        + "\n(numberedFeed and numberedTimestamp are FeedStoreFixtures' methods.)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      return
    }
    try await reportShrunk(steps, failure: failure, replay: replay, at: sourceLocation)
  }

  private func reportShrunk(
    _ steps: [ModelStep], failure: ModelFailure, replay: String, at sourceLocation: SourceLocation
  ) async throws {
    let (shrunk, shrunkFailure) = try await shrink(steps, failing: failure)
    let message =
      "The model-based spec found operations that break the FeedStore contract. \(replay); "
      + "\(steps.count) steps, shrunk to \(shrunk.count) that fail on a new store:\n"
      + Self.code(of: shrunk, failure: shrunkFailure)
      + "\n(numberedFeed and numberedTimestamp are FeedStoreFixtures' methods.)"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }

  /// The shortest sequence found that still fails.
  ///
  /// It removes runs of steps, halving their length down to one, then simplifies feeds (fewer
  /// images, timestamp 0) and numbers them from 1, until nothing more can go. A sequence with a fault keeps it and must fail at or after it.
  private func shrink(_ steps: [ModelStep], failing failure: ModelFailure) async throws
    -> ([ModelStep], ModelFailure)
  {
    var best = Array(steps.prefix(failure.step + 1))
    var bestFailure = failure
    let mustKeepFault = Self.faultIndex(of: steps) != nil
    var runs = 0
    func attempt(_ candidate: [ModelStep]) async throws -> Bool {
      guard runs < Self.shrinkBudget, candidate != best, Self.isWellFormed(candidate) else {
        return false
      }
      let faultIndex = Self.faultIndex(of: candidate)
      guard !mustKeepFault || faultIndex != nil else { return false }
      runs += 1
      var run = ModelRun(candidate, factory: factory, store: try await factory.makeStore())
      guard let failure = await run.run(until: candidate.count),
        failure.step >= (faultIndex ?? 0)
      else { return false }
      best = Array(candidate.prefix(failure.step + 1))
      bestFailure = failure
      return true
    }
    var shrinking = true
    while shrinking {
      shrinking = false
      var chunk = max(1, best.count / 2)
      while chunk >= 1 {
        var start = 0
        while start < best.count {
          let candidate = Array(best[..<start] + best[min(start + chunk, best.count)...])
          if try await attempt(candidate) {
            shrinking = true
          } else {
            start += chunk
          }
        }
        chunk /= 2
      }
      for index in best.indices {
        guard index < best.count,
          case .insert(let store, let feed, let count, let timestamp) = best[index]
        else { continue }
        let simpler =
          Set([0, 1, count / 2]).filter { $0 < count }.sorted().map { ($0, timestamp) }
          + (timestamp > 0 ? [(count, 0)] : [])
        for (fewer, earlier) in simpler {
          var candidate = best
          candidate[index] = .insert(store: store, feed: feed, count: fewer, timestamp: earlier)
          if try await attempt(candidate) {
            shrinking = true
            break
          }
        }
      }
      if best.contains(where: { if case .reopen = $0 { true } else { false } }),
        try await attempt(Self.onOneStore(best))
      {
        shrinking = true
      }
    }
    _ = try await attempt(Self.renumberingFeeds(of: best))
    return (best, bestFailure)
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

  /// The steps with their feeds numbered from 1 in the order they are inserted.
  static func renumberingFeeds(of steps: [ModelStep]) -> [ModelStep] {
    var number = 0
    return steps.map { step in
      guard case .insert(let store, _, let count, let timestamp) = step else { return step }
      number += 1
      return .insert(store: store, feed: number, count: count, timestamp: timestamp)
    }
  }

  /// The sequence as Swift, one step a line, each commented with what the model expects of it;
  /// the failing step says what it did instead.
  static func code(of steps: [ModelStep], failure: ModelFailure) -> String {
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
}
