/// What one row of results measures: a floor, the encoder baseline, or one operation of a store.
struct RowID: Hashable, Codable, Sendable {
  /// The three kinds of row.
  enum Kind: String, Codable, Sendable {
    /// The least a store could do: copy the payload, write it durably, or have SQLite insert
    /// the images through its C API.
    case floor
    /// A plain library call to compare a store with: `JSONEncoder().encode`.
    case baseline
    /// An operation of a registered backend.
    case store
  }

  /// The kind of row.
  let kind: Kind
  /// The floor, baseline or backend name.
  let name: String
  /// What is timed: `copy`, `write`, `encode`, `insert` or `retrieve`.
  let operation: String

  /// The floor of copying the payload in memory.
  static let memcpyFloor = RowID(kind: .floor, name: "memcpy", operation: "copy")
  /// The floor of writing the payload durably.
  static let writeFloor = RowID(kind: .floor, name: "write+fsync+rename", operation: "write")
  /// The floor of SQLite itself doing a store's insert through its C API, with the values
  /// encoded beforehand.
  static let sqliteFloor = RowID(kind: .floor, name: "SQLite C API", operation: "insert")
  /// The plain `JSONEncoder` baseline: the images as a synthesized `Codable` conformance would
  /// encode them.
  static let encodeBaseline = RowID(kind: .baseline, name: "JSONEncoder", operation: "encode")
  /// `JSONEncoder` of the images mapped to a DTO of strings first, as a JSON store does.
  static let stringEncodeBaseline = RowID(
    kind: .baseline, name: "JSONEncoder, string DTO", operation: "encode")

  /// A row of a store's operation.
  static func store(_ backend: String, _ operation: StoreOperation) -> RowID {
    RowID(kind: .store, name: backend, operation: operation.rawValue)
  }

  /// How reports show the row, such as `Codable insert` or `floor: memcpy`.
  var label: String {
    switch kind {
    case .floor: "floor: \(name)"
    case .baseline: "baseline: \(name)"
    case .store: "\(name) \(operation)"
    }
  }

  /// The floor this row is divided by in its `vs floor` column: a store's insert, and the
  /// SQLite C API floor, by the durable write; anything else by the copy; `nil` for the other
  /// floors.
  ///
  /// A store's insert is also set against ``sqliteFloor``, in the report's "Insert against the
  /// floors" table.
  var floor: RowID? {
    switch kind {
    case .floor: self == .sqliteFloor ? .writeFloor : nil
    case .baseline: .memcpyFloor
    case .store: operation == StoreOperation.insert.rawValue ? .writeFloor : .memcpyFloor
    }
  }
}
