import ContractSpecs

extension SettingsCatalog {
  static let coreSpecs: [SettingsSpec] = [
    SettingsSpec(
      "set_nilRemovesTheKey", core, "Setting nil for a key makes reading it deliver nil."
    ) { factory in
      let sut = try await SpecRun.makeInstance("makeStore()") { try await factory.makeStore() }
      try await SpecRun.perform("set \"on\" for \"sound\"") {
        try await sut.set("on", for: "sound")
      }

      try await SpecRun.perform("set nil for \"sound\"") { try await sut.set(nil, for: "sound") }

      let value = try await SpecRun.perform("read \"sound\"") { try await sut.value(for: "sound") }
      if let value {
        SpecRun.recordFailure("Expected nil after setting nil, but it delivered \"\(value)\"")
      }
    },
    SettingsSpec(
      "model_randomOperationsMatchTheContract", core,
      "Random sets and reads deliver what the contract's model says."
    ) { factory in
      try await SettingsModel(factory: factory).checkSequences(count: 20)
    },
  ]
}
