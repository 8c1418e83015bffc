/// A heap buffer that a copy writes into, freed with its owner.
final class CopyDestination {
  /// The buffer, published to ``BlackHole`` so writes into it are never removed.
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
