import FeedCache
import FeedCacheJSONFile
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// What the JSON file store does with a link at its own path, symbolic or hard: every operation
/// refuses it, reading nothing through it, and leaves it and what it names as they are.
///
/// Every link here is real; the file it names stands for one its user may not read, such as
/// `/etc/shadow` for a store that runs as root.
@Suite(.temporaryDirectory) struct JSONFileFeedStoreLinkTests {
  // MARK: A symbolic link

  // Before: retrieve read through the link and quoted the target's first byte ("found 'r'").
  @Test func retrieve_refusesASymbolicLinkWithoutReadingWhereItPoints() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try FileManager.default.createSymbolicLink(
      at: sut.storeURL, withDestinationURL: try makeSecret(in: directory))

    let error = await #expect(throws: JSONFileFeedStoreError.self) { try await sut.retrieve() }

    #expect(
      error?.description
        == "Cannot retrieve the feed cache at \(path(of: sut.storeURL)): a symbolic link is "
        + "where the store's file should be; it is left untouched, and insert and delete refuse "
        + "it too.")
  }

  // Before: insert replaced the link with a file of the store's, and delete removed the link.
  @Test func insertAndDelete_refuseASymbolicLinkAndLeaveItAsItIs() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let secret = try makeSecret(in: directory)
    try FileManager.default.createSymbolicLink(at: sut.storeURL, withDestinationURL: secret)

    let insertion = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }
    let deletion = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.deleteCachedFeed()
    }

    #expect(insertion?.reason == .notAFile)
    #expect(deletion?.reason == .notAFile)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: path(of: sut.storeURL))
        == path(of: secret))
    #expect(try Data(contentsOf: secret) == secretBytes)
  }

  // MARK: A hard link

  // Before: retrieve read the file through its second name and quoted its first byte.
  @Test func retrieve_refusesAFileWithAnotherNameWithoutReadingIt() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try #require(link(path(of: try makeSecret(in: directory)), path(of: sut.storeURL)) == 0)

    let error = await #expect(throws: JSONFileFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .multipleLinks(count: 2))
    #expect(
      error?.description
        == "Cannot retrieve the feed cache at \(path(of: sut.storeURL)): the file has 2 names "
        + "(hard links), which the store never gives a file it makes: remove the other names to "
        + "use the store; it is left untouched, and insert and delete refuse it too.")
  }

  // Before: insert renamed its file over that name, and delete unlinked it.
  @Test func insertAndDelete_refuseAFileWithAnotherNameAndLeaveBothNames() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let secret = try makeSecret(in: directory)
    try #require(link(path(of: secret), path(of: sut.storeURL)) == 0)

    let insertion = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }
    let deletion = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.deleteCachedFeed()
    }

    #expect(insertion?.description.contains("has 2 names (hard links)") == true)
    #expect(deletion?.description.contains("has 2 names (hard links)") == true)
    #expect(try Data(contentsOf: sut.storeURL) == secretBytes)
    #expect(try Data(contentsOf: secret) == secretBytes)
  }

  // MARK: A file larger than it says

  // A bind mount puts a file of /proc, which reports a size of zero and reads as text, at the
  // store's path: a file whose reads never end stands for any that grows while it is read.
  // Before: retrieve read past the size and quoted the text's first byte.
  @Test(.requiring(.readOnlyVolume))
  func retrieve_readsNoMoreThanTheSizeTheFileHas() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try Data().write(to: sut.storeURL)
    try #require(mount("/proc/self/stat", path(of: sut.storeURL), nil, UInt(MS_BIND), nil) == 0)
    defer { umount2(path(of: sut.storeURL), Int32(MNT_DETACH)) }

    let error = await #expect(throws: JSONFileFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .emptyFile)
  }
}

// MARK: - Helpers

/// What the file that a link names holds: text only its owner may read.
private let secretBytes = Data("root:$6$secret:19000:0:99999:7:::\n".utf8)

private func makeSUT(in directory: URL) throws -> JSONFileFeedStore {
  try JSONFileFeedStore(storeURL: directory.appending(path: "feed.json"))
}

/// A file only its owner may read, holding ``secretBytes``.
private func makeSecret(in directory: URL) throws -> URL {
  let secret = directory.appending(path: "secret")
  try secretBytes.write(to: secret)
  try #require(chmod(path(of: secret), 0o600) == 0)
  return secret
}

private func path(of url: URL) -> String {
  url.path(percentEncoded: false)
}
