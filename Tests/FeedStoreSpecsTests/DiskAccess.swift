import Foundation
import SharedSupport

/// One store's way to ``SimulatedDisk``, which crashes, if told to, after a number of writes:
/// that write and every later call throw ``Crashed`` and change nothing more.
///
/// A write is creating or truncating a file, appending one chunk of ``chunkSize`` bytes to it,
/// renaming an item or removing one.
final class DiskAccess: Sendable {
  struct Crashed: Error {}

  static let chunkSize = 256

  let disk: SimulatedDisk
  private let writesLeft: Locked<Int>

  init(disk: SimulatedDisk, crashPoint: Int = .max) {
    self.disk = disk
    self.writesLeft = Locked(crashPoint)
  }

  /// The item at `name`, throwing for an unreadable file.
  func read(_ name: String) throws -> SimulatedDisk.Item? {
    try failIfCrashed()
    let item = disk.item(named: name)
    if case .unreadableFile = item { throw SimulatedDisk.ReadError() }
    return item
  }

  /// Creates or truncates the file `name`, then appends `data` chunk by chunk.
  func writeFile(_ name: String, _ data: Data) throws {
    try spendWrite()
    disk.setItem(.file(Data()), named: name)
    var written = 0
    while written < data.count {
      try spendWrite()
      written = min(written + Self.chunkSize, data.count)
      disk.setItem(.file(data.prefix(written)), named: name)
    }
  }

  func rename(_ source: String, to destination: String) throws {
    try spendWrite()
    disk.setItem(disk.item(named: source), named: destination)
    disk.setItem(nil, named: source)
  }

  func remove(_ name: String) throws {
    try spendWrite()
    disk.setItem(nil, named: name)
  }

  func names() throws -> [String] {
    try failIfCrashed()
    return disk.names()
  }

  private func failIfCrashed() throws {
    if writesLeft.current < 0 { throw Crashed() }
  }

  private func spendWrite() throws {
    let crashed = writesLeft.withLock { writesLeft in
      writesLeft = writesLeft == .min ? .min : writesLeft - 1
      return writesLeft < 0
    }
    if crashed { throw Crashed() }
  }
}
