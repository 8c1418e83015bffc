import Foundation

@testable import FeedStoreBenchmarkCore

/// Stand-ins for the builds a comparison starts: shell scripts that greet as a worker of
/// `storeOnlyBench` does and answer each request with samples a test chose.

/// A worker that greets, then answers each request for the insert row with the next of
/// `insert`, in turn, and each other request with the next of `retrieve`.
func workerScript(
  insert: [Int64], retrieve: [Int64], in directory: URL, version: Int = WorkerMessage.version
) throws -> URL {
  let values = { (samples: [Int64]) in samples.map(String.init).joined(separator: " ") }
  return try shellScript(
    """
    printf '%s\\n' '\(try workerGreeting(version: version))'
    insert=0
    retrieve=0
    while IFS= read -r line; do
      case "$line" in
        *'"operation":"insert"'*)
          set -- \(values(insert)); shift $((insert % $#)); insert=$((insert + 1)) ;;
        *)
          set -- \(values(retrieve)); shift $((retrieve % $#)); retrieve=$((retrieve + 1)) ;;
      esac
      printf '{"samplesNanoseconds":[%s]}\\n' "$1"
    done
    """, in: directory)
}

/// The greeting of a worker of `version` with the rows of `storeOnlyBench`'s store, as JSON.
func workerGreeting(version: Int) throws -> String {
  let greeting = WorkerMessage.Greeting(
    protocolVersion: version, tool: "my-store-bench", buildConfiguration: "release",
    fixtureSeed: Fixture.seed,
    rows: [.store("ArrayFeedStore", .insert), .store("ArrayFeedStore", .retrieve)])
  return String(decoding: try JSONEncoder().encode(greeting), as: UTF8.self)
}

/// An executable shell script of `body` in `directory`.
func shellScript(_ body: String, in directory: URL) throws -> URL {
  let file = directory.appending(path: "worker-\(UUID().uuidString).sh")
  try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
  try FileManager.default.setAttributes(
    [.posixPermissions: 0o755], ofItemAtPath: file.path(percentEncoded: false))
  return file
}
