import ContractSpecs
import Foundation
import ImageDataCaching

/// Runs the profile's concurrent writers and readers on `url` through `caches` (round robin) with
/// the engine's `ConcurrentRegisterCheck`, and records the first way the retrieves broke the
/// contract.
func expectConcurrentUseKeepsTheContract(on caches: [any ImageDataCache], url: URL) async {
  let check = SpecRun.profile.concurrentUse
  let values = RegisterValues(
    count: check.values.count, large: SpecRun.profile.largeConcurrentWrite)
  let outcome = await check.run(instances: caches.count) { instance, number in
    try await caches[instance].insert(
      values.data(number), for: url, "insert of value \(number) through instance \(instance + 1)")
  } read: { instance in
    values.classify(
      try await caches[instance].retrieve(
        dataFor: url, "retrieve during concurrent inserts through instance \(instance + 1)"))
  }
  let instances = caches.count == 1 ? "" : " through \(caches.count) instances"
  if let first = outcome.violations.first {
    let more = outcome.violations.count > 1 ? " (and \(outcome.violations.count - 1) more)" : ""
    SpecRun.recordFailure(
      "Expected every retrieve during \(check.values.count) concurrent inserts\(instances) to "
        + "deliver nil or one insert's bytes, whole and not yet replaced, but "
        + "\(describe(first))\(more)")
  } else if let disagreement = outcome.disagreement {
    SpecRun.recordFailure(describe(disagreement, lastWrites: outcome.lastWrites))
  }
}

/// The data of value `number` in a concurrency spec, and how a retrieve's data is read back as a
/// value: 8 bytes of the number, then bytes only that number has.
struct RegisterValues {
  let count: Int
  let large: Int

  /// Most values are small, so the run stays fast; every seventh is `large` bytes, so a cache
  /// that writes in pieces is caught with a piece missing.
  func data(_ number: Int) -> Data {
    var header = Data(count: 8)
    header.withUnsafeMutableBytes {
      $0.storeBytes(of: UInt64(number).littleEndian, as: UInt64.self)
    }
    let bodySize = number % 7 == 3 ? large : (number * 37) % 200
    return header + SpecValues.data(number, count: bodySize)
  }

  /// What `delivered` is: nothing, one value's data whole, or a sentence saying what it is.
  func classify(_ delivered: Data?) -> RegisterRead {
    guard let delivered else { return .empty }
    guard delivered.count >= 8 else {
      return .unrecognized("one delivered \(describe(delivered)), too few to be any insert's")
    }
    let number = delivered.prefix(8).withUnsafeBytes {
      Int(truncatingIfNeeded: UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)))
    }
    guard (0..<count).contains(number) else {
      return .unrecognized(
        "one delivered \(describe(delivered)) that no insert wrote (they begin with no value's "
          + "number)")
    }
    let expected = data(number)
    guard expected.count == delivered.count else {
      // Said by sizes alone: every bad read is described, only the first is shown, and finding
      // the first differing byte of a megabyte for each takes long in a debug build.
      return .unrecognized(
        "one delivered \(describe(delivered)) that begin as value \(number)'s, which has "
          + "\(expected.count)")
    }
    if let difference = Exact.difference(from: expected, to: delivered) {
      return .unrecognized("one delivered a mix: the start of value \(number), but \(difference)")
    }
    return .value(number)
  }
}

private func describe(_ violation: RegisterViolation) -> String {
  switch violation {
  case .writeThrew(let number, let error): "the insert of value \(number) threw: \(error)"
  case .readThrew(let error): "a retrieve threw: \(error)"
  case .unrecognizedRead(let description): description
  case .emptyAfterWrite(let number):
    "one delivered nil although the insert of value \(number) had completed before it began"
  case .staleRead(let number):
    "one delivered value \(number), which an insert that completed before the retrieve began "
      + "had already replaced"
  }
}

private func describe(_ disagreement: RegisterDisagreement, lastWrites: Set<Int>) -> String {
  func retrieve(_ instance: Int, _ attempt: Int) -> String {
    "retrieve \(attempt) through instance \(instance + 1) after every insert completed"
  }
  switch disagreement {
  case .readThrew(let instance, let attempt, let error):
    return "Expected \(retrieve(instance, attempt)) to deliver data, but it threw: \(error)"
  case .notALastWrite(let instance, let attempt, let delivered):
    let candidates = lastWrites.sorted().map(String.init).joined(separator: ", ")
    let what =
      switch delivered {
      case .empty: "it delivered nil (no data)"
      case .value(let number): "it delivered value \(number)"
      case .unrecognized(let description): description
      }
    return "Expected \(retrieve(instance, attempt)) to deliver one of the last inserts to "
      + "complete (values \(candidates)), but \(what)"
  case .changed(let instance, let attempt, let from, let to):
    return "Expected \(retrieve(instance, attempt)) to deliver value \(from), as every retrieve "
      + "before it did, but it delivered value \(to)"
  }
}
