import Foundation

/// An SVG chart of cost per image (p50) against feed size, log-log, one line per row: stores in a
/// color each, insert solid and retrieve dashed; floors grey and baselines black, by dashes.
struct SVGChart {
  let document: String

  init(_ report: RunReport) {
    let (left, right, top, bottom) = (90.0, 690.0, 70.0, 480.0)
    let groups = ResultRow.bySize(report.rows)
    let stores = groups.map(\.id).filter(\.isStore).map(\.name)
      .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    let series = groups.map { id, rows in
      let rank = groups.map(\.id).filter { $0.kind == id.kind }.firstIndex(of: id) ?? 0
      let (color, dash): (String, String?) =
        switch id.kind {
        case .floor: floorStyles[min(rank, floorStyles.count - 1)]
        case .baseline: ("#222222", ["7 3 2 3", "2 2", "12 4"][min(rank, 2)])
        case .store, .reference:
          (
            palette[(stores.firstIndex(of: id.name) ?? 0) % palette.count],
            id.operation == StoreOperation.insert.rawValue ? nil : "8 4"
          )
        }
      let points = rows.map { (size: Double($0.size), cost: max($0.nanosecondsPerImage, 0.001)) }
      return (id.label, color, dash.map { " stroke-dasharray=\"\($0)\"" } ?? "", points)
    }
    // x: the sizes, widened by 12% of their spread on each side (half a decade around one
    // size); y: whole decades around every cost.
    let xLogs = report.sizes.map { log10(Double($0)) }
    let (xLow, xHigh) = (xLogs.min() ?? 0, xLogs.max() ?? 1)
    let padding = xHigh > xLow ? (xHigh - xLow) * 0.12 : 0.5
    let (xFirst, xLast) = (xLow - padding, xHigh + padding)
    let yLogs = series.flatMap { $0.3.map { log10($0.cost) } }
    let yFirst = (yLogs.min() ?? 0).rounded(.down)
    let yLast = max((yLogs.max() ?? 1).rounded(.up), yFirst + 1)
    let x = { (size: Double) in left + (log10(size) - xFirst) / (xLast - xFirst) * (right - left) }
    let y = { (cost: Double) in bottom - (log10(cost) - yFirst) / (yLast - yFirst) * (bottom - top)
    }
    let middle = format((top + bottom) / 2)
    var svg = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000.0\" height=\"560.0\" "
        + "viewBox=\"0 0 1000.0 560.0\" font-family=\"Helvetica, Arial, sans-serif\" "
        + "font-size=\"12\">",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
      text(
        "\(report.tool): cost per image against feed size (p50, log-log)", left, 28,
        "font-size=\"16.0\" font-weight=\"bold\""),
      text(
        "\(report.machine.summary); \(report.startedAt)", left, 48,
        "font-size=\"11.0\" fill=\"#555\""
      ),
    ]
    for cost in (Int(yFirst)...Int(yLast)).map({ pow(10, Double($0)) }) {
      let (divisor, unit) =
        [(1e9, "s"), (1e6, "ms"), (1e3, "µs")].first { cost >= $0.0 } ?? (1, "ns")
      svg += [
        line(left, y(cost), right, y(cost), "#e3e3e3"),
        text(
          String(format: "%g ", cost / divisor) + unit, left - 8, y(cost) + 4, "text-anchor=\"end\""
        ),
      ]
    }
    svg += [
      "<text x=\"24\" y=\"\(middle)\" text-anchor=\"middle\" transform=\"rotate(-90 24 \(middle))\">"
        + "cost per image, p50 (log scale)</text>", line(left, top, left, bottom, "#333"),
    ]
    // Sizes within one decade (2,000 and 5,000) have no power of ten between them: no grid line.
    for exponent in Int(xFirst.rounded(.up))...max(Int(xFirst.rounded(.up)), Int(xLast)) {
      let position = x(pow(10, Double(exponent)))
      if position >= left, position <= right {
        svg.append(line(position, top, position, bottom, "#f0f0f0"))
      }
    }
    for size in report.sizes.map(Double.init) {
      svg += [
        line(x(size), bottom, x(size), bottom + 5, "#333"),
        text(Formatting.grouped(Int(size)), x(size), bottom + 20, "text-anchor=\"middle\""),
      ]
    }
    svg += [
      line(left, bottom, right, bottom, "#333"),
      text(
        "feed size N, images (log scale)", (left + right) / 2, bottom + 48, "text-anchor=\"middle\""
      ),
    ]
    for (label, color, dash, points) in series {
      let coordinates = points.map { "\(format(x($0.size))),\(format(y($0.cost)))" }
      svg.append("<g>")
      svg.append(
        "<polyline points=\"\(coordinates.joined(separator: " "))\" fill=\"none\" "
          + "stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>")
      svg += points.map { point in
        let title =
          "\(label), N=\(Formatting.grouped(Int(point.size))): "
          + "\(Formatting.significant(point.cost)) ns/img"
        return "<circle cx=\"\(format(x(point.size)))\" cy=\"\(format(y(point.cost)))\" r=\"3.5\" "
          + "fill=\"\(color)\"><title>\(escaped(title))</title></circle>"
      }
      svg.append("</g>")
    }
    svg += [
      text("rows", right + 24, top, "font-weight=\"bold\""),
      text("insert solid, retrieve dashed", right + 64, top, "font-size=\"11.0\" fill=\"#555\""),
    ]
    for (index, (label, color, dash, _)) in series.enumerated() {
      let y = top + 22 + Double(index) * 20
      svg += [
        line(right + 24, y - 4, right + 52, y - 4, color, " stroke-width=\"2\"\(dash)"),
        text(label, right + 60, y),
      ]
    }
    document = (svg + ["</svg>"]).joined(separator: "\n") + "\n"
  }
}

private let palette = [
  "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
]
private let floorStyles = [
  ("#aaaaaa", "1 3"), ("#666666", "4 3"), ("#999999", "10 3 2 3 2 3"), ("#bbbb55", "6 2"),
  ("#55bbbb", "2 4 8 4"), ("#bb77bb", "3 3 9 3"),
]

private func line(
  _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ stroke: String, _ more: String = ""
) -> String {
  "<line x1=\"\(format(x1))\" y1=\"\(format(y1))\" x2=\"\(format(x2))\" y2=\"\(format(y2))\" "
    + "stroke=\"\(stroke)\"\(more)/>"
}

private func text(_ content: String, _ x: Double, _ y: Double, _ attributes: String = "") -> String
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
