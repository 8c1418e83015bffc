/// The order statistics of a row's samples, in nanoseconds, by nearest rank, so every figure was
/// measured: p90 is the smallest sample that at least 90% of them do not exceed.
struct Summary: Codable, Equatable, Sendable {
  /// One of the figures, named as report columns head it.
  enum Statistic: Int, CaseIterable, Sendable {
    case min, p50, p90, p99, max

    func of(_ summary: Summary) -> Int64 {
      [summary.minimum, summary.p50, summary.p90, summary.p99, summary.maximum][rawValue]
    }
  }

  let minimum: Int64
  let p50: Int64
  let p90: Int64
  let p99: Int64
  let maximum: Int64

  /// Summarizes `samples`; every figure is 0 when there are none.
  init(nanoseconds samples: [Int64]) {
    let sorted = samples.sorted()
    func percentile(_ percent: Int) -> Int64 {
      guard !sorted.isEmpty else { return 0 }
      let rank = (percent * sorted.count + 99) / 100  // ceil(percent / 100 * count)
      return sorted[min(max(rank, 1), sorted.count) - 1]
    }
    (minimum, p50, p90, p99) = (sorted.first ?? 0, percentile(50), percentile(90), percentile(99))
    maximum = sorted.last ?? 0
  }
}
