/// How one row's cost per image changes from the smallest size to the largest: rising past
/// ``worseThanLinearGrowth`` is worse than linear; falling is fixed costs spread over more images.
struct ScalingEntry: Codable, Sendable {
  enum Verdict: String, Codable, Sendable {
    case betterThanLinear = "better than linear"
    case linear = "linear"
    case worseThanLinear = "worse than linear"
  }

  /// One size's p50 per image, in nanoseconds.
  struct Point: Codable, Sendable {
    let size: Int
    let nanosecondsPerImage: Double
  }

  /// The growth past which a row is flagged, and below whose inverse it is better than linear.
  static let worseThanLinearGrowth = 1.5

  let id: RowID
  let label: String
  /// Cost per image at each size, smallest first, and the last over the first.
  let points: [Point]
  let growth: Double
  let verdict: Verdict

  /// The scaling of every row measured at two sizes or more, in the order of `rows`.
  static func analyze(_ rows: [ResultRow]) -> [ScalingEntry] {
    ResultRow.bySize(rows).compactMap { id, rows in
      let points = rows.map { Point(size: $0.size, nanosecondsPerImage: $0.nanosecondsPerImage) }
      guard points.count >= 2, let first = points.first, let last = points.last else { return nil }
      let growth = last.nanosecondsPerImage / max(first.nanosecondsPerImage, .leastNonzeroMagnitude)
      let verdict: Verdict =
        growth > worseThanLinearGrowth
        ? .worseThanLinear : growth < 1 / worseThanLinearGrowth ? .betterThanLinear : .linear
      return ScalingEntry(id: id, label: id.label, points: points, growth: growth, verdict: verdict)
    }
  }
}
