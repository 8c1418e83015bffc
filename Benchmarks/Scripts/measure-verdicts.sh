#!/usr/bin/env bash
# How far `--compare`'s verdicts can be trusted on a busy machine (docs/Benchmarks.md, "How far the
# verdicts hold"). Under a chosen load, it runs RUNS comparisons of each kind, the kinds taking
# turns, and counts their exit statuses and every row's verdict against the truth:
#   identical        two byte-identical programs (directory-feedstore-bench, copied): every row 1x
#   separate         directory-feedstore-planted-slowdown-bench with no slowdown against
#                    directory-feedstore-bench: built separately, differing off the measured path
#   slower-insert    the planted program with PLANTED_INSERT_SLOWDOWN=10: insert 1.1x, retrieve 1x
#   slower-retrieve  the planted program with PLANTED_RETRIEVE_SLOWDOWN=10: retrieve 1.1x, insert 1x
#   in-memory        feedstore-bench --stores InMemory against a copy: sub-millisecond rows, all 1x
# Then, with COST=1, it times a plain run of feedstore-bench at the default sizes beside a
# comparison of it with a copy at the default sizes, twice, under the same load.
#
# usage: Benchmarks/Scripts/measure-verdicts.sh OUTPUT [RUNS]
#   OUTPUT  a new directory for the raw results (keep it out of the repository)
#   RUNS    comparisons of each kind (default 100)
# Environment:
#   LOAD   none; cpu (default): one CPU-bound process beside the comparisons the whole time;
#          mixed: clean package builds, test runs that start processes and memory-heavy work,
#          started and stopped at random, several at a time
#   STREAMS  with LOAD=mixed, how many such streams of jobs run side by side (default 1: a load
#            average of about 3 per core on this 2-core machine; 3: about 15 per core)
#   SIZES  the feed sizes of the comparisons (default 1000); COST=1 also times the default sizes
set -euo pipefail
cd "$(dirname "$0")/../.."

output=${1:?usage: $0 OUTPUT [RUNS]}
runs=${2:-100}
sizes=${SIZES:-1000}
load_kind=${LOAD:-cpu}
streams=${STREAMS:-1}
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
builds="$output/builds"
cp "$example_bin/directory-feedstore-bench" "$builds/identical-a"
cp "$example_bin/directory-feedstore-bench" "$builds/identical-b"
cp "$example_bin/directory-feedstore-planted-slowdown-bench" "$builds/planted"
cp "$(swift build -c release --show-bin-path)/feedstore-bench" "$builds/feedstore-bench"
cp "$builds/feedstore-bench" "$builds/feedstore-bench-copy"

echo "== the load beside the measurements: $load_kind"
# In a session of its own, so that stopping it stops every process it started.
case "$load_kind" in
  none) setsid sleep infinity & ;;
  cpu) setsid bash -c 'while :; do :; done' & ;;
  mixed)
    git archive HEAD | (mkdir -p "$output/load-package" && tar -x -C "$output/load-package")
    setsid bash -c '
      build() {  # a clean build of a copy of this package
        rm -rf "$1/scratch-$2"
        swift build --package-path "$1/load-package" --scratch-path "$1/scratch-$2" \
          > /dev/null 2>&1 || true
      }
      spawn() {  # a test run that starts processes: thousands of short children
        for _ in $(seq 2000); do sh -c "true"; done
      }
      memory() {  # about 1 GiB touched, held a while, released
        python3 -c "import time, random; b = bytearray(1 << 30); time.sleep(random.uniform(5, 20))"
      }
      generate() {  # one stream of jobs; $2 names its builds apart from the other streams
        build "$1" "$2-0" & build "$1" "$2-1" &
        while :; do
          case $((RANDOM % 3)) in
            0) build "$1" "$2-$((RANDOM % 4))" & ;; 1) spawn & ;; 2) memory & ;;
          esac
          sleep $((RANDOM % 15 + 5))
          # stop one job at random, so that the load comes and goes
          if [ $((RANDOM % 2)) -eq 0 ]; then pkill -n -P "$BASHPID" 2> /dev/null || true; fi
        done
      }
      for stream in $(seq "$2"); do generate "$1" "$stream" & done
      wait' load "$output" "$streams" &
    ;;
  *)
    echo "LOAD must be none, cpu or mixed" >&2
    exit 2
    ;;
esac
load=$!
stop_load() {
  pkill -s "$load" 2> /dev/null || true
  wait "$load" 2> /dev/null || true
}
trap stop_load EXIT
[ "$load_kind" = none ] || sleep 20  # let the load get going

results="$output/results.csv"
rows="$output/rows.csv"
echo "kind,run,exit,seconds,load" > "$results"
echo "kind,run,row,truth,verdict" > "$rows"
# Runs a comparison as run $2 of kind $1, whose rows are truly $3 (`insert:1.1,retrieve:1`, with
# `*` for every row), records its exit status, time and load, and each row's verdict.
record() {
  local kind=$1 run=$2 truths=$3
  shift 3
  local start end status=0
  start=$(date +%s.%N)
  "$@" --format json --output "$output/raw/$kind-$run.json" 2> "$output/raw/$kind-$run.err" \
    || status=$?
  end=$(date +%s.%N)
  echo "$kind,$run,$status,$(echo "$end - $start" | bc),$(cut -d' ' -f1 /proc/loadavg)" \
    >> "$results"
  [ -f "$output/raw/$kind-$run.json" ] || return 0
  python3 - "$output/raw/$kind-$run.json" "$kind" "$run" "$truths" >> "$rows" <<'EOF'
import json, sys
comparison = json.load(open(sys.argv[1]))
truths = dict(item.split(":") for item in sys.argv[4].split(","))
for entry in comparison.get("entries", []):
    operation = entry["id"]["operation"]
    truth = truths.get(operation, truths.get("*", "1"))
    label = f'{entry["label"]} (N={entry["size"]})'
    print(f'{sys.argv[2]},{sys.argv[3]},{label},{truth},{entry["verdict"]}')
EOF
}

echo "== $runs comparisons of each kind, the kinds taking turns (SIZES=$sizes)"
for run in $(seq -w 1 "$runs"); do
  record identical "$run" '*:1' "$builds/identical-a" --compare "$builds/identical-b" \
    --sizes "$sizes"
  PLANTED_INSERT_SLOWDOWN=0 record separate "$run" '*:1' "$builds/planted" \
    --compare "$builds/identical-a" --sizes "$sizes"
  PLANTED_INSERT_SLOWDOWN=10 record slower-insert "$run" 'insert:1.1,*:1' "$builds/planted" \
    --compare "$builds/identical-a" --sizes "$sizes"
  PLANTED_INSERT_SLOWDOWN=0 PLANTED_RETRIEVE_SLOWDOWN=10 record slower-retrieve "$run" \
    'retrieve:1.1,*:1' "$builds/planted" --compare "$builds/identical-a" --sizes "$sizes"
  record in-memory "$run" '*:1' "$builds/feedstore-bench" --compare "$builds/feedstore-bench-copy" \
    --stores InMemory --sizes "$sizes"
  echo "  run $run: $(tail -5 "$results" | cut -d, -f1,3 | tr '\n' ' ')"
done

if [ "${COST:-0}" = 1 ]; then
  echo "== cost at the default sizes: a plain run, then a comparison, twice"
  for run in 1 2; do
    start=$(date +%s.%N)
    "$builds/feedstore-bench" > /dev/null 2> "$output/raw/cost-plain-$run.err" || true
    end=$(date +%s.%N)
    echo "cost-plain-run,$run,0,$(echo "$end - $start" | bc),$(cut -d' ' -f1 /proc/loadavg)" \
      >> "$results"
    record cost-comparison "$run" '*:1' "$builds/feedstore-bench" \
      --compare "$builds/feedstore-bench-copy"
  done
fi

stop_load
trap - EXIT

summary="$output/summary.txt"
{
  echo "LOAD=$load_kind SIZES=$sizes RUNS=$runs, $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "-- exits"
  awk -F, 'NR > 1 {
      n[$1]++; exits[$1 "," $3]++; seconds[$1] += $4; load[$1] += $5
      if ($5 > peak[$1]) peak[$1] = $5
    }
    END {
      for (kind in n) {
        line = sprintf("%-16s %3d runs, mean %6.1f s, load mean %5.2f max %5.2f; exit", kind,
          n[kind], seconds[kind] / n[kind], load[kind] / n[kind], peak[kind])
        for (status = 0; status <= 4; status++)
          if ((kind "," status) in exits) line = line sprintf(" %d: %d", status, exits[kind "," status])
        print line
      }
    }' "$results" | sort
  echo "-- row verdicts, by the row's true ratio"
  awk -F, 'NR > 1 {
      key = $1 " truth " $4; n[key]++; verdicts[key "," $5]++; names[$5] = 1
    }
    END {
      for (key in n) {
        line = sprintf("%-30s %4d rows:", key, n[key])
        for (name in names) if ((key "," name) in verdicts)
          line = line sprintf(" %s %d;", name, verdicts[key "," name])
        print line
      }
    }' "$rows" | sort
} > "$summary"
cat "$summary"
echo "raw results: $output/raw, $results, $rows"
