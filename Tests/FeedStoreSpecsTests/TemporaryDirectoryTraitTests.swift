import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

@Suite struct TemporaryDirectoryTraitTests {
  @Test(.temporaryDirectory) func current_isAnExistingEmptyDirectory() throws {
    let directory = try TemporaryDirectory.current

    let contents = try FileManager.default.contentsOfDirectory(atPath: path(of: directory))

    #expect(contents.isEmpty)
  }

  @Test func current_isNewForEachScope() async throws {
    let first = try await directory { _ in }
    let second = try await directory { _ in }

    #expect(first != second)
  }

  @Test func scope_removesTheDirectoryAndItsFilesWhenTheCaseEnds() async throws {
    let directory = try await directory { directory in
      try Data("cache".utf8).write(to: directory.appending(path: "feed.json"))
    }

    #expect(!FileManager.default.fileExists(atPath: path(of: directory)))
  }

  @Test func scope_removesTheDirectoryWhenTheCaseThrows() async throws {
    struct BodyFailure: Error {}
    let used = Locked<URL?>(nil)

    await #expect(throws: BodyFailure.self) {
      try await SpecTrait.temporaryDirectory.provideScope(
        for: try #require(Test.current), testCase: nil
      ) {
        used.withLock { $0 = try? TemporaryDirectory.current }
        throw BodyFailure()
      }
    }

    let directory = try #require(used.current)
    #expect(!FileManager.default.fileExists(atPath: path(of: directory)))
  }

  /// Runs `body` in a scope of the trait, and delivers the directory it had.
  private func directory(
    _ body: @escaping @Sendable (URL) throws -> Void
  ) async throws -> URL {
    let used = Locked<URL?>(nil)
    try await SpecTrait.temporaryDirectory.provideScope(
      for: try #require(Test.current), testCase: nil
    ) {
      let directory = try TemporaryDirectory.current
      try body(directory)
      used.withLock { $0 = directory }
    }
    return try #require(used.current)
  }

  private func path(of directory: URL) -> String {
    directory.path(percentEncoded: false)
  }
}
