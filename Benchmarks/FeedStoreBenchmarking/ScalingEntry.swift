/// How one row's cost per image changes from the smallest size to the largest.
///
/// Linear cost keeps nanoseconds per image flat. A row whose p50 per image at the largest size
/// exceeds ``worseThanLinearGrowth`` times the one at the smallest grows worse than linearly.
/// Fixed costs (an `fsync`, opening a database) make small sizes dearer per image, so falling
/// cost per image is expected.
struct ScalingEntry: Codable, Sendable {
  /// The verdict on a row's growth.
  enum Verdict: String, Codable, Sendable {
    /// Cost per image fell by more than the tolerance: fixed costs amortized.
    case betterThanLinear = "better than linear"
    /// Cost per image stayed within the tolerance.
    case linear = "linear"
    /// Cost per image rose by more than the tolerance.
    case worseThanLinear = "worse than linear"
  }

  /// One size's cost per image.
  struct Point: Codable, Sendable {
    /// The number of images.
    let size: Int
    /// p50 per image, in nanoseconds.
    let nanosecondsPerImage: Double
  }

  /// The growth past which a row is flagged: 1.5 times the cost per image of the smallest size.
  static let worseThanLinearGrowth = 1.5

  /// The row.
  let id: RowID
  /// How reports show the row.
  let label: String
  /// Cost per image at each size, smallest first.
  let points: [Point]
  /// Cost per image at the largest size divided by the one at the smallest.
  let growth: Double
  /// What the growth means.
  let verdict: Verdict

  /// The scaling of every row measured at two sizes or more, in the order of `rows`.
  static func analyze(_ rows: [ResultRow]) -> [ScalingEntry] {
    ResultRow.bySize(rows).compactMap { id, rows in
      let points = rows.map { Point(size: $0.size, nanosecondsPerImage: $0.nanosecondsPerImage) }
      guard points.count >= 2, let first = points.first, let last = points.last else { return nil }
      let growth = last.nanosecondsPerImage / max(first.nanosecondsPerImage, .leastNonzeroMagnitude)
      return ScalingEntry(
        id: id, label: id.label, points: points, growth: growth, verdict: verdict(for: growth))
    }
  }

  private static func verdict(for growth: Double) -> Verdict {
    if growth > worseThanLinearGrowth { return .worseThanLinear }
    if growth < 1 / worseThanLinearGrowth { return .betterThanLinear }
    return .linear
  }
}
