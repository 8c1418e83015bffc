import FeedStoreCrashWriter
import Foundation

/// A running crash writer: launched with `Foundation.Process`, waited for until it is about to
/// insert, and killed with `SIGKILL` or left to finish.
///
/// Used from one task at a time; every wait blocks the calling thread.
final class CrashWriterProcess {
  /// The environment variable that names the crash writer to run, for example a release build;
  /// when unset, the one built beside this test bundle runs.
  static let executableVariable = "FEEDSTORE_CRASH_WRITER"

  /// How the child ended.
  enum Exit: Equatable {
    /// Killed by the test's `SIGKILL`.
    case killed
    /// Finished on its own, with its status, before any kill reached it.
    case exited(status: Int32)
    /// Ended by another signal.
    case signaled(Int32)
  }

  private let process = Process()
  private let output = Pipe()
  private let errors = Pipe()
  private var printed = Data()

  /// Starts `executable` with `arguments`.
  ///
  /// - Throws: ``CrashSafetyError`` when the child cannot be started.
  init(executable: URL, arguments: [String]) throws {
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw CrashSafetyError("cannot start \(executable.path()): \(error)")
    }
  }

  /// The crash writer to run: the one `FEEDSTORE_CRASH_WRITER` names, or the one in the build
  /// directory of this test bundle, whatever the scratch path.
  ///
  /// - Throws: ``CrashSafetyError`` naming every directory searched when none is found.
  static func executableURL() throws -> URL {
    let fileManager = FileManager.default
    if let path = ProcessInfo.processInfo.environment[executableVariable] {
      guard fileManager.isExecutableFile(atPath: path) else {
        throw CrashSafetyError("\(executableVariable)=\(path) is not an executable file")
      }
      return URL(filePath: path)
    }
    // The test runner is the test bundle itself on Linux, and a tool that loads it elsewhere;
    // the crash writer is built into the directory that holds the bundle.
    var starts = Bundle.allBundles.map(\.bundleURL)
    starts += [Bundle.main.executableURL, URL(filePath: CommandLine.arguments[0])].compactMap { $0 }
    if let path = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      starts.append(URL(filePath: path))
    }
    var searched: [String] = []
    for start in starts {
      var directory = start.deletingLastPathComponent()
      for _ in 0..<4 {
        let candidate = directory.appending(path: CrashWriter.executableName)
        if fileManager.isExecutableFile(atPath: candidate.path(percentEncoded: false)) {
          return candidate
        }
        searched.append(directory.path(percentEncoded: false))
        directory = directory.deletingLastPathComponent()
      }
    }
    throw CrashSafetyError(
      "cannot find \(CrashWriter.executableName) (build it, or set \(executableVariable)); "
        + "searched \(searched)")
  }

  /// Blocks until the child prints that it is about to insert.
  ///
  /// - Parameter timeout: How long to wait before giving up.
  /// - Throws: ``CrashSafetyError`` with the child's error output when it ends or times out
  ///   first; the child is then killed.
  func waitUntilReady(timeout: Duration) throws {
    let deadline = ContinuousClock.now + timeout
    let ready = Data((CrashWriter.readyLine + "\n").utf8)
    while printed.firstRange(of: ready) == nil {
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero, readOutput(waitingAtMost: remaining) else {
        let timedOut = ContinuousClock.now >= deadline
        kill()
        let exit = waitForExit()
        throw CrashSafetyError(
          "the crash writer never got ready: "
            + (timedOut ? "no word in \(timeout)" : "it ended, \(exit)") + ": " + errorOutput())
      }
    }
  }

  /// Sends `SIGKILL`, as the system does to an app it terminates; harmless once it has ended.
  func kill() {
    _ = Foundation.kill(process.processIdentifier, SIGKILL)
  }

  /// Blocks until the child has ended.
  ///
  /// - Returns: How it ended.
  func waitForExit() -> Exit {
    process.waitUntilExit()
    switch process.terminationReason {
    case .exit:
      return .exited(status: process.terminationStatus)
    case .uncaughtSignal where process.terminationStatus == SIGKILL:
      return .killed
    case .uncaughtSignal:
      return .signaled(process.terminationStatus)
    @unknown default:
      return .signaled(process.terminationStatus)
    }
  }

  /// Everything the child printed on standard output, read to the end; call after it ended.
  func standardOutput() -> String {
    printed.append(output.fileHandleForReading.readDataToEndOfFile())
    return String(decoding: printed, as: UTF8.self)
  }

  /// Everything the child printed on standard error; call after it ended.
  func errorOutput() -> String {
    String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// Reads what the child printed, waiting up to `timeout` for it.
  ///
  /// - Returns: `false` at the end of the output, on a read error, or when nothing came in time;
  ///   a wait interrupted by a signal waits again, for up to `timeout` once more.
  private func readOutput(waitingAtMost timeout: Duration) -> Bool {
    let descriptor = output.fileHandleForReading.fileDescriptor
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + 1)
    var ready = poll(&request, 1, milliseconds)
    // A signal to this process (the end of another child, say) interrupts the wait early.
    while ready < 0 && errno == EINTR {
      ready = poll(&request, 1, milliseconds)
    }
    guard ready > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 4096)
    var count = read(descriptor, &buffer, buffer.count)
    while count < 0 && errno == EINTR {
      count = read(descriptor, &buffer, buffer.count)
    }
    guard count > 0 else { return false }
    printed.append(contentsOf: buffer[..<count])
    return true
  }
}
