import ContractSpecs

/// The sizes each profile gives the `FeedStore` specs.
extension SpecProfile {
  /// The most images a round-trip spec inserts at once.
  var largestFeed: Int { self == .quick ? 2_000 : 100_000 }
  /// The longest text a round-trip spec inserts, in UTF-8 bytes.
  var longestText: Int { self == .quick ? 65_536 : 1_048_576 }
  /// The largest power of two next to which the boundary specs size feeds: 2⁸ quick, 2¹⁶ thorough.
  var largestFeedBoundary: Int { self == .quick ? 1 << 8 : 1 << 16 }
  /// The largest power of two next to which the boundary specs size texts: 2¹² quick, 2²⁰ thorough.
  var largestTextBoundary: Int { self == .quick ? 1 << 12 : 1 << 20 }
  /// The tasks and rounds of the concurrency specs.
  var concurrentUse: ConcurrentUse {
    self == .quick
      ? ConcurrentUse(tasks: 4, operationsPerTask: 5, rounds: 6)
      : ConcurrentUse(tasks: 5, operationsPerTask: 6, rounds: 60)
  }
  /// Rounds of insert, delete, insert, delete that the ordering specs observe.
  var orderingRounds: Int { self == .quick ? 3 : 20 }
  /// Rounds of stores opened together over new storage.
  var openedTogetherRounds: Int { self == .quick ? 2 : 5 }
  /// Random sequences per seed the model-based spec runs, unless `FEEDSTORE_SPEC_SEQUENCES` says
  /// otherwise.
  var modelSequences: Int { self == .quick ? 20 : 200 }
  /// Operations per seed the long-use spec runs on one store and its storage.
  var longUseOperations: Int { self == .quick ? 300 : 10_000 }
  /// Values of each part of a field's grammar the grammar specs insert per seed.
  var valuesPerGrammarPart: Int { self == .quick ? 4 : 16 }
}

/// How many tasks call a store at once in the concurrency specs, how often each, and how many
/// rounds.
struct ConcurrentUse {
  let tasks: Int
  let operationsPerTask: Int
  let rounds: Int

  /// Checks `model`'s concurrent use with this many tasks, calls and rounds.
  func check(_ model: FeedStoreModel) async throws {
    try await model.checkLinearizability(
      tasks: tasks, operationsPerTask: operationsPerTask, rounds: rounds)
  }
}
