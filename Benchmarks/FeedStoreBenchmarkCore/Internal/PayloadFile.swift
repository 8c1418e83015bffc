import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `payload.json` in a directory, written with plain POSIX calls and nothing else: the least a
/// store that keeps its feed in a file does (`open`, `write`, `close`), or, when `durable`, what
/// a store that keeps each feed durably does to replace its file (a temporary file written,
/// `fsync`ed and closed, then renamed over it).
struct PayloadFile: Sendable {
  let destination: URL
  let durable: Bool
  private let temporary: URL

  init(in directory: URL, durable: Bool) {
    destination = directory.appending(path: "payload.json")
    temporary = directory.appending(path: "payload.json.tmp")
    self.durable = durable
  }

  /// Writes `payload`, replacing what the file held.
  ///
  /// - Throws: ``BenchmarkError`` naming the call that failed and its `errno`.
  func write(_ payload: Data) throws(BenchmarkError) {
    let path = (durable ? temporary : destination).path(percentEncoded: false)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure("open", path) }
    var written = 0
    while written < payload.count {
      let count = payload[(payload.startIndex + written)...].withUnsafeBytes {
        Foundation.write(descriptor, $0.baseAddress, $0.count)
      }
      guard count > 0 || (count < 0 && errno == EINTR) else {
        let error = failure("write", path)
        close(descriptor)
        throw error
      }
      written += max(count, 0)
    }
    if durable, fsync(descriptor) != 0 {
      let error = failure("fsync", path)
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw failure("close", path) }
    if durable, rename(path, destination.path(percentEncoded: false)) != 0 {
      throw failure("rename", path)
    }
  }

  private func failure(_ call: String, _ path: String) -> BenchmarkError {
    BenchmarkError("\(call) of \(path) failed: \(String(cString: strerror(errno)))")
  }
}
