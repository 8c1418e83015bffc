import Foundation

/// A whole run: the machine, the configuration, every row and the scaling verdicts.
///
/// When asked for, it also holds the comparison with a saved run. `--format json` and `--save`
/// write it as it is.
struct RunReport: Codable, Sendable {
  /// The version of this JSON shape; a saved run of another version is refused as a baseline.
  static let currentSchemaVersion = 2

  /// The version of this JSON shape.
  let schemaVersion: Int
  /// The tool that wrote the report.
  let tool: String
  /// When the run started, in ISO 8601.
  let startedAt: String
  /// The machine the run measured.
  let machine: MachineInfo
  /// What the run measured and how.
  let configuration: RunConfiguration
  /// Every row at every size, sizes ascending, in catalog order within a size.
  let rows: [ResultRow]
  /// How each row's cost per image scales, when more than one size was measured.
  let scaling: [ScalingEntry]
  /// The sustained mode's rows: the write floor's, then each backend's; empty when skipped.
  let sustained: [SustainedRow]
  /// This run against `--baseline`, when given.
  var comparison: BaselineComparison?

  /// Assembles a report, analyzing the rows' scaling.
  init(
    startedAt: Date, machine: MachineInfo, configuration: RunConfiguration, rows: [ResultRow],
    sustained: [SustainedRow] = [], comparison: BaselineComparison? = nil
  ) {
    schemaVersion = Self.currentSchemaVersion
    tool = "feedstore-bench"
    self.startedAt = startedAt.formatted(.iso8601)
    self.machine = machine
    self.configuration = configuration
    self.rows = rows
    scaling = ScalingEntry.analyze(rows)
    self.sustained = sustained
    self.comparison = comparison
  }

  /// The sizes, smallest first, that have rows.
  var sizes: [Int] { Array(Set(rows.map(\.size))).sorted() }

  /// The rows of one size, in catalog order.
  func rows(ofSize size: Int) -> [ResultRow] {
    rows.filter { $0.size == size }
  }

  /// The row `id` at `size`, if measured.
  func row(_ id: RowID, size: Int) -> ResultRow? {
    rows.first { $0.id == id && $0.size == size }
  }
}

/// What a run measured and how: saved with the results so a later run can tell what it is
/// compared with.
struct RunConfiguration: Codable, Sendable {
  /// The feed sizes, smallest first.
  let sizes: [Int]
  /// The backends, by registry name.
  let backends: [String]
  /// Samples kept per row.
  let iterations: Int
  /// Samples discarded per row before them.
  let warmup: Int
  /// Whether memory was measured in child processes.
  let measuresMemory: Bool
  /// Whether heap allocations were counted.
  let countsAllocations: Bool
  /// The seed of the fixture's generator.
  let fixtureSeed: UInt64
  /// The sustained mode's counts.
  let sustained: SustainedConfiguration
}
