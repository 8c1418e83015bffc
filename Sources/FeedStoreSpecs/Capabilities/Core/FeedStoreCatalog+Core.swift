import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  /// Retrieve, insert and delete on a working store, exact round trips, concurrent use, the
  /// store's lifetime and the model-based specs: every `FeedStoreFactory`.
  public static let core = Capability<FeedStoreCatalog, any FeedStoreFactory>(
    "core",
    provides: "`makeStore()`: a fresh, empty, isolated store",
    checks: "retrieve, insert and delete on a working store, never skipping a write as "
      + "unchanged; stores from two `makeStore()` calls share nothing; exact round trips of "
      + "hard values (Unicode, odd URLs, extreme timestamps to the bit), of every part of each "
      + "field's grammar, of large feeds and of sizes beside powers of two; refusal of values the "
      + "store cannot read back; concurrent writers and readers never see a mixed feed; a "
      + "released store is deallocated; the model-based specs, in short sequences and in one "
      + "store's long use",
    isProvided: { _ in true },
    specs: {
      FeedStoreCatalog.retrieveSpecs + FeedStoreCatalog.insertSpecs
        + FeedStoreCatalog.deleteSpecs + FeedStoreCatalog.isolationSpecs
        + FeedStoreCatalog.roundTripSpecs + FeedStoreCatalog.grammarSpecs
        + FeedStoreCatalog.boundarySpecs
        + FeedStoreCatalog.concurrencySpecs + FeedStoreCatalog.lifetimeSpecs
        + FeedStoreCatalog.modelSpecs
    })
}

extension CatalogEntry {
  static let core = CatalogEntry(FeedStoreCatalog.core)
}
