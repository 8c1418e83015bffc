import FeedStoreSpecs
import Foundation
import Testing

/// Proves that an error thrown by one of the adopter's factory hooks fails the spec at the
/// caller's line, naming the hook and the row or crash point, instead of a bare error at the test.
@Suite struct FactoryHookErrorTests {
  @Test func throwingSnapshot_namesTheHookAndTheRow() async throws {
    let failures = try await failures(
      of: "damagedStorage_openAndRetrieveLeaveStorageUntouched(empty)", when: .snapshot)

    #expect(
      failures == [
        "Expected damagedStorage_openAndRetrieveLeaveStorageUntouched(empty) to run to its end, "
          + "but HookThrowingFactory.snapshot(of:) before a store opens it, for the row empty "
          + "threw: HookFailure()"
      ])
  }

  @Test func throwingDamage_namesTheHookAndTheRow() async throws {
    let failures = try await failures(
      of: "damagedStorage_retrieveThrows(unreadable)", when: .makeStorage)

    #expect(
      failures == [
        "Expected damagedStorage_retrieveThrows(unreadable) to run to its end, but "
          + "HookThrowingFactory.makeStorage(damagedAs:afterCaching:) for the row unreadable "
          + "threw: HookFailure()"
      ])
  }

  @Test func throwingStrayItems_namesTheHookAndTheCrashPoint() async throws {
    let failures = try await failures(of: "crash_nextInsertRemovesStrayItems", when: .strayItems)

    #expect(
      failures == [
        "Expected crash_nextInsertRemovesStrayItems to run to its end, but "
          + "HookThrowingFactory.strayItems(besideStorageOf:) after a crash at write 0 threw: "
          + "HookFailure()"
      ])
  }

  private func failures(of id: String, when hook: HookThrowingFactory.Hook) async throws
    -> [String]
  {
    let spec = try #require(FeedStoreSpec.named(id))
    let caller = #_sourceLocation
    let issues = try await collectIssues {
      try await spec.verify(HookThrowingFactory(throwingIn: hook), sourceLocation: caller)
    }
    #expect(issues.map(\.sourceLocation) == issues.map { _ in caller })
    return issues.flatMap { $0.comments.map(\.rawValue) }
  }
}

/// A correct damageable, crashable factory one of whose hooks throws.
private struct HookThrowingFactory: DamageableFeedStoreFactory, CrashableFeedStoreFactory {
  enum Hook {
    case makeStorage, snapshot, strayItems
  }

  struct HookFailure: Error {}

  let throwingIn: Hook
  private let disk = DiskFeedStoreFactory(misbehavior: nil)

  static func applicability(of damage: StorageDamage) -> StorageDamage.Applicability {
    .applicable
  }

  func makeStore() -> DiskFeedStore { disk.makeStore() }

  func makeStore(sharingStorageWith store: DiskFeedStore) -> DiskFeedStore {
    disk.makeStore(sharingStorageWith: store)
  }

  func makeStore(sharingStorageWith store: DiskFeedStore, crashingAt crashPoint: Int)
    -> DiskFeedStore
  {
    disk.makeStore(sharingStorageWith: store, crashingAt: crashPoint)
  }

  func strayItems(besideStorageOf store: DiskFeedStore) throws -> [String] {
    guard throwingIn != .strayItems else { throw HookFailure() }
    return disk.strayItems(besideStorageOf: store)
  }

  func makeStorage(damagedAs damage: StorageDamage, afterCaching cache: CachedFeed) throws
    -> DiskFeedStore
  {
    guard throwingIn != .makeStorage else { throw HookFailure() }
    return try disk.makeStorage(damagedAs: damage, afterCaching: cache)
  }

  func makeStore(over storage: DiskFeedStore) throws -> DiskFeedStore {
    try disk.makeStore(over: storage)
  }

  func storageName(of storage: DiskFeedStore) -> String { storage.name }

  func snapshot(of storage: DiskFeedStore) throws -> StorageSnapshot {
    guard throwingIn != .snapshot else { throw HookFailure() }
    return disk.snapshot(of: storage)
  }
}
