import DurableStoreSupport
import Foundation

/// The store file's procedures on disk, each a sequence of single ``FileSystem`` calls.
///
/// They block, so ``JSONFileFeedStore`` runs them on its own queue, off the Swift concurrency
/// pool. Insert and delete hold the store's lock file while they change anything, so that
/// instances in other tasks or processes take turns, and so that a temporary file found while
/// holding the lock is one whose writer died: it is removed, when it is this user's to remove.
struct StoreFile: Sendable {
  let layout: StoreFileLayout
  let fileSystem: any FileSystem
  /// The most bytes the store file may hold: a larger one is not read.
  let maximumSize: Int

  private var storeURL: URL { layout.storeURL }

  /// Reads the store file, unless it holds more than ``maximumSize`` bytes.
  ///
  /// - Returns: Its bytes, or `nil` when there is none.
  func contents(for operation: JSONFileFeedStoreError.Operation) throws(JSONFileFeedStoreError)
    -> Data?
  {
    do {
      return try fileSystem.contentsOfFile(at: storeURL, maximumSize: maximumSize)
    } catch let error as POSIXError where error.code == .EISDIR {
      throw JSONFileFeedStoreError(
        operation, .notAFile, at: storeURL, detail: FileItem.Kind.directory.phrase)
    } catch let foreign as ForeignItemError {
      let path = storeURL.path(percentEncoded: false)
      switch foreign.kind {
      case .linkedFile(let count):
        throw JSONFileFeedStoreError(
          operation, .multipleLinks(count: count), at: storeURL,
          detail: foreign.item.refusal(at: path))
      case .file:
        throw JSONFileFeedStoreError(
          operation, .anotherUsersFile(owner: foreign.owner), at: storeURL,
          detail: foreign.item.anotherUsersFileRefusal(at: path))
      case .symbolicLink, .directory, .fifo, .socket, .device:
        throw JSONFileFeedStoreError(
          operation, .notAFile, at: storeURL, detail: foreign.item.phrase)
      }
    } catch let oversized as FileTooLargeError {
      throw JSONFileFeedStoreError(
        operation, .fileTooLarge(bytes: oversized.size, limit: oversized.limit), at: storeURL,
        detail: StoreFileSize.refusal(ofFileHolding: oversized.size, limit: oversized.limit))
    } catch {
      throw JSONFileFeedStoreError(operation, .unreadable, at: storeURL, underlyingError: error)
    }
  }

  /// Writes `data` to a new temporary file, flushes it, renames it over the store file and
  /// flushes the directory, so that the new cache is complete and durable once this returns,
  /// and a crash at any point leaves the old cache or the new one.
  func replace(with data: Data) throws(JSONFileFeedStoreError) {
    try whileLocked(.insert, failingWith: .unwritable) { () throws(JSONFileFeedStoreError) in
      removeLeftoverTemporaryFiles()
      _ = try checkOverwritable(for: .insert)
      let temporaryURL = layout.newTemporaryURL()
      do {
        try fileSystem.createFile(at: temporaryURL, contents: data)
        try fileSystem.synchronizeFile(at: temporaryURL)
        try fileSystem.replaceItem(at: storeURL, withItemAt: temporaryURL)
      } catch let error as ForeignItemError {
        // Another program put it there, at a name nobody could know: it is not the store's to
        // remove.
        throw foreignSideFile(.insert, "temporary file", error)
      } catch {
        // The write already failed and that is the error worth reporting; a temporary file
        // that cannot be removed now is removed by the next insert or delete.
        try? fileSystem.removeItem(at: temporaryURL)
        throw JSONFileFeedStoreError(.insert, .unwritable, at: storeURL, underlyingError: error)
      }
      synchronizeDirectoryAfterCommit()
    }
  }

  /// Removes the store file, and flushes the directory when there was one.
  func remove() throws(JSONFileFeedStoreError) {
    try whileLocked(.delete, failingWith: .undeletable) { () throws(JSONFileFeedStoreError) in
      removeLeftoverTemporaryFiles()
      let existed = try checkOverwritable(for: .delete)
      do {
        try fileSystem.removeItem(at: storeURL)
      } catch {
        throw JSONFileFeedStoreError(.delete, .undeletable, at: storeURL, underlyingError: error)
      }
      if existed { synchronizeDirectoryAfterCommit() }
    }
  }

  /// Throws unless whatever is at the store's path may be replaced or removed: nothing, a file
  /// of this store's own format, readable or corrupt, a file larger than any cache the store
  /// writes, or a file that cannot be read at all, which nothing shows to be another format's
  /// and which the app could not recover from otherwise.
  ///
  /// - Returns: Whether a file is there.
  private func checkOverwritable(
    for operation: JSONFileFeedStoreError.Operation
  ) throws(JSONFileFeedStoreError) -> Bool {
    let data: Data?
    do throws(JSONFileFeedStoreError) {
      data = try contents(for: operation)
    } catch {
      switch error.reason {
      case .unreadable, .fileTooLarge: return true
      default: throw error
      }
    }
    guard let data else { return false }
    do throws(FeedCacheFormatError) {
      try FeedCacheJSONReader.checkFormatVersion(of: data)
    } catch  where error.isCorruptFile {
      return true
    } catch {
      throw JSONFileFeedStoreError(operation, at: storeURL, formatError: error)
    }
    return true
  }

  /// Removes the temporary files that writers which died left behind, as far as it can.
  ///
  /// A symbolic link goes too, unfollowed. What cannot be removed stays, and stands in no one's
  /// way, since every write takes a new name: another user's file in a shared directory such as
  /// `/tmp`, a directory, or any file while the directory cannot be listed or changed (then the
  /// write fails on its own, saying why).
  private func removeLeftoverTemporaryFiles() {
    guard let names = try? fileSystem.contentsOfDirectory(at: layout.directoryURL) else { return }
    for name in names where layout.isLeftoverTemporaryFile(named: name) {
      try? fileSystem.removeItem(at: layout.directoryURL.appending(path: name))
    }
  }

  /// Flushes the directory after the rename or unlink that committed a change.
  ///
  /// A failure is not reported: the change is already visible, so throwing would claim that
  /// the cache is as it was when it is not. Without the flush, a power loss may bring back the
  /// previous cache, complete, never a torn one.
  private func synchronizeDirectoryAfterCommit() {
    try? fileSystem.synchronizeDirectory(at: layout.directoryURL)
  }

  /// The error for `item`, found where the store keeps its `role` ("lock file", "temporary
  /// file"), as the store reports it.
  private func foreignSideFile(
    _ operation: JSONFileFeedStoreError.Operation, _ role: String, _ item: ForeignItemError
  ) -> JSONFileFeedStoreError {
    let path = item.url.path(percentEncoded: false)
    let detail =
      switch item.kind {
      case .file:
        "its \(role) \(path) was created by another program while this store held its lock, and "
          + "the store never writes into a file it did not make"
      case .symbolicLink, .directory, .fifo, .socket, .device, .linkedFile:
        "its \(role) \(item)"
      }
    return JSONFileFeedStoreError(operation, .foreignSideFile, at: storeURL, detail: detail)
  }

  private func whileLocked(
    _ operation: JSONFileFeedStoreError.Operation,
    failingWith reason: JSONFileFeedStoreError.Reason,
    _ body: () throws(JSONFileFeedStoreError) -> Void
  ) throws(JSONFileFeedStoreError) {
    do {
      try fileSystem.withExclusiveLock(at: layout.lockURL) { try body() }
    } catch let error as JSONFileFeedStoreError {
      throw error
    } catch let error as ForeignItemError {
      throw foreignSideFile(operation, "lock file", error)
    } catch {
      let lockPath = layout.lockURL.path(percentEncoded: false)
      throw JSONFileFeedStoreError(
        operation, reason, at: storeURL, detail: "cannot lock \(lockPath): \(error)")
    }
  }
}
