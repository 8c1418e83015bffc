import FeedCacheJSONFile
import Foundation
import Testing

/// A store file in a damaged state, and what the store must say about it.
struct DamagedStoreFile: Sendable, CustomTestStringConvertible {
  let name: String
  let contents: Data
  let reason: JSONFileFeedStoreError.Reason

  var testDescription: String { name }

  private init(_ name: String, _ contents: Data, _ reason: JSONFileFeedStoreError.Reason) {
    self.name = name
    self.contents = contents
    self.reason = reason
  }

  private init(_ name: String, _ text: String, _ reason: (String) -> JSONFileFeedStoreError.Reason)
  {
    self.init(name, Data(text.utf8), reason(text))
  }

  /// Files of this store's format that cannot be read: an insert replaces them, a delete
  /// removes them.
  static let corrupt: [DamagedStoreFile] = [
    DamagedStoreFile("empty file", Data(), .emptyFile),
    DamagedStoreFile("only whitespace", " \n\t", { .truncated(offset: $0.utf8.count) }),
    DamagedStoreFile("cut in the header", #"{"version":1,"times"#) {
      .truncated(offset: $0.utf8.count)
    },
    DamagedStoreFile("cut inside an image", String(validFile.prefix(90))) {
      .truncated(offset: $0.utf8.count)
    },
    DamagedStoreFile("last byte missing", String(validFile.dropLast())) {
      .truncated(offset: $0.utf8.count)
    },
    DamagedStoreFile("garbage text", "not a feed cache") { _ in .invalidJSON(offset: 1) },
    DamagedStoreFile(
      "binary garbage", Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46]),
      .invalidJSON(offset: 0)),
    DamagedStoreFile(
      "bytes after the cache", validFile + "}"
    ) { .invalidJSON(offset: $0.utf8.count - 1) },
    DamagedStoreFile(
      "text that is not UTF-8",
      Data(notUTF8Prefix.utf8) + [0xC3, 0x28] + Data(#"","url":"https://a.example"}]}"#.utf8),
      .invalidJSON(offset: notUTF8Prefix.utf8.count + 1)),
    DamagedStoreFile(
      "unescaped control character",
      #"{"version":1,"timestamp":0,"feed":[{"id":"\#(id)","description":"a"# + "\n"
        + #"b","url":"https://a.example"}]}"#
    ) {
      .invalidJSON(offset: offset(of: "\n", in: $0))
    },
    DamagedStoreFile("an array instead of an object", "[1,2,3]") { _ in
      .wrongShape(offset: 0, field: "the cache object")
    },
    DamagedStoreFile("no version", #"{"timestamp":0,"feed":[]}"#) {
      .wrongShape(offset: $0.utf8.count - 1, field: "version")
    },
    DamagedStoreFile("no feed", #"{"version":1,"timestamp":0}"#) {
      .wrongShape(offset: $0.utf8.count - 1, field: "feed")
    },
    DamagedStoreFile("unknown key", #"{"version":1,"timestamp":0,"feed":[],"extra":true}"#) {
      .wrongShape(offset: offset(of: #""extra""#, in: $0), field: "extra")
    },
    DamagedStoreFile("repeated key", #"{"version":1,"timestamp":0,"timestamp":1,"feed":[]}"#) {
      .wrongShape(offset: offset(of: #""timestamp":1"#, in: $0), field: "timestamp")
    },
    DamagedStoreFile("image without url", #"{"version":1,"timestamp":0,"feed":[{"id":"\#(id)"}]}"#)
    {
      .wrongShape(offset: $0.utf8.count - 3, field: "feed[0].url")
    },
    DamagedStoreFile("version as a string", #"{"version":"1","timestamp":0,"feed":[]}"#) {
      .wrongType(offset: offset(of: #""1""#, in: $0), field: "version")
    },
    DamagedStoreFile("timestamp as a string", #"{"version":1,"timestamp":"yesterday","feed":[]}"#) {
      .wrongType(offset: offset(of: #""yesterday""#, in: $0), field: "timestamp")
    },
    DamagedStoreFile("feed as an object", #"{"version":1,"timestamp":0,"feed":{}}"#) {
      .wrongType(offset: offset(of: "{}", in: $0), field: "feed")
    },
    DamagedStoreFile(
      "url as a number", #"{"version":1,"timestamp":0,"feed":[{"id":"\#(id)","url":42}]}"#
    ) {
      .wrongType(offset: offset(of: "42", in: $0), field: "feed[0].url")
    },
    DamagedStoreFile(
      "id that is not a UUID",
      #"{"version":1,"timestamp":0,"feed":[{"id":"not-a-uuid","url":"https://a.example"}]}"#
    ) {
      .invalidValue(offset: offset(of: #""not-a-uuid""#, in: $0), field: "feed[0].id")
    },
    DamagedStoreFile(
      "id with characters that are not hex digits",
      #"{"version":1,"timestamp":0,"feed":[{"id":"5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B:G","url":"https://a.example"}]}"#
    ) {
      .invalidValue(offset: offset(of: #""5A0B1E8C"#, in: $0), field: "feed[0].id")
    },
    DamagedStoreFile(
      "url that is not a URL",
      #"{"version":1,"timestamp":0,"feed":[{"id":"\#(id)","url":"a%20b:c"}]}"#
    ) {
      .invalidValue(offset: offset(of: #""a%20b:c""#, in: $0), field: "feed[0].url")
    },
    DamagedStoreFile(
      "lone surrogate",
      #"{"version":1,"timestamp":0,"feed":[{"id":"\#(id)","location":"\uD83D","url":"https://a.example"}]}"#
    ) {
      .invalidValue(offset: offset(of: #"\uD83D"#, in: $0), field: "feed[0].location")
    },
    DamagedStoreFile("timestamp beyond a Double", #"{"version":1,"timestamp":1e400,"feed":[]}"#) {
      .invalidValue(offset: offset(of: "1e400", in: $0), field: "timestamp")
    },
    DamagedStoreFile("version 0", #"{"version":0,"timestamp":0,"feed":[]}"#) {
      .invalidValue(offset: offset(of: "0,", in: $0), field: "version")
    },
    DamagedStoreFile("negative version", #"{"version":-3,"timestamp":0,"feed":[]}"#) {
      .invalidValue(offset: offset(of: "-3", in: $0), field: "version")
    },
  ]

  /// Files of a newer format version: insert and delete refuse them, whatever their shape.
  static let newerFormat: [DamagedStoreFile] = [
    DamagedStoreFile("version 2 of today's shape", #"{"version":2,"timestamp":0,"feed":[]}"#) { _ in
      .unsupportedFormatVersion(2)
    },
    DamagedStoreFile("version 3 of another shape, cut", #"{"version":3,"entries":{"a":[1,2"#) { _ in
      .unsupportedFormatVersion(3)
    },
    DamagedStoreFile(
      "version 7 after other keys",
      #"{"schema":{"x":[1,{"y":null}],"z":"\u00e9"},"version":7,"data":0}"#
    ) { _ in
      .unsupportedFormatVersion(7)
    },
  ]

  /// A cache as the store writes it, of one image with every field.
  static let validFile =
    #"{"version":1,"timestamp":786297600.1234568,"feed":[{"id":"\#(id)","description":"a \"b\" \u00e9","location":"L","url":"https://a.example/1.jpg"}]}"#

  private static let id = "5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A"

  /// A file up to a description whose first character is `0xC3 0x28`, a lead byte followed by
  /// a byte that cannot continue it.
  private static let notUTF8Prefix =
    #"{"version":1,"timestamp":0,"feed":[{"id":"\#(id)","description":""#

  /// The byte offset of the first `part` in `text`.
  private static func offset(of part: String, in text: String) -> Int {
    guard let range = text.range(of: part) else { return -1 }
    return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
  }
}
