import ContractSpecs
import FeedCache

/// The `FeedStore` contract in executable form, from which the engine checks random sequences
/// and concurrent use of any store.
///
/// Its rules are the ones the `FeedStore` documentation states:
///
/// 1. `retrieve()` delivers `nil` when nothing is cached, and exactly what was last inserted
///    otherwise, and changes nothing.
/// 2. `insert(_:timestamp:)` replaces the whole cache; inserting `[]` caches an empty feed.
/// 3. `deleteCachedFeed()` empties the cache; deleting an empty cache is not an error.
/// 4. Every store over one storage sees the same cache, whichever of them changed it.
/// 5. On working storage, every operation succeeds.
/// 6. An operation broken through a failable capability throws, and a call that throws leaves
///    the cache as it was; a broken retrieval keeps throwing. Deleting nothing on storage that
///    refuses deletes may succeed or throw.
///
/// A failure of the model-based spec prints the steps that break the contract as a call of
/// `replay`, which runs them on your store as a test of its own:
///
/// ```swift
/// @Test func deleteAfterTwoInserts_leavesNothingCached() async throws {
///   let model = FeedStoreModel(factory: MyStoreFactory())
///   try await model.replay([
///     .perform(.insert(feed: 1, count: 0, timestamp: 0), on: 1),
///     .perform(.delete, on: 1),
///     .perform(.retrieve, on: 1),
///   ])
/// }
/// ```
///
/// Feeds and timestamps are named by number: `.insert(feed: 1, count: 3, timestamp: 2)` inserts
/// `FeedStoreFixtures.numberedFeed(1, count: 3)` at `FeedStoreFixtures.numberedTimestamp(2)`.
public struct FeedStoreModel: ContractModel {
  /// One operation of a store, or of its factory's failable capabilities.
  public enum Operation: Hashable, Sendable {
    /// Inserts `numberedFeed(feed, count: count)` at `numberedTimestamp(timestamp)`.
    case insert(feed: Int, count: Int, timestamp: Int)
    case retrieve
    case delete
    /// Breaks the store's retrieval through ``FailableRetrieveFeedStoreFactory``.
    case makeRetrievalFail
    /// Breaks the store's insertion through ``FailableInsertFeedStoreFactory``.
    case makeInsertionFail
    /// Breaks the store's deletion through ``FailableDeleteFeedStoreFactory``.
    case makeDeletionFail
  }

  /// What an operation delivered: nothing, for an insert, a delete or a fault, or the cache a
  /// retrieve delivered.
  public struct Output: Sendable, CustomStringConvertible {
    /// What a retrieve delivered, or `nil` for an operation that delivers nothing.
    fileprivate let retrieved: Retrieved?

    /// A retrieved cache, as the model compares it.
    fileprivate enum Retrieved: Sendable {
      /// Nothing cached, or a numbered cache, exactly.
      case numbered(NumberedCache?)
      /// A cache that is no numbered one, such as a mix of two feeds.
      case other(CachedFeed)

      var cache: CachedFeed? {
        switch self {
        case .numbered(let numbered): numbered?.cache
        case .other(let cache): cache
        }
      }
    }

    /// An insert's, a delete's or a fault's: nothing.
    fileprivate static let done = Output(retrieved: nil)

    /// What a retrieve delivered, recognized as a numbered cache when it is exactly one, so that
    /// the model compares numbers rather than thousands of images.
    fileprivate static func delivered(_ cache: CachedFeed?) -> Output {
      guard let cache else { return Output(retrieved: .numbered(nil)) }
      return Output(
        retrieved: NumberedCache(exactly: cache).map(Retrieved.numbered) ?? .other(cache))
    }

    public var description: String {
      retrieved.map { CacheComparison.describe($0.cache) } ?? "done"
    }
  }

  /// What every store over the storage must deliver, and the operation each broken store was made
  /// to fail, by store number.
  public struct State: Hashable, Sendable {
    var cache: NumberedCache?
    var broken: [Int: FeedOperation] = [:]
  }

  private let factory: any FeedStoreFactory
  private let faults: [OperationFault]
  private let sharesStorage: Bool
  private let use: Use

  /// What the model's operations are drawn for, which sets their mix and the feeds' sizes.
  private enum Use {
    /// Short sequences: feeds of up to 40 images.
    case sequences
    /// Concurrent calls: feeds of up to 1,000 images, so that a store that writes in pieces is
    /// caught with a piece missing.
    case concurrency
    /// One store used long: more inserts, and now and then a feed of hundreds of images.
    case longUse
  }

  /// The model of `factory`'s stores, with every capability it has: faults through its failable
  /// capabilities, and stores over shared storage when it is persistent.
  ///
  /// - Parameter factory: Makes the stores.
  public init(factory: any FeedStoreFactory) {
    self.init(
      factory: factory, faults: OperationFault.available(to: factory),
      sharesStorage: FeedStoreCatalog.persistent.isProvided(by: type(of: factory)),
      use: .sequences)
  }

  private init(
    factory: any FeedStoreFactory, faults: [OperationFault], sharesStorage: Bool, use: Use
  ) {
    self.factory = factory
    self.faults = faults
    self.sharesStorage = sharesStorage
    self.use = use
  }

  /// The model the concurrency specs check: no faults, feeds up to 1,000 images so that a store
  /// that writes in pieces is caught with a piece missing, and stores over shared storage only
  /// when `sharingStorage` is true.
  static func concurrentUse(of factory: any FeedStoreFactory, sharingStorage: Bool) -> Self {
    Self(factory: factory, faults: [], sharesStorage: sharingStorage, use: .concurrency)
  }

  /// The model the long-use spec checks: no faults, since a fault breaks the storage for good;
  /// more inserts than retrieves, a feed of hundreds of images now and then, and stores over the
  /// one storage opened and reopened when the factory is persistent.
  static func longUse(of factory: any FeedStoreFactory) -> Self {
    Self(
      factory: factory, faults: [],
      sharesStorage: FeedStoreCatalog.persistent.isProvided(by: type(of: factory)), use: .longUse)
  }

  public var contractName: String { "FeedStore" }
  public var instanceName: String { "store" }
  public var initialState: State { State() }
  public var opensInstancesSharingStorage: Bool { sharesStorage }

  public func makeInstance() async throws -> any FeedStore {
    try await factory.makeEmptyStore()
  }

  public func openInstance(sharingStorageWith store: any FeedStore) async throws -> any FeedStore {
    guard let factory = factory as? any PersistentFeedStoreFactory else {
      throw CannotOpenStores(factory: type(of: factory))
    }
    return try await factory.reopen(store)
  }

  /// Every fifth sequence of a failable factory injects a fault, which breaks its storage: it
  /// runs on storage of its own, and the others continue on theirs.
  public func runsOnStorageOfItsOwn(sequence: Int) -> Bool {
    !faults.isEmpty && sequence.isMultiple(of: 5)
  }

  /// A store broken through a capability breaks its storage, which a new store would share.
  public func allowsOpening(in state: State) -> Bool { state.broken.isEmpty }

  /// Mostly inserts and retrieves, some deletes and, in every fifth sequence of a failable
  /// factory, a fault; once a store is broken, only its broken operation and retrieve, on it.
  public func operation(on store: Int, in state: State, using draw: inout ModelDraw) -> Operation {
    if let broken = state.broken[store] {
      guard broken != .retrieve, draw.chance(1, in: 2) else { return .retrieve }
      return broken == .insert ? insert(using: &draw) : .delete
    }
    // Every fifth sequence of a failable factory breaks one operation, one step in ten, taking
    // the factory's faults in turn; the others run on working storage, each continuing on the
    // storage the one before left, so a store that breaks only after long use is caught too.
    let breaksStorage = runsOnStorageOfItsOwn(sequence: draw.sequence)
    let inserts = use == .longUse ? 11 : 8
    switch draw.index(below: 20) {
    case 0..<inserts: return insert(using: &draw)
    case inserts..<15: return .retrieve
    case 15..<18: return .delete
    default:
      guard breaksStorage else { return .retrieve }
      return Self.operation(breaking: faults[(draw.sequence / 5) % faults.count].operation)
    }
  }

  /// An insert of a feed whose size is drawn: empty, a few images, or dozens; up to 1,000 images
  /// in the concurrency specs, and in one insert in a hundred of long use.
  private func insert(using draw: inout ModelDraw) -> Operation {
    let count: Int
    switch use {
    case .concurrency:
      let size = draw.index(below: 50)
      count = size >= 47 ? [100, 500, 1_000][size - 47] : 1 + draw.index(below: 20)
    case .sequences, .longUse:
      // Long use draws from a hundred sizes, the last a large feed, the others as sequences do.
      let size = draw.index(below: use == .longUse ? 100 : 10)
      switch size % 10 {
      case _ where size == 99: count = 200 + draw.index(below: 801)
      case 0: count = 0
      case 7, 8, 9: count = 4 + draw.index(below: 37)
      default: count = 1 + draw.index(below: 3)
      }
    }
    return .insert(
      feed: 1 + draw.index(below: 1_000), count: count, timestamp: draw.index(below: 4))
  }

  /// At most one fault a sequence, retrieval broken only while a cache is held; once a store is
  /// broken, only it runs.
  public func isAllowed(_ operation: Operation, on store: Int, in state: State) -> Bool {
    if let fault = Self.fault(brokenBy: operation) {
      return state.broken.isEmpty && (fault != .retrieve || state.cache != nil)
        && faults.contains { $0.operation == fault }
    }
    guard let broken = state.broken.first else { return true }
    guard broken.key == store else { return false }
    switch operation {
    case .insert: return broken.value == .insert
    case .delete: return broken.value == .delete
    default: return true
    }
  }

  public func perform(_ operation: Operation, on store: any FeedStore) async throws -> Output {
    switch operation {
    case .insert(let feed, let count, let timestamp):
      let cache = NumberedCache(feed: feed, count: count, timestamp: timestamp).cache
      try await store.insert(cache.feed, timestamp: cache.timestamp)
      return .done
    case .retrieve:
      return .delivered(try await store.retrieve())
    case .delete:
      try await store.deleteCachedFeed()
      return .done
    case .makeRetrievalFail, .makeInsertionFail, .makeDeletionFail:
      guard let breaking = Self.fault(brokenBy: operation),
        let fault = faults.first(where: { $0.operation == breaking })
      else { throw CannotBreak(operation: operation, factory: type(of: factory)) }
      try await fault.inject(into: store, using: factory)
      return .done
    }
  }

  public func expectation(of operation: Operation, on store: Int, in state: State)
    -> ModelExpectation<Output, State>
  {
    let broken = state.broken[store]
    switch operation {
    case .insert(let feed, let count, let timestamp):
      guard broken != .insert else { return .throws(then: state) }
      var next = state
      next.cache = NumberedCache(feed: feed, count: count, timestamp: timestamp)
      return .returns(.done, then: next)
    case .retrieve:
      guard broken != .retrieve else { return .throws(then: state) }
      return .returns(Output(retrieved: .numbered(state.cache)), then: state)
    case .delete:
      var emptied = state
      emptied.cache = nil
      guard broken == .delete else { return .returns(.done, then: emptied) }
      return state.cache == nil
        ? .returnsOrThrows(.done, then: state, orThrowsThen: state) : .throws(then: state)
    case .makeRetrievalFail, .makeInsertionFail, .makeDeletionFail:
      var next = state
      next.broken[store] = Self.fault(brokenBy: operation)
      return .returns(.done, then: next)
    }
  }

  /// Caches compared as every spec compares them: exactly, said in a line.
  public func difference(between expected: Output, and actual: Output) -> String? {
    switch (expected.retrieved, actual.retrieved) {
    case (nil, nil): nil
    case (.numbered(let expected)?, .numbered(let delivered)?) where expected == delivered: nil
    case (let expected?, let delivered?):
      CacheComparison.difference(between: expected.cache, and: delivered.cache)
    default: "it delivered \(actual)"
    }
  }

  /// What a retrieve's difference likely says about the store, as every spec says it.
  public func likelyCause(between expected: Output, and actual: Output) -> String? {
    guard let expected = expected.retrieved, let delivered = actual.retrieved else { return nil }
    return CacheComparison.likelyCause(between: expected.cache, and: delivered.cache)
  }

  /// The operation that breaks `operation` of a store.
  private static func operation(breaking operation: FeedOperation) -> Operation {
    switch operation {
    case .retrieve: .makeRetrievalFail
    case .insert: .makeInsertionFail
    case .delete: .makeDeletionFail
    }
  }

  /// The operation of a store that `operation` breaks, if it is a fault.
  private static func fault(brokenBy operation: Operation) -> FeedOperation? {
    switch operation {
    case .makeRetrievalFail: .retrieve
    case .makeInsertionFail: .insert
    case .makeDeletionFail: .delete
    default: nil
    }
  }

  /// Thrown when a factory that is not persistent is asked for a second store.
  struct CannotOpenStores: Error, CustomStringConvertible {
    let factory: any FeedStoreFactory.Type

    var description: String { "\(factory) does not conform to PersistentFeedStoreFactory" }
  }

  /// Thrown when a factory cannot break the operation a step asks it to.
  struct CannotBreak: Error, CustomStringConvertible {
    let operation: Operation
    let factory: any FeedStoreFactory.Type

    var description: String { "\(factory) has no capability for \(operation)" }
  }
}
