import Foundation

/// An SVG line chart of cost per image (p50) against feed size, both axes logarithmic: one line
/// per row, so floors, baselines and every store's insert and retrieve share a chart.
///
/// Flat lines scale linearly; a rising line costs more per image as the feed grows.
struct SVGChartRenderer {
  private let plot = (left: 90.0, right: 690.0, top: 70.0, bottom: 480.0)

  /// The stores' colors, one per backend; floors are grey and baselines black, told apart by
  /// their dashes.
  private static let palette = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
  ]
  private static let floorStyles = [
    ("#aaaaaa", "1 3"), ("#666666", "4 3"), ("#999999", "10 3 2 3 2 3"), ("#bbbb55", "6 2"),
    ("#55bbbb", "2 4 8 4"),
  ]
  private static let baselineDashes = ["7 3 2 3", "2 2", "12 4"]

  private struct Series {
    let label: String
    let color: String
    let dash: String?
    let points: [(size: Double, cost: Double)]
  }

  /// The chart of `report`'s rows.
  func render(_ report: RunReport) -> String {
    let series = Self.series(of: report)
    let sizes = report.sizes
    // x: the sizes, widened by 12% of their spread on each side (half a decade around one size);
    // y: whole decades around every cost.
    let xLogs = sizes.map { log10(Double($0)) }
    let (xLow, xHigh) = (xLogs.min() ?? 0, xLogs.max() ?? 1)
    let padding = xHigh > xLow ? (xHigh - xLow) * 0.12 : 0.5
    let (xFirst, xLast) = (xLow - padding, xHigh + padding)
    let yLogs = series.flatMap { $0.points.map { log10($0.cost) } }
    let yFirst = (yLogs.min() ?? 0).rounded(.down)
    let yLast = max((yLogs.max() ?? 1).rounded(.up), yFirst + 1)
    let plot = plot
    func x(_ size: Double) -> Double {
      plot.left + (log10(size) - xFirst) / (xLast - xFirst) * (plot.right - plot.left)
    }
    func y(_ cost: Double) -> Double {
      plot.bottom - (log10(cost) - yFirst) / (yLast - yFirst) * (plot.bottom - plot.top)
    }

    var svg = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000.0\" height=\"560.0\" "
        + "viewBox=\"0 0 1000.0 560.0\" font-family=\"Helvetica, Arial, sans-serif\" "
        + "font-size=\"12\">",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
      text(
        "feedstore-bench: cost per image against feed size (p50, log-log)", plot.left, 28,
        "font-size=\"16.0\" font-weight=\"bold\""),
      text(
        "\(report.machine.summary); \(report.startedAt)", plot.left, 48,
        "font-size=\"11.0\" fill=\"#555\""),
    ]
    for exponent in Int(yFirst)...Int(yLast) {
      let cost = pow(10, Double(exponent))
      svg.append(line(plot.left, y(cost), plot.right, y(cost), "#e3e3e3"))
      svg.append(text(tickLabel(cost), plot.left - 8, y(cost) + 4, "text-anchor=\"end\""))
    }
    let middle = format((plot.top + plot.bottom) / 2)
    svg.append(
      "<text x=\"24\" y=\"\(middle)\" text-anchor=\"middle\" transform=\"rotate(-90 24 \(middle))\">"
        + "cost per image, p50 (log scale)</text>")
    svg.append(line(plot.left, plot.top, plot.left, plot.bottom, "#333"))
    // Sizes within one decade (2,000 and 5,000) have no power of ten between them: no grid line.
    for exponent in Int(xFirst.rounded(.up))...max(Int(xFirst.rounded(.up)), Int(xLast)) {
      let position = x(pow(10, Double(exponent)))
      if position >= plot.left, position <= plot.right {
        svg.append(line(position, plot.top, position, plot.bottom, "#f0f0f0"))
      }
    }
    for size in sizes {
      svg.append(line(x(Double(size)), plot.bottom, x(Double(size)), plot.bottom + 5, "#333"))
      svg.append(
        text(Formatting.grouped(size), x(Double(size)), plot.bottom + 20, "text-anchor=\"middle\""))
    }
    svg.append(line(plot.left, plot.bottom, plot.right, plot.bottom, "#333"))
    svg.append(
      text(
        "feed size N, images (log scale)", (plot.left + plot.right) / 2, plot.bottom + 48,
        "text-anchor=\"middle\""))
    for item in series {
      let dash = item.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
      let coordinates = item.points.map { "\(format(x($0.size))),\(format(y($0.cost)))" }
      svg += [
        "<g>",
        "<polyline points=\"\(coordinates.joined(separator: " "))\" fill=\"none\" "
          + "stroke=\"\(item.color)\" stroke-width=\"2\"\(dash)/>",
      ]
      for point in item.points {
        let title =
          "\(item.label), N=\(Formatting.grouped(Int(point.size))): "
          + "\(Formatting.significant(point.cost)) ns/img"
        svg.append(
          "<circle cx=\"\(format(x(point.size)))\" cy=\"\(format(y(point.cost)))\" r=\"3.5\" "
            + "fill=\"\(item.color)\"><title>\(escaped(title))</title></circle>")
      }
      svg.append("</g>")
    }
    svg += legend(series)
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  /// One series per row, in the order rows first appear.
  private static func series(of report: RunReport) -> [Series] {
    let groups = ResultRow.bySize(report.rows)
    let order = groups.map(\.id)
    var stores: [String] = []
    for id in order where id.kind == .store && !stores.contains(id.name) {
      stores.append(id.name)
    }
    return groups.map { id, rows in
      let points = rows.map { (size: Double($0.size), cost: max($0.nanosecondsPerImage, 0.001)) }
      let rank = order.filter { $0.kind == id.kind }.firstIndex(of: id) ?? 0
      let (color, dash): (String, String?) =
        switch id.kind {
        case .floor: floorStyles[min(rank, floorStyles.count - 1)]
        case .baseline: ("#222222", baselineDashes[min(rank, baselineDashes.count - 1)])
        case .store:
          (
            palette[(stores.firstIndex(of: id.name) ?? 0) % palette.count],
            id.operation == StoreOperation.insert.rawValue ? nil : "8 4"
          )
        }
      return Series(label: id.label, color: color, dash: dash, points: points)
    }
  }

  private func legend(_ series: [Series]) -> [String] {
    let left = plot.right + 24
    var elements = [
      text("rows", left, plot.top, "font-weight=\"bold\""),
      text(
        "insert solid, retrieve dashed", left + 40, plot.top, "font-size=\"11.0\" fill=\"#555\""),
    ]
    for (index, item) in series.enumerated() {
      let y = plot.top + 22 + Double(index) * 20
      let dash = item.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
      elements.append(line(left, y - 4, left + 28, y - 4, item.color, " stroke-width=\"2\"\(dash)"))
      elements.append(text(item.label, left + 36, y))
    }
    return elements
  }

  private func tickLabel(_ nanoseconds: Double) -> String {
    let units = [(1e9, "s"), (1e6, "ms"), (1e3, "µs")]
    let (divisor, unit) = units.first { nanoseconds >= $0.0 } ?? (1, "ns")
    return String(format: "%g ", nanoseconds / divisor) + unit
  }

  private func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ stroke: String, _ more: String = ""
  ) -> String {
    "<line x1=\"\(format(x1))\" y1=\"\(format(y1))\" x2=\"\(format(x2))\" y2=\"\(format(y2))\" "
      + "stroke=\"\(stroke)\"\(more)/>"
  }

  private func text(_ content: String, _ x: Double, _ y: Double, _ attributes: String = "")
    -> String
  {
    "<text x=\"\(format(x))\" y=\"\(format(y))\"\(attributes.isEmpty ? "" : " " + attributes)>"
      + "\(escaped(content))</text>"
  }

  private func escaped(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
      .replacing("\"", with: "&quot;")
  }

  private func format(_ value: Double) -> String {
    String(format: "%.1f", value)
  }
}
