/// The sustained mode's counts, as given on the command line and saved with the run.
struct SustainedConfiguration: Codable, Equatable, Sendable {
  /// The readers' phase runs this many times fewer inserts than the main one.
  static let readerPhaseDivisor = 5

  /// Successive inserts into one store per backend; 0 skips the mode.
  var inserts: Int
  /// A retrieve after every this many inserts.
  var retrieveEvery: Int
  /// Readers retrieving in a loop during the readers' phase; 0 skips it.
  var readers: Int

  /// The inserts of the readers' phase, which follows the main one.
  var readerPhaseInserts: Int {
    readers > 0 && inserts > 0 ? max(1, inserts / Self.readerPhaseDivisor) : 0
  }
}

/// One backend, or the write floor, through the sustained mode: thousands of feeds inserted one
/// after the other into one long-lived store.
struct SustainedRow: Codable, Sendable {
  /// What makes a row suspect.
  enum Flag: String, Codable, Sendable {
    /// The last tenth's p50 is more than ``SustainedRow/driftLimit`` times the first tenth's.
    case drifts = "latency drifts upward"
    /// The last tenth's largest storage is more than ``SustainedRow/storageGrowthLimit`` times
    /// the first tenth's.
    case storageGrows = "storage keeps growing"
  }

  /// The readers' phase: inserts while other tasks retrieve in a loop.
  struct Readers: Codable, Sendable {
    /// The number of readers.
    let readers: Int
    /// Each insert of the phase, in nanoseconds.
    let insert: Summary
    /// Each retrieve of every reader, in nanoseconds.
    let retrieve: Summary
    /// The retrieves all readers finished during the phase.
    let retrieves: Int
  }

  /// A drift or storage growth above these counts as upward; below is noise.
  static let driftLimit = 1.5
  /// See ``driftLimit``.
  static let storageGrowthLimit = 1.5

  /// The row: a store's `sustained insert`, or the write floor's `sustained write`.
  let id: RowID
  /// How reports show the row.
  let label: String
  /// The inserts of the main phase.
  let inserts: Int
  /// The images those inserts held.
  let images: Int
  /// Inserts per second of time spent inserting.
  let feedsPerSecond: Double
  /// Each insert of the main phase, in nanoseconds.
  let insert: Summary
  /// p50 of the last tenth of the inserts over p50 of the first tenth.
  let drift: Double
  /// The retrieve after every K inserts, in nanoseconds; `nil` for the floor.
  let retrieve: Summary?
  /// The bytes of every file in the store's directory after the last insert (`-wal` included).
  let storageEndBytes: Int
  /// The most those files held after any insert.
  let storagePeakBytes: Int
  /// The largest storage in the last tenth of the inserts over the largest in the first tenth.
  let storageGrowth: Double
  /// Files left in the directory after the store was released that a store released after one
  /// insert does not leave.
  let leftoverFiles: [String]
  /// The process's peak resident memory during the row, reset at its start (Linux).
  let peakResidentBytes: Int?
  /// How far that peak rose above the resident memory at the row's start.
  let peakResidentGrowthBytes: Int?
  /// The readers' phase, when it ran.
  let readers: Readers?
  /// What makes the row suspect.
  let flags: [Flag]

  /// Summarizes the main phase's samples.
  init(
    id: RowID, insertSamples: [Int64], images: Int, retrieveSamples: [Int64]?,
    storageSamples: [Int], leftoverFiles: [String], residentBefore: Int?, peakResident: Int?,
    readers: Readers?
  ) {
    self.id = id
    label = id.label
    inserts = insertSamples.count
    self.images = images
    insert = Summary(nanoseconds: insertSamples)
    feedsPerSecond =
      Double(inserts) * 1e9 / Double(max(insertSamples.reduce(0, +), 1))
    let tenth = max(1, inserts / 10)
    let firstP50 = Summary(nanoseconds: Array(insertSamples.prefix(tenth))).p50
    let lastP50 = Summary(nanoseconds: Array(insertSamples.suffix(tenth))).p50
    drift = Double(lastP50) / Double(max(firstP50, 1))
    retrieve = retrieveSamples.map { Summary(nanoseconds: $0) }
    storageEndBytes = storageSamples.last ?? 0
    storagePeakBytes = storageSamples.max() ?? 0
    let firstStorage = storageSamples.prefix(tenth).max() ?? 0
    let lastStorage = storageSamples.suffix(tenth).max() ?? 0
    storageGrowth = Double(lastStorage) / Double(max(firstStorage, 1))
    self.leftoverFiles = leftoverFiles
    peakResidentBytes = peakResident
    peakResidentGrowthBytes = residentBefore.flatMap { before in
      peakResident.map { max(0, $0 - before) }
    }
    self.readers = readers
    var flags: [Flag] = []
    if drift > Self.driftLimit, lastP50 - firstP50 > BaselineComparison.noiseNanoseconds {
      flags.append(.drifts)
    }
    if storageGrowth > Self.storageGrowthLimit, lastStorage - firstStorage > 1 << 20 {
      flags.append(.storageGrows)
    }
    self.flags = flags
  }
}
