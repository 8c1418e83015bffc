/// One table of a report, as cells of text: the table and Markdown renderers lay out the same
/// sections, so both formats always say the same thing.
struct ReportSection {
  /// The section's heading.
  let title: String
  /// A sentence or two under the heading, if any.
  let caption: String?
  /// The column headers.
  let headers: [String]
  /// The alignment of each column.
  let alignments: [TextTable.Alignment]
  /// The cells, row by row.
  let rows: [[String]]
}
