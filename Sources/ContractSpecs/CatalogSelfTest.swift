import SharedSupport
import Testing

/// The self-tests every catalog needs, from two lists: correct implementations, which must pass
/// every spec they run, and broken ones, each with the specs that must catch what it breaks.
///
/// A spec that cannot fail is the worst defect a spec library can have. These tests prove each
/// spec can: a broken implementation named for it fails it at the caller's line, and not because
/// its factory lacks a capability or the spec does not apply; every spec is named by at least one
/// broken implementation; and the correct implementations, of designs the catalog's authors did
/// not write the specs against, pass everything.
///
/// ```swift
/// let selfTest = CatalogSelfTest<ImageDataCacheCatalog>(
///   correct: [.init("journal", JournalCacheFactory())],
///   broken: [
///     .init("drops the last byte", JournalCacheFactory(flaw: .dropsTheLastByte),
///       breaks: ["insert_deliversInsertedData"]),
///   ])
///
/// @Test(arguments: selfTest.cases)
/// func catalog_keepsItsPromises(_ check: CatalogSelfTest<ImageDataCacheCatalog>.Case)
///   async throws
/// {
///   try await selfTest.verify(check)
/// }
///
/// @Test func catalog_provesEverySpec() {
///   selfTest.checkEverySpecIsProven()
/// }
/// ```
///
/// An implementation that traps (a `fatalError`, a force unwrap) would end the test process: mark
/// it `traps: true`, and its cases run each in a child process, as
/// ``Spec/verifyInChildProcess(_:knownDeviations:sourceLocation:)`` runs a spec; its factory must
/// be `Codable`. `inChildProcesses: true` runs every case so. A factory that needs the case's
/// own directory reads ``TemporaryDirectory/current`` when it makes an implementation, not when
/// it is made: give the test the ``Testing/Trait/temporaryDirectory`` trait.
///
/// What each broken implementation failed, with the first message and the time each spec took,
/// is attached to the last case that runs, as `<Catalog>-self-test-results.md`, and is
/// ``results``; `observesEverySpec: true` runs every spec on every broken implementation (without
/// asserting on those not named) so the table shows all it fails.
public struct CatalogSelfTest<Catalog: SpecCatalog>: Sendable {
  /// An implementation of the contract, correct or broken, as its factory.
  public struct Implementation: Sendable {
    /// What the implementation is, or what it breaks, as test cases name it.
    public let name: String
    /// Makes the implementation.
    public let factory: Catalog.Factory
    /// The ids of the specs that must fail on it; empty for a correct implementation.
    public let brokenSpecs: [String]
    /// The operation time limit its specs run with, in place of the profile's: short, for an
    /// implementation that never returns or never lets go of what it made.
    public let operationTimeLimit: Duration?
    /// Whether the implementation traps, so that its cases run in child processes.
    public let traps: Bool

    /// Describes an implementation.
    ///
    /// - Parameters:
    ///   - name: What it is, or what it breaks: `drops the last byte`.
    ///   - factory: Makes it.
    ///   - brokenSpecs: The ids of the specs that must fail on it, at least the one about what it
    ///     breaks; none for a correct implementation.
    ///   - operationTimeLimit: A limit for its specs, such as 500 ms for one that hangs; the
    ///     profile's by default.
    ///   - traps: Whether it traps or exits, so that each of its cases runs in a child process;
    ///     its factory must then be `Codable`.
    public init(
      _ name: String, _ factory: Catalog.Factory, breaks brokenSpecs: [String] = [],
      operationTimeLimit: Duration? = nil, traps: Bool = false
    ) {
      self.name = name
      self.factory = factory
      self.brokenSpecs = brokenSpecs
      self.operationTimeLimit = operationTimeLimit
      self.traps = traps
    }
  }

  /// One check: a spec on a correct implementation, which must pass, or on a broken one named for
  /// it, which must fail it.
  public struct Case: Sendable, CustomTestStringConvertible {
    let spec: Spec<Catalog>
    let implementation: Implementation
    let role: Role

    /// What the case asserts.
    enum Role: Sendable {
      /// A correct implementation, which must pass.
      case mustPass
      /// A broken implementation named for the spec, which must fail it.
      case mustFail
      /// A broken implementation the spec is not named for: what it does is only shown.
      case observed
    }

    public var testDescription: String {
      switch role {
      case .mustPass: "\(spec.id) passes on \(implementation.name)"
      case .mustFail: "\(spec.id) catches \(implementation.name)"
      case .observed: "\(spec.id) on \(implementation.name)"
      }
    }
  }

  /// The correct implementations.
  public let correct: [Implementation]
  /// The broken implementations.
  public let broken: [Implementation]
  /// Whether every case runs in a child process of its own, not only those of implementations
  /// that trap.
  public let inChildProcesses: Bool
  /// Whether every spec runs on every broken implementation, those it is not named for only to
  /// show in ``results`` what else it fails.
  public let observesEverySpec: Bool
  private let ledger = SelfTestLedger()
  /// How many cases run broken implementations, so the ledger knows when it is complete.
  private let brokenCases: Int

  /// Prepares the self-tests of `correct` and `broken` implementations.
  ///
  /// - Parameters:
  ///   - correct: Implementations that keep the contract, at least one of a design other than
  ///     those the specs were written against.
  ///   - broken: Implementations that each break it one way, with the specs that must catch it.
  ///   - inChildProcesses: Whether every case runs in a child process of its own (each factory
  ///     `Codable`); by default only those of implementations marked `traps`.
  ///   - observesEverySpec: Whether every spec runs on every broken implementation, for
  ///     ``results``; by default only the specs named for it.
  public init(
    correct: [Implementation], broken: [Implementation], inChildProcesses: Bool = false,
    observesEverySpec: Bool = false
  ) {
    self.correct = correct
    self.broken = broken
    self.inChildProcesses = inChildProcesses
    self.observesEverySpec = observesEverySpec
    cases = Self.cases(correct: correct, broken: broken, observesEverySpec: observesEverySpec)
    brokenCases = cases.count { $0.role != .mustPass }
  }

  /// Every check, as the arguments of a parameterized test: each correct implementation on every
  /// spec its factory's capabilities call for, and each broken one on every spec named for it.
  public let cases: [Case]

  /// The cases of `correct` and `broken` implementations.
  private static func cases(
    correct: [Implementation], broken: [Implementation], observesEverySpec: Bool
  ) -> [Case] {
    correct.flatMap { implementation in
      Self.specs(for: implementation).map {
        Case(spec: $0, implementation: implementation, role: .mustPass)
      }
    }
      + broken.flatMap { implementation in
        let named = implementation.brokenSpecs.compactMap { id in
          Spec<Catalog>.named(id).map {
            Case(spec: $0, implementation: implementation, role: .mustFail)
          }
        }
        guard observesEverySpec else { return named }
        let others = Self.specs(for: implementation).filter {
          !implementation.brokenSpecs.contains($0.id)
        }
        return named
          + others.map { Case(spec: $0, implementation: implementation, role: .observed) }
      }
  }

  /// The specs the factory's capabilities call for: every spec, for a catalog whose factory
  /// metatype is not its factory's, and those the factory lacks fail saying so.
  private static func specs(for implementation: Implementation) -> [Spec<Catalog>] {
    Catalog.factoryType(of: implementation.factory).map(Spec<Catalog>.all(for:))
      ?? Spec<Catalog>.catalog
  }

  /// Runs `check`, recording an issue at `sourceLocation` when the spec passes an implementation
  /// it must catch, fails it anywhere but at its caller or only because it does not apply, or
  /// fails a correct implementation (whose own failures are recorded too).
  ///
  /// - Parameters:
  ///   - check: One of ``cases``.
  ///   - sourceLocation: Where problems are recorded; the caller's line by default.
  /// - Throws: What `verify` throws, such as `CancellationError`.
  public func verify(_ check: Case, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    // What a broken implementation fails is not worth keeping for the next run, and a failure
    // kept from an earlier run would change what this one reports.
    try await FailureDirectory.$pinned.withValue(.some(nil)) {
      try await OperationTimeLimit.$pinned.withValue(
        check.implementation.operationTimeLimit ?? OperationTimeLimit.pinned
      ) {
        try await run(check, caller: sourceLocation)
      }
    }
  }

  private func run(_ check: Case, caller sourceLocation: SourceLocation) async throws {
    guard check.role != .mustPass else {
      try await runSpec(of: check, caller: sourceLocation)
      return
    }
    let caller = sourceLocation
    let observer = SpecOutcomeObserver()
    let clock = ContinuousClock()
    let start = clock.now
    let failures = try await SpecOutcomeObserver.$current.withValue(observer) {
      try await collectIssues { try await runSpec(of: check, caller: caller) }
    }.filter { $0.isFailure }
    let elapsed = clock.now - start
    let messages = failures.flatMap { $0.comments.map(\.rawValue) }
    ledger.add(
      SelfTestLedger.Entry(
        implementation: check.implementation.name, specID: check.spec.id,
        isNamed: check.role == .mustFail, firstMessage: messages.first, elapsed: elapsed),
      completing: brokenCases
    ) { table in
      Attachment.record(table, named: "\(Catalog.name)-self-test-results.md")
    }
    guard check.role == .mustFail else { return }
    let name = check.implementation.name
    let id = check.spec.id
    if failures.isEmpty {
      record(FailureMessage.passedBrokenImplementation(id, name), caller)
    } else if let thrown = failures.first(where: { $0.error != nil }) {
      record(FailureMessage.errorEscaped(id, thrown), caller)
    } else if let elsewhere = failures.first(where: { $0.sourceLocation != caller }) {
      record(FailureMessage.reportedElsewhere(id, at: elsewhere.sourceLocation), caller)
    } else if observer.didNotRun {
      record(FailureMessage.didNotRun(id, on: name, saying: messages[0]), caller)
    }
  }

  /// Runs the case's spec on its implementation, in a child process when it traps or the
  /// self-test asks for child processes.
  private func runSpec(of check: Case, caller: SourceLocation) async throws {
    let factory = check.implementation.factory
    guard check.implementation.traps || inChildProcesses else {
      try await check.spec.verify(factory, sourceLocation: caller)
      return
    }
    #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
      guard let codable = factory as? any Codable else {
        record(FailureMessage.notCodable(check.implementation.name, check.spec.id), caller)
        return
      }
      try await check.spec.verifyInChildProcess(encoding: codable, caller: caller)
    #else
      record(FailureMessage.noChildProcesses(check.implementation.name, check.spec.id), caller)
    #endif
  }

  /// What each broken implementation failed so far: a Markdown table with a row per spec run on
  /// it, its first message and the time it took, complete once every case has run.
  public var results: String { ledger.table }

  /// Records an issue at `sourceLocation` for every spec of the catalog that no broken
  /// implementation names, every name that is no spec, and every broken implementation that
  /// names none; and attaches the matrix of which broken implementations each spec must catch.
  ///
  /// - Parameter sourceLocation: Where problems are recorded; the caller's line by default.
  public func checkEverySpecIsProven(sourceLocation: SourceLocation = #_sourceLocation) {
    let ids = Spec<Catalog>.catalog.map(\.id)
    let named = Set(broken.flatMap(\.brokenSpecs))
    for id in ids where !named.contains(id) {
      record(FailureMessage.unproven(id), sourceLocation)
    }
    for implementation in broken {
      if implementation.brokenSpecs.isEmpty {
        record(FailureMessage.namesNoSpec(implementation.name), sourceLocation)
      }
      for id in implementation.brokenSpecs where !ids.contains(id) {
        record(
          FailureMessage.unknownSpec(id, namedBy: implementation.name, catalog: Catalog.name),
          sourceLocation)
      }
    }
    Attachment.record(matrix, named: "\(Catalog.name)-self-test-matrix.md")
  }

  /// Which broken implementations each spec must catch, as a Markdown table.
  public var matrix: String {
    let rows = Spec<Catalog>.catalog.map { spec in
      let catching = broken.filter { $0.brokenSpecs.contains(spec.id) }.map(\.name)
      return "| `\(spec.id)` | \(catching.count) | \(catching.joined(separator: "; ")) |"
    }
    return (["| Spec | Broken implementations | Which |", "| --- | ---: | --- |"] + rows)
      .joined(separator: "\n") + "\n"
  }

  private func record(_ message: String, _ location: SourceLocation) {
    Issue.record(Comment(rawValue: message), sourceLocation: location)
  }
}
