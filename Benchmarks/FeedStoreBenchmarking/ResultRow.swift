/// The results of one row at one size: its samples, their summary, and what they mean per image.
struct ResultRow: Codable, Sendable {
  /// A row's p50 divided by its floor's p50, measured in the same run at the same size.
  struct FloorRatio: Codable, Equatable, Sendable {
    /// The floor's label, such as `floor: write+fsync+rename`.
    let floor: String
    /// How many times slower than the floor the row is; 1 would be as fast as the floor.
    let ratio: Double
  }

  /// What the row measures.
  let id: RowID
  /// How reports show the row.
  let label: String
  /// The number of images.
  let size: Int
  /// The size of the plain JSON encoding of the images, which the floors copy and write.
  let payloadBytes: Int
  /// Every kept sample, in the order it ran.
  let samplesNanoseconds: [Int64]
  /// The samples' order statistics.
  let summary: Summary
  /// p50 divided by the number of images.
  let nanosecondsPerImage: Double
  /// Images per second at p50.
  let imagesPerSecond: Double
  /// The row against its floor; `nil` for the floors themselves.
  let floorRatio: FloorRatio?
  /// The memory of one run of the operation, when it was measured.
  let memory: MemoryFigures?

  /// Summarizes the samples of row `id` at `size` images.
  init(
    id: RowID, size: Int, payloadBytes: Int, samples: [Duration], floor: ResultRow?,
    memory: MemoryFigures?
  ) {
    self.id = id
    label = id.label
    self.size = size
    self.payloadBytes = payloadBytes
    samplesNanoseconds = samples.map(\.nanoseconds)
    summary = Summary(nanoseconds: samplesNanoseconds)
    // The clock counts whole nanoseconds: 1 ns is the smallest p50 that can be divided by.
    let p50 = Double(max(summary.p50, 1))
    nanosecondsPerImage = p50 / Double(max(size, 1))
    imagesPerSecond = Double(size) * 1e9 / p50
    floorRatio = floor.map {
      FloorRatio(floor: $0.label, ratio: p50 / Double(max($0.summary.p50, 1)))
    }
    self.memory = memory
  }

  /// Each row's results, rows in the order they first appear in `rows`, sizes ascending.
  static func bySize(_ rows: [ResultRow]) -> [(id: RowID, rows: [ResultRow])] {
    var order: [RowID] = []
    var rowsByID: [RowID: [ResultRow]] = [:]
    for row in rows {
      if rowsByID[row.id] == nil {
        order.append(row.id)
      }
      rowsByID[row.id, default: []].append(row)
    }
    return order.map { id in (id, (rowsByID[id] ?? []).sorted { $0.size < $1.size }) }
  }
}

/// What one run of a row's operation costs in memory, measured in a child process that does
/// nothing else: see ``MemoryProbe``.
package struct MemoryFigures: Codable, Equatable, Sendable {
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
  package init(
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
