import FeedCache
import Testing

extension FeedStoreSpec {
  static let failableRetrieveSpecs: [FeedStoreSpec] = [
    failableRetrieve(
      "retrieve_deliversErrorOnFailure",
      "A store whose storage is broken throws from retrieve, rather than delivering nil or a "
        + "partial feed."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStoreFailingRetrieval(
        holding: FeedStoreFixtures.uniqueCachedFeed())

      await expectFailure(of: "retrieve from a broken store", sourceLocation: sourceLocation) {
        _ = try await sut.retrieve()
      }
    },
    failableRetrieve(
      "retrieve_hasNoSideEffectsOnFailure",
      "A failed retrieve changes nothing: retrieving again fails again, instead of the store "
        + "discarding what it could not read."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStoreFailingRetrieval(
        holding: FeedStoreFixtures.uniqueCachedFeed())

      let failed = await expectFailure(
        of: "retrieve from a broken store", sourceLocation: sourceLocation
      ) {
        _ = try await sut.retrieve()
      }
      guard failed else { return }

      await expectFailure(
        of: "a second retrieve from a broken store", sourceLocation: sourceLocation
      ) {
        _ = try await sut.retrieve()
      }
    },
  ]

  private static func failableRetrieve(
    _ id: String, _ summary: String,
    body:
      @escaping @Sendable (any FailableRetrieveFeedStoreFactory, SourceLocation) async throws
      -> Void
  ) -> FeedStoreSpec {
    FeedStoreSpec(
      id, .failableRetrieve, summary, capable: { $0 as? any FailableRetrieveFeedStoreFactory },
      body: body)
  }
}
