/// What the engine says when it cannot prove that every process a store started in a child
/// process ended with its spec.
extension FailureMessage {
  /// The warning, once per run, with why.
  static func processesMayHaveEscaped(_ reason: String) -> String {
    "ContractSpecs cannot prove that every process a store starts in a child process ends with "
      + "its spec: \(reason). A process that leaves the child's tree (a clone(CLONE_PARENT), or "
      + "one whose starter exits at once) may outlive the spec"
  }

  static var noCgroupVersion2: String { "this system mounts no cgroup v2 hierarchy" }
  static var noCgroupKill: String { "its cgroups have no cgroup.kill, which Linux 5.14 added" }
  static var noCgroups: String { "only Linux gives the child a cgroup of its own" }
  static var childNotInCgroup: String { "the child process could not join its cgroup" }
  static var cgroupNotEmptied: String {
    "its cgroup still held processes 5 s after they were killed"
  }

  /// Why this process may not make a cgroup, such as `Permission denied`.
  static func cannotMakeCgroup(_ reason: String) -> String {
    "it may not make a cgroup under its own (\(reason))"
  }
}
