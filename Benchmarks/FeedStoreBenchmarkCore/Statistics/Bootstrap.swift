import SharedSupport

/// The percentile bootstrap (Efron, 1979) with a fixed seed: how far a statistic of measured
/// samples could move if the run were repeated, from the samples alone.
///
/// Samples come in *strata*, groups resampled separately: the last tenth of a sustained row
/// apart from its first tenth, or this build's samples apart from another run's. Within a
/// stratum each resample draws as many indices as it holds, with replacement; series that share
/// a stratum are read at the same indices, so samples measured together (one round of the
/// benchmark, one sample of each build) stay together and the load they shared cancels out.
/// The seed is fixed, so the same samples always give the same interval.
package enum Bootstrap {
  /// Resamples per interval: the 2.5% and 97.5% percentiles are then the 50th from each end.
  ///
  /// A run always takes 2,000; the tests' quick profile binds fewer for its task, since
  /// what they check holds at any count and a debug build resamples slowly.
  @TaskLocal package static var resamples = 2_000
  /// The interval's coverage.
  package static let confidence = 0.95
  static let seed: UInt64 = 0xB007_57A9_5EED

  /// `statistic` of the samples as measured, and the central `confidence` interval of its value
  /// over the resamples.
  ///
  /// - Parameters:
  ///   - strata: How many samples each stratum holds; a stratum of none is never resampled.
  ///   - statistic: Computes the statistic from one index list per stratum.
  /// - Returns: The statistic of the samples as measured, and its interval.
  static func interval(
    strata: [Int], _ statistic: (_ indices: [[Int]]) -> Double
  ) -> (estimate: Double, lower: Double, upper: Double) {
    var indices = strata.map { Array(0..<$0) }
    let estimate = statistic(indices)
    var generator = SeededGenerator(seed: seed)
    var values: [Double] = []
    values.reserveCapacity(resamples)
    for _ in 0..<resamples {
      for stratum in indices.indices {
        let count = indices[stratum].count
        for position in 0..<count {
          indices[stratum][position] = generator.index(below: count)
        }
      }
      let value = statistic(indices)
      if value.isFinite {
        values.append(value)
      }
    }
    guard !values.isEmpty else { return (estimate, estimate, estimate) }
    values.sort()
    let tail = (1 - confidence) / 2
    let lowerRank = Int((tail * Double(values.count)).rounded(.down))
    let upperRank = Int(((1 - tail) * Double(values.count)).rounded(.up)) - 1
    return (
      estimate, values[min(max(lowerRank, 0), values.count - 1)],
      values[min(max(upperRank, 0), values.count - 1)]
    )
  }

  /// Samples sorted once, so that the median of any resample of them takes one pass over a count
  /// of each rank, not a sort.
  struct Series {
    /// The samples in ascending order, and where each sample, by its index, is in that order.
    private let sorted: [Double]
    private let ranks: [Int]

    init(_ samples: [Int64]) {
      self.init(samples.map(Double.init))
    }

    init(_ samples: [Double]) {
      let order = samples.indices.sorted { (samples[$0], $0) < (samples[$1], $1) }
      sorted = order.map { samples[$0] }
      var ranks = [Int](repeating: 0, count: samples.count)
      for (rank, index) in order.enumerated() {
        ranks[index] = rank
      }
      self.ranks = ranks
    }

    var count: Int { sorted.count }

    /// The median of the samples at `indices`, shifted by `offset`, by nearest rank as
    /// ``Summary`` takes p50 (the lower middle of an even count), so a ratio of medians is the
    /// ratio of the p50s a report shows.
    func median(at indices: [Int], offset: Int = 0) -> Double {
      guard !indices.isEmpty else { return .nan }
      var counts = [Int](repeating: 0, count: sorted.count)
      for index in indices {
        counts[ranks[index + offset]] += 1
      }
      let target = (indices.count + 1) / 2
      var seen = 0
      for rank in counts.indices {
        seen += counts[rank]
        if seen >= target { return sorted[rank] }
      }
      return .nan
    }
  }
}
