import FeedCache
import FeedCacheCodable
import FeedStoreBackends
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// What only the Codable store does, beside the specs every store runs: its file format, its
/// atomic replace, and the errors it gives for files it cannot use.
@Suite struct CodableFeedStoreTests {
  @Test func insert_writesVersionedJSONWithExactTimestampAndNoKeyForNil() async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(in: directory)
      let image = LocalFeedImage(
        id: UUID(), description: nil, location: "", url: URL(string: "https://a.example/1.jpg")!)
      let timestamp = FeedStoreFixtures.preciseTimestamp()

      try await sut.insert([image], timestamp: timestamp)

      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: sut.storeURL)) as? [String: Any])
      let images = try #require(json["feed"] as? [[String: Any]])
      #expect(json["version"] as? Int == 1)
      #expect(json["timestamp"] as? Double == timestamp.timeIntervalSinceReferenceDate)
      #expect(images.count == 1)
      #expect(images.first?["id"] as? String == image.id.uuidString)
      #expect(images.first?.keys.contains("description") == false)
      #expect(images.first?["location"] as? String == "")
      #expect(images.first?["url"] as? String == "https://a.example/1.jpg")
    }
  }

  @Test(arguments: [
    0.0, -0.0, .leastNonzeroMagnitude, 1e-300, 0.1, -978_307_200.000_001, 1e16,
    123_456_789_012_345_680.0,
    -.greatestFiniteMagnitude,
  ])
  func insert_roundTripsEveryFiniteTimestampExactly(seconds: Double) async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(in: directory)
      let timestamp = Date(timeIntervalSinceReferenceDate: seconds)

      try await sut.insert([], timestamp: timestamp)

      let retrieved = try #require(try await sut.retrieve())
      #expect(retrieved.timestamp.timeIntervalSinceReferenceDate.bitPattern == seconds.bitPattern)
    }
  }

  @Test func insert_roundTripsEveryControlCharacterAndNonASCIIText() async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(in: directory)
      let text =
        String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })
        + "\u{7F} \"quoted\" \\ / é 東京 🌁 \u{FEFF}"
      let image = LocalFeedImage(
        id: UUID(), description: text, location: text, url: URL(string: "https://a.example")!)

      try await sut.insert([image], timestamp: .now)

      #expect(try await sut.retrieve()?.feed == [image])
      #expect(
        try JSONSerialization.jsonObject(with: Data(contentsOf: sut.storeURL)) is [String: Any])
    }
  }

  @Test func insert_refusesNonFiniteTimestampAndKeepsPreviousCache() async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(in: directory)
      let previous = CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      try await sut.insert(previous.feed, timestamp: previous.timestamp)

      let error = await #expect(throws: CodableFeedStoreError.self) {
        try await sut.insert([], timestamp: Date(timeIntervalSinceReferenceDate: .infinity))
      }

      #expect(error?.reason == .unwritable)
      #expect(try await sut.retrieve() == previous)
    }
  }

  @Test func retrieve_readsFileInDocumentedFormat() async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(in: directory)
      try write(
        """
        {"version":1,"timestamp":0.5,"feed":[
          {"id":"5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A","location":"Here","url":"https://a.example/1.jpg"}
        ]}
        """, to: sut.storeURL)

      let retrieved = try await sut.retrieve()

      #expect(
        retrieved
          == CachedFeed(
            feed: [
              LocalFeedImage(
                id: UUID(uuidString: "5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A")!, description: nil,
                location: "Here", url: URL(string: "https://a.example/1.jpg")!)
            ],
            timestamp: Date(timeIntervalSinceReferenceDate: 0.5)
          ))
    }
  }

  @Test func retrieve_throwsCorruptErrorNamingTheFileOnInvalidJSON() async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(in: directory)
      try write("{\"version\":1,\"timestamp\":", to: sut.storeURL)

      let error = await #expect(throws: CodableFeedStoreError.self) { try await sut.retrieve() }

      #expect(error?.reason == .corrupt)
      #expect(error?.description.contains(sut.storeURL.path(percentEncoded: false)) == true)
    }
  }

  @Test func retrieve_leavesCorruptFileAsItWas() async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(in: directory)
      let corrupt = Data("not a feed cache".utf8)
      try corrupt.write(to: sut.storeURL)

      _ = try? await sut.retrieve()

      #expect(try Data(contentsOf: sut.storeURL) == corrupt)
    }
  }

  @Test func retrieve_throwsCorruptErrorNamingTheImageWithInvalidID() async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(in: directory)
      try write(
        #"{"version":1,"timestamp":0,"feed":[{"id":"not-a-uuid","url":"https://a.example"}]}"#,
        to: sut.storeURL)

      let error = await #expect(throws: CodableFeedStoreError.self) { try await sut.retrieve() }

      #expect(error?.reason == .corrupt)
      #expect(error?.detail.contains("image 0") == true)
    }
  }

  @Test func retrieve_refusesFileFromNewerFormatVersion() async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(in: directory)
      try write(#"{"version":2,"timestamp":0,"feed":[]}"#, to: sut.storeURL)

      let error = await #expect(throws: CodableFeedStoreError.self) { try await sut.retrieve() }

      #expect(error?.reason == .unsupportedFormatVersion(2))
    }
  }

  @Test func retrieve_throwsUnreadableErrorWhenFileCannotBeRead() async throws {
    try await withTemporaryDirectory { directory in
      let fileSystem = FaultInjectingFileSystem()
      let sut = makeSUT(in: directory, fileSystem: fileSystem)
      fileSystem.injectFault(.contentsOfFile)

      let error = await #expect(throws: CodableFeedStoreError.self) { try await sut.retrieve() }

      #expect(error?.reason == .unreadable)
    }
  }

  @Test func insert_keepsPreviousCacheAndNoTemporaryFileWhenRenameFails() async throws {
    try await withTemporaryDirectory { directory in
      let fileSystem = FaultInjectingFileSystem()
      let sut = makeSUT(in: directory, fileSystem: fileSystem)
      let previous = CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      try await sut.insert(previous.feed, timestamp: previous.timestamp)
      fileSystem.injectFault(.replaceItem)

      let error = await #expect(throws: CodableFeedStoreError.self) {
        try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      }

      #expect(error?.reason == .unwritable)
      #expect(try await sut.retrieve() == previous)
      #expect(try contents(of: directory) == [sut.storeURL.lastPathComponent])
    }
  }

  @Test func insert_keepsPreviousCacheAndNoTemporaryFileWhenWriteIsTorn() async throws {
    try await withTemporaryDirectory { directory in
      let fileSystem = TornWriteFileSystem()
      let sut = makeSUT(in: directory, fileSystem: fileSystem)
      let previous = CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      try await sut.insert(previous.feed, timestamp: previous.timestamp)
      fileSystem.tearNextWrite()

      await #expect(throws: CodableFeedStoreError.self) {
        try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      }

      #expect(try await sut.retrieve() == previous)
      #expect(try contents(of: directory) == [sut.storeURL.lastPathComponent])
    }
  }

  @Test func insert_leavesOnlyTheStoreFileBehind() async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(in: directory)

      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)

      #expect(try contents(of: directory) == [sut.storeURL.lastPathComponent])
    }
  }

  @Test func concurrentInserts_neverLeaveATornCache() async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(in: directory)
      let caches = (0..<20).map { index in
        CachedFeed(
          feed: FeedStoreFixtures.uniqueImageFeed(count: 50),
          timestamp: FeedStoreFixtures.preciseTimestamp(offset: Double(index)))
      }

      let retrieved = try await withThrowingTaskGroup(of: CachedFeed?.self) { group in
        for cache in caches {
          group.addTask {
            try await sut.insert(cache.feed, timestamp: cache.timestamp)
            return try await sut.retrieve()
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }

      #expect(retrieved.allSatisfy { $0.map(caches.contains) == true })
      #expect(try await sut.retrieve().map(caches.contains) == true)
    }
  }

  @Test func insert_failureDescribesTheFileAndTheCause() async throws {
    try await withTemporaryDirectory { directory in
      let fileSystem = FaultInjectingFileSystem()
      let sut = makeSUT(in: directory, fileSystem: fileSystem)
      fileSystem.injectFault(.createFile)

      let error = await #expect(throws: CodableFeedStoreError.self) {
        try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      }

      let path = sut.storeURL.path(percentEncoded: false)
      #expect(
        error?.description.hasPrefix(
          "Cannot write the feed cache at \(path); the previous cache is unchanged: ") == true)
      #expect(error?.detail == String(describing: POSIXError(.ENOSPC)))
    }
  }

  // MARK: - Helpers

  private func makeSUT(
    in directory: URL,
    fileSystem: any FileSystem = LocalFileSystem()
  ) -> CodableFeedStore {
    CodableFeedStore(storeURL: directory.appending(path: "feed.json"), fileSystem: fileSystem)
  }

  private func write(_ json: String, to url: URL) throws {
    try Data(json.utf8).write(to: url)
  }

  private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
      .sorted()
  }
}
