import FeedCache
import Foundation
import SharedSupport

/// A store that keeps the `FeedStore` contract, except for at most one ``Misbehavior``.
///
/// Instances opened over the same ``Storage`` share their cache, as files on a disk would, and
/// an operation can be broken to fail as a real backend's would. Like a durable store, it keeps
/// each URL as its `absoluteString`, and refuses one that `URL(string:)` cannot read back, unless
/// it keeps URLs as given, as an in-memory store does.
actor MisbehavingFeedStore: FeedStore {
  /// What stores over one storage share: an actor, since the concurrency specs use it from
  /// many tasks at once.
  actor Storage {
    /// The one storage every store of ``Misbehavior/sharesOneCacheBetweenAllStores`` uses, as a
    /// `static` cache would be.
    static let shared = Storage()

    private(set) var cache: CachedFeed?
    /// How many retrieves have read this storage.
    private var retrieves = 0
    /// Whether the cache was inserted over another one.
    private(set) var replacedCache = false

    func write(_ cache: CachedFeed?) {
      replacedCache = cache != nil && self.cache != nil
      self.cache = cache
    }

    /// Adds images to the cached feed, as a store writing a feed in pieces would.
    func append(_ images: ArraySlice<LocalFeedImage>) {
      cache = cache.map { CachedFeed(feed: $0.feed + images, timestamp: $0.timestamp) }
    }

    /// Whether a store has set the storage up, as a database creates its file on first use.
    private var isSetUp = false
    private var isSettingUp = false

    /// Starts setting the storage up, failing as a busy database would while another store is.
    ///
    /// - Returns: Whether this store must finish the set-up with ``finishSetUp()``.
    func beginSetUp() throws -> Bool {
      guard !isSetUp else { return false }
      guard !isSettingUp else {
        hasRefusedAStore = true
        throw StorageBusy()
      }
      isSettingUp = true
      return true
    }

    /// Whether a store has failed because another was setting the storage up.
    private(set) var hasRefusedAStore = false

    func finishSetUp() {
      isSetUp = true
      isSettingUp = false
    }

    /// How many inserts have written this storage.
    private(set) var inserts = 0

    /// Counts an insert and tells whether the storage had taken twelve before it.
    func countInsert() -> Bool {
      inserts += 1
      return inserts > 12
    }

    /// Counts an insert and tells whether it is a fiftieth one.
    func countInsertAndTellWhetherFiftieth() -> Bool {
      inserts += 1
      return inserts.isMultiple(of: 50)
    }

    /// The descriptors stores of a misbehavior that leaks them leaked, open for as long
    /// as the storage lives, as a process keeps what it leaked until it ends.
    private var leakedDescriptors: [Int32] = []

    /// Opens a descriptor and never closes it.
    ///
    /// When `capped`, every call fails once 1,000 are leaked, as under Linux's default limit of
    /// 1,024 descriptors a process, whatever the process's limit is; otherwise when the process
    /// runs out.
    ///
    /// - Throws: `EMFILE` once 1,000 are leaked when `capped`, or what `open` throws.
    func leakDescriptor(capped: Bool) throws {
      guard !capped || leakedDescriptors.count < 1_000 else { throw POSIXError(.EMFILE) }
      let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      leakedDescriptors.append(descriptor)
    }

    deinit {
      for descriptor in leakedDescriptors { close(descriptor) }
    }

    /// Counts a retrieve and tells whether it is a third one.
    func countRetrieve() -> Bool {
      retrieves += 1
      return retrieves.isMultiple(of: 3)
    }
  }

  enum Operation: Hashable {
    case retrieve, insert, delete
    /// Deleting a cache that exists, as a real fault breaks it: removing nothing still works.
    case deleteOfExistingCache
  }

  struct InjectedFault: Error {}

  /// Thrown when another store is setting the storage up.
  struct StorageBusy: Error {}

  /// Thrown for a value the store refuses to keep.
  struct UnrepresentableValue: Error {}

  /// Where ``Misbehavior/isKeptAliveForever`` stores register themselves, as a global registry
  /// would keep them.
  static let registry = Locked<[MisbehavingFeedStore]>([])

  nonisolated let storage: Storage
  private let misbehavior: Misbehavior?
  private let keepsURLsAsGiven: Bool
  private var snapshot: CachedFeed?
  private var lastWrite: CachedFeed?
  private var brokenOperations: Set<Operation> = []
  private var ignoredInsertionFailure = false
  private var failedRetrievals = 0
  private var pendingDelete = false
  private var pendingInsert: CachedFeed?
  private var retrievedCache: CachedFeed??
  private var deletedHere = false

  init(
    storage: Storage, snapshot: CachedFeed?, misbehavior: Misbehavior?, keepsURLsAsGiven: Bool
  ) {
    self.storage = storage
    self.misbehavior = misbehavior
    self.keepsURLsAsGiven = keepsURLsAsGiven
    self.snapshot = snapshot
  }

  func breakOperation(_ operation: Operation) {
    brokenOperations.insert(operation)
  }

  func retrieve() async throws -> CachedFeed? {
    try await setUpStorage()
    try await leakDescriptor()
    if brokenOperations.contains(.retrieve) {
      failedRetrievals += 1
      switch misbehavior {
      case .deliversNilOnRetrievalFailure:
        return nil
      case .discardsUnreadableCacheOnRetrievalFailure:
        brokenOperations.remove(.retrieve)
        await write(nil)
      case .deliversCacheOnEveryOtherFailingRetrieve where failedRetrievals.isMultiple(of: 2):
        return await storage.cache
      default:
        break
      }
      throw InjectedFault()
    }
    let cache = await storage.cache
    switch misbehavior {
    case .deliversEmptyCacheWhenNothingCached where cache == nil:
      return CachedFeed(feed: [], timestamp: .distantPast)
    case .cachesEmptyFeedOnFirstRetrieve where cache == nil:
      await write(CachedFeed(feed: [], timestamp: .distantPast))
      return nil
    case .deletesCacheOnRetrieve:
      await write(nil)
      return cache
    case .deletesCacheOnEveryThirdRetrieve:
      if await storage.countRetrieve() { await write(nil) }
      return cache
    case .readsStorageOnlyWhenOpened:
      return snapshot
    case .prefersItsOwnLastWrite:
      return lastWrite ?? cache
    case .appliesDeleteAfterTheNextOperation:
      await applyPendingDelete()
      return cache
    case .publishesInsertsOnlyOnNextWrite:
      return pendingInsert ?? cache
    case .keepsTheFirstFeedItRetrieves:
      if let retrievedCache { return retrievedCache }
      retrievedCache = .some(cache)
      return cache
    case .hidesDeletesFromOtherStores where deletedHere:
      return nil
    default:
      return cache
    }
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    try await setUpStorage()
    try await leakDescriptor()
    let current = await storage.cache
    if brokenOperations.contains(.insert) {
      switch misbehavior {
      case .ignoresInsertionFailure:
        return
      case .ignoresFirstInsertionFailure where !ignoredInsertionFailure:
        ignoredInsertionFailure = true
        await write(CachedFeed(feed: feed, timestamp: timestamp))
        return
      case .writesBeforeFailingInsert:
        await write(CachedFeed(feed: feed, timestamp: timestamp))
      case .deletesBeforeFailingInsert:
        await write(nil)
      case .writesEmptyFeedBeforeFailingInsert:
        await write(CachedFeed(feed: [], timestamp: timestamp))
      default:
        break
      }
      throw InjectedFault()
    }
    if timestamp.timeIntervalSinceReferenceDate.isNaN {
      switch misbehavior {
      case .storesNaNTimestampAsZero:
        await write(CachedFeed(feed: feed, timestamp: Date(timeIntervalSinceReferenceDate: 0)))
        return
      case .deletesCacheBeforeRefusingNaNTimestamp:
        await write(nil)
        throw UnrepresentableValue()
      default:
        break
      }
    }
    let kept = try keptAsAbsoluteStrings(feed)
    switch misbehavior {
    case .throwsOnInsertIntoEmptyStore where current == nil,
      .throwsOnInsertIntoNonEmptyStore where current != nil,
      .throwsOnInsertOfMoreThanThirtyImages where feed.count > 30:
      throw InjectedFault()
    case .keepsFirstInsertedCache where current != nil:
      return
    case .skipsInsertOfTheImagesItHolds where current?.feed == kept,
      .skipsInsertWithTheTimestampItHolds where current?.timestamp == timestamp:
      return
    case .ignoresInsertsOnceItsStorageHasTakenTwelve where await storage.countInsert(),
      .dropsEveryFiftiethInsert where await storage.countInsertAndTellWhetherFiftieth():
      return
    case .appendsOnInsert:
      await write(CachedFeed(feed: (current?.feed ?? []) + kept, timestamp: timestamp))
    case .treatsEmptyFeedAsNoCache where feed.isEmpty:
      await write(nil)
    case .keepsTimestampWhenFeedSizeIsUnchanged where current?.feed.count == feed.count:
      await write(CachedFeed(feed: kept, timestamp: current?.timestamp ?? timestamp))
    case .writesStorageAcrossSuspensionPoints:
      await write(CachedFeed(feed: [], timestamp: timestamp))
      for start in stride(from: 0, to: kept.count, by: 10) {
        await Task.yield()
        await storage.append(kept[start..<min(start + 10, kept.count)])
      }
    case .appliesDeleteAfterTheNextOperation:
      await write(CachedFeed(feed: kept, timestamp: timestamp))
      await applyPendingDelete()
    case .publishesInsertsOnlyOnNextWrite:
      await publishPendingInsert()
      pendingInsert = CachedFeed(feed: kept, timestamp: timestamp)
    case .hidesDeletesFromOtherStores:
      deletedHere = false
      await write(CachedFeed(feed: kept, timestamp: timestamp))
    default:
      await write(CachedFeed(feed: mangled(kept), timestamp: mangled(timestamp)))
    }
  }

  func deleteCachedFeed() async throws {
    try await leakDescriptor()
    let current = await storage.cache
    if brokenOperations.contains(.delete)
      || (brokenOperations.contains(.deleteOfExistingCache) && current != nil)
    {
      switch misbehavior {
      case .ignoresDeletionFailure:
        return
      case .cachesEmptyFeedOnFailedDelete where current == nil:
        await write(CachedFeed(feed: [], timestamp: .distantPast))
      case .deletesBeforeFailingDelete:
        await write(nil)
      default:
        break
      }
      throw InjectedFault()
    }
    switch misbehavior {
    case .throwsOnDeleteOfEmptyStore where current == nil,
      .throwsOnDeleteOfNonEmptyStore where current != nil:
      throw InjectedFault()
    case .cachesEmptyFeedOnDeleteOfEmptyStore where current == nil:
      await write(CachedFeed(feed: [], timestamp: .distantPast))
    case .ignoresDelete:
      return
    case .ignoresDeleteOfReplacedCache where await storage.replacedCache:
      return
    case .leavesEmptyFeedOnDelete:
      await write(current.map { CachedFeed(feed: [], timestamp: $0.timestamp) })
    case .appliesDeleteAfterTheNextOperation:
      pendingDelete = true
    case .publishesInsertsOnlyOnNextWrite:
      await publishPendingInsert()
      await write(nil)
    case .hidesDeletesFromOtherStores:
      deletedHere = true
    default:
      await write(nil)
    }
  }

  /// Sets the storage up on a store's first use, across a suspension point, when the store
  /// fails while another sets it up.
  private func setUpStorage() async throws {
    guard misbehavior == .failsWhenOpenedTogetherOverNewStorage,
      try await storage.beginSetUp()
    else { return }
    // Open until another store has run into the set-up, or long after stores opened together
    // would have: the spec must make them overlap, not the scheduler happen to.
    var yields = 0
    while yields < 1_000, await !storage.hasRefusedAStore {
      await Task.yield()
      yields += 1
    }
    await storage.finishSetUp()
  }

  /// Leaks a descriptor, for a store of a misbehavior that leaks them.
  private func leakDescriptor() async throws {
    guard let misbehavior, misbehavior.leaksDescriptors else { return }
    try await storage.leakDescriptor(capped: misbehavior == .leaksADescriptorPerCall)
  }

  private func write(_ cache: CachedFeed?) async {
    await storage.write(cache)
    snapshot = cache
    lastWrite = cache
  }

  private func applyPendingDelete() async {
    guard pendingDelete else { return }
    pendingDelete = false
    await write(nil)
  }

  private func publishPendingInsert() async {
    guard let pendingInsert else { return }
    self.pendingInsert = nil
    await write(pendingInsert)
  }

  /// The feed with each URL as `URL(string: url.absoluteString)`, as the contract keeps it.
  ///
  /// - Throws: ``UnrepresentableValue`` for a URL that does not survive that round trip.
  private func keptAsAbsoluteStrings(_ feed: [LocalFeedImage]) throws -> [LocalFeedImage] {
    guard !keepsURLsAsGiven else { return feed }
    var parsed: [String: URL] = [:]
    return try feed.map { image in
      let text: String
      switch misbehavior {
      case .keepsOnlyTheRelativePartOfURLs: text = image.url.relativeString
      case .resolvesRelativeURLsByJoiningTexts:
        text = (image.url.baseURL?.absoluteString ?? "") + image.url.relativeString
      default: text = image.url.absoluteString
      }
      guard let url = parsed[text] ?? URL(string: text) else { throw UnrepresentableValue() }
      parsed[text] = url
      return LocalFeedImage(
        id: image.id, description: image.description, location: image.location, url: url)
    }
  }

  private func mangled(_ feed: [LocalFeedImage]) -> [LocalFeedImage] {
    switch misbehavior {
    case .reversesFeedOrder:
      return feed.reversed()
    case .storesEmptyDescriptionAsNil:
      return feed.map {
        LocalFeedImage(
          id: $0.id, description: $0.description == "" ? nil : $0.description,
          location: $0.location, url: $0.url)
      }
    case .trimsWhitespaceFromText:
      return feed.map {
        LocalFeedImage(
          id: $0.id, description: $0.description?.trimmingCharacters(in: .whitespaces),
          location: $0.location?.trimmingCharacters(in: .whitespaces), url: $0.url)
      }
    case .normalizesTextToNFC:
      return feed.map {
        LocalFeedImage(
          id: $0.id, description: $0.description?.precomposedStringWithCanonicalMapping,
          location: $0.location?.precomposedStringWithCanonicalMapping, url: $0.url)
      }
    case .dropsURLFragments:
      return feed.map {
        var components = URLComponents(url: $0.url, resolvingAgainstBaseURL: true)
        components?.fragment = nil
        return LocalFeedImage(
          id: $0.id, description: $0.description, location: $0.location,
          url: components?.url ?? $0.url)
      }
    case .storesDuplicateImagesOnce:
      var seen: Set<LocalFeedImage> = []
      return feed.filter { seen.insert($0).inserted }
    case .storesImagesWithTheSameIDOnce:
      var seen: Set<UUID> = []
      return feed.filter { seen.insert($0.id).inserted }
    case .keepsOnlyTheFirstThousandImages:
      return Array(feed.prefix(1_000))
    case .dropsLastImageOfFeedsOfMoreThanFiveImages where feed.count > 5:
      return feed.dropLast()
    case .writesImagesInChunksAndDropsAChunkThatEndsTheFeed:
      // Chunks of 64 images; the loop that writes them stops one chunk short when the last
      // chunk is full.
      let chunks = stride(from: 0, to: feed.count, by: 64).map {
        feed[$0..<min($0 + 64, feed.count)]
      }
      let written = feed.count % 64 == 0 ? chunks.dropLast() : chunks[...]
      return written.flatMap { $0 }
    case .decodesTextInPagesOf256Bytes:
      return feed.map {
        LocalFeedImage(
          id: $0.id, description: $0.description.map(Self.decodedInPages),
          location: $0.location.map(Self.decodedInPages), url: $0.url)
      }
    case let misbehavior? where misbehavior.rewritesGrammar:
      return feed.map(misbehavior.rewritten)
    default:
      return feed
    }
  }

  /// `text` as a store reads it back when it decodes its UTF-8 in pages of 256 bytes: a scalar
  /// across a page boundary becomes replacement characters.
  private static func decodedInPages(_ text: String) -> String {
    let bytes = Array(text.utf8)
    return stride(from: 0, to: bytes.count, by: 256).map {
      String(decoding: bytes[$0..<min($0 + 256, bytes.count)], as: UTF8.self)
    }.joined()
  }

  private func mangled(_ timestamp: Date) -> Date {
    let seconds = timestamp.timeIntervalSinceReferenceDate
    switch misbehavior {
    case .dropsSubSecondTimestampPrecision:
      return Date(timeIntervalSinceReferenceDate: seconds.rounded(.down))
    case .convertsTimestampThroughUnixEpoch:
      return Date(timeIntervalSince1970: timestamp.timeIntervalSince1970)
    case .roundsTimestampsToMicroseconds:
      return Date(timeIntervalSinceReferenceDate: (seconds * 1_000_000).rounded() / 1_000_000)
    default:
      return misbehavior?.rewritten(timestamp) ?? timestamp
    }
  }
}
