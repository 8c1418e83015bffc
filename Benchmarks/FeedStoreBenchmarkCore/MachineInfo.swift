import Foundation

/// The machine a run measured, so that saved results say where they come from.
struct MachineInfo: Codable, Sendable {
  /// Processors this process may use (`nproc`).
  let processorCount: Int
  let cpuModel: String
  let kernel: String
  /// The Swift compiler that built the benchmark: see ``compilerVersion``.
  let swiftCompiler: String
  /// `release` or `debug`; debug numbers say nothing about the stores.
  let buildConfiguration: String
  /// The directory the stores' files were written to, and its file system, such as `ext4`.
  let temporaryDirectory: String
  let temporaryFileSystem: String

  var summary: String {
    "\(cpuModel), \(processorCount) cores; \(kernel); Swift \(swiftCompiler) (\(buildConfiguration)); "
      + "files in \(temporaryDirectory) (\(temporaryFileSystem))"
  }

  static func current() -> MachineInfo {
    let temporaryDirectory = FileManager.default.temporaryDirectory.path(percentEncoded: false)
    #if DEBUG
      let buildConfiguration = "debug"
    #else
      let buildConfiguration = "release"
    #endif
    let cpuModel = lines(of: "/proc/cpuinfo").first { $0.hasPrefix("model name") }
      .flatMap { $0.split(separator: ":", maxSplits: 1).last }?.trimmingCharacters(in: .whitespaces)
    let kernel = ["/proc/sys/kernel/ostype", "/proc/sys/kernel/osrelease"].flatMap(lines)
    // The longest mount point that holds the directory; of two equal, the later shadows.
    let resolved = URL(filePath: temporaryDirectory).resolvingSymlinksInPath()
      .path(percentEncoded: false)
    let mount = lines(of: "/proc/self/mounts").map { $0.split(separator: " ").map(String.init) }
      .filter {
        $0.count >= 3 && (resolved + "/").hasPrefix($0[1].hasSuffix("/") ? $0[1] : $0[1] + "/")
      }
      .max { $0[1].count <= $1[1].count }
    return MachineInfo(
      processorCount: ProcessInfo.processInfo.activeProcessorCount,
      cpuModel: cpuModel ?? "unknown CPU",
      kernel: kernel.count == 2
        ? kernel.joined(separator: " ") : ProcessInfo.processInfo.operatingSystemVersionString,
      swiftCompiler: compilerVersion, buildConfiguration: buildConfiguration,
      temporaryDirectory: temporaryDirectory,
      temporaryFileSystem: mount?[2] ?? "unknown file system")
  }

  /// The newest release of a compile-time `#if compiler(>=...)` ladder that the compiler
  /// satisfies, such as `6.3.1`: the toolchain is not on a user's machine to ask at run time.
  static var compilerVersion: String {
    #if compiler(>=6.4)
      "6.4 or later"
    #elseif compiler(>=6.3.1)
      "6.3.1"
    #elseif compiler(>=6.3)
      "6.3"
    #else
      "6.2 or earlier"
    #endif
  }

  private static func lines(of path: String) -> [String] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
  }
}
