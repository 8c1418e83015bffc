#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import Foundation

  /// The spec's child process as its parent proved it, and the child's descendants the parent
  /// has proven since: all the parent may ever signal.
  ///
  /// The child is a child subreaper (``ChildIsolation``), so a process it started stays in its
  /// subtree even when its own parent exits, and the parent finds each one from the child down.
  /// It holds each one it finds while the child lives, so it can still end them once the child
  /// is gone, which leaves them nobody's child but init's. Descendants are found on Linux only
  /// (``ProvenProcess/children(limit:)``).
  struct ChildProcessTree: Sendable {
    let child: ProvenProcess
    private var descendants: [pid_t: ProvenProcess] = [:]

    /// The most descendants held: a store that starts processes without end does not take
    /// every descriptor of the parent.
    private static let descendantLimit = 4_096

    init(child: ProvenProcess) {
      self.child = child
    }

    /// Lets go of descendants that are gone, and holds every new one the tree can prove now.
    mutating func holdNewDescendants() {
      for (id, process) in descendants where !process.exists {
        process.release()
        descendants[id] = nil
      }
      holdDescendants(stopping: false)
    }

    /// Ends the child and every descendant held or found.
    ///
    /// It stops each process (a stopped process starts no other) before listing its children,
    /// until a pass finds none it did not hold, then kills them all. Once the child is gone,
    /// this ends the descendants held while it lived.
    mutating func end() {
      var passes = 0
      while holdDescendants(stopping: true) > 0, passes < 100 {
        passes += 1
      }
      child.signal(SIGKILL)
      for process in descendants.values {
        process.signal(SIGKILL)
      }
    }

    /// Waits until every descendant held has exited, after ``end()``, so that none outlives
    /// the spec's verdict; for a few seconds at most, since a process stuck in the kernel
    /// ignores even SIGKILL until it returns.
    func waitForDescendantsToExit() {
      let deadline = ContinuousClock.now + .seconds(5)
      for process in descendants.values {
        process.waitForExit(timeout: max(.zero, ContinuousClock.now.duration(to: deadline)))
      }
    }

    /// Lets go of every process: the tree signals none after this.
    func release() {
      child.release()
      for process in descendants.values {
        process.release()
      }
    }

    /// One pass from the child down, through the descendants held too (the child may be gone,
    /// and theirs are still theirs); stops each process first when `stopping`.
    ///
    /// - Returns: How many descendants it held that it did not before.
    @discardableResult
    private mutating func holdDescendants(stopping: Bool) -> Int {
      var added = 0
      var frontier = [child] + descendants.values
      var visited = Set<pid_t>()
      while let process = frontier.popLast() {
        guard visited.insert(process.id).inserted else { continue }
        if stopping { process.signal(SIGSTOP) }
        for found in process.children() {
          if let held = descendants[found.id], held.exists {
            // The same process: an id is not reused while its process exists.
            found.release()
            frontier.append(held)
          } else if descendants.count < Self.descendantLimit {
            descendants[found.id]?.release()
            descendants[found.id] = found
            added += 1
            frontier.append(found)
          } else {
            found.release()
          }
        }
      }
      return added
    }
  }
#endif
