import ContractSpecs
import Testing

/// An implementation's author runs every spec their factory's capabilities call for.
struct InMemorySettingsFactory: SettingsFactory, Codable {
  func makeStore() -> any SettingsStore { InMemorySettings() }
}

@Test(arguments: SettingsSpec.all(for: InMemorySettingsFactory.self))
func inMemorySettings_keepsTheContract(_ spec: SettingsSpec) async throws {
  try await spec.verify(InMemorySettingsFactory())
}
