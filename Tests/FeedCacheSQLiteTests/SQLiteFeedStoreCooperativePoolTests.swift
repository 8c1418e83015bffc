import FeedCache
import FeedCacheSQLite
import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

/// The store's SQLite work runs off Swift's cooperative pool: while as many stores as the pool
/// has threads insert feeds back to back, another store's retrieves keep completing.
///
/// Progress is counted, never timed. The probe counts the retrieves that complete while every
/// writer is between its first insert and its last, and the writers go on inserting until that
/// count is reached or each has inserted ``maximumInsertsPerWriter`` feeds. On the pool, each
/// writer holds a pool thread from one insert to the next, so with every thread taken no
/// retrieve completes in that span, however many inserts it holds; off the pool, the threads are
/// free while the inserts wait for SQLite, and a retrieve of a one-image cache completes dozens
/// of times per insert. A busy machine only makes the writers insert more before the count is
/// reached: the verdict never depends on how fast either side is.
@Suite struct SQLiteFeedStoreCooperativePoolTests {
  /// Runs in a process of its own (an exit test): in the test run's process, other tests' tasks
  /// would take the pool's threads too, and the probe would measure them instead of the store.
  @Test func insertsOnEveryPoolThreadLeaveAnotherStoresRetrievesCompleting() async {
    await awaitingExitTestAtHighPriority { await Self.probeInAProcessOfItsOwn() }
  }

  private static func probeInAProcessOfItsOwn() async {
    await #expect(processExitsWith: .success) {
      try await Self.expectRetrievesToCompleteWhileEveryPoolThreadInserts()
    }
  }

  private static func expectRetrievesToCompleteWhileEveryPoolThreadInserts() async throws {
    try await withTemporaryDirectory { directory in
      let writers = try (0..<ProcessInfo.processInfo.activeProcessorCount).map { index in
        try SQLiteFeedStore(storeURL: directory.appending(path: "writer\(index).sqlite"))
      }
      let reader = try SQLiteFeedStore(storeURL: directory.appending(path: "reader.sqlite"))
      try await reader.insert(FeedStoreFixtures.numberedFeed(0, count: 1), timestamp: .now)
      let progress = Locked(WriterProgress(writers: writers.count))

      let completed = try await withThrowingTaskGroup(of: Int.self) { group in
        for writer in writers {
          group.addTask {
            progress.withLock { $0.started += 1 }
            for number in 0..<Self.maximumInsertsPerWriter where !progress.current.readerIsDone {
              try await writer.insert(
                FeedStoreFixtures.numberedFeed(number, count: 2_000),
                timestamp: FeedStoreFixtures.numberedTimestamp(number))
            }
            progress.withLock { $0.finished += 1 }
            return 0
          }
        }
        group.addTask {
          var completedWhileAllWrite = 0
          while !progress.current.allFinished && completedWhileAllWrite < Self.retrievesToSee {
            _ = try await reader.retrieve()
            if progress.current.allWriting { completedWhileAllWrite += 1 }
          }
          progress.withLock { $0.readerIsDone = true }
          return completedWhileAllWrite
        }
        return try await group.reduce(0, +)
      }

      #expect(
        completed == Self.retrievesToSee,
        "\(completed) of \(Self.retrievesToSee) retrieves completed while every writer inserted"
      )
    }
  }

  /// The retrieves that must complete while every writer is inserting.
  private static let retrievesToSee = 12

  /// How many feeds a writer inserts at most while the retrieves are counted: far more than a
  /// loaded machine needs for a store off the pool, and a bound for one on it, where none counts.
  private static let maximumInsertsPerWriter = 200
}

private struct WriterProgress {
  let writers: Int
  var started = 0
  var finished = 0
  var readerIsDone = false

  var allWriting: Bool { started == writers && finished == 0 }
  var allFinished: Bool { finished == writers }
}
