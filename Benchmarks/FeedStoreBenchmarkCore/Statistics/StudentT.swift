import Foundation

/// Student's t distribution: how far the mean of a few independent measurements can lie from the
/// truth, in units of their standard error, when the spread is estimated from the same few.
enum StudentT {
  /// The probability that a t variable of `degreesOfFreedom` is at most `value`.
  static func cumulative(_ value: Double, degreesOfFreedom: Int) -> Double {
    let freedom = Double(degreesOfFreedom)
    let tail =
      0.5 * regularizedIncompleteBeta(freedom / (freedom + value * value), freedom / 2, 0.5)
    return value >= 0 ? 1 - tail : tail
  }

  /// The value a t variable of `degreesOfFreedom` exceeds with probability `1 - probability`;
  /// `probability` lies strictly between 0.5 and 1.
  ///
  /// Newton's method from 0: the distribution function is concave above 0, so every step lands
  /// below the root and the steps only shrink, doubling the value while it is far off (a heavy
  /// tail) and converging quadratically near it.
  static func quantile(_ probability: Double, degreesOfFreedom: Int) -> Double {
    let freedom = Double(degreesOfFreedom)
    let logScale: Double =
      lgamma((freedom + 1) / 2) - lgamma(freedom / 2) - 0.5 * log(freedom * .pi)
    var value = 0.0
    for _ in 0..<200 {
      let density = exp(logScale - (freedom + 1) / 2 * log1p(value * value / freedom))
      let step = (probability - cumulative(value, degreesOfFreedom: degreesOfFreedom)) / density
      value += step
      if abs(step) <= 1e-12 * max(value, 1) { break }
    }
    return value
  }

  /// I_x(a, b), the regularized incomplete beta function, by its continued fraction (modified
  /// Lentz), on the side of the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) where it converges fast.
  static func regularizedIncompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
    guard x > 0 else { return 0 }
    guard x < 1 else { return 1 }
    let logGammas: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
    let logFront: Double = logGammas + a * log(x) + b * log(1 - x)
    if x > (a + 1) / (a + b + 2) {
      return 1 - exp(logFront) * continuedFraction(1 - x, b, a) / b
    }
    return exp(logFront) * continuedFraction(x, a, b) / a
  }

  private static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
    let tiny = 1e-300
    var c = 1.0
    var d = 1 - (a + b) * x / (a + 1)
    d = 1 / (abs(d) < tiny ? tiny : d)
    var result = d
    for m in 1...300 {
      let step = Double(m)
      for numerator in [
        step * (b - step) * x / ((a + 2 * step - 1) * (a + 2 * step)),
        -(a + step) * (a + b + step) * x / ((a + 2 * step) * (a + 2 * step + 1)),
      ] {
        d = 1 + numerator * d
        d = 1 / (abs(d) < tiny ? tiny : d)
        c = 1 + numerator / c
        c = abs(c) < tiny ? tiny : c
        result *= d * c
      }
      if abs(d * c - 1) < 1e-15 { break }
    }
    return result
  }
}
