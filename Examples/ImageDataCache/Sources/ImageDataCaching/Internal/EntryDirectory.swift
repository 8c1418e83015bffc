import Foundation

/// The directory of a ``FileImageDataCache``: one file per URL, each named by the digest of its
/// key, read, written and removed with system calls relative to the directory, opened without
/// following a link.
///
/// Every method blocks: call them off Swift's cooperative thread pool.
struct EntryDirectory: Sendable {
  /// The directory's path.
  let path: String

  /// The bytes of the file `name`, or `nil` when there is none, or no directory yet.
  ///
  /// - Throws: ``StorageFailure`` for anything but a missing file: an unreadable entry is not an
  ///   absent one.
  func read(_ name: String) throws -> Data? {
    try withDirectory(creatingIt: false) { directory -> Data? in
      let file = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
      if file < 0 {
        if errno == ENOENT { return nil }
        throw failure(at: name, code: errno)
      }
      defer { close(file) }
      var status = stat()
      guard fstat(file, &status) == 0 else { throw failure(at: name, code: errno) }
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw StorageFailure(path: entryPath(name), reason: .notARegularFile)
      }
      return try readAll(file, expectedSize: Int(status.st_size), name: name)
    } ?? nil
  }

  /// Makes `data` the content of the file `name` at once: written whole to a new file of its own,
  /// flushed, then renamed over `name`, so a reader sees the old bytes or the new, never part.
  ///
  /// Creates the directory first when it is missing. The rename replaces a link at `name` rather
  /// than writing through it.
  ///
  /// - Throws: ``StorageFailure`` when the directory or the file cannot be written; `name` is then
  ///   unchanged.
  func write(_ data: Data, as name: String) throws {
    _ = try withDirectory(creatingIt: true) { directory in
      let staging = ".\(name).\(UUID().uuidString).partial"
      let file = openat(
        directory, staging, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard file >= 0 else { throw failure(at: staging, code: errno) }
      do {
        defer { close(file) }
        try writeAll(data, to: file, name: staging)
        guard fsync(file) == 0 else { throw failure(at: staging, code: errno) }
      } catch {
        unlinkat(directory, staging, 0)
        throw error
      }
      guard renameat(directory, staging, directory, name) == 0 else {
        let code = errno
        unlinkat(directory, staging, 0)
        throw failure(at: name, code: code)
      }
    }
  }

  /// Removes the file `name`; a missing file or directory is not an error.
  ///
  /// - Throws: ``StorageFailure`` when the directory cannot be opened or the file removed.
  func remove(_ name: String) throws {
    _ = try withDirectory(creatingIt: false) { directory in
      guard unlinkat(directory, name, 0) == 0 || errno == ENOENT else {
        throw failure(at: name, code: errno)
      }
    }
  }

  // MARK: The directory

  /// Runs `body` with the directory open, or delivers `nil` when it does not exist and
  /// `creatingIt` is false.
  private func withDirectory<Value>(
    creatingIt: Bool, _ body: (_ directory: Int32) throws -> Value
  ) throws -> Value? {
    var directory = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if directory < 0, errno == ENOENT {
      guard creatingIt else { return nil }
      try makeDirectory(path)
      directory = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }
    guard directory >= 0 else { throw directoryFailure(code: errno) }
    defer { close(directory) }
    return try body(directory)
  }

  /// Makes the directory at `path`, and any missing directory above it, private to the user.
  private func makeDirectory(_ path: String) throws {
    if mkdir(path, 0o700) == 0 || errno == EEXIST { return }
    let parent = (path as NSString).deletingLastPathComponent
    guard errno == ENOENT, parent != path, !parent.isEmpty else {
      throw StorageFailure(path: path, reason: .system(code: errno))
    }
    try makeDirectory(parent)
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
      throw StorageFailure(path: path, reason: .system(code: errno))
    }
  }

  /// Why opening the directory failed: a link where it should be is named as one.
  private func directoryFailure(code: Int32) -> StorageFailure {
    var status = stat()
    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
      return StorageFailure(path: path, reason: .symbolicLink)
    }
    return StorageFailure(path: path, reason: .system(code: code))
  }

  // MARK: Files

  private func readAll(_ file: Int32, expectedSize: Int, name: String) throws -> Data {
    var data = Data(count: max(expectedSize, 0) + 1)
    var count = 0
    while true {
      if count == data.count { data.count *= 2 }
      let read = data.withUnsafeMutableBytes { buffer in
        Foundation.read(file, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if read == 0 { break }
      if read < 0 {
        if errno == EINTR { continue }
        throw failure(at: name, code: errno)
      }
      count += read
    }
    data.count = count
    return data
  }

  private func writeAll(_ data: Data, to file: Int32, name: String) throws {
    var written = 0
    while written < data.count {
      let result = data.withUnsafeBytes { buffer in
        Foundation.write(file, buffer.baseAddress.map { $0 + written }, buffer.count - written)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw failure(at: name, code: errno)
      }
      written += result
    }
  }

  /// The failure of a system call on the file `name`: a link there is named as one.
  private func failure(at name: String, code: Int32) -> StorageFailure {
    StorageFailure(
      path: entryPath(name), reason: code == ELOOP ? .symbolicLink : .system(code: code))
  }

  private func entryPath(_ name: String) -> String {
    (path as NSString).appendingPathComponent(name)
  }
}

/// Why the directory or one of its files failed, before the cache adds what it was doing.
struct StorageFailure: Error {
  let path: String
  let reason: FileImageDataCacheError.Reason
}
