/// The exit statuses of `feedstore-bench`.
enum ExitCode: Int32, Sendable {
  /// The run finished; no row regressed past the threshold.
  case success = 0
  /// A store's p50 regressed past `--threshold` against `--baseline`.
  case regression = 1
  /// The arguments or the baseline file were not usable; nothing was measured.
  case usage = 2
  /// The benchmark itself failed: a store threw, a file could not be written.
  case failure = 3
}
