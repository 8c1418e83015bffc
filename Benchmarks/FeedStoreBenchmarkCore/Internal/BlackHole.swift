import SharedSupport

/// Keeps the optimizer from proving a timed operation's result unused: ``consume(_:)`` forces
/// the call, reading only the value's own bytes (an array's is its reference), not behind them.
package enum BlackHole {
  private static let sink = Locked<UInt>(0)

  /// Consumes a value: its own bytes are read, so it must exist.
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
