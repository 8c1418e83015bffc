import CAllocationCounter

/// Counts heap allocations between ``start()`` and ``stop()``, through the `CAllocationCounter`
/// target, which wraps `malloc` and its siblings on glibc.
///
/// Elsewhere, and in sanitizer builds (whose runtimes own `malloc`), ``stop()`` returns `nil`
/// and reports print "n/a": Swift's `Glibc` module does not export `mallinfo2`, and heap
/// statistics would not count allocations anyway.
struct AllocationCounter: Sendable {
  /// What was allocated between ``start()`` and ``stop()``.
  struct Counts: Sendable {
    /// The number of allocations.
    let allocations: Int
    /// The bytes they requested.
    let bytes: Int
  }

  /// Whether this build can count allocations.
  static var isAvailable: Bool {
    feedstore_allocation_counter_is_available() != 0
  }

  /// Starts counting from zero.
  func start() {
    feedstore_allocation_counter_start()
  }

  /// Stops counting.
  ///
  /// - Returns: What was allocated since ``start()``, or `nil` where allocations cannot be counted.
  func stop() -> Counts? {
    guard Self.isAvailable else { return nil }
    var bytes: UInt64 = 0
    let allocations = feedstore_allocation_counter_stop(&bytes)
    return Counts(allocations: Int(allocations), bytes: Int(bytes))
  }
}
