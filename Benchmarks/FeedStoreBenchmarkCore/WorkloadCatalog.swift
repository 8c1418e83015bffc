import FeedCache
import Foundation

/// Every row of one size, in report order, each defined once: the workload that times its
/// operation and checks its first sample, and the floor its `vs floor` column divides it by
/// (docs/Benchmarks.md explains each row).
///
/// Each workload is a type of its own, so the sampler's timed call is one direct witness call:
/// closures of generic types cost about 0.2 µs more, a third of an in-memory retrieve.
package enum WorkloadCatalog {
  /// One row: its id, its floor, and how to build its workload on a fixture.
  package struct Entry: Sendable {
    let id: RowID
    /// The floor of the row's `vs floor` column; `nil` for the floors others are divided by and
    /// for store rows, whose floors depend on the store (``floors(of:keepsFiles:)``).
    let floor: RowID?
    /// For a floor, the store operation it is the least work of: every store's that keeps its
    /// feed in files for a floor every run measures, the store's own for a floor a store brings.
    let bounds: StoreOperation?
    /// Whether the operation reads the payload, which a memory probe of other rows leaves out.
    let readsPayload: Bool
    /// Builds the workload on a fixture, only when asked for, so a probe holds no other row's.
    let workload: @Sendable (Fixture) -> any Workload

    /// Defines a row.
    ///
    /// - Parameters:
    ///   - id: What the row measures.
    ///   - floor: The floor its `vs floor` column divides it by, which must come before it.
    ///   - bounds: For a floor, the store operation it is the least work of.
    ///   - readsPayload: Whether the workload reads the fixture's JSON payload.
    ///   - workload: Builds the workload on a fixture.
    package init(
      id: RowID, floor: RowID?, bounds: StoreOperation? = nil, readsPayload: Bool = false,
      workload: @escaping @Sendable (Fixture) -> any Workload
    ) {
      (self.id, self.floor, self.bounds) = (id, floor, bounds)
      (self.readsPayload, self.workload) = (readsPayload, workload)
    }
  }

  /// The floors every run measures: a store that keeps its feed in files can do no less.
  static let commonFloors = [
    Entry(id: .memcpyFloor, floor: nil, readsPayload: true) { MemcpyFloor(fixture: $0) },
    Entry(id: .writeFloor, floor: nil, bounds: .insert, readsPayload: true) {
      WriteFloor(fixture: $0, durable: false)
    },
    Entry(id: .valueFloor, floor: nil, bounds: .retrieve) { ValueFloor(fixture: $0) },
  ]

  /// The rows of a run over `stores`, in report order: the floors every run measures, then those
  /// the program's stores bring, the baselines, and each store's operations.
  static func entries(
    floors: [Entry], stores: [(store: BenchmarkedStore, kind: RowID.Kind)]
  ) -> [Entry] {
    commonFloors + floors + [
      Entry(id: .durableWriteBaseline, floor: .writeFloor, readsPayload: true) {
        WriteFloor(fixture: $0, durable: true)
      },
      Entry(id: .encodeBaseline, floor: .memcpyFloor) { Encoder(fixture: $0, toStrings: false) },
      Entry(id: .stringEncodeBaseline, floor: .memcpyFloor) {
        Encoder(fixture: $0, toStrings: true)
      },
      Entry(id: .decodeBaseline, floor: .valueFloor, readsPayload: true) { Decoder(fixture: $0) },
    ]
      + stores.flatMap { store, kind in
        StoreOperation.allCases.map { operation in
          Entry(id: .store(store.name, operation, kind: kind), floor: nil) {
            StoreWorkload(store: store, operation: operation, fixture: $0)
          }
        }
      }
  }

  /// The floors of `store`'s `operation`, loosest first.
  ///
  /// First those every run measures when the store keeps its feed in files (its first insert left
  /// a file in its directory), then those it brings. A store that keeps its feed only in memory
  /// has none of the first: a floor of work it never does would be one it beats.
  static func floors(
    of operation: StoreOperation, of store: BenchmarkedStore, keepsFiles: Bool
  ) -> [RowID] {
    ((keepsFiles ? commonFloors : []) + store.floors).filter { $0.bounds == operation }.map(\.id)
  }

  /// The rows a run of `configuration` measures in `program`, in report order.
  static func entries(
    of program: BenchmarkProgram, running configuration: RunConfiguration
  ) -> [Entry] {
    entries(floors: program.storeFloors, stores: program.measured(configuration))
  }

  /// The workload a memory probe of row `id` runs, alone, on a fixture of `size` images.
  ///
  /// - Throws: ``BenchmarkError`` when `program` has no such row or the fixture cannot be made.
  package static func probedWorkload(
    for id: RowID, size: Int, in program: BenchmarkProgram
  ) throws -> any Workload {
    let entries = entries(floors: program.storeFloors, stores: program.everyStore)
    guard let entry = entries.first(where: { $0.id == id }) else {
      throw BenchmarkError("no row \(id.label)")
    }
    return entry.workload(try Fixture(count: size, encodesPayload: entry.readsPayload))
  }
}

/// `memcpy` of the payload into a buffer allocated beforehand.
private struct MemcpyFloor: Workload {
  let fixture: Fixture

  func prepare(in directory: URL) -> CopyDestination { CopyDestination(fixture.payload.count) }
  func run(_ destination: CopyDestination) {
    fixture.payload.withUnsafeBytes { destination.buffer.copyMemory(from: $0) }  // memcpy
  }
  func verify(_ output: Void, of destination: CopyDestination) throws {
    try check(destination.buffer.elementsEqual(fixture.payload), "it did not copy the payload")
  }
}

/// The payload written to a new file with plain POSIX calls: `open`, `write`, `close` (the write
/// floor), or, `durable`, also `fsync` and a `rename` over the destination (a baseline).
struct WriteFloor: Workload {
  let fixture: Fixture
  let durable: Bool

  func prepare(in directory: URL) -> PayloadFile { PayloadFile(in: directory, durable: durable) }
  func run(_ file: PayloadFile) throws { try file.write(fixture.payload) }
  func verify(_ output: Void, of file: PayloadFile) throws {
    try check(try Data(contentsOf: file.destination) == fixture.payload, "it did not write it all")
  }
}

/// The images built as values from their bytes: the least any store that keeps files does.
///
/// The bytes are encoded beforehand as a store keeps them (each id's 16 bytes, each text's UTF-8)
/// in one buffer; timed: a `UUID` from the 16 bytes, a `String` from each text's bytes, a `URL`
/// from its text, into an array sized up front. Every store that keeps its feed outside the
/// process's values does this at least, after reading its storage.
private struct ValueFloor: Workload {
  let fixture: Fixture

  func prepare(in directory: URL) -> PreEncodedFeed { PreEncodedFeed(fixture.images) }
  func run(_ feed: PreEncodedFeed) throws -> [LocalFeedImage] {
    try feed.withBytes { base in
      func text(_ bytes: PreEncodedFeed.Bytes) -> String {
        String(
          decoding: UnsafeRawBufferPointer(start: base + bytes.offset, count: Int(bytes.count)),
          as: UTF8.self)
      }
      var images: [LocalFeedImage] = []
      images.reserveCapacity(feed.images.count)
      for image in feed.images {
        let id = UnsafeRawPointer(base + image.id).loadUnaligned(as: uuid_t.self)
        guard let url = URL(string: text(image.url)) else {
          throw BenchmarkError("cannot build the URL of image \(images.count)")
        }
        images.append(
          LocalFeedImage(
            id: UUID(uuid: id), description: image.description.map(text),
            location: image.location.map(text), url: url))
      }
      return images
    }
  }

  func verify(_ images: [LocalFeedImage], of feed: PreEncodedFeed) throws {
    try check(images == fixture.images, "it did not build the images of the fixture")
  }
}

/// `JSONEncoder().encode` of the images, with a new encoder each time, as a store that encodes on
/// every insert would; mapped `toStrings` first inside the timed region, as a JSON store
/// usually does, it writes the same bytes.
private struct Encoder: Workload {
  let fixture: Fixture
  let toStrings: Bool

  func prepare(in directory: URL) -> [LocalFeedImage] { fixture.images }
  func run(_ images: [LocalFeedImage]) throws -> Data {
    toStrings ? try JSONEncoder().encode(images.map(TextImage.init)) : try JSONImage.encode(images)
  }

  func verify(_ data: Data, of images: [LocalFeedImage]) throws {
    // Key order may differ from one process to the next: compare the size, not the bytes.
    let expected = fixture.payload.count
    try check(data.count == expected, "it wrote \(data.count) bytes, not \(expected)")
  }
}

/// `JSONDecoder().decode` of the payload, with a new decoder each time.
private struct Decoder: Workload {
  let fixture: Fixture

  func prepare(in directory: URL) {}
  func run(_ prepared: Void) throws -> [LocalFeedImage] { try JSONImage.decode(fixture.payload) }
  func verify(_ images: [LocalFeedImage], of prepared: Void) throws {
    try check(images == fixture.images, "it did not decode the images of the fixture")
  }
}

/// `insert(_:timestamp:)` of the fixture into a new, empty store, or `retrieve()` from a new
/// store that holds it.
struct StoreWorkload: Workload {
  let store: BenchmarkedStore
  let operation: StoreOperation
  let fixture: Fixture

  func prepare(in directory: URL) async throws -> any FeedStore {
    let store = try await store.makeStore(in: directory)
    if operation == .retrieve {
      try await store.insert(fixture.images, timestamp: fixture.timestamp)
    }
    return store
  }

  func run(_ store: any FeedStore) async throws -> CachedFeed? {
    guard operation == .retrieve else {
      try await store.insert(fixture.images, timestamp: fixture.timestamp)
      return nil
    }
    return try await store.retrieve()
  }

  func verify(_ output: CachedFeed?, of store: any FeedStore) async throws {
    let cached = operation == .insert ? try await store.retrieve() : output
    guard let difference = fixture.difference(from: cached) else { return }
    let retrieve =
      operation == .insert ? "after an insert of \(fixture.count) images, a retrieve" : "a retrieve"
    throw BenchmarkError(
      "\(retrieve) of \(self.store.name) delivered another feed than it was given: \(difference)")
  }
}

/// Throws `message` unless `condition` holds: a row's check, made after its clock stopped.
package func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(BenchmarkError) {
  guard condition else { throw BenchmarkError(message()) }
}

/// A heap buffer a copy writes into; its address escapes first, so the copy is never dead code.
private final class CopyDestination {
  let buffer: UnsafeMutableRawBufferPointer

  init(_ byteCount: Int) {
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
