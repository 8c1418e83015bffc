/// SplitMix64 (Steele, Lea and Flood, 2014), with its published constants: a small seeded
/// generator whose every output follows from the seed alone, so the same seed gives the same
/// sequence on every machine and every Swift release.
///
/// The model-based spec replays a failure from its seed with it, the crash writer and the kill
/// test make the same feed with it, and the benchmark builds its fixtures with it. It has its own
/// ``index(below:)`` rather than `Int.random(in:using:)`, whose algorithm the standard library
/// does not promise to keep.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  ///
  /// - Parameter seed: Any number; the same seed gives the same sequence.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next number of the sequence.
  ///
  /// - Returns: A number spread evenly over every `UInt64`.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number in `0..<upperBound`, from the high bits of a full-width product (Lemire's method,
  /// without rejection: the bias is below 2⁻⁴⁰ for bounds under a million).
  ///
  /// - Parameter upperBound: A positive number.
  /// - Returns: A number from `0` up to, not including, `upperBound`.
  package mutating func index(below upperBound: Int) -> Int {
    precondition(upperBound > 0, "a bound of \(upperBound) leaves no number to choose")
    return Int(next().multipliedFullWidth(by: UInt64(upperBound)).high)
  }

  /// Whether an event of probability `numerator / denominator` happens.
  ///
  /// - Parameters:
  ///   - numerator: The chances for the event.
  ///   - denominator: All the chances; positive.
  /// - Returns: `true` in `numerator` of every `denominator` calls, on average.
  package mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    index(below: denominator) < numerator
  }

  /// A fraction in `0..<1`, with the 53 bits of precision a `Double` holds.
  ///
  /// - Returns: A number from `0` up to, not including, `1`.
  package mutating func fraction() -> Double {
    Double(next() >> 11) / Double(UInt64(1) << 53)
  }
}
