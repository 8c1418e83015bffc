#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import SharedSupport
  import Foundation

  /// Watches a child process from its parent, and ends it, with every process of its group,
  /// when its heartbeat stops for the operation time limit: a child that is stopped (SIGSTOP),
  /// or stuck where its own watchdog cannot run, never ends by itself.
  final class ChildSupervisor: Sendable {
    private let control: ChildControlDirectory
    private let limit: Duration
    private let state = Locked(State())
    private let checks = ScheduledChecks()

    private struct State: Sendable {
      var lastBeat: Data?
      var silentChecks = 0
      var isStopped = false
      var intervention: ChildIntervention?
    }

    init(control: ChildControlDirectory, limit: Duration) {
      self.control = control
      self.limit = limit
    }

    /// Starts checking the heartbeat, twice per limit: a child that lives beats four times per
    /// limit, so a heartbeat unchanged over three checks has been silent for the whole limit.
    func start() {
      schedule()
    }

    /// Stops checking, then ends whatever is left of the child's process group, such as a process
    /// it started that outlived it.
    ///
    /// - Returns: How the supervisor ended the child, if it did.
    func stop() -> ChildIntervention? {
      checks.stop()
      let intervention = state.withLock { state in
        state.isStopped = true
        return state.intervention
      }
      if let processID = childProcessID {
        kill(-processID, SIGKILL)
      }
      return intervention
    }

    private func schedule() {
      checks.schedule(after: max(limit / 2, .milliseconds(1))) { self.check() }
    }

    private func check() {
      let beat = control.read(.heartbeat)
      let isSilent = state.withLock { state -> Bool? in
        guard !state.isStopped else { return nil }
        state.silentChecks = beat == state.lastBeat ? state.silentChecks + 1 : 0
        state.lastBeat = beat
        return state.silentChecks >= 3
      }
      switch isSilent {
      case nil: return
      case false?: schedule()
      case true?: end()
      }
    }

    /// Ends the child and its group with SIGKILL, noting whether it was stopped.
    private func end() {
      guard let processID = childProcessID else {
        state.withLock { $0.intervention = ChildIntervention(limit: limit, stopSignal: nil) }
        return
      }
      let stopSignal = Self.stopSignal(of: processID)
      state.withLock {
        $0.intervention = ChildIntervention(limit: limit, stopSignal: stopSignal)
      }
      kill(-processID, SIGKILL)
      kill(processID, SIGKILL)
    }

    private var childProcessID: pid_t? {
      control.read(.processID).flatMap { pid_t(String(decoding: $0, as: UTF8.self)) }
        .flatMap { $0 > 0 ? $0 : nil }
    }

    /// The signal that stopped the child, when it is stopped: it is this process's child, so
    /// `waitid` can look without reaping it.
    private static func stopSignal(of processID: pid_t) -> Int32? {
      var info = siginfo_t()
      guard waitid(P_PID, id_t(processID), &info, WSTOPPED | WNOHANG | WNOWAIT) == 0,
        info.si_code == CLD_STOPPED
      else { return nil }
      #if os(Linux)
        return info._sifields._sigchld.si_status
      #else
        return info.si_status
      #endif
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
