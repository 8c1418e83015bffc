import Foundation

extension Exact {
  /// What a timestamp's change says about the implementation, in words a failure's headline
  /// uses after the field's name: `loses its sub-second part`, `is rounded to milliseconds`.
  ///
  /// Many specs fail for one flaw, each with its own message; a catalog passes the words to
  /// ``SpecRun/recordFailure(_:likelyCause:)`` so that the run names the flaw once, first:
  ///
  /// ```swift
  /// if let cause = Exact.likelyCause(from: inserted.timestamp, to: retrieved.timestamp) {
  ///   SpecRun.recordFailure(message, likelyCause: "the timestamp \(cause)")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The date that was expected.
  ///   - actual: The date that came back.
  /// - Returns: The words, or `nil` when the change is none of the known kinds (or no change).
  public static func likelyCause(from expected: Date, to actual: Date) -> String? {
    likelyCause(
      from: expected.timeIntervalSinceReferenceDate, to: actual.timeIntervalSinceReferenceDate,
      unit: "sub-second part")
  }

  /// What a number's change says about the implementation: `loses its fractional part`, `is
  /// rounded to 3 decimal places`, `loses precision as a 32-bit Float`.
  ///
  /// - Parameters:
  ///   - expected: The number that was expected.
  ///   - actual: The number that came back.
  /// - Returns: The words, or `nil` when the change is none of the known kinds (or no change).
  public static func likelyCause(from expected: Double, to actual: Double) -> String? {
    likelyCause(from: expected, to: actual, unit: "fractional part")
  }

  private static func likelyCause(from expected: Double, to actual: Double, unit: String)
    -> String?
  {
    guard expected.isFinite, actual.isFinite, expected.bitPattern != actual.bitPattern else {
      return nil
    }
    if actual == expected.rounded(.towardZero) || actual == expected.rounded(.down) {
      return "loses its \(unit)"
    }
    if actual == expected.rounded() { return "is rounded to a whole number" }
    for (places, name) in [(3, "milliseconds"), (6, "microseconds"), (9, "nanoseconds")] {
      let scale = pow(10, Double(places))
      let isCut = [FloatingPointRoundingRule.toNearestOrAwayFromZero, .towardZero, .down].contains {
        (expected * scale).rounded($0) / scale == actual
      }
      if isCut {
        return unit == "sub-second part"
          ? "is cut to \(name)" : "is rounded to \(places) decimal places"
      }
    }
    if Double(Float(expected)) == actual { return "loses precision as a 32-bit Float" }
    return nil
  }

  /// What the change of a list says about the implementation, in words after the list's name:
  /// `come back in reverse order`, `lose the last 2`, `come back empty`.
  ///
  /// Elements are compared exactly, as ``difference(between:and:)`` compares them; lists of more
  /// than 1,000 elements are not examined, since that comparison walks every part.
  ///
  /// - Parameters:
  ///   - expected: The elements that were expected, in order.
  ///   - actual: The elements that came back.
  /// - Returns: The words, or `nil` when the change is none of the known kinds (or no change).
  public static func likelyCause<Element>(from expected: [Element], to actual: [Element])
    -> String?
  {
    func same(_ first: [Element], _ second: [Element]) -> Bool {
      first.count == second.count
        && zip(first, second).allSatisfy { difference(between: $0, and: $1) == nil }
    }
    guard max(expected.count, actual.count) <= 1_000, !same(expected, actual) else { return nil }
    if actual.isEmpty { return "come back empty" }
    if expected.count == actual.count {
      if let last = expected.last, let first = actual.first,
        difference(between: last, and: first) == nil, same(expected.reversed(), actual)
      {
        return "come back in reverse order"
      }
      var unmatched = actual
      for element in expected {
        guard
          let index = unmatched.firstIndex(where: { difference(between: element, and: $0) == nil })
        else { return nil }
        unmatched.remove(at: index)
      }
      return "come back in another order"
    }
    if actual.count < expected.count {
      let lost = expected.count - actual.count
      if same(Array(expected.prefix(actual.count)), actual) { return "lose the last \(lost)" }
      if same(Array(expected.suffix(actual.count)), actual) { return "lose the first \(lost)" }
    }
    return nil
  }

  /// What the change of a text says about the implementation: `is normalized to NFC`, `loses its
  /// letter case`, `loses leading or trailing whitespace`, `is cut to 255 scalars`.
  ///
  /// - Parameters:
  ///   - expected: The text that was expected.
  ///   - actual: The text that came back.
  /// - Returns: The words, or `nil` when the change is none of the known kinds (or no change).
  public static func likelyCause(from expected: String, to actual: String) -> String? {
    guard !isSame(expected, actual) else { return nil }
    if isSame(expected.precomposedStringWithCanonicalMapping, actual) {
      return "is normalized to NFC"
    }
    if isSame(expected.decomposedStringWithCanonicalMapping, actual) {
      return "is normalized to NFD"
    }
    if isSame(expected.lowercased(), actual) || isSame(expected.uppercased(), actual) {
      return "loses its letter case"
    }
    if isSame(expected.trimmingCharacters(in: .whitespacesAndNewlines), actual) {
      return "loses leading or trailing whitespace"
    }
    let scalars = Array(actual.unicodeScalars)
    if scalars.count < expected.unicodeScalars.count,
      Array(expected.unicodeScalars.prefix(scalars.count)) == scalars
    {
      return "is cut to \(scalars.count) scalars"
    }
    return nil
  }
}
