import Foundation

/// An SVG line chart of cost per image (p50) against feed size, both axes logarithmic: one line
/// per row, so floors, the encoder baseline and every store's insert and retrieve share a chart.
///
/// Flat lines scale linearly; a rising line costs more per image as the feed grows.
struct SVGChartRenderer: ReportRenderer {
  private let width = 1000.0
  private let height = 560.0
  private let plot = (left: 90.0, right: 690.0, top: 70.0, bottom: 480.0)

  private static let palette = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
  ]

  func render(_ report: RunReport) -> String {
    let series = series(of: report)
    let sizes = report.sizes
    let costs = series.flatMap { $0.points.map(\.cost) }
    let xRange = logRange(sizes.map(Double.init), padding: 0.12)
    let yRange = decadeRange(costs)
    let scale = Scale(x: xRange, y: yRange, plot: plot)

    var svg: [String] = [
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" \
      viewBox="0 0 \(format(width)) \(format(height))" font-family="Helvetica, Arial, sans-serif" \
      font-size="12">
      """,
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
      text(
        "feedstore-bench: cost per image against feed size (p50, log-log)", x: plot.left,
        y: 28, size: 16, weight: "bold"),
      text(
        "\(report.machine.summary); \(report.startedAt)", x: plot.left, y: 48, size: 11,
        fill: "#555"),
    ]
    svg += yAxis(scale: scale, range: yRange)
    svg += xAxis(scale: scale, sizes: sizes, range: xRange)
    svg += series.map { line($0, scale: scale) }
    svg += legend(series)
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  // MARK: - Data

  private struct Series {
    let label: String
    let color: String
    let dash: String?
    let points: [(size: Double, cost: Double)]
  }

  private func series(of report: RunReport) -> [Series] {
    var order: [RowID] = []
    for row in report.rows where !order.contains(row.id) {
      order.append(row.id)
    }
    let stores = order.filter { $0.kind == .store }.map(\.name).uniqued()
    return order.map { id in
      let points = report.rows.filter { $0.id == id }.sorted { $0.size < $1.size }.map {
        (size: Double($0.size), cost: max($0.nanosecondsPerImage, 0.001))
      }
      let rank = order.filter { $0.kind == id.kind }.firstIndex(of: id) ?? 0
      switch id.kind {
      case .floor:
        let styles = [
          ("#aaaaaa", "1 3"), ("#666666", "4 3"), ("#999999", "10 3 2 3 2 3"), ("#bbbb55", "6 2"),
          ("#55bbbb", "2 4 8 4"),
        ]
        let (color, dash) = styles[min(rank, styles.count - 1)]
        return Series(label: id.label, color: color, dash: dash, points: points)
      case .baseline:
        let dashes = ["7 3 2 3", "2 2", "12 4"]
        let dash = dashes[min(rank, dashes.count - 1)]
        return Series(label: id.label, color: "#222222", dash: dash, points: points)
      case .store:
        let index = stores.firstIndex(of: id.name) ?? 0
        let color = Self.palette[index % Self.palette.count]
        let dash = id.operation == StoreOperation.insert.rawValue ? nil : "8 4"
        return Series(label: id.label, color: color, dash: dash, points: points)
      }
    }
  }

  // MARK: - Axes

  private struct Scale {
    let x: ClosedRange<Double>
    let y: ClosedRange<Double>
    let plot: (left: Double, right: Double, top: Double, bottom: Double)

    func x(_ value: Double) -> Double {
      plot.left + (log10(value) - x.lowerBound) / (x.upperBound - x.lowerBound)
        * (plot.right - plot.left)
    }

    func y(_ value: Double) -> Double {
      plot.bottom - (log10(value) - y.lowerBound) / (y.upperBound - y.lowerBound)
        * (plot.bottom - plot.top)
    }
  }

  /// log10 bounds around `values`, widened by `padding` decades, and by half a decade on each
  /// side when there is only one value.
  private func logRange(_ values: [Double], padding: Double) -> ClosedRange<Double> {
    let logs = values.filter { $0 > 0 }.map(log10)
    guard let low = logs.min(), let high = logs.max() else { return 0...1 }
    let spread = high > low ? (high - low) * padding : 0.5
    return (low - spread)...(high + spread)
  }

  /// Whole decades around `values`, in log10.
  private func decadeRange(_ values: [Double]) -> ClosedRange<Double> {
    let logs = values.filter { $0 > 0 }.map(log10)
    guard let low = logs.min(), let high = logs.max() else { return 0...1 }
    let bottom = floor(low)
    let top = max(ceil(high), bottom + 1)
    return bottom...top
  }

  private func yAxis(scale: Scale, range: ClosedRange<Double>) -> [String] {
    var elements: [String] = []
    for exponent in Int(range.lowerBound)...Int(range.upperBound) {
      let value = pow(10, Double(exponent))
      let y = scale.y(value)
      elements.append(
        "<line x1=\"\(format(plot.left))\" y1=\"\(format(y))\" x2=\"\(format(plot.right))\" "
          + "y2=\"\(format(y))\" stroke=\"#e3e3e3\"/>")
      elements.append(
        text(tickLabel(nanoseconds: value), x: plot.left - 8, y: y + 4, anchor: "end"))
    }
    let middle = (plot.top + plot.bottom) / 2
    elements.append(
      "<text x=\"24\" y=\"\(format(middle))\" text-anchor=\"middle\" "
        + "transform=\"rotate(-90 24 \(format(middle)))\">"
        + "cost per image, p50 (log scale)</text>")
    elements.append(
      "<line x1=\"\(format(plot.left))\" y1=\"\(format(plot.top))\" x2=\"\(format(plot.left))\" "
        + "y2=\"\(format(plot.bottom))\" stroke=\"#333\"/>")
    return elements
  }

  private func xAxis(scale: Scale, sizes: [Int], range: ClosedRange<Double>) -> [String] {
    var elements: [String] = []
    // Sizes within one decade (2,000 and 5,000) have no power of ten between them: no grid line.
    for exponent in stride(
      from: Int(ceil(range.lowerBound)), through: Int(floor(range.upperBound)), by: 1)
    {
      let x = scale.x(pow(10, Double(exponent)))
      guard x >= plot.left, x <= plot.right else { continue }
      elements.append(
        "<line x1=\"\(format(x))\" y1=\"\(format(plot.top))\" x2=\"\(format(x))\" "
          + "y2=\"\(format(plot.bottom))\" stroke=\"#f0f0f0\"/>")
    }
    for size in sizes {
      let x = scale.x(Double(size))
      elements.append(
        "<line x1=\"\(format(x))\" y1=\"\(format(plot.bottom))\" x2=\"\(format(x))\" "
          + "y2=\"\(format(plot.bottom + 5))\" stroke=\"#333\"/>")
      elements.append(
        text(Formatting.grouped(size), x: x, y: plot.bottom + 20, anchor: "middle"))
    }
    elements.append(
      "<line x1=\"\(format(plot.left))\" y1=\"\(format(plot.bottom))\" "
        + "x2=\"\(format(plot.right))\" y2=\"\(format(plot.bottom))\" stroke=\"#333\"/>")
    elements.append(
      text(
        "feed size N, images (log scale)", x: (plot.left + plot.right) / 2,
        y: plot.bottom + 48, anchor: "middle"))
    return elements
  }

  private func tickLabel(nanoseconds value: Double) -> String {
    if value >= 1e9 { return "\(trimmed(value / 1e9)) s" }
    if value >= 1e6 { return "\(trimmed(value / 1e6)) ms" }
    if value >= 1e3 { return "\(trimmed(value / 1e3)) µs" }
    return "\(trimmed(value)) ns"
  }

  private func trimmed(_ value: Double) -> String {
    String(format: "%g", value)
  }

  // MARK: - Lines and legend

  private func line(_ series: Series, scale: Scale) -> String {
    let coordinates = series.points.map {
      "\(format(scale.x($0.size))),\(format(scale.y($0.cost)))"
    }
    let dash = series.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
    var elements = [
      "<g>",
      "<polyline points=\"\(coordinates.joined(separator: " "))\" fill=\"none\" "
        + "stroke=\"\(series.color)\" stroke-width=\"2\"\(dash)/>",
    ]
    for point in series.points {
      let title =
        "\(series.label), N=\(Formatting.grouped(Int(point.size))): "
        + "\(Formatting.significant(point.cost)) ns/img"
      elements.append(
        "<circle cx=\"\(format(scale.x(point.size)))\" cy=\"\(format(scale.y(point.cost)))\" "
          + "r=\"3.5\" fill=\"\(series.color)\"><title>\(escaped(title))</title></circle>")
    }
    elements.append("</g>")
    return elements.joined(separator: "\n")
  }

  private func legend(_ series: [Series]) -> [String] {
    let left = plot.right + 24
    var elements = [
      text("rows", x: left, y: plot.top, weight: "bold"),
      text("insert solid, retrieve dashed", x: left + 40, y: plot.top, size: 11, fill: "#555"),
    ]
    for (index, item) in series.enumerated() {
      let y = plot.top + 22 + Double(index) * 20
      let dash = item.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
      elements.append(
        "<line x1=\"\(format(left))\" y1=\"\(format(y - 4))\" x2=\"\(format(left + 28))\" "
          + "y2=\"\(format(y - 4))\" stroke=\"\(item.color)\" stroke-width=\"2\"\(dash)/>")
      elements.append(text(item.label, x: left + 36, y: y))
    }
    return elements
  }

  // MARK: - SVG text

  private func text(
    _ content: String, x: Double, y: Double, size: Double? = nil, weight: String? = nil,
    fill: String? = nil, anchor: String? = nil
  ) -> String {
    var attributes = "x=\"\(format(x))\" y=\"\(format(y))\""
    if let size { attributes += " font-size=\"\(format(size))\"" }
    if let weight { attributes += " font-weight=\"\(weight)\"" }
    if let fill { attributes += " fill=\"\(fill)\"" }
    if let anchor { attributes += " text-anchor=\"\(anchor)\"" }
    return "<text \(attributes)>\(escaped(content))</text>"
  }

  private func escaped(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
      .replacing("\"", with: "&quot;")
  }

  private func format(_ value: Double) -> String {
    String(format: "%.1f", value)
  }
}

extension Array where Element: Hashable {
  /// The elements without repeats, in first-seen order.
  fileprivate func uniqued() -> [Element] {
    var seen: Set<Element> = []
    return filter { seen.insert($0).inserted }
  }
}
