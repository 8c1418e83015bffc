/// A ratio, such as a row's p50 over its floor's, with its 95% interval.
///
/// The interval says how far the ratio could move from noise alone: the bootstrap gives that of a
/// ratio of medians, Student's t that of a comparison of two builds (``BatchMean``).
package struct RatioInterval: Codable, Equatable, Sendable {
  /// The ratio of the medians as measured, and the bounds of its interval.
  package let ratio: Double
  package let lower: Double
  package let upper: Double
  /// Samples behind the ratio, on its smaller side.
  package let samples: Int

  package init(ratio: Double, lower: Double, upper: Double, samples: Int) {
    (self.ratio, self.lower, self.upper, self.samples) = (ratio, lower, upper, samples)
  }

  /// The median of `numerator` over the median of `denominator`, the two measured in the same
  /// rounds: `numerator[i]` beside `denominator[i]`, so each resample keeps the pairs together.
  ///
  /// - Returns: `nil` unless both have the same, positive number of samples.
  static func paired(_ numerator: [Int64], over denominator: [Int64]) -> RatioInterval? {
    guard !numerator.isEmpty, numerator.count == denominator.count else { return nil }
    let (top, bottom) = (Bootstrap.Series(numerator), Bootstrap.Series(denominator))
    let interval = Bootstrap.interval(strata: [numerator.count]) { indices in
      top.median(at: indices[0]) / max(bottom.median(at: indices[0]), 1)
    }
    return RatioInterval(interval, samples: numerator.count)
  }

  /// The median of `numerator` over the median of `denominator`, the two measured apart (in two
  /// runs, or in two stretches of one), each resampled on its own.
  ///
  /// - Returns: `nil` when either has no sample.
  static func independent(_ numerator: [Int64], over denominator: [Int64]) -> RatioInterval? {
    guard !numerator.isEmpty, !denominator.isEmpty else { return nil }
    let (top, bottom) = (Bootstrap.Series(numerator), Bootstrap.Series(denominator))
    let interval = Bootstrap.interval(strata: [numerator.count, denominator.count]) { indices in
      top.median(at: indices[0]) / max(bottom.median(at: indices[1]), 1)
    }
    return RatioInterval(interval, samples: min(numerator.count, denominator.count))
  }

  private init(_ interval: (estimate: Double, lower: Double, upper: Double), samples: Int) {
    self.init(
      ratio: interval.estimate, lower: interval.lower, upper: interval.upper, samples: samples)
  }

  /// The ratio and its bounds multiplied by `factor`, such as a ratio of times turned into one of
  /// times per image.
  func scaled(by factor: Double) -> RatioInterval {
    RatioInterval(
      ratio: ratio * factor, lower: lower * factor, upper: upper * factor, samples: samples)
  }

  /// Whether the whole interval lies above `limit`: the ratio exceeds it beyond the noise.
  func isAbove(_ limit: Double) -> Bool { lower > limit }

  /// Whether the whole interval lies below `limit`.
  func isBelow(_ limit: Double) -> Bool { upper < limit }

  /// What the interval says about a change past `threshold` (0.05 is 5%): regressed or improved
  /// when the whole interval lies beyond it, unchanged when the whole interval lies within it,
  /// and undecided when the interval reaches across it.
  func verdict(threshold: Double) -> ChangeVerdict {
    if isAbove(1 + threshold) { return .regressed }
    if isBelow(1 - threshold) { return .improved }
    if lower >= 1 - threshold, upper <= 1 + threshold { return .unchanged }
    return upper > 1 + threshold ? .regressedOrNot : .improvedOrNot
  }
}

/// What a ratio's interval says about a change past the threshold.
package enum ChangeVerdict: String, Codable, CaseIterable, Sendable {
  case regressed, improved, unchanged
  /// The interval reaches across the threshold above 1: a regression is neither shown nor ruled
  /// out.
  case regressedOrNot = "could not decide: regressed or not"
  /// The interval reaches across the threshold below 1 only: no regression, but whether it
  /// improved is not known.
  case improvedOrNot = "could not decide: improved or not"

  /// Whether the interval leaves a regression possible, which a gate must not pass.
  var mayHaveRegressed: Bool { self == .regressed || self == .regressedOrNot }

  var isDecided: Bool { self != .regressedOrNot && self != .improvedOrNot }
}
