import Foundation
import SharedSupport
import Testing

/// Where a model check keeps what failed, to run it first on the next run until it passes, as
/// Hypothesis's example database does: a failure found once, by a thorough run's fresh seed, is
/// not lost when the next run draws others.
///
/// Each spec, factory and check has a file of its own in the directory the run's settings name.
/// The directory must be the user's own, reached without a link, that no one else may write; a
/// file must be a regular file of the user's, at most ``maxFileSize`` bytes, of this version's
/// format, whose every entry the check can replay. Anything else is never replayed: a file is
/// moved aside with one warning, and a directory that cannot be used, or a failure that cannot be
/// written, is reported once per run. The store only ever adds runs; it never fails one.
struct FailureStore: Sendable {
  /// The file of the running spec's check.
  let file: URL

  /// The most bytes a kept file may have: far more than the entries a check keeps take.
  static var maxFileSize: Int { 1 << 20 }
  /// The most failures a file keeps, the newest; older ones are forgotten.
  static var maxEntries: Int { 16 }
  /// The format this version writes and reads; files of other formats are moved aside.
  static var format: Int { 2 }

  /// The store of `check` for the running spec, or `nil` when the run keeps no failures or the
  /// directory cannot be used, which is reported once per run.
  init?(check: String) {
    guard let settings = SpecExecution.current?.settings,
      let directory = settings.failureDirectory
    else { return nil }
    if let problem = Self.problem(with: directory) {
      let variable = CatalogEnvironment.Variables(prefix: settings.environmentPrefix)
      SpecExecution.current?.warnOncePerRun(
        FailureMessage.failureDirectoryUnusable(
          directory, problem, variable: variable.failureDirectory))
      return nil
    }
    let key = "\(settings.catalogName) \(settings.factoryName)"
    file = directory.appending(
      path: "\(settings.specID).\(check).\(String(stableHash(key), radix: 16)).json")
  }

  /// What failed before, oldest first, each entry one the check can replay; a file that is not
  /// such a file is moved aside, with one warning, and nothing is replayed from it.
  func entries<Entry: KeptFailure>(of type: Entry.Type) -> [Entry] {
    switch read(Entry.self) {
    case .success(let entries):
      return entries
    case .failure(let rejection):
      if let reason = rejection.reason {
        let aside = URL(filePath: path + ".rejected")
        let moved = rename(path, aside.path(percentEncoded: false)) == 0 || unlink(path) == 0
        SpecRun.warn(FailureMessage.keptFileRejected(file, reason, movedTo: moved ? aside : nil))
      }
      return []
    }
  }

  /// Keeps `entry` for the next runs, with the newest of those kept before; a failure that
  /// cannot be written is reported once per run.
  func add<Entry: KeptFailure>(_ entry: Entry) {
    let kept = (try? read(Entry.self).get()) ?? []
    let file = KeptFile(format: Self.format, entries: (kept + [entry]).suffix(Self.maxEntries))
    if let problem = write(file) {
      SpecExecution.current?.warnOncePerRun(FailureMessage.failureNotKept(in: self.file, problem))
    }
  }

  /// Forgets what failed before: it passes now.
  func removeAll() {
    unlink(path)
  }

  private var path: String { file.path(percentEncoded: false) }

  /// Why a kept file was not used: `nil` when there is none.
  private struct Rejection: Error {
    let reason: String?
  }

  /// Reads the file without following a link, its size bounded before a byte is read, and
  /// checks every entry.
  private func read<Entry: KeptFailure>(_ type: Entry.Type) -> Result<[Entry], Rejection> {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: return .failure(Rejection(reason: nil))
      case ELOOP: return .failure(Rejection(reason: FailureMessage.isALink))
      case let error: return .failure(Rejection(reason: Self.describe(errno: error)))
      }
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .failure(Rejection(reason: Self.describe(errno: errno)))
    }
    if let problem = Self.problem(withFile: status) {
      return .failure(Rejection(reason: problem))
    }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    let count = bytes.withUnsafeMutableBytes {
      Foundation.read(descriptor, $0.baseAddress, $0.count)
    }
    guard count == bytes.count else {
      return .failure(Rejection(reason: FailureMessage.keptFileChangedWhileRead))
    }
    guard let kept = try? JSONDecoder().decode(KeptFileHeader.self, from: Data(bytes)) else {
      return .failure(Rejection(reason: FailureMessage.keptFileNotJSON))
    }
    guard kept.format == Self.format else {
      return .failure(Rejection(reason: FailureMessage.keptFileFormat(kept.format, Self.format)))
    }
    guard let entries = try? JSONDecoder().decode(KeptFile<Entry>.self, from: Data(bytes)).entries,
      entries.count <= Self.maxEntries, entries.allSatisfy(\.isReplayable)
    else {
      return .failure(Rejection(reason: FailureMessage.keptFileUnreplayable))
    }
    return .success(entries)
  }

  /// What makes the file `status` describes unfit to read, or `nil`.
  private static func problem(withFile status: stat) -> String? {
    if status.st_mode & S_IFMT != S_IFREG { return FailureMessage.keptFileNotRegular }
    if status.st_uid != geteuid() { return FailureMessage.ownedBy(status.st_uid) }
    if status.st_mode & 0o022 != 0 { return FailureMessage.writableByOthers(status.st_mode) }
    if status.st_size > maxFileSize { return FailureMessage.keptFileTooLarge(Int(status.st_size)) }
    return nil
  }

  /// Replaces the file through a new one renamed into place, never following a link.
  ///
  /// - Returns: What went wrong, or `nil` once the file is in place.
  private func write<Entry: KeptFailure>(_ kept: KeptFile<Entry>) -> String? {
    guard let data = try? JSONEncoder().encode(kept) else { return nil }
    let temporary = "\(path).\(getpid()).\(UInt32.random(in: .min ... .max)).new"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return Self.describe(errno: errno) }
    let written = data.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    let writeError = errno
    close(descriptor)
    guard written == data.count else {
      unlink(temporary)
      return Self.describe(errno: written < 0 ? writeError : ENOSPC)
    }
    guard rename(temporary, path) == 0 else {
      let error = errno
      unlink(temporary)
      return Self.describe(errno: error)
    }
    return nil
  }

  /// Makes `directory` if it is missing, private to the user, and tells what makes it unfit to
  /// keep failures in: a link, not a directory, another user's, or writable by others.
  static func problem(with directory: URL) -> String? {
    let path = directory.path(percentEncoded: false)
    var status = stat()
    if lstat(path, &status) != 0 {
      guard errno == ENOENT else { return describe(errno: errno) }
      guard mkdir(path, 0o700) == 0 || errno == EEXIST else { return describe(errno: errno) }
      guard lstat(path, &status) == 0 else { return describe(errno: errno) }
    }
    if status.st_mode & S_IFMT == S_IFLNK { return FailureMessage.isALink }
    if status.st_mode & S_IFMT != S_IFDIR { return FailureMessage.notADirectory }
    if status.st_uid != geteuid() { return FailureMessage.ownedBy(status.st_uid) }
    if status.st_mode & 0o022 != 0 { return FailureMessage.writableByOthers(status.st_mode) }
    return nil
  }

  private static func describe(errno error: Int32) -> String {
    String(cString: strerror(error))
  }
}

/// A failure a check keeps, which it replays only once it has checked that it can.
protocol KeptFailure: Codable, Sendable {
  /// Whether every number in it is one the check could have drawn: a file from another version,
  /// or edited, may hold any value.
  var isReplayable: Bool { get }
}

/// What a kept file holds.
private struct KeptFile<Entry: KeptFailure>: Codable {
  let format: Int
  let entries: [Entry]
}

/// A kept file's format, read before its entries, so that another version's file is named as
/// such.
private struct KeptFileHeader: Decodable {
  let format: Int
}
