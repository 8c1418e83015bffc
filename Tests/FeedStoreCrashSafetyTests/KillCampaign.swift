import FeedCache
import FeedStoreBackends
import FeedStoreCrashWriter
import Foundation
import SharedSupport

/// Kills the crash writer mid-insert, again and again, over one backend's storage.
///
/// An uninterrupted run measures how long the insert takes and which files the storage uses;
/// then every trial puts the old cache in a new directory (or leaves it empty, for the first
/// insert into new storage), starts a child that inserts the new feed, kills it with `SIGKILL`
/// at the trial's kill point, and opens the storage in this process, as an app relaunched after
/// being killed would. The insert is measured again every
/// ``KillConfiguration/killsPerMeasurement`` kills, so the kill points follow the machine's load.
struct KillCampaign {
  private static let readyTimeout: Duration = .seconds(120)

  private let backend: FeedStoreBackend
  private let scenario: KillScenario
  private let configuration: KillConfiguration
  private let executable: URL
  /// What the storage holds before the insert: the old cache, or nothing.
  private let old: CachedFeed?
  private let new: CachedFeed

  /// Runs every kill of `configuration` over `backend` in `scenario`.
  ///
  /// - Returns: Every kill and what it left.
  /// - Throws: ``CrashSafetyError`` when the crash writer cannot be found or run, or when an
  ///   uninterrupted insert does not deliver exactly its feed; errors of the backend when the
  ///   old cache cannot be put in place.
  static func run(
    _ backend: FeedStoreBackend, _ scenario: KillScenario, configuration: KillConfiguration
  ) async throws -> KillReport {
    let campaign = KillCampaign(
      backend: backend, scenario: scenario, configuration: configuration,
      executable: try CrashWriterProcess.executableURL(),
      old: scenario.oldImageCount.map { CrashFeed.make(seed: configuration.seed, count: $0) },
      new: CrashFeed.make(seed: configuration.seed &+ 1, count: scenario.newImageCount))
    var generator = SeededGenerator(seed: configuration.seed)
    var measurements: [Duration] = []
    var storageFiles: Set<String> = []
    var trials: [KillTrial] = []
    for index in 0..<configuration.trials {
      if index % configuration.killsPerMeasurement == 0 {
        let (duration, files) = try await campaign.measureUninterruptedInsert()
        measurements.append(duration)
        storageFiles.formUnion(files)
      }
      // One kill point in each equal slice of the span, so every part of the insert gets some.
      let slice = (Double(index) + generator.fraction()) / Double(configuration.trials)
      let delay = measurements[measurements.count - 1] * (slice * configuration.latestKill)
      trials.append(try await campaign.kill(after: delay, storageFiles: storageFiles))
    }
    return KillReport(
      backend: backend.name, scenario: scenario, configuration: configuration,
      uninterruptedInserts: measurements, trials: trials)
  }

  /// Lets one child insert to the end.
  ///
  /// - Returns: How long its insert took, and the names of every file the storage had while
  ///   the old cache, the new feed and an open store were in place: the files that are the
  ///   storage, never leftovers.
  private func measureUninterruptedInsert() async throws -> (Duration, Set<String>) {
    try await withTemporaryDirectory { directory in
      try await putOldCache(in: directory)
      var files = Set(try Self.files(in: directory).keys)
      let child = try startChild(in: directory)
      try child.waitUntilReady(timeout: Self.readyTimeout)
      let exit = child.waitForExit()
      let output = child.standardOutput()
      guard exit == .exited(status: 0),
        let line = output.split(separator: "\n").first(where: {
          $0.hasPrefix(CrashWriter.insertedPrefix)
        }),
        let nanoseconds = Int64(line.dropFirst(CrashWriter.insertedPrefix.count))
      else {
        throw CrashSafetyError(
          "the uninterrupted crash writer on \(backend.name) ended with \(exit), printing "
            + "\(output.debugDescription): \(child.errorOutput())")
      }
      files.formUnion(try Self.files(in: directory).keys)
      let store = try await backend.makeStore(in: directory, preparingStorage: false)
      let outcome = await outcome(of: store)
      files.formUnion(try Self.files(in: directory).keys)
      guard outcome == .new else {
        throw CrashSafetyError(
          "an uninterrupted insert into \(backend.name) did not deliver its feed: \(outcome)")
      }
      return (.nanoseconds(nanoseconds), files)
    }
  }

  /// One trial: the old cache, a child inserting over it killed after `delay`, and what the
  /// storage holds afterwards.
  private func kill(after delay: Duration, storageFiles: Set<String>) async throws -> KillTrial {
    try await withTemporaryDirectory { directory in
      try await putOldCache(in: directory)
      let child = try startChild(in: directory)
      try child.waitUntilReady(timeout: Self.readyTimeout)
      let ready = ContinuousClock.now
      try await Task.sleep(for: delay)
      child.kill()
      let killedAfter = ContinuousClock.now - ready
      let exit = child.waitForExit()
      let errorOutput = child.errorOutput()
      let leftoversAfterKill = try Self.files(in: directory).filter {
        !storageFiles.contains($0.key)
      }
      let relaunched = try await backend.makeStore(in: directory, preparingStorage: false)
      let outcome = await outcome(of: relaunched)
      let next = old ?? new
      try await relaunched.insert(next.feed, timestamp: next.timestamp)
      let leftoversAfterNextInsert = try Self.files(in: directory).filter {
        !storageFiles.contains($0.key)
      }
      return KillTrial(
        delay: killedAfter, exit: exit, errorOutput: errorOutput, outcome: outcome,
        leftoversAfterKill: leftoversAfterKill, leftoversAfterNextInsert: leftoversAfterNextInsert)
    }
  }

  /// Caches the old feed in `directory` through a store that is closed again on return; leaves
  /// the directory empty when the scenario has no old cache.
  private func putOldCache(in directory: URL) async throws {
    guard let old else { return }
    let store = try await backend.makeStore(in: directory)
    try await store.insert(old.feed, timestamp: old.timestamp)
    await backend.closeStorage(of: store)
  }

  private func startChild(in directory: URL) throws -> CrashWriterProcess {
    try CrashWriterProcess(
      executable: executable,
      arguments: CrashWriter.arguments(
        backend: backend.name, directory: directory, seed: configuration.seed &+ 1,
        count: scenario.newImageCount, intoNewStorage: scenario == .intoNewStorage))
  }

  private func outcome(of store: any FeedStore) async -> KillOutcome {
    let retrieved: CachedFeed?
    do {
      retrieved = try await store.retrieve()
    } catch {
      return .torn("retrieve threw \(error)")
    }
    switch retrieved {
    case old: return .old
    case new: return .new
    case nil: return .torn("nothing cached")
    case let other?:
      return .torn(
        "a feed of \(other.feed.count) images at \(other.timestamp.timeIntervalSinceReferenceDate)"
          + " (the old one has \(old?.feed.count ?? 0), the new one \(new.feed.count))")
    }
  }

  /// The name and size in bytes of every file in `directory`, hidden ones included.
  private static func files(in directory: URL) throws -> [String: Int] {
    let fileManager = FileManager.default
    let path = directory.path(percentEncoded: false)
    var sizes: [String: Int] = [:]
    for name in try fileManager.contentsOfDirectory(atPath: path) {
      let attributes = try fileManager.attributesOfItem(atPath: path + "/" + name)
      sizes[name] = (attributes[.size] as? NSNumber)?.intValue ?? 0
    }
    return sizes
  }
}
