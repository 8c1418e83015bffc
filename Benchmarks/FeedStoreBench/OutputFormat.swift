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
