import Foundation

/// This process's executable, which the memory probe and a comparison start again as a child.
package enum Executable {
  /// The executable's path: `/proc/self/exe` on Linux, the main bundle's elsewhere.
  package static var current: URL? {
    let linuxPath = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    return linuxPath.map { URL(filePath: $0) } ?? Bundle.main.executableURL
  }
}
