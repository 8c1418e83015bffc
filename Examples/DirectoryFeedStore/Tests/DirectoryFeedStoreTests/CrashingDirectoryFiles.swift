import DirectoryFeedStore
import Foundation

/// The real files of a store's directory until the crash point: the first `crashPoint` changes
/// (a new directory, a new file, a rename, a removal) go through, and from the next one on every
/// call throws, as a killed process does nothing more.
final class CrashingDirectoryFiles: DirectoryFiles {
  private let local = LocalDirectoryFiles()
  private let crashPoint: Int
  private let counter = Counter()

  /// Counts the changes made so far.
  private final class Counter: @unchecked Sendable {
    // `@unchecked Sendable` is safe: `changes` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var changes = 0

    /// Counts a change, unless the crash has happened: whether it may go through.
    func allowsChange(before crashPoint: Int) -> Bool {
      lock.withLock {
        guard changes < crashPoint else { return false }
        changes += 1
        return true
      }
    }

    func hasCrashed(at crashPoint: Int) -> Bool { lock.withLock { changes >= crashPoint } }
  }

  /// Crashed after the process died: a store over these files goes as far as `crashPoint`
  /// changes.
  init(crashPoint: Int) {
    self.crashPoint = crashPoint
  }

  /// Files that never crash.
  required convenience init() {
    self.init(crashPoint: .max)
  }

  struct Crashed: Error {}

  func contents(of url: URL) throws -> Data {
    try readable { try local.contents(of: url) }
  }

  func names(in url: URL) throws -> [String] {
    try readable { try local.names(in: url) }
  }

  func kind(at url: URL) -> FileKind? {
    counter.hasCrashed(at: crashPoint) ? nil : local.kind(at: url)
  }

  func makeDirectory(at url: URL) throws { try change { try local.makeDirectory(at: url) } }

  func makeFile(at url: URL, holding data: Data) throws {
    try change { try local.makeFile(at: url, holding: data) }
  }

  func move(_ source: URL, to destination: URL) throws {
    try change { try local.move(source, to: destination) }
  }

  func remove(_ url: URL) throws { try change { try local.remove(url) } }

  private func readable<Value>(_ read: () throws -> Value) throws -> Value {
    guard !counter.hasCrashed(at: crashPoint) else { throw Crashed() }
    return try read()
  }

  private func change(_ body: () throws -> Void) throws {
    guard counter.allowsChange(before: crashPoint) else { throw Crashed() }
    try body()
  }
}
