import Foundation
import SharedSupport

/// Where a model check keeps what failed, to run it first on the next run until it passes, as
/// Hypothesis's example database does: a failure found once, by a thorough run's fresh seed, is
/// not lost when the next run draws others.
///
/// Each spec, factory and check has a file of its own in the directory the run's settings name.
/// The directory is private to the user; one that is not (a link, another user's, open to others)
/// is not used, and a store that cannot be read or written keeps nothing, silently: it only ever
/// adds runs, it never fails one.
struct FailureStore<Entry: Codable & Sendable>: Sendable {
  private let file: URL

  /// The store of `check` for the running spec, or `nil` when the run keeps no failures.
  init?(check: String) {
    guard let settings = SpecExecution.current?.settings,
      let directory = settings.failureDirectory, Self.isPrivateDirectory(directory)
    else { return nil }
    let key = "\(settings.catalogName) \(settings.factoryName)"
    file = directory.appending(
      path: "\(settings.specID).\(check).\(String(stableHash(key), radix: 16)).json")
  }

  /// What failed before, oldest first.
  var entries: [Entry] {
    guard let data = FileManager.default.contents(atPath: file.path(percentEncoded: false)),
      let entries = try? JSONDecoder().decode([Entry].self, from: data)
    else { return [] }
    return entries
  }

  /// Keeps `entry` for the next runs.
  func add(_ entry: Entry) {
    write(entries + [entry])
  }

  /// Forgets what failed before: it passes now.
  func removeAll() {
    unlink(file.path(percentEncoded: false))
  }

  /// Replaces the file through a new one renamed into place, never following a link.
  private func write(_ entries: [Entry]) {
    guard let data = try? JSONEncoder().encode(entries) else { return }
    let path = file.path(percentEncoded: false)
    let temporary = "\(path).\(getpid()).\(UInt32.random(in: .min ... .max)).new"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let written = data.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    if written != data.count || rename(temporary, path) != 0 {
      unlink(temporary)
    }
  }

  /// Makes `directory` if it is missing, private to the user, and tells whether it is a
  /// directory of this user's that no one else may write, reached without a link.
  private static func isPrivateDirectory(_ directory: URL) -> Bool {
    let path = directory.path(percentEncoded: false)
    _ = mkdir(path, 0o700)
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      && status.st_uid == geteuid() && status.st_mode & 0o022 == 0
  }
}
