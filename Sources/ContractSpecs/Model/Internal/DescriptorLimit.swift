import Foundation

/// The limit on the descriptors a process may hold open, which the long-use check lowers to
/// Linux's default in a child process: a store that leaks a descriptor per call then runs out
/// after about a thousand calls, as it would in an app, whatever limit the machine that runs the
/// specs sets.
enum DescriptorLimit {
  /// Linux's default soft limit on open descriptors.
  static var linuxDefault: rlim_t { 1_024 }

  /// Runs `body` under a soft limit of ``linuxDefault`` in a child process, then sets it back.
  ///
  /// It lowers the limit only when it is higher and the spec runs in a child process of its own;
  /// in the test's own process, which other tests share, it changes nothing.
  static func lowered<Result>(_ body: () async throws -> Result) async throws -> Result {
    guard SpecExecution.current?.runsInAChildProcess == true else { return try await body() }
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur > linuxDefault else {
      return try await body()
    }
    var lowered = limit
    lowered.rlim_cur = linuxDefault
    guard setrlimit(resource, &lowered) == 0 else { return try await body() }
    defer { setrlimit(resource, &limit) }
    return try await body()
  }

  #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    private static let resource = RLIMIT_NOFILE
  #endif
}
