import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines of a pipe, read with `read(2)` as they come.
struct LineReader {
  /// The read end of a pipe that did not deliver a line in time.
  struct Timeout: Error {}

  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var ended = false

  init(_ descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The next line, without its newline; `nil` once the pipe ended.
  ///
  /// With a `timeout`, waits that long at most for more bytes each time (`poll`).
  ///
  /// - Throws: ``Timeout``, or a `POSIXError` when reading fails.
  mutating func nextLine(within timeout: Duration?) throws -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
      }
      if ended {
        return nil
      }
      if let timeout {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: timeout.components.seconds * 1_000)
        guard poll(&request, 1, milliseconds) > 0 else { throw Timeout() }
      }
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        continue
      }
      if count == 0 {
        // Whatever came without a final newline is not a line the protocol sends.
        ended = true
        continue
      }
      buffer += chunk[..<count]
    }
  }
}
