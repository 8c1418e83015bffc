/// The sustained mode's counts, which `--inserts`, `--retrieve-every` and `--readers` set.
struct SustainedConfiguration: Codable, Equatable, Sendable {
  /// The readers' phase runs this many times fewer inserts than the main one.
  static let readerPhaseDivisor = 5

  var inserts: Int
  var retrieveEvery: Int
  var readers: Int

  /// The inserts of the readers' phase, which follows the main one.
  var readerPhaseInserts: Int {
    readers > 0 && inserts > 0 ? max(1, inserts / Self.readerPhaseDivisor) : 0
  }
}

/// One store, or the durable write baseline, through the sustained mode.
struct SustainedRow: Codable, Sendable {
  /// A drift or a storage growth above its limit and the noise, with what it rests on.
  struct Flag: Codable, Equatable, Sendable {
    enum Kind: String, Codable, Sendable {
      case drifts = "latency drifts upward"
      case storageGrows = "storage keeps growing"
    }

    let kind: Kind
    /// Why it stands out of the noise, and for the baseline row that the machine is the cause,
    /// as the report prints it beside the flag.
    let detail: String
  }

  /// The readers' phase: its inserts, and every retrieve of the readers that ran meanwhile.
  struct Readers: Codable, Sendable {
    let readers: Int
    let insert: Summary
    let retrieve: Summary
    let retrieves: Int
    /// Every retrieve's time, in the order they finished, for a comparison with a saved run.
    let retrieveSamplesNanoseconds: [Int64]

    init(readers: Int, inserts: [Int64], retrieves: [Int64]) {
      self.readers = readers
      (insert, retrieve) = (Summary(nanoseconds: inserts), Summary(nanoseconds: retrieves))
      self.retrieves = retrieves.count
      retrieveSamplesNanoseconds = retrieves
    }
  }

  /// The drift, or the storage growth, above which a row is flagged.
  static let driftLimit = 1.5
  static let storageGrowthLimit = 1.5

  let id: RowID
  let label: String
  /// The inserts of the main phase, the images they held, and each one's time, in order.
  let inserts: Int
  let images: Int
  let insertSamplesNanoseconds: [Int64]
  let insert: Summary
  /// Inserts per second of time spent inserting.
  let feedsPerSecond: Double
  /// The last tenth's p50 over the first tenth's, with its interval.
  let drift: RatioInterval
  /// The drift over the drift of the machine's reference (the durable write baseline, whose
  /// inserts alternate with this row's), with its interval; `nil` for the reference itself.
  let driftBeyondMachine: RatioInterval?
  /// The retrieve after every K inserts; `nil` for the baseline.
  let retrieve: Summary?
  /// The bytes of every file in the store's directory after the last insert (`-wal` included),
  /// and the most they held after any insert.
  let storageEndBytes: Int
  let storagePeakBytes: Int
  /// The largest storage in the last tenth of the inserts over the largest in the first tenth.
  let storageGrowth: Double
  /// Files a released store left that one released after a single insert does not leave.
  let leftoverFiles: [String]
  let readers: Readers?
  let flags: [Flag]

  /// Summarizes a row of the main phase.
  ///
  /// - Parameters:
  ///   - id: The row.
  ///   - insertSamples: Each insert's time, in order.
  ///   - images: The images all the inserts held.
  ///   - retrieveSamples: The retrieve after every K inserts; `nil` for the baseline.
  ///   - storageSamples: The bytes of the row's files after each insert.
  ///   - leftoverFiles: Files the released store left beyond those of one insert.
  ///   - readers: The readers' phase, if it ran.
  ///   - machine: The insert times of the machine's reference, the same number as this row's,
  ///     insert `i` of each run next to the other's; `nil` for the reference itself.
  init(
    id: RowID, insertSamples: [Int64], images: Int, retrieveSamples: [Int64]?,
    storageSamples: [Int], leftoverFiles: [String], readers: Readers?, machine: [Int64]?
  ) {
    (self.id, label, inserts, self.images) = (id, id.label, insertSamples.count, images)
    insertSamplesNanoseconds = insertSamples
    insert = Summary(nanoseconds: insertSamples)
    feedsPerSecond = Double(inserts) * 1e9 / Double(max(insertSamples.reduce(0, +), 1))
    let tenth = max(1, inserts / 10)
    let (first, last) = (Array(insertSamples.prefix(tenth)), Array(insertSamples.suffix(tenth)))
    drift =
      RatioInterval.independent(last, over: first)
      ?? RatioInterval(ratio: 1, lower: 1, upper: 1, samples: 0)
    driftBeyondMachine = machine.flatMap { machine in
      Self.driftBeyond(insertSamples, machine: machine, tenth: tenth)
    }
    retrieve = retrieveSamples.map { Summary(nanoseconds: $0) }
    storageEndBytes = storageSamples.last ?? 0
    storagePeakBytes = storageSamples.max() ?? 0
    let firstStorage = storageSamples.prefix(tenth).max() ?? 0
    let lastStorage = storageSamples.suffix(tenth).max() ?? 0
    storageGrowth = Double(lastStorage) / Double(max(firstStorage, 1))
    self.leftoverFiles = leftoverFiles
    self.readers = readers
    var flags: [Flag] = []
    let rise = Summary(nanoseconds: last).p50 - Summary(nanoseconds: first).p50
    if let flag = Self.driftFlag(
      id, drift, beyondMachine: driftBeyondMachine,
      rises: rise > BaselineComparison.noiseNanoseconds)
    {
      flags.append(flag)
    }
    if storageGrowth > Self.storageGrowthLimit, lastStorage - firstStorage > 1 << 20 {
      flags.append(
        Flag(
          kind: .storageGrows,
          detail: "\(Formatting.ratio(storageGrowth)), +"
            + Formatting.bytes(lastStorage - firstStorage)))
    }
    self.flags = flags
  }

  /// The flag of a drift past ``driftLimit`` beyond its noise: its whole interval above the
  /// limit, its p50 risen by more than the timer's noise, and, for a store, past the limit beyond
  /// the machine's own drift too; on the baseline row, the machine is the cause.
  static func driftFlag(
    _ id: RowID, _ drift: RatioInterval, beyondMachine: RatioInterval?, rises: Bool
  ) -> Flag? {
    guard rises, drift.isAbove(driftLimit) else { return nil }
    let measured = "\(Formatting.ratio(drift.ratio)), \(Formatting.interval(drift))"
    guard id.isStore else {
      return Flag(
        kind: .drifts,
        detail: "\(measured): a \(id.kind.rawValue) row, so the machine or its disk, not a store")
    }
    guard let beyondMachine else { return Flag(kind: .drifts, detail: measured) }
    guard beyondMachine.isAbove(driftLimit) else { return nil }
    return Flag(
      kind: .drifts,
      detail: "\(measured); \(Formatting.ratio(beyondMachine.ratio)) beyond the machine's")
  }

  /// This row's drift over the machine reference's, resampling the first and the last tenth of
  /// both at the same inserts, since they ran one after the other.
  private static func driftBeyond(
    _ samples: [Int64], machine: [Int64], tenth: Int
  ) -> RatioInterval? {
    guard samples.count == machine.count, samples.count >= 2 else { return nil }
    let last = samples.count - tenth
    let (own, theirs) = (Bootstrap.Series(samples), Bootstrap.Series(machine))
    let interval = Bootstrap.interval(strata: [tenth, tenth]) { indices in
      let ownDrift =
        own.median(at: indices[1], offset: last) / max(own.median(at: indices[0]), 1)
      let theirDrift =
        theirs.median(at: indices[1], offset: last) / max(theirs.median(at: indices[0]), 1)
      return ownDrift / theirDrift
    }
    return RatioInterval(
      ratio: interval.estimate, lower: interval.lower, upper: interval.upper, samples: tenth)
  }
}

/// The process's peak resident memory during the sustained mode's main phase, in which every
/// row's store lives at once, and how far it rose above the resident memory at its start.
struct SustainedMemory: Codable, Sendable {
  let peakResidentBytes: Int?
  let peakResidentGrowthBytes: Int?
}
