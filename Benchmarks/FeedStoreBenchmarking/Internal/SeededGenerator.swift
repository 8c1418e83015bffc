/// A small, seeded pseudo-random generator (SplitMix64), so every run benchmarks the same images.
///
/// The benchmark draws numbers with ``index(below:)`` and ``chance(_:)`` instead of the standard
/// library's `random(in:using:)`, whose algorithm may change between toolchains: the same seed
/// gives the same fixture on every machine and every Swift release.
struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number in `0..<upperBound`; `upperBound` must be positive.
  mutating func index(below upperBound: Int) -> Int {
    Int(next() % UInt64(upperBound))
  }

  /// `true` with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool {
    index(below: 100) < percent
  }

  /// One element of `elements`, which must not be empty.
  mutating func element<Element>(of elements: [Element]) -> Element {
    elements[index(below: elements.count)]
  }
}
