import FeedCache

extension FeedStoreCapability {
  /// Retrieve, insert and delete on a working store, exact round trips, concurrent use and the
  /// model-based spec: every `FeedStoreFactory`.
  public static let core: FeedStoreCapability = FeedStoreCapability(
    "core",
    protocolName: "FeedStoreFactory",
    provides: "`makeStore()`: a fresh, empty, isolated store",
    checks: "retrieve, insert and delete on a working store; exact round trips of hard values "
      + "(Unicode, odd URLs, extreme timestamps to the bit) and of large feeds; refusal of values "
      + "the store cannot read back; concurrent writers and readers never see a mixed feed; the "
      + "model-based spec",
    isProvided: { _ in true },
    specs: {
      FeedStoreSpec.retrieveSpecs + FeedStoreSpec.insertSpecs + FeedStoreSpec.deleteSpecs
        + FeedStoreSpec.roundTripSpecs + FeedStoreSpec.concurrencySpecs + FeedStoreSpec.modelSpecs
    })
}
