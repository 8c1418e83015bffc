import Testing

/// The spec that is running: what a spec's body reads (its profile, its random seeds) and
/// calls (to wait for an operation, to record a failure) without taking them as parameters.
///
/// `verify` sets the running spec for the spec's task and every task it starts, so helpers deep
/// in a spec report at the line that called `verify`, as pointfree's `withIssueContext` keeps a
/// caller's location for the helpers below it.
public enum SpecRun {
  /// The profile the running spec runs with: pinned by a ``Testing/Trait/specProfile(_:)``
  /// trait, else named by the catalog's environment variable, else ``SpecProfile/quick``.
  ///
  /// Outside a spec it is the pinned profile, or ``SpecProfile/quick``.
  public static var profile: SpecProfile {
    SpecExecution.current?.settings.profile ?? SpecProfile.pinned ?? .quick
  }

  /// How long one operation of the running spec may take before the spec calls it hung.
  public static var operationTimeLimit: Duration {
    SpecExecution.current?.settings.operationTimeLimit
      ?? OperationTimeLimit.pinned ?? .seconds(60)
  }

  /// The seeds the running spec's random work starts from, so that a run's verdict depends only
  /// on the code.
  ///
  /// In the quick profile, one seed derived from the spec's id: the same sequences every run.
  /// The thorough profile adds a fresh random seed, which the run prints so that it can be
  /// replayed. The catalog's seed variable (`IMAGECACHE_SPEC_SEED=42`) replaces them with the
  /// one it names. Report the seed of a failure together with ``replayHint(seed:)``.
  public static var randomSeeds: [UInt64] {
    SpecExecution.current?.seedsForRandomWork() ?? [0]
  }

  /// How many random sequences a model-based check runs: the number the catalog's sequences
  /// variable sets, else `profileDefault`.
  static func sequences(default profileDefault: Int) -> Int {
    SpecExecution.current?.settings.sequences ?? profileDefault
  }

  /// The environment variables that replay the running spec's random work from `seed`, such
  /// as `IMAGECACHE_SPEC_PROFILE=thorough IMAGECACHE_SPEC_SEED=42`.
  ///
  /// - Parameter seed: One of ``randomSeeds``.
  /// - Returns: The variables, separated by spaces, as a shell takes them before `swift test`.
  public static func replayHint(seed: UInt64) -> String {
    SpecExecution.current?.settings.replayVariables(seed: seed) ?? "seed \(seed)"
  }

  /// Whether the running test case tracks memory leaks (the ``Testing/Trait/trackingMemoryLeaks``
  /// trait): a catalog passes every implementation its specs make to
  /// ``trackForMemoryLeaks(_:fileID:filePath:line:column:)`` when it does.
  ///
  /// ```swift
  /// let cache = try await SpecRun.perform("makeCache()") { try await factory.makeCache() }
  /// if SpecRun.tracksMemoryLeaks, let object = cache as? AnyObject {
  ///   trackForMemoryLeaks(object)
  /// }
  /// ```
  public static var tracksMemoryLeaks: Bool {
    guard let tracker = LeakTracker.current else { return false }
    tracker.noteConsultation()
    return true
  }

  /// Records a failure of the running spec at the line that called `verify`.
  ///
  /// Say what was expected and the first difference, in a line or two; attach anything longer
  /// with `attach(_:named:)`. Outside a spec it records an ordinary issue.
  ///
  /// - Parameter message: The failure, such as `Expected retrieve after an insert to deliver 3
  ///   images, but it delivered nil`.
  public static func recordFailure(_ message: String) {
    recordFailure(message, likelyCause: nil)
  }

  /// Records a failure of the running spec at the line that called `verify`, with what it
  /// likely says about the implementation, so that a flaw many specs fail for is read once.
  ///
  /// The first failure of a cause on a factory type in a run comes after a headline that names
  /// the cause; the run ends with a digest of each cause and the specs that failed for it, such
  /// as `the timestamp loses its sub-second part in 29 specs`. Each spec still fails with its
  /// own message. `Exact.likelyCause(from:to:)` and its siblings find the words
  /// for common flaws.
  ///
  /// - Parameters:
  ///   - message: The failure, as ``recordFailure(_:)`` takes it.
  ///   - likelyCause: The flaw in words about the implementation, with its subject: `the
  ///     timestamp loses its sub-second part`, `the images come back in reverse order`; `nil`
  ///     when the difference says nothing general. It is found only when a digest takes it, not
  ///     while ``collectIssues(recordedBy:)`` collects.
  public static func recordFailure(_ message: String, likelyCause: @autoclosure () -> String?) {
    if let execution = SpecExecution.current {
      // A test that collects issues leaves causes out of the digest: finding one can take
      // longer than the rest of the failure.
      execution.record(message, likelyCause: CauseDigest.isSuspended ? nil : likelyCause())
    } else {
      Issue.record(Comment(rawValue: message))
    }
  }

  /// Records a warning of the running spec at the line that called `verify`: an issue that does
  /// not fail the test, for what the engine could not judge.
  static func warn(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if let execution = SpecExecution.current {
      execution.warn(message)
    } else {
      TestingSink().warn(message, at: sourceLocation)
    }
  }

  /// Attaches `text` to the running test case as a file named `name`, at the line that called
  /// `verify`, for what a failure message is too short to hold, such as two whole values as JSON.
  ///
  /// Swift Testing writes attachments when the run is given `--attachments-path DIR`.
  ///
  /// - Parameters:
  ///   - text: The content, written as UTF-8.
  ///   - name: The file's name, such as `expected-cache.json`.
  public static func attach(_ text: String, named name: String) {
    if let execution = SpecExecution.current {
      execution.attach(Array(text.utf8), named: name)
    } else {
      Attachment.record(text, named: name)
    }
  }

  /// Attaches `bytes` to the running test case as a file named `name`, at the line that called
  /// `verify`, for values that are not text, such as the data a spec expected and the data it got.
  ///
  /// - Parameters:
  ///   - bytes: The content.
  ///   - name: The file's name, such as `expected.png`.
  public static func attach(_ bytes: [UInt8], named name: String) {
    if let execution = SpecExecution.current {
      execution.attach(bytes, named: name)
    } else {
      Attachment.record(bytes, named: name)
    }
  }

  /// Waits for `operation`, within the running spec's time limit.
  ///
  /// Wrap every call a spec makes to the implementation or its factory: when one does not return
  /// within ``operationTimeLimit``, the spec fails with a message that names `operation` and the
  /// limit, and the run goes on. When `body` throws, the error comes back unchanged; if it ends
  /// the spec, the failure names `operation` as where it came from.
  ///
  /// ```swift
  /// try await SpecRun.perform("insert over data for the same URL") {
  ///   try await sut.insert(newerData, for: imageURL)
  /// }
  /// ```
  ///
  /// Once the watchdog has given up on the spec, an operation that returns after all throws an
  /// error of the engine's own instead, and so does every later `perform`: the spec ends, and
  /// nothing it records after its time ran out reaches the test. A spec that catches every error
  /// of an operation, to check that it throws, may see that error too; what it records then is
  /// dropped.
  ///
  /// - Parameters:
  ///   - operation: What the spec waits for, as a failure names it: "insert into an empty cache".
  ///   - body: The operation.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; or, once the spec has run out of time, an error that ends it
  ///   without recording more.
  public static func perform<Result>(
    _ operation: String, _ body: () async throws -> Result
  ) async throws -> Result {
    try await perform(OperationName(operation), body)
  }

  /// ``perform(_:_:)`` for an operation whose name is made only when a failure needs it.
  static func perform<Result>(
    describedBy name: @escaping @Sendable () -> String, _ body: () async throws -> Result
  ) async throws -> Result {
    try await perform(OperationName(describedBy: name), body)
  }

  private static func perform<Result>(
    _ operation: OperationName, _ body: () async throws -> Result
  ) async throws -> Result {
    guard let watch = SpecExecution.current?.watch else { return try await body() }
    let token = try watch.begin(operation)
    let result: Result
    do {
      result = try await body()
    } catch {
      try watch.end(token, throwing: error)
      throw error
    }
    try watch.end(token)
    return result
  }

  /// Waits for a factory call that makes an instance, within the spec's time limit, as
  /// ``perform(_:_:)`` does, and checks that the instance is new.
  ///
  /// Make every instance a spec checks through it. A factory that hands out an object it made
  /// before and that is still in use (a store kept in the factory, say) makes specs see each
  /// other's data: rather than every spec failing for that, the first to meet it names the
  /// mistake once, at your line, and the test cases after it are cancelled.
  ///
  /// ```swift
  /// let cache = try await SpecRun.makeInstance("makeCache()") { try await factory.makeCache() }
  /// ```
  ///
  /// - Parameters:
  ///   - operation: The factory call, as a failure names it: `makeCache()`.
  ///   - body: The call.
  /// - Returns: The instance.
  /// - Throws: What `body` throws; or an error of the engine's own that ends the spec when the
  ///   instance is one the factory made before.
  public static func makeInstance<Instance>(
    _ operation: String, _ body: () async throws -> Instance
  ) async throws -> Instance {
    let instance = try await perform(operation, body)
    if let factory = SpecExecution.current?.settings.factoryName,
      !InstanceRegistry.shared.isNew(instance, madeBy: factory)
    {
      throw RepeatedInstance(operation: operation)
    }
    return instance
  }

  /// Performs `action`, recording a failure of the running spec when it throws.
  ///
  /// - Parameters:
  ///   - action: The operation, as the failure names it: "insert into an empty cache".
  ///   - body: The operation.
  /// - Returns: Whether it succeeded, so a spec can stop before checking what depends on it.
  @discardableResult
  public static func expectSuccess(
    of action: String, _ body: () async throws -> Void
  ) async -> Bool {
    do {
      try await perform(action, body)
      return true
    } catch {
      recordFailure(FailureMessage.expectedSuccess(of: action, threw: error))
      return false
    }
  }

  /// Performs `action`, recording a failure of the running spec when it does not throw.
  ///
  /// - Parameters:
  ///   - action: The operation, as the failure names it: "insert into a broken cache".
  ///   - body: The operation.
  /// - Returns: Whether it threw, so a spec can stop before checking the side effects of a
  ///   failure that never happened.
  @discardableResult
  public static func expectFailure(
    of action: String, _ body: () async throws -> Void
  ) async -> Bool {
    do {
      try await perform(action, body)
    } catch is SpecAbandoned {
      return false
    } catch {
      return true
    }
    recordFailure(FailureMessage.expectedFailure(of: action))
    return false
  }
}

extension SpecRun {
  /// Waits for an object the running spec made and released to be deallocated, at growing
  /// intervals from 1 ms to 100 ms, within `patience`.
  ///
  /// `release` makes and uses the object and returns it; the engine keeps only a weak reference,
  /// so nothing of the spec's keeps it alive:
  ///
  /// ```swift
  /// let released = try await SpecRun.expectRelease(within: .seconds(5)) {
  ///   let cache = try await factory.makeCache()
  ///   try await cache.insert(data, for: url)
  ///   return cache
  /// }
  /// if !released.isDeallocated {
  ///   SpecRun.recordFailure("Expected the \(released.typeName) to be deallocated, but …")
  /// }
  /// ```
  ///
  /// The wait is an operation of the spec, bounded by ``operationTimeLimit`` like any other.
  ///
  /// - Parameters:
  ///   - patience: How long the object may take to go, such as the time its own queue needs to
  ///     close its files.
  ///   - release: Makes the object, uses it, and returns it.
  /// - Returns: Whether the object was deallocated within `patience`, and its type's name.
  /// - Throws: What `release` throws, or `CancellationError` when the test is cancelled.
  public static func expectRelease(
    within patience: Duration, of release: () async throws -> AnyObject
  ) async throws -> Release {
    let (reference, typeName) = try await weaklyHeld(release)
    let isDeallocated = try await perform("the deallocation of a released \(typeName)") {
      try await Patience.wait(atMost: patience) { reference.isDeallocated }
    }
    return Release(typeName: typeName, isDeallocated: isDeallocated)
  }

  /// The object `release` returns, held weakly once this function returns, and its type's name.
  private static func weaklyHeld(_ release: () async throws -> AnyObject) async throws -> (
    WeakReference, String
  ) {
    let object = try await release()
    return (WeakReference(object), String(describing: type(of: object)))
  }

  /// What ``expectRelease(within:of:)`` saw of a released object.
  public struct Release: Sendable {
    /// The name of the object's type, such as `FileImageDataCache`.
    public let typeName: String
    /// Whether the object was deallocated within the patience given.
    public let isDeallocated: Bool
  }

  /// Makes the running spec's watchdog treat the operations in flight as past their time limit
  /// now.
  ///
  /// For a catalog's self-tests of implementations that never return: such an implementation
  /// calls it just before it blocks, so a test proves how the hang is reported without waiting
  /// out a limit. Never call it from an implementation under test.
  @_spi(SelfTests)
  public static func expireOperationsInFlight() {
    SpecExecution.current?.watch.expireOperationsInFlight()
  }
}
