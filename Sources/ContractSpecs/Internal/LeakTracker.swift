import SharedSupport
import Testing

/// The instances one test case tracks, held weakly until the case ends.
final class LeakTracker: Sendable {
  /// The tracker of the running test case, set by the ``Testing/Trait/trackingMemoryLeaks``
  /// trait, or by a child process that runs a spec for a test case with the trait.
  @TaskLocal static var current: LeakTracker?

  private let sink: any IssueSink
  private let state = Locked(State())

  private struct State: Sendable {
    var tracked: [TrackedInstance] = []
    var isExcused = false
    var patience = Duration.zero
    var consultations = 0
  }

  init(sink: any IssueSink) {
    self.sink = sink
  }

  func track(_ instance: AnyObject, sourceLocation: SourceLocation) {
    let entry = TrackedInstance(instance: instance, sourceLocation: sourceLocation)
    let limit = SpecExecution.current?.settings.operationTimeLimit ?? OperationTimeLimit.pinned
    let patience = limit.map { min(Self.longestPatience, $0 / 2) } ?? Self.longestPatience
    state.withLock {
      $0.consultations += 1
      $0.tracked.append(entry)
      $0.patience = max($0.patience, patience)
    }
  }

  /// Lets every instance outlive the case unreported: a spec that ran out of time left an
  /// operation running, which may hold them, and its failure already says why.
  func excuseSurvivors() {
    state.withLock { $0.isExcused = true }
  }

  /// The longest that tracked instances may outlive their case before they count as leaks.
  ///
  /// Work that resumed the case's last operation may still hold a store while it returns, on its
  /// own queue. Half the operation time limit applies, when that is shorter: a test that pins a
  /// short limit expects everything to be quick.
  static let longestPatience = Duration.seconds(1)

  /// Records an issue for each tracked instance that is still alive a while after the case
  /// ended (``longestPatience`` at most), where it was tracked, unless the survivors were excused.
  func reportSurvivors() async {
    let patience = state.withLock(\.patience)
    // A cancelled wait ends early, and reports what is alive then.
    _ = try? await Patience.wait(atMost: patience) { survivors().isEmpty }
    // One report per type and place: a store that leaks leaks every instance a spec makes.
    var groups: [(survivor: TrackedInstance, count: Int)] = []
    for survivor in survivors() {
      if let index = groups.firstIndex(where: { $0.survivor.isTracked(like: survivor) }) {
        groups[index].count += 1
      } else {
        groups.append((survivor, 1))
      }
    }
    for (survivor, count) in groups {
      sink.record(
        FailureMessage.leaked(survivor.typeName, count: count), at: survivor.sourceLocation)
    }
  }

  /// How many times code the case ran asked whether it tracks leaks, or tracked an instance: a
  /// catalog whose specs never do leaves the trait checking nothing.
  var consultations: Int { state.withLock(\.consultations) }

  /// Notes that code the case ran asked whether it tracks leaks.
  func noteConsultation() {
    state.withLock { $0.consultations += 1 }
  }

  private func survivors() -> [TrackedInstance] {
    state.withLock { $0.isExcused ? [] : $0.tracked.filter(\.isAlive) }
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

  /// Whether `other` is of the same type and was tracked at the same place.
  func isTracked(like other: TrackedInstance) -> Bool {
    typeName == other.typeName && sourceLocation == other.sourceLocation
  }
}
