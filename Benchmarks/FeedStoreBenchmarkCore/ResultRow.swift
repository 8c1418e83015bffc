/// The results of one row at one size: its samples, their summary, and what they mean per image.
struct ResultRow: Codable, Sendable {
  /// The row's p50 over a floor's, at the same size in the same run, with its interval: the two
  /// were sampled in the same rounds, so each resample keeps a round's two samples together.
  struct FloorRatio: Codable, Equatable, Sendable {
    let floor: String
    let ratio: RatioInterval

    /// Whether the row is faster than the floor beyond the noise: the whole interval lies below
    /// 1, so the floor is not the least work, or the row skips work it owes.
    var isBeaten: Bool { ratio.isBelow(1) }
  }

  let id: RowID
  let label: String
  /// The number of images, and the size of their plain JSON encoding.
  let size: Int
  let payloadBytes: Int
  /// Every kept sample, in the order it ran: sample `i` of every row of a run is from round `i`.
  let samplesNanoseconds: [Int64]
  let summary: Summary
  /// p50 per image, and images per second at p50.
  let nanosecondsPerImage: Double
  let imagesPerSecond: Double
  /// The row against each floor it is held to, loosest first.
  ///
  /// Its `vs floor` column shows the last. A store that keeps its feed only in memory has none.
  let floors: [FloorRatio]
  let memory: MemoryFigures?

  init(
    id: RowID, size: Int, payloadBytes: Int, samples: [Duration], floors: [ResultRow],
    memory: MemoryFigures?
  ) {
    (self.id, label, self.size, self.payloadBytes) = (id, id.label, size, payloadBytes)
    samplesNanoseconds = samples.map(\.nanoseconds)
    summary = Summary(nanoseconds: samplesNanoseconds)
    // The clock counts whole nanoseconds: 1 ns is the smallest p50 that can be divided by.
    let p50 = Double(max(summary.p50, 1))
    nanosecondsPerImage = p50 / Double(max(size, 1))
    imagesPerSecond = Double(size) * 1e9 / p50
    self.floors = floors.compactMap { [samplesNanoseconds] floor in
      let ratio =
        RatioInterval.paired(samplesNanoseconds, over: floor.samplesNanoseconds)
        ?? RatioInterval.independent(samplesNanoseconds, over: floor.samplesNanoseconds)
      return ratio.map { FloorRatio(floor: floor.label, ratio: $0) }
    }
    self.memory = memory
  }

  /// The floors this row is faster than beyond the noise.
  var beatenFloors: [FloorRatio] { floors.filter(\.isBeaten) }

  /// Each row's results, rows in the order they first appear in `rows`, sizes ascending.
  static func bySize(_ rows: [ResultRow]) -> [(id: RowID, rows: [ResultRow])] {
    var ids: [RowID] = []
    for row in rows where !ids.contains(row.id) {
      ids.append(row.id)
    }
    return ids.map { id in (id, rows.filter { $0.id == id }.sorted { $0.size < $1.size }) }
  }
}

/// What one run of a row's operation costs in memory, measured in a child process that does
/// nothing else (see the executable's `MemoryProbe`).
package struct MemoryFigures: Codable, Equatable, Sendable {
  /// The child's resident memory just before the operation, and its peak: the operation's only
  /// when the peak was reset just before (Linux), and then how far the operation raised it.
  let residentBeforeBytes: Int?
  let peakResidentBytes: Int?
  let peakCoversOperationOnly: Bool
  let peakGrowthBytes: Int?
  /// Heap allocations the operation made, and the bytes they asked for, where counted.
  let allocations: Int?
  let allocatedBytes: Int?

  /// Derives ``peakGrowthBytes`` from the other figures.
  package init(
    residentBeforeBytes: Int?, peakResidentBytes: Int?, peakCoversOperationOnly: Bool,
    allocations: Int?, allocatedBytes: Int?
  ) {
    (self.residentBeforeBytes, self.peakResidentBytes) = (residentBeforeBytes, peakResidentBytes)
    self.peakCoversOperationOnly = peakCoversOperationOnly
    peakGrowthBytes =
      peakCoversOperationOnly
      ? residentBeforeBytes.flatMap { before in peakResidentBytes.map { max(0, $0 - before) } }
      : nil
    (self.allocations, self.allocatedBytes) = (allocations, allocatedBytes)
  }
}
