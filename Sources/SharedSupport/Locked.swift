import Foundation

/// A value that any thread can read and change, one at a time.
///
/// It holds an `NSLock`, a plain pthread mutex: the thread sanitizer understands it, where on
/// Linux it misreports a contended `Synchronization.Mutex`, and it needs no newer Apple platform
/// than the package supports.
///
/// `@unchecked Sendable` is safe: `value` is read and written only inside ``withLock(_:)``, which
/// holds `lock`, so no two threads ever touch it at once; `Value` is `Sendable`, so what leaves
/// the lock is safe to share.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// Creates a lock around `value`.
  ///
  /// - Parameter value: The first value.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value while holding the lock.
  ///
  /// - Parameter body: Reads or changes the value.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows
    -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// The value now.
  package var current: Value { withLock { $0 } }
}
