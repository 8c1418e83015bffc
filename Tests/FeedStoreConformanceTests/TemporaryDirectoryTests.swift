import FeedStoreRegistry
import FeedStoreSupport
import Foundation
import Testing

@Suite struct TemporaryDirectoryTests {
  @Test func withTemporaryDirectory_givesEachCallANewEmptyDirectory() async throws {
    let (first, firstContents) = try await withTemporaryDirectory { ($0, try contents(of: $0)) }
    let second = try await withTemporaryDirectory { $0 }

    #expect(first != second)
    #expect(firstContents.isEmpty)
  }

  @Test func withTemporaryDirectory_removesTheDirectoryAndItsFiles() async throws {
    let directory = try await withTemporaryDirectory { directory in
      try Data("cache".utf8).write(to: directory.appending(path: "feed.json"))
      return directory
    }

    #expect(!FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)))
  }

  @Test func withTemporaryDirectory_removesTheDirectoryWhenTheBodyThrows() async throws {
    struct BodyFailure: Error {}
    var used: URL?

    await #expect(throws: BodyFailure.self) {
      try await withTemporaryDirectory { directory in
        used = directory
        throw BodyFailure()
      }
    }

    let directory = try #require(used)
    #expect(!FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)))
  }

  private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
  }
}
