// Written against the API of ff49d8a, as an adopter wrote it then: keep it unchanged. A change
// that makes it fail to compile breaks adopters, and must say so under a new version's
// "Breaking changes" in the CHANGELOG, with this file edited as that entry tells adopters to.
import FeedStoreSpecs
import Foundation
import Synchronization
import Testing

/// The adopter's store: an actor holding the feed it was given, whose inserts can be made to fail.
actor ArchiveStore: FeedStore {
  struct InsertionFailed: Error {}

  private var cache: CachedFeed?
  private var failsInserts = false

  func failInserts() {
    failsInserts = true
  }

  func deleteCachedFeed() {
    cache = nil
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    if failsInserts { throw InsertionFailed() }
    cache = CachedFeed(feed: feed, timestamp: timestamp)
  }

  func retrieve() -> CachedFeed? {
    cache
  }
}

struct ArchiveStoreFactory: FailableInsertFeedStoreFactory {
  func makeStore() -> ArchiveStore {
    ArchiveStore()
  }

  func makeInsertionFail(for store: ArchiveStore) async {
    await store.failInserts()
  }
}

/// A store that forgets every insert, which the specs must catch.
struct ForgetfulStore: FeedStore {
  func deleteCachedFeed() {}

  func insert(_ feed: [LocalFeedImage], timestamp: Date) {}

  func retrieve() -> CachedFeed? {
    nil
  }
}

struct ForgetfulStoreFactory: FeedStoreFactory {
  func makeStore() -> ForgetfulStore {
    ForgetfulStore()
  }
}

/// The issues a test recorded, from Swift Testing's issue handler, which may run on any thread.
final class IssueLog: Sendable {
  private let issues = Mutex<[Issue]>([])

  var recorded: [Issue] { issues.withLock { $0 } }

  func record(_ issue: Issue) {
    issues.withLock { $0.append(issue) }
  }
}

/// The adopter's own helper, named as helpers often are: the issues `body` records.
///
/// They are known to the test instead of failing it. An error `body` throws is one of them, so
/// nothing is rethrown.
func collectIssues(_ body: @Sendable () async throws -> Void) async -> [Issue] {
  let log = IssueLog()
  try? await withKnownIssue(isIntermittent: true) {
    try await body()
  } matching: { issue in
    log.record(issue)
    return true
  }
  return log.recorded
}

/// What the adopter's format does with a damaged-storage row, as their docs table says it.
func archiveHandling(of damage: StorageDamage) -> String {
  switch damage {
  case .empty: "starts over"
  case .linkInPlaceOfSideFile: "refuses the link"
  default: "throws, naming the archive"
  }
}

@Test(arguments: FeedStoreSpec.all(for: ArchiveStoreFactory.self))
func archiveStoreConforms(to spec: FeedStoreSpec) async throws {
  try await spec.verify(ArchiveStoreFactory())
}

@Test func archiveStore_runsTheInsertFailureSpecs() {
  let specs = FeedStoreSpec.all(for: ArchiveStoreFactory.self)

  let failureSpecs = specs.filter { $0.capability == .failableInsert }

  #expect(!failureSpecs.isEmpty)
}

@Test func forgetfulStore_failsTheInsertSpecs() async throws {
  let spec = try #require(FeedStoreSpec.named("insert_overridesPreviouslyInsertedCache"))

  let issues = await collectIssues {
    try await spec.verify(ForgetfulStoreFactory())
  }

  #expect(!issues.isEmpty)
}

@Test func archiveHandling_refusesALinkInPlaceOfASideFile() {
  let handling = archiveHandling(of: .linkInPlaceOfSideFile)

  #expect(handling == "refuses the link")
}
