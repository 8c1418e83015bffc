import ContractSpecs
import Foundation
import SharedSupport

/// A log-shaped contract for the engine's concurrency check: appends of whole batches and reads
/// of everything appended, in order.
protocol AppendLog: Sendable {
  func append(_ batch: [Int]) async
  func read() async -> [Int]
}

/// A log that keeps the contract, or breaks it under concurrent use in one way.
///
/// Each flaw waits, inside an append, for a second append to arrive (a rendezvous of up to a
/// hundred yields), so that the broken window is open whenever two appends overlap: the
/// self-tests of the check do not depend on the scheduler interleaving them by chance.
final class TestAppendLog: AppendLog {
  enum Flaw: Sendable {
    /// Reads the log, waits, then writes what it read and its batch: one of two concurrent
    /// appends is lost.
    case losesConcurrentAppends
    /// Appends a batch value by value, so two concurrent batches interleave.
    case interleavesConcurrentBatches
    /// While an append is under way, a read delivers the log with a value no append wrote.
    case readsAValueNoAppendWrote
  }

  private let flaw: Flaw?
  private let state = Locked(State())

  private struct State: Sendable {
    var items: [Int] = []
    var appendsUnderWay = 0
  }

  init(flaw: Flaw? = nil) {
    self.flaw = flaw
  }

  func append(_ batch: [Int]) async {
    switch flaw {
    case nil, .readsAValueNoAppendWrote:
      state.withLock { $0.appendsUnderWay += 1 }
      await waitForAnotherAppend()
      state.withLock {
        $0.items += batch
        $0.appendsUnderWay -= 1
      }
    case .losesConcurrentAppends:
      let read = state.withLock { state in
        state.appendsUnderWay += 1
        return state.items
      }
      await waitForAnotherAppend()
      state.withLock {
        $0.items = read + batch
        $0.appendsUnderWay -= 1
      }
    case .interleavesConcurrentBatches:
      state.withLock { $0.appendsUnderWay += 1 }
      for value in batch {
        state.withLock { $0.items.append(value) }
        await waitForAnotherAppend()
      }
      state.withLock { $0.appendsUnderWay -= 1 }
    }
  }

  func read() async -> [Int] {
    state.withLock { state in
      flaw == .readsAValueNoAppendWrote && state.appendsUnderWay > 0
        ? state.items + [-1] : state.items
    }
  }

  /// Yields until another append is under way, or a hundred times.
  private func waitForAnotherAppend() async {
    for _ in 0..<100 where state.withLock({ $0.appendsUnderWay }) < 2 {
      await Task.yield()
    }
  }
}

/// The append log's contract as a model: the log is the state; an append adds its batch whole,
/// and a read delivers the log.
struct AppendLogModel: ContractModel {
  enum Operation: Hashable, Sendable {
    case append([Int])
    case read
  }

  let makeLog: @Sendable () -> any AppendLog

  var contractName: String { "AppendLog" }
  var instanceName: String { "log" }
  var initialState: [Int] { [] }

  func makeInstance() -> any AppendLog { makeLog() }

  func operation(on instance: Int, in state: [Int], using draw: inout ModelDraw) -> Operation {
    guard draw.chance(1, in: 2) else { return .read }
    return .append((0...draw.index(below: 3)).map { _ in 1 + draw.index(below: 99) })
  }

  func perform(_ operation: Operation, on log: any AppendLog) async -> [Int]? {
    switch operation {
    case .append(let batch):
      await log.append(batch)
      return nil
    case .read:
      return await log.read()
    }
  }

  func expectation(of operation: Operation, on instance: Int, in log: [Int])
    -> ModelExpectation<[Int]?, [Int]>
  {
    switch operation {
    case .append(let batch): .returns(nil, then: log + batch)
    case .read: .returns(log, then: log)
    }
  }
}

/// A correct log of another design: an actor, whose appends never suspend.
actor ActorAppendLog: AppendLog {
  private var items: [Int] = []

  func append(_ batch: [Int]) {
    items += batch
  }

  func read() -> [Int] { items }
}
