/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny seeded generator whose every output follows
/// from the seed alone, so a seed replays the same case on every platform and toolchain.
///
/// It has its own ``below(_:)`` rather than `Int.random(in:using:)`, whose algorithm the standard
/// library does not promise to keep.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`, from the high bits of a full-width product (Lemire's method,
  /// without rejection: the bias is below 2⁻⁵⁰ for the small bounds the specs use).
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "a bound of \(bound) leaves no number to choose")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// Whether an event of probability `numerator / denominator` happens.
  mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    below(denominator) < numerator
  }
}
