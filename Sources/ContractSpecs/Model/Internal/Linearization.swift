/// The search for an order of a round's calls that the model accepts and that keeps real time:
/// a call that returned before another began comes before it (linearizability, Herlihy and Wing).
///
/// It is the search of Wing and Gong with Lowe's memoization, as Porcupine and Knossos do it: the
/// calls' starts and ends form one list in time order; the search takes the first call it can
/// linearize next (one whose start comes before every pending end), applies it to the model's
/// state, and backtracks when it meets the end of a call it has not linearized. A set of the
/// (calls linearized, state) pairs already tried keeps it from exploring one twice, which bounds
/// it by the number of distinct pairs rather than orders.
struct Linearization<Model: ContractModel> {
  /// The most steps one search takes before it gives up without a verdict: far more than a round
  /// of a few tasks needs (four tasks of five calls explore at most 6⁴ sets of calls linearized,
  /// each with the few states the model reaches), and few enough to take well under a second.
  static var budget: Int { 200_000 }

  let model: Model
  let calls: [ConcurrentRound<Model>.Call]
  /// The most steps this search takes.
  var budget = Self.budget

  /// What the search found.
  enum Verdict: Equatable {
    /// Some order of the calls keeps real time and the model accepts it.
    case linearizable
    /// No such order exists.
    case notLinearizable
    /// The search ran out of budget first.
    case undecided
  }

  /// Searches for an order of the calls that the model accepts from `state`.
  func verdict(from state: Model.State) -> Verdict {
    var events = Events(calls)
    let run = SequenceRun(model: model)
    var state = state
    var linearized = CallSet(count: calls.count)
    var stack: [(event: Int, state: Model.State)] = []
    var tried = Set<Tried>()
    // The search meets a call in the same state again on other branches: what the model said is
    // kept, since comparing an outcome can take longer than the rest of a step.
    var checks: [Checked: Model.State?] = [:]
    var steps = 0
    var event = events.first
    while let current = event {
      steps += 1
      guard steps < budget else { return .undecided }
      let call = events.call(of: current)
      if events.isStart(current) {
        let checked = Checked(call: call, state: state)
        let next: Model.State?
        if let known = checks[checked] {
          next = known
        } else {
          next = self.next(afterCall: call, from: state, checkedBy: run)
          checks[checked] = .some(next)
        }
        if let next {
          var afterward = linearized
          afterward.insert(call)
          if tried.insert(Tried(calls: afterward, state: next)).inserted {
            stack.append((current, state))
            state = next
            linearized = afterward
            events.lift(current)
            event = events.first
            continue
          }
        }
        event = events.next(after: current)
      } else {
        guard let (start, previous) = stack.popLast() else { return .notLinearizable }
        state = previous
        linearized.remove(events.call(of: start))
        events.unlift(start)
        event = events.next(after: start)
      }
    }
    return .linearizable
  }

  /// The state call `call` leaves when it comes next in `state`, or `nil` when the model
  /// refuses it there or its outcome is not what the model expects.
  private func next(afterCall call: Int, from state: Model.State, checkedBy run: SequenceRun<Model>)
    -> Model.State?
  {
    let candidate = calls[call]
    guard model.isAllowed(candidate.operation, on: candidate.instance, in: state) else {
      return nil
    }
    let expectation = model.expectation(
      of: candidate.operation, on: candidate.instance, in: state)
    return try? run.check(candidate.outcome, against: expectation).get()
  }

  /// A call checked in a state.
  private struct Checked: Hashable {
    let call: Int
    let state: Model.State
  }

  /// A pair already tried: the calls linearized and the state they left.
  private struct Tried: Hashable {
    let calls: CallSet
    let state: Model.State
  }
}

/// A set of call indices, as bits.
private struct CallSet: Hashable {
  private var words: [UInt64]

  init(count: Int) {
    words = Array(repeating: 0, count: (count + 63) / 64)
  }

  mutating func insert(_ call: Int) {
    words[call / 64] |= 1 << UInt64(call % 64)
  }

  mutating func remove(_ call: Int) {
    words[call / 64] &= ~(1 << UInt64(call % 64))
  }
}

/// The starts and ends of a round's calls as a doubly linked list in time order, from which a
/// linearized call's two events are lifted and put back in place when the search backtracks.
private struct Events {
  /// Event `2 × call` is the call's start, `2 × call + 1` its end.
  private var previous: [Int?]
  private var following: [Int?]
  private(set) var first: Int?

  init<Model: ContractModel>(_ calls: [ConcurrentRound<Model>.Call]) {
    let order = calls.indices.flatMap { [($0 * 2, calls[$0].begin), ($0 * 2 + 1, calls[$0].end)] }
      .sorted { $0.1 < $1.1 }.map(\.0)
    previous = Array(repeating: nil, count: order.count)
    following = Array(repeating: nil, count: order.count)
    for (position, event) in order.enumerated() {
      previous[event] = position > 0 ? order[position - 1] : nil
      following[event] = position + 1 < order.count ? order[position + 1] : nil
    }
    first = order.first
  }

  func isStart(_ event: Int) -> Bool { event % 2 == 0 }

  func call(of event: Int) -> Int { event / 2 }

  func next(after event: Int) -> Int? { following[event] }

  /// Takes the call of the start event `start` out of the list, its end with it.
  mutating func lift(_ start: Int) {
    remove(start + 1)
    remove(start)
  }

  /// Puts the call of `start` back where it was: the reverse of ``lift(_:)``.
  mutating func unlift(_ start: Int) {
    restore(start)
    restore(start + 1)
  }

  private mutating func remove(_ event: Int) {
    if let before = previous[event] {
      following[before] = following[event]
    } else {
      first = following[event]
    }
    if let after = following[event] { previous[after] = previous[event] }
  }

  private mutating func restore(_ event: Int) {
    if let before = previous[event] { following[before] = event } else { first = event }
    if let after = following[event] { previous[after] = event }
  }
}
