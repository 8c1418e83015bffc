/// A spec that an implementation is known not to pass yet, with the reason and where the fix is
/// tracked.
///
/// Pass an implementation's deviations to `verify` or `verifyInChildProcess`: the spec still
/// runs, its failures show as a known issue with the reason and the link, and the run fails as
/// soon as the spec passes, so the deviation is removed once the implementation is fixed. A
/// deviation never skips a spec.
///
/// ```swift
/// let knownDeviations = [
///   KnownDeviation(
///     "insert_hasNoSideEffectsOnInsertionError",
///     reason: "insert writes the images one file at a time",
///     link: "https://example.com/issues/12")
/// ]
/// ```
public struct KnownDeviation: Hashable, Sendable, CustomStringConvertible {
  /// The ``Spec/id`` of the spec the implementation does not pass.
  public let specID: String
  /// Why the implementation does not pass it, in one sentence.
  public let reason: String
  /// Where the fix is tracked, such as an issue's address.
  public let link: String

  /// Declares that the spec called `specID` is a known issue on an implementation.
  ///
  /// - Parameters:
  ///   - specID: The ``Spec/id`` of the spec the implementation does not pass.
  ///   - reason: Why, in one sentence.
  ///   - link: Where the fix is tracked, such as an issue's address.
  public init(_ specID: String, reason: String, link: String) {
    self.specID = specID
    self.reason = reason
    self.link = link
  }

  /// The reason and the link, as the known issue shows them.
  public var description: String { "\(specID) is a known deviation: \(reason) (\(link))" }
}
