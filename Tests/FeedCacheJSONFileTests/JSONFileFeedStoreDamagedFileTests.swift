import FeedCache
import FeedCacheJSONFile
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// The contract's rule on damaged storage, as the JSON file store keeps it: retrieve says what is
/// wrong, where, and leaves the file as it was; insert and delete replace or remove a corrupt
/// file of the store's own format or one they cannot read, and refuse a newer format's file or
/// a directory.
@Suite(.temporaryDirectory) struct JSONFileFeedStoreDamagedFileTests {
  @Test(arguments: DamagedStoreFile.corrupt + DamagedStoreFile.newerFormat)
  func retrieve_throwsErrorSayingWhatIsWrongAndWhere(file: DamagedStoreFile) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory, holding: file)

    let error = await #expect(throws: JSONFileFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == file.reason)
    #expect(error?.operation == .retrieve)
    #expect(error?.description.contains(sut.storeURL.path(percentEncoded: false)) == true)
  }

  @Test(arguments: DamagedStoreFile.corrupt + DamagedStoreFile.newerFormat)
  func retrieve_leavesDamagedFileAsItWas(file: DamagedStoreFile) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory, holding: file)

    _ = try? await sut.retrieve()

    #expect(try Data(contentsOf: sut.storeURL) == file.contents)
  }

  @Test(arguments: DamagedStoreFile.corrupt)
  func insert_replacesCorruptFile(file: DamagedStoreFile) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory, holding: file)
    let cache = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(try await sut.retrieve() == cache)
  }

  @Test(arguments: DamagedStoreFile.corrupt)
  func delete_removesCorruptFile(file: DamagedStoreFile) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory, holding: file)

    try await sut.deleteCachedFeed()

    #expect(try await sut.retrieve() == nil)
    #expect(try contents(of: directory).isEmpty)
  }

  @Test(arguments: DamagedStoreFile.newerFormat)
  func insert_refusesNewerFormatFileAndLeavesIt(file: DamagedStoreFile) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory, holding: file)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }

    #expect(error?.reason == file.reason)
    #expect(error?.operation == .insert)
    #expect(try Data(contentsOf: sut.storeURL) == file.contents)
  }

  @Test(arguments: DamagedStoreFile.newerFormat)
  func delete_refusesNewerFormatFileAndLeavesIt(file: DamagedStoreFile) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory, holding: file)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.deleteCachedFeed()
    }

    #expect(error?.reason == file.reason)
    #expect(error?.operation == .delete)
    #expect(try Data(contentsOf: sut.storeURL) == file.contents)
  }

  @Test func retrieve_reportsEveryCutOfAValidFileAsTruncatedWhereItEnds() async throws {
    let directory = try TemporaryDirectory.current
    let whole = Data(DamagedStoreFile.validFile.utf8)
    let cuts = 1..<whole.count
    let stores = try cuts.map { cut in
      let store = try JSONFileFeedStore(storeURL: directory.appending(path: "\(cut).json"))
      try whole.prefix(cut).write(to: store.storeURL)
      return store
    }

    let reasons = await withTaskGroup(of: (Int, JSONFileFeedStoreError.Reason?).self) { group in
      for (cut, store) in zip(cuts, stores) {
        group.addTask {
          do {
            _ = try await store.retrieve()
            return (cut, nil)
          } catch {
            return (cut, (error as? JSONFileFeedStoreError)?.reason)
          }
        }
      }
      return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }

    #expect(cuts.map { reasons[$0] } == cuts.map { .truncated(offset: $0) })
  }

  @Test func retrieve_describesWhatIsWrongWithTheByteOffsetAndField() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try Data(#"{"version":1,"timestamp":"yesterday","feed":[]}"#.utf8).write(to: sut.storeURL)

    let error = await #expect(throws: JSONFileFeedStoreError.self) { try await sut.retrieve() }

    let path = sut.storeURL.path(percentEncoded: false)
    #expect(
      error?.description
        == "Cannot retrieve the feed cache at \(path): the file is corrupt: a value has the wrong type at byte 25 (timestamp): timestamp must be a number, not a string; the file is left untouched; an insert replaces it and a delete removes it."
    )
  }

  @Test func retrieve_reportsADirectoryWhereTheFileShouldBe() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUTOverDirectory(in: directory)

    let error = await #expect(throws: JSONFileFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .notAFile)
  }

  @Test func insert_refusesADirectoryAndLeavesItsContents() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUTOverDirectory(in: directory)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }

    #expect(error?.reason == .notAFile)
    #expect(try contents(of: sut.storeURL) == ["keep.txt"])
  }

  @Test func delete_refusesADirectoryAndNeverRemovesItsContents() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUTOverDirectory(in: directory)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.deleteCachedFeed()
    }

    #expect(error?.reason == .notAFile)
    #expect(try contents(of: sut.storeURL) == ["keep.txt"])
  }

  @Test func retrieve_throwsUnreadableErrorWhenFileCannotBeRead() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = FaultInjectingFileSystem()
    let sut = try makeSUT(in: directory, fileSystem: fileSystem)
    fileSystem.injectFault(.contentsOfFile)

    let error = await #expect(throws: JSONFileFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .unreadable)
    #expect(error?.detail == String(describing: POSIXError(.EIO)))
  }

  @Test func insert_replacesAFileItCannotRead() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = FaultInjectingFileSystem()
    let sut = try makeSUT(in: directory, fileSystem: fileSystem)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    fileSystem.injectFault(.contentsOfFile)
    let cache = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(try await JSONFileFeedStore(storeURL: sut.storeURL).retrieve() == cache)
  }

  @Test func delete_removesAFileItCannotRead() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = FaultInjectingFileSystem()
    let sut = try makeSUT(in: directory, fileSystem: fileSystem)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    fileSystem.injectFault(.contentsOfFile)

    try await sut.deleteCachedFeed()

    #expect(try contents(of: directory).isEmpty)
  }

  @Test func retrieve_throwsInsteadOfWaitingOnAFIFO() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    #expect(mkfifo(sut.storeURL.path(percentEncoded: false), 0o600) == 0)

    let error = await #expect(throws: JSONFileFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .notAFile)
    #expect(error?.detail == "a FIFO")
  }

  // MARK: - Helpers

  private func makeSUT(
    in directory: URL,
    fileSystem: any FileSystem = LocalFileSystem()
  ) throws -> JSONFileFeedStore {
    try JSONFileFeedStore(storeURL: directory.appending(path: "feed.json"), fileSystem: fileSystem)
  }

  private func makeSUT(in directory: URL, holding file: DamagedStoreFile) throws
    -> JSONFileFeedStore
  {
    let sut = try makeSUT(in: directory)
    try file.contents.write(to: sut.storeURL)
    return sut
  }

  /// A store whose path is a directory holding a file `keep.txt`.
  private func makeSUTOverDirectory(in directory: URL) throws -> JSONFileFeedStore {
    let sut = try makeSUT(in: directory)
    try FileManager.default.createDirectory(at: sut.storeURL, withIntermediateDirectories: false)
    try Data("kept".utf8).write(to: sut.storeURL.appending(path: "keep.txt"))
    return sut
  }

  private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
      .sorted()
  }
}
