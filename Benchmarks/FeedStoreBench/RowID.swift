/// What one row of results measures: a floor, the encoder baseline, or one operation of a store.
struct RowID: Hashable, Codable, Sendable {
  /// The three kinds of row.
  enum Kind: String, Codable, Sendable {
    /// The least any store could do with the payload: copy it, or write it durably.
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

  /// The floor this row is divided by: a store's insert by the durable write, anything else
  /// by the copy; `nil` for the floors themselves.
  var floor: RowID? {
    switch kind {
    case .floor: nil
    case .baseline: .memcpyFloor
    case .store: operation == StoreOperation.insert.rawValue ? .writeFloor : .memcpyFloor
    }
  }
}
