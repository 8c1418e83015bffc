import Foundation
import SharedSupport
import Testing

/// Where a spec's failures, attachments and fresh seeds go: to Swift Testing when the spec runs in
/// the test's own process, to a report file when it runs in a child process.
protocol IssueSink: Sendable {
  /// Records a failure saying `message` at `location`.
  func record(_ message: String, at location: SourceLocation)
  /// Records a failure saying `message` at `location`, whose likely cause is `cause`: the first
  /// failure of that cause on the factory type in the run carries a headline naming it.
  func record(
    _ message: String, at location: SourceLocation, likelyCause cause: String,
    of settings: SpecSettings)
  /// Records a failure saying that the spec did not run on the implementation, and why, as a
  /// catalog's self-test learns it without reading the message.
  func recordNotRun(_ message: String, at location: SourceLocation)
  /// Records a failure naming a mistake in the test's setup, `key`, unless the run has named it.
  ///
  /// - Returns: Whether it recorded it.
  @discardableResult
  func recordMistake(_ message: String, key: String, at location: SourceLocation) -> Bool
  /// Records a warning saying `message` at `location`: an issue that does not fail the test.
  func warn(_ message: String, at location: SourceLocation)
  /// Attaches `bytes` to the running test as a file named `name`.
  func attach(_ bytes: [UInt8], named name: String, at location: SourceLocation)
  /// Reports the fresh seeds a spec's random work used, so a passing thorough run can be replayed
  /// exactly, as a failure can.
  func reportFreshSeeds(_ seeds: [UInt64], of settings: SpecSettings)
}

/// Records straight into Swift Testing, in the task of the running test case.
struct TestingSink: IssueSink {
  func record(_ message: String, at location: SourceLocation) {
    Issue.record(Comment(rawValue: message), sourceLocation: location)
  }

  func record(
    _ message: String, at location: SourceLocation, likelyCause cause: String,
    of settings: SpecSettings
  ) {
    CauseDigest.current.note(
      cause, specID: settings.specID, catalog: settings.catalogName,
      factory: settings.factoryName
    ) { isFirst in
      if isFirst {
        warn(
          FailureMessage.likelyCause(
            cause, catalog: settings.catalogName, factory: settings.factoryName), at: location)
      }
      record(message, at: location)
    }
  }

  func recordNotRun(_ message: String, at location: SourceLocation) {
    SpecOutcomeObserver.current?.noteDidNotRun()
    record(message, at: location)
  }

  @discardableResult
  func recordMistake(_ message: String, key: String, at location: SourceLocation) -> Bool {
    guard MistakeReports.current.isFirst(key) else { return false }
    record(message, at: location)
    return true
  }

  func warn(_ message: String, at location: SourceLocation) {
    #if compiler(>=6.3)
      Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: location)
    #else
      print("warning: \(location): \(message)")
    #endif
  }

  func attach(_ bytes: [UInt8], named name: String, at location: SourceLocation) {
    Attachment.record(bytes, named: name, sourceLocation: location)
  }

  func reportFreshSeeds(_ seeds: [UInt64], of settings: SpecSettings) {
    for seed in seeds {
      print(FailureMessage.seedReport(seed, of: settings))
    }
  }
}

/// Keeps what a spec records in a child process, for the report the parent replays.
final class CollectingSink: IssueSink {
  private let collected = Locked(Collected())

  /// What a child process recorded, in order.
  struct Collected: Codable, Sendable {
    var issues: [RecordedIssue] = []
    var attachments: [RecordedAttachment] = []
    var freshSeeds: [UInt64] = []
  }

  func record(_ message: String, at location: SourceLocation) {
    collected.withLock { $0.issues.append(RecordedIssue(message: message, location: location)) }
  }

  func record(
    _ message: String, at location: SourceLocation, likelyCause cause: String,
    of settings: SpecSettings
  ) {
    let issue = RecordedIssue(message: message, location: location, likelyCause: cause)
    collected.withLock { $0.issues.append(issue) }
  }

  func recordNotRun(_ message: String, at location: SourceLocation) {
    let issue = RecordedIssue(message: message, location: location, didNotRun: true)
    collected.withLock { $0.issues.append(issue) }
  }

  /// Keeps the mistake for the parent, which names it once for its whole run.
  @discardableResult
  func recordMistake(_ message: String, key: String, at location: SourceLocation) -> Bool {
    let issue = RecordedIssue(message: message, location: location, mistake: key)
    collected.withLock { $0.issues.append(issue) }
    return true
  }

  func warn(_ message: String, at location: SourceLocation) {
    let issue = RecordedIssue(message: message, location: location, isWarning: true)
    collected.withLock { $0.issues.append(issue) }
  }

  func attach(_ bytes: [UInt8], named name: String, at location: SourceLocation) {
    let attachment = RecordedAttachment(name: name, bytes: Data(bytes), location: location)
    collected.withLock { $0.attachments.append(attachment) }
  }

  func reportFreshSeeds(_ seeds: [UInt64], of settings: SpecSettings) {
    collected.withLock { $0.freshSeeds += seeds }
  }

  /// Everything recorded so far.
  var current: Collected { collected.current }
}

/// A failure recorded in a child process.
struct RecordedIssue: Codable, Sendable, Equatable {
  let message: String
  let location: SourceLocation
  /// Whether the issue is a warning, which does not fail the test.
  var isWarning = false
  /// The likely cause the spec named for the failure, if any.
  var likelyCause: String?
  /// Whether the failure says that the spec did not run on the implementation.
  var didNotRun = false
  /// The mistake in the test's setup the failure names, which the parent names once.
  var mistake: String?
}

/// An attachment recorded in a child process.
struct RecordedAttachment: Codable, Sendable {
  let name: String
  let bytes: Data
  let location: SourceLocation
}
