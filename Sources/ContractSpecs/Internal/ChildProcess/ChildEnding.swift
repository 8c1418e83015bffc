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
