import FeedStoreBackends

/// Runs each backend's kills once per test run, for every test that checks a part of them.
///
/// A campaign takes a minute; the tests that check its outcomes and its temporary files share
/// it rather than killing processes twice as often.
actor KillCampaigns {
  static let shared = KillCampaigns()

  private var configuration: KillConfiguration?
  private var campaigns: [String: Task<KillReport, any Error>] = [:]

  /// The kills of `backend`, made on the first call and printed once.
  ///
  /// - Throws: ``CrashSafetyError`` when the configuration is malformed or the campaign cannot
  ///   run.
  func report(for backend: FeedStoreBackend) async throws -> KillReport {
    if let campaign = campaigns[backend.name] {
      return try await campaign.value
    }
    let configuration = try self.configuration ?? KillConfiguration.fromEnvironment()
    self.configuration = configuration
    let campaign = Task {
      let report = try await KillCampaign.run(backend, configuration: configuration)
      print(report.summary)
      return report
    }
    campaigns[backend.name] = campaign
    return try await campaign.value
  }
}
