import Foundation

/// What a child process needs to run one spec as its parent would: the spec, the factory as
/// JSON with its type, the resolved spec settings, and where to report.
struct ChildPayload: Codable, Sendable {
  /// The catalog's type, as `_mangledTypeName` spells it.
  let catalogType: String
  let specID: String
  /// The factory's type, as `_mangledTypeName` spells it.
  let factoryType: String
  /// The factory, as JSON.
  let factory: Data
  let settings: SpecSettings
  /// The ``ChildControlDirectory`` path.
  let controlDirectory: String
  /// A value only this run knows, which the child's report must carry: a report is accepted only
  /// from a child that reached the end of the spec.
  let nonce: String
  /// The directory of the cgroup the child joins first (``ChildCgroup``), if there is one.
  let cgroup: String?
}

/// What the child recorded while it ran the spec, written once the spec has ended.
struct ChildReport: Codable, Sendable {
  let nonce: String
  let issues: [RecordedIssue]
  /// What the child's leak tracker reported once the spec ended: the parent records them outside
  /// any known deviation, as the trait does in process.
  let leaks: [RecordedIssue]
  let attachments: [RecordedAttachment]
  /// The fresh random seeds the spec used, for the parent to print.
  let freshSeeds: [UInt64]
}
