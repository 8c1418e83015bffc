import ContractSpecs
import Foundation
import Testing

@testable import ImageDataCaching

/// What the file cache promises beyond the contract: its files, the links it refuses, its errors.
///
/// The contract itself is the conformance tests' business.
@Suite(.temporaryDirectory)
struct FileImageDataCacheTests {
  @Test func retrieve_deliversNilWithoutMakingTheDirectory() async throws {
    let (sut, directory) = try makeSUT()

    let data = try await sut.retrieve(dataFor: imageURL)

    #expect(data == nil)
    #expect(!FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)))
  }

  @Test func remove_succeedsBeforeTheDirectoryExists() async throws {
    let (sut, _) = try makeSUT()

    try await sut.remove(dataFor: imageURL)
  }

  @Test func insert_makesTheDirectoryAndFilePrivateToTheUser() async throws {
    let (sut, directory) = try makeSUT()

    try await sut.insert(Data("png".utf8), for: imageURL)

    #expect(try permissions(of: directory) == 0o700)
    #expect(try permissions(of: entry(for: imageURL, in: directory)) == 0o600)
  }

  @Test func insert_leavesOneFileNamedByTheURLsDigest() async throws {
    let (sut, directory) = try makeSUT()

    try await sut.insert(Data("first".utf8), for: imageURL)
    try await sut.insert(Data("second".utf8), for: imageURL)

    let names = try FileManager.default.contentsOfDirectory(
      atPath: directory.path(percentEncoded: false))
    #expect(names == [SHA256.hexDigest(of: Array(imageURL.absoluteString.utf8))])
  }

  @Test func insert_refusesALinkInPlaceOfTheDirectory() async throws {
    let (sut, directory) = try makeSUT()
    let elsewhere = try TemporaryDirectory.current.appending(path: "elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(at: directory, withDestinationURL: elsewhere)

    await #expect(throws: error(.insert, at: directory.path(percentEncoded: false), .symbolicLink))
    {
      try await sut.insert(Data("png".utf8), for: imageURL)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: elsewhere.path(percentEncoded: false))
        == [])
  }

  @Test func retrieve_refusesALinkInPlaceOfAFile() async throws {
    let (sut, directory) = try makeSUT()
    let (file, _) = try await linkEntry(of: sut, in: directory)

    await #expect(throws: error(.retrieve, at: file.path(percentEncoded: false), .symbolicLink)) {
      try await sut.retrieve(dataFor: imageURL)
    }
  }

  @Test func insert_replacesALinkInPlaceOfAFileWithoutWritingThroughIt() async throws {
    let (sut, directory) = try makeSUT()
    let (_, secret) = try await linkEntry(of: sut, in: directory)

    try await sut.insert(Data("new".utf8), for: imageURL)

    #expect(try Data(contentsOf: secret) == Data("secret".utf8))
    #expect(try await sut.retrieve(dataFor: imageURL) == Data("new".utf8))
  }

  @Test func retrieve_refusesADirectoryInPlaceOfAFile() async throws {
    let (sut, directory) = try makeSUT()
    let file = entry(for: imageURL, in: directory)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)

    await #expect(throws: error(.retrieve, at: file.path(percentEncoded: false), .notARegularFile))
    {
      try await sut.retrieve(dataFor: imageURL)
    }
  }

  @Test func error_namesTheOperationTheURLThePathAndTheSystemError() async throws {
    let (sut, directory) = try makeSUT()
    try Data("not a directory".utf8).write(to: directory)

    let thrown = await #expect(throws: FileImageDataCacheError.self) {
      try await sut.insert(Data("png".utf8), for: imageURL)
    }

    #expect(
      thrown?.description
        == "Could not insert the data of \"https://images.example.com/cat.png\": "
        + "\(directory.path(percentEncoded: false)): Not a directory (errno 20)")
  }

  @Test func operations_throwForADirectoryThatIsNotAFileURL() async throws {
    let directory = try #require(URL(string: "https://images.example.com/cache"))
    let sut = FileImageDataCache(directory: directory)

    await #expect(throws: error(.retrieve, at: directory.absoluteString, .notAFileURL)) {
      try await sut.retrieve(dataFor: imageURL)
    }
  }

  // MARK: Helpers

  private let imageURL: URL

  init() throws {
    imageURL = try #require(URL(string: "https://images.example.com/cat.png"))
  }

  private func makeSUT() throws -> (FileImageDataCache, URL) {
    let directory = try TemporaryDirectory.current.appending(path: "cache")
    return (FileImageDataCache(directory: directory), directory)
  }

  /// Inserts data for `imageURL`, then puts in place of its file a link to a file outside the
  /// cache.
  ///
  /// - Returns: The URL's file, now a link, and the file it links to.
  private func linkEntry(of sut: FileImageDataCache, in directory: URL) async throws
    -> (file: URL, target: URL)
  {
    try await sut.insert(Data("png".utf8), for: imageURL)
    let file = entry(for: imageURL, in: directory)
    let target = try TemporaryDirectory.current.appending(path: "secret")
    try Data("secret".utf8).write(to: target)
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
    return (file, target)
  }

  private func entry(for url: URL, in directory: URL) -> URL {
    directory.appending(path: SHA256.hexDigest(of: Array(url.absoluteString.utf8)))
  }

  private func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(
      atPath: url.path(percentEncoded: false))
    return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
  }

  private func error(
    _ operation: FileImageDataCacheError.Operation, at path: String,
    _ reason: FileImageDataCacheError.Reason
  ) -> FileImageDataCacheError {
    FileImageDataCacheError(operation: operation, url: imageURL, path: path, reason: reason)
  }
}
