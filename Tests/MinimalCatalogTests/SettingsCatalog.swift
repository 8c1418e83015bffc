import ContractSpecs

/// Makes new, empty stores for the specs: the catalog's root factory protocol.
protocol SettingsFactory: Sendable {
  func makeStore() async throws -> any SettingsStore
}

/// The catalog: its factory, its capabilities, and the prefix of its environment variables.
enum SettingsCatalog: SpecCatalog {
  typealias Factory = any SettingsFactory
  typealias FactoryType = any SettingsFactory.Type

  static let name = "SettingsSpec"
  static let environmentPrefix = "SETTINGS_SPEC"
  static let capabilities = [AnyCapability(core)]

  /// The root capability: every factory has it, and its specs take the catalog's factory.
  static let core = Capability<SettingsCatalog, any SettingsFactory>(
    "core",
    provides: "`makeStore()`: a new, empty store",
    checks: "removal; random sequences of sets and reads",
    isProvided: { _ in true },
    specs: { coreSpecs })
}

typealias SettingsSpec = Spec<SettingsCatalog>
