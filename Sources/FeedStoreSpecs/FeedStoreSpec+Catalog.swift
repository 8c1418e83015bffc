extension FeedStoreSpec {
  /// Every spec of the library, in a stable order, whatever capability it needs.
  public static let catalog: [FeedStoreSpec] = FeedStoreCapability.all.flatMap(\.specs)

  /// Every spec that stores from `factoryType` must pass: the core specs, plus the specs of each
  /// capability the factory conforms to, wherever that conformance is declared, except those
  /// the factory declares do not apply to its format (see ``notApplicable(for:)``).
  ///
  /// - Parameter factoryType: The factory whose capabilities choose the specs.
  /// - Returns: The specs in a stable order, each with a unique ``id``.
  public static func all(for factoryType: any FeedStoreFactory.Type) -> [FeedStoreSpec] {
    catalog.filter {
      $0.capability.isProvided(by: factoryType) && $0.notApplicableReason(factoryType) == nil
    }
  }

  /// The spec called `id`, to run one spec in a test of your own.
  ///
  /// ```swift
  /// let spec = try #require(FeedStoreSpec.named("insert_overridesPreviouslyInsertedCache"))
  /// try await spec.verify(MyStoreFactory())
  /// ```
  ///
  /// - Parameter id: A spec's stable name.
  /// - Returns: The spec, or `nil` when the library has none by that name.
  public static func named(_ id: String) -> FeedStoreSpec? {
    catalog.first { $0.id == id }
  }
}
