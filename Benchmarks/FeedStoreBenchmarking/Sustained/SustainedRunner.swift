import FeedCache
import FeedStoreBackends
import FeedStoreSupport
import Foundation

/// Runs the sustained mode: for the write floor and then each backend, thousands of feeds
/// inserted one after the other into one long-lived store in a directory of its own.
///
/// The main phase inserts ``SustainedConfiguration/inserts`` feeds, timing each insert, and
/// retrieves after every K of them, checking it gets the last feed back. The storage (every file
/// in the store's directory, `-wal` included) is measured after each insert, untimed. Then, with
/// readers, a fifth as many more inserts run while that many tasks retrieve in a loop. Releasing
/// the store ends the row; the files it leaves are compared with those a store leaves after one
/// insert. The floor writes the same feeds' JSON as many times, with write+fsync+rename.
struct SustainedRunner: Sendable {
  /// The counts.
  let configuration: SustainedConfiguration
  /// The backends to run.
  let backends: [FeedStoreBackend]

  /// Runs the floor's row and each backend's; progress goes to standard error.
  ///
  /// - Parameter directory: An existing directory for the stores' files.
  /// - Returns: The floor's row, then each backend's, in the order of `backends`.
  /// - Throws: ``BenchmarkError`` naming the backend that threw or retrieved the wrong feed.
  func run(in directory: URL) async throws -> [SustainedRow] {
    let feeds = try SustainedFeeds(count: configuration.inserts)
    StandardError.write(
      "sustained: \(Formatting.grouped(configuration.inserts)) inserts per row, a retrieve "
        + "every \(configuration.retrieveEvery), then \(configuration.readerPhaseInserts) with "
        + "\(configuration.readers) reader(s)")
    var rows = [try floorRow(feeds, in: try subdirectory("floor", of: directory))]
    report(rows[0])
    for backend in backends {
      do {
        rows.append(try await row(of: backend, feeds, in: directory))
      } catch {
        throw BenchmarkError("\(backend) sustained insert failed: \(error)")
      }
      report(rows[rows.count - 1])
    }
    return rows
  }

  private func report(_ row: SustainedRow) {
    StandardError.write(
      "  \(row.label): \(Formatting.rate(row.feedsPerSecond)) feeds/s, p50 "
        + "\(Formatting.duration(nanoseconds: row.insert.p50)), drift \(Formatting.ratio(row.drift))"
        + (row.flags.isEmpty ? "" : ", " + row.flags.map(\.rawValue).joined(separator: ", ")))
  }

  private func floorRow(_ feeds: SustainedFeeds, in directory: URL) throws -> SustainedRow {
    let file = DurableFile(directory: directory)
    let clock = ContinuousClock()
    let residentBefore = resetPeak()
    var samples: [Int64] = []
    var storage: [Int] = []
    var images = 0
    for index in 0..<feeds.count {
      let payload = feeds.payload(index)
      let start = clock.now
      try file.write(payload)
      samples.append(start.duration(to: clock.now).nanoseconds)
      storage.append(try Self.storageBytes(in: directory))
      images += feeds.size(index)
    }
    return SustainedRow(
      id: .sustainedWriteFloor, insertSamples: samples, images: images, retrieveSamples: nil,
      storageSamples: storage,
      leftoverFiles: try Self.files(in: directory).filter {
        $0 != file.destination.lastPathComponent
      },
      residentBefore: residentBefore, peakResident: ProcessMemory.peakResidentBytes(),
      readers: nil)
  }

  private func row(
    of backend: FeedStoreBackend, _ feeds: SustainedFeeds, in directory: URL
  ) async throws -> SustainedRow {
    let reference = try subdirectory("\(backend.name)-one-insert", of: directory)
    try await backend.makeStore(in: reference).insert(feeds.feed(0), timestamp: feeds.timestamp(0))
    let expectedFiles = Set(try Self.files(in: reference))

    let storeDirectory = try subdirectory(backend.name, of: directory)
    let residentBefore = resetPeak()
    let clock = ContinuousClock()
    var inserts: [Int64] = []
    var retrieves: [Int64] = []
    var storage: [Int] = []
    var images = 0
    var readers: SustainedRow.Readers?
    do {
      // The store lives for this block only: the files it leaves are listed after it.
      let store = try await backend.makeStore(in: storeDirectory)
      for index in 0..<feeds.count {
        let feed = feeds.feed(index)
        let start = clock.now
        try await store.insert(feed, timestamp: feeds.timestamp(index))
        inserts.append(start.duration(to: clock.now).nanoseconds)
        storage.append(try Self.storageBytes(in: storeDirectory))
        images += feed.count
        if (index + 1) % configuration.retrieveEvery == 0 {
          let start = clock.now
          let cached = try await store.retrieve()
          retrieves.append(start.duration(to: clock.now).nanoseconds)
          guard cached == CachedFeed(feed: feed, timestamp: feeds.timestamp(index)) else {
            throw BenchmarkError("it retrieved another feed than insert \(index + 1) made")
          }
        }
      }
      if configuration.readerPhaseInserts > 0 {
        readers = try await withReaders(store, feeds) {
          storage.append(try Self.storageBytes(in: storeDirectory))
        }
      }
    }
    return SustainedRow(
      id: .sustainedInsert(backend.name), insertSamples: inserts, images: images,
      retrieveSamples: retrieves, storageSamples: storage,
      leftoverFiles: try Self.files(in: storeDirectory).filter { !expectedFiles.contains($0) },
      residentBefore: residentBefore, peakResident: ProcessMemory.peakResidentBytes(),
      readers: readers)
  }

  /// The readers' phase: inserts the first feeds again while ``SustainedConfiguration/readers``
  /// tasks retrieve in a loop until the last insert returned.
  private func withReaders(
    _ store: any FeedStore, _ feeds: SustainedFeeds, afterInsert: () throws -> Void
  ) async throws -> SustainedRow.Readers {
    let stop = StopSignal()
    return try await withThrowingTaskGroup(of: [Int64].self) { group in
      for _ in 0..<configuration.readers {
        group.addTask {
          let clock = ContinuousClock()
          var samples: [Int64] = []
          // Each reader retrieves at least once, even when the writer is done before it starts.
          repeat {
            let start = clock.now
            guard try await store.retrieve() != nil else {
              throw BenchmarkError("a reader retrieved nothing from a store that holds a feed")
            }
            samples.append(start.duration(to: clock.now).nanoseconds)
          } while !stop.isSet && !Task.isCancelled
          return samples
        }
      }
      defer { stop.set() }
      let clock = ContinuousClock()
      var inserts: [Int64] = []
      for index in 0..<min(configuration.readerPhaseInserts, feeds.count) {
        let start = clock.now
        try await store.insert(feeds.feed(index), timestamp: feeds.timestamp(index))
        inserts.append(start.duration(to: clock.now).nanoseconds)
        try afterInsert()
      }
      stop.set()
      var retrieves: [Int64] = []
      for try await samples in group {
        retrieves += samples
      }
      return SustainedRow.Readers(
        readers: configuration.readers, insert: Summary(nanoseconds: inserts),
        retrieve: Summary(nanoseconds: retrieves), retrieves: retrieves.count)
    }
  }

  /// Resets the process's peak resident memory (Linux) and returns the resident memory now.
  private func resetPeak() -> Int? {
    _ = ProcessMemory.resetPeak()
    return ProcessMemory.residentBytes()
  }

  private func subdirectory(_ name: String, of directory: URL) throws -> URL {
    let url = directory.appending(path: "sustained-\(name)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    return url
  }

  /// The names of the files in `directory`, sorted.
  private static func files(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
      .sorted()
  }

  /// The bytes of every file in `directory`.
  private static func storageBytes(in directory: URL) throws -> Int {
    let path = directory.path(percentEncoded: false)
    return try FileManager.default.contentsOfDirectory(atPath: path).reduce(0) { total, name in
      let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + name)
      return total + ((attributes[.size] as? Int) ?? 0)
    }
  }
}

/// Tells the readers to stop; set once by the writer.
private final class StopSignal: Sendable {
  private let flag = Locked(false)

  var isSet: Bool { flag.current }

  func set() {
    flag.withLock { $0 = true }
  }
}

extension RowID {
  /// The sustained mode's row of a backend.
  static func sustainedInsert(_ backend: String) -> RowID {
    RowID(kind: .store, name: backend, operation: "sustained insert")
  }

  /// The sustained mode's write floor: the same feeds' JSON written durably, one after the other.
  static let sustainedWriteFloor = RowID(
    kind: .floor, name: "write+fsync+rename", operation: "sustained write")
}
