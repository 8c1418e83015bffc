import Foundation

/// A whole run, as `--format json` and `--save` write it: the program, the machine, the
/// configuration, every row, the scaling verdicts and, when asked for, the comparison with a saved
/// run.
struct RunReport: Codable, Sendable {
  /// The version of this JSON shape; a saved run of another version is refused.
  static let currentSchemaVersion = 4

  let schemaVersion: Int
  /// The benchmark program that made the run, such as `feedstore-bench`.
  let tool: String
  /// When the run started, in ISO 8601.
  let startedAt: String
  let machine: MachineInfo
  let configuration: RunConfiguration
  /// Every row, sizes ascending, in catalog order within a size; then the scaling of those
  /// measured at two sizes or more; then the sustained mode's, the durable write baseline's
  /// first, and the memory of its main phase.
  let rows: [ResultRow]
  let scaling: [ScalingEntry]
  let sustained: [SustainedRow]
  let sustainedMemory: SustainedMemory?
  var comparison: BaselineComparison?

  init(
    tool: String, startedAt: Date, machine: MachineInfo, configuration: RunConfiguration,
    rows: [ResultRow], sustained: [SustainedRow] = [], sustainedMemory: SustainedMemory? = nil
  ) {
    (schemaVersion, self.tool) = (Self.currentSchemaVersion, tool)
    self.startedAt = startedAt.formatted(.iso8601)
    (self.machine, self.configuration, self.rows) = (machine, configuration, rows)
    scaling = ScalingEntry.analyze(rows)
    (self.sustained, self.sustainedMemory) = (sustained, sustainedMemory)
  }

  /// Every row faster than a floor it is held to, beyond the noise, with that floor: the floor is
  /// not the least work, or the row skips work it owes.
  var rowsBeatingAFloor: [(row: ResultRow, floor: ResultRow.FloorRatio)] {
    rows.flatMap { row in row.beatenFloors.map { (row, $0) } }
  }

  var sizes: [Int] { Set(rows.map(\.size)).sorted() }
}

extension RunReport {
  /// Loads the run saved at `path`, if any, which `option` named, before anything is measured.
  ///
  /// - Throws: ``ArgumentError`` when the file cannot be read, is not a saved run, or was saved
  ///   by another schema version.
  static func load(from path: String?, for option: String) throws(ArgumentError) -> RunReport? {
    struct Version: Decodable { let schemaVersion: Int }
    guard let path else { return nil }
    guard FileManager.default.fileExists(atPath: path) else {
      throw ArgumentError("\(option): '\(path)' does not exist")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ArgumentError("\(option): cannot read '\(path)'")
    }
    guard let version = try? JSONDecoder().decode(Version.self, from: data).schemaVersion else {
      throw ArgumentError("\(option): '\(path)' is not a run saved by --save")
    }
    guard version == currentSchemaVersion else {
      throw ArgumentError(
        "\(option): '\(path)' has schema version \(version); this tool reads version "
          + "\(currentSchemaVersion)")
    }
    do {
      return try JSONDecoder().decode(RunReport.self, from: data)
    } catch {
      throw ArgumentError("\(option): '\(path)' is not a valid saved run: \(error)")
    }
  }
}

/// What a run measured and how, saved with its results; `Arguments.parse` sets each property
/// from its option, or the option's default.
struct RunConfiguration: Codable, Equatable, Sendable {
  var sizes: [Int] = []
  /// The program's stores that ran, and the reference backends that ran beside them.
  var stores: [String] = []
  var references: [String] = []
  var iterations = 0
  var warmup = 0
  /// Whether memory was measured in child processes, and heap allocations counted there.
  var measuresMemory = true
  var countsAllocations = false
  var fixtureSeed = Fixture.seed
  var sustained = SustainedConfiguration(inserts: 0, retrieveEvery: 1, readers: 0)
}
