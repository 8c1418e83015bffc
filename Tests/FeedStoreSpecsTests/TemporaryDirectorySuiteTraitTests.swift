import FeedStoreSpecs
import Foundation
import Testing

/// A suite with the trait, whose cases run in parallel: each must get a directory no other
/// case had, empty when it starts.
@Suite(.temporaryDirectory) struct TemporaryDirectorySuiteTraitTests {
  private static let seen = SeenDirectories()

  @Test(arguments: 0..<4) func suiteTrait_givesEachTestCaseItsOwnEmptyDirectory(case: Int)
    async throws
  {
    let directory = try TemporaryDirectory.current
    let path = directory.path(percentEncoded: false)

    let isNew = await Self.seen.insert(directory)
    let contents = try FileManager.default.contentsOfDirectory(atPath: path)
    try Data("case \(`case`)".utf8).write(to: directory.appending(path: "marker"))

    #expect(isNew)
    #expect(contents.isEmpty)
  }
}

/// The directories the cases saw, shared by cases running in parallel.
private actor SeenDirectories {
  private var directories: Set<URL> = []

  func insert(_ directory: URL) -> Bool {
    directories.insert(directory).inserted
  }
}
