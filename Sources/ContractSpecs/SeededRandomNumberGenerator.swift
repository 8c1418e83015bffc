import SharedSupport

/// A random number generator whose every output follows from its seed, on every machine and
/// Swift release: what a spec's random work draws from, so that a seed replays it exactly.
///
/// It is SplitMix64 (Steele, Lea and Flood, 2014). Draw with its own ``index(below:)``,
/// ``chance(_:in:)`` and ``fraction()`` rather than `Int.random(in:using:)`, whose algorithm the
/// standard library does not promise to keep.
///
/// ```swift
/// for seed in SpecRun.randomSeeds {
///   var random = SeededRandomNumberGenerator(seed: seed)
///   let size = random.index(below: 100)
/// }
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var base: SeededGenerator

  /// Creates a generator whose sequence is fixed by `seed`.
  ///
  /// - Parameter seed: Any number; the same seed gives the same sequence.
  public init(seed: UInt64) {
    base = SeededGenerator(seed: seed)
  }

  /// The next number of the sequence, spread evenly over every `UInt64`.
  public mutating func next() -> UInt64 { base.next() }

  /// A number from `0` up to, not including, `upperBound`, which must be above 0.
  public mutating func index(below upperBound: Int) -> Int { base.index(below: upperBound) }

  /// Whether an event of probability `numerator / denominator` happens.
  public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    base.chance(numerator, in: denominator)
  }

  /// A fraction from `0` up to, not including, `1`, with the 53 bits of precision of a `Double`.
  public mutating func fraction() -> Double { base.fraction() }
}
