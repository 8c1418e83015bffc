import DurableStoreSupport
import Testing

@Suite struct BusyWaitTests {
  @Test func pause_doublesFrom25MicrosecondsToAtMost2Milliseconds() {
    let pauses = (0..<10).map { BusyWait.pause(beforeRetry: $0, timeout: 1_000_000) }

    #expect(pauses == [25, 50, 100, 200, 400, 800, 1_600, 2_000, 2_000, 2_000])
  }

  @Test func pause_sleepsExactlyTheTimeoutInAll() {
    let pauses = pauses(until: 10_000)

    #expect(pauses.reduce(0, +) == 10_000)
  }

  @Test func pause_endsOnceTheTimeoutIsSlept() {
    let pauses = pauses(until: 100)

    #expect(pauses == [25, 50, 25])
  }

  @Test func pause_neverWaitsWithAZeroTimeout() {
    let pause = BusyWait.pause(beforeRetry: 0, timeout: 0)

    #expect(pause == nil)
  }

  @Test func microseconds_roundsDownToWholeMicroseconds() {
    let microseconds = BusyWait.microseconds(of: .nanoseconds(1_999))

    #expect(microseconds == 1)
  }

  @Test func microseconds_isZeroForANegativeDuration() {
    let microseconds = BusyWait.microseconds(of: .seconds(-1))

    #expect(microseconds == 0)
  }

  /// Every pause before the schedule gives up on `timeout` microseconds.
  private func pauses(until timeout: Int) -> [Int] {
    var pauses: [Int] = []
    while let pause = BusyWait.pause(beforeRetry: pauses.count, timeout: timeout) {
      pauses.append(pause)
    }
    return pauses
  }
}
