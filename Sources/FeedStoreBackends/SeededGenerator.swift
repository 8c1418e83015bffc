/// A small, seeded pseudo-random generator (SplitMix64): the same seed gives the same sequence
/// on every machine and every Swift release, so the crash writer and the kill test make the same
/// feed, and generated test cases are the same on every run.
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

  /// A number in `0..<upperBound`.
  ///
  /// - Parameter upperBound: A positive number.
  /// - Returns: A number from `0` up to, not including, `upperBound`.
  package mutating func index(below upperBound: Int) -> Int {
    Int(next() % UInt64(upperBound))
  }

  /// A fraction in `0..<1`, with the 53 bits of precision a `Double` holds.
  ///
  /// - Returns: A number from `0` up to, not including, `1`.
  package mutating func fraction() -> Double {
    Double(next() >> 11) / Double(UInt64(1) << 53)
  }
}
