import FeedCache

/// The concurrency specs' bookkeeping: a logical clock and what each operation saw, in an actor
/// so that many tasks update it without a contended lock.
actor OperationLog {
  private struct Span {
    let start: Int
    let end: Int
  }

  private var clock = 0
  private(set) var finishedWriters = 0
  private var inserts: [Int: Span] = [:]
  private var reads: [(feed: Int?, span: Span)] = []
  private var recordedProblems: [String] = []
  private var completedInserts = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var startedReaders = 0
  private var waitingWriters: [CheckedContinuation<Void, Never>] = []

  func tick() -> Int {
    clock += 1
    return clock
  }

  /// Counts a reader that has made its first retrieve, letting the writers go once all have:
  /// on a busy thread pool, writers could otherwise finish before any reader starts.
  func readerStarted() {
    startedReaders += 1
    for writer in waitingWriters {
      writer.resume()
    }
    waitingWriters.removeAll()
  }

  /// Waits until `readers` readers have started.
  func waitForReaders(_ readers: Int) async {
    while startedReaders < readers {
      await withCheckedContinuation { waitingWriters.append($0) }
    }
  }

  func writerFinished() {
    finishedWriters += 1
    wakeReaders()
  }

  func recordInsert(of feed: Int, start: Int, end: Int) {
    inserts[feed] = Span(start: start, end: end)
    completedInserts += 1
    wakeReaders()
  }

  /// Waits until more than `count` inserts have completed, or a writer has finished, so that
  /// readers retrieve throughout without spinning and starving the writers.
  ///
  /// - Returns: How many inserts have completed.
  func nextInsert(after count: Int) async -> Int {
    if completedInserts <= count {
      await withCheckedContinuation { waiting.append($0) }
    }
    return completedInserts
  }

  private func wakeReaders() {
    for reader in waiting {
      reader.resume()
    }
    waiting.removeAll()
  }

  func recordRead(of feed: Int?, start: Int, end: Int) {
    reads.append((feed, Span(start: start, end: end)))
  }

  func record(problem: String) {
    recordedProblems.append(problem)
  }

  /// The feeds whose insert completed after every other insert was issued: the only ones that
  /// can be cached once all writers have finished.
  func lastInserts() -> Set<Int> {
    let lastStart = inserts.values.map(\.start).max() ?? 0
    return Set(inserts.filter { $0.value.end > lastStart }.keys)
  }

  /// Every problem the readers met, then every retrieve that delivered nil after an insert had
  /// completed, or a feed that an insert issued after it had already replaced.
  func problems(feeds: [CachedFeed]) -> [String] {
    // Inserts by completion, each with the latest issue time among those completed so far.
    let byEnd = inserts.sorted { $0.value.end < $1.value.end }
    var latestStart = Int.min
    let latestStartByEnd: [(end: Int, latestStart: Int, feed: Int)] = byEnd.map { feed, span in
      latestStart = max(latestStart, span.start)
      return (span.end, latestStart, feed)
    }
    /// The last insert (by completion) among those that completed before `tick`.
    func completed(before tick: Int) -> (end: Int, latestStart: Int, feed: Int)? {
      var low = 0
      var high = latestStartByEnd.count
      while low < high {
        let middle = (low + high) / 2
        if latestStartByEnd[middle].end < tick { low = middle + 1 } else { high = middle }
      }
      return low == 0 ? nil : latestStartByEnd[low - 1]
    }
    var found = recordedProblems
    for (feed, span) in reads {
      guard let done = completed(before: span.start) else { continue }
      guard let feed else {
        found.append(
          "one delivered nil although the insert of feed \(byEnd.first.map(\.key) ?? done.feed) "
            + "had completed before it was issued")
        continue
      }
      if let insert = inserts[feed], done.latestStart > insert.end {
        found.append(
          "one delivered feed \(feed), which an insert issued after it completed had replaced "
            + "before the retrieve was issued (a stale read)")
      }
    }
    return found
  }
}
