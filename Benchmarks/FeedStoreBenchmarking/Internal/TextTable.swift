/// A plain-text table with aligned columns: text columns to the left, numbers to the right.
struct TextTable {
  /// How a column aligns its cells.
  enum Alignment {
    case left, right
  }

  private let headers: [String]
  private let alignments: [Alignment]
  private var rows: [[String]] = []

  /// Creates a table with one header per column; `alignments` defaults to left.
  init(headers: [String], alignments: [Alignment]) {
    self.headers = headers
    self.alignments = alignments
  }

  /// Appends a row; missing cells are blank and extra cells are dropped.
  mutating func append(_ cells: [String]) {
    rows.append((0..<headers.count).map { $0 < cells.count ? cells[$0] : "" })
  }

  /// The table as lines of text, two spaces between columns, a rule under the header.
  func render() -> String {
    let widths = headers.indices.map { column in
      ([headers] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.indices.map { column in
        let padding = String(repeating: " ", count: widths[column] - cells[column].count)
        let alignment = column < alignments.count ? alignments[column] : .left
        return alignment == .left ? cells[column] + padding : padding + cells[column]
      }
      .joined(separator: "  ")
      .trailingSpacesRemoved()
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([line(headers), rule] + rows.map(line)).joined(separator: "\n")
  }
}

extension String {
  fileprivate func trailingSpacesRemoved() -> String {
    var result = self
    while result.last == " " {
      result.removeLast()
    }
    return result
  }
}
