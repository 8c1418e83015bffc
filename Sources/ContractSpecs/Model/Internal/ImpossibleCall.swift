/// The call of a history that no order can explain by itself, and why: what the calls that began
/// before it returned could have left the model delivering, which never matches what it delivered.
///
/// The search for an order says only that none exists. A person reading the history needs the
/// call to look at: for each call, in the order the calls returned, this explores every set of
/// the other calls that may come before it (all that returned before it began, any that began
/// before it returned, in an order that keeps real time and that the model accepts), and the
/// first call whose outcome the model accepts in none of the states they leave is the one. When
/// every call fits some order alone, the calls conflict only together, and none is marked.
struct ImpossibleCall<Model: ContractModel> {
  /// The most (calls, state) pairs explored per call before giving up on marking one.
  static var budget: Int { 20_000 }

  let model: Model
  let calls: [ConcurrentRound<Model>.Call]

  /// The index of the first call (by its end) that no order explains, with the outputs the
  /// model allows for it there, each as a failure quotes it (`throw` for an error), and what
  /// its output likely says about the implementation when the model says the same against each
  /// of them; `nil` when every call fits some order alone, or the search ran past its budget.
  func find(from state: Model.State) -> (call: Int, allowed: [String], likelyCause: String?)? {
    let run = SequenceRun(model: model)
    for index in calls.indices.sorted(by: { calls[$0].end < calls[$1].end }) {
      guard let states = statesBefore(index, from: state, run: run) else { return nil }
      let call = calls[index]
      var allowed: [String] = []
      var causes: [String?] = []
      var fits = false
      for state in states where model.isAllowed(call.operation, on: call.instance, in: state) {
        let expectation = model.expectation(of: call.operation, on: call.instance, in: state)
        if (try? run.check(call.outcome, against: expectation).get()) != nil {
          fits = true
          break
        }
        let description = expectation.returning.map { ModelCode.describe($0.output) } ?? "throw"
        if !allowed.contains(description) { allowed.append(description) }
        if let expected = expectation.returning?.output, case .success(let output) = call.outcome {
          causes.append(model.likelyCause(between: expected, and: output))
        } else {
          causes.append(nil)
        }
      }
      if !fits {
        let cause = causes.first.flatMap { first in causes.allSatisfy { $0 == first } ? first : nil
        }
        return (index, allowed, cause)
      }
    }
    return nil
  }

  /// Every state the calls that may come before call `index` can leave, in an order that keeps
  /// real time and that the model accepts; `nil` past the budget.
  private func statesBefore(
    _ index: Int, from start: Model.State, run: SequenceRun<Model>
  ) -> [Model.State]? {
    let target = calls[index]
    let candidates = calls.indices.filter { $0 != index && calls[$0].begin < target.end }
    let required = Set(candidates.filter { calls[$0].end < target.begin })
    var seen = Set<Explored>()
    var frontier = [Explored(done: [], state: start)]
    var found: [Model.State] = []
    while let current = frontier.popLast() {
      guard seen.insert(current).inserted else { continue }
      guard seen.count < Self.budget else { return nil }
      if required.isSubset(of: current.done), !found.contains(current.state) {
        found.append(current.state)
      }
      for next in candidates where !current.done.contains(next) {
        // A call comes next only once every call that returned before it began has come.
        let isNext = candidates.allSatisfy {
          current.done.contains($0) || $0 == next || calls[$0].end >= calls[next].begin
        }
        let call = calls[next]
        guard isNext, model.isAllowed(call.operation, on: call.instance, in: current.state)
        else { continue }
        let expectation = model.expectation(
          of: call.operation, on: call.instance, in: current.state)
        if let state = try? run.check(call.outcome, against: expectation).get() {
          frontier.append(Explored(done: current.done.union([next]), state: state))
        }
      }
    }
    return found
  }

  /// The calls that have come, and the state they left.
  private struct Explored: Hashable {
    let done: Set<Int>
    let state: Model.State
  }
}
