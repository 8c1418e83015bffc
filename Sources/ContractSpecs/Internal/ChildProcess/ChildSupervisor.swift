#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import SharedSupport
  import Foundation

  /// Watches a child process from its parent, and ends it, with every process it started, when
  /// its heartbeat stops for the operation time limit: a child that is stopped (SIGSTOP), or
  /// stuck where its own watchdog cannot run, never ends by itself.
  ///
  /// It signals only the processes it proved are the child or its descendants
  /// (``ChildProcessTree``), never a process group and never an id read from a file. It checks
  /// until it knows the child, however long the child takes to start, then for as long as the
  /// child lives, whatever the limit: the checks end only when ``stop()`` is called.
  final class ChildSupervisor: Sendable {
    private let control: ChildControlDirectory
    private let limit: Duration
    /// The child's cgroup, or why it has none.
    private let cgroup: Result<ChildCgroup, ChildCgroup.Unavailable>
    private let state: Locked<State>
    private let checks = ScheduledChecks()

    private struct State: Sendable {
      var handshake: ChildHandshake
      var tree: ChildProcessTree?
      var lastBeat: Data?
      /// When the parent last saw the heartbeat change, or the child introduce itself.
      var lastSignOfLife = ContinuousClock.now
      var isStopped = false
      var intervention: ChildIntervention?
    }

    /// A supervisor for the child that will introduce itself with `nonce` in `control`, and
    /// join `cgroup`, if it has one.
    ///
    /// - Throws: An error when it cannot listen in `control`.
    init(
      control: ChildControlDirectory, limit: Duration, nonce: String,
      cgroup: Result<ChildCgroup, ChildCgroup.Unavailable>
    ) throws {
      self.control = control
      self.limit = limit
      self.cgroup = cgroup
      state = Locked(State(handshake: try ChildHandshake(listeningIn: control, for: nonce)))
    }

    /// Starts checking: often enough to find the processes the child starts while it lives,
    /// and twice per limit at least, so that a silent child is ended soon after the limit.
    func start() {
      schedule()
    }

    /// Stops checking, then ends whatever is left of the processes the child started, such as
    /// one that outlived it, and waits until they have exited: every process in the child's
    /// cgroup, where it has one, and the processes it proved are the child's descendants.
    ///
    /// - Returns: How the supervisor ended the child, if it did, and why a process the child
    ///   started may still run, when the supervisor cannot prove that none does.
    func stop() -> (intervention: ChildIntervention?, escape: String?) {
      checks.stop()
      // The wait is outside the lock: a check that started meanwhile would block on it, and
      // with it the watchdog's one thread; once stopped, no check uses the tree.
      let (tree, intervention) = state.withLock { state in
        state.isStopped = true
        state.handshake.close()
        defer { state.tree = nil }
        return (state.tree, state.intervention)
      }
      if var tree {
        tree.end()
        tree.waitForDescendantsToExit()
        tree.release()
      }
      return (intervention, endCgroup())
    }

    /// Ends every process in the child's cgroup.
    ///
    /// - Returns: Why a process the child started may still run, or `nil` when the kernel said
    ///   the cgroup the child joined is empty, or the child ended before it could join.
    private func endCgroup() -> String? {
      switch cgroup {
      case .failure(let unavailable):
        return unavailable.reason
      case .success(let cgroup):
        let isEmpty = cgroup.end()
        switch control.read(.cgroup).map({ String(decoding: $0, as: UTF8.self) }) {
        case "joined": return isEmpty ? nil : FailureMessage.cgroupNotEmptied
        case nil: return nil
        default: return FailureMessage.childNotInCgroup
        }
      }
    }

    private func schedule() {
      let period = min(limit / 2, .milliseconds(100))
      checks.schedule(after: max(period, .milliseconds(1))) { self.check() }
    }

    private func check() {
      let beat = control.read(.heartbeat)
      let isChecking = state.withLock { state -> Bool in
        guard !state.isStopped else { return false }
        guard var tree = state.tree else {
          if let child = state.handshake.acceptChild() {
            state.tree = ChildProcessTree(child: child)
            state.lastBeat = beat
            state.lastSignOfLife = .now
          }
          return true
        }
        defer { state.tree = tree }
        tree.holdNewDescendants()
        if beat != state.lastBeat {
          state.lastBeat = beat
          state.lastSignOfLife = .now
        } else if state.intervention != nil || state.lastSignOfLife.duration(to: .now) >= limit {
          if state.intervention == nil {
            state.intervention = ChildIntervention(limit: limit, stopSignal: tree.child.stopSignal)
          }
          tree.end()
        }
        return true
      }
      if isChecking { schedule() }
    }
  }

  /// How a supervisor ended a child.
  struct ChildIntervention: Sendable, Equatable {
    /// How long the child had been silent, at the least.
    let limit: Duration
    /// The signal that had stopped it, if it was stopped.
    let stopSignal: Int32?
  }
#endif
