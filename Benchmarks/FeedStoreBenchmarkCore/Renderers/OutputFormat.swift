import Foundation

/// How the report is written, each format in one place: the table and Markdown formats lay out
/// the same ``ReportSections``, so both always say the same thing.
enum OutputFormat: String, CaseIterable, Sendable {
  case table, json, markdown, svg

  func render(_ report: RunReport) throws -> String {
    switch self {
    case .table: Self.table(ReportSections(report))
    case .json: try Self.json(report)
    case .markdown: Self.markdown(ReportSections(report))
    case .svg: SVGChart(report).document
    }
  }

  /// The comparison of two builds, in the same layouts as a run; `--compare` refuses svg.
  func render(_ comparison: BuildComparison) throws -> String {
    switch self {
    case .table: Self.table(ReportSections(comparison))
    case .json: try Self.json(comparison)
    case .markdown: Self.markdown(ReportSections(comparison))
    case .svg: throw BenchmarkError("an svg chart draws a run, not a comparison")
    }
  }

  /// Aligned columns, text to the left and numbers to the right, a rule under the header.
  private static func table(_ sections: ReportSections) -> String {
    let blocks = sections.all.map { section in
      let widths = section.headers.indices.map { column in
        ([section.headers] + section.rows).map { $0[column].count }.max() ?? 0
      }
      func line(_ cells: [String]) -> String {
        let padded = cells.indices.map { column in
          let padding = String(repeating: " ", count: widths[column] - cells[column].count)
          return section.isText[column] ? cells[column] + padding : padding + cells[column]
        }
        return String(padded.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
      }
      let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
      return
        ([section.title, section.caption, line(section.headers), rule] + section.rows.map(line))
        .joined(separator: "\n")
    }
    return ([sections.header] + blocks).joined(separator: "\n\n") + "\n"
  }

  /// The whole run, as `--save` writes it, or comparison, keys sorted and indented so saved runs
  /// diff well.
  private static func json(_ report: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
  }

  /// Pipe tables, with what Markdown would read as table or emphasis syntax escaped.
  private static func markdown(_ sections: ReportSections) -> String {
    func escaped(_ text: String) -> String {
      text.replacing("|", with: "\\|").replacing("*", with: "\\*").replacing("<", with: "&lt;")
    }
    func row(_ cells: [String]) -> String {
      "| " + cells.map(escaped).joined(separator: " | ") + " |"
    }
    let header = sections.header.split(separator: "\n").map { "> \($0)" }
    let blocks = sections.all.map { section in
      (["#### \(section.title)", "", escaped(section.caption), "", row(section.headers)]
        + ["|" + section.isText.map { $0 ? " --- |" : " ---: |" }.joined()]
        + section.rows.map(row)).joined(separator: "\n")
    }
    return ([header.joined(separator: "  \n")] + blocks).joined(separator: "\n\n") + "\n"
  }
}
