import FeedCache
import FeedStoreBackends
import Foundation
import SharedSupport
import Testing

/// The use cases on every persistent backend, each step through a store instance of its own over
/// the same storage, in a directory of its own per case.
@Suite struct FeedCacheIntegrationTests {
  @Test func registry_hasPersistentBackendsToRunOn() {
    let names = PersistentBackend.all.map(\.testDescription)

    #expect(!names.isEmpty, "No backend in FeedStoreBackend.all is persistent")
  }

  @Test(arguments: PersistentBackend.all)
  func load_deliversFeedSavedThroughAnotherStoreInstance(on backend: PersistentBackend)
    async throws
  {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(backend, in: directory)
      let feed = uniqueImageFeed()

      try await sut.saver().save(feed)
      let loaded = try await sut.loader().load()

      #expect(loaded == feed)
    }
  }

  @Test(arguments: PersistentBackend.all)
  func save_overridesFeedSavedThroughAnotherStoreInstance(on backend: PersistentBackend)
    async throws
  {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(backend, in: directory)
      let latestFeed = uniqueImageFeed()

      try await sut.saver().save(uniqueImageFeed())
      try await sut.saver().save(latestFeed)
      let loaded = try await sut.loader().load()

      #expect(loaded == latestFeed)
    }
  }

  @Test(arguments: PersistentBackend.all)
  func validateCache_deletesExpiredCacheFromStorage(on backend: PersistentBackend) async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(backend, in: directory)
      try await sut.saver().save(uniqueImageFeed())

      try await sut.validator(at: UseCases.savedAt + sevenDays).validateCache()
      let remaining = try await sut.openStore().retrieve()

      #expect(remaining == nil)
    }
  }

  @Test(arguments: PersistentBackend.all)
  func validateCache_keepsFreshCacheInStorage(on backend: PersistentBackend) async throws {
    try await withTemporaryDirectory { directory in
      let sut = makeSUT(backend, in: directory)
      let feed = uniqueImageFeed()
      try await sut.saver().save(feed)

      try await sut.validator(at: UseCases.savedAt + sevenDays - 1).validateCache()
      let remaining = try await sut.openStore().retrieve()

      #expect(remaining?.feed == feed)
    }
  }

  private func makeSUT(_ backend: PersistentBackend, in directory: URL) -> UseCases {
    UseCases(backend: backend.backend, directory: directory)
  }
}

/// Makes each use case over a newly opened store on one directory's storage, so that nothing
/// passes between them except through that storage.
private struct UseCases {
  /// When the feed is saved; fixed, so no case reads the machine's clock.
  static let savedAt: Date = Date(timeIntervalSinceReferenceDate: 800_000_000)

  let backend: FeedStoreBackend
  let directory: URL

  func openStore() async throws -> any FeedStore {
    try await backend.makeStore(in: directory)
  }

  func saver() async throws -> LocalFeedSaver {
    LocalFeedSaver(store: try await openStore(), currentDate: { Self.savedAt })
  }

  func loader() async throws -> LocalFeedLoader {
    LocalFeedLoader(store: try await openStore(), currentDate: { Self.savedAt + 60 })
  }

  func validator(at now: Date) async throws -> LocalFeedCacheValidator {
    LocalFeedCacheValidator(store: try await openStore(), currentDate: { now })
  }
}

/// The cache's max age under the default calendar, gregorian in UTC.
private let sevenDays: TimeInterval = 7 * 24 * 60 * 60

/// Three images of new ids and URLs; the suites of this target share it.
func uniqueImageFeed() -> [LocalFeedImage] {
  (0..<3).map { index in
    LocalFeedImage(
      id: UUID(), description: "image \(index)", location: index == 0 ? nil : "a location",
      url: URL(filePath: "/images/\(UUID().uuidString)"))
  }
}
