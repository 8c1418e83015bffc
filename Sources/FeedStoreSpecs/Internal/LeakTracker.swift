import FeedStoreSupport
import Testing

/// The instances one test case tracks, held weakly until the case ends.
final class LeakTracker: Sendable {
  /// The tracker of the running test case, set by ``MemoryLeakTrackingTrait``.
  @TaskLocal static var current: LeakTracker?

  private let tracked = Locked<[TrackedInstance]>([])

  func track(_ instance: AnyObject, sourceLocation: SourceLocation) {
    let entry = TrackedInstance(instance: instance, sourceLocation: sourceLocation)
    tracked.withLock { $0.append(entry) }
  }

  /// Records an issue for each tracked instance that is still alive, where it was tracked.
  func reportSurvivors() {
    let survivors = tracked.withLock { $0.filter(\.isAlive) }
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
