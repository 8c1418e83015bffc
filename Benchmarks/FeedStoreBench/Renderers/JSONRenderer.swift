import Foundation

/// The whole run as JSON, as `--save` writes it and `--baseline` reads it.
struct JSONRenderer: ReportRenderer {
  /// The run as JSON: keys sorted, indented, so saved runs diff well.
  func render(_ report: RunReport) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
  }
}
