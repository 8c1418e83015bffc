import FeedCache
import FeedStoreBackends
import Foundation

/// Every row of one size, in report order, each defined once: what it times, the floor its
/// `vs floor` column divides it by, and the check of its first sample (docs/Benchmarks.md
/// explains each row).
package enum WorkloadCatalog {
  struct Entry: Sendable {
    let id: RowID
    /// The floor of the row's `vs floor` column; `nil` for the floors others are divided by.
    let floor: RowID?
    /// Whether the operation reads the payload, which a memory probe of other rows leaves out.
    let readsPayload: Bool
    /// Builds the workload on a fixture, only when asked for, so a probe holds no other row's.
    let workload: @Sendable (Fixture) -> any Workload

    /// The row that prepares, times and checks its operation on a fixture with these steps.
    init<Prepared, Output>(
      _ id: RowID, floor: RowID?, readsPayload: Bool = false,
      prepare: @escaping @Sendable (Fixture, URL) async throws -> Prepared,
      timed: @escaping @Sendable (Fixture, Prepared) async throws -> Output,
      check: @escaping @Sendable (Fixture, Output, Prepared) async throws -> Void
    ) {
      (self.id, self.floor, self.readsPayload) = (id, floor, readsPayload)
      workload = { InlineWorkload(fixture: $0, prepare: prepare, timed: timed, check: check) }
    }
  }

  /// The rows over `backends`, in report order.
  static func entries(backends: [FeedStoreBackend]) -> [Entry] {
    [
      Entry(.memcpyFloor, floor: nil, readsPayload: true) { fixture, _ in
        CopyDestination(byteCount: fixture.payload.count)
      } timed: { fixture, destination in
        fixture.payload.withUnsafeBytes { destination.buffer.copyMemory(from: $0) }  // memcpy
      } check: { fixture, _, destination in
        try check(destination.buffer.elementsEqual(fixture.payload), "it did not copy the payload")
      },
      // Through the JSON file store's own `LocalFileSystem`: create, write, fsync, rename.
      Entry(.writeFloor, floor: nil, readsPayload: true) { _, directory in
        DurableFile(directory: directory)
      } timed: { fixture, file in
        try file.write(fixture.payload)
      } check: { fixture, _, file in
        let written = try Data(contentsOf: file.destination)
        try check(written == fixture.payload, "it did not write the whole payload")
      },
      sqliteFloor(.sqliteFloor, floor: .writeFloor, reads: false),
      // From text prepared beforehand: the least any store must do to deliver the images.
      Entry(.valueFloor, floor: nil) { fixture, _ in
        fixture.images.map(TextImage.init)
      } timed: { _, texts in
        try texts.map { text throws(BenchmarkError) in
          guard let id = UUID(uuidString: text.id), let url = URL(string: text.url) else {
            throw BenchmarkError("cannot build an image from \(text)")
          }
          return LocalFeedImage(
            id: id, description: text.description, location: text.location, url: url)
        }
      } check: { fixture, images, _ in
        try check(images == fixture.images, "it did not build the images of the fixture")
      },
      sqliteFloor(.sqliteReadFloor, floor: .valueFloor, reads: true),
      encoder(.encodeBaseline) { try JSONImage.encode($0) },
      // Mapped to strings inside the timed region, as a JSON store usually does; same bytes.
      encoder(.stringEncodeBaseline) { try JSONEncoder().encode($0.map(TextImage.init)) },
      Entry(.decodeBaseline, floor: .valueFloor, readsPayload: true) { _, _ in
      } timed: { fixture, _ in
        try JSONImage.decode(fixture.payload)
      } check: { fixture, images, _ in
        try check(images == fixture.images, "it did not decode the images of the fixture")
      },
    ] + backends.flatMap { backend in StoreOperation.allCases.map { store(backend, $0) } }
  }

  /// The workload a memory probe of row `id` runs, alone, on a fixture of `size` images.
  ///
  /// - Throws: ``BenchmarkError`` when there is no such row or the fixture cannot be made.
  package static func probedWorkload(for id: RowID, size: Int) throws -> any Workload {
    guard let entry = entries(backends: FeedStoreBackend.all).first(where: { $0.id == id }) else {
      throw BenchmarkError("no row \(id.label)")
    }
    return entry.workload(try Fixture(count: size, encodesPayload: entry.readsPayload))
  }

  /// `insert(_:timestamp:)` of the fixture into a new, empty store, or `retrieve()` from a new
  /// store that holds it.
  private static func store(_ backend: FeedStoreBackend, _ operation: StoreOperation) -> Entry {
    Entry(
      .store(backend.name, operation), floor: operation == .insert ? .writeFloor : .valueFloor
    ) { fixture, directory in
      let store = try await backend.makeStore(in: directory)
      if operation == .retrieve {
        try await store.insert(fixture.images, timestamp: fixture.timestamp)
      }
      return store
    } timed: { fixture, store -> CachedFeed? in
      guard operation == .retrieve else {
        try await store.insert(fixture.images, timestamp: fixture.timestamp)
        return nil
      }
      return try await store.retrieve()
    } check: { fixture, output, store in
      let cached = operation == .insert ? try await store.retrieve() : output
      try check(
        cached == fixture.cached,
        "\(backend) retrieved \(cached?.feed.count ?? 0) images, not the \(fixture.count) it was given"
      )
    }
  }

  /// SQLite itself inserting or reading the images through its C API, on a database set up
  /// untimed as the SQLite store sets up its own; it holds them already when the floor `reads`.
  private static func sqliteFloor(_ id: RowID, floor: RowID, reads: Bool) -> Entry {
    Entry(id, floor: floor) { fixture, directory in
      let database = try SQLiteFloorDatabase(
        creatingFileAt: directory.appending(path: "floor.sqlite"),
        feed: PreEncodedFeed(fixture.images), timestamp: fixture.timestamp)
      if reads {
        try database.insert()
      }
      return database
    } timed: { _, database -> CachedFeed? in
      guard reads else {
        try database.insert()
        return nil
      }
      return try database.read()
    } check: { fixture, output, database in
      let stored = reads ? output : try database.read()
      try check(
        stored == fixture.cached,
        "it kept \(stored?.feed.count ?? 0) of the fixture's \(fixture.count) images")
    }
  }

  /// `JSONEncoder().encode` through `encode`, with a new encoder each time, as a store that
  /// encodes on every insert would.
  private static func encoder(
    _ id: RowID, _ encode: @escaping @Sendable ([LocalFeedImage]) throws -> Data
  ) -> Entry {
    Entry(id, floor: .memcpyFloor) { fixture, _ in
      fixture.images
    } timed: {
      try encode($1)
    } check: { fixture, data, _ in
      // Key order may differ from one process to the next: compare the size, not the bytes.
      try check(
        data.count == fixture.payload.count,
        "it wrote \(data.count) bytes, not \(fixture.payload.count)")
    }
  }

  /// Throws `message` unless `condition` holds: a row's check, made after its clock stopped.
  private static func check(_ condition: Bool, _ message: @autoclosure () -> String)
    throws(BenchmarkError)
  {
    guard condition else { throw BenchmarkError(message()) }
  }
}

/// A heap buffer a copy writes into; its address escapes first, so the copy is never dead code.
private final class CopyDestination {
  let buffer: UnsafeMutableRawBufferPointer

  init(byteCount: Int) {
    buffer = .allocate(byteCount: max(byteCount, 1), alignment: 16)
    buffer.initializeMemory(as: UInt8.self, repeating: 0)
    if let base = buffer.baseAddress {
      BlackHole.escape(base)
    }
  }

  deinit {
    buffer.deallocate()
  }
}
