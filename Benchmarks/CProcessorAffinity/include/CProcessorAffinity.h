#ifndef FEEDSTORE_PROCESSOR_AFFINITY_H
#define FEEDSTORE_PROCESSOR_AFFINITY_H

/// Moves every thread of this process onto one processor: the one at `index` (modulo their count)
/// among those the process might run on when it first called this. A comparison's two workers both
/// call it with the round's number before each round, so each round of both builds runs on the
/// same processor, and the processors take turns.
///
/// Returns 0, or -1 where the platform has no such call (it does nothing then) or it failed.
int feedstore_run_on_processor(int index);

#endif
