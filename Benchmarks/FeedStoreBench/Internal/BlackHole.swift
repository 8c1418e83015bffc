import Synchronization

/// Keeps the optimiser from deleting work whose result the benchmark never reads.
///
/// Every timed operation hands its result here. The functions are `@inline(never)` and publish
/// what they are given to an atomic that other threads could read, so the compiler must produce
/// the value, and for ``escape(_:)`` every later write through the pointer, as if it were used.
enum BlackHole {
  private static let sink = Atomic<UInt>(0)

  /// Consumes a value: its bytes are read, so it must exist in full.
  @inline(never)
  static func consume<Value>(_ value: Value) {
    let fingerprint = withUnsafeBytes(of: value) { bytes in
      bytes.reduce(UInt(bytes.count)) { $0 &+ UInt($1) }
    }
    sink.wrappingAdd(fingerprint, ordering: .relaxed)
  }

  /// Publishes a pointer, so writes through it cannot be proved dead and removed.
  @inline(never)
  static func escape(_ pointer: UnsafeMutableRawPointer) {
    sink.store(UInt(bitPattern: pointer), ordering: .relaxed)
  }
}
