/// The store operations the benchmark times.
enum StoreOperation: String, CaseIterable, Sendable {
  /// `insert(_:timestamp:)` of the whole fixture into an empty store.
  case insert
  /// `retrieve()` from a store holding the whole fixture.
  case retrieve
}
