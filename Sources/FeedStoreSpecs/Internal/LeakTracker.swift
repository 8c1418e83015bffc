import Foundation
import Testing

/// The instances one test case tracks, held weakly until the case ends.
///
/// `@unchecked Sendable` is safe: `tracked` is read and written only while `lock` is held, and
/// the lock is a plain `NSLock` (a pthread mutex), which the thread sanitizer understands.
final class LeakTracker: @unchecked Sendable {
  /// The tracker of the running test case, set by ``MemoryLeakTrackingTrait``.
  @TaskLocal static var current: LeakTracker?

  private let lock = NSLock()
  private var tracked: [TrackedInstance] = []

  func track(_ instance: AnyObject, sourceLocation: SourceLocation) {
    let entry = TrackedInstance(instance: instance, sourceLocation: sourceLocation)
    lock.withLock { tracked.append(entry) }
  }

  /// Records an issue for each tracked instance that is still alive, where it was tracked.
  func reportSurvivors() {
    let survivors = lock.withLock { tracked.filter(\.isAlive) }
    for survivor in survivors {
      let message =
        "\(survivor.typeName) should have been deallocated when the test ended: a reference "
        + "cycle or an unfinished task still holds it"
      Issue.record(Comment(rawValue: message), sourceLocation: survivor.sourceLocation)
    }
  }
}

/// A weak reference to a tracked instance, with where it was tracked.
///
/// `@unchecked Sendable` is safe: the instance is never used through this reference, only
/// compared with `nil`, and the Swift runtime loads and clears weak references atomically; the
/// other properties are immutable values.
private struct TrackedInstance: @unchecked Sendable {
  weak var instance: AnyObject?
  let typeName: String
  let sourceLocation: SourceLocation

  init(instance: AnyObject, sourceLocation: SourceLocation) {
    self.instance = instance
    self.typeName = String(describing: type(of: instance))
    self.sourceLocation = sourceLocation
  }

  var isAlive: Bool { instance != nil }
}
