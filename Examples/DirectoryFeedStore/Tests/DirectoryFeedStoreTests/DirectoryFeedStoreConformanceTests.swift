import DirectoryFeedStore
import FeedStoreSpecs
import Testing

/// Every spec the factory's capabilities call for, in process and each in a child process of its
/// own, with every store tracked for leaks, and the rows that do not apply shown with their
/// reasons.
@Suite(.temporaryDirectory, .trackingMemoryLeaks)
struct DirectoryFeedStoreConformanceTests {
  @Test(arguments: FeedStoreSpec.all(for: DirectoryFeedStoreSpecFactory.self))
  func directoryFeedStoreConforms(to spec: FeedStoreSpec) async throws {
    try await spec.verify(try makeFactory(), knownDeviations: knownDeviations)
  }

  @Test(arguments: FeedStoreSpec.all(for: DirectoryFeedStoreSpecFactory.self))
  func directoryFeedStoreConformsInChildProcesses(to spec: FeedStoreSpec) async throws {
    try await spec.verifyInChildProcess(try makeFactory(), knownDeviations: knownDeviations)
  }

  @Test(arguments: FeedStoreSpec.notApplicable(for: DirectoryFeedStoreSpecFactory.self))
  func directoryFeedStoreDoesNotApply(to exemption: FeedStoreSpec.NotApplicable) {
    withKnownIssue("not applicable") { Issue.record(Comment(rawValue: exemption.reason)) }
  }

  private func makeFactory() throws -> DirectoryFeedStoreSpecFactory {
    DirectoryFeedStoreSpecFactory(root: try TemporaryDirectory.current)
  }
}

/// The specs the store does not pass yet, each with why and where its fix is tracked.
let knownDeviations: [KnownDeviation] = []
