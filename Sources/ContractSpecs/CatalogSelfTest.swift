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

    /// Describes an implementation.
    ///
    /// - Parameters:
    ///   - name: What it is, or what it breaks: `drops the last byte`.
    ///   - factory: Makes it.
    ///   - brokenSpecs: The ids of the specs that must fail on it, at least the one about what it
    ///     breaks; none for a correct implementation.
    ///   - operationTimeLimit: A limit for its specs, such as 500 ms for one that hangs; the
    ///     profile's by default.
    public init(
      _ name: String, _ factory: Catalog.Factory, breaks brokenSpecs: [String] = [],
      operationTimeLimit: Duration? = nil
    ) {
      self.name = name
      self.factory = factory
      self.brokenSpecs = brokenSpecs
      self.operationTimeLimit = operationTimeLimit
    }
  }

  /// One check: a spec on a correct implementation, which must pass, or on a broken one named for
  /// it, which must fail it.
  public struct Case: Sendable, CustomTestStringConvertible {
    let spec: Spec<Catalog>
    let implementation: Implementation
    let mustFail: Bool

    public var testDescription: String {
      mustFail
        ? "\(spec.id) catches \(implementation.name)"
        : "\(spec.id) passes on \(implementation.name)"
    }
  }

  /// The correct implementations.
  public let correct: [Implementation]
  /// The broken implementations.
  public let broken: [Implementation]

  /// Prepares the self-tests of `correct` and `broken` implementations.
  ///
  /// - Parameters:
  ///   - correct: Implementations that keep the contract, at least one of a design other than
  ///     those the specs were written against.
  ///   - broken: Implementations that each break it one way, with the specs that must catch it.
  public init(correct: [Implementation], broken: [Implementation]) {
    self.correct = correct
    self.broken = broken
  }

  /// Every check, as the arguments of a parameterized test: each correct implementation on every
  /// spec its factory's capabilities call for, and each broken one on every spec named for it.
  public var cases: [Case] {
    correct.flatMap { implementation in
      // A catalog whose factory metatype is not its factory's runs every spec on it, and those
      // the factory lacks fail saying so.
      let specs = Catalog.factoryType(of: implementation.factory).map(Spec<Catalog>.all(for:))
      return (specs ?? Spec<Catalog>.catalog).map {
        Case(spec: $0, implementation: implementation, mustFail: false)
      }
    }
      + broken.flatMap { implementation in
        implementation.brokenSpecs.compactMap { id in
          Spec<Catalog>.named(id).map {
            Case(spec: $0, implementation: implementation, mustFail: true)
          }
        }
      }
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
    guard check.mustFail else {
      try await check.spec.verify(check.implementation.factory, sourceLocation: sourceLocation)
      return
    }
    let caller = sourceLocation
    let failures = try await collectIssues {
      try await check.spec.verify(check.implementation.factory, sourceLocation: caller)
    }.filter { $0.isFailure }
    let name = check.implementation.name
    let id = check.spec.id
    let messages = failures.flatMap { $0.comments.map(\.rawValue) }
    if failures.isEmpty {
      record(FailureMessage.passedBrokenImplementation(id, name), caller)
    } else if let thrown = failures.first(where: { $0.error != nil }) {
      record(FailureMessage.errorEscaped(id, thrown), caller)
    } else if let elsewhere = failures.first(where: { $0.sourceLocation != caller }) {
      record(FailureMessage.reportedElsewhere(id, at: elsewhere.sourceLocation), caller)
    } else if messages.contains(where: Self.isNotAProof(of: id)) {
      record(FailureMessage.didNotRun(id, on: name, saying: messages[0]), caller)
    }
  }

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

  /// Whether a failure of spec `id` says only that it did not run on the implementation.
  private static func isNotAProof(of id: String) -> (String) -> Bool {
    { message in
      message.hasPrefix("\(id) needs a factory that conforms to")
        || message.hasPrefix("\(id) does not apply to")
    }
  }
}
