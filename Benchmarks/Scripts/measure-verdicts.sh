#!/usr/bin/env bash
# How far the benchmark's verdicts can be trusted on a busy machine (docs/Benchmarks.md, "How far
# the verdicts hold"): with a CPU-heavy job beside them the whole time, it counts how often
#   - `--compare` of two identical builds exits 1 (a false alarm),
#   - `--compare` of a build whose insert is 10% slower exits 1 (detection) or 4 (undecided),
#   - `--baseline` against a run saved at the start does the same for both builds,
# and times one comparison at the default sizes beside one plain run at the default sizes.
#
# The builds are Examples/DirectoryFeedStore's benchmark (directory-feedstore-bench, copied to a
# second path to make two identical builds) and its planted slowdown
# (directory-feedstore-planted-slowdown-bench with PLANTED_INSERT_SLOWDOWN=10). The job beside them
# is clean `swift build`s of a copy of this package, one after the other, in OUTPUT.
#
# usage: Benchmarks/Scripts/measure-verdicts.sh OUTPUT [RUNS]
#   OUTPUT  a new directory for the raw results (keep it out of the repository)
#   RUNS    runs of each of the four kinds (default 100)
# Environment: PLAIN_BENCH, the feedstore-bench to time a plain run of (default: this package's);
#   SIZES, the feed sizes of the verdict runs (default 1000).
set -euo pipefail
cd "$(dirname "$0")/../.."

output=${1:?usage: $0 OUTPUT [RUNS]}
runs=${2:-100}
sizes=${SIZES:-1000}
if [ -e "$output" ]; then
  echo "$output exists; give a new directory" >&2
  exit 2
fi
mkdir -p "$output/raw" "$output/builds"
output=$(cd "$output" && pwd)

echo "== release builds"
swift build -c release --product feedstore-bench
swift build --package-path Examples/DirectoryFeedStore -c release \
  --product directory-feedstore-bench
swift build --package-path Examples/DirectoryFeedStore -c release \
  --product directory-feedstore-planted-slowdown-bench
example_bin=$(swift build --package-path Examples/DirectoryFeedStore -c release --show-bin-path)
cp "$example_bin/directory-feedstore-bench" "$output/builds/identical-a"
cp "$example_bin/directory-feedstore-bench" "$output/builds/identical-b"
cp "$example_bin/directory-feedstore-planted-slowdown-bench" "$output/builds/slower-insert"
cp "$(swift build -c release --show-bin-path)/feedstore-bench" "$output/builds/feedstore-bench"
cp "$output/builds/feedstore-bench" "$output/builds/feedstore-bench-copy"
plain_bench=${PLAIN_BENCH:-$output/builds/feedstore-bench}
a="$output/builds/identical-a"
b="$output/builds/identical-b"
slower="$output/builds/slower-insert"

echo "== the job beside the measurements: clean builds of a copy of this package"
git archive HEAD | (mkdir -p "$output/load-package" && tar -x -C "$output/load-package")
# In a session of its own, so that stopping it stops every compiler it started, even those in
# process groups of their own.
setsid bash -c 'while true; do
    rm -rf "$1/load-scratch"
    swift build --package-path "$1/load-package" --scratch-path "$1/load-scratch" \
      > /dev/null 2>&1 || true
  done' load "$output" &
load=$!
stop_load() {
  pkill -s "$load" 2> /dev/null || true
  wait "$load" 2> /dev/null || true
}
trap stop_load EXIT
sleep 30  # let the first build get going

results="$output/results.csv"
echo "kind,run,exit,seconds,load" > "$results"
# Runs `$@` as run $2 of kind $1, with its report as JSON in raw/, and records its exit status.
record() {
  local kind=$1 run=$2
  shift 2
  local start end status=0
  start=$(date +%s.%N)
  "$@" --format json --output "$output/raw/$kind-$run.json" 2> "$output/raw/$kind-$run.err" \
    || status=$?
  end=$(date +%s.%N)
  echo "$kind,$run,$status,$(echo "$end - $start" | bc),$(cut -d' ' -f1 /proc/loadavg)" \
    >> "$results"
}

echo "== --baseline: one run saved at the start"
"$a" --sizes "$sizes" --inserts 0 --no-memory --iterations 50 --save "$output/baseline.json" \
  > /dev/null 2> "$output/raw/baseline-save.err"

echo "== $runs runs of each kind, the kinds taking turns"
for run in $(seq -w 1 "$runs"); do
  record compare-identical "$run" "$a" --compare "$b" --sizes "$sizes"
  PLANTED_INSERT_SLOWDOWN=10 record compare-slower-insert "$run" "$slower" --compare "$a" \
    --sizes "$sizes"
  record baseline-identical "$run" "$a" --sizes "$sizes" --inserts 0 --no-memory \
    --iterations 50 --baseline "$output/baseline.json"
  PLANTED_INSERT_SLOWDOWN=10 record baseline-slower-insert "$run" "$slower" --sizes "$sizes" \
    --inserts 0 --no-memory --iterations 50 --baseline "$output/baseline.json"
  echo "  run $run: $(tail -4 "$results" | cut -d, -f1,3 | tr '\n' ' ')"
done

echo "== cost at the default sizes: a plain run, then a comparison, twice"
for run in 1 2; do
  record cost-plain-run "$run" "$plain_bench"
  record cost-comparison "$run" "$output/builds/feedstore-bench" \
    --compare "$output/builds/feedstore-bench-copy"
done

stop_load
trap - EXIT

summary="$output/summary.txt"
awk -F, 'NR > 1 {
    n[$1]++; exits[$1 "," $3]++; seconds[$1] += $4; load[$1] += $5
  }
  END {
    for (kind in n) {
      line = sprintf("%-24s %3d runs, mean %6.1f s, mean load %5.2f; exit", kind, n[kind],
        seconds[kind] / n[kind], load[kind] / n[kind])
      for (status = 0; status <= 4; status++)
        if ((kind "," status) in exits) line = line sprintf(" %d: %d", status, exits[kind "," status])
      print line
    }
  }' "$results" | sort > "$summary"
cat "$summary"
echo "raw results: $output/raw, $results"
