import FeedCache
import FeedStoreSupport
import Foundation

/// The model-based spec's driver: makes random sequences from seeds, runs each against fresh
/// stores and ``FeedStoreModel`` side by side, shrinks the first that fails and reports it.
struct ModelCheck {
  /// How many sequences, how long, and from which seeds.
  struct Configuration: Equatable {
    /// The environment variable that replays one sequence's seed.
    static let seedVariable = "FEEDSTORE_SPEC_SEED"
    /// The environment variable that sets how many sequences run, whatever the profile says.
    static let sequencesVariable = "FEEDSTORE_SPEC_SEQUENCES"

    /// The seed a test pinned for the model-based specs it runs, used unless ``seedVariable``
    /// names one: the library's own tests prove with it that a run catches each broken store,
    /// which a random seed does only most of the time.
    @TaskLocal static var pinnedSeed: UInt64?

    /// The profile whose budget the run has, unless ``sequencesVariable`` says otherwise.
    var profile = FeedStoreSpecProfile.quick
    var sequences: Int
    var maxSteps = 30
    /// The run's seed, from which every sequence's seed follows.
    var seed: UInt64

    init(profile: FeedStoreSpecProfile = .quick, sequences: Int? = nil, seed: UInt64) {
      self.profile = profile
      self.sequences = sequences ?? profile.modelSequences
      self.seed = seed
    }

    /// The configuration `environment` asks for: `profile`'s budget from a new random seed,
    /// unless it names a seed to replay or a number of sequences.
    ///
    /// - Throws: ``InvalidSetting`` when a variable is set to something other than a number.
    static func from(environment: [String: String], profile: FeedStoreSpecProfile) throws
      -> Configuration
    {
      var configuration = Configuration(
        profile: profile, seed: pinnedSeed ?? .random(in: .min ... .max))
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
      var generator = SeededGenerator(seed: seed)
      return (0..<sequences).map { _ in generator.next() }
    }

    /// The environment that replays this run exactly.
    var replayVariables: String {
      let profileVariable =
        profile == .quick ? "" : "\(FeedStoreSpecProfile.environmentVariable)=\(profile.rawValue) "
      let sequencesVariable =
        sequences == profile.modelSequences ? "" : " \(Self.sequencesVariable)=\(sequences)"
      return profileVariable + "\(Self.seedVariable)=\(seed)" + sequencesVariable
    }
  }

  /// At most this many runs of shrunk candidates per failure, to bound the time a failure takes.
  static let shrinkBudget = 500

  let factory: any FeedStoreFactory
  let configuration: Configuration
  private let persistent: Bool
  private let faults: [OperationFault]

  init(factory: any FeedStoreFactory, configuration: Configuration) {
    self.factory = factory
    self.configuration = configuration
    persistent = FeedStoreCapability.persistent.isProvided(by: type(of: factory))
    faults = OperationFault.available(to: factory)
  }

  /// Runs every sequence in order, recording one failure for the first that fails.
  ///
  /// Sequences without faults run over one storage, as an app's launches do: each on a new
  /// store opened over the storage of the last (the same store when the factory is not
  /// persistent), first emptied with `deleteCachedFeed()`. That keeps a durable store's cost of
  /// creating storage out of all but the first. A sequence with a fault breaks its storage, so it
  /// gets a new store of its own.
  ///
  /// - Throws: What making or opening a store throws.
  func run() async throws {
    var previous: (any FeedStore)?
    for (index, seed) in configuration.sequenceSeeds.enumerated() {
      let number = index + 1
      let steps = steps(seed: seed, fault: fault(ofSequence: number))
      let store: any FeedStore
      let reusesStorage = Self.faultIndex(of: steps) == nil && previous != nil
      if Self.faultIndex(of: steps) == nil {
        store = try await storeEmptied(after: previous)
        previous = store
        let emptied = await expectSuccess(
          of: "deleteCachedFeed() emptying the store for sequence \(number) of seed "
            + "\(configuration.seed)"
        ) {
          try await store.deleteCachedFeed()
        }
        guard emptied else { return }
      } else {
        store = try await factory.makeStore()
      }
      var run = ModelRun(steps, factory: factory, store: store)
      if let failure = await run.run() {
        return try await report(
          number: number, steps: steps, failure: failure, reusedStorage: reusesStorage)
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
  func fault(ofSequence number: Int) -> FeedOperation? {
    guard !faults.isEmpty, number.isMultiple(of: 5) else { return nil }
    return faults[(number / 5) % faults.count].operation
  }

  /// The sequence `seed` makes: 1 to `maxSteps` random steps on the factory's capabilities,
  /// ending with a retrieve.
  ///
  /// With a `fault`, the sequence has at least ten steps and breaks that operation of a random
  /// store in its first half (retrieval only while a cache is held, as the capability asks);
  /// after it only that store works, with the broken operation and retrieve, so the model
  /// knows every outcome exactly.
  func steps(seed: UInt64, fault: FeedOperation?) -> [ModelStep] {
    var random = SeededGenerator(seed: seed)
    let length = max(fault == nil ? 1 : 10, 1 + random.index(below: configuration.maxSteps))
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

  /// Records the failure as one issue, with the seed that replays the run and, when the failing
  /// steps fail on a new store too, the shortest sequence found that still does.
  ///
  /// A reported sequence always failed when it was replayed on a new store; one that does not
  /// is reported as it ran, with the reason it cannot be reduced.
  private func report(
    number: Int, steps: [ModelStep], failure: ModelFailure, reusedStorage: Bool
  ) async throws {
    let introduction =
      "The model-based spec found operations that break the FeedStore contract. Seed "
      + "\(configuration.seed), sequence \(number) (replay with \(configuration.replayVariables))"
    let ending = "\n(numberedFeed and numberedTimestamp are FeedStoreFixtures' methods.)"
    let failing = Array(steps.prefix(failure.step + 1))
    guard let alone = try await failureOnANewStore(failing) else {
      let reason =
        "they did not fail again when replayed on a new store"
        + (reusedStorage
          ? " (they had run on storage that earlier sequences used, emptied with "
            + "deleteCachedFeed())" : "")
        + ", so they could not be reduced"
      recordFailure(
        "\(introduction); \(reason):\n" + Self.code(of: failing, failure: failure) + ending)
      return
    }
    let (shrunk, shrunkFailure) = try await shrink(failing, failing: alone)
    let summary =
      shrunk.count < failing.count
      ? "\(steps.count) steps, shrunk to \(shrunk.count) that fail on a new store"
      : "\(steps.count) steps; the \(shrunk.count) up to the failure fail on a new store, and "
        + "no shorter sequence found does"
    recordFailure(
      "\(introduction); \(summary):\n" + Self.code(of: shrunk, failure: shrunkFailure) + ending)
  }

  /// Where `steps` fail when run on a new store, or `nil` when they keep the contract there.
  private func failureOnANewStore(_ steps: [ModelStep]) async throws -> ModelFailure? {
    var run = ModelRun(steps, factory: factory, store: try await factory.makeStore())
    return await run.run()
  }

  /// The shortest sequence found that still fails on a new store, starting from `steps`, which
  /// do.
  ///
  /// It removes runs of steps, halving their length down to one, then simplifies feeds (fewer
  /// images, timestamp 0) and numbers them from 1, until nothing more can go. A sequence with a
  /// fault keeps it and must fail at or after it.
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
      guard let failure = try await failureOnANewStore(candidate),
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
