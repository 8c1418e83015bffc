import ContractSpecs
import Foundation
import ImageDataCaching

/// The ``ImageDataCache`` contract in executable form: which payload each URL holds, after inserts
/// and removes, from which the engine checks random sequences and concurrent use of any cache.
///
/// It is the contract's rules, not an implementation's: an insert makes the URL hold the payload,
/// a remove makes it hold none, a retrieve delivers what it holds, exactly, and nothing else
/// changes. URLs and payloads are named by number: URL `n` is
/// `https://images.example.com/n.png`; payload `n` is `n × 3` bytes below 100 and 64 KiB to a
/// mebibyte from 100 on, bytes that differ from every other payload's at almost every offset. A failure prints
/// the steps that break the contract as a call of `replay`, which runs them as a test of its own:
///
/// ```swift
/// @Test func removeAfterInsert_leavesNothing() async throws {
///   let model = ImageDataCacheModel(factory: MyCacheFactory())
///   try await model.replay([
///     .perform(.insert(payload: 1, url: 1), on: 1),
///     .perform(.remove(url: 1), on: 1),
///     .perform(.retrieve(url: 1), on: 1),
///   ])
/// }
/// ```
public struct ImageDataCacheModel: ContractModel {
  /// One operation of a cache, on URL `url` with payload `payload`.
  public enum Operation: Hashable, Sendable {
    case insert(payload: Int, url: Int)
    case retrieve(url: Int)
    case remove(url: Int)
  }

  /// What an operation delivered: `nil` for an insert or a remove, the data for a retrieve.
  public enum Output: Sendable, CustomStringConvertible {
    case done
    case delivered(Data?)

    public var description: String {
      switch self {
      case .done: "done"
      case .delivered(let data): data.map { "\($0.count) bytes" } ?? "nil (no data)"
      }
    }
  }

  private let factory: any ImageDataCacheFactory
  private let sharesStorage: Bool
  private let drawsLargePayloads: Bool

  /// The model of `factory`'s caches, over shared storage when the factory is persistent.
  ///
  /// - Parameter factory: Makes the caches.
  public init(factory: any ImageDataCacheFactory) {
    self.init(
      factory: factory,
      sharesStorage: ImageDataCacheCatalog.persistent.isProvided(by: type(of: factory)),
      drawsLargePayloads: false)
  }

  private init(factory: any ImageDataCacheFactory, sharesStorage: Bool, drawsLargePayloads: Bool) {
    self.factory = factory
    self.sharesStorage = sharesStorage
    self.drawsLargePayloads = drawsLargePayloads
  }

  /// The model the concurrency specs check: two URLs, payloads of 64 KiB (up to a mebibyte in the
  /// thorough profile) so that a cache that writes in pieces is caught with a piece missing, and
  /// caches over shared storage only when `sharingStorage` is true.
  static func concurrentUse(of factory: any ImageDataCacheFactory, sharingStorage: Bool) -> Self {
    Self(factory: factory, sharesStorage: sharingStorage, drawsLargePayloads: true)
  }

  public var contractName: String { "ImageDataCache" }
  public var instanceName: String { "cache" }
  public var initialState: [Int: Int] { [:] }
  public var opensInstancesSharingStorage: Bool { sharesStorage }

  public func makeInstance() async throws -> any ImageDataCache {
    try await factory.makeCache()
  }

  public func openInstance(sharingStorageWith cache: any ImageDataCache) async throws
    -> any ImageDataCache
  {
    guard let factory = factory as? any PersistentImageDataCacheFactory else {
      throw NotPersistent(factory: type(of: factory))
    }
    return try await factory.makeCache(sharingStorageWithAny: cache)
  }

  /// Five URLs and six payloads, payload 0 empty data, in sequences; two URLs and large payloads
  /// too in the concurrency specs.
  public func operation(on cache: Int, in holds: [Int: Int], using draw: inout ModelDraw)
    -> Operation
  {
    let url = 1 + draw.index(below: drawsLargePayloads ? 2 : 5)
    switch draw.index(below: 20) {
    case 0..<9:
      let payload =
        drawsLargePayloads && draw.index(below: 7) == 6
        ? 100 + draw.index(below: SpecRun.profile == .quick ? 1 : 5)
        : draw.index(below: drawsLargePayloads ? 50 : 6)
      return .insert(payload: payload, url: url)
    case 9..<15: return .retrieve(url: url)
    default: return .remove(url: url)
    }
  }

  public func perform(_ operation: Operation, on cache: any ImageDataCache) async throws
    -> Output
  {
    switch operation {
    case .insert(let payload, let url):
      try await cache.insert(Self.payload(payload), for: try SpecValues.url(url))
      return .done
    case .retrieve(let url):
      return .delivered(try await cache.retrieve(dataFor: try SpecValues.url(url)))
    case .remove(let url):
      try await cache.remove(dataFor: try SpecValues.url(url))
      return .done
    }
  }

  public func expectation(of operation: Operation, on cache: Int, in holds: [Int: Int])
    -> ModelExpectation<Output, [Int: Int]>
  {
    var next = holds
    switch operation {
    case .insert(let payload, let url):
      next[url] = payload
      return .returns(.done, then: next)
    case .retrieve(let url):
      return .returns(.delivered(holds[url].map(Self.payload)), then: holds)
    case .remove(let url):
      next[url] = nil
      return .returns(.done, then: next)
    }
  }

  /// Data compared byte for byte, said in a line.
  public func difference(between expected: Output, and actual: Output) -> String? {
    switch (expected, actual) {
    case (.done, .done), (.delivered(nil), .delivered(nil)): nil
    case (.delivered(let expected?), .delivered(let actual?)):
      Exact.difference(from: expected, to: actual)
    default: "it delivered \(actual)"
    }
  }

  /// Payload `number`: `number × 3` bytes below 100; from 100 on, 64 KiB doubled for each
  /// number past 100, up to a mebibyte.
  static func payload(_ number: Int) -> Data {
    SpecValues.data(number, count: number < 100 ? number * 3 : 65_536 << min(4, number - 100))
  }

  /// Thrown when a factory that is not persistent is asked for a second cache.
  struct NotPersistent: Error, CustomStringConvertible {
    let factory: any ImageDataCacheFactory.Type

    var description: String { "\(factory) does not conform to PersistentImageDataCacheFactory" }
  }
}
