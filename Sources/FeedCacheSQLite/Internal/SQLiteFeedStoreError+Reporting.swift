/// How the store turns what its SQLite layer throws into the error its callers get.
extension SQLiteFeedStoreError {
  /// Runs `body`, the work of the store's `operation`, and reports a ``SQLiteFailure`` it throws
  /// as the store's error for that operation.
  ///
  /// The layers below throw nothing else; any other error would pass through as it is.
  static func reporting<Value>(
    _ operation: Operation, _ body: () throws -> Value
  ) throws -> Value {
    do {
      return try body()
    } catch let failure as SQLiteFailure {
      throw SQLiteFeedStoreError(operation, failure)
    }
  }
}
