import Foundation

/// Dates drawn from the whole range of `Date`, one part of it at a time, for specs of any
/// contract that stores a `Date`: a store that rounds, clamps or flushes any of them is caught.
///
/// A `Date` is a `Double` of seconds since 2001; compare what comes back by its bits
/// (``Exact``), since `==` calls `-0.0` and `0.0` the same:
///
/// ```swift
/// var random = SeededRandomNumberGenerator(seed: seed)
/// for part in DateGrammar.Part.allCases {
///   let date = DateGrammar.date(reaching: part, using: &random)
///   // insert it, retrieve it, compare with `Exact.difference(between:and:)`
/// }
/// ```
public enum DateGrammar {
  /// A part of the range of `Date` that a store may lose without touching the rest.
  public enum Part: String, CaseIterable, Sendable {
    /// Dates within about 136 years of 2001, every bit of their fraction drawn, the last set.
    case everyFractionBit
    /// Dates of any finite magnitude, from the largest to the smallest normal one, either sign.
    case wholeFiniteRange
    /// `-0.0`, `0.0`, subnormal magnitudes of either sign, and the extremes of `Double`.
    case zerosAndSubnormals

    /// What the part is, as a failure names it.
    public var summary: String {
      switch self {
      case .everyFractionBit: "every bit of the fraction"
      case .wholeFiniteRange: "the whole finite range"
      case .zerosAndSubnormals: "signed zeros, subnormals and extremes"
      }
    }
  }

  /// A date that stresses `part`, drawn from `random`.
  ///
  /// - Parameters:
  ///   - part: The part of the range the date stresses.
  ///   - random: Where every choice comes from.
  /// - Returns: The date.
  public static func date(
    reaching part: Part, using random: inout SeededRandomNumberGenerator
  ) -> Date {
    let sign: UInt64 = random.chance(1, in: 2) ? 1 << 63 : 0
    let fraction = random.next() & ((1 << 52) - 1)
    let exponent: UInt64
    switch part {
    case .everyFractionBit:
      // 2^0 up to 2^32 seconds: about 136 years before or after 2001, whose lowest fraction
      // bit is below the microsecond up to 2^19 seconds and below the millisecond beyond.
      exponent = 1_023 + UInt64(random.index(below: 33))
      return date(bits: sign | exponent << 52 | fraction | 1)
    case .wholeFiniteRange:
      exponent = 1 + UInt64(random.index(below: 2_046))
      return date(bits: sign | exponent << 52 | fraction)
    case .zerosAndSubnormals:
      switch random.index(below: 4) {
      case 0: return date(bits: sign)
      case 1: return date(bits: sign | max(1, fraction))
      case 2: return date(bits: sign | 1)
      default: return date(bits: sign | Double.greatestFiniteMagnitude.bitPattern)
      }
    }
  }

  private static func date(bits: UInt64) -> Date {
    Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
  }
}
