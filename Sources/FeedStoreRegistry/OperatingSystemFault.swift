import Foundation
import SharedSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fault the operating system makes for real, under which our durable backends run their
/// failure specs again, or their own tests, since injected faults hide what a real one does (a
/// store that writes in place tears its file on a full disk, while an injected error before the
/// write hides it).
///
/// Each fault needs a privilege the machine may not grant; ``unavailableReason`` says why it
/// cannot be made here, and the tests then show the variant as skipped with that reason. They
/// run only when the run asks for them with `FEEDSTORE_OS_FAULTS=1` (``skipReason``).
package enum OperatingSystemFault: String, CaseIterable, Sendable {
  /// A small tmpfs filled to the last byte: writes fail with `ENOSPC`. Needs `mount(2)`.
  case fullDisk
  /// A directory marked immutable with `chattr +i`: nothing in it can be created, renamed or
  /// removed (`EPERM`), while its files can still be read. Needs `chattr` and `CAP_LINUX_IMMUTABLE`.
  case immutableDirectory
  /// A small tmpfs remounted read-only once the files are in place: every write fails with
  /// `EROFS`, every read works. Remounting needs `mount(2)` and no file on it open for writing.
  case readOnlyVolume

  /// Why this machine cannot make the fault, or `nil` when it can.
  package var unavailableReason: String? {
    switch self {
    case .fullDisk, .readOnlyVolume: Self.mountUnavailableReason
    case .immutableDirectory: Self.immutableDirectoryUnavailableReason
    }
  }

  /// Why a test that makes this fault does not run now, or `nil` when it runs: the run must ask
  /// for real faults with `FEEDSTORE_OS_FAULTS=1`, so a plain `swift test` as root never mounts
  /// or freezes anything, and the machine must be able to make this one.
  package var skipReason: String? {
    guard ProcessInfo.processInfo.environment["FEEDSTORE_OS_FAULTS"] == "1" else {
      return
        "real operating-system faults are opt-in: set FEEDSTORE_OS_FAULTS=1 (as root) to run them"
    }
    return unavailableReason
  }

  /// Runs `body` with a directory inside `directory` where the fault can be made, and undoes
  /// the fault afterwards (unmounts the tmpfs, clears the immutable flag), even when `body`
  /// throws, so the directory can be removed.
  ///
  /// - Parameters:
  ///   - directory: An existing directory that only this call uses.
  ///   - body: The work, given the faulty directory.
  /// - Throws: An error when the directory cannot be prepared, or what `body` throws.
  package func withFaultyDirectory(
    in directory: URL, _ body: (URL) async throws -> Void
  ) async throws {
    let faulty = directory.appending(path: rawValue, directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: faulty, withIntermediateDirectories: false)
    switch self {
    case .fullDisk, .readOnlyVolume:
      try Self.mountTmpfs(at: faulty, size: "1m")
      defer { umount2(faulty.path, Int32(MNT_DETACH)) }
      try await body(faulty)
    case .immutableDirectory:
      defer { try? Self.chattr("-i", faulty) }
      try await body(faulty)
    }
  }

  /// Makes the fault in `directory`, which ``withFaultyDirectory(in:_:)`` prepared.
  ///
  /// - Throws: An error when the fault cannot be made.
  package func inject(in directory: URL) throws {
    switch self {
    case .fullDisk: try Self.fill(directory)
    case .immutableDirectory: try Self.chattr("+i", directory)
    case .readOnlyVolume: try Self.remountReadOnly(directory)
    }
  }

  // MARK: Making the faults

  private static func mountTmpfs(at url: URL, size: String) throws {
    guard mount("tmpfs", url.path, "tmpfs", 0, "size=\(size)") == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
    }
  }

  /// Remounts the tmpfs at `url` read-only; it fails with `EBUSY` while a file on it is open for
  /// writing.
  private static func remountReadOnly(_ url: URL) throws {
    guard mount("tmpfs", url.path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
    }
  }

  /// Writes a filler file into `directory` until the file system has no byte left.
  private static func fill(_ directory: URL) throws {
    let path = directory.appending(path: "filler").path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0xA5, count: 4_096)
    var remaining = 1
    while remaining > 0 {
      remaining = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
    // A byte at a time, to use up the last partial page too.
    while write(descriptor, chunk, 1) == 1 {}
    guard errno == ENOSPC else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  private static func chattr(_ flag: String, _ url: URL) throws {
    let process = Process()
    process.executableURL = URL(filePath: chattrPath)
    process.arguments = [flag, url.path]
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw POSIXError(.EPERM)
    }
  }

  private static let chattrPath = "/usr/bin/chattr"

  // MARK: Probing the machine once

  private static let mountUnavailableReason: String? = probe { directory in
    do {
      try mountTmpfs(at: directory, size: "64k")
    } catch {
      return
        "this process may not mount a tmpfs (\(error)), so it cannot fill a disk or make a "
        + "read-only volume"
    }
    umount2(directory.path, Int32(MNT_DETACH))
    return nil
  }

  private static let immutableDirectoryUnavailableReason: String? = probe { directory in
    guard FileManager.default.isExecutableFile(atPath: chattrPath) else {
      return "\(chattrPath) is not installed, so no directory can be made immutable"
    }
    do {
      try chattr("+i", directory)
    } catch {
      return "chattr +i failed (it needs CAP_LINUX_IMMUTABLE and a file system with the flag)"
    }
    defer { try? chattr("-i", directory) }
    let refused = !FileManager.default.createFile(
      atPath: directory.appending(path: "probe").path, contents: Data())
    return refused ? nil : "chattr +i did not stop creating a file on this file system"
  }

  /// Runs `check` on a new directory where the tests make theirs, removed afterwards.
  private static func probe(_ check: (URL) -> String?) -> String? {
    let directory: URL
    do {
      directory = try ScratchDirectory.processDirectory(in: ScratchDirectory.root).appending(
        path: "probe-\(UUID().uuidString)", directoryHint: .isDirectory)
      try ScratchDirectory.makePrivateDirectory(at: directory)
    } catch {
      return "cannot create a temporary directory to probe the machine: \(error)"
    }
    defer { ScratchDirectory.remove(directory) }
    return check(directory)
  }
}
