import CAllocationCounter

/// Counts heap allocations between ``start()`` and ``stop()``, through the `CAllocationCounter`
/// target, which wraps `malloc` and its siblings on glibc.
///
/// Elsewhere, and in sanitizer builds (whose runtimes own `malloc`), ``stop()`` returns `nil`
/// and reports print "n/a": Swift's `Glibc` module does not export `mallinfo2`, and heap
/// statistics would not count allocations anyway.
enum AllocationCounter {
  /// Whether this build can count allocations.
  static var isAvailable: Bool {
    feedstore_allocation_counter_is_available() != 0
  }

  /// Starts counting from zero.
  static func start() {
    feedstore_allocation_counter_start()
  }

  /// Stops counting.
  ///
  /// - Returns: The allocations since ``start()`` and the bytes they requested, or `nil` where
  ///   allocations cannot be counted.
  static func stop() -> (allocations: Int, bytes: Int)? {
    guard isAvailable else { return nil }
    var bytes: UInt64 = 0
    let allocations = feedstore_allocation_counter_stop(&bytes)
    return (Int(allocations), Int(bytes))
  }
}
