import FeedStoreSpecs
import Foundation

/// Makes ``HostileFeedStore``s in `directory`, `Codable` so each spec can run in a child process.
struct HostileFeedStoreFactory: FeedStoreFactory, Codable {
  let hostility: Hostility
  let directory: URL
  /// Whether a store that hangs tells the spec first, so its watchdog need not wait out a limit.
  var announcesHang = true
  /// Whether each store is tracked for memory leaks.
  var tracksLeaks = false
  /// What frees the threads the stores block, in this process; a child has its own, unused.
  let releases = HangReleases()

  enum CodingKeys: String, CodingKey {
    case hostility, directory, announcesHang, tracksLeaks
  }

  init(_ hostility: Hostility, in directory: URL, announcesHang: Bool = true) {
    self.hostility = hostility
    self.directory = directory
    self.announcesHang = announcesHang
  }

  func makeStore() -> HostileFeedStore {
    let store = HostileFeedStore(
      hostility: hostility, directory: directory, announcesHang: announcesHang,
      releases: releases)
    if tracksLeaks {
      trackForMemoryLeaks(store)
    }
    return store
  }
}
