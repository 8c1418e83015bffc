import FeedStoreBenchmarking
import Foundation

// `feedstore-bench`: the benchmark itself lives in FeedStoreBenchmarking. This executable adds
// what only a process of its own can do: count its heap allocations, and run itself again as the
// child of a memory probe.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == MemoryProbe.command {
  exit(await MemoryProbe.runChild(arguments: Array(arguments.dropFirst())))
}
let status = await BenchmarkCommand.run(
  arguments, memoryProbe: MemoryProbe.measure, countsAllocations: AllocationCounter.isAvailable)
exit(status.rawValue)
