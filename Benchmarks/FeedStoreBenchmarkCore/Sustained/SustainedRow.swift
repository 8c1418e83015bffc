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

/// One backend, or the write floor, through the sustained mode.
struct SustainedRow: Codable, Sendable {
  /// A drift or a storage growth above its limit, and by more than noise.
  enum Flag: String, Codable, Sendable {
    case drifts = "latency drifts upward"
    case storageGrows = "storage keeps growing"
  }

  /// The readers' phase: its inserts, and every retrieve of the readers that ran meanwhile.
  struct Readers: Codable, Sendable {
    let readers: Int
    let insert: Summary
    let retrieve: Summary
    let retrieves: Int
  }

  /// The drift, or the storage growth, above which a row is flagged.
  static let driftLimit = 1.5
  static let storageGrowthLimit = 1.5

  let id: RowID
  let label: String
  /// The inserts of the main phase, the images they held, and each one's time.
  let inserts: Int
  let images: Int
  let insert: Summary
  /// Inserts per second of time spent inserting; then the drift, the last tenth's p50 over the
  /// first tenth's.
  let feedsPerSecond: Double
  let drift: Double
  /// The retrieve after every K inserts; `nil` for the floor.
  let retrieve: Summary?
  /// The bytes of every file in the store's directory after the last insert (`-wal` included),
  /// and the most they held after any insert.
  let storageEndBytes: Int
  let storagePeakBytes: Int
  /// The largest storage in the last tenth of the inserts over the largest in the first tenth.
  let storageGrowth: Double
  /// Files a released store left that one released after a single insert does not leave.
  let leftoverFiles: [String]
  /// The process's peak resident memory during the row (reset at its start on Linux), and how
  /// far it rose above the resident memory at the start.
  let peakResidentBytes: Int?
  let peakResidentGrowthBytes: Int?
  let readers: Readers?
  let flags: [Flag]

  init(
    id: RowID, insertSamples: [Int64], images: Int, retrieveSamples: [Int64]?,
    storageSamples: [Int], leftoverFiles: [String], residentBefore: Int?, peakResident: Int?,
    readers: Readers?
  ) {
    (self.id, label, inserts, self.images) = (id, id.label, insertSamples.count, images)
    insert = Summary(nanoseconds: insertSamples)
    feedsPerSecond = Double(inserts) * 1e9 / Double(max(insertSamples.reduce(0, +), 1))
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
    flags =
      (drift > Self.driftLimit && lastP50 - firstP50 > BaselineComparison.noiseNanoseconds
        ? [.drifts] : [])
      + (storageGrowth > Self.storageGrowthLimit && lastStorage - firstStorage > 1 << 20
        ? [.storageGrows] : [])
  }
}
