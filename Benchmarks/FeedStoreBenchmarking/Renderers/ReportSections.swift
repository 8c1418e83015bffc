/// The sections every text format shows, built from a run: results per size, each insert against
/// the encoder baselines and against the floors, scaling, and the comparison with a baseline.
struct ReportSections {
  private let report: RunReport

  /// The sections of `report`.
  init(_ report: RunReport) {
    self.report = report
  }

  /// The run in one line: what was measured, how often, on which machine.
  var header: String {
    let configuration = report.configuration
    return """
      feedstore-bench: \(configuration.backends.joined(separator: ", ")); \
      \(configuration.iterations) samples per row after \(configuration.warmup) warm-up; \
      started \(report.startedAt)
      machine: \(report.machine.summary)
      """
  }

  /// Every section, in report order.
  var all: [ReportSection] {
    report.sizes.map(results(size:))
      + [
        insertAgainstEncoders, insertAgainstFloors, retrieveAgainstFloors, scaling, sustained,
        readers, comparison,
      ].compactMap { $0 }
  }

  /// What each column means.
  static let notes = [
    "min … max: the order statistics of the samples (nearest rank; p99 is the max below 100 "
      + "samples). Each sample is one operation on a fresh store.",
    "ns/img and img/s: p50 divided by N, and N per second at p50.",
    "vs floor: the row's p50 over the floor's p50 at the same N in this run. Insert and the "
      + "SQLite C API floor are divided by write+fsync+rename of the payload, encode by memcpy of "
      + "the payload, retrieve, decode and the SQLite C API read floor by building the N images "
      + "as values from their text fields. The payload is the plain JSON encoding of the N images.",
    "sustained: one long-lived store per backend takes every insert in turn; drift is the p50 of "
      + "the last tenth of the inserts over the first tenth's, storage is every file in the "
      + "store's directory after each insert (-wal included), leftover files are those a store "
      + "released after one insert does not leave, and peak RSS is this process's during the row.",
    "peak mem: how far one run of the operation raised the peak resident memory of a child "
      + "process that did nothing else (Linux VmHWM, reset just before the operation).",
    "allocs/img: heap allocations per image, counted only when the build includes the "
      + "allocation counter; n/a otherwise.",
  ]

  private func results(size: Int) -> ReportSection {
    let rows = report.rows(ofSize: size)
    let payload = rows.first?.payloadBytes ?? 0
    return ReportSection(
      title: "N = \(Formatting.grouped(size)) images",
      caption: "payload (plain JSON encoding): \(Formatting.grouped(payload)) bytes",
      headers: [
        "row", "min", "p50", "p90", "p99", "max", "ns/img", "img/s", "vs floor (p50)",
        "peak mem", "allocs/img",
      ],
      rows: rows.map(resultCells))
  }

  private func resultCells(_ row: ResultRow) -> [String] {
    let summary = row.summary
    let floor = row.floorRatio.map {
      "\(Formatting.ratio($0.ratio)) \($0.floor.replacing("floor: ", with: ""))"
    }
    return [row.label]
      + [summary.minimum, summary.p50, summary.p90, summary.p99, summary.maximum].map(duration)
      + [
        Formatting.significant(row.nanosecondsPerImage), Formatting.rate(row.imagesPerSecond),
        floor ?? "-", peakMemory(row), allocationsPerImage(row),
      ]
  }

  private func duration(_ nanoseconds: Int64) -> String {
    Formatting.duration(nanoseconds: nanoseconds)
  }

  private func peakMemory(_ row: ResultRow) -> String {
    guard report.configuration.measuresMemory else { return "not run" }
    guard let growth = row.memory?.peakGrowthBytes else { return "n/a" }
    return "+" + Formatting.bytes(growth)
  }

  private func allocationsPerImage(_ row: ResultRow) -> String {
    guard let allocations = row.memory?.allocations else { return "n/a" }
    return Formatting.significant(Double(allocations) / Double(max(row.size, 1)))
  }

  /// Each store's insert against the encoder baselines: plain encoding, and the least a store
  /// that writes the feed as one JSON file through `JSONEncoder` can do.
  private var insertAgainstEncoders: ReportSection? {
    against(
      .insert, title: "Insert against the encoder baselines (p50)",
      caption: "insert / JSONEncoder <= 1 means no slower than the plain JSONEncoder baseline. "
        + "DTO encode + write is the string DTO encode plus write+fsync+rename: the least a "
        + "store that writes the feed as one JSON file through JSONEncoder can do.",
      references: [
        Reference(name: "JSONEncoder", rows: [.encodeBaseline]),
        Reference(name: "DTO encode + write", rows: [.stringEncodeBaseline, .writeFloor]),
      ])
  }

  /// Each store's insert against the write floor and the SQLite C API floor, at p50 and at min:
  /// the first is what a durable file costs, the second what a store adds over SQLite itself.
  private var insertAgainstFloors: ReportSection? {
    against(
      .insert, title: "Insert against the floors",
      caption: "write is floor: write+fsync+rename; SQLite C API is floor: SQLite C API. Each "
        + "ratio divides the insert's p50 (or min) by the floor's p50 (or min) at the same N in "
        + "this run. write+fsync+rename syncs the file before it returns; SQLite in WAL mode with "
        + "synchronous=NORMAL, as the SQLite C API floor runs it, syncs only when it checkpoints "
        + "(at close, or at a commit that takes the log past 1,000 pages), so insert / write is "
        + "not like-for-like. The SQLite C API floor inserts the same rows into the same tables "
        + "with values encoded beforehand: insert / SQLite C API is what a SQLite store adds over "
        + "SQLite itself.",
      references: [
        Reference(name: "write", rows: [.writeFloor], showsMinimum: true),
        Reference(name: "SQLite C API", rows: [.sqliteFloor], showsMinimum: true),
      ])
  }

  /// Each store's retrieve against the value floor, the decoder baseline and the SQLite read
  /// floor.
  private var retrieveAgainstFloors: ReportSection? {
    against(
      .retrieve, title: "Retrieve against the floors (p50)",
      caption: "build values makes the N images from their text fields (UUID(uuidString:), "
        + "URL(string:)): the least any store must do to deliver them. JSONDecoder decodes the "
        + "payload into the same values. SQLite C API read reads the same rows, in one read "
        + "transaction, into the same values.",
      references: [
        Reference(name: "build values", rows: [.valueFloor]),
        Reference(name: "JSONDecoder", rows: [.decodeBaseline]),
        Reference(name: "SQLite C API read", rows: [.sqliteReadFloor]),
      ])
  }

  /// A reference a store operation is divided by: one row's figure, or the sum of several.
  private struct Reference {
    let name: String
    let rows: [RowID]
    var showsMinimum = false
  }

  /// Each store's `operation` at each size, with each reference's p50 and the ratios to it.
  private func against(
    _ operation: StoreOperation, title: String, caption: String, references: [Reference]
  ) -> ReportSection? {
    let name = operation.rawValue
    var rows: [[String]] = []
    for size in report.sizes {
      for row in report.rows(ofSize: size)
      where row.id.kind == .store && row.id.operation == name {
        var cells = [row.id.name, Formatting.grouped(size)]
        cells.append(duration(row.summary.p50))
        for reference in references {
          let found = reference.rows.compactMap { report.row($0, size: size)?.summary }
          let complete = found.count == reference.rows.count
          func ratio(_ statistic: KeyPath<Summary, Int64>) -> String {
            guard complete else { return "-" }
            let total = found.map { $0[keyPath: statistic] }.reduce(0, +)
            return Formatting.ratio(Double(row.summary[keyPath: statistic]) / Double(max(total, 1)))
          }
          let p50 = found.map(\.p50).reduce(0, +)
          cells += [complete ? duration(p50) : "-", ratio(\.p50)]
          if reference.showsMinimum {
            cells.append(ratio(\.minimum))
          }
        }
        rows.append(cells)
      }
    }
    guard !rows.isEmpty else { return nil }
    let headers = references.flatMap { reference in
      [reference.name, "\(name) / \(reference.name)\(reference.showsMinimum ? " (p50)" : "")"]
        + (reference.showsMinimum ? ["\(name) / \(reference.name) (min)"] : [])
    }
    return ReportSection(
      title: title, caption: caption, headers: ["store", "N", name] + headers, rows: rows)
  }

  /// The sustained mode: each row's throughput, latency, drift, storage and memory.
  private var sustained: ReportSection? {
    guard !report.sustained.isEmpty else { return nil }
    let configuration = report.configuration.sustained
    let rows = report.sustained.map { row in
      [row.label, Formatting.grouped(row.inserts), Formatting.rate(row.feedsPerSecond)]
        + [row.insert.p50, row.insert.p90, row.insert.p99, row.insert.maximum].map(duration) + [
          Formatting.ratio(row.drift), row.retrieve.map { duration($0.p50) } ?? "-",
          Formatting.bytes(row.storageEndBytes), Formatting.bytes(row.storagePeakBytes),
          row.leftoverFiles.isEmpty ? "0" : row.leftoverFiles.joined(separator: " "),
          row.peakResidentBytes.map(Formatting.bytes) ?? "n/a",
          row.flags.isEmpty
            ? "ok" : row.flags.map { $0.rawValue.uppercased() }.joined(separator: ", "),
        ]
    }
    return ReportSection(
      title:
        "Sustained insertion: \(Formatting.grouped(configuration.inserts)) feeds into one store",
      caption: "Feeds of 20 to 200 images (seeded), one after the other; a retrieve after every "
        + "\(configuration.retrieveEvery) inserts. floor: write+fsync+rename writes the same feeds' "
        + "JSON the same number of times. A row is flagged when its drift exceeds "
        + "\(Formatting.ratio(SustainedRow.driftLimit)) (and the p50 rose by more than "
        + "\(Formatting.duration(nanoseconds: BaselineComparison.noiseNanoseconds))), or when the "
        + "largest storage of the last tenth exceeds "
        + "\(Formatting.ratio(SustainedRow.storageGrowthLimit)) the first tenth's (and by more than "
        + "1 MiB).",
      headers: [
        "row", "inserts", "feeds/s", "p50", "p90", "p99", "max", "drift", "retrieve p50",
        "storage end", "storage peak", "leftover files", "peak RSS", "flags",
      ],
      rows: rows)
  }

  /// The readers' phase of the sustained mode: the writer's and the readers' latencies.
  private var readers: ReportSection? {
    let rows = report.sustained.compactMap { row in
      row.readers.map { readers in
        let (insert, retrieve) = (readers.insert, readers.retrieve)
        return [row.id.name, "\(readers.readers)"]
          + [insert.p50, insert.p99, retrieve.p50, retrieve.p90, retrieve.p99, retrieve.maximum]
          .map(duration) + [Formatting.grouped(readers.retrieves)]
      }
    }
    guard !rows.isEmpty else { return nil }
    let inserts = report.configuration.sustained.readerPhaseInserts
    return ReportSection(
      title: "Readers during sustained insertion",
      caption: "\(Formatting.grouped(inserts)) more inserts into the same store while the readers "
        + "retrieve in a loop until the last insert returns.",
      headers: [
        "store", "readers", "insert p50", "insert p99", "retrieve p50", "retrieve p90",
        "retrieve p99", "retrieve max", "retrieves",
      ],
      rows: rows)
  }

  private var scaling: ReportSection? {
    guard !report.scaling.isEmpty else { return nil }
    let sizes = report.sizes
    let rows = report.scaling.map { entry in
      let costs = sizes.map { size in
        entry.points.first { $0.size == size }.map {
          Formatting.significant($0.nanosecondsPerImage)
        }
          ?? "-"
      }
      let flag = entry.verdict == .worseThanLinear ? "WORSE THAN LINEAR" : entry.verdict.rawValue
      return [entry.label] + costs + [Formatting.ratio(entry.growth), flag]
    }
    let threshold = Formatting.significant(ScalingEntry.worseThanLinearGrowth)
    return ReportSection(
      title: "Scaling: ns per image (p50) by N",
      caption: "growth = ns/img at the largest N over ns/img at the smallest; above "
        + "\(threshold)x the row grows worse than linearly, below 1/\(threshold) fixed costs "
        + "dominate the small sizes.",
      headers: ["row"] + sizes.map { "N=\(Formatting.grouped($0))" } + ["growth", "verdict"],
      rows: rows)
  }

  private var comparison: ReportSection? {
    guard let comparison = report.comparison else { return nil }
    let rows = comparison.entries.map { entry in
      let status =
        if !entry.gates {
          "not gated"
        } else if entry.regressed {
          "REGRESSED"
        } else if entry.change > comparison.threshold {
          "ok (within noise)"
        } else {
          "ok"
        }
      return [
        entry.label, Formatting.grouped(entry.size), duration(entry.baselineP50),
        duration(entry.currentP50), Formatting.percentChange(entry.change), status,
      ]
    }
    var caption =
      "Against \(comparison.baselineFile) (started \(comparison.baselineStartedAt)); a store row "
      + "regresses when its p50 is more than \(Formatting.percentChange(comparison.threshold)) "
      + "slower, and by more than "
      + "\(Formatting.duration(nanoseconds: BaselineComparison.noiseNanoseconds)), below which "
      + "changes are timer and scheduling noise. Floors and the encoder baselines are not gated: "
      + "they show how much the machine itself moved."
    if !comparison.newRows.isEmpty {
      caption += " Not in the baseline: \(comparison.newRows.joined(separator: ", "))."
    }
    return ReportSection(
      title: "Comparison with baseline (p50)",
      caption: caption,
      headers: ["row", "N", "baseline p50", "p50", "change", "status"],
      rows: rows)
  }
}

/// One table of a report, as cells of text: the table and Markdown formats lay out the same
/// sections, so both always say the same thing.
struct ReportSection {
  /// The headers of the columns that hold text, aligned to the left; numbers align to the right.
  private static let textColumns: Set = [
    "row", "store", "vs floor (p50)", "verdict", "flags", "status",
  ]

  /// The section's heading.
  let title: String
  /// A sentence or two under the heading, if any.
  let caption: String?
  /// The column headers.
  let headers: [String]
  /// The cells, row by row.
  let rows: [[String]]

  /// Whether each column holds text rather than numbers.
  var isText: [Bool] { headers.map(Self.textColumns.contains) }
}
