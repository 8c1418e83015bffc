import FeedCache

extension FeedStoreSpec {
  static let deleteSpecs: [FeedStoreSpec] = [
    core("delete_succeedsOnEmptyStore", "Deleting from a new store succeeds.") {
      factory, sourceLocation in
      let sut = try await factory.makeStore()

      await expectSuccess(of: "delete on an empty store", sourceLocation: sourceLocation) {
        try await sut.deleteCachedFeed()
      }
    },
    core("delete_hasNoSideEffectsOnEmptyStore", "Deleting from a new store leaves it empty.") {
      factory, sourceLocation in
      let sut = try await factory.makeStore()

      try await sut.deleteCachedFeed()

      await expectRetrieval(
        from: sut, toDeliver: nil, "after deleting from an empty store",
        sourceLocation: sourceLocation)
    },
    core("delete_succeedsOnNonEmptyStore", "Deleting from a store with a cache succeeds.") {
      factory, sourceLocation in
      let sut = try await factory.makeStore(holding: FeedStoreFixtures.uniqueCachedFeed())

      await expectSuccess(of: "delete on a store with a cache", sourceLocation: sourceLocation) {
        try await sut.deleteCachedFeed()
      }
    },
    core(
      "delete_emptiesPreviouslyInsertedCache",
      "Deleting from a store with a cache leaves nothing cached."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore(holding: FeedStoreFixtures.uniqueCachedFeed())

      try await sut.deleteCachedFeed()

      await expectRetrieval(
        from: sut, toDeliver: nil, "after deleting the cache", sourceLocation: sourceLocation)
    },
  ]
}
