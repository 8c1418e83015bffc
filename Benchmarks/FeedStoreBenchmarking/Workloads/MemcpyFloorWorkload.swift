import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Floor (a): `memcpy` of the payload into a buffer allocated beforehand.
struct MemcpyFloorWorkload: Workload {
  let fixture: Fixture

  var id: RowID { .memcpyFloor }

  func prepare(in directory: URL) -> CopyDestination {
    CopyDestination(byteCount: fixture.payload.count)
  }

  func run(_ destination: CopyDestination) {
    fixture.payload.withUnsafeBytes { source in
      guard let base = source.baseAddress, let target = destination.buffer.baseAddress else {
        return
      }
      _ = memcpy(target, base, source.count)
    }
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
