import CProcessControl
import Foundation

/// What the engine says when its own limits, not the implementation, shaped a spec's run: it ran
/// out of threads, or it was asked for a time limit shorter than it can measure.
extension FailureMessage {
  /// The warning of a run whose specs waited for threads the engine could not start, said once.
  static func outOfThreads(_ limit: SpecThreadPool.Limit) -> String {
    "ContractSpecs ran out of threads: \(describe(limit)). Specs waited for a thread meanwhile; "
      + "that wait counted against no implementation"
  }

  /// A spec that waited for a thread the engine could not start for too long.
  static func noThread(_ specID: String, _ limit: SpecThreadPool.Limit, waited wait: Duration)
    -> String
  {
    "ContractSpecs could not run \(specID) to its end: it waited \(wait.readable) for a "
      + "thread, and \(describe(limit)). This spec did not judge the implementation"
  }

  /// The warning of a run asked for a time limit shorter than the engine measures, said once.
  static func limitTooShort(asked: Duration, used: Duration) -> String {
    "ContractSpecs cannot measure an operation time limit shorter than \(used.readable): it "
      + "gave operations \(used.readable), not the \(asked.readable) asked for"
  }

  /// What stopped the spec pool, and how to raise it.
  private static func describe(_ limit: SpecThreadPool.Limit) -> String {
    switch limit {
    case .cap(let cap):
      return "its spec pool reached its cap of \(cap) threads, each running or blocked in an "
        + "implementation; raise the cap with \(SpecThreadPool.capVariable)=\(cap * 2)"
    case .system(let error, let threads):
      let processes = contractspecs_process_limit()
      let allowed = processes >= 0 ? "\(processes)" : "a limited number of"
      return "the system refused its spec pool a thread beyond \(threads) "
        + "(\(String(cString: strerror(error)))); this user may run \(allowed) processes and "
        + "threads in all (ulimit -u): raise that limit, or run fewer specs at once"
    }
  }
}
