import Foundation

/// The file operations a ``JSONFileFeedStore`` needs, and the only way it reaches the disk.
///
/// ``LocalFileSystem`` is the real one. Inject another at the store's boundary to simulate
/// faults a test cannot cause for real, such as a full disk or a crash, while the store's own
/// code runs. Every step that changes the disk is a call of its own (create and write, sync,
/// rename, sync the directory, remove), so a simulated crash can stop after any of them.
///
/// The store calls these methods from one thread at a time per store instance, off the Swift
/// concurrency pool, so they may block.
public protocol FileSystem: Sendable {
  /// Reads a whole file of at most `maximumSize` bytes, never through a symbolic link and never
  /// past the size it has when it is opened.
  ///
  /// - Parameters:
  ///   - url: The file to read.
  ///   - maximumSize: The most bytes to read: a larger file is refused before any is read.
  /// - Returns: The file's contents, or `nil` when nothing exists at `url`.
  /// - Throws: `POSIXError(.EISDIR)` when `url` names a directory; a ``ForeignItemError`` when it
  ///   names a symbolic link, a FIFO, a socket or a device, a file with a second name (hard
  ///   link), or a file that belongs to another user who could have put it there (see
  ///   ``ForeignItemError/Kind/file``), none of which the store makes; a ``FileTooLargeError``
  ///   when the file holds more than `maximumSize` bytes; another error when the file cannot be
  ///   read.
  func contentsOfFile(at url: URL, maximumSize: Int) throws -> Data?

  /// Lists a directory.
  ///
  /// - Parameter url: The directory to list.
  /// - Returns: The names of the directory's entries, without `.` and `..`, in any order.
  /// - Throws: An error when the directory cannot be listed.
  func contentsOfDirectory(at url: URL) throws -> [String]

  /// Creates a new file holding `contents`, where nothing is yet.
  ///
  /// It never writes through a symbolic link or into a file that is already there: the store
  /// removes its leftover temporary file first, so anything at `url` was put there by someone
  /// else. The bytes need not be on stable storage yet: ``synchronizeFile(at:)`` puts them there.
  ///
  /// - Parameters:
  ///   - url: The file to write.
  ///   - contents: The bytes to write.
  /// - Throws: A ``ForeignItemError`` when anything is at `url` already, a link included;
  ///   another error when the file cannot be written completely.
  func createFile(at url: URL, contents: Data) throws

  /// Returns once the contents of a file are on stable storage, as `fsync(2)` does.
  ///
  /// - Parameter url: The file to flush.
  /// - Throws: An error when the file cannot be flushed.
  func synchronizeFile(at url: URL) throws

  /// Atomically replaces the item at `destination` with the one at `source`, as `rename(2)` does:
  /// a reader sees either the old item or the new one, never a mix.
  ///
  /// - Parameters:
  ///   - destination: The item to replace; it need not exist.
  ///   - source: The item to move; it no longer exists afterwards.
  /// - Throws: An error when the item cannot be moved; `destination` is then unchanged.
  func replaceItem(at destination: URL, withItemAt source: URL) throws

  /// Returns once the entries of a directory (names created, renamed or removed in it) are on
  /// stable storage, as `fsync(2)` on the directory does.
  ///
  /// - Parameter url: The directory to flush.
  /// - Throws: An error when the directory cannot be flushed.
  func synchronizeDirectory(at url: URL) throws

  /// Removes the file at `url`, or the symbolic link itself, never what it points to; does
  /// nothing when there is none. Never removes a directory.
  ///
  /// - Parameter url: The file to remove.
  /// - Throws: A ``ForeignItemError`` when `url` names a directory; another error when the file
  ///   exists but cannot be removed.
  func removeItem(at url: URL) throws

  /// Runs `body` while holding an exclusive lock named by `url`, which other store instances
  /// and other processes taking the same lock wait for, as `flock(2)` does.
  ///
  /// The lock file is the implementation's: it may create it and remove it again, but must
  /// never follow a symbolic link at `url` or lock anything but a regular file. Waiting for a
  /// holder should end: ``LocalFileSystem`` throws `EWOULDBLOCK` after its
  /// ``LocalFileSystem/lockTimeout``.
  ///
  /// - Parameters:
  ///   - url: The lock file, beside the file it protects.
  ///   - body: The work to do while holding the lock.
  /// - Returns: What `body` returns.
  /// - Throws: A ``ForeignItemError`` when a symbolic link, a directory or another item that is
  ///   not a regular file is at `url`; another error when the lock cannot be taken; or what
  ///   `body` throws.
  func withExclusiveLock<Value>(at url: URL, _ body: () throws -> Value) throws -> Value
}
