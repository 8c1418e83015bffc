/// What one row of results measures: a floor, a baseline, or one operation of a store.
package struct RowID: Hashable, Codable, Sendable {
  /// A floor is the least a store could do; a baseline, a plain library call to compare with.
  package enum Kind: String, Codable, Sendable {
    case floor, baseline, store
  }

  package let kind: Kind
  /// The floor, baseline or backend name, and what is timed, such as `insert`.
  package let name: String
  package let operation: String

  /// Creates the id of a row.
  package init(kind: Kind, name: String, operation: String) {
    (self.kind, self.name, self.operation) = (kind, name, operation)
  }

  /// How reports show the row, such as `SQLite insert` or `floor: memcpy`.
  package var label: String {
    switch kind {
    case .floor: "floor: \(name)"
    case .baseline: "baseline: \(name)"
    case .store: "\(name) \(operation)"
    }
  }

  // The rows ``WorkloadCatalog`` defines, the sustained mode's and the readers' rows.
  static let memcpyFloor = RowID(kind: .floor, name: "memcpy", operation: "copy")
  static let writeFloor = RowID(kind: .floor, name: "write+fsync+rename", operation: "write")
  static let sqliteFloor = RowID(kind: .floor, name: "SQLite C API", operation: "insert")
  static let valueFloor = RowID(kind: .floor, name: "build values", operation: "retrieve")
  static let sqliteReadFloor = RowID(kind: .floor, name: "SQLite C API read", operation: "retrieve")
  static let encodeBaseline = RowID(kind: .baseline, name: "JSONEncoder", operation: "encode")
  static let stringEncodeBaseline = RowID(
    kind: .baseline, name: "JSONEncoder, string DTO", operation: "encode")
  static let decodeBaseline = RowID(kind: .baseline, name: "JSONDecoder", operation: "decode")
  static let sustainedWriteFloor = RowID(
    kind: .floor, name: "write+fsync+rename", operation: "sustained write")

  static func store(_ backend: String, _ operation: StoreOperation) -> RowID {
    .store(backend, operation.rawValue)
  }

  /// A backend's row of `operation`, such as the sustained mode's `sustained insert`.
  static func store(_ backend: String, _ operation: String) -> RowID {
    RowID(kind: .store, name: backend, operation: operation)
  }
}

/// The store operations timed one by one: the fixture inserted into an empty store, and
/// retrieved from a store holding it.
enum StoreOperation: String, CaseIterable, Sendable {
  case insert, retrieve
}
