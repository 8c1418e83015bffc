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
  if let failure = outcome.failure(
    in: RegisterVocabulary(write: "insert", read: "retrieve", value: "value", nothing: "nil"))
  {
    SpecRun.recordFailure(failure)
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
