/// What one row of results measures: a floor, a baseline, or one operation of a store.
package struct RowID: Hashable, Codable, Sendable {
  /// The three kinds of row.
  package enum Kind: String, Codable, Sendable {
    /// The least a store could do: copy the payload, write it durably, build the values, or
    /// have SQLite insert or read the images through its C API.
    case floor
    /// A plain library call to compare a store with: `JSONEncoder` or `JSONDecoder`.
    case baseline
    /// An operation of a registered backend.
    case store
  }

  /// The kind of row.
  package let kind: Kind
  /// The floor, baseline or backend name.
  package let name: String
  /// What is timed, such as `copy`, `write`, `encode`, `insert`, `retrieve` or `sustained insert`.
  package let operation: String

  /// Creates the id of a row.
  package init(kind: Kind, name: String, operation: String) {
    self.kind = kind
    self.name = name
    self.operation = operation
  }

  /// The floor of copying the payload in memory.
  static let memcpyFloor = RowID(kind: .floor, name: "memcpy", operation: "copy")
  /// The floor of writing the payload durably.
  static let writeFloor = RowID(kind: .floor, name: "write+fsync+rename", operation: "write")
  /// The floor of SQLite itself doing a store's insert through its C API, with the values
  /// encoded beforehand.
  static let sqliteFloor = RowID(kind: .floor, name: "SQLite C API", operation: "insert")
  /// The floor of building the images as values from their text fields.
  static let valueFloor = RowID(kind: .floor, name: "build values", operation: "retrieve")
  /// The floor of SQLite itself reading a store's rows through its C API into values.
  static let sqliteReadFloor = RowID(kind: .floor, name: "SQLite C API read", operation: "retrieve")
  /// The plain `JSONEncoder` baseline: the images as a synthesized `Codable` conformance would
  /// encode them.
  static let encodeBaseline = RowID(kind: .baseline, name: "JSONEncoder", operation: "encode")
  /// `JSONEncoder` of the images mapped to a DTO of strings first, as a JSON store does.
  static let stringEncodeBaseline = RowID(
    kind: .baseline, name: "JSONEncoder, string DTO", operation: "encode")
  /// The plain `JSONDecoder` baseline: the payload decoded into the same values.
  static let decodeBaseline = RowID(kind: .baseline, name: "JSONDecoder", operation: "decode")

  /// A row of a store's operation.
  static func store(_ backend: String, _ operation: StoreOperation) -> RowID {
    RowID(kind: .store, name: backend, operation: operation.rawValue)
  }

  /// How reports show the row, such as `Codable insert` or `floor: memcpy`.
  package var label: String {
    switch kind {
    case .floor: "floor: \(name)"
    case .baseline: "baseline: \(name)"
    case .store: "\(name) \(operation)"
    }
  }

  /// Whether the row's timed operation reads the fixture's JSON payload.
  ///
  /// A memory probe of any other row does not build it: encoding it frees memory that the probed
  /// operation would reuse without raising its peak.
  var usesPayload: Bool {
    [.memcpyFloor, .writeFloor, .decodeBaseline].contains(self)
  }

  /// The floor this row is divided by in its `vs floor` column: an insert, and the SQLite C API
  /// floor, by the durable write; a retrieve, the SQLite read floor and the decoder by building
  /// the values; the encoders by the copy; `nil` for the other floors.
  ///
  /// A store's insert and retrieve are also set against the other floors and baselines, in the
  /// report's "against the floors" tables.
  var floor: RowID? {
    switch self {
    case .sqliteFloor: .writeFloor
    case .sqliteReadFloor, .decodeBaseline: .valueFloor
    case .encodeBaseline, .stringEncodeBaseline: .memcpyFloor
    default:
      switch (kind, operation) {
      case (.store, StoreOperation.insert.rawValue): .writeFloor
      case (.store, StoreOperation.retrieve.rawValue): .valueFloor
      default: nil
      }
    }
  }
}

/// The store operations the benchmark times one by one.
enum StoreOperation: String, CaseIterable, Sendable {
  /// `insert(_:timestamp:)` of the whole fixture into an empty store.
  case insert
  /// `retrieve()` from a store holding the whole fixture.
  case retrieve
}
