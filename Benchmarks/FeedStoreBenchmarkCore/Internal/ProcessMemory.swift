import Foundation

/// This process's resident memory, now and at its peak: on Linux from `/proc/self/status`, the
/// peak reset through `/proc/self/clear_refs`; elsewhere only the peak, from `getrusage`.
package enum ProcessMemory {
  /// The resident set size now, in bytes, where the platform tells it.
  package static func residentBytes() -> Int? {
    statusField("VmRSS")
  }

  /// The peak resident set size since the process started or since ``resetPeak()``, in bytes.
  package static func peakResidentBytes() -> Int? {
    if let peak = statusField("VmHWM") {
      return peak
    }
    var usage = rusage()
    #if canImport(Darwin)
      return getrusage(RUSAGE_SELF, &usage) == 0 ? Int(usage.ru_maxrss) : nil  // bytes
    #else
      return getrusage(RUSAGE_SELF.rawValue, &usage) == 0 ? Int(usage.ru_maxrss) * 1024 : nil
    #endif
  }

  /// Resets the peak to the current size; `false` where that is not possible.
  package static func resetPeak() -> Bool {
    let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return write(descriptor, "5", 1) == 1
  }

  /// A `kB` field of `/proc/self/status`, in bytes.
  private static func statusField(_ name: String) -> Int? {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("\(name):") }
    return line.flatMap { $0.split(whereSeparator: \.isWhitespace).dropFirst().first }
      .flatMap { Int($0) }.map { $0 * 1024 }
  }
}
