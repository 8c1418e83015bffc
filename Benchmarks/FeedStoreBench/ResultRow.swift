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

  /// Summarises the samples of row `id` at `size` images.
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
}
