import FeedStoreSpecs

struct MyStoreFactory: FeedStoreFactory, Codable {
  func makeStore() -> MyStore {
    MyStore()
  }
}
