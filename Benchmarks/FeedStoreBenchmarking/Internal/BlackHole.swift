import FeedStoreSupport

/// Keeps the optimizer from proving a timed operation's result unused.
///
/// ``consume(_:)`` is `@inline(never)` and adds the value's own bytes to a locked sum. For an array,
/// a string or a class instance those bytes are its reference, not the storage behind it: the
/// call that produced the value stays, but nothing behind the reference is read or forced.
/// ``escape(_:)`` stores a pointer in the same sum, so the memory it points to has escaped
/// and the compiler cannot prove writes into it dead.
package enum BlackHole {
  private static let sink = Locked<UInt>(0)

  /// Consumes a value: its bytes are read, so it must exist in full.
  @inline(never)
  package static func consume<Value>(_ value: Value) {
    let fingerprint = withUnsafeBytes(of: value) { bytes in
      bytes.reduce(UInt(bytes.count)) { $0 &+ UInt($1) }
    }
    sink.withLock { $0 &+= fingerprint }
  }

  /// Publishes a pointer, so writes through it cannot be proved dead and removed.
  @inline(never)
  static func escape(_ pointer: UnsafeMutableRawPointer) {
    sink.withLock { $0 = UInt(bitPattern: pointer) }
  }
}
