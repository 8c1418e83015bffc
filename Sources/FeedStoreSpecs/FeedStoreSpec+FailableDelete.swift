import FeedCache
import Testing

extension FeedStoreSpec {
  static let failableDeleteSpecs: [FeedStoreSpec] = [
    failableDelete(
      "delete_deliversErrorOnFailure",
      "A store whose storage refuses changes throws from deleting its cache."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStoreFailingDeletion(
        holding: FeedStoreFixtures.uniqueCachedFeed())

      await expectFailure(of: "delete on a broken store", sourceLocation: sourceLocation) {
        try await sut.deleteCachedFeed()
      }
    },
    failableDelete(
      "delete_hasNoSideEffectsOnEmptyStoreOnFailure",
      "A delete on a broken empty store may succeed or throw, and leaves nothing cached."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStoreFailingDeletion(holding: nil)

      // Deleting nothing is not an error, and no real fault can make it one: either outcome
      // keeps the contract, as long as nothing is cached afterwards.
      try? await sut.deleteCachedFeed()

      await expectRetrieval(
        from: sut, toDeliver: nil, "after a delete on a broken empty store",
        sourceLocation: sourceLocation)
    },
    failableDelete(
      "delete_keepsPreviousCacheOnFailure",
      "A failed delete keeps the cache the store had before it."
    ) { factory, sourceLocation in
      let previous = FeedStoreFixtures.uniqueCachedFeed()
      let sut = try await factory.makeStoreFailingDeletion(holding: previous)

      let failed = await expectFailure(
        of: "delete on a broken store", sourceLocation: sourceLocation
      ) {
        try await sut.deleteCachedFeed()
      }
      guard failed else { return }

      await expectRetrieval(
        from: sut, toDeliver: previous, "after a failed delete", sourceLocation: sourceLocation)
    },
  ]

  private static func failableDelete(
    _ id: String, _ summary: String,
    body:
      @escaping @Sendable (any FailableDeleteFeedStoreFactory, SourceLocation) async throws
      -> Void
  ) -> FeedStoreSpec {
    FeedStoreSpec(
      id, .failableDelete, summary, capable: { $0 as? any FailableDeleteFeedStoreFactory },
      body: body)
  }
}
