import Testing

@testable import FeedStoreBenchmarkCore

/// Student's t against the values every table of it prints.
@Suite struct StudentTTests {
  @Test(arguments: [
    (0.975, 1, 12.7062), (0.975, 5, 2.5706), (0.975, 10, 2.2281), (0.995, 3, 5.8409),
    (0.995, 30, 2.7500), (0.9995, 8, 5.0413),
  ])
  func quantile_isTheTablesValue(_ probability: Double, _ freedom: Int, _ expected: Double) {
    let sut = StudentT.quantile(probability, degreesOfFreedom: freedom)

    #expect(abs(sut - expected) < 5e-4)
  }

  @Test func cumulative_isSymmetricAboutZero() {
    let below = StudentT.cumulative(-1.5, degreesOfFreedom: 4)
    let above = StudentT.cumulative(1.5, degreesOfFreedom: 4)

    #expect(abs(below + above - 1) < 1e-12)
    #expect(StudentT.cumulative(0, degreesOfFreedom: 4) == 0.5)
  }
}
