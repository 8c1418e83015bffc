import DirectoryFeedStore
import Foundation

/// The real files of a store's directory, whose changes can be made to fail as a full disk and a
/// directory that refuses removals make them fail: the store's own code meets the error.
final class FaultyDirectoryFiles: DirectoryFiles {
  private let local = LocalDirectoryFiles()
  private let faults = Faults()

  /// What fails.
  private final class Faults: @unchecked Sendable {
    // `@unchecked Sendable` is safe: both flags are read and written only while `lock` is held.
    private let lock = NSLock()
    private var writesFail = false
    private var removalsFail = false

    func failWrites() { lock.withLock { writesFail = true } }
    func failRemovals() { lock.withLock { removalsFail = true } }
    var doWritesFail: Bool { lock.withLock { writesFail } }
    var doRemovalsFail: Bool { lock.withLock { removalsFail } }
  }

  required init() {}

  /// Makes every later new directory, new file and rename fail with `ENOSPC`.
  func failWrites() { faults.failWrites() }

  /// Makes every later removal fail with `EACCES`.
  func failRemovals() { faults.failRemovals() }

  func contents(of url: URL) throws -> Data { try local.contents(of: url) }

  func names(in url: URL) throws -> [String] { try local.names(in: url) }

  func kind(at url: URL) -> FileKind? { local.kind(at: url) }

  func makeDirectory(at url: URL) throws {
    guard !faults.doWritesFail else { throw POSIXError(.ENOSPC) }
    try local.makeDirectory(at: url)
  }

  func makeFile(at url: URL, holding data: Data) throws {
    guard !faults.doWritesFail else { throw POSIXError(.ENOSPC) }
    try local.makeFile(at: url, holding: data)
  }

  func move(_ source: URL, to destination: URL) throws {
    guard !faults.doWritesFail else { throw POSIXError(.ENOSPC) }
    try local.move(source, to: destination)
  }

  func remove(_ url: URL) throws {
    guard !faults.doRemovalsFail else { throw POSIXError(.EACCES) }
    try local.remove(url)
  }
}
