import Testing

/// A spec that one backend's format cannot have, as a test case of the conformance run that
/// shows the backend's reason, named like `Codable: damagedStorage_retrieveThrows(foreignStorage)`.
package struct FeedStoreNotApplicableCase: Sendable, CustomTestStringConvertible {
  /// The backend's name.
  package let backend: String
  /// The spec's stable name.
  package let specID: String
  /// Why the spec's row cannot happen to the backend's format.
  package let reason: String

  package var testDescription: String { "\(backend): \(specID) does not apply" }
}
