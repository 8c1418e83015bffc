import Foundation

extension Exact {
  /// How `actual` differs from `expected`, part by part, each part compared exactly: text by
  /// Unicode scalars, numbers and dates by their bits, data by bytes, URLs by their text, and
  /// anything else by `==` where it is `Hashable`, else by how it prints.
  ///
  /// It walks both values through their `Mirror`s, so it compares structures, enumerations,
  /// optionals and collections of any type, and says where the first difference is:
  ///
  /// ```swift
  /// Exact.difference(between: expected, and: delivered)
  /// // ".feed[2].description: "é" became "é", first differing at scalar 0 (U+00E9 became U+0065)"
  /// ```
  ///
  /// Two cases of an enumeration are told apart by the case's name (its `Mirror` label), never
  /// by a custom `description`; the same case compares its associated values, its name in the
  /// path: `.offset: 0 became 1`. A case without associated values is compared whole. A part
  /// that differs as a whole (two cases, a value with no parts, collections of other lengths) is
  /// quoted as it prints; one longer than 40 characters is quoted as the 40 around where the two
  /// first differ, marked `…` where cut, as long text is.
  ///
  /// - Parameters:
  ///   - expected: The value that was expected.
  ///   - actual: The value that came back.
  /// - Returns: `nil` when every part is the same; otherwise the path to the first part that
  ///   differs and how.
  public static func difference<Value>(between expected: Value, and actual: Value) -> String? {
    difference(expected, actual, at: "")
  }

  private static func difference(_ expected: Any, _ actual: Any, at path: String) -> String? {
    func at(_ difference: String?) -> String? {
      difference.map { path.isEmpty ? $0 : "\(path): \($0)" }
    }
    switch (expected, actual) {
    case (let expected as String, let actual as String):
      return at(Exact.difference(from: expected, to: actual))
    case (let expected as Substring, let actual as Substring):
      return at(Exact.difference(from: String(expected), to: String(actual)))
    case (let expected as Double, let actual as Double):
      return at(Exact.difference(from: expected, to: actual))
    case (let expected as Float, let actual as Float):
      return at(Exact.difference(from: Double(expected), to: Double(actual)))
    case (let expected as Date, let actual as Date):
      return at(
        Exact.difference(
          from: expected.timeIntervalSinceReferenceDate, to: actual.timeIntervalSinceReferenceDate))
    case (let expected as Data, let actual as Data):
      return at(Exact.difference(from: expected, to: actual))
    case (let expected as URL, let actual as URL):
      return at(Exact.difference(from: expected.absoluteString, to: actual.absoluteString))
    default:
      break
    }
    let (wanted, got) = (Mirror(reflecting: expected), Mirror(reflecting: actual))
    switch wanted.displayStyle {
    case .optional:
      switch (wanted.children.first, got.children.first) {
      case (nil, nil): return nil
      case (let wanted?, let got?): return difference(wanted.value, got.value, at: path)
      default:
        return at(change(expected, actual))
      }
    case .collection, .set:
      let (wantedItems, gotItems) = (wanted.children.map(\.value), got.children.map(\.value))
      for (index, (wanted, got)) in zip(wantedItems, gotItems).enumerated() {
        if let difference = difference(wanted, got, at: "\(path)[\(index)]") { return difference }
      }
      guard wantedItems.count == gotItems.count else {
        return at("\(wantedItems.count) elements became \(gotItems.count)")
      }
      return nil
    case .enum:
      let (wantedCase, gotCase) = (caseName(of: expected), caseName(of: actual))
      guard wantedCase == gotCase else {
        return at(change(expected, actual))
      }
      return zip(wanted.children, got.children).lazy.compactMap {
        difference($0.value, $1.value, at: "\(path).\(wantedCase)")
      }.first
    default:
      break
    }
    if wanted.children.isEmpty || got.children.isEmpty {
      let isSame =
        if let expected = expected as? AnyHashable, let actual = actual as? AnyHashable {
          expected == actual
        } else {
          String(reflecting: expected) == String(reflecting: actual)
        }
      return isSame ? nil : at(change(expected, actual))
    }
    for (index, (wanted, got)) in zip(wanted.children, got.children).enumerated() {
      let label = wanted.label.map { ".\($0)" } ?? ".\(index)"
      if let difference = difference(wanted.value, got.value, at: path + label) {
        return difference
      }
    }
    return nil
  }

  /// The case of an enumeration value, without its associated values: `insert` of
  /// `insert(feed: 1)`, whatever the type's `description` says; a case without associated values
  /// as it prints.
  private static func caseName(of value: Any) -> String {
    Mirror(reflecting: value).children.first?.label ?? String(describing: value)
  }

  /// Two values that differ as a whole, each as it prints: an excerpt of ``excerptLength``
  /// characters around where the two texts first differ, when longer.
  private static func change(_ expected: Any, _ actual: Any) -> String {
    let (wanted, got) = (Array(String(describing: expected)), Array(String(describing: actual)))
    let index = zip(wanted, got).prefix { $0 == $1 }.count
    let start = excerptStart(around: index, length: max(wanted.count, got.count))
    return "\(excerpt(wanted, from: start)) became \(excerpt(got, from: start))"
  }

  /// `characters`, or the ``excerptLength`` of them from `start`, marked `…` where cut.
  private static func excerpt(_ characters: [Character], from start: Int) -> String {
    guard characters.count > excerptLength else { return String(characters) }
    let start = min(start, characters.count)
    let end = min(start + excerptLength, characters.count)
    return (start > 0 ? "…" : "") + String(characters[start..<end])
      + (end < characters.count ? "…" : "")
  }
}
