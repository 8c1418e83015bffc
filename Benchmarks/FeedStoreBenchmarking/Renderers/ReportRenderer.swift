import Foundation

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

/// How the report is written.
enum OutputFormat: String, CaseIterable, Sendable {
  /// Aligned text tables for a terminal.
  case table
  /// The whole run as JSON, as `--save` writes it.
  case json
  /// Markdown tables for documentation.
  case markdown
  /// An SVG chart of cost per image against feed size.
  case svg
}

/// The whole run as JSON, as `--save` writes it and `--baseline` reads it.
struct JSONRenderer: ReportRenderer {
  /// The run as JSON: keys sorted, indented, so saved runs diff well.
  func render(_ report: RunReport) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
  }
}

/// The default format: aligned plain-text tables for a terminal.
struct TableRenderer: ReportRenderer {
  func render(_ report: RunReport) -> String {
    let sections = ReportSections(report)
    var blocks = [sections.header]
    for section in sections.all {
      var table = TextTable(headers: section.headers, alignments: section.alignments)
      for row in section.rows {
        table.append(row)
      }
      var lines = [section.title]
      if let caption = section.caption {
        lines.append(caption)
      }
      lines.append(table.render())
      blocks.append(lines.joined(separator: "\n"))
    }
    blocks.append(ReportSections.notes.map { "* \($0)" }.joined(separator: "\n"))
    return blocks.joined(separator: "\n\n") + "\n"
  }
}

/// Markdown for documentation: the same sections as the table format, as pipe tables.
struct MarkdownRenderer: ReportRenderer {
  func render(_ report: RunReport) -> String {
    let sections = ReportSections(report)
    var blocks = [
      sections.header.split(separator: "\n").map { "> \($0)" }.joined(separator: "  \n")
    ]
    for section in sections.all {
      var lines = ["#### \(section.title)", ""]
      if let caption = section.caption {
        lines += [escaped(caption), ""]
      }
      lines.append(row(section.headers))
      lines.append(
        "|" + section.alignments.map { $0 == .right ? " ---: |" : " --- |" }.joined())
      lines += section.rows.map(row)
      blocks.append(lines.joined(separator: "\n"))
    }
    blocks.append(ReportSections.notes.map { "- \(escaped($0))" }.joined(separator: "\n"))
    return blocks.joined(separator: "\n\n") + "\n"
  }

  private func row(_ cells: [String]) -> String {
    "| " + cells.map(escaped).joined(separator: " | ") + " |"
  }

  /// Escapes what Markdown would otherwise read as table or emphasis syntax.
  private func escaped(_ text: String) -> String {
    text.replacing("|", with: "\\|").replacing("*", with: "\\*").replacing("<", with: "&lt;")
  }
}
