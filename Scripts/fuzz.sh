#!/usr/bin/env bash
# Runs the libFuzzer targets (Fuzz/Targets) for a time budget each, one after another.
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]    default 60 s each; targets: scene png svgpath text lottie
#   Scripts/fuzz.sh --merge [TARGET...]      minimises what the runs found into Fuzz/corpus/<target>
#
# Each target is built in release mode with -sanitize=fuzzer,address into .build-fuzz
# (STRATA_FUZZ=1 declares the targets in Package.swift; the normal build never sees them).
# A run starts from the committed corpus (Fuzz/corpus/<target>) and the seeds (Fuzz/seed.py:
# examples, docs, test PNGs, path strings, texts, Lottie samples) and writes what it finds to
# .build-fuzz/work/<target>; crashes, timeouts and out-of-memory inputs go to
# .build-fuzz/artifacts/<target>/. Exit status 1 when any target found one.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -d /opt/swift/usr/bin ] && export PATH="/opt/swift/usr/bin:$PATH"
merge=0
if [ "${1:-}" = "--merge" ]; then merge=1; shift; fi
seconds=60
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(scene png svgpath text lottie)
work=.build-fuzz/work
export STRATA_FUZZ=1
# Leaks are the Swift runtime's caches (metadata, the font library), not findings.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"

rm -rf "$work/seeds"
python3 Fuzz/seed.py "$work/seeds" >/dev/null || exit 1
status=0
for t in "${targets[@]}"; do
  case "$t" in
    scene) max_len=16384; extra=(-dict="$work/seeds/scene.dict") ;;
    png) max_len=16384; extra=() ;;
    svgpath) max_len=1024; extra=() ;;
    text) max_len=512; extra=() ;;
    lottie) max_len=16384; extra=(-dict="$work/seeds/lottie.dict") ;;
    *) echo "unknown target $t (scene png svgpath text lottie)" >&2; exit 2 ;;
  esac
  if ! swift build -c release --build-path .build-fuzz --product "fuzz-$t" -Xswiftc -sanitize=fuzzer,address \
    >"$work-$t.build.log" 2>&1; then
    echo "fuzz-$t: build failed (see $work-$t.build.log)" >&2; exit 1
  fi
  binary=.build-fuzz/release/fuzz-$t
  corpus=Fuzz/corpus/$t
  mkdir -p "$corpus" "$work/$t" ".build-fuzz/artifacts/$t"
  if [ $merge -eq 1 ]; then
    fresh=$(mktemp -d)
    "$binary" -merge=1 -max_len=$max_len "$fresh" "$corpus" "$work/$t" "$work/seeds/$t" >"$work-$t.merge.log" 2>&1
    rm -rf "$corpus" && mv "$fresh" "$corpus" && chmod 755 "$corpus"
    echo "fuzz-$t: corpus $(ls "$corpus" | wc -l) files, $(du -sk --apparent-size "$corpus" | cut -f1) KB"
    continue
  fi
  before=$(ls ".build-fuzz/artifacts/$t" | wc -l)
  log=$work-$t.log
  # -timeout: one input taking 10 s is a hang; -rss_limit_mb: 2 GB is exhaustion.
  "$binary" "$work/$t" "$corpus" "$work/seeds/$t" "${extra[@]}" -max_len=$max_len -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=".build-fuzz/artifacts/$t/" >"$log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  found=$(( $(ls ".build-fuzz/artifacts/$t" | wc -l) - before ))
  echo "fuzz-$t: ${seconds} s, ${execs:-?} executions, corpus $(ls "$work/$t" | wc -l) files, exit $rc, new findings $found"
  if [ $rc -ne 0 ] || [ $found -gt 0 ]; then
    status=1
    grep -m3 -E 'ERROR: |Fatal error|SUMMARY' "$log" | sed 's/^/  /'
    echo "  log: $log; inputs: .build-fuzz/artifacts/$t/"
  fi
done
exit $status
