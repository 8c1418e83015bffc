import FeedStoreBenchmarkCore
import Foundation

// `feedstore-bench`: the benchmark lives in FeedStoreBenchmarkCore; this executable adds what only
// a process of its own can do: count its heap allocations, and be the child of a memory probe.
let arguments = Array(CommandLine.arguments.dropFirst())
let status =
  arguments.first == MemoryProbe.command
  ? await MemoryProbe.runChild(arguments: Array(arguments.dropFirst()))
  : await BenchmarkCommand.run(
    arguments, memoryProbe: MemoryProbe.measure, countsAllocations: MemoryProbe.countsAllocations)
exit(status.rawValue)
