import Foundation
import Testing

@testable import FeedStoreBenchmarkCore

@Suite struct MachineInfoTests {
  /// The compile-time ladder names the toolchain that built it: `swift --version` of the
  /// toolchain running the tests starts with it.
  @Test func compilerVersion_namesTheToolchainThatBuiltIt() throws {
    let toolchain = try #require(try swiftVersion(), "swift --version printed no version")

    let version = MachineInfo.compilerVersion

    #expect(toolchain.hasPrefix(version), "toolchain \(toolchain), ladder \(version)")
  }

  // MARK: - Helpers

  /// The version `swift --version` prints, such as `6.3.1`.
  private func swiftVersion() throws -> String? {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["swift", "--version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try ProcessLaunch.run(process)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let range = text.range(of: "Swift version ") else { return nil }
    return text[range.upperBound...].split(separator: " ").first.map(String.init)
  }
}
