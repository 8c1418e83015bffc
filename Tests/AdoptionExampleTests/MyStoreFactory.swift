import FeedStoreSpecs

struct MyStoreFactory: FeedStoreFactory {
  func makeStore() -> MyStore {
    MyStore()
  }
}
