@_spi(SelfTests) import ContractSpecs
import FeedCache
import FeedStoreSpecs
import Foundation
import SharedSupport

/// A way a store can refuse to finish a spec that no assertion of the spec can catch: it hangs,
/// ends its process, or cuts its process off from the parent.
enum Hostility: String, Codable, CaseIterable, Sendable {
  /// The first insert takes a lock it never gives back; the second waits for it forever.
  case deadlocksOnSecondInsert
  /// The second insert waits for a continuation that nothing resumes.
  case neverResumesItsContinuationOnSecondInsert
  /// The first insert locks a file and never unlocks it; the second blocks in `flock` forever.
  case waitsForeverForItsFileLockOnSecondInsert
  /// Insert calls `exit(0)`.
  case exitsSuccessfullyInInsert
  /// Insert calls `exit(1)`.
  case exitsWithStatusOneInInsert
  /// The first insert closes every descriptor from 3 up; later inserts keep the first cache.
  case closesEveryDescriptorAndKeepsItsFirstCache
  /// The second insert spins forever.
  case spinsOnSecondInsert
  /// The second insert sleeps in a system call forever.
  case sleepsOnSecondInsert
  /// The second insert stops its own process with SIGSTOP.
  case stopsItsProcessOnSecondInsert
  /// Insert starts a process that sleeps for minutes, then works.
  case startsASleeperAndWorks
  /// Insert starts a process that leaves the store's session and process group, and whose
  /// parent exits, so it is nobody's child but init's, or the nearest subreaper's; it sleeps
  /// until it is killed, holding every descriptor it inherited. Then insert works.
  case startsADetachedSleeperAndWorks
  /// Insert starts a process that sleeps until it is killed, then traps.
  case startsASleeperThenTraps
  /// The first insert starts a detached sleeper, as ``startsADetachedSleeperAndWorks`` does. The
  /// second writes the id of a process the test started (the `canary` file of the store's
  /// directory) into its child process's control directory, where an older parent read the
  /// child's id, then stops its process with SIGSTOP.
  case startsADetachedSleeperThenNamesAnotherProcessAndStops
  /// Insert notes what its process's descriptors stand for, which the sleeper inherits, starts a
  /// detached sleeper that leaves once the store's directory is removed, then kills its own
  /// process with SIGKILL, so that the child can end nothing.
  case startsADetachedSleeperThenKillsItsProcess
  /// Insert starts a detached sleeper that leaves once the store's directory is removed, then
  /// exits with `_exit(0)` at once, before its process can look for what it started.
  case startsADetachedSleeperThenExitsAtOnce
  /// As ``startsADetachedSleeperThenExitsAtOnce``, with `_exit(3)`.
  case startsADetachedSleeperThenExitsWithStatusThreeAtOnce
  /// Insert starts a sleeper that leaves once the store's directory is removed through
  /// `clone(CLONE_PARENT)`, which makes it the child of the test process, not of the store's:
  /// no walk down from the store's process finds it. Then insert works.
  case startsASleeperAsItsParentsChildAndWorks
  /// Insert removes its child process's control directory, then works.
  case removesItsControlDirectoryAndWorks
  /// Insert puts a directory where its child process writes its report, then works.
  case blocksItsReportAndWorks
  /// Insert writes 64 MB to standard error, then traps.
  case floodsStandardErrorThenTraps
}

/// An in-memory store that keeps the contract until its ``Hostility`` strikes.
actor HostileFeedStore: FeedStore {
  /// The line a flooding store's trap names, as the failure quotes it: the `fatalError` of
  /// ``trapAfterFlooding()``.
  static let trapLine = #line + 4

  /// Traps, as a store with a bug does.
  private static func trapAfterFlooding() -> Never {
    fatalError("HostileFeedStore traps after flooding standard error")
  }

  private let hostility: Hostility
  private let directory: URL
  private let announcesHang: Bool
  private let releases: HangReleases
  private var cache: CachedFeed?
  private var inserts = 0
  private let lock = DispatchSemaphore(value: 1)

  init(hostility: Hostility, directory: URL, announcesHang: Bool, releases: HangReleases) {
    self.hostility = hostility
    self.directory = directory
    self.announcesHang = announcesHang
    self.releases = releases
  }

  func retrieve() -> CachedFeed? {
    cache
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) async {
    inserts += 1
    let isSecond = inserts == 2
    switch hostility {
    case .deadlocksOnSecondInsert:
      if isSecond { announce() }
      lock.wait()
      releases.add { self.lock.signal() }
    case .neverResumesItsContinuationOnSecondInsert where isSecond:
      announce()
      await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
    case .waitsForeverForItsFileLockOnSecondInsert:
      lockFile(waitingForever: isSecond)
    case .exitsSuccessfullyInInsert:
      exit(0)
    case .exitsWithStatusOneInInsert:
      exit(1)
    case .closesEveryDescriptorAndKeepsItsFirstCache:
      for descriptor in 3..<4_096 { close(Int32(descriptor)) }
      guard cache == nil else { return }
    case .spinsOnSecondInsert where isSecond:
      announce()
      lowerThisThreadsPriority()
      while Self.spins.current {}
    case .sleepsOnSecondInsert where isSecond:
      announce()
      sleep(.max)
    case .stopsItsProcessOnSecondInsert where isSecond:
      note(getpid(), as: "child")
      raise(SIGSTOP)
    case .startsASleeperAndWorks:
      startSleeper()
    case .floodsStandardErrorThenTraps:
      let line = Array(repeating: UInt8(ascii: "x"), count: 1_023) + [UInt8(ascii: "\n")]
      for _ in 0..<65_536 {
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      }
      Self.trapAfterFlooding()
    case .startsADetachedSleeperAndWorks:
      startDetachedSleeper()
    case .startsASleeperThenTraps:
      startSleeper(untilKilled: true)
      fatalError("HostileFeedStore traps after starting a sleeper")
    case .startsADetachedSleeperThenNamesAnotherProcessAndStops:
      guard isSecond else {
        startDetachedSleeper()
        break
      }
      nameTheCanaryInTheControlDirectory()
      note(getpid(), as: "child")
      raise(SIGSTOP)
    case .startsADetachedSleeperThenKillsItsProcess:
      noteOpenFiles(as: "open-files")
      startDetachedSleeper(untilItsDirectoryIsRemoved: true)
      kill(getpid(), SIGKILL)
    case .startsADetachedSleeperThenExitsAtOnce:
      startDetachedSleeper(untilItsDirectoryIsRemoved: true)
      _exit(0)
    case .startsADetachedSleeperThenExitsWithStatusThreeAtOnce:
      startDetachedSleeper(untilItsDirectoryIsRemoved: true)
      _exit(3)
    case .startsASleeperAsItsParentsChildAndWorks:
      startSleeperAsItsParentsChild()
    case .removesItsControlDirectoryAndWorks:
      if let control = Self.controlDirectory() { try? FileManager.default.removeItem(at: control) }
    case .blocksItsReportAndWorks:
      if let control = Self.controlDirectory() {
        mkdir(control.appending(path: "report.json").path(percentEncoded: false), 0o700)
      }
    default:
      break
    }
    cache = CachedFeed(feed: feed, timestamp: timestamp)
  }

  func deleteCachedFeed() {
    cache = nil
  }

  /// Always true: read through a lock so the spinning loop is not optimized away.
  private static let spins = Locked(true)

  /// Gives the calling thread the lowest priority on Linux, where the nice value is a thread's
  /// (elsewhere it is the process's, and would slow the child's own watchdog): the spin still
  /// never yields, but takes none of the processors the run's other tests need meanwhile.
  private func lowerThisThreadsPriority() {
    #if os(Linux)
      setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
    #endif
  }

  /// Tells the running spec that the operation will not return, when the test asks for it, so
  /// its watchdog expires now instead of after its limit.
  private func announce() {
    if announcesHang { SpecRun.expireOperationsInFlight() }
  }

  /// Locks the store's lock file through a new descriptor, which it never closes or unlocks: a
  /// second lock through another descriptor waits for the first.
  private func lockFile(waitingForever isSecond: Bool) {
    let descriptor = open(directory.appending(path: "lock").path, O_RDWR | O_CREAT, 0o600)
    if isSecond { announce() }
    flock(descriptor, LOCK_EX)
    releases.add { close(descriptor) }
  }

  /// Forks a process that sleeps for five minutes, or until it is killed, noting its id in the
  /// store's directory.
  private func startSleeper(untilKilled: Bool = false) {
    let processID = fork()
    if processID == 0 {
      if untilKilled {
        while true { pause() }
      }
      sleep(300)
      _exit(0)
    }
    note(processID, as: "sleeper")
  }

  /// Forks a process that starts a new session and forks the sleeper, then exits.
  ///
  /// The sleeper is orphaned, in no process group of the store's. It sleeps until it is killed,
  /// or, when asked, until the store's directory is removed, so that it never outlives the test
  /// that nobody else can end it for. Notes its id in the store's directory.
  private func startDetachedSleeper(untilItsDirectoryIsRemoved: Bool = false) {
    var channel: [Int32] = [0, 0]
    let directoryPath = Array(directory.path(percentEncoded: false).utf8CString)
    guard pipe(&channel) == 0 else { return }
    let processID = fork()
    if processID == 0 {
      // Only async-signal-safe calls between fork and _exit.
      setsid()
      var sleeper = fork()
      if sleeper == 0 {
        directoryPath.withUnsafeBufferPointer { path in
          while !untilItsDirectoryIsRemoved || access(path.baseAddress!, F_OK) == 0 {
            if untilItsDirectoryIsRemoved { usleep(10_000) } else { pause() }
          }
        }
        _exit(0)
      }
      _ = write(channel[1], &sleeper, MemoryLayout<pid_t>.size)
      _exit(0)
    }
    close(channel[1])
    var sleeper: pid_t = 0
    _ = read(channel[0], &sleeper, MemoryLayout<pid_t>.size)
    close(channel[0])
    waitpid(processID, nil, 0)
    note(sleeper, as: "sleeper")
  }

  /// Starts, through `clone(CLONE_PARENT)`, a process that sleeps until the store's directory is
  /// removed, noting its id in the store's directory.
  private func startSleeperAsItsParentsChild() {
    #if os(Linux)
      guard let path = strdup(directory.path(percentEncoded: false)) else { return }
      // CLONE_PARENT, with SIGCHLD to the parent it shares: a fork whose process is its
      // parent's sibling. Only async-signal-safe calls in the new process.
      let processID = rawSystemCall(cloneSystemCall, 0x0000_8000 | Int(SIGCHLD), 0, 0, 0, 0)
      if processID == 0 {
        while access(path, F_OK) == 0 { usleep(10_000) }
        _exit(0)
      }
      free(path)
      note(pid_t(processID), as: "sleeper")
    #endif
  }

  /// Writes the id of the canary process the test started into the control directory's `pid`
  /// file, where a parent that trusted it would signal that process.
  private func nameTheCanaryInTheControlDirectory() {
    guard let canary = try? Data(contentsOf: directory.appending(path: "canary")),
      let control = Self.controlDirectory()
    else { return }
    try? canary.write(to: control.appending(path: "pid"))
  }

  /// Writes what this process's descriptors stand for, as `/proc` names them (`socket:[…]`), a
  /// line each, to the file `name` in the store's directory: what a process it starts inherits.
  private func noteOpenFiles(as name: String) {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    let files = descriptors.compactMap {
      try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
    }
    try? Data(files.joined(separator: "\n").utf8).write(to: directory.appending(path: name))
  }

  /// Writes `processID` to the file `name` in the store's directory, for the test to find.
  private func note(_ processID: pid_t, as name: String) {
    try? Data("\(processID)".utf8).write(to: directory.appending(path: name))
  }

  /// The control directory of the child process this store runs in: where its standard error
  /// goes.
  private static func controlDirectory() -> URL? {
    guard
      let standardError = try? FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/self/fd/\(STDERR_FILENO)"),
      standardError.hasSuffix("/stderr")
    else { return nil }
    return URL(filePath: standardError).deletingLastPathComponent()
  }
}

/// What frees the threads a hostile store blocked in this process, so a test can give them back
/// once the spec has failed.
final class HangReleases: Sendable {
  private let releases = Locked<[@Sendable () -> Void]>([])

  func add(_ release: @escaping @Sendable () -> Void) {
    releases.withLock { $0.append(release) }
  }

  /// Runs every release added so far, once.
  func releaseAll() {
    for release in releases.withLock({ releases in
      defer { releases = [] }
      return releases
    }) {
      release()
    }
  }
}

#if os(Linux)
  /// The C library's `syscall`, whose variadic arguments Swift cannot pass: its assembly passes
  /// the first six through as they are.
  /// The number of the `clone` system call, which Swift does not import.
  #if arch(x86_64)
    private let cloneSystemCall = 56
  #else
    private let cloneSystemCall = 220
  #endif

  @_silgen_name("syscall")
  private func rawSystemCall(
    _ number: Int, _ first: Int, _ second: Int, _ third: Int, _ fourth: Int, _ fifth: Int
  ) -> Int
#endif
