import FeedCache
import Foundation
import SharedSupport

/// Runs the sustained mode (docs/Benchmarks.md) for the durable write baseline and each store at
/// once, insert by insert.
///
/// Feed `i` goes into every row in turn (in reverse order on odd `i`), so a slow spell of the
/// machine lands on every row alike. Each insert is timed, the storage measured after it, a
/// retrieve checked after every K; then, store by store, the readers' phase with every retrieve
/// checked, and the files each released store left.
struct SustainedRunner: Sendable {
  let configuration: SustainedConfiguration
  /// The stores, each with the kind of its row.
  let stores: [(store: BenchmarkedStore, kind: RowID.Kind)]

  /// The baseline's row, then each store's, with their files in `directory`, and the memory of
  /// the main phase; progress goes to standard error.
  ///
  /// - Throws: ``BenchmarkError`` naming the store that threw or retrieved the wrong feed.
  func run(in directory: URL) async throws -> (rows: [SustainedRow], memory: SustainedMemory) {
    let feeds = try SustainedFeeds(count: configuration.inserts)
    StandardError.write(
      "sustained: \(configuration.inserts) inserts into each row in turn, then readers")
    var lanes = [try Lane(durableWriteIn: try subdirectory("baseline", of: directory))]
    for (store, kind) in stores {
      let id = RowID.store(store.name, "sustained insert", kind: kind)
      do {
        lanes.append(try await Lane(id, of: store, feeds, in: directory))
      } catch {
        throw BenchmarkError("\(id.label) failed: \(error)")
      }
    }
    _ = ProcessMemory.resetPeak()
    let residentBefore = ProcessMemory.residentBytes()
    // A tenth at a time, so that a long run is never silent.
    let step = max(feeds.count / 10, 1)
    StandardError.write("  inserts done:", terminator: "")
    for index in 0..<feeds.count {
      let order = index.isMultiple(of: 2) ? Array(lanes.indices) : lanes.indices.reversed()
      for lane in order {
        try await lanes[lane].insert(feeds, index, retrieveEvery: configuration.retrieveEvery)
      }
      if (index + 1).isMultiple(of: step) || index + 1 == feeds.count {
        StandardError.write(" \(index + 1)", terminator: "")
      }
    }
    StandardError.write("")
    let peak = ProcessMemory.peakResidentBytes()
    let memory = SustainedMemory(
      peakResidentBytes: peak,
      peakResidentGrowthBytes: residentBefore.flatMap { before in peak.map { max(0, $0 - before) } }
    )
    let machine = lanes[0].recording.inserts
    var rows: [SustainedRow] = []
    for index in lanes.indices {
      if index > 0, configuration.readerPhaseInserts > 0 {
        StandardError.write(
          "  \(lanes[index].id.label): \(configuration.readers) reader(s) during "
            + "\(configuration.readerPhaseInserts) more inserts")
        try await lanes[index].runReaders(configuration, feeds)
      }
      rows.append(try await lanes[index].finish(machine: index > 0 ? machine : nil))
    }
    return (rows, memory)
  }
}

/// One row of the sustained mode as it runs: the durable write baseline's file, or a store.
private struct Lane {
  let id: RowID
  var recording: Recording
  private let file: PayloadFile?
  private let benchmarked: BenchmarkedStore?
  private let store: (any FeedStore)?
  private let expectedFiles: [String]
  private var retrieves: [Int64] = []
  private var readers: SustainedRow.Readers?

  /// The baseline: each feed's JSON written durably to one file in `directory`.
  init(durableWriteIn directory: URL) throws {
    id = .sustainedDurableWrite
    recording = Recording(directory: directory)
    let file = PayloadFile(in: directory, durable: true)
    (self.file, benchmarked, store) = (file, nil, nil)
    expectedFiles = [file.destination.lastPathComponent]
  }

  /// A store of `benchmarked` in a directory of its own, and the files a store of the same kind
  /// leaves after a single insert, which another store in another directory tells.
  init(
    _ id: RowID, of benchmarked: BenchmarkedStore, _ feeds: SustainedFeeds, in directory: URL
  ) async throws {
    let oneInsert = try subdirectory("\(benchmarked.name)-one-insert", of: directory)
    let oneInsertStore = try await benchmarked.makeStore(in: oneInsert)
    try await oneInsertStore.insert(feeds.feed(0), timestamp: feeds.timestamp(0))
    await benchmarked.closeStorage(of: oneInsertStore)
    expectedFiles = try storagePaths(in: oneInsert).map(withoutUUIDs)
    self.id = id
    recording = Recording(directory: try subdirectory(benchmarked.name, of: directory))
    (file, self.benchmarked) = (nil, benchmarked)
    store = try await benchmarked.makeStore(in: recording.directory)
  }

  /// Inserts feed `index`, timed, then measures the storage and, after every `retrieveEvery`
  /// inserts into a store, times a retrieve and checks it delivers that feed.
  mutating func insert(
    _ feeds: SustainedFeeds, _ index: Int, retrieveEvery: Int
  ) async throws {
    do {
      guard let store else {
        let payload = feeds.payload(index)
        let start = ContinuousClock.now
        try file?.write(payload)
        return try recording.insert(of: feeds.size(index), since: start)
      }
      let feed = feeds.feed(index)
      let start = ContinuousClock.now
      try await store.insert(feed, timestamp: feeds.timestamp(index))
      try recording.insert(of: feed.count, since: start)
      if (index + 1) % retrieveEvery == 0 {
        let start = ContinuousClock.now
        let cached = try await store.retrieve()
        retrieves.append(start.duration(to: .now).nanoseconds)
        try feeds.check(cached, isFeed: index, "after insert \(index + 1), a retrieve")
      }
    } catch {
      throw BenchmarkError("\(id.label) failed: \(error)")
    }
  }

  /// The readers' phase of a store, then the check that it delivers the phase's last feed.
  mutating func runReaders(_ configuration: SustainedConfiguration, _ feeds: SustainedFeeds)
    async throws
  {
    guard let store else { return }
    do {
      var recording = self.recording
      readers = try await withReaders(store, feeds, configuration) {
        try recording.sampleStorage()
      }
      self.recording = recording
      let last = min(configuration.readerPhaseInserts, feeds.count) - 1
      try feeds.check(
        try await store.retrieve(), isFeed: last, "after the readers' phase, a retrieve")
    } catch {
      throw BenchmarkError("\(id.label) failed: \(error)")
    }
  }

  /// Closes the store's storage, lists the files it left, and makes the row.
  func finish(machine: [Int64]?) async throws -> SustainedRow {
    if let store, let benchmarked {
      await benchmarked.closeStorage(of: store)
    }
    return try recording.row(
      id, expectedFiles: expectedFiles, retrieves: store == nil ? nil : retrieves,
      readers: readers, machine: machine)
  }
}

/// The readers' phase: inserts the first feeds again while ``SustainedConfiguration/readers``
/// tasks retrieve in a loop until the last insert returned; each retrieve must deliver, exactly,
/// the main phase's last feed or one the phase inserted, and is checked after its clock stopped.
private func withReaders(
  _ store: any FeedStore, _ feeds: SustainedFeeds, _ configuration: SustainedConfiguration,
  afterInsert: () throws -> Void
) async throws -> SustainedRow.Readers {
  let stop = Locked(false)  // Tells the readers to stop; set once by the writer.
  let phaseInserts = min(configuration.readerPhaseInserts, feeds.count)
  let readable = Set(0..<phaseInserts).union([feeds.count - 1])
  return try await withThrowingTaskGroup(of: [Int64].self) { group in
    for _ in 0..<configuration.readers {
      group.addTask {
        var samples: [Int64] = []
        // Each reader retrieves at least once, even when the writer is done before it starts.
        repeat {
          let start = ContinuousClock.now
          let cached = try await store.retrieve()
          samples.append(start.duration(to: .now).nanoseconds)
          try feeds.check(cached, isOneOf: readable, "a reader's retrieve")
        } while !stop.current && !Task.isCancelled
        return samples
      }
    }
    defer { stop.withLock { $0 = true } }
    var inserts: [Int64] = []
    for index in 0..<phaseInserts {
      let start = ContinuousClock.now
      try await store.insert(feeds.feed(index), timestamp: feeds.timestamp(index))
      inserts.append(start.duration(to: .now).nanoseconds)
      try afterInsert()
    }
    stop.withLock { $0 = true }
    let retrieves = try await group.reduce(into: []) { $0 += $1 }
    return SustainedRow.Readers(
      readers: configuration.readers, inserts: inserts, retrieves: retrieves)
  }
}

/// One row's main phase as it runs: each insert's time, and the storage after it.
private struct Recording {
  let directory: URL
  private(set) var inserts: [Int64] = []
  private var storage: [Int] = []
  private var images = 0

  init(directory: URL) {
    self.directory = directory
  }

  /// Records an insert of `images` images that started at `start`, and the storage after it.
  mutating func insert(of images: Int, since start: ContinuousClock.Instant) throws {
    inserts.append(start.duration(to: .now).nanoseconds)
    self.images += images
    try sampleStorage()
  }

  /// Adds up the bytes of every regular file under the directory, in subdirectories too.
  mutating func sampleStorage() throws {
    let keys: Set<URLResourceKey> = [.isRegularFileKey, .fileSizeKey]
    guard
      let files = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: Array(keys))
    else {
      throw BenchmarkError("cannot list the files in \(directory.path(percentEncoded: false))")
    }
    var bytes = 0
    for case let file as URL in files {
      let values = try file.resourceValues(forKeys: keys)
      bytes += values.isRegularFile == true ? values.fileSize ?? 0 : 0
    }
    storage.append(bytes)
  }

  /// The row, also to standard error, once the store is released: the paths left beyond
  /// `expectedFiles`, compared once their UUIDs are replaced as there, are leftovers.
  func row(
    _ id: RowID, expectedFiles: [String], retrieves: [Int64]?, readers: SustainedRow.Readers?,
    machine: [Int64]?
  ) throws -> SustainedRow {
    let row = SustainedRow(
      id: id, insertSamples: inserts, images: images, retrieveSamples: retrieves,
      storageSamples: storage,
      leftoverFiles: try leftovers(in: directory, beyond: expectedFiles), readers: readers,
      machine: machine)
    StandardError.write(
      "  \(row.label): \(Formatting.rate(row.feedsPerSecond)) feeds/s, p50 "
        + "\(Formatting.duration(nanoseconds: row.insert.p50)), drift "
        + Formatting.ratio(row.drift.ratio))
    return row
  }
}

/// Creates the directory `sustained-NAME` in `parent`.
private func subdirectory(_ name: String, of parent: URL) throws -> URL {
  let directory = parent.appending(path: "sustained-\(name)", directoryHint: .isDirectory)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  return directory
}

/// The paths of the files and directories under `directory`, relative to it, sorted.
private func storagePaths(in directory: URL) throws -> [String] {
  try FileManager.default.subpathsOfDirectory(atPath: directory.path(percentEncoded: false))
    .sorted()
}

/// The paths under `directory` beyond those of `expected`: each path, once its UUIDs are replaced
/// by `<UUID>`, matches one expected path at most, so a store that leaves a new file named by a
/// UUID on each insert has every one but the first listed.
private func leftovers(in directory: URL, beyond expected: [String]) throws -> [String] {
  var unmatched = expected.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
  return try storagePaths(in: directory).filter { path in
    let key = withoutUUIDs(path)
    guard let count = unmatched[key], count > 0 else { return true }
    unmatched[key] = count - 1
    return false
  }
}

/// `path` with every UUID in it replaced by `<UUID>`: a factory that names each store's file or
/// directory by a new UUID, as spec factories do, gives two stores paths that compare.
private func withoutUUIDs(_ path: String) -> String {
  path.replacing(
    /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/, with: "<UUID>")
}
