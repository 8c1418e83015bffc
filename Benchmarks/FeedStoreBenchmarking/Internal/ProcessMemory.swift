import Foundation

/// This process's resident memory: now, and at its peak.
///
/// On Linux both come from `/proc/self/status` (`VmRSS`, `VmHWM`), and the peak can be reset to
/// the current size by writing `5` to `/proc/self/clear_refs`, so it covers only what follows.
/// Elsewhere the peak is `getrusage`'s `ru_maxrss` and neither the current size nor a reset is
/// available.
package enum ProcessMemory {
  /// The resident set size now, in bytes, where the platform tells it.
  package static func residentBytes() -> Int? {
    #if os(Linux)
      statusField("VmRSS")
    #else
      nil
    #endif
  }

  /// The peak resident set size since the process started or since ``resetPeak()``, in bytes.
  package static func peakResidentBytes() -> Int? {
    #if os(Linux)
      if let peak = statusField("VmHWM") {
        return peak
      }
    #endif
    var usage = rusage()
    #if canImport(Darwin)
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      return Int(usage.ru_maxrss)  // bytes on Darwin
    #else
      guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return nil }
      return Int(usage.ru_maxrss) * 1024  // kibibytes on Linux
    #endif
  }

  /// Resets the peak to the current size; `false` where that is not possible.
  package static func resetPeak() -> Bool {
    #if os(Linux)
      let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      return write(descriptor, "5", 1) == 1
    #else
      return false
    #endif
  }

  #if os(Linux)
    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int? {
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
        return nil
      }
      for line in status.split(separator: "\n") where line.hasPrefix("\(name):") {
        let fields = line.split { $0 == " " || $0 == "\t" }
        guard fields.count >= 2, let kibibytes = Int(fields[1]) else { return nil }
        return kibibytes * 1024
      }
      return nil
    }
  #endif
}
