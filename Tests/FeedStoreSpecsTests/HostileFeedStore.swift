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
  /// Insert removes its child process's control directory, then works.
  case removesItsControlDirectoryAndWorks
  /// Insert puts a directory where its child process writes its report, then works.
  case blocksItsReportAndWorks
  /// Insert writes 64 MB to standard error, then traps.
  case floodsStandardErrorThenTraps
}

/// An in-memory store that keeps the contract until its ``Hostility`` strikes.
actor HostileFeedStore: FeedStore {
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
      while Self.spins.current {}
    case .sleepsOnSecondInsert where isSecond:
      announce()
      sleep(.max)
    case .stopsItsProcessOnSecondInsert where isSecond:
      raise(SIGSTOP)
    case .startsASleeperAndWorks:
      startSleeper()
    case .floodsStandardErrorThenTraps:
      let line = Array(repeating: UInt8(ascii: "x"), count: 1_023) + [UInt8(ascii: "\n")]
      for _ in 0..<65_536 {
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      }
      fatalError("HostileFeedStore traps after flooding standard error")
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

  /// Forks a process that sleeps for five minutes, noting its id in the store's directory.
  private func startSleeper() {
    let processID = fork()
    if processID == 0 {
      sleep(300)
      _exit(0)
    }
    try? Data("\(processID)".utf8).write(to: directory.appending(path: "sleeper"))
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
