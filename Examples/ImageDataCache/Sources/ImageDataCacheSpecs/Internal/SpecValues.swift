import Foundation

/// The URLs and data the specs insert.
enum SpecValues {
  /// Image URL `number`: `https://images.example.com/<number>.png`.
  static func url(_ number: Int) throws -> URL {
    try url("https://images.example.com/\(number).png")
  }

  /// The URL `text` spells.
  ///
  /// - Throws: ``InvalidURL`` when it spells none, which ends the spec, naming the text.
  static func url(_ text: String) throws -> URL {
    guard let url = URL(string: text) else { throw InvalidURL(text: text) }
    return url
  }

  /// `count` bytes that differ from those of any other `number` at almost every offset and repeat
  /// with no short period, so that data cut, shifted or mixed with another's shows.
  static func data(_ number: Int, count: Int) -> Data {
    var state = UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15 | 1
    var data = Data(count: count)
    data.withUnsafeMutableBytes { buffer in
      for index in buffer.indices {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        buffer[index] = UInt8(truncatingIfNeeded: state >> 56)
      }
    }
    return data
  }
}

/// Thrown for a URL a spec spells wrongly.
struct InvalidURL: Error, CustomStringConvertible {
  let text: String

  var description: String { "\"\(text)\" is not a URL" }
}
