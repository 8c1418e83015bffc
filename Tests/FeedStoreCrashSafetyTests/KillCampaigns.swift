import FeedStoreBackends

/// Runs each backend's kills once per test run, for every test that checks a part of them, one
/// campaign at a time.
///
/// A campaign takes up to a minute; the tests that check its outcomes and its temporary files
/// share it rather than killing processes twice as often. Campaigns run one after another: the
/// kill points of a small insert are milliseconds apart, and a large insert's campaign beside it
/// loads the machine so much that the kills land after the small insert has finished.
actor KillCampaigns {
  static let shared = KillCampaigns()

  private var configuration: KillConfiguration?
  private var campaigns: [String: Task<KillReport, any Error>] = [:]
  /// Ends when the campaign started last has ended.
  private var lastCampaign: Task<Void, Never>?

  /// The kills of `backend` in `scenario`, made on the first call and printed once.
  ///
  /// - Throws: ``CrashSafetyError`` when the configuration is malformed or the campaign cannot
  ///   run.
  func report(for backend: FeedStoreBackend, _ scenario: KillScenario) async throws
    -> KillReport
  {
    let key = "\(backend.name) \(scenario.rawValue)"
    if let campaign = campaigns[key] {
      return try await campaign.value
    }
    let configuration = try self.configuration ?? KillConfiguration.fromEnvironment()
    self.configuration = configuration
    let previous = lastCampaign
    let campaign = Task {
      await previous?.value
      let report = try await KillCampaign.run(backend, scenario, configuration: configuration)
      print(report.summary)
      return report
    }
    campaigns[key] = campaign
    lastCampaign = Task { _ = try? await campaign.value }
    return try await campaign.value
  }
}
