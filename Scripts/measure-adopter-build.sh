#!/usr/bin/env bash
# Times what an adopter waits for: a clean debug build of a test target that depends on
# FeedStoreSpecs (Examples/DirectoryFeedStore's DirectoryFeedStoreTests), at each commit given,
# in a fresh clone, several times. Wall time follows the machine's load, so each run prints the
# load average beside it, and the CPU time (user + sys) that does not.
#
#   Scripts/measure-adopter-build.sh [--runs N] COMMIT...     (default: 3 runs of HEAD)
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
commits=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) [ $# -ge 2 ] || { echo "--runs needs a number" >&2; exit 2; }; runs="$2"; shift 2 ;;
    -*) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
    *) commits+=("$1"); shift ;;
  esac
done
[ ${#commits[@]} -gt 0 ] || commits=(HEAD)

work="$(mktemp -d "${TMPDIR:-/tmp}/adopter-build.XXXXXX")"
trap 'rm -rf "$work"' EXIT

printf '%-9s %-4s %9s %9s %9s  %s\n' commit run wall_s user_s sys_s "load average (1, 5, 15 min) before"
hashes=()
for commit in "${commits[@]}"; do
  hash="$(git rev-parse --short "$commit^{commit}")"
  git clone --quiet --no-checkout . "$work/$hash"
  git -C "$work/$hash" checkout --quiet "$hash"
  hashes+=("$hash")
done
# The commits take turns, run by run, so that a change of load falls on all of them alike.
for run in $(seq "$runs"); do
  for hash in "${hashes[@]}"; do
    rm -rf "$work/scratch"
    load="$(cut -d' ' -f1-3 /proc/loadavg)"
    /usr/bin/time -o "$work/time" -f '%e %U %S' swift build \
      --package-path "$work/$hash/Examples/DirectoryFeedStore" --scratch-path "$work/scratch" \
      --target DirectoryFeedStoreTests > "$work/build.log" 2>&1 \
      || { cat "$work/build.log" >&2; exit 1; }
    read -r wall user sys < "$work/time"
    echo "$hash $wall $user $sys" >> "$work/results"
    printf '%-9s %-4s %9s %9s %9s  %s\n' "$hash" "$run" "$wall" "$user" "$sys" "$load"
  done
done
for hash in "${hashes[@]}"; do
  awk -v hash="$hash" '$1 == hash { wall[++n] = $2; cpu[n] = $3 + $4 }
    function median(values, count,   i, j, t) {
      for (i = 2; i <= count; i++) for (j = i; j > 1 && values[j - 1] > values[j]; j--) {
        t = values[j]; values[j] = values[j - 1]; values[j - 1] = t
      }
      return (count % 2) ? values[(count + 1) / 2] : (values[count / 2] + values[count / 2 + 1]) / 2
    }
    END {
      lowest = wall[1]; highest = wall[1]
      for (i = 2; i <= n; i++) { if (wall[i] < lowest) lowest = wall[i]; if (wall[i] > highest) highest = wall[i] }
      printf "%s: median of %d clean builds: %.1f s wall (%.1f-%.1f), %.1f s CPU\n", hash, n, median(wall, n), lowest, highest, median(cpu, n)
    }' "$work/results"
done
