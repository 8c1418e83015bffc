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
