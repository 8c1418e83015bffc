import Foundation

/// The machine a run measured, so that saved results say where they come from.
struct MachineInfo: Codable, Sendable {
  /// Processors this process may use (`nproc`).
  let processorCount: Int
  /// The CPU model, from `/proc/cpuinfo` on Linux.
  let cpuModel: String
  /// The operating system and kernel release.
  let kernel: String
  /// The Swift compiler that built the benchmark: the newest release of a compile-time
  /// `#if compiler(>=...)` ladder that it satisfies, such as `6.3.1` (at least 6.3.1, below the
  /// next rung); the toolchain is not on a user's machine to ask at run time.
  let swiftCompiler: String
  /// `release` or `debug`; debug numbers say nothing about the stores.
  let buildConfiguration: String
  /// The directory the stores' files were written to.
  let temporaryDirectory: String
  /// The file system of that directory, such as `ext4` or `tmpfs`, where it can be found.
  let temporaryFileSystem: String

  /// A one-line description for report headers.
  var summary: String {
    "\(cpuModel), \(processorCount) cores; \(kernel); Swift \(swiftCompiler) (\(buildConfiguration)); "
      + "files in \(temporaryDirectory) (\(temporaryFileSystem))"
  }

  /// The machine this process runs on.
  static func current() -> MachineInfo {
    let temporaryDirectory = FileManager.default.temporaryDirectory.path(percentEncoded: false)
    return MachineInfo(
      processorCount: ProcessInfo.processInfo.activeProcessorCount,
      cpuModel: cpuModel() ?? "unknown CPU",
      kernel: kernel(),
      swiftCompiler: compilerVersion,
      buildConfiguration: buildConfiguration,
      temporaryDirectory: temporaryDirectory,
      temporaryFileSystem: fileSystem(of: temporaryDirectory) ?? "unknown file system")
  }

  private static var buildConfiguration: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }

  /// See ``swiftCompiler``.
  static var compilerVersion: String {
    #if compiler(>=7.0)
      "7.0 or later"
    #elseif compiler(>=6.4)
      "6.4"
    #elseif compiler(>=6.3.1)
      "6.3.1"
    #elseif compiler(>=6.3)
      "6.3"
    #elseif compiler(>=6.2)
      "6.2"
    #elseif compiler(>=6.1)
      "6.1"
    #else
      "6.0"
    #endif
  }

  private static func cpuModel() -> String? {
    guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return nil
    }
    for line in cpuinfo.split(separator: "\n") where line.hasPrefix("model name") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return nil
  }

  private static func kernel() -> String {
    let read = { (path: String) in
      (try? String(contentsOfFile: path, encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    if let type = read("/proc/sys/kernel/ostype"), let release = read("/proc/sys/kernel/osrelease")
    {
      return "\(type) \(release)"
    }
    return ProcessInfo.processInfo.operatingSystemVersionString
  }

  /// The type of the mount that holds `path`, from `/proc/self/mounts` (Linux).
  private static func fileSystem(of path: String) -> String? {
    guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else {
      return nil
    }
    let resolved = URL(filePath: path).resolvingSymlinksInPath().path(percentEncoded: false)
    var best: (mountPoint: String, type: String)?
    for line in mounts.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 3 else { continue }
      let mountPoint = String(fields[1])
      let prefix = mountPoint.hasSuffix("/") ? mountPoint : mountPoint + "/"
      guard resolved == mountPoint || resolved.hasPrefix(prefix) else { continue }
      if mountPoint.count >= (best?.mountPoint.count ?? 0) {
        best = (mountPoint, String(fields[2]))
      }
    }
    return best?.type
  }
}
