import Foundation

/// Number formats shared by the report renderers; every one is locale-independent.
enum Formatting {
  /// A duration with a unit that keeps three significant digits: `812 ns`, `12.3 µs`, `4.56 ms`.
  static func duration(nanoseconds: Int64) -> String {
    let value = Double(nanoseconds)
    return scaled(value, [(1e9, " s"), (1e6, " ms"), (1e3, " µs")]) ?? "\(significant(value)) ns"
  }

  /// Three significant digits, without exponent: `1.23`, `12.3`, `123`, `1234`.
  static func significant(_ value: Double) -> String {
    let magnitude = abs(value)
    let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
    return String(format: "%.\(decimals)f", value)
  }

  /// A whole number with thousands separators: `10,000`.
  static func grouped(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { end in
      String(digits[max(0, end - 3)..<end])
    }
    return (value < 0 ? "-" : "") + groups.joined(separator: ",")
  }

  /// A rate with a metric suffix: `812`, `12.3 k`, `4.56 M`.
  static func rate(_ value: Double) -> String {
    scaled(value, [(1e9, " G"), (1e6, " M"), (1e3, " k")]) ?? significant(value)
  }

  /// A size in bytes with a binary unit: `812 B`, `12.3 KiB`, `4.56 MiB`.
  static func bytes(_ value: Int) -> String {
    scaled(Double(value), [(0x4000_0000, " GiB"), (0x10_0000, " MiB"), (0x400, " KiB")])
      ?? "\(value) B"
  }

  /// A ratio: `3.21x`, or `<0.001x` for what three decimals would show as zero.
  static func ratio(_ value: Double) -> String {
    value > 0 && value < 0.0005 ? "<0.001x" : "\(significant(value))x"
  }

  /// A ratio's interval: `95% interval 1.02x–1.09x`.
  static func interval(_ interval: RatioInterval) -> String {
    "\(Int((Bootstrap.confidence * 100).rounded()))% interval "
      + "\(ratio(interval.lower))–\(ratio(interval.upper))"
  }

  /// A percentage: `12.3%`.
  static func percent(_ fraction: Double) -> String {
    String(format: "%.1f%%", fraction * 100)
  }

  /// A signed percentage: `+12.3%`, `-4.0%`.
  static func percentChange(_ change: Double) -> String {
    (change >= 0 ? "+" : "") + String(format: "%.1f%%", change * 100)
  }

  private static func scaled(_ value: Double, _ units: [(divisor: Double, suffix: String)])
    -> String?
  {
    units.first { value >= $0.divisor }.map { significant(value / $0.divisor) + $0.suffix }
  }
}

/// Writes lines to standard error, which carries progress, warnings and errors so that standard
/// output holds only the report.
package enum StandardError {
  /// Writes `message` and, unless told otherwise, a newline.
  package static func write(_ message: String, terminator: String = "\n") {
    FileHandle.standardError.write(Data((message + terminator).utf8))
  }
}

extension Duration {
  /// The duration in whole nanoseconds, rounded down.
  var nanoseconds: Int64 {
    components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
  }
}
