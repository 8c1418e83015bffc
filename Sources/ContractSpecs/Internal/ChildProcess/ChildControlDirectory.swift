import Foundation
import SharedSupport

/// The private directory through which a parent and the child process running one spec talk:
/// the socket the child introduces itself on, its heartbeat, its standard error and its report.
///
/// Every file is written and read by path, never through a descriptor kept open, so an
/// implementation that closes every descriptor of its process cannot cut the child off from its
/// parent. The parent makes it inside its process directory and removes it when the child has
/// ended; a run that is killed leaves it to a later run, which removes the directories of
/// processes that are provably gone.
struct ChildControlDirectory: Sendable {
  let path: String

  /// Makes a new control directory in this process's scratch directory.
  ///
  /// - Throws: An error when it cannot be made.
  static func make() throws -> ChildControlDirectory {
    // A short name: the socket's path must fit in a socket address (104 bytes on macOS, where
    // the temporary directory's own path is about 50).
    let name = "child-\(String(UInt32.random(in: .min ... .max), radix: 16))"
    let directory = try ScratchDirectory.processDirectory(in: ScratchDirectory.root).appending(
      path: name, directoryHint: .isDirectory)
    try ScratchDirectory.makePrivateDirectory(at: directory)
    let control = ChildControlDirectory(path: directory.path(percentEncoded: false))
    control.write("0", to: .heartbeat)
    return control
  }

  /// One file of the directory.
  enum File: String {
    /// The Unix-domain socket the parent listens on, where the child introduces itself
    /// (``ChildHandshake``).
    case socket
    /// A counter the child's watchdog thread increments while the child is alive.
    case heartbeat
    /// The child's standard error.
    case standardError = "stderr"
    /// What the child recorded, written once the spec has ended.
    case report = "report.json"
    /// `joined` once the child is in its cgroup (``ChildCgroup``), before the spec starts, or
    /// `failed`.
    case cgroup
  }

  func path(of file: File) -> String { "\(path)/\(file.rawValue)" }

  /// Replaces the content of `file` with `text`, through a new file renamed into place, so a
  /// reader never sees half of it; a failure leaves the file as it was.
  func write(_ text: String, to file: File) {
    try? write(Array(text.utf8), to: file)
  }

  /// Replaces the content of `file` with `bytes`, through a new file renamed into place.
  ///
  /// - Throws: The POSIX error of the step that failed, such as `ENOENT` when the directory is
  ///   gone or `ENOSPC` when its disk is full.
  func write(_ bytes: [UInt8], to file: File) throws(POSIXError) {
    let target = path(of: file)
    let temporary = "\(target).\(getpid()).new"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Self.lastError() }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes {
        Foundation.write(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        let error = count < 0 ? Self.lastError() : POSIXError(.EIO)
        close(descriptor)
        unlink(temporary)
        throw error
      }
      written += count
    }
    close(descriptor)
    guard rename(temporary, target) == 0 else {
      let error = Self.lastError()
      unlink(temporary)
      throw error
    }
  }

  private static func lastError() -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }

  /// Whether the directory still exists.
  var exists: Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// The content of `file`, or `nil` when it cannot be read.
  func read(_ file: File) -> Data? {
    FileManager.default.contents(atPath: path(of: file))
  }

  /// The last `limit` bytes of `file` and its whole size, without reading the rest: `nil` bytes
  /// when the file is gone.
  func tail(of file: File, limit: Int) -> (bytes: [UInt8]?, size: Int) {
    let descriptor = open(path(of: file), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return (errno == ENOENT ? nil : [], 0) }
    defer { close(descriptor) }
    let size = Int(lseek(descriptor, 0, SEEK_END))
    guard size > 0, lseek(descriptor, off_t(max(0, size - limit)), SEEK_SET) >= 0 else {
      return ([], max(0, size))
    }
    var bytes = [UInt8](repeating: 0, count: min(size, limit))
    let count = bytes.withUnsafeMutableBytes {
      Foundation.read(descriptor, $0.baseAddress, $0.count)
    }
    return (Array(bytes.prefix(max(0, count))), size)
  }

  /// Removes the directory and everything in it.
  func remove() {
    ScratchDirectory.remove(URL(filePath: path, directoryHint: .isDirectory))
  }
}
