import FeedCache
import Foundation

/// A store that keeps its cache as a JSON file on a ``SimulatedDisk``, written beside the old one
/// and renamed over it, and keeps the damaged-storage and crash-safety rules, except for at most
/// one ``StorageMisbehavior``.
///
/// Inserts and deletes of stores over one disk take turns, as a lock file makes them.
struct DiskFeedStore: FeedStore {
  struct StorageError: Error, CustomStringConvertible {
    let storageName: String?
    let problem: String

    var description: String {
      storageName.map { "The feed cache \($0) \(problem)" } ?? problem
    }
  }

  static let format = "disk-feed-store"
  static let version = 1

  let name: String
  let access: DiskAccess
  let misbehavior: StorageMisbehavior?

  var strayPrefix: String { ".\(name).tmp" }
  /// Where the store would keep a lock file: a side file, which it never creates here (the disk
  /// makes writers take turns), but which nothing else may stand in.
  var lockName: String { ".\(name).lock" }

  func retrieve() async throws -> CachedFeed? {
    if misbehavior == .deliversNilBesideObstructedSideFile, try sideFileObstruction() != nil {
      return nil
    }
    if misbehavior == .readsLeftoverPartialWrite, let stray = try strays().first,
      case .file(let data)? = try access.read(stray)
    {
      return try decode(data)
    }
    let item: SimulatedDisk.Item?
    do {
      item = try access.read(name)
    } catch {
      if misbehavior == .mapsUnreadableStorageToNil { return nil }
      throw failure("cannot be read: \(error)")
    }
    switch item {
    case nil:
      return nil
    case .directory, .unreadableFile, .link:
      if misbehavior == .mapsUnreadableStorageToNil { return nil }
      throw failure("is a directory, not a file")
    case .file(let data):
      do {
        return try decode(data)
      } catch let problem as Problem {
        switch (problem, misbehavior) {
        case (.corrupt, .mapsDecodeErrorToNil), (.foreign, .treatsUnknownFormatAsEmpty),
          (.newer, .treatsUnknownFormatAsEmpty):
          return nil
        case (.corrupt, .deliversValidPrefixOfTruncatedFile):
          if let prefix = validPrefix(of: data) { return prefix }
        case (.corrupt, .trapsOnDamagedStorage):
          fatalError("DiskFeedStore cannot decode \(name)")
        default:
          break
        }
        throw failure(problem.text)
      }
    }
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    try disk.asOnlyWriter {
      if misbehavior == .refusesToWriteBesideLeftover, try !strays().isEmpty {
        throw failure("has a leftover write beside it")
      }
      if let refusal = try refusal() {
        if misbehavior == .insertDeletesStorageItRefuses { try access.remove(name) }
        throw failure(refusal)
      }
      if misbehavior == .insertSucceedsWithoutReplacingDamage, try isDamaged() { return }
      if misbehavior == .skipsEveryFiftiethWrite, try countsFiftiethWrite() { return }
      let data = try Self.encode(CachedFeed(feed: feed, timestamp: timestamp))
      let temporary = "\(strayPrefix).\(UUID().uuidString)"
      switch misbehavior {
      case .writesInPlace:
        try access.writeFile(name, data)
      case .deletesOldFileBeforeWritingNew:
        try access.remove(name)
        try access.writeFile(temporary, data)
        try access.rename(temporary, to: name)
      default:
        try access.writeFile(temporary, data)
        try access.rename(temporary, to: name)
      }
      try removeStrays()
    }
  }

  /// Counts a write in a side file, as a store that batches writes keeps its count, and tells
  /// whether it is a fiftieth one.
  private func countsFiftiethWrite() throws -> Bool {
    let counter = ".\(name).writes"
    var count = 0
    if case .file(let data)? = try access.read(counter) {
      count = Int(String(decoding: data, as: UTF8.self)) ?? 0
    }
    count += 1
    try access.writeFile(counter, Data(String(count).utf8))
    return count.isMultiple(of: 50)
  }

  func deleteCachedFeed() async throws {
    try disk.asOnlyWriter {
      if misbehavior == .refusesToWriteBesideLeftover, try !strays().isEmpty {
        throw failure("has a leftover write beside it")
      }
      if let refusal = try refusal() {
        if misbehavior == .deleteRemovesStorageItRefuses {
          try access.remove(name)
          return
        }
        throw failure(refusal)
      }
      if misbehavior == .deleteSucceedsWithoutRemovingDamage, try isDamaged() { return }
      try access.remove(name)
      try removeStrays()
    }
  }

  // MARK: Helpers

  enum Problem: Error {
    case corrupt, foreign, newer

    var text: String {
      switch self {
      case .corrupt: "is not a feed cache this store can decode"
      case .foreign: "belongs to another application"
      case .newer: "has a newer format version than this store reads"
      }
    }
  }

  private struct Header: Decodable {
    let format: String
    let version: Int
  }

  private struct Stored: Decodable {
    let timestamp: Double
    let feed: [Image]
  }

  struct Image: Codable {
    let id: String
    let description: String?
    let location: String?
    let url: String
  }

  /// The cache as the file holds it; refuses a value the file could not give back exactly.
  static func encode(_ cache: CachedFeed) throws -> Data {
    guard cache.timestamp.timeIntervalSinceReferenceDate.isFinite else {
      throw StorageError(storageName: nil, problem: "Cannot store a timestamp that is not finite")
    }
    for image in cache.feed where URL(string: image.url.absoluteString) == nil {
      throw StorageError(
        storageName: nil, problem: "Cannot store the URL \(image.url.absoluteString)")
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var data = Data(#"{"format":"\#(format)","version":\#(version),"timestamp":"#.utf8)
    data.append(Data("\(cache.timestamp.timeIntervalSinceReferenceDate),\"feed\":[".utf8))
    for (index, image) in cache.feed.enumerated() {
      if index > 0 { data.append(Data(",".utf8)) }
      data.append(
        try encoder.encode(
          Image(
            id: image.id.uuidString, description: image.description, location: image.location,
            url: image.url.absoluteString)))
    }
    data.append(Data("]}".utf8))
    return data
  }

  private func decode(_ data: Data) throws -> CachedFeed {
    guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
      throw Problem.corrupt
    }
    guard header.format == Self.format else { throw Problem.foreign }
    guard header.version <= Self.version else { throw Problem.newer }
    guard let stored = try? JSONDecoder().decode(Stored.self, from: data) else {
      throw Problem.corrupt
    }
    let feed = try stored.feed.map { image in
      guard let id = UUID(uuidString: image.id), let url = URL(string: image.url) else {
        throw Problem.corrupt
      }
      return LocalFeedImage(
        id: id, description: image.description, location: image.location, url: url)
    }
    return CachedFeed(
      feed: feed, timestamp: Date(timeIntervalSinceReferenceDate: stored.timestamp))
  }

  /// The images before the last complete one's end, as a lenient reader recovers them.
  private func validPrefix(of data: Data) -> CachedFeed? {
    guard let lastBoundary = data.range(of: Data("},{".utf8), options: .backwards) else {
      return nil
    }
    return try? decode(data[..<(lastBoundary.lowerBound + 1)] + Data("]}".utf8))
  }

  /// Why the storage is not this store's to change, or `nil` when it is.
  private func refusal() throws -> String? {
    if let obstruction = try sideFileObstruction() { return obstruction }
    // Storage that cannot be read is this store's own, as far as it can tell: replaceable.
    guard let item = try? access.read(name) else { return nil }
    switch item {
    case .directory, .link: return "is a directory, which this store does not replace"
    case .file(let data):
      do {
        _ = try decode(data)
      } catch Problem.foreign {
        return Problem.foreign.text
      } catch Problem.newer {
        return Problem.newer.text
      } catch {
        return nil
      }
      return nil
    case .unreadableFile: return nil
    }
  }

  /// What stands where the lock file belongs, when it is not the store's; `nil` otherwise.
  ///
  /// With ``StorageMisbehavior/writesThroughLinkAtSideFile``, a link there is written through,
  /// as a store that opens its lock file following links does, and passes.
  private func sideFileObstruction() throws -> String? {
    switch try access.read(lockName) {
    case .directory?:
      return "has a directory where its lock file belongs"
    case .link(let target)? where misbehavior == .writesThroughLinkAtSideFile:
      try access.writeFile(target, Data())
      return nil
    case .link?:
      return "has a symbolic link where its lock file belongs"
    case .file?, .unreadableFile?, nil:
      return nil
    }
  }

  private func isDamaged() throws -> Bool {
    let item: SimulatedDisk.Item?
    do {
      item = try access.read(name)
    } catch {
      return true
    }
    switch item {
    case nil: return false
    case .file(let data): return (try? decode(data)) == nil
    case .directory, .unreadableFile, .link: return true
    }
  }

  private func strays() throws -> [String] {
    try access.names().filter { $0.hasPrefix(strayPrefix) }
  }

  private func removeStrays() throws {
    guard misbehavior != .leavesTempFilePerCrash else { return }
    for stray in try strays() {
      try access.remove(stray)
    }
  }

  private func failure(_ problem: String) -> StorageError {
    if misbehavior == .rewritesDamagedStorageOnRetrieve {
      disk.setItem(nil, named: name)
    }
    return StorageError(
      storageName: misbehavior == .omitsStorageNameFromErrors ? nil : name, problem: problem)
  }

  private var disk: SimulatedDisk { access.disk }
}
