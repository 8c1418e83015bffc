import Foundation

/// The mean of independent measurements, such as one log-ratio per batch of a comparison, with
/// Student's t interval around it: the spread comes from the measurements themselves, so a noisy
/// machine widens the interval instead of moving a verdict.
///
/// The t interval is sound for few measurements when they are about normal, and errs wide when
/// one of them is far off the rest: a single batch that was slow throughout raises the spread more
/// than the mean, so it cannot carry an interval past a limit on its own.
struct BatchMean: Codable, Equatable, Sendable {
  let mean: Double
  /// The sample standard deviation of the measurements.
  let deviation: Double
  let count: Int

  /// - Returns: `nil` for fewer than two measurements, which have no spread.
  init?(_ values: [Double]) {
    guard values.count >= 2, values.allSatisfy(\.isFinite) else { return nil }
    let mean = values.reduce(0, +) / Double(values.count)
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    (self.mean, count) = (mean, values.count)
    deviation = (squares / Double(values.count - 1)).squareRoot()
  }

  /// Half the width of the interval that `count` such measurements would give at `tail` on each
  /// side, if their spread held.
  func halfWidth(tail: Double, count: Int? = nil) -> Double {
    let count = count ?? self.count
    guard deviation > 0 else { return 0 }
    return StudentT.quantile(1 - tail, degreesOfFreedom: count - 1) * deviation
      / Double(count).squareRoot()
  }

  /// The interval of the mean, of log-ratios, as a ratio: `exp` of the mean and of its bounds.
  func ratioInterval(tail: Double, samples: Int) -> RatioInterval {
    let width = halfWidth(tail: tail)
    return RatioInterval(
      ratio: exp(mean), lower: exp(mean - width), upper: exp(mean + width), samples: samples)
  }

  /// The fewest measurements, from `count + 1` up to `limit`, whose interval at `tail` would be
  /// narrower than `margin` on each side if the mean and spread held; `nil` when none would.
  func countNarrowerThan(_ margin: Double, tail: Double, limit: Int) -> Int? {
    guard margin > 0 else { return nil }
    guard count < limit, halfWidth(tail: tail, count: limit) < margin else { return nil }
    var (low, high) = (count, limit)
    while high - low > 1 {
      let middle = (low + high) / 2
      if halfWidth(tail: tail, count: middle) < margin {
        high = middle
      } else {
        low = middle
      }
    }
    return high
  }
}
