import ContractSpecs
import Testing

/// A factory of stores that forget removals: a broken implementation for the self-test.
struct ForgetfulSettingsFactory: SettingsFactory {
  func makeStore() -> any SettingsStore { InMemorySettings(forgetsRemovals: true) }
}

/// The catalog's self-test: the correct store passes every spec, and each spec fails on a broken
/// store named for it, at the caller's line.
let settingsSelfTest = CatalogSelfTest<SettingsCatalog>(
  correct: [.init("a store in memory", InMemorySettingsFactory())],
  broken: [
    .init(
      "forgets removals", ForgetfulSettingsFactory(),
      breaks: ["set_nilRemovesTheKey", "model_randomOperationsMatchTheContract"])
  ])

@Test(arguments: settingsSelfTest.cases)
func settingsCatalog_keepsItsPromises(_ check: CatalogSelfTest<SettingsCatalog>.Case) async throws {
  try await settingsSelfTest.verify(check)
}

@Test func settingsCatalog_provesEverySpec() {
  settingsSelfTest.checkEverySpecIsProven()
}
