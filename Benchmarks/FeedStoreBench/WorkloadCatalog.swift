import FeedStoreBackends

/// Every workload of one size, in report order: the floors, the encoder baselines, then each
/// backend's insert and retrieve.
struct WorkloadCatalog: Sendable {
  /// The workloads, in report order.
  let workloads: [any Workload]

  /// The workloads for `fixture`'s size over `backends`.
  init(fixture: Fixture, backends: [FeedStoreBackend]) {
    var workloads: [any Workload] = [
      MemcpyFloorWorkload(fixture: fixture),
      WriteFloorWorkload(fixture: fixture),
      SQLiteFloorWorkload(fixture: fixture),
      EncodeBaselineWorkload(fixture: fixture),
      StringEncodeBaselineWorkload(fixture: fixture),
    ]
    for backend in backends {
      workloads.append(StoreInsertWorkload(backend: backend, fixture: fixture))
      workloads.append(StoreRetrieveWorkload(backend: backend, fixture: fixture))
    }
    self.workloads = workloads
  }

  /// The workload of the row `id`, if there is one.
  func workload(for id: RowID) -> (any Workload)? {
    workloads.first { $0.id == id }
  }
}
