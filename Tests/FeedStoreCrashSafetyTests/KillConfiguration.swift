import Foundation

/// How many kills a run makes and from which seed, read from the environment.
///
/// - `FEEDSTORE_KILL_TESTS`: set to run the kill tests at all.
/// - `FEEDSTORE_KILL_TRIALS`: kills per backend, 50 unless set (a soak run sets more).
/// - `FEEDSTORE_KILL_SEED`: the seed of the feeds and the kill points, to replay a run; a new one
///   every run unless set, printed with the results.
struct KillConfiguration: Sendable {
  static let enablingVariable = "FEEDSTORE_KILL_TESTS"
  static let trialsVariable = "FEEDSTORE_KILL_TRIALS"
  static let seedVariable = "FEEDSTORE_KILL_SEED"
  /// Kills per backend when `FEEDSTORE_KILL_TRIALS` is not set.
  static let defaultTrials = 50

  /// Whether this run kills processes.
  static var isEnabled: Bool {
    ProcessInfo.processInfo.environment[enablingVariable] != nil
  }

  /// Kills per backend.
  let trials: Int
  /// Picks the feeds and the kill points.
  let seed: UInt64
  /// The latest kill, as a multiple of an uninterrupted insert's duration: past 1, the child has
  /// often finished, so the kill points cover before, during and after the write.
  let latestKill = 1.25
  /// Kills between two uninterrupted inserts that measure how long an insert takes now.
  let killsPerMeasurement = 10

  /// The configuration the environment asks for.
  ///
  /// - Throws: ``CrashSafetyError`` when a variable is set to something that is not a number in
  ///   range, rather than running a different test than asked.
  static func fromEnvironment() throws -> KillConfiguration {
    let environment = ProcessInfo.processInfo.environment
    var trials = defaultTrials
    if let text = environment[trialsVariable] {
      guard let value = Int(text), value > 0 else {
        throw CrashSafetyError("\(trialsVariable)=\(text) is not a positive number of kills")
      }
      trials = value
    }
    var seed = UInt64.random(in: 0...UInt64.max)
    if let text = environment[seedVariable] {
      guard let value = UInt64(text) else {
        throw CrashSafetyError("\(seedVariable)=\(text) is not a 64-bit unsigned number")
      }
      seed = value
    }
    return KillConfiguration(trials: trials, seed: seed)
  }
}
