/// The sections the table and Markdown formats lay out, each defined once as its columns, which
/// docs/Benchmarks.md explains.
struct ReportSections {
  /// The run in two lines: what was measured, how often, on which machine.
  let header: String
  let all: [ReportSection]

  init(_ report: RunReport) {
    let (configuration, sustained) = (report.configuration, report.configuration.sustained)
    let references =
      configuration.references.isEmpty
      ? "" : "; references: \(configuration.references.joined(separator: ", "))"
    header = """
      \(report.tool): \(configuration.stores.joined(separator: ", "))\(references); \
      \(configuration.iterations) samples per row after \(configuration.warmup) warm-up; \
      started \(report.startedAt)
      machine: \(report.machine.summary)
      """
    let noise = duration(BaselineComparison.noiseNanoseconds)
    let beaten = report.rowsBeatingAFloor
    // Every section but the comparison is left out when it has no rows.
    let sections =
      [
        ReportSection(
          "FASTER THAN A FLOOR: this run's floors are not the least work",
          "A floor is the least any store can do for the same work, so no row may beat one beyond "
            + "the noise (the whole interval of its ratio below 1x). Each row here did: the floor "
            + "does more than the least, or the row skips work it owes.",
          beaten,
          [
            Column("row", isText: true, \.row.label),
            Column("N") { Formatting.grouped($0.row.size) },
            Column("floor", isText: true, \.floor.floor),
            Column("ratio (p50)") { Formatting.ratio($0.floor.ratio.ratio) },
            Column("interval", isText: true) { Formatting.interval($0.floor.ratio) },
          ])
      ]
      + report.sizes.map { size in
        let rows = report.rows.filter { $0.size == size }
        let withoutFloors = rows.filter { $0.id.isStore && $0.floors.isEmpty }.map(\.id.storeLabel)
        let unique = withoutFloors.reduce(into: [String]()) {
          if !$0.contains($1) { $0.append($1) }
        }
        return ReportSection(
          "N = \(Formatting.grouped(size)) images",
          "payload (plain JSON encoding): \(Formatting.grouped(rows.first?.payloadBytes ?? 0)) bytes"
            + (unique.isEmpty
              ? ""
              : "; no floor for \(unique.joined(separator: ", ")), which left no file in its "
                + "directory: the floors of file work are not its"),
          rows, Self.resultColumns(measuresMemory: configuration.measuresMemory))
      } + [
        Self.against(
          report, .insert, "Insert against the encoder baselines (p50)",
          "DTO encode + durable write: what a store writing one JSON file through JSONEncoder and "
            + "syncing it does.", floors: false,
          [
            ("JSONEncoder", [.encodeBaseline], [.p50]),
            ("DTO encode + durable write", [.stringEncodeBaseline, .durableWriteBaseline], [.p50]),
          ]),
        Self.against(
          report, .insert, "Insert against the floors",
          "write puts the payload in a new file: the least a store that keeps files does."
            + (report.rows.contains { $0.id == .sqliteFloor }
              ? " SQLite C API binds bytes encoded before its clock starts, Swift values reads "
                + "them from the images: floors of the SQLite store, points of comparison for "
                + "others." : ""),
          [
            ("write", [.writeFloor], [.p50, .min]), ("SQLite C API", [.sqliteFloor], [.p50, .min]),
            ("Swift values", [.sqliteValuesFloor], [.p50, .min]),
          ]),
        Self.against(
          report, .retrieve, "Retrieve against the floors (p50)",
          "build values makes the N images from their bytes: the least a store that keeps files "
            + "does."
            + (report.rows.contains { $0.id == .sqliteReadFloor }
              ? " SQLite C API read: a floor of the SQLite store, a point of comparison for others."
              : ""),
          [
            ("build values", [.valueFloor], [.p50]), ("JSONDecoder", [.decodeBaseline], [.p50]),
            ("SQLite C API read", [.sqliteReadFloor], [.p50]),
          ]),
        ReportSection(
          "Scaling: ns per image (p50) by N",
          "growth: ns/img at the largest N over the smallest, both sampled in the same rounds; "
            + "worse than linear when its whole interval lies above "
            + Formatting.ratio(ScalingEntry.worseThanLinearGrowth) + ".",
          report.scaling, Self.scalingColumns(sizes: report.sizes)),
        ReportSection(
          "Sustained insertion: \(Formatting.grouped(sustained.inserts)) feeds into one store",
          "Each feed into every row in turn; a retrieve after every \(sustained.retrieveEvery). "
            + "Flagged: drift (last tenth's p50 over the first's) whose whole interval lies above "
            + "\(Formatting.ratio(SustainedRow.driftLimit)), by more than \(noise), and for a store "
            + "beyond the machine's drift (the baseline's) too; or storage growth above "
            + "\(Formatting.ratio(SustainedRow.storageGrowthLimit)) and 1 MiB."
            + (report.sustainedMemory?.peakResidentBytes.map {
              " Peak resident memory, every store at once: \(Formatting.bytes($0))"
                + (report.sustainedMemory?.peakResidentGrowthBytes.map {
                  " (+\(Formatting.bytes($0)) over the start)"
                } ?? "") + "."
            } ?? ""),
          report.sustained, Self.sustainedColumns),
        ReportSection(
          "Readers during sustained insertion",
          "\(Formatting.grouped(sustained.readerPhaseInserts)) more inserts into the same store "
            + "while the readers retrieve in a loop.",
          report.sustained.compactMap { row in row.readers.map { (row.id.storeLabel, $0) } },
          [Column("store", isText: true, \.0), Column("readers") { "\($0.1.readers)" }]
            + Column.durations(of: \.1.insert, [.p50, .p99], prefix: "insert ")
            + Column.durations(of: \.1.retrieve, [.p50, .p90, .p99, .max], prefix: "retrieve ")
            + [Column("retrieves") { Formatting.grouped($0.1.retrieves) }]),
      ]
    let comparison = report.comparison.map { comparison in
      ReportSection(
        "Comparison with baseline (p50)",
        "Against \(comparison.baselineFile) (started \(comparison.baselineStartedAt)); a store "
          + "row regresses when the whole interval of its ratio lies above "
          + Formatting.ratio(1 + comparison.threshold) + " and it slowed by more than \(noise). "
          + "noise: half the width of each run's p50 interval. The load that changed between "
          + "the runs is in neither; compare two builds in one run (--compare) to gate on."
          + (comparison.newRows.isEmpty
            ? "" : " Not in the baseline: \(comparison.newRows.joined(separator: ", "))."),
        comparison.entries, Self.comparisonColumns(threshold: comparison.threshold))
    }
    all = sections.filter { !$0.rows.isEmpty } + [comparison].compactMap { $0 }
  }

  /// The comparison of two builds: its header and its one table.
  init(_ comparison: BuildComparison) {
    let configuration = comparison.configuration
    let references =
      configuration.references.isEmpty
      ? "" : "; references: \(configuration.references.joined(separator: ", "))"
    header = """
      \(comparison.tool): this build against \(comparison.otherBuild); \
      \(configuration.stores.joined(separator: ", "))\(references); \
      \(configuration.iterations) to \(configuration.maxIterations) samples per row and build, \
      judged after \(configuration.looks.map(String.init).joined(separator: ", ")) rounds, in \
      batches of \(configuration.batchRounds) by new workers after \(configuration.warmup) \
      warm-up; started \(comparison.startedAt)
      machine: \(comparison.machine.summary)
      """
    let missing = comparison.rowsMissingFromOtherBuild
    let noise = duration(BaselineComparison.noiseNanoseconds)
    all = [
      ReportSection(
        "Compared with \(comparison.otherBuild) (this build over the other, batch by batch)",
        "Threshold \(Formatting.percent(comparison.threshold)), or \(noise) for a faster row: a "
          + "row regressed or improved when the whole interval of its ratio lies beyond it, is "
          + "unchanged when the interval lies within it, and is undecided otherwise, or when its "
          + "control does not lie within it. Each batch's three new workers (this build, the "
          + "other, the other again) took one sample each per round, taking turns at going "
          + "first; ratio: the mean over the batches of this build's fastest sample over the "
          + "other's two, with its t interval over every look; control: the other build over "
          + "itself, alike."
          + (missing.isEmpty
            ? "" : " Not in the other build: \(missing.joined(separator: ", "))."),
        comparison.entries,
        [
          Column("row", isText: true, \.label), Column("N") { Formatting.grouped($0.size) },
          Column("this p50") { duration($0.thisP50) },
          Column("other p50") { duration($0.otherP50) },
          Column("ratio") { Formatting.ratio($0.ratio.ratio) },
          Column("interval", isText: true) { Formatting.interval($0.ratio) },
          Column("control", isText: true) { Formatting.interval($0.control) },
          Column("samples") { Formatting.grouped($0.ratio.samples) },
          Column("verdict", isText: true) { entry in
            (entry.gates ? "" : "not gated: ") + Self.verdict(entry)
          },
        ])
    ]
  }

  private static func verdict(_ entry: BuildComparison.Entry) -> String {
    switch entry.verdict {
    case .regressed: "REGRESSED"
    case .improved, .unchanged: entry.verdict.rawValue
    case .regressedOrNot:
      "COULD NOT DECIDE whether it regressed: \(BuildComparison.samplesAdvice(entry))"
    case .improvedOrNot:
      "not regressed; whether it improved, \(BuildComparison.samplesAdvice(entry))"
    }
  }

  private static func resultColumns(measuresMemory: Bool) -> [Column<ResultRow>] {
    [Column("row", isText: true, \.label)]
      + Column.durations(of: \.summary, Summary.Statistic.allCases) + [
        Column("ns/img") { Formatting.significant($0.nanosecondsPerImage) },
        Column("img/s") { Formatting.rate($0.imagesPerSecond) },
        Column("vs floor (p50)", isText: true) { row in
          row.floors.last.map {
            "\(Formatting.ratio($0.ratio.ratio)) \($0.floor.replacing("floor: ", with: ""))"
              + ($0.isBeaten
                ? ": FASTER THAN ITS FLOOR"
                : row.floors.contains(where: \.isBeaten) ? ": FASTER THAN A FLOOR" : "")
          } ?? "-"
        },
        Column("peak mem") { row in
          guard measuresMemory else { return "not run" }
          return row.memory?.peakGrowthBytes.map { "+" + Formatting.bytes($0) } ?? "n/a"
        },
        Column("allocs/img") { row in
          row.memory?.allocations.map {
            Formatting.significant(Double($0) / Double(max(row.size, 1)))
          } ?? "n/a"
        },
      ]
  }

  /// Each store's `operation` at each size, with each reference's p50 and the row's ratio to it.
  ///
  /// The ratio is at each of the reference's statistics; a reference of several rows is their
  /// sum, and one the run did not measure (the SQLite floors without the SQLite backend linked) is
  /// left out. Against `floors`, only the stores held to a floor: one that keeps its feed only in
  /// memory does none of their work.
  private static func against(
    _ report: RunReport, _ operation: StoreOperation, _ title: String, _ caption: String,
    floors: Bool = true,
    _ references: [(name: String, rows: [RowID], statistics: [Summary.Statistic])]
  ) -> ReportSection {
    let rows = report.rows.filter {
      $0.id.isStore && $0.id.operation == operation.rawValue && (!floors || !$0.floors.isEmpty)
    }
    /// The reference's total at the row's size; `nil` when one of its rows is missing.
    func total(_ ids: [RowID], _ statistic: Summary.Statistic, _ row: ResultRow) -> Int64? {
      let found = ids.compactMap { id in report.rows.first { $0.id == id && $0.size == row.size } }
      return found.count == ids.count ? found.map { statistic.of($0.summary) }.reduce(0, +) : nil
    }
    let measured = Set(report.rows.map(\.id))
    let name = operation.rawValue
    let columns = references.filter { $0.rows.allSatisfy(measured.contains) }.flatMap {
      reference in
      [Column<ResultRow>(reference.name) { total(reference.rows, .p50, $0).map(duration) ?? "-" }]
        + reference.statistics.map { statistic in
          let suffix = reference.statistics.count > 1 ? " (\(statistic))" : ""
          return Column("\(name) / \(reference.name)\(suffix)") { row in
            total(reference.rows, statistic, row).map {
              Formatting.ratio(Double(statistic.of(row.summary)) / Double(max($0, 1)))
            } ?? "-"
          }
        }
    }
    return ReportSection(
      title, caption, rows,
      [
        Column("store", isText: true, \.id.storeLabel),
        Column("N") { Formatting.grouped($0.size) }, Column(name) { duration($0.summary.p50) },
      ] + columns)
  }

  private static func scalingColumns(sizes: [Int]) -> [Column<ScalingEntry>] {
    [Column("row", isText: true, \.label)]
      + sizes.map { size in
        Column("N=\(Formatting.grouped(size))") { entry in
          entry.points.first { $0.size == size }.map {
            Formatting.significant($0.nanosecondsPerImage)
          } ?? "-"
        }
      } + [
        Column("growth") { Formatting.ratio($0.growth.ratio) },
        Column("verdict", isText: true) { entry in
          entry.flagDetail.map { "WORSE THAN LINEAR (\($0))" } ?? entry.verdict.rawValue
        },
      ]
  }

  private static var sustainedColumns: [Column<SustainedRow>] {
    [
      Column("row", isText: true, \.label), Column("inserts") { Formatting.grouped($0.inserts) },
      Column("feeds/s") { Formatting.rate($0.feedsPerSecond) },
    ] + Column.durations(of: \.insert, [.p50, .p90, .p99, .max]) + [
      Column("drift") { Formatting.ratio($0.drift.ratio) },
      Column("retrieve p50") { $0.retrieve.map { duration($0.p50) } ?? "-" },
      Column("storage end") { Formatting.bytes($0.storageEndBytes) },
      Column("storage peak") { Formatting.bytes($0.storagePeakBytes) },
      Column("leftover files") {
        $0.leftoverFiles.isEmpty ? "0" : $0.leftoverFiles.joined(separator: " ")
      },
      Column("flags", isText: true) {
        $0.flags.isEmpty
          ? "ok"
          : $0.flags.map { "\($0.kind.rawValue.uppercased()) (\($0.detail))" }
            .joined(separator: ", ")
      },
    ]
  }

  private static func comparisonColumns(threshold: Double) -> [Column<BaselineComparison.Entry>] {
    [
      Column("row", isText: true, \.label), Column("N") { Formatting.grouped($0.size) },
      Column("baseline p50") { duration($0.baselineP50) },
      Column("p50") { duration($0.currentP50) },
      Column("change") { Formatting.percentChange($0.change) },
      Column("interval", isText: true) { Formatting.interval($0.ratio) },
      Column("noise (this run)") { "±" + Formatting.percent($0.currentNoise) },
      Column("noise (baseline)") { "±" + Formatting.percent($0.baselineNoise) },
      Column("status", isText: true) { entry in
        if !entry.gates { return "not gated" }
        if entry.regressed { return "REGRESSED" }
        return entry.change > threshold ? "ok (within the noise)" : "ok"
      },
    ]
  }
}

private func duration(_ nanoseconds: Int64) -> String {
  Formatting.duration(nanoseconds: nanoseconds)
}

/// One table of a report, as cells of text.
struct ReportSection {
  let title: String
  let caption: String
  let headers: [String]
  /// Whether each column holds text, aligned to the left, rather than numbers.
  let isText: [Bool]
  let rows: [[String]]

  /// The section that shows each of `rows` in `columns`.
  init<Row>(_ title: String, _ caption: String, _ rows: [Row], _ columns: [Column<Row>]) {
    (self.title, self.caption) = (title, caption)
    (headers, isText) = (columns.map(\.header), columns.map(\.isText))
    self.rows = rows.map { row in columns.map { $0.cell(row) } }
  }
}

/// One column of a section: its header, its alignment, and its cell for a row.
struct Column<Row> {
  let header: String
  let isText: Bool
  let cell: (Row) -> String

  init(_ header: String, isText: Bool = false, _ cell: @escaping (Row) -> String) {
    (self.header, self.isText, self.cell) = (header, isText, cell)
  }

  /// A column per statistic of the row's `summary`, as durations, headed `prefix` and its name.
  static func durations(
    of summary: @escaping (Row) -> Summary, _ statistics: [Summary.Statistic], prefix: String = ""
  ) -> [Column] {
    statistics.map { statistic in
      Column("\(prefix)\(statistic)") { duration(statistic.of(summary($0))) }
    }
  }
}
