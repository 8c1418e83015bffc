import FeedStoreSpecs
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Proves that a store that traps on damaged storage fails its row, with the trap's message,
/// when the spec runs in a child process (a Swift Testing exit test), instead of taking the whole
/// run down.
///
/// The spec library cannot start that child itself: an exit test cannot be written in a generic
/// function, and its closure can capture only `Codable` values, which a factory is not. A test
/// target that knows its factory's concrete type can, by capturing the spec's id.
@Suite struct TrappingStoreTests {
  @Test func trappingStore_failsInAChildProcessWithTheTrapsMessage() async throws {
    let specID = "damagedStorage_retrieveThrows(binaryGarbage)"

    let result = await #expect(
      processExitsWith: .signal(SIGILL), observing: [\.standardErrorContent]
    ) { [specID = specID as String] in
      let spec = try #require(FeedStoreSpec.named(specID))
      try await spec.verify(DiskFeedStoreFactory(misbehavior: .trapsOnDamagedStorage))
    }

    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("DiskFeedStore cannot decode feed-"))
  }
}
