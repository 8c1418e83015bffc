import Foundation

/// How the report is written; the table and Markdown formats lay out the same
/// ``ReportSections``, so both always say the same thing.
enum OutputFormat: String, CaseIterable, Sendable {
  /// Aligned plain-text tables for a terminal; the default.
  case table
  /// The whole run as JSON, as `--save` writes it and `--baseline` reads it: keys sorted,
  /// indented, so saved runs diff well.
  case json
  /// Markdown pipe tables for documentation.
  case markdown
  /// An SVG chart of cost per image against feed size.
  case svg

  /// The report as text in this format.
  func render(_ report: RunReport) throws -> String {
    switch self {
    case .json:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    case .table: return Self.table(ReportSections(report))
    case .markdown: return Self.markdown(ReportSections(report))
    case .svg: return SVGChartRenderer().render(report)
    }
  }

  /// Aligned columns, two spaces apart, text to the left and numbers to the right, with a rule
  /// under the header.
  private static func table(_ sections: ReportSections) -> String {
    let blocks = sections.all.map { section in
      let widths = section.headers.indices.map { column in
        ([section.headers] + section.rows).map { column < $0.count ? $0[column].count : 0 }.max()
          ?? 0
      }
      func line(_ cells: [String]) -> String {
        var line = zip(cells, zip(widths, section.isText)).map { cell, layout in
          let padding = String(repeating: " ", count: layout.0 - cell.count)
          return layout.1 ? cell + padding : padding + cell
        }
        .joined(separator: "  ")
        while line.last == " " {
          line.removeLast()
        }
        return line
      }
      let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
      return
        ([section.title] + [section.caption].compactMap { $0 } + [line(section.headers), rule]
        + section.rows.map(line)).joined(separator: "\n")
    }
    let notes = ReportSections.notes.map { "* \($0)" }.joined(separator: "\n")
    return ([sections.header] + blocks + [notes]).joined(separator: "\n\n") + "\n"
  }

  private static func markdown(_ sections: ReportSections) -> String {
    /// Escapes what Markdown would otherwise read as table or emphasis syntax.
    func escaped(_ text: String) -> String {
      text.replacing("|", with: "\\|").replacing("*", with: "\\*").replacing("<", with: "&lt;")
    }
    func row(_ cells: [String]) -> String {
      "| " + cells.map(escaped).joined(separator: " | ") + " |"
    }
    let header = sections.header.split(separator: "\n").map { "> \($0)" }
    let blocks = sections.all.map { section in
      var lines = ["#### \(section.title)", ""]
      if let caption = section.caption {
        lines += [escaped(caption), ""]
      }
      lines.append(row(section.headers))
      lines.append("|" + section.isText.map { $0 ? " --- |" : " ---: |" }.joined())
      return (lines + section.rows.map(row)).joined(separator: "\n")
    }
    let notes = ReportSections.notes.map { "- \(escaped($0))" }.joined(separator: "\n")
    return ([header.joined(separator: "  \n")] + blocks + [notes]).joined(separator: "\n\n") + "\n"
  }
}
