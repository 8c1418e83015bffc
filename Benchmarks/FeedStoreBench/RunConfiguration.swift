/// What a run measured and how: saved with the results so a later run can tell what it is
/// compared with.
struct RunConfiguration: Codable, Sendable {
  /// The feed sizes, smallest first.
  let sizes: [Int]
  /// The backends, by registry name.
  let backends: [String]
  /// Samples kept per row.
  let iterations: Int
  /// Samples discarded per row before them.
  let warmup: Int
  /// Whether memory was measured in child processes.
  let measuresMemory: Bool
  /// Whether heap allocations were counted.
  let countsAllocations: Bool
  /// The seed of the fixture's generator.
  let fixtureSeed: UInt64
}
