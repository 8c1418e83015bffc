import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A build of the benchmark program running as a comparison's worker: started with
/// `__compare-worker`, asked for samples one request at a time over pipes.
///
/// Every call blocks until the worker answers: the comparison calls them from a dispatch queue of
/// its own, never from Swift's cooperative pool.
final class WorkerProcess {
  /// How the comparison names the build: `this build`, or the path it was given.
  let name: String
  private let process = Process()
  private let requests: FileHandle
  private var replies: LineReader
  private let errorLog: URL

  /// Starts `executable` as a worker, its standard error going to `errorLog`.
  ///
  /// - Throws: ``ArgumentError`` when it cannot be started.
  init(_ executable: URL, name: String, errorLog: URL) throws(ArgumentError) {
    self.name = name
    self.errorLog = errorLog
    let (input, output) = (Pipe(), Pipe())
    // Every end closes on exec, so that no other child (the other worker, another comparison's)
    // keeps a copy of this worker's pipes open, which would keep it from ever reading the end of
    // its input, and the comparison waiting for it: the worker gets its own as 0 and 1.
    for handle in [
      input.fileHandleForReading, input.fileHandleForWriting, output.fileHandleForReading,
      output.fileHandleForWriting,
    ] {
      _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }
    process.executableURL = executable
    process.arguments = [WorkerMessage.command, String(WorkerMessage.version)]
    // Both builds hash with the same seed, so no per-process random seed tilts one of them.
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["SWIFT_DETERMINISTIC_HASHING": "1"]
    ) { $1 }
    process.standardInput = input
    process.standardOutput = output
    _ = FileManager.default.createFile(atPath: errorLog.path(percentEncoded: false), contents: nil)
    do {
      let log = try FileHandle(forWritingTo: errorLog)
      _ = fcntl(log.fileDescriptor, F_SETFD, FD_CLOEXEC)
      process.standardError = log
      try ProcessLaunch.run(process)
    } catch {
      throw ArgumentError("--compare: cannot start \(name): \(error.localizedDescription)")
    }
    requests = input.fileHandleForWriting
    replies = LineReader(output.fileHandleForReading.fileDescriptor)
  }

  /// The worker's greeting, waited for up to `timeout`.
  ///
  /// - Throws: ``ArgumentError`` when the program is not a worker of this comparison's version:
  ///   it exits or prints something else first, or says nothing in time.
  func greeting(within timeout: Duration) throws(ArgumentError) -> WorkerMessage.Greeting {
    let line: String?
    do {
      line = try replies.nextLine(within: timeout)
    } catch {
      kill()
      throw ArgumentError(
        "--compare: \(name) did not greet within \(timeout): is it a benchmark program of "
          + "FeedStoreBenchmark?")
    }
    guard let line else {
      process.waitUntilExit()
      throw ArgumentError(
        "--compare: \(name) is not a benchmark program that can be compared: it exited with "
          + "status \(process.terminationStatus) before greeting, so it is no FeedStoreBenchmark "
          + "program, or one older than --compare; build it from a revision that has --compare"
          + lastLines())
    }
    guard
      let greeting = try? JSONDecoder().decode(WorkerMessage.Greeting.self, from: Data(line.utf8))
    else {
      kill()
      throw ArgumentError(
        "--compare: \(name) is not a benchmark program that can be compared: it printed "
          + "\(line.prefix(80).debugDescription) instead of a greeting")
    }
    return greeting
  }

  /// Asks for the samples of `request` and waits for them.
  ///
  /// - Throws: ``BenchmarkError`` when the worker fails, exits, or answers something else.
  func samples(_ request: WorkerMessage.Request) throws(BenchmarkError) -> [Int64] {
    let line: String?
    do {
      try requests.write(contentsOf: try JSONEncoder().encode(request) + Data("\n".utf8))
      line = try replies.nextLine(within: nil)
    } catch {
      throw BenchmarkError("\(name) stopped answering: \(error)\(lastLines())")
    }
    guard let line else {
      process.waitUntilExit()
      throw BenchmarkError(
        "\(name) exited with status \(process.terminationStatus) while sampling "
          + "\(request.row.label) (N=\(request.size))\(lastLines())")
    }
    guard let reply = try? JSONDecoder().decode(WorkerMessage.Reply.self, from: Data(line.utf8))
    else {
      throw BenchmarkError(
        "\(name) answered \(line.prefix(80).debugDescription) to a request for samples")
    }
    guard let samples = reply.samplesNanoseconds, samples.count == request.samples else {
      throw BenchmarkError("\(name): \(reply.error ?? "it sent the wrong number of samples")")
    }
    return samples
  }

  /// Ends the worker's input, so that it removes its files and exits, and waits for it; a worker
  /// ends only after the request it is serving.
  func finish() {
    try? requests.close()
    process.waitUntilExit()
  }

  /// Stops a program that is no worker at once (`SIGKILL`), since it may read no input.
  private func kill() {
    if process.isRunning {
      _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
  }

  /// The end of what the worker wrote to standard error, to explain a failure.
  private func lastLines() -> String {
    let text = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n").suffix(3)
    return lines.isEmpty ? "" : "; it said: " + lines.joined(separator: " / ")
  }
}
