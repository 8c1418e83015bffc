import Foundation

@testable import FeedStoreBenchmarkCore

/// Stand-ins for the builds a comparison starts: shell scripts that greet as a worker of
/// `storeOnlyBench` does and answer each request with samples a test chose.

/// A worker that greets, then answers each request for the insert row with one value of
/// `insert` and each other request with one of `retrieve`: the values at the index of this
/// process among those started from the script (a comparison starts the next only once this one
/// greeted), so that each worker a comparison starts is
/// steady for its whole life, as a process is, and the next one may differ.
func workerScript(
  insert: [Int64], retrieve: [Int64], in directory: URL, version: Int = WorkerMessage.version
) throws -> URL {
  let values = { (samples: [Int64]) in samples.map(String.init).joined(separator: " ") }
  return try shellScript(
    """
    started=0
    [ -f "$0.started" ] && read -r started < "$0.started"
    echo $((started + 1)) > "$0.started"
    printf '%s\\n' '\(try workerGreeting(version: version))'
    set -- \(values(insert)); shift $((started % $#)); insert=$1
    set -- \(values(retrieve)); shift $((started % $#)); retrieve=$1
    while IFS= read -r line; do
      case "$line" in
        *'"operation":"insert"'*) sample=$insert ;;
        *) sample=$retrieve ;;
      esac
      printf '{"samplesNanoseconds":[%s]}\\n' "$sample"
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
