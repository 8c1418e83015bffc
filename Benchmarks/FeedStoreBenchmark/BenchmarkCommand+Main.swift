import FeedCache
import FeedStoreBenchmarkCore
import Foundation

extension BenchmarkCommand {
  /// Benchmarks the stores that `factory`'s factories make, beside the floors, as the command
  /// line asks, then exits.
  ///
  /// Call it from the `main.swift` of an executable target, with the factory your spec tests use:
  ///
  /// ```swift
  /// import DirectoryFeedStore
  /// import FeedStoreBenchmark
  ///
  /// await BenchmarkCommand.main(benchmarking: DirectoryFeedStoreFactory.init(root:))
  /// ```
  ///
  /// Then run it built for release, `swift run -c release directory-feedstore-bench`: it times
  /// the insert of 1,000 and 10,000 images into a new store and their retrieve, beside memcpy,
  /// write+fsync+rename, building the values and the JSON coders on the same images, then
  /// inserts thousands of feeds into one long-lived store with readers alongside. Each store
  /// figure is checked before it is reported: a store that delivers another feed than it was
  /// given fails the run instead of being timed. Progress goes to standard error, the report to
  /// standard output, and `--help` lists the options: among them `--compare`, which measures this
  /// build against another build of the program (main's, say) in one run and gates CI on it,
  /// `--save` and `--baseline`, which compare a run with an earlier one, and `--references`,
  /// which runs the reference backends beside your store.
  ///
  /// The process exits with 0 when the run succeeds, 1 when `--compare` or `--baseline` finds
  /// that a store regressed past `--threshold`, 2 for bad arguments (or another build that cannot
  /// be compared), 3 when the benchmark fails (a store that throws or delivers the wrong feed, a
  /// file that cannot be written), and 4 when `--compare` could not decide whether a store
  /// regressed.
  ///
  /// - Parameters:
  ///   - factory: Makes a factory for a new, empty directory, which the benchmark gives it each
  ///     time it needs a store; pass the spec tests' factory's initializer, such as
  ///     `DirectoryFeedStoreFactory.init(root:)`. A factory whose store keeps nothing on disk
  ///     ignores the directory: `{ _ in MyStoreFactory() }`.
  ///   - references: Stores that `--references` may run beside yours, with the floors they bring;
  ///     `BenchmarkedStore.referenceBackends` (the `FeedStoreBenchmarkReferences` product) has
  ///     this package's backends and the SQLite C API floors. None by default.
  public static func main<Factory: FeedStoreFactory>(
    benchmarking factory: @escaping @Sendable (_ directory: URL) throws -> Factory,
    references: [BenchmarkedStore] = []
  ) async -> Never {
    await main(benchmarking: [BenchmarkedStore(factory: factory)], references: references)
  }

  /// Benchmarks `stores` beside the floors, as the command line asks, then exits.
  ///
  /// The form for a program with several stores, such as two configurations of one store, or
  /// `feedstore-bench`, which benchmarks this package's backends:
  ///
  /// ```swift
  /// await BenchmarkCommand.main(benchmarking: BenchmarkedStore.referenceBackends)
  /// ```
  ///
  /// Every store runs unless `--stores` names some; otherwise it behaves as the form that takes
  /// one factory does.
  ///
  /// - Parameters:
  ///   - stores: The stores to benchmark, each with a name of its own.
  ///   - references: Stores that `--references` may run beside them, with the floors they bring.
  public static func main(
    benchmarking stores: [BenchmarkedStore], references: [BenchmarkedStore] = []
  ) async -> Never {
    let name = CommandLine.arguments.first.map { URL(filePath: $0).lastPathComponent } ?? "bench"
    let program = BenchmarkProgram(name: name, stores: stores, references: references)
    let arguments = Array(CommandLine.arguments.dropFirst())
    let status: ExitCode =
      switch arguments.first {
      case MemoryProbe.command:
        await MemoryProbe.runChild(arguments: Array(arguments.dropFirst()), of: program)
      case ComparisonWorker.command:
        await ComparisonWorker.serve(arguments: Array(arguments.dropFirst()), of: program)
      default:
        await run(
          arguments, program: program, memoryProbe: MemoryProbe.measure,
          countsAllocations: MemoryProbe.countsAllocations, thisExecutable: Executable.current)
      }
    exit(status.rawValue)
  }
}
