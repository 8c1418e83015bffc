import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Measures this build against another build of the same benchmark program, all running as
/// workers (``ComparisonWorker``), in short alternating rounds, batch after batch.
///
/// Each batch (``SequentialPlan``) starts three workers: one of this build, and two of the other,
/// the second the noise control. After each worker's warm-up of every row still undecided, a
/// round asks each of them for one sample of every such row in turn, in each of their six orders
/// once per batch, the order moving on from row to row; then the batch's workers exit. On Linux
/// the three run a round on the same processor, a different one each round: two processes of one
/// build on a shared machine differ by several percent when they run on different processors (one
/// shares its core with a neighbor's compiler), which no number of rounds averages out. At each of
/// the plan's looks the rows still undecided are judged; the others get more batches.
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

  /// One store row at one size, and the three workers' samples of it so far.
  private struct Cell {
    let size: Int
    let row: RowID
    var this: [Int64] = []
    var other: [Int64] = []
    var control: [Int64] = []

    func entry(threshold: Double, plan: SequentialPlan) -> BuildComparison.Entry? {
      BuildComparison.Entry(
        row, size: size, this: this, other: other, control: control, threshold: threshold,
        plan: plan)
    }
  }

  /// The three workers of one batch, started one after the other and finished together.
  private struct Batch {
    let workers: [WorkerProcess]
    let greetings: [WorkerMessage.Greeting]

    init(_ runner: ComparisonRunner, logs: URL) throws {
      var workers: [WorkerProcess] = []
      do {
        var greetings: [WorkerMessage.Greeting] = []
        // One after the other: each has greeted, and so started, before the next starts.
        for (executable, name, log) in [
          (runner.thisExecutable, "this build", "this.log"),
          (runner.otherExecutable, runner.otherName, "other.log"),
          (runner.otherExecutable, runner.otherName + " (control)", "control.log"),
        ] {
          workers.append(
            try WorkerProcess(executable, name: name, errorLog: logs.appending(path: log)))
          greetings.append(try workers[workers.count - 1].greeting(within: runner.greetingTimeout))
        }
        self.greetings = greetings
      } catch {
        for worker in workers {
          worker.finish()
        }
        throw error
      }
      self.workers = workers
    }

    func finish() {
      for worker in workers {
        worker.finish()
      }
    }
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
    let plan = SequentialPlan(iterations: configuration.iterations, maxIterations: maxIterations)

    var batch = try Batch(self, logs: logs)
    defer { batch.finish() }
    let (thisGreeting, otherGreeting) = (batch.greetings[0], batch.greetings[1])
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
    let warmup = configuration.warmup
    StandardError.write(
      "compare: this build against \(otherName), N = "
        + configuration.sizes.map(Formatting.grouped).joined(separator: ", ") + ": "
        + "\(compared.count) store rows each, in batches of \(SequentialPlan.batchRounds) rounds, "
        + "each batch by new workers (this build, the other, and the other again as a control) "
        + "after \(warmup) warm-up sample(s) per row; rows judged after "
        + plan.looks.map(String.init).joined(separator: ", ") + " rounds")

    func sample(_ index: Int, round: Int, count: Int, verifies: Bool) throws {
      let request = WorkerMessage.Request(
        size: cells[index].size, row: cells[index].row, samples: count, verifiesFirst: verifies,
        round: round)
      let order = SequentialPlan.orders[(round + index) % SequentialPlan.orders.count]
      for position in order {
        let samples = try batch.workers[position].samples(request)
        switch position {
        case 0: cells[index].this += samples
        case 1: cells[index].other += samples
        default: cells[index].control += samples
        }
      }
    }
    var pending = Array(cells.indices)
    var (round, batches) = (0, 0)
    for look in plan.looks {
      while round < look {
        if batches > 0 {
          batch.finish()
          batch = try Batch(self, logs: logs)
        }
        if warmup > 0 {
          for index in pending {
            let kept = (cells[index].this, cells[index].other, cells[index].control)
            try sample(index, round: round, count: warmup, verifies: batches == 0)
            (cells[index].this, cells[index].other, cells[index].control) = kept
          }
        }
        for _ in 0..<SequentialPlan.batchRounds {
          for index in pending {
            try sample(
              index, round: round, count: 1, verifies: warmup == 0 && batches == 0 && round == 0)
          }
          round += 1
        }
        batches += 1
        StandardError.write(
          "  batch \(batches): \(round) of up to \(plan.maxRounds) rounds, "
            + "\(pending.count) row(s) measured")
      }
      pending = pending.filter { index in
        cells[index].entry(threshold: threshold, plan: plan).map { !$0.verdict.isDecided } ?? true
      }
      if pending.isEmpty { break }
      if look < plan.maxRounds {
        StandardError.write("  after \(round) rounds, \(pending.count) row(s) undecided")
      }
    }
    let entries = cells.compactMap { $0.entry(threshold: threshold, plan: plan) }
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
        references: configuration.references, iterations: configuration.iterations,
        maxIterations: maxIterations, looks: plan.looks,
        batchRounds: SequentialPlan.batchRounds, warmup: warmup,
        fixtureSeed: thisGreeting.fixtureSeed),
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
