/// What one row of results measures: a floor, a baseline, or one operation of a store or of a
/// reference backend.
package struct RowID: Hashable, Codable, Sendable {
  /// A floor is the least a store could do; a baseline, a plain library call to compare with; a
  /// store, one the program benchmarks; a reference, one of this package's backends set beside
  /// them on request.
  package enum Kind: String, Codable, Sendable {
    case floor, baseline, store, reference
  }

  package let kind: Kind
  /// The floor, baseline or store name, and what is timed, such as `insert`.
  package let name: String
  package let operation: String

  /// Creates the id of a row.
  package init(kind: Kind, name: String, operation: String) {
    (self.kind, self.name, self.operation) = (kind, name, operation)
  }

  /// How reports show the row, such as `SQLite insert`, `floor: memcpy` or
  /// `reference: SQLite insert`.
  package var label: String {
    switch kind {
    case .floor: "floor: \(name)"
    case .baseline: "baseline: \(name)"
    case .store, .reference: "\(storeLabel) \(operation)"
    }
  }

  /// How tables of store rows show the store: `SQLite`, or `reference: SQLite`.
  var storeLabel: String {
    kind == .reference ? "reference: \(name)" : name
  }

  /// Whether the row times a store's operation, the program's own or a reference's.
  var isStore: Bool {
    kind == .store || kind == .reference
  }

  // The floors and baselines every run measures, and the SQLite floors that come with the SQLite
  // reference backend (FeedStoreBenchmarkReferences), which the report's tables look up.
  package static let memcpyFloor = RowID(kind: .floor, name: "memcpy", operation: "copy")
  package static let writeFloor = RowID(kind: .floor, name: "write", operation: "write")
  package static let valueFloor = RowID(
    kind: .floor, name: "build values", operation: "retrieve")
  package static let sqliteFloor = RowID(kind: .floor, name: "SQLite C API", operation: "insert")
  package static let sqliteValuesFloor = RowID(
    kind: .floor, name: "SQLite C API from Swift values", operation: "insert")
  package static let sqliteReadFloor = RowID(
    kind: .floor, name: "SQLite C API read", operation: "retrieve")
  static let durableWriteBaseline = RowID(
    kind: .baseline, name: "write+fsync+rename", operation: "write")
  static let encodeBaseline = RowID(kind: .baseline, name: "JSONEncoder", operation: "encode")
  static let stringEncodeBaseline = RowID(
    kind: .baseline, name: "JSONEncoder, string DTO", operation: "encode")
  static let decodeBaseline = RowID(kind: .baseline, name: "JSONDecoder", operation: "decode")
  static let sustainedDurableWrite = RowID(
    kind: .baseline, name: "write+fsync+rename", operation: "sustained write")

  /// The row of a store's `operation`, such as its `insert`, or the sustained mode's
  /// `sustained insert`.
  static func store(_ name: String, _ operation: String, kind: Kind = .store) -> RowID {
    RowID(kind: kind, name: name, operation: operation)
  }

  static func store(_ name: String, _ operation: StoreOperation, kind: Kind = .store) -> RowID {
    .store(name, operation.rawValue, kind: kind)
  }
}

/// The store operations timed one by one: the fixture inserted into an empty store, and
/// retrieved from a store holding it.
package enum StoreOperation: String, CaseIterable, Codable, Sendable {
  case insert, retrieve
}
