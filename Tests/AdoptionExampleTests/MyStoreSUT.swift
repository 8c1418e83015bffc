import FeedStoreSpecs

/// Makes a store for a test of the store's own, tracked for leaks where the test calls this: a
/// helper file that imports the spec library and nothing else, not even Testing.
func makeSUT(
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> MyStore {
  let store = MyStore()
  trackForMemoryLeaks(store, fileID: fileID, filePath: filePath, line: line, column: column)
  return store
}
