/// What one run of a row's operation costs in memory, measured in a child process that does
/// nothing else: see ``MemoryProbe``.
struct MemoryFigures: Codable, Equatable, Sendable {
  /// The child's resident memory just before the operation: the runtime, the fixture and the
  /// prepared store.
  let residentBeforeBytes: Int?
  /// The child's peak resident memory: while the operation ran when ``peakCoversOperationOnly``,
  /// over the child's whole life otherwise.
  let peakResidentBytes: Int?
  /// Whether the peak was reset just before the operation (Linux), so that it is the
  /// operation's own.
  let peakCoversOperationOnly: Bool
  /// How far the operation raised resident memory above where it started, when the platform
  /// tells both figures and the peak covers the operation only.
  let peakGrowthBytes: Int?
  /// Heap allocations the operation made, where an allocation counter is built in.
  let allocations: Int?
  /// Bytes those allocations requested, where an allocation counter is built in.
  let allocatedBytes: Int?

  /// Derives ``peakGrowthBytes`` from the other figures.
  init(
    residentBeforeBytes: Int?, peakResidentBytes: Int?, peakCoversOperationOnly: Bool,
    allocations: Int?, allocatedBytes: Int?
  ) {
    self.residentBeforeBytes = residentBeforeBytes
    self.peakResidentBytes = peakResidentBytes
    self.peakCoversOperationOnly = peakCoversOperationOnly
    if peakCoversOperationOnly, let residentBeforeBytes, let peakResidentBytes {
      peakGrowthBytes = max(0, peakResidentBytes - residentBeforeBytes)
    } else {
      peakGrowthBytes = nil
    }
    self.allocations = allocations
    self.allocatedBytes = allocatedBytes
  }
}
