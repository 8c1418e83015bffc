import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Data {
  /// Creates or truncates the file at `url` and writes these bytes into it, without `fsync`.
  ///
  /// `Data.write(to:)` syncs every file it writes, which made the damage and crash cases wait on
  /// the disk: what they need is the bytes in the file, not their durability.
  ///
  /// - Throws: `POSIXError` when the file cannot be opened or written completely.
  func writeUnsynced(to url: URL) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    try withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < buffer.count, let start = buffer.baseAddress {
        let written = writeBytes(descriptor, start + offset, buffer.count - offset)
        guard written >= 0 else {
          guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
          continue
        }
        offset += written
      }
    }
  }
}

/// `write(2)`, out of `Data`'s scope, where `write` names its own method.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
