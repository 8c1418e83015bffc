/// The order statistics of a row's samples, in nanoseconds.
///
/// Percentiles use the nearest-rank method: p90 is the smallest sample that at least 90% of the
/// samples do not exceed, so every figure is a sample that was actually measured. With fewer
/// than 100 samples p99 is the maximum, and with fewer than 10 so is p90.
struct Summary: Codable, Equatable, Sendable {
  /// The fastest sample.
  let minimum: Int64
  /// The median.
  let p50: Int64
  /// The 90th percentile.
  let p90: Int64
  /// The 99th percentile.
  let p99: Int64
  /// The slowest sample.
  let maximum: Int64

  /// Summarizes `samples`; every figure is 0 when there are none.
  init(nanoseconds samples: [Int64]) {
    let sorted = samples.sorted()
    func percentile(_ percent: Int) -> Int64 {
      guard !sorted.isEmpty else { return 0 }
      let rank = (percent * sorted.count + 99) / 100  // ceil(percent / 100 * count)
      return sorted[min(max(rank, 1), sorted.count) - 1]
    }
    minimum = sorted.first ?? 0
    p50 = percentile(50)
    p90 = percentile(90)
    p99 = percentile(99)
    maximum = sorted.last ?? 0
  }
}
