import DurableStoreSupport
import Foundation
import SharedSupport
import Testing

/// What stands at a path, and the sentence both durable stores refuse it with.
///
/// Every item here is real.
@Suite struct FileItemTests {
  @Test func init_findsNothingWhereNothingIs() async throws {
    try await withTemporaryDirectory { directory in
      let item = try FileItem(atPath: path(of: directory.appending(path: "missing")))

      #expect(item == nil)
    }
  }

  @Test func init_tellsEachKindApartWithoutFollowingALink() async throws {
    try await withTemporaryDirectory { directory in
      let file = try makeFile(in: directory)
      let link = path(of: directory.appending(path: "link"))
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
      let fifo = path(of: directory.appending(path: "fifo"))
      try #require(mkfifo(fifo, 0o644) == 0)

      let kinds = try [file, path(of: directory), link, fifo, "/dev/null"].map {
        try FileItem(atPath: $0)?.kind
      }

      #expect(kinds == [.file, .directory, .symbolicLink, .fifo, .device])
    }
  }

  @Test func init_countsTheNamesOfAFile() async throws {
    try await withTemporaryDirectory { directory in
      let file = try makeFile(in: directory)
      try #require(link(file, path(of: directory.appending(path: "second name"))) == 0)

      let item = try FileItem(atPath: file)

      #expect(item?.linkCount == 2)
    }
  }

  @Test func refusal_countsTheNamesOfAFileAndSaysToRemoveTheOthers() async throws {
    try await withTemporaryDirectory { directory in
      let file = try makeFile(in: directory)
      try #require(link(file, path(of: directory.appending(path: "second name"))) == 0)

      let refusal = try #require(try FileItem(atPath: file)).refusal(at: file)

      #expect(
        refusal
          == "has 2 names (hard links), which the store never gives a file it makes: remove the "
          + "other names to use the store")
    }
  }

  @Test func refusal_saysWhatTheItemIsAndToRemoveIt() async throws {
    try await withTemporaryDirectory { directory in
      let link = path(of: directory.appending(path: "link"))
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/elsewhere")

      let refusal = try #require(try FileItem(atPath: link)).refusal(at: link)

      #expect(
        refusal
          == "is a symbolic link, which the store did not make and never follows, writes through "
          + "or removes: remove it to use the store")
    }
  }

  // As root, who may remove anything, the remedy stays "remove it"; the stores' tests run as
  // the user nobody to see the other one.
  @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"))
  func refusal_namesTheUserAFileBelongsTo() async throws {
    try await withTemporaryDirectory { directory in
      let file = try makeFileOfNobody(in: directory)

      let refusal = try #require(try FileItem(atPath: file)).refusal(at: file)

      #expect(
        refusal
          == "is a file that belongs to another user, nobody (uid 65534), which the store never "
          + "writes to or removes: remove it to use the store")
    }
  }

  @Test func isAnotherUsers_isFalseForAFileOfThisUsers() async throws {
    try await withTemporaryDirectory { directory in
      let file = try makeFile(in: directory)

      let item = try #require(try FileItem(atPath: file))

      #expect(!item.isAnotherUsers(at: file))
    }
  }

  // The stores' tests show the other side as the user nobody: root's file in a directory of
  // root's that nobody may write to is read (SQLiteFeedStoreReadOnlyStorageTests), and refused
  // in one of mode 1777 (PlantedStoreFileTests).
  @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"))
  func isAnotherUsers_isTrueForAnotherUsersFileInADirectoryThisUserMayWriteTo() async throws {
    try await withTemporaryDirectory { directory in
      let file = try makeFileOfNobody(in: directory)

      let item = try #require(try FileItem(atPath: file))

      #expect(item.isAnotherUsers(at: file))
    }
  }

  @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"))
  func anotherUsersFileRefusal_namesTheOwnerAndSaysTheStoreNeverReadsIt() async throws {
    try await withTemporaryDirectory { directory in
      let file = try makeFileOfNobody(in: directory)

      let refusal = try #require(try FileItem(atPath: file)).anotherUsersFileRefusal(at: file)

      #expect(
        refusal
          == "belongs to another user, nobody (uid 65534), and the store never reads, writes to "
          + "or removes another user's file: remove it to use the store")
    }
  }

  @Test func init_givesTheWholeSizeOfASparseFile() async throws {
    try await withTemporaryDirectory { directory in
      let file = try makeFile(in: directory)
      try #require(truncate(file, off_t(StoreFileSize.limit + 1)) == 0)

      let item = try FileItem(atPath: file)

      #expect(item?.size == StoreFileSize.limit + 1)
    }
  }
}

// MARK: - Helpers

private func makeFile(in directory: URL) throws -> String {
  let file = directory.appending(path: "file")
  try Data("contents".utf8).write(to: file)
  return path(of: file)
}

/// A file that the user nobody (65534) owns; only root can give it away.
private func makeFileOfNobody(in directory: URL) throws -> String {
  let file = try makeFile(in: directory)
  try #require(chown(file, 65534, 65534) == 0)
  return file
}

private func path(of url: URL) -> String {
  url.path(percentEncoded: false)
}
