import CrossModuleFactoryFixture
import FeedStoreSpecs
import Testing

// The capabilities are declared here, in another module than the factory: the specs must still
// find them.
extension SharedFeedStoreFactory: FailableRetrieveFeedStoreFactory {
  public func makeRetrievalFail(for store: SharedFeedStore) async {
    await store.breakRetrieval()
  }
}

extension SharedFeedStoreFactory: PersistentFeedStoreFactory {
  public func makeStore(sharingStorageWith store: SharedFeedStore) -> SharedFeedStore {
    SharedFeedStore(storage: store.storage)
  }
}

@Suite struct CrossModuleCapabilityTests {
  @Test func all_findsCapabilitiesDeclaredInAnotherModule() {
    let specs = FeedStoreSpec.all(for: SharedFeedStoreFactory.self)

    #expect(Set(specs.map(\.capability.name)) == ["core", "failableRetrieve", "persistent"])
  }

  @Test(arguments: FeedStoreSpec.all(for: SharedFeedStoreFactory.self))
  func factory_passesEverySpecOfItsCapabilities(_ spec: FeedStoreSpec) async throws {
    try await spec.verify(SharedFeedStoreFactory())
  }
}
