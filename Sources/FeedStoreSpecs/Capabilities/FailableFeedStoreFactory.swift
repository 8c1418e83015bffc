/// A factory whose stores can fail at every operation: conform to it to run every failure spec.
public typealias FailableFeedStoreFactory =
  FailableRetrieveFeedStoreFactory & FailableInsertFeedStoreFactory & FailableDeleteFeedStoreFactory
