import FeedStoreBackends

/// Every row of one size, in report order: the floors, the baselines, then each backend's insert
/// and retrieve; and the workload of each, built only when asked for.
package enum WorkloadCatalog {
  /// The rows over `backends`, in report order.
  static func ids(backends: [FeedStoreBackend]) -> [RowID] {
    [
      .memcpyFloor, .writeFloor, .sqliteFloor, .valueFloor, .sqliteReadFloor, .encodeBaseline,
      .stringEncodeBaseline, .decodeBaseline,
    ]
      + backends.flatMap { backend in StoreOperation.allCases.map { .store(backend.name, $0) } }
  }

  /// The workload of row `id` on `fixture`, and no other: building the SQLite floors encodes the
  /// images, which a memory probe of another row must not leave in its heap.
  ///
  /// - Returns: The workload, or `nil` when `id` is no row of `backends`.
  static func workload(for id: RowID, fixture: Fixture, backends: [FeedStoreBackend])
    -> (any Workload)?
  {
    switch id {
    case .memcpyFloor: return MemcpyFloorWorkload(fixture: fixture)
    case .writeFloor: return WriteFloorWorkload(fixture: fixture)
    case .sqliteFloor: return SQLiteFloorWorkload(fixture: fixture, operation: .insert)
    case .sqliteReadFloor: return SQLiteFloorWorkload(fixture: fixture, operation: .retrieve)
    case .valueFloor: return RetrieveFloorWorkload(fixture: fixture, method: .buildValues)
    case .decodeBaseline: return RetrieveFloorWorkload(fixture: fixture, method: .decodeJSON)
    case .encodeBaseline: return EncodeBaselineWorkload(fixture: fixture, mapsToStrings: false)
    case .stringEncodeBaseline:
      return EncodeBaselineWorkload(fixture: fixture, mapsToStrings: true)
    default:
      guard id.kind == .store, let operation = StoreOperation(rawValue: id.operation),
        let backend = backends.first(where: { $0.name == id.name })
      else { return nil }
      return StoreWorkload(backend: backend, operation: operation, fixture: fixture)
    }
  }

  /// The workload a memory probe of row `id` runs: a fixture of `size` images, with the JSON
  /// payload only when the row reads it, and only that row's workload.
  ///
  /// - Throws: ``BenchmarkError`` when there is no such row or the fixture cannot be made.
  package static func probedWorkload(for id: RowID, size: Int) throws -> any Workload {
    let fixture = try Fixture(count: size, encodesPayload: id.usesPayload)
    guard let workload = workload(for: id, fixture: fixture, backends: FeedStoreBackend.all) else {
      throw BenchmarkError("no row \(id.label)")
    }
    return workload
  }
}
