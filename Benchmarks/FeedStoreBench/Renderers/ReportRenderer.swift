/// Turns a run into the text of one output format.
protocol ReportRenderer {
  /// The report as text.
  func render(_ report: RunReport) throws -> String
}

extension OutputFormat {
  /// The renderer of this format.
  var renderer: any ReportRenderer {
    switch self {
    case .table: TableRenderer()
    case .json: JSONRenderer()
    case .markdown: MarkdownRenderer()
    case .svg: SVGChartRenderer()
    }
  }
}
