#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import CProcessControl
  import Foundation

  /// What a spec's child process does first, before any code of the implementation runs, so that
  /// no process the implementation starts outlives the child or keeps its parent waiting, and
  /// how the child ends.
  enum ChildIsolation {
    /// Cuts the child's inherited pipes and sockets off from what the implementation will start,
    /// and, on Linux, keeps every process it starts in the child's subtree until the child ends
    /// it.
    ///
    /// The child becomes a child subreaper: a process that leaves the child's session and
    /// process group and is orphaned (a daemon's double fork) is re-parented to the child, not to
    /// init, so the child, and its parent, still find it. Then every end the engine can run code
    /// at ends those processes first: ``end(status:)``, `exit`, and the signals that end a
    /// process (a trap, an abort, a bad access, SIGTERM), through a handler that ends them and
    /// then hands the signal to whatever handled it before.
    static func begin() {
      silenceInheritedChannels()
      #if os(Linux)
        contractspecs_become_child_subreaper()
        contractspecs_end_descendants_when_ending()
      #endif
    }

    /// Ends every process the child started, then the child, with `status`.
    ///
    /// On Linux the child kills each child of its own and waits for it, which hands it that
    /// child's children, until none is left. Elsewhere there is no subreaper: with status 0, the
    /// report written, it kills its process group, itself included, which misses a process that
    /// left the group; otherwise it exits, leaving the group, so that its status reaches the
    /// parent. It kills a group only when it leads it, never its parent's.
    static func end(status: Int32) -> Never {
      #if os(Linux)
        contractspecs_end_descendants()
      #else
        if status == 0, getpgrp() == getpid() { kill(0, SIGKILL) }
      #endif
      _exit(status)
    }

    /// Points every pipe the child inherited open for writing, and every socket it inherited,
    /// other than its standard streams, at `/dev/null`.
    ///
    /// Swift Testing's parent reads the child's events from a pipe (its back channel) until no
    /// process holds the pipe open for writing, not only until the child has exited: a process
    /// the implementation starts inherits it, and the spec's verdict would wait as long as that
    /// process lives. Swift Testing removes the variable that names the descriptor before the
    /// exit test's body runs, so the child finds it as the pipe it inherited for writing; any
    /// other such pipe leaked from the test process and is not the child's either. So did every
    /// socket: the child has made none yet, and on Linux Foundation's `Process` learns that a
    /// process of the test process exited when the last copy of a socket closes, so a process
    /// the implementation starts, holding a copy, would keep that test waiting for good. `dup2`
    /// replaces each where it is, never closing its number: a later `open` would take the
    /// number, and Swift Testing would write its events into that file.
    ///
    /// What the child records through Swift Testing then goes nowhere:
    /// ``ChildReporter/collectingTestingIssues(at:_:)`` puts those failures in the report.
    private static func silenceInheritedChannels() {
      let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
      guard null >= 0 else { return }
      defer { close(null) }
      for descriptor in openDescriptors() where descriptor > STDERR_FILENO {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { continue }
        let kind = status.st_mode & S_IFMT
        let isPipeForWriting = kind == S_IFIFO && fcntl(descriptor, F_GETFL) & O_ACCMODE == O_WRONLY
        guard isPipeForWriting || kind == S_IFSOCK else { continue }
        dup2(null, descriptor)
      }
    }

    /// The descriptors open in this process.
    private static func openDescriptors() -> [Int32] {
      #if os(Linux)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
      #else
        return (0..<getdtablesize()).filter { fcntl($0, F_GETFD) != -1 }
      #endif
    }
  }
#endif
