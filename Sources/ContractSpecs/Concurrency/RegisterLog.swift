/// A ``ConcurrentRegisterCheck``'s bookkeeping: a logical clock and what each operation saw, in
/// an actor, so many tasks update it without a contended lock.
actor RegisterLog {
  private struct Span {
    let start: Int
    let end: Int
  }

  private var clock = 0
  private(set) var finishedWriters = 0
  private var writes: [Int: Span] = [:]
  private var reads: [(value: Int?, span: Span)] = []
  private var recorded: [RegisterViolation] = []
  private var completedWrites = 0
  private var waitingReaders: [CheckedContinuation<Void, Never>] = []
  private var startedReaders = 0
  private var waitingWriters: [CheckedContinuation<Void, Never>] = []

  func tick() -> Int {
    clock += 1
    return clock
  }

  /// Counts a reader that has made its first read, letting the writers go once all have: on a
  /// busy thread pool, writers could otherwise finish before any reader starts.
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

  func recordWrite(of value: Int, start: Int, end: Int) {
    writes[value] = Span(start: start, end: end)
    completedWrites += 1
    wakeReaders()
  }

  /// Waits until more than `count` writes have completed, or a writer has finished, so that
  /// readers read throughout without spinning and starving the writers.
  ///
  /// - Returns: How many writes have completed.
  func nextWrite(after count: Int) async -> Int {
    if completedWrites <= count {
      await withCheckedContinuation { waitingReaders.append($0) }
    }
    return completedWrites
  }

  private func wakeReaders() {
    for reader in waitingReaders {
      reader.resume()
    }
    waitingReaders.removeAll()
  }

  func recordRead(of delivered: RegisterRead, start: Int, end: Int) {
    switch delivered {
    case .empty: reads.append((nil, Span(start: start, end: end)))
    case .value(let value): reads.append((value, Span(start: start, end: end)))
    case .unrecognized(let description): recorded.append(.unrecognizedRead(description))
    }
  }

  func record(_ violation: RegisterViolation) {
    recorded.append(violation)
  }

  /// The values whose write completed after every other write was issued.
  func lastWrites() -> Set<Int> {
    let lastStart = writes.values.map(\.start).max() ?? 0
    return Set(writes.filter { $0.value.end > lastStart }.keys)
  }

  /// Every violation recorded while the operations ran, then every read that delivered nothing
  /// after a write had completed, or a value that a write issued after it had already replaced.
  func violations() -> [RegisterViolation] {
    // Writes by completion, each with the latest issue time among those completed so far.
    let byEnd = writes.sorted { $0.value.end < $1.value.end }
    var latestStart = Int.min
    let latestStartByEnd: [(end: Int, latestStart: Int, value: Int)] = byEnd.map { value, span in
      latestStart = max(latestStart, span.start)
      return (span.end, latestStart, value)
    }
    /// The last write (by completion) among those that completed before `tick`.
    func completed(before tick: Int) -> (end: Int, latestStart: Int, value: Int)? {
      var low = 0
      var high = latestStartByEnd.count
      while low < high {
        let middle = (low + high) / 2
        if latestStartByEnd[middle].end < tick { low = middle + 1 } else { high = middle }
      }
      return low == 0 ? nil : latestStartByEnd[low - 1]
    }
    var found = recorded
    for (value, span) in reads {
      guard let done = completed(before: span.start) else { continue }
      guard let value else {
        found.append(.emptyAfterWrite(value: byEnd.first.map(\.key) ?? done.value))
        continue
      }
      if let write = writes[value], done.latestStart > write.end {
        found.append(.staleRead(value: value))
      }
    }
    return found
  }
}
