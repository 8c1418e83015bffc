import ContractSpecs

/// The sizes each profile gives the ``ImageDataCache`` specs: the quick profile keeps the whole
/// catalog well under a second per implementation; the thorough one reaches megabytes.
extension SpecProfile {
  /// The largest power of two beside which the boundary spec sizes data: 64 KiB quick, 4 MiB
  /// thorough.
  var largestPowerOfTwo: Int { self == .quick ? 1 << 16 : 1 << 22 }
  /// How many random blobs the byte-value spec inserts per seed.
  var randomBlobs: Int { self == .quick ? 6 : 48 }
  /// The largest random blob, in bytes.
  var largestRandomBlob: Int { self == .quick ? 4_096 : 262_144 }
  /// The tasks and rounds of the concurrency specs.
  var concurrentUse: ConcurrentUse {
    self == .quick
      ? ConcurrentUse(tasks: 4, operationsPerTask: 5, rounds: 12)
      : ConcurrentUse(tasks: 5, operationsPerTask: 6, rounds: 60)
  }
  /// Random sequences per seed of the model-based spec, unless `IMAGECACHE_SPEC_SEQUENCES` says.
  var modelSequences: Int { self == .quick ? 20 : 300 }
}

/// How many tasks call a cache at once in the concurrency specs, how often each, and how many
/// rounds.
struct ConcurrentUse {
  let tasks: Int
  let operationsPerTask: Int
  let rounds: Int

  /// Checks `model`'s concurrent use with this many tasks, calls and rounds.
  func check(_ model: ImageDataCacheModel) async throws {
    try await model.checkLinearizability(
      tasks: tasks, operationsPerTask: operationsPerTask, rounds: rounds)
  }
}
