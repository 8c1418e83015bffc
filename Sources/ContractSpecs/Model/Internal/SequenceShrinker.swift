/// Shrinks a failing sequence to the shortest, simplest one it finds that still fails on new
/// instances: it removes runs of steps, halving their length down to one, then draws smaller
/// numbers for what remains, each number first as 0, then halved, until nothing more helps or the
/// budget is spent.
///
/// A candidate is its numbers: the model draws each step again from them, in the state the
/// candidate reaches, so a smaller number is a simpler operation (fewer images, the first key)
/// without the model saying how to simplify one, and a step the state no longer allows is skipped.
struct SequenceShrinker<Model: ContractModel> {
  /// The most candidates one failure runs, to bound the time a failure takes.
  static var budget: Int { 500 }

  let run: SequenceRun<Model>

  /// The shrunk sequence: its numbers and what running them did.
  struct Shrunk {
    let drawn: [[Int]]
    let result: SequenceRun<Model>.Result
  }

  /// Shrinks `drawn`, whose run `result` failed.
  func shrink(_ drawn: [[Int]], failing result: SequenceRun<Model>.Result) async throws
    -> Shrunk
  {
    var best = Shrunk(drawn: result.drawnThroughFailure, result: result)
    var runs = 0
    func attempt(_ candidate: [[Int]]) async throws -> Bool {
      guard runs < Self.budget, candidate != best.drawn else { return false }
      runs += 1
      let result = try await run.replay(candidate)
      guard result.failure != nil else { return false }
      best = Shrunk(drawn: result.drawnThroughFailure, result: result)
      return true
    }
    var isShrinking = true
    while isShrinking, runs < Self.budget {
      isShrinking = false
      var length = max(1, best.drawn.count / 2)
      while length >= 1 {
        var start = 0
        while start < best.drawn.count {
          let end = min(start + length, best.drawn.count)
          if try await attempt(Array(best.drawn[..<start] + best.drawn[end...])) {
            isShrinking = true
          } else {
            start += length
          }
        }
        length /= 2
      }
      for step in best.drawn.indices {
        for choice in best.drawn[step].indices {
          while step < best.drawn.count, choice < best.drawn[step].count,
            best.drawn[step][choice] > 0
          {
            let value = best.drawn[step][choice]
            var candidate = best.drawn
            candidate[step][choice] = 0
            if try await attempt(candidate) {
              isShrinking = true
              continue
            }
            candidate[step][choice] = value / 2
            guard value / 2 > 0, try await attempt(candidate) else { break }
            isShrinking = true
          }
        }
      }
    }
    return best
  }
}
