/// Prints the fresh seeds a spec's random work used, so a passing thorough run can be replayed
/// exactly, as a failure can.
enum SeedReport {
  static func print(_ seeds: [UInt64], of configuration: RunConfiguration) {
    for seed in seeds {
      Swift.print(
        "\(configuration.specID) ran random sequences from seed \(seed) (replay with "
          + "\(configuration.replayVariables(seed: seed)))")
    }
  }
}
