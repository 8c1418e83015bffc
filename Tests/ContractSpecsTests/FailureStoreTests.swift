import Foundation
import SharedSupport
import Testing

@testable import ContractSpecs

/// Proves that what the model checks keep between runs can never crash, slow or bend a later run:
/// every kept file that is not one this version wrote is skipped with one warning and moved aside,
/// a directory that cannot be used is reported once, and a replayed failure names its file.
@Suite(.specProfile(.quick)) struct FailureStoreTests {
  @Test(arguments: UnfitKeptFile.allCases.filter { $0 != .otherUsers || geteuid() == 0 })
  func unfitKeptFile_isSkippedWithOneWarningAndMovedAside(_ unfit: UnfitKeptFile) async throws {
    try await withTemporaryDirectory { directory in
      let file = keptFile(in: directory)
      try unfit.make(at: file)

      let issues = try await verifyModelSpec(TestCounterFactory(), keepingFailuresIn: directory)

      #expect(
        messages(of: issues) == [
          "ContractSpecs did not replay the failures kept in \(file.path()): \(unfit.reason); it "
            + "moved the file to \(file.path()).rejected and ran the spec as if nothing were kept"
        ])
      #expect(issues.map(\.severity) == [.warning])
      #expect(!FileManager.default.fileExists(atPath: file.path()))
    }
  }

  @Test func keptFailure_namesItsFileAndHowToForgetIt() async throws {
    try await withTemporaryDirectory { directory in
      let broken = TestCounterFactory(flaw: .addsTwice)
      _ = try await verifyModelSpec(broken, keepingFailuresIn: directory)

      let again = try await verifyModelSpec(broken, keepingFailuresIn: directory)

      let message = try #require(messages(of: again).first)
      #expect(
        message.hasSuffix(
          "\nKept in \(keptFile(in: directory).path()); delete that file to forget it."))
    }
  }

  @Test(arguments: UnfitDirectory.allCases.filter { $0 != .otherUsers || geteuid() == 0 })
  func unfitDirectory_isReportedOncePerRun(_ unfit: UnfitDirectory) async throws {
    try await withTemporaryDirectory { parent in
      let directory = parent.appending(path: "failures", directoryHint: .notDirectory)
      try unfit.make(at: directory)
      let broken = TestCounterFactory(flaw: .addsTwice)

      let first = try await verifyModelSpec(broken, keepingFailuresIn: directory)
      let second = try await verifyModelSpec(broken, keepingFailuresIn: directory)

      let warnings = (first + second).filter { $0.severity == .warning }
      #expect(
        messages(of: warnings) == [
          "ContractSpecs keeps no failures in \(directory.path()) in this run: \(unfit.problem); "
            + "make it a directory of your own that only you may write, or name another with "
            + ".failureDirectory or COUNTER_SPEC_FAILURE_DIRECTORY"
        ])
    }
  }

  @Test func failureThatCannotBeWritten_isReportedOncePerRun() async throws {
    try await withTemporaryDirectory { directory in
      let file = keptFile(in: directory)
      // A directory where the file belongs, and another where it would be moved aside, neither
      // empty: the file can be neither replaced nor moved.
      for blocked in [file.path(), file.path() + ".rejected"] {
        try FileManager.default.createDirectory(
          atPath: blocked + "/inside", withIntermediateDirectories: true)
      }
      let broken = TestCounterFactory(flaw: .addsTwice)

      let first = try await verifyModelSpec(broken, keepingFailuresIn: directory)
      let second = try await verifyModelSpec(broken, keepingFailuresIn: directory)

      let notKept = messages(of: first + second).filter { $0.hasPrefix("ContractSpecs could not") }
      #expect(
        notKept == [
          "ContractSpecs could not keep this failure for the next run in \(file.path()): "
            + "Is a directory"
        ])
    }
  }

  @Test func selfTestOfABrokenImplementation_keepsNothing() async throws {
    try await withTemporaryDirectory { directory in
      let selfTest = CatalogSelfTest<CounterCatalog>(
        correct: [],
        broken: [
          .init(
            "adds twice", TestCounterFactory(flaw: .addsTwice),
            breaks: ["model_randomOperationsMatchTheContract"])
        ])
      let check = try #require(selfTest.cases.first)

      try await SpecTrait.failureDirectory(directory).provideScope(
        for: try #require(Test.current), testCase: Test.Case.current
      ) {
        try await selfTest.verify(check)
      }

      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path()).isEmpty)
    }
  }

  @Test func keptRound_isReplayableOnlyWithTasksAndNumbersACheckDraws() {
    let drawn = DrawnStep(sequence: 1, numbers: [0, 3])
    let impossible = DrawnStep(sequence: -1, numbers: [-1])

    #expect(KeptProgram(seed: 0, program: [[drawn], [drawn]]).isReplayable)
    #expect(!KeptProgram(seed: 0, program: [[drawn], [impossible]]).isReplayable)
    #expect(!KeptProgram(seed: 0, program: []).isReplayable)
    #expect(!KeptProgram(seed: 0, program: [[]]).isReplayable)
  }

  @Test func defaultDirectory_isInThePackagesBuildDirectory() async throws {
    try await withTemporaryDirectory { package in
      try #require(
        FileManager.default.createFile(
          atPath: package.appending(path: "Package.swift").path(), contents: nil))
      let bundle = package.appending(path: ".build/x86_64-unknown-linux-gnu/debug/MyTests.xctest")

      let directory = FailureDirectory.directory(forBundleAt: bundle)

      #expect(
        directory.path(percentEncoded: false)
          == package.appending(path: ".build/contract-specs-failures/").path(percentEncoded: false))
    }
  }

  @Test func defaultDirectory_isBesideABundleOutsideAPackage() async throws {
    try await withTemporaryDirectory { products in
      let bundle = products.appending(path: "Debug/MyTests.xctest")

      let directory = FailureDirectory.directory(forBundleAt: bundle)

      #expect(
        directory.path(percentEncoded: false)
          == products.appending(path: "Debug/contract-specs-failures/").path(percentEncoded: false))
    }
  }

  // MARK: Helpers

  private func verifyModelSpec(_ factory: TestCounterFactory, keepingFailuresIn directory: URL)
    async throws -> [Issue]
  {
    let spec = try #require(CounterSpec.named("model_randomOperationsMatchTheContract"))
    let issues = Locked<[Issue]>([])
    try await SpecTrait.failureDirectory(directory).provideScope(
      for: try #require(Test.current), testCase: Test.Case.current
    ) {
      let collected = try await collectIssues { try await spec.verify(factory) }
      issues.withLock { $0 = collected }
    }
    return issues.withLock { $0 }
  }

  private func keptFile(in directory: URL) -> URL {
    let key = "\(CounterCatalog.name) \(String(reflecting: TestCounterFactory.self))"
    return directory.appending(
      path: "model_randomOperationsMatchTheContract.sequences.\(String(stableHash(key), radix: 16))"
        + ".json")
  }

  private func messages(of issues: [Issue]) -> [String] {
    issues.flatMap { $0.comments.map(\.rawValue) }
  }
}

/// A kept file this version did not write, as a test case.
enum UnfitKeptFile: String, CaseIterable, Sendable {
  case garbage
  case impossibleValues
  case olderFormat
  case laterFormat
  case huge
  case link
  case fifo
  case otherUsers

  /// Why the store skips it, as its warning says.
  var reason: String {
    switch self {
    case .garbage, .olderFormat: "it is not a file of kept failures"
    case .impossibleValues:
      "it holds values no check draws, as a file edited or written by another version may"
    case .laterFormat: "it is in format 3, and this version of ContractSpecs reads format 2"
    case .huge: "it has 1073741824 bytes, more than the 1048576 a kept file may have"
    case .link: "it is a symbolic link"
    case .fifo: "it is not a regular file"
    case .otherUsers: "it belongs to user 65534, not to you (user \(geteuid()))"
    }
  }

  func make(at file: URL) throws {
    let path = file.path(percentEncoded: false)
    switch self {
    case .garbage: try write("\u{0}{[not json", to: path)
    case .impossibleValues:
      try write(
        #"{"format":2,"entries":[{"seed":0,"drawn":[{"numbers":[-1],"sequence":-1}]}]}"#, to: path)
    case .olderFormat:
      try write(#"[{"seed":0,"drawn":[{"numbers":[-1],"sequence":-1}]}]"#, to: path)
    case .laterFormat: try write(#"{"format":3,"entries":[]}"#, to: path)
    case .huge:
      try write("", to: path)
      try #require(truncate(path, 1 << 30) == 0)
    case .link:
      try write(#"{"format":2,"entries":[]}"#, to: path + ".target")
      try #require(symlink(path + ".target", path) == 0)
    case .fifo: try #require(mkfifo(path, 0o600) == 0)
    case .otherUsers:
      try write(#"{"format":2,"entries":[]}"#, to: path)
      try #require(chown(path, 65534, 65534) == 0)
    }
  }

  private func write(_ text: String, to path: String) throws {
    try #require(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
  }
}

/// A failure directory the store must not use, as a test case.
enum UnfitDirectory: String, CaseIterable, Sendable {
  case otherUsers
  case openToItsGroup
  case link

  var problem: String {
    switch self {
    case .otherUsers: "it belongs to user 65534, not to you (user \(geteuid()))"
    case .openToItsGroup: "others may write it (mode 770)"
    case .link: "it is a symbolic link"
    }
  }

  func make(at directory: URL) throws {
    let path = directory.path(percentEncoded: false)
    switch self {
    case .otherUsers:
      try #require(mkdir(path, 0o700) == 0)
      try #require(chown(path, 65534, 65534) == 0)
    case .openToItsGroup:
      try #require(mkdir(path, 0o700) == 0)
      try #require(chmod(path, 0o770) == 0)
    case .link:
      try #require(mkdir(path + ".target", 0o700) == 0)
      try #require(symlink(path + ".target", path) == 0)
    }
  }
}
