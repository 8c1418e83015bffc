#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import CProcessControl
  import Foundation
  import SharedSupport

  /// A control group (cgroup v2) of the spec's child process's own, on Linux: the kernel keeps
  /// every process the child starts in it, whatever the process does (a new session, an orphan,
  /// a `clone(CLONE_PARENT)` that makes it the test process's child), and `cgroup.kill` ends
  /// them all at once, so that none outlives the spec.
  ///
  /// The parent makes it under its own cgroup before the child starts; the child joins it before
  /// any code of the implementation runs; the parent checks that the child is in it, and once
  /// the child has ended, kills what is left and waits until the kernel says it is empty. Where
  /// there is no cgroup v2, or the process may not make one (no rights), ``make()`` says why, and
  /// the spec's result says once per run that a process may have escaped.
  struct ChildCgroup: Sendable {
    /// The cgroup's directory.
    let path: String

    /// How long ``end()`` waits for the kernel to empty the cgroup: a process stuck in the kernel
    /// ignores even SIGKILL until it returns.
    private static var longestWait: Duration { .seconds(5) }

    /// The file that lists the system's mounts, where ``make()`` looks for the cgroup v2
    /// hierarchy; a test names a file without it to see what a system without one does.
    @TaskLocal static var mountTable = "/proc/self/mountinfo"

    /// The child cgroups made so far in this process, for their names.
    private static let made = Locked(0)

    /// A new, empty cgroup under this process's own.
    ///
    /// - Returns: The cgroup, or why there is none.
    static func make() -> Result<ChildCgroup, Unavailable> {
      #if os(Linux)
        guard let mount = unifiedMount() else {
          return .failure(Unavailable(reason: FailureMessage.noCgroupVersion2))
        }
        guard let own = ownCgroup() else {
          return .failure(Unavailable(reason: FailureMessage.noCgroupVersion2))
        }
        let number = made.withLock { made in
          made += 1
          return made
        }
        let path = "\(mount)\(own == "/" ? "" : own)/contractspecs-\(getpid())-\(number)"
        guard mkdir(path, 0o755) == 0 else {
          return .failure(
            Unavailable(reason: FailureMessage.cannotMakeCgroup(String(cString: strerror(errno)))))
        }
        guard access("\(path)/cgroup.kill", W_OK) == 0 else {
          rmdir(path)
          return .failure(Unavailable(reason: FailureMessage.noCgroupKill))
        }
        return .success(ChildCgroup(path: path))
      #else
        return .failure(Unavailable(reason: FailureMessage.noCgroups))
      #endif
    }

    /// Why there is no cgroup for the child.
    struct Unavailable: Error {
      let reason: String
    }

    /// Moves this process, every thread of it, into the cgroup at `path`, before any code of the
    /// implementation runs, and tells whether the kernel says it is there now.
    static func join(_ path: String) -> Bool {
      write("\(getpid())", to: "\(path)/cgroup.procs")
      #if os(Linux)
        guard let own = ownCgroup(), own != "/" else { return false }
        return path.hasSuffix(own)
      #else
        return false
      #endif
    }

    /// Kills every process in the cgroup and in any cgroup under it, waits until the kernel says
    /// none is left, reaps those that were this process's own children, and removes the
    /// cgroups.
    ///
    /// A process made by `clone(CLONE_PARENT)` in the child is this process's child: left a
    /// zombie, it would keep Swift Testing's wait for any child finding it, for good. The child
    /// itself, which Swift Testing reaps, has been reaped by the time the spec's verdict is
    /// made, so it is no longer in the cgroup.
    ///
    /// - Returns: Whether the kernel said the cgroup was empty before the wait ran out.
    func end() -> Bool {
      let ownChildren = members.filter { contractspecs_parent_process_id($0) == getpid() }
      Self.write("1", to: "\(path)/cgroup.kill")
      let deadline = ContinuousClock.now + Self.longestWait
      var isEmpty = isPopulated == false
      while !isEmpty, ContinuousClock.now < deadline {
        usleep(1_000)
        isEmpty = isPopulated == false
      }
      for child in ownChildren {
        waitpid(child, nil, WNOHANG)
      }
      Self.remove(path)
      return isEmpty
    }

    /// The processes in the cgroup now.
    private var members: [pid_t] {
      let procs = (try? String(contentsOfFile: "\(path)/cgroup.procs", encoding: .utf8)) ?? ""
      return procs.split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Whether a process is in the cgroup or under it, as `cgroup.events` says; `nil` when it
    /// cannot be read.
    private var isPopulated: Bool? {
      guard let events = try? String(contentsOfFile: "\(path)/cgroup.events", encoding: .utf8)
      else { return nil }
      return !events.split(separator: "\n").contains("populated 0")
    }

    /// Removes the cgroup at `path` and every cgroup under it, deepest first.
    private static func remove(_ path: String) {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      for entry in entries {
        var status = stat()
        let inner = "\(path)/\(entry)"
        if lstat(inner, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { remove(inner) }
      }
      rmdir(path)
    }

    private static func write(_ text: String, to file: String) {
      let descriptor = open(file, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return }
      defer { close(descriptor) }
      _ = Array(text.utf8).withUnsafeBytes {
        Foundation.write(descriptor, $0.baseAddress, $0.count)
      }
    }

    #if os(Linux)
      /// Where the cgroup v2 hierarchy is mounted: `/sys/fs/cgroup`, or
      /// `/sys/fs/cgroup/unified` beside version 1's controllers.
      private static func unifiedMount() -> String? {
        guard let mounts = try? String(contentsOfFile: mountTable, encoding: .utf8)
        else { return nil }
        for line in mounts.split(separator: "\n") {
          let halves = line.components(separatedBy: " - ")
          guard halves.count == 2, halves[1].hasPrefix("cgroup2 ") else { continue }
          let fields = halves[0].split(separator: " ")
          if fields.count > 4 { return String(fields[4]) }
        }
        return nil
      }

      /// This process's cgroup in the version 2 hierarchy, from its root: `/` or `/a/b`.
      private static func ownCgroup() -> String? {
        guard let own = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else {
          return nil
        }
        return own.split(separator: "\n").first { $0.hasPrefix("0::") }.map {
          String($0.dropFirst(3))
        }
      }
    #endif
  }
#endif
