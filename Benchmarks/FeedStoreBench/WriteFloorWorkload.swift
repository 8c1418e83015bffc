import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Floor (b): what a durable file store must do at least: write the payload to a new file,
/// `fsync` it, close it and `rename` it into place, as `LocalFileSystem` does.
struct WriteFloorWorkload: Workload {
  let fixture: Fixture

  var id: RowID { .writeFloor }

  func prepare(in directory: URL) -> (temporary: URL, destination: URL) {
    (directory.appending(path: "floor.json.tmp"), directory.appending(path: "floor.json"))
  }

  func run(_ files: (temporary: URL, destination: URL)) throws {
    let temporaryPath = files.temporary.path(percentEncoded: false)
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Self.error("open", temporaryPath) }
    do {
      try writeAll(to: descriptor, path: temporaryPath)
      guard fsync(descriptor) == 0 else { throw Self.error("fsync", temporaryPath) }
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw Self.error("close", temporaryPath) }
    guard rename(temporaryPath, files.destination.path(percentEncoded: false)) == 0 else {
      throw Self.error("rename", temporaryPath)
    }
  }

  func verify(_ output: Void, of files: (temporary: URL, destination: URL)) throws {
    let size =
      try? FileManager.default.attributesOfItem(
        atPath: files.destination.path(percentEncoded: false))[.size] as? Int
    guard size == fixture.payload.count else {
      throw BenchmarkError("the write floor did not write the whole payload")
    }
  }

  private func writeAll(to descriptor: Int32, path: String) throws {
    try fixture.payload.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          guard errno == EINTR else { throw Self.error("write", path) }
          continue
        }
        offset += written
      }
    }
  }

  private static func error(_ call: String, _ path: String) -> BenchmarkError {
    BenchmarkError(
      "the write floor's \(call) failed for \(path): \(String(cString: strerror(errno)))")
  }
}
