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
