import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Measures this build against another build of the same benchmark program, both running as
/// workers (``ComparisonWorker``), in short alternating rounds.
///
/// After each build's warm-up of every row, a round asks each build for one sample of every row
/// in turn, which build goes first alternating from row to row and from round to round. On Linux
/// both workers run a round on the same processor, a different one each round: two processes of
/// one build on a shared machine differ by several percent when they run on different processors
/// (one shares its core with a neighbor's compiler), which no number of rounds averages out. After
/// `iterations` rounds every row is judged; rows the samples could not decide get more rounds,
/// `iterations / 2` at a time, until decided or at `maxIterations` samples per build.
struct ComparisonRunner: Sendable {
  let program: BenchmarkProgram
  let configuration: RunConfiguration
  let maxIterations: Int
  let threshold: Double
  /// This build's executable, and the other's, with the path as the user gave it.
  let thisExecutable: URL
  let otherExecutable: URL
  let otherName: String
  /// How long a worker may take to greet.
  var greetingTimeout: Duration = .seconds(60)

  /// Runs the comparison on a thread of its own, since it waits on its workers' pipes.
  ///
  /// The thread lets every signal through before it starts the workers, which inherit its signal
  /// mask: started from a thread of Swift's pool or of a dispatch queue, which block most
  /// signals, a worker would never see a `SIGTERM`.
  ///
  /// - Throws: ``ArgumentError`` when the other build cannot be compared with this one,
  ///   ``BenchmarkError`` when a worker fails.
  func run() async throws -> BuildComparison {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        var signals = sigset_t()
        sigemptyset(&signals)
        pthread_sigmask(SIG_SETMASK, &signals, nil)
        continuation.resume(with: Result { try runBlocking() })
      }
      thread.name = "FeedStoreBenchmark.ComparisonRunner"
      thread.start()
    }
  }

  /// One store row at one size, and both builds' samples of it so far.
  private struct Cell {
    let size: Int
    let row: RowID
    var this: [Int64] = []
    var other: [Int64] = []
  }

  private func runBlocking() throws -> BuildComparison {
    // A worker that dies must not kill the comparison with SIGPIPE when it writes to it.
    _ = signal(SIGPIPE, SIG_IGN)
    let machine = MachineInfo.current()
    let startedAt = Date()
    let logs = FileManager.default.temporaryDirectory.appending(
      path: "feedstore-compare-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: logs) }
    let this = try WorkerProcess(
      thisExecutable, name: "this build", errorLog: logs.appending(path: "this.log"))
    defer { this.finish() }
    let other = try WorkerProcess(
      otherExecutable, name: otherName, errorLog: logs.appending(path: "other.log"))
    defer { other.finish() }
    let thisGreeting = try this.greeting(within: greetingTimeout)
    let otherGreeting = try other.greeting(within: greetingTimeout)
    try check(thisGreeting, against: otherGreeting)

    let rows = program.measured(configuration).flatMap { store, kind in
      StoreOperation.allCases.map { RowID.store(store.name, $0, kind: kind) }
    }
    let missing = rows.filter { !otherGreeting.rows.contains($0) }
    let compared = rows.filter { otherGreeting.rows.contains($0) }
    guard !compared.isEmpty else {
      throw ArgumentError(
        "--compare: \(otherName) has none of the rows asked for: "
          + rows.map(\.label).joined(separator: ", "))
    }
    var cells = configuration.sizes.flatMap { size in compared.map { Cell(size: size, row: $0) } }
    let (warmup, iterations) = (configuration.warmup, configuration.iterations)
    StandardError.write(
      "compare: this build against \(otherName), N = "
        + configuration.sizes.map(Formatting.grouped).joined(separator: ", ") + ": "
        + "\(compared.count) store rows each, \(warmup) warm-up sample(s) per row and build, then "
        + "rounds of one sample of each build per row, which goes first alternating")

    func sample(_ index: Int, round: Int, count: Int, verifies: Bool) throws {
      let request = WorkerMessage.Request(
        size: cells[index].size, row: cells[index].row, samples: count, verifiesFirst: verifies,
        round: round)
      let thisFirst = (round + index).isMultiple(of: 2)
      for worker in thisFirst ? [this, other] : [other, this] {
        let samples = try worker.samples(request)
        if worker === this {
          cells[index].this += samples
        } else {
          cells[index].other += samples
        }
      }
    }
    if warmup > 0 {
      for index in cells.indices {
        try sample(index, round: 0, count: warmup, verifies: true)
        (cells[index].this, cells[index].other) = ([], [])
      }
    }
    var pending = Array(cells.indices)
    var round = 0
    var target = iterations
    StandardError.write("  rounds done:", terminator: "")
    while !pending.isEmpty {
      while round < target {
        for index in pending {
          try sample(index, round: round, count: 1, verifies: warmup == 0 && round == 0)
        }
        round += 1
      }
      StandardError.write(" \(round)", terminator: "")
      pending = pending.filter { index in
        let cell = cells[index]
        let entry = BuildComparison.Entry(
          cell.row, size: cell.size, this: cell.this, other: cell.other, threshold: threshold)
        return entry.map { !$0.verdict.isDecided } ?? true
      }
      guard round < maxIterations else { break }
      if !pending.isEmpty {
        StandardError.write(" (\(pending.count) undecided)", terminator: "")
      }
      target = min(round + max(iterations / 2, 1), maxIterations)
    }
    StandardError.write("")
    let entries = cells.compactMap { cell in
      BuildComparison.Entry(
        cell.row, size: cell.size, this: cell.this, other: cell.other, threshold: threshold)
    }
    for entry in entries {
      StandardError.write(
        "  \(entry.label) (N=\(Formatting.grouped(entry.size))): "
          + "\(Formatting.ratio(entry.ratio.ratio)), \(entry.verdict.rawValue)")
    }
    return BuildComparison(
      tool: program.name, startedAt: startedAt.formatted(.iso8601), machine: machine,
      thisBuild: thisExecutable.path(percentEncoded: false), otherBuild: otherName,
      configuration: BuildComparison.Configuration(
        sizes: configuration.sizes, stores: configuration.stores,
        references: configuration.references, iterations: iterations,
        maxIterations: maxIterations, warmup: warmup, fixtureSeed: thisGreeting.fixtureSeed),
      threshold: threshold, entries: entries,
      rowsMissingFromOtherBuild: configuration.sizes.flatMap { size in
        missing.map { "\($0.label) (N=\(size))" }
      })
  }

  /// Refuses two builds that would not measure the same thing.
  private func check(
    _ this: WorkerMessage.Greeting, against other: WorkerMessage.Greeting
  ) throws(ArgumentError) {
    guard other.protocolVersion == this.protocolVersion else {
      throw ArgumentError(
        "--compare: \(otherName) speaks version \(other.protocolVersion) of the comparison, this "
          + "build \(this.protocolVersion): build both from the same FeedStoreBenchmark")
    }
    guard other.fixtureSeed == this.fixtureSeed else {
      throw ArgumentError(
        "--compare: \(otherName) generates other images (seed \(other.fixtureSeed), this build "
          + "\(this.fixtureSeed)): the two would not measure the same work")
    }
    if other.buildConfiguration != this.buildConfiguration {
      StandardError.write(
        "warning: \(otherName) is a \(other.buildConfiguration) build, this one a "
          + "\(this.buildConfiguration) build: the comparison measures that difference too")
    }
  }
}
