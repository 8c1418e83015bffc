#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import CProcessControl
  import Foundation

  /// A process the parent has proven to be the child running its spec, or one of that child's
  /// descendants, held so that a signal sent through it reaches that process or none.
  ///
  /// The parent never takes a process id from a file the child can write: the child is the
  /// process the kernel says connected to the parent's socket (``ChildHandshake``), checked to be
  /// the parent's own running child; a descendant is a process /proc names as the child of a
  /// proven process, read while both still exist.
  ///
  /// On Linux it holds a pidfd, which the kernel ties to one process: once that process is gone,
  /// a signal through it fails, even when another process has taken its id. Other systems have
  /// no pidfd; there the parent holds only its own child's id, which no other process can take
  /// until the parent reaps it, and checks before each signal that the child has not exited
  /// (Swift Testing reaps it right after, so a signal sent in that instant could in principle
  /// reach a process that took the id since). Descendants are proven on Linux only.
  struct ProvenProcess: Sendable {
    let id: pid_t
    /// The pidfd, on Linux; -1 elsewhere.
    private let descriptor: Int32

    /// The process that made `connection`, when the kernel says it is this process's running
    /// child; `nil` otherwise.
    static func child(connectedTo connection: Int32) -> ProvenProcess? {
      #if os(Linux)
        let descriptor = contractspecs_peer_pidfd(connection)
        guard descriptor >= 0 else { return nil }
        let child = ProvenProcess(
          id: contractspecs_peer_process_id(connection), descriptor: descriptor)
        guard contractspecs_pidfd_is_running_child(descriptor) == 1 else {
          child.release()
          return nil
        }
        return child
      #else
        let id = contractspecs_peer_process_id(connection)
        let child = ProvenProcess(id: id, descriptor: -1)
        return id > 0 && child.isRunningChild ? child : nil
      #endif
    }

    /// Sends `signal` to the process, if it still exists.
    ///
    /// - Returns: Whether the signal was sent.
    @discardableResult
    func signal(_ signal: Int32) -> Bool {
      #if os(Linux)
        contractspecs_pidfd_send_signal(descriptor, signal) == 0
      #else
        isRunningChild && kill(id, signal) == 0
      #endif
    }

    /// Whether the process still exists, as a zombie at least, so its id is still its own.
    var exists: Bool { signal(0) }

    /// The signal that stopped the process, when it is this process's child and stopped:
    /// `waitid` looks without reaping it.
    var stopSignal: Int32? {
      #if os(Linux)
        let signal = contractspecs_pidfd_stop_signal(descriptor)
        return signal > 0 ? signal : nil
      #else
        var info = siginfo_t()
        guard waitid(P_PID, id_t(id), &info, WSTOPPED | WNOHANG | WNOWAIT) == 0,
          info.si_code == CLD_STOPPED
        else { return nil }
        return info.si_status
      #endif
    }

    /// The process's children that can be proven so, each held.
    ///
    /// A child is a process that /proc names as this one's child, read while both processes
    /// still exist, so that neither id belonged to another process then.
    ///
    /// - Parameter limit: The most children to return.
    /// - Returns: The children; none on systems without pidfds.
    func children(limit: Int = 256) -> [ProvenProcess] {
      #if os(Linux)
        guard exists else { return [] }
        var ids = [pid_t](repeating: 0, count: limit)
        let count = Int(contractspecs_list_children(id, &ids, Int32(limit)))
        guard count > 0 else { return [] }
        return ids.prefix(min(count, limit)).compactMap { childID in
          let descriptor = contractspecs_pidfd_open(childID)
          guard descriptor >= 0 else { return nil }
          let child = ProvenProcess(id: childID, descriptor: descriptor)
          // Both still exist after /proc was read, so neither id was another process's then.
          guard contractspecs_parent_process_id(childID) == id, child.exists, exists else {
            child.release()
            return nil
          }
          return child
        }
      #else
        return []
      #endif
    }

    /// Waits until the process has exited, for `timeout` at most.
    ///
    /// A process that was sent SIGKILL ends at once, unless it is stuck in the kernel. It
    /// returns at once on systems without pidfds.
    ///
    /// - Parameter timeout: The longest wait.
    /// - Returns: Whether it has exited.
    @discardableResult
    func waitForExit(timeout: Duration) -> Bool {
      #if os(Linux)
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(clamping: seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
        while true {
          let result = poll(&request, 1, milliseconds)
          if result < 0, errno == EINTR { continue }
          return result > 0
        }
      #else
        return !exists
      #endif
    }

    /// Lets go of the process: closes its pidfd.
    func release() {
      if descriptor >= 0 { close(descriptor) }
    }

    #if !os(Linux)
      /// Whether the process is this process's child and has not exited: `waitid` looks without
      /// reaping it.
      private var isRunningChild: Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(id), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else {
          return false
        }
        return info.si_pid == 0
      }
    #endif
  }
#endif
