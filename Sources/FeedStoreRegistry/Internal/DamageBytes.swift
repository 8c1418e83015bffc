import Foundation

/// Bytes and snapshots the damaging factories share.
enum DamageBytes {
  /// A text file that has nothing to do with a feed.
  static let unrelatedText = Data("Shopping list\n- milk\n- bread\n".utf8)

  /// Random bytes that start with one that no JSON document or database header starts with.
  static func garbage(count: Int = 8_192) -> Data {
    var generator = SystemRandomNumberGenerator()
    // Eight bytes a draw: a draw per byte was a tenth of the conformance run's time.
    var words = (0..<(count + 7) / 8).map { _ in generator.next() as UInt64 }
    return words.withUnsafeMutableBytes { bytes in
      if !bytes.isEmpty { bytes[0] = 0xFF }
      return Data(bytes.prefix(count))
    }
  }

  /// Each existing item of `urls` by file name: a file's bytes, or a directory's sorted entry
  /// names followed by a slash.
  static func items(at urls: [URL]) throws -> [String: Data] {
    var items: [String: Data] = [:]
    for url in urls {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        continue
      }
      if isDirectory.boolValue {
        let entries = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        items[url.lastPathComponent + "/"] = Data(entries.joined(separator: "\n").utf8)
      } else {
        items[url.lastPathComponent] = try Data(contentsOf: url)
      }
    }
    return items
  }
}
