import Foundation

/// Floor (a): `memcpy` of the payload into a buffer allocated beforehand.
struct MemcpyFloorWorkload: Workload {
  let fixture: Fixture

  var id: RowID { .memcpyFloor }

  func prepare(in directory: URL) -> CopyDestination {
    CopyDestination(byteCount: fixture.payload.count)
  }

  func run(_ destination: CopyDestination) {
    // `copyMemory(from:)` is `memcpy`.
    fixture.payload.withUnsafeBytes { destination.buffer.copyMemory(from: $0) }
  }

  func verify(_ output: Void, of destination: CopyDestination) throws {
    guard destination.buffer.elementsEqual(fixture.payload) else {
      throw BenchmarkError("the memcpy floor did not copy the payload")
    }
  }
}

/// A heap buffer that a copy writes into, freed with its owner.
final class CopyDestination {
  /// The buffer; its address is published to ``BlackHole`` before any copy into it.
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
