import FeedStoreSpecs
import Foundation
import Testing

/// Proves that a child process's verdict counts only when the spec finished in it: a store that
/// exits, hangs, stops its process or cuts it off from the parent fails its spec, saying how, and
/// the run goes on.
@Suite(.temporaryDirectory, .specProfile(.quick)) struct HostileChildProcessTests {
  @Test func storeThatExitsSuccessfully_failsTheSpecSayingSo() async throws {
    let failures = try await failures(of: .exitsSuccessfullyInInsert)

    #expect(
      failures == [
        "Expected insert_overridesPreviouslyInsertedCache to finish in its child process, but "
          + "the process exited with status 0 before the spec finished: something in it called "
          + "exit; it wrote nothing to standard error"
      ])
  }

  @Test func storeThatExitsWithAFailure_failsTheSpecWithTheStatus() async throws {
    let failures = try await failures(of: .exitsWithStatusOneInInsert)

    #expect(
      failures == [
        "Expected insert_overridesPreviouslyInsertedCache to finish in its child process, but "
          + "the process exited with status 1 before the spec finished; it wrote nothing to "
          + "standard error"
      ])
  }

  /// Closing every descriptor also closes Dispatch's own, which now and then ends the child with
  /// a trap of the runtime before the spec reaches its check: either way, one failure, never a
  /// pass.
  @Test func storeThatClosesEveryDescriptor_stillHasItsFailureReported() async throws {
    let failures = try await failures(of: .closesEveryDescriptorAndKeepsItsFirstCache)

    let failure = try #require(failures.first)
    #expect(failures.count == 1)
    #expect(
      failure.hasPrefix("Expected retrieve after a second insert to deliver 2 images cached at ")
        || failure.hasPrefix(
          "Expected insert_overridesPreviouslyInsertedCache to finish in its child process, but ")
    )
  }

  @Test func storeThatFloodsStandardError_isQuotedShortWithTheWholeAttached() async throws {
    let failures = try await failures(of: .floodsStandardErrorThenTraps)

    let message = try #require(failures.first)
    #expect(failures.count == 1)
    #expect(message.count < 700)
    #expect(
      message.contains(
        "; it wrote: …FeedStoreSpecsTests/HostileFeedStore.swift:\(HostileFeedStore.trapLine): "
          + "Fatal error: HostileFeedStore traps after flooding standard error ("))
    #expect(message.hasSuffix(" bytes in all, attached as standard-error.txt)"))
  }

  @Test func storeThatStartsASleeper_passesWithoutWaitingForIt() async throws {
    let failures = try await failures(of: .startsASleeperAndWorks)

    #expect(failures.isEmpty)
    #expect(!isRunning(try noted("sleeper")))
  }

  // Before: the spec waited as long as the sleeper lived (20.05 s for one that slept 20 s), and
  // the sleeper outlived the run.
  /// The sleeper leaves the child's session and process group and is orphaned, and it holds the
  /// descriptor through which Swift Testing's parent reads the child's events.
  @Test func storeThatStartsADetachedSleeper_passesAndTheSleeperEnds() async throws {
    let failures = try await failures(of: .startsADetachedSleeperAndWorks)

    #expect(failures.isEmpty)
    #expect(!isRunning(try noted("sleeper")))
  }

  // Before: the spec waited for the sleeper, which waits for the test to end: for good.
  /// A child killed outright can end nothing it started, and the parent may not have seen the
  /// sleeper yet; still, the spec's verdict never waits for the sleeper, which holds the
  /// descriptor Swift Testing's parent reads the child's events from. (The sleeper leaves once
  /// the test's directory is removed.)
  @Test func storeThatKillsItsProcessAfterStartingASleeper_failsWithoutWaitingForIt()
    async throws
  {
    let failures = try await failures(of: .startsADetachedSleeperThenKillsItsProcess)

    #expect(
      failures == [
        "Expected insert_overridesPreviouslyInsertedCache to finish in its child process, but "
          + "the process crashed with signal \(SIGKILL), SIGKILL: killed from outside, such as "
          + "by the out-of-memory killer; it wrote nothing to standard error"
      ])
  }

  // Before: the sleeper survived with parent 1 in each of these, and the spec of the last one
  // passed: the parent looked for new processes at most every 100 ms, and these exits skip the
  // child's own clean-up; a process made by clone(CLONE_PARENT) is not in the child's tree.
  /// A process the store starts and leaves behind (its starter exits or is killed at once, or it
  /// is made the test process's child) is in the child's cgroup, which the parent ends with the
  /// spec.
  @Test(arguments: [
    Hostility.startsADetachedSleeperThenExitsAtOnce,
    .startsADetachedSleeperThenExitsWithStatusThreeAtOnce,
    .startsADetachedSleeperThenKillsItsProcess, .startsASleeperAsItsParentsChildAndWorks,
  ])
  func storeWhoseProcessEscapesItsTree_leavesNoProcessAliveWhenTheSpecEnds(
    _ hostility: Hostility
  ) async throws {
    _ = try await failures(of: hostility)

    #expect(!isRunning(try noted("sleeper")))
  }

  // Before: the sleeper held a copy of a socket of the test process, such as the one through
  // which Foundation's Process learns that its child exited, so that a test waiting for that
  // child waited for good (a benchmark comparison's worker, in the quick tests). What the store's
  // process holds when it starts the sleeper is what the sleeper inherits; the sleeper itself may
  // be gone by now, if the parent saw it in time to end it.
  @Test func storeThatKillsItsProcessAfterStartingASleeper_leavesTheSleeperNoSocketOfTheTest()
    async throws
  {
    let socket = try InheritableSocketPair()
    defer { socket.close() }

    _ = try await failures(of: .startsADetachedSleeperThenKillsItsProcess)

    let inherited = try String(
      contentsOf: TemporaryDirectory.current.appending(path: "open-files"), encoding: .utf8
    ).split(separator: "\n").map(String.init)
    #expect(!inherited.isEmpty)
    #expect(!inherited.contains(socket.name))
  }

  // Before: the spec waited as long as the sleeper lived (20.07 s for one that slept 20 s).
  @Test func storeThatTrapsAfterStartingASleeper_failsWithTheTrapAndTheSleeperEnds() async throws {
    let failures = try await failures(of: .startsASleeperThenTraps)

    #expect(failures.count == 1)
    #expect(
      failures.first?.hasPrefix(
        "Expected insert_overridesPreviouslyInsertedCache to finish in its child process, but "
          + "the process crashed with signal \(SIGILL), SIGILL") == true)
    #expect(!isRunning(try noted("sleeper")))
  }

  @Test(arguments: [
    Hostility.deadlocksOnSecondInsert, .neverResumesItsContinuationOnSecondInsert,
    .waitsForeverForItsFileLockOnSecondInsert,
  ])
  func storeThatNeverReturns_failsTheSpecAndItsChildEnds(_ hostility: Hostility) async throws {
    let failures = try await failures(of: hostility)

    #expect(failures == [HangingStoreTests.timeoutMessage])
  }

  @Test(arguments: [Hostility.spinsOnSecondInsert, .sleepsOnSecondInsert])
  func storeThatNeverReturnsUnannounced_failsOnceTheLimitHasPassed(_ hostility: Hostility)
    async throws
  {
    let failures = try await failures(
      of: hostility, announcesHang: false, timeLimit: .milliseconds(500))

    #expect(failures.count == 1)
    #expect(
      failures.first?.hasSuffix(
        " to return, but it did not return within 500 ms (the limit .operationTimeLimit sets): "
          + "likely a deadlock, a lock never released or a continuation never resumed; if it is "
          + "only slow, give it a longer .operationTimeLimit. The spec stopped waiting for it")
        == true)
  }

  @Test func storeThatStopsItsProcess_isEndedByTheParent() async throws {
    let failures = try await failures(
      of: .stopsItsProcessOnSecondInsert, timeLimit: .milliseconds(500))

    #expect(failures == [Self.stoppedFor500Milliseconds])
  }

  // Before: the parent gave up before the child's pid file existed, and never looked again; the
  // stopped child hung the run for good.
  /// A limit shorter than a child takes to start, and than the engine measures.
  ///
  /// The parent keeps watching until it knows the child, then for as long as the child lives.
  /// The 2 ms asked for are raised to the shortest limit the engine measures, 100 ms, with a
  /// warning once per run; an operation, or the spec's progress, may also outlive the limit
  /// before the store stops its process: either way, one failure naming the limit, and the run
  /// goes on.
  @Test func storeThatStopsItsProcessUnderALimitShorterThanTheChildsStart_isEnded()
    async throws
  {
    let failures = try await failures(
      of: .stopsItsProcessOnSecondInsert, timeLimit: .milliseconds(2)
    ).filter { $0.hasPrefix("Expected ") }

    let failure = try #require(failures.first)
    #expect(failures.count == 1)
    // The child's own watchdog may fail an operation first, or the spec's progress.
    #expect(failure.contains(" 100 ms "), "\(failure)")
    if let child = try notedIfAny("child") {
      #expect(!isRunning(child))
    }
  }

  // Before: the parent killed the canary, whose id the child wrote in its pid file, left the
  // child stopped, and the run hung.
  /// The parent signals only processes it proved are its child or the child's descendants.
  ///
  /// A process id the child writes where an older parent read it is never signalled. The parent
  /// ends the child, which can end nothing itself, and the sleeper it started, which left its
  /// process group.
  @Test func storeThatNamesAnotherProcessAndStops_isEndedWithWhatItStartedButNotTheOther()
    async throws
  {
    let canary = try startCanary()
    defer {
      // SIGKILL: the canary inherits the test thread's signal mask, which may block SIGTERM.
      kill(canary.processIdentifier, SIGKILL)
      canary.waitUntilExit()
    }

    let failures = try await failures(
      of: .startsADetachedSleeperThenNamesAnotherProcessAndStops, timeLimit: .milliseconds(500))

    #expect(canary.isRunning)
    #expect(failures == [Self.stoppedFor500Milliseconds])
    #expect(!isRunning(try noted("child")))
    #expect(!isRunning(try noted("sleeper")))
  }

  // Before: "the process crashed with signal 9, SIGKILL: killed from outside, such as by the
  // out-of-memory killer".
  @Test func storeThatRemovesItsControlDirectory_failsSayingSo() async throws {
    let failures = try await failures(of: .removesItsControlDirectoryAndWorks)

    #expect(
      failures == [
        "Expected insert_overridesPreviouslyInsertedCache to finish in its child process, but "
          + "the child could not write its report: its control directory was removed while the "
          + "spec ran; its standard error file is gone"
      ])
  }

  // Before: the same "killed from outside, such as by the out-of-memory killer".
  @Test(.enabled(if: try FeedStoreSpec.profile == .thorough, "one more child process"))
  func storeThatBlocksItsReport_failsWithTheReason() async throws {
    let failures = try await failures(of: .blocksItsReportAndWorks)

    #expect(
      failures == [
        "Expected insert_overridesPreviouslyInsertedCache to finish in its child process, but "
          + "the child could not write its report in its control directory; it wrote: The "
          + "child process could not write its report: Is a directory"
      ])
  }

  private static let stoppedFor500Milliseconds =
    "Expected insert_overridesPreviouslyInsertedCache to finish in its child process, but the "
    + "child showed no sign of life for 500 ms (it was stopped by signal \(SIGSTOP) (SIGSTOP)), "
    + "so it was ended, with every process it started; it wrote nothing to standard error"

  /// The failures `insert_overridesPreviouslyInsertedCache` records on a store with `hostility`,
  /// run in a child process.
  private func failures(
    of hostility: Hostility, announcesHang: Bool = true, timeLimit: Duration? = nil
  ) async throws -> [String] {
    let spec = try #require(FeedStoreSpec.named("insert_overridesPreviouslyInsertedCache"))
    let factory = HostileFeedStoreFactory(
      hostility, in: try TemporaryDirectory.current, announcesHang: announcesHang)
    let issues = try await collectIssues {
      try await withTimeLimit(timeLimit) {
        try await spec.verifyInChildProcess(factory)
      }
    }
    return issues.flatMap { $0.comments.map(\.rawValue) }
  }

  /// The process id the store noted in the file `name` of its directory.
  private func noted(_ name: String) throws -> pid_t {
    try #require(try notedIfAny(name))
  }

  /// The process id the store noted in the file `name` of its directory, if it got that far.
  private func notedIfAny(_ name: String) throws -> pid_t? {
    let file = try TemporaryDirectory.current.appending(path: name)
    guard let data = FileManager.default.contents(atPath: file.path(percentEncoded: false)) else {
      return nil
    }
    return pid_t(String(decoding: data, as: UTF8.self))
  }

  /// Starts a process that sleeps, and tells the store its id in the `canary` file.
  private func startCanary() throws -> Process {
    let canary = Process()
    canary.executableURL = URL(filePath: "/bin/sleep")
    canary.arguments = ["300"]
    try canary.run()
    try Data("\(canary.processIdentifier)".utf8).write(
      to: try TemporaryDirectory.current.appending(path: "canary"))
    return canary
  }

  /// Whether process `id` exists and is not a zombie waiting to be reaped.
  private func isRunning(_ id: pid_t) -> Bool {
    guard kill(id, 0) == 0 else { return false }
    let status = (try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8)) ?? ""
    return !status.contains(") Z ")
  }
}

/// A pair of connected sockets this process keeps open, each inherited by every process it
/// starts, as Foundation's `Process` makes one for each child on Linux.
private struct InheritableSocketPair {
  private let descriptors: [Int32]

  init() throws {
    var descriptors: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    self.descriptors = descriptors
  }

  /// What `/proc` names the first socket: `socket:[inode]`.
  var name: String {
    (try? FileManager.default.destinationOfSymbolicLink(
      atPath: "/proc/self/fd/\(descriptors[0])")) ?? "none"
  }

  func close() {
    for descriptor in descriptors { Glibc.close(descriptor) }
  }
}
