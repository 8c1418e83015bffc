#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import Foundation

  /// How a child process ended without reporting that its spec finished, in the words of the
  /// failure the parent records.
  enum ChildEnding: Equatable {
    /// The parent ended it after its heartbeat stopped.
    case ended(ChildIntervention)
    /// It exited with this status before the spec finished.
    case exited(Int32)
    /// A signal killed it.
    case crashed(signal: Int32)
    /// It ended in a way this library does not know, as Swift Testing describes it.
    case other(String)
    /// It could not write its report, and exited with ``reportNotWrittenStatus``.
    case reportNotWritten(controlDirectoryExists: Bool)

    /// The status a child exits with when it cannot write its report (`EX_CANTCREAT`).
    ///
    /// The child says why on its standard error first, when it can. A store that calls
    /// `exit(73)` itself reads as this too.
    static let reportNotWrittenStatus: Int32 = 73

    /// What happened, after "Expected SPEC to finish in its child process, but".
    var account: String {
      switch self {
      case .ended(let intervention):
        let state =
          intervention.stopSignal.map {
            "it was stopped by signal \($0)\(Self.name(of: $0).map { " (\($0))" } ?? "")"
          } ?? "it was still running, but its own watchdog could not run"
        return "the child showed no sign of life for \(intervention.limit.readable) (\(state)), "
          + "so it was ended, with every process it started"
      case .exited(0):
        return "the process exited with status 0 before the spec finished: something in it "
          + "called exit"
      case .exited(let status):
        return "the process exited with status \(status) before the spec finished"
      case .other(let description):
        return "the process ended (\(description)) before the spec finished"
      case .reportNotWritten(controlDirectoryExists: false):
        return "the child could not write its report: its control directory was removed while "
          + "the spec ran"
      case .reportNotWritten(controlDirectoryExists: true):
        return "the child could not write its report in its control directory"
      case .crashed(let signal):
        let name = Self.name(of: signal).map { ", \($0)" } ?? ""
        let meaning = Self.meaning(of: signal).map { ": \($0)" } ?? ""
        return "the process crashed with signal \(signal)\(name)\(meaning)"
      }
    }

    /// The signal's name, such as `SIGSEGV`.
    static func name(of signal: Int32) -> String? {
      switch signal {
      case SIGILL: "SIGILL"
      case SIGTRAP: "SIGTRAP"
      case SIGABRT: "SIGABRT"
      case SIGBUS: "SIGBUS"
      case SIGFPE: "SIGFPE"
      case SIGKILL: "SIGKILL"
      case SIGSEGV: "SIGSEGV"
      case SIGPIPE: "SIGPIPE"
      case SIGTERM: "SIGTERM"
      case SIGSTOP: "SIGSTOP"
      case SIGTSTP: "SIGTSTP"
      case SIGTTIN: "SIGTTIN"
      case SIGTTOU: "SIGTTOU"
      case SIGXCPU: "SIGXCPU"
      case SIGSYS: "SIGSYS"
      default: nil
      }
    }

    /// What the signal usually means for a Swift process.
    static func meaning(of signal: Int32) -> String? {
      switch signal {
      case SIGILL, SIGTRAP:
        "a Swift runtime trap, such as fatalError, a failed precondition or a force unwrap of nil"
      case SIGABRT:
        "abort(), such as a failed C assertion or an exception nothing caught"
      case SIGBUS, SIGSEGV:
        "a bad memory access, such as a use after free, an unsafe pointer or a stack overflow"
      case SIGFPE:
        "an arithmetic fault, such as an integer division by zero in C"
      case SIGKILL:
        "killed from outside, such as by the out-of-memory killer"
      case SIGPIPE:
        "a write to a pipe or socket that nobody reads"
      case SIGTERM:
        "asked to terminate from outside"
      case SIGXCPU:
        "it used more processor time than its limit"
      default:
        nil
      }
    }

    /// The most of standard error a failure quotes.
    static let excerptLength = 300

    /// What a child's standard error says last, for a failure: its last lines before the stack
    /// trace a trap prints (so the trap's own message), joined by "; ", as many whole lines as
    /// fit in ``excerptLength`` characters, the last one cut from its start if it alone is longer.
    ///
    /// - Parameters:
    ///   - tail: The end of the child's standard error; `nil` when its file is gone.
    ///   - size: The whole size of its standard error, in bytes.
    /// - Returns: The excerpt, or a sentence saying it wrote nothing or its file is gone.
    static func excerpt(ofStandardError tail: [UInt8]?, size: Int) -> String {
      guard let tail else { return "its standard error file is gone" }
      var text = String(decoding: tail, as: UTF8.self)
      if let trace = text.range(of: "Current stack trace:") {
        text = String(text[..<trace.lowerBound])
      }
      let lines = text.split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      guard let last = lines.last else { return "it wrote nothing to standard error" }
      var quoted = [String(last.suffix(excerptLength))]
      for line in lines.dropLast().reversed() {
        guard quoted.joined(separator: "; ").count + line.count + 2 <= excerptLength else { break }
        quoted.insert(line, at: 0)
      }
      let isCut = size > tail.count || quoted.count < lines.count || last.count > excerptLength
      let whole = isCut ? " (\(size) bytes in all, attached as standard-error.txt)" : ""
      return "it wrote: \(isCut ? "…" : "")\(quoted.joined(separator: "; "))\(whole)"
    }
  }
#endif
