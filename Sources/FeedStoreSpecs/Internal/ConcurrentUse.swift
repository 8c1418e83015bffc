import FeedCache

/// Drives stores from many tasks at once, writers inserting distinct feeds while readers
/// retrieve, then checks every retrieve against the times the inserts ran.
///
/// Each insert and retrieve is stamped with ticks of one logical clock, taken just before the
/// call and just after it returns, so "completed before" and "issued after" are exact. Readers
/// check what they get as they get it; the clock and the records live in ``OperationLog``, an
/// actor, never behind a contended lock.
struct ConcurrentUse {
  let writers: Int
  let insertsPerWriter: Int
  let readers: Int

  /// The feed each insert caches, by number: sizes spread from 1 to 1,000 images, most small,
  /// so the run stays fast while a store that writes large feeds in pieces is caught.
  let feeds: [CachedFeed]
  private let feedNumberByTimestamp: [UInt64: Int]

  init(writers: Int, insertsPerWriter: Int, readers: Int) {
    self.writers = writers
    self.insertsPerWriter = insertsPerWriter
    self.readers = readers
    feeds = (0..<(writers * insertsPerWriter)).map { number in
      CachedFeed(
        feed: FeedStoreFixtures.numberedFeed(number, count: Self.imageCount(ofFeed: number)),
        timestamp: FeedStoreFixtures.numberedTimestamp(number))
    }
    feedNumberByTimestamp = Dictionary(
      uniqueKeysWithValues: feeds.enumerated().map { ($1.timestamp.bits, $0) })
  }

  /// 1,000, 500 and 100 images for three feeds in every fifty, 1 to 20 for the rest.
  static func imageCount(ofFeed number: Int) -> Int {
    switch number % 50 {
    case 0: 1_000
    case 17: 500
    case 34: 100
    default: 1 + (number * 37) % 20
    }
  }

  /// Runs the writers and readers over `stores` (round robin), then retrieves from every store
  /// and records the first way the results break the contract.
  func run(on stores: [any FeedStore]) async {
    let log = OperationLog()
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<writers {
        let store = stores[writer % stores.count]
        group.addTask {
          await log.waitForReaders(readers)
          for insert in 0..<insertsPerWriter {
            await write(feedNumber: writer + insert * writers, to: store, log: log)
          }
          await log.writerFinished()
        }
      }
      for reader in 0..<readers {
        let store = stores[reader % stores.count]
        group.addTask {
          var seen = 0
          await read(from: store, log: log)
          await log.readerStarted()
          repeat {
            seen = await log.nextInsert(after: seen)
            await read(from: store, log: log)
          } while await log.finishedWriters < writers
        }
      }
    }
    let problems = await log.problems(feeds: feeds)
    if let first = problems.first {
      let more = problems.count > 1 ? " (and \(problems.count - 1) more problems)" : ""
      let message: String =
        "Expected every retrieve during \(writers * insertsPerWriter) concurrent inserts "
        + "to deliver nil or one inserted feed, whole and not yet replaced, but \(first)\(more)"
      recordFailure(message)
      return
    }
    await expectAgreement(of: stores, log: log)
  }

  private func write(feedNumber: Int, to store: any FeedStore, log: OperationLog) async {
    let feed = feeds[feedNumber]
    let start = await log.tick()
    do {
      try await store.insert(feed.feed, timestamp: feed.timestamp)
    } catch {
      await log.record(problem: "inserting feed \(feedNumber) threw: \(error)")
      return
    }
    await log.recordInsert(of: feedNumber, start: start, end: log.tick())
  }

  private func read(from store: any FeedStore, log: OperationLog) async {
    let start = await log.tick()
    let cache: CachedFeed?
    do {
      cache = try await store.retrieve()
    } catch {
      await log.record(problem: "a retrieve threw: \(error)")
      return
    }
    let end = await log.tick()
    guard let cache else {
      await log.recordRead(of: nil, start: start, end: end)
      return
    }
    guard let number = feedNumberByTimestamp[cache.timestamp.bits] else {
      await log.record(
        problem: "one delivered \(CacheComparison.describe(cache)), a timestamp no insert used")
      return
    }
    if let difference = CacheComparison.difference(between: feeds[number], and: cache) {
      await log.record(
        problem: "one delivered a mix: feed \(number)'s timestamp, but \(difference)")
      return
    }
    await log.recordRead(of: number, start: start, end: end)
  }

  /// After the writers: every store delivers the same feed, one of the inserts that completed
  /// last (no other insert was issued after it completed).
  private func expectAgreement(of stores: [any FeedStore], log: OperationLog) async {
    let lastInserts = await log.lastInserts()
    let names = lastInserts.sorted().map(String.init).joined(separator: ", ")
    var agreed: Int?
    for (index, store) in stores.enumerated() {
      for attempt in 1...2 {
        let situation =
          "\(attempt == 1 ? "" : "again ")from instance \(index + 1) after all writers finished"
        let cache: CachedFeed?
        do {
          cache = try await store.retrieve()
        } catch {
          recordFailure("Expected retrieve \(situation) to deliver a feed, but it threw: \(error)")
          return
        }
        let number = cache.flatMap { feedNumberByTimestamp[$0.timestamp.bits] }
        let delivered = number.map { "feed \($0)" } ?? CacheComparison.describe(cache)
        guard let number, lastInserts.contains(number),
          CacheComparison.difference(between: feeds[number], and: cache) == nil
        else {
          let message: String =
            "Expected retrieve \(situation) to deliver the feed of one of the last inserts "
            + "to complete (feeds \(names)), but it delivered \(delivered)"
          recordFailure(message)
          return
        }
        if let agreed, agreed != number {
          let message: String =
            "Expected retrieve \(situation) to deliver feed \(agreed), as every retrieve before "
            + "it did, but it delivered feed \(number)"
          recordFailure(message)
          return
        }
        agreed = number
      }
    }
  }
}
