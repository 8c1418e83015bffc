/// Shrinks a failing sequence to the shortest, simplest one it finds that still fails on new
/// instances: it removes runs of steps, halving their length down to one, then draws smaller
/// numbers for what remains, a whole step's as 0 first, then each number as 0, then halved, until
/// nothing more helps or the budget is spent.
///
/// A candidate is its numbers: the model draws each step again from them, in the state the
/// candidate reaches, so a smaller number is a simpler operation (fewer images, the first key)
/// without the model saying how to simplify one, and a step the state no longer allows is skipped.
struct SequenceShrinker<Model: ContractModel> {
  /// The most candidates one failure runs, to bound the time a failure takes: 100 in the quick
  /// profile, 400 in the thorough one.
  static var budget: Int { SpecRun.profile == .quick ? 100 : 400 }

  let run: SequenceRun<Model>

  /// The shrunk sequence: its numbers and what running them did.
  struct Shrunk {
    let drawn: [DrawnStep]
    let session: SequenceRun<Model>.Session
  }

  /// Shrinks the numbers of `session`, a replay on new instances that failed.
  func shrink(_ session: SequenceRun<Model>.Session) async throws -> Shrunk {
    var best = Shrunk(drawn: session.drawnThroughFailure, session: session)
    var runs = 0
    func attempt(_ candidate: [DrawnStep]) async throws -> Bool {
      guard runs < Self.budget, candidate != best.drawn else { return false }
      runs += 1
      let session = try await run.replay(candidate)
      guard session.failure != nil else { return false }
      best = Shrunk(drawn: session.drawnThroughFailure, session: session)
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
      for step in best.drawn.indices where step < best.drawn.count {
        var zeroed = best.drawn
        zeroed[step].numbers = zeroed[step].numbers.map { _ in 0 }
        if try await attempt(zeroed) { isShrinking = true }
      }
      for step in best.drawn.indices {
        for choice in best.drawn[step].numbers.indices {
          while step < best.drawn.count, choice < best.drawn[step].numbers.count,
            best.drawn[step].numbers[choice] > 0
          {
            let value = best.drawn[step].numbers[choice]
            var candidate = best.drawn
            candidate[step].numbers[choice] = 0
            if try await attempt(candidate) {
              isShrinking = true
              continue
            }
            candidate[step].numbers[choice] = value / 2
            guard value / 2 > 0, try await attempt(candidate) else { break }
            isShrinking = true
          }
        }
      }
    }
    return best
  }
}
