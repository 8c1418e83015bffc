import CProcessorAffinity
import Dispatch
import Foundation
import SharedSupport

/// The worker's side of a comparison: a benchmark program started as `PROGRAM __compare-worker
/// VERSION` greets, then samples the rows it is asked for until its standard input ends.
///
/// Each build of a comparison runs as a worker of its own, this one too, so both measure in a
/// process that does nothing else; the comparison alternates between them.
package enum ComparisonWorker {
  /// The hidden first argument that makes a benchmark program a worker.
  package static let command = WorkerMessage.command

  /// Greets, then serves requests from standard input until it ends, replying on standard output.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after ``command``: the protocol version the comparison speaks.
  ///   - program: The program whose stores the requests name.
  /// - Returns: The exit status: success once standard input ends, usage when the comparison
  ///   speaks another version, which the greeting told it.
  package static func serve(arguments: [String], of program: BenchmarkProgram) async -> ExitCode {
    do {
      let session = Session(program: program)
      try send(session.greeting)
      guard arguments == [String(WorkerMessage.version)] else {
        StandardError.write(
          "\(program.name): this worker speaks version \(WorkerMessage.version) of the "
            + "comparison, not \(arguments.joined(separator: " "))")
        return .usage
      }
      let machine = MachineInfo.current()
      let temporaryDirectory = URL(
        filePath: machine.temporaryDirectory, directoryHint: .isDirectory)
      try await withTemporaryDirectory(in: temporaryDirectory) { directory in
        var session = session
        while let line = await nextLine() {
          try send(await session.reply(to: line, in: directory))
        }
      }
      return .success
    } catch {
      StandardError.write("\(program.name): comparison worker failed: \(error)")
      return .failure
    }
  }

  /// Writes `message` as one line on standard output.
  ///
  /// - Throws: When the comparison is gone and the pipe is closed.
  private static func send<Message: Encodable>(_ message: Message) throws {
    try FileHandle.standardOutput.write(
      contentsOf: try JSONEncoder().encode(message) + Data("\n".utf8))
  }

  /// The next line of standard input, read on a queue of its own since the read blocks; `nil`
  /// once it ends.
  private static func nextLine() async -> String? {
    await withCheckedContinuation { continuation in
      input.async { continuation.resume(returning: readLine(strippingNewline: true)) }
    }
  }

  private static let input = DispatchQueue(label: "FeedStoreBenchmark.ComparisonWorker.input")
}

extension ComparisonWorker {
  /// The rows one worker samples, with the fixture of each size made once.
  struct Session {
    let program: BenchmarkProgram
    private var fixtures: [Int: Fixture] = [:]

    init(program: BenchmarkProgram) {
      self.program = program
    }

    var greeting: WorkerMessage.Greeting {
      WorkerMessage.Greeting(
        protocolVersion: WorkerMessage.version, tool: program.name,
        buildConfiguration: MachineInfo.current().buildConfiguration, fixtureSeed: Fixture.seed,
        rows: program.everyStore.flatMap { store, kind in
          StoreOperation.allCases.map { RowID.store(store.name, $0, kind: kind) }
        })
    }

    /// The reply to the request `line`: its samples, taken in `directory`, or what went wrong.
    mutating func reply(to line: String, in directory: URL) async -> WorkerMessage.Reply {
      do {
        let request = try JSONDecoder().decode(WorkerMessage.Request.self, from: Data(line.utf8))
        guard request.size > 0, request.samples > 0,
          let operation = StoreOperation(rawValue: request.row.operation),
          let store = program.everyStore.first(where: {
            $0.store.name == request.row.name && $0.kind == request.row.kind
          })?.store
        else {
          return WorkerMessage.Reply(
            samplesNanoseconds: nil, error: "no row \(request.row.label) of \(request.size) images")
        }
        let fixture =
          try fixtures[request.size] ?? Fixture(count: request.size, encodesPayload: false)
        fixtures[request.size] = fixture
        let workload = StoreWorkload(store: store, operation: operation, fixture: fixture)
        // Where that is not possible (not Linux), the round runs wherever the system puts it.
        _ = feedstore_run_on_processor(Int32(clamping: request.round))
        var samples: [Int64] = []
        for index in 0..<request.samples {
          let sample = try await Sampler.sample(
            workload, of: request.row, in: directory, verifies: request.verifiesFirst && index == 0)
          samples.append(sample.elapsed.nanoseconds)
        }
        return WorkerMessage.Reply(samplesNanoseconds: samples, error: nil)
      } catch {
        return WorkerMessage.Reply(samplesNanoseconds: nil, error: "\(error)")
      }
    }
  }
}
