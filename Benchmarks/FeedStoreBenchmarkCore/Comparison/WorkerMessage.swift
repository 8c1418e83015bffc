/// What a comparison and its workers say to each other, one JSON object a line: the worker's
/// greeting on its standard output, then, for each request on its standard input, one reply.
///
/// A worker is a benchmark program started as `PROGRAM __compare-worker VERSION`: internal,
/// undocumented in `--help`, and only ever started by `--compare`. A program older than the
/// comparison knows no such argument, exits with 2 without greeting, and the comparison says so.
enum WorkerMessage {
  /// The hidden first argument that makes a benchmark program a worker.
  static let command = "__compare-worker"
  /// The version of these messages; a worker of another version is refused.
  static let version = 1

  /// What a worker says first: who it is, and which rows it can sample.
  struct Greeting: Codable, Equatable, Sendable {
    let protocolVersion: Int
    let tool: String
    /// `release` or `debug`.
    let buildConfiguration: String
    /// The seed its fixtures come from: two builds compare only on the same images.
    let fixtureSeed: UInt64
    /// Every store row it can sample: its stores' and its references' operations.
    let rows: [RowID]
  }

  /// Take `samples` samples of `row` on the fixture of `size` images, on the processor of
  /// `round`; the first is checked when `verifiesFirst`, as a run checks each row's first sample.
  struct Request: Codable, Equatable, Sendable {
    let size: Int
    let row: RowID
    let samples: Int
    let verifiesFirst: Bool
    /// The round the samples belong to: both workers run it on the same processor, the
    /// processors taking turns round after round (Linux).
    let round: Int
  }

  /// The samples, in nanoseconds, or why the worker could not take them.
  struct Reply: Codable, Equatable, Sendable {
    let samplesNanoseconds: [Int64]?
    let error: String?
  }
}
