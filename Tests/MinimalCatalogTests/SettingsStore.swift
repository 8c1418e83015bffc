/// The contract: settings by key.
///
/// Setting `nil` removes a key; reading a key never set delivers `nil`; every call takes effect
/// whole, in some order that keeps real time.
protocol SettingsStore: Sendable {
  func value(for key: String) async throws -> String?
  func set(_ value: String?, for key: String) async throws
}

/// An implementation, kept in memory.
actor InMemorySettings: SettingsStore {
  private var values: [String: String] = [:]
  private let forgetsRemovals: Bool

  /// A store; one that `forgetsRemovals` ignores `set(nil, for:)`, a bug for the self-test.
  init(forgetsRemovals: Bool = false) {
    self.forgetsRemovals = forgetsRemovals
  }

  func value(for key: String) -> String? { values[key] }

  func set(_ value: String?, for key: String) {
    guard value != nil || !forgetsRemovals else { return }
    values[key] = value
  }
}
