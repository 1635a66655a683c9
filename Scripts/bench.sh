#!/bin/sh
# Scripts/bench.sh: Strata's benchmarks and the peer renderers in one go, then a table of
# the ratios the performance goals are stated in.
#
#   Scripts/bench.sh                 S1-S5 on both backends, 8 frames after 3, 1 round
#   ROUNDS=3 FRAMES=12 Scripts/bench.sh
#   SCENES=all Scripts/bench.sh      every strata-bench scene (PLANES200 on llvmpipe: minutes a frame)
#
# Runs, from the repository root (release builds):
#   strata-bench --scene S --backend B       per scene, form and backend (a process each, for
#                                            the memory figures): ms per frame, readback, peak memory
#   the peers of ../shared/peers (skia-cpu, cairo with 2 threads, moderngl on EGL), with
#     the Python of $PEERS_VENV (default /tmp/strata-peers; see their README), skipped
#     with a message where the folder or the Python is missing
#   strata render Examples/showcase.json: GPU with Mesa's shader cache and Strata's program
#     cache cold (empty directories) and warm, and the CPU
#   strata-bench --scene GOLDEN256: a 256 x 256 golden check end to end on each backend
#   strata render --frames 0:120 of S1 turning (strata-bench --write-sequence-scene), PNG
#     files, on both cores and on one (taskset -c 0)
# Every figure is the median over rounds of each run's median; the load average is printed
# with the table, as figures on a shared machine need it. Raw lines stay in $OUT (default a
# temporary directory), one '<scene> <renderer> <value>' per line, as the peers print them.
set -eu
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-1}
FRAMES=${FRAMES:-8}
WARMUP=${WARMUP:-3}
SCENES=${SCENES:-S1 S2 S3 S4 S5}
PEERS=${PEERS:-../shared/peers}
PY=${PEERS_PY:-${PEERS_VENV:-/tmp/strata-peers}/bin/python}
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/strata-bench.XXXXXX")}
mkdir -p "$OUT"
lines=$OUT/lines
: > "$lines"

echo "building (release)..." >&2
swift build -c release --product strata-bench >&2
swift build -c release --product strata >&2
bench=.build/release/strata-bench
strata=.build/release/strata
[ "$SCENES" = all ] && SCENES="S1 S2 S3 S4 S5 P100K CUBE PLANES200 TILED TEXT200"

peers=yes
if [ ! -d "$PEERS" ]; then
  echo "peers: $PEERS is missing; their columns are skipped" >&2
  peers=no
elif [ ! -x "$PY" ]; then
  echo "peers: no Python at $PY (set PEERS_VENV; see $PEERS/README.md); their columns are skipped" >&2
  peers=no
fi

now_ms() { date +%s%N | awk '{ printf "%.1f", $1 / 1e6 }'; }
# The wall time of a command, in ms, as '<scene> <name> <ms>'.
timed() {
  scene=$1 name=$2
  shift 2
  t0=$(now_ms)
  "$@" > /dev/null 2>> "$OUT/detail"
  t1=$(now_ms)
  echo "$scene $name $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')" >> "$lines"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" > "$OUT/load"
r=1
while [ "$r" -le "$ROUNDS" ]; do
  echo "round $r of $ROUNDS" >&2
  for s in $SCENES; do
    echo "  $s" >&2
    # Each backend and form in a process of its own, so that each peak memory figure
    # starts from a process that has drawn nothing (freed memory stays resident).
    forms=$s
    [ "$s" = S4 ] && forms="S4:layers S4:emitter"
    for f in $forms; do
      for b in cpu gpu; do
        "$bench" --scene "$f" --backend "$b" --frames "$FRAMES" --warmup "$WARMUP" >> "$lines" 2>> "$OUT/detail"
      done
    done
    case "$s" in S1 | S2 | S3 | S4 | S5) ;; *) continue ;; esac
    [ "$peers" = yes ] || continue
    (cd "$PEERS" && "$PY" skia_cpu.py --scene "$s" --frames "$FRAMES" --warmup "$WARMUP" \
      && "$PY" cairo_peer.py --scene "$s" --threads 2 --frames "$FRAMES" --warmup "$WARMUP" \
      && "$PY" moderngl_peer.py --scene "$s" --frames "$FRAMES" --warmup "$WARMUP") >> "$lines" 2>> "$OUT/detail" \
      || echo "peers: $s failed (see $OUT/detail)" >&2
  done
  echo "  cold start" >&2
  mesa=$(mktemp -d) programs=$(mktemp -d)
  timed COLD gpu:cold env MESA_SHADER_CACHE_DIR="$mesa" STRATA_PROGRAM_CACHE="$programs" \
    "$strata" render Examples/showcase.json -o "$OUT/showcase.png" --backend gpu
  for k in 1 2 3 4; do # Mesa's cache fills over a few runs (docs/Performance.md, "Cold start")
    timed COLD "gpu:run$((k + 1))" env MESA_SHADER_CACHE_DIR="$mesa" STRATA_PROGRAM_CACHE="$programs" \
      "$strata" render Examples/showcase.json -o "$OUT/showcase.png" --backend gpu
  done
  timed COLD gpu:nocache env MESA_SHADER_CACHE_DISABLE=true STRATA_PROGRAM_CACHE=off \
    "$strata" render Examples/showcase.json -o "$OUT/showcase.png" --backend gpu
  timed COLD cpu "$strata" render Examples/showcase.json -o "$OUT/showcase.png" --backend cpu
  rm -rf "$mesa" "$programs"
  echo "  SEQ120" >&2
  seq=$OUT/seq
  "$bench" --write-sequence-scene "$seq" > /dev/null
  timed SEQ120 strata-cpu:2threads "$strata" render "$seq/s1-animated.json" --frames 0:120 -o "$seq/frames/%04d.png" --backend cpu
  rm -rf "$seq/frames"
  if command -v taskset > /dev/null; then
    timed SEQ120 strata-cpu:1thread taskset -c 0 "$strata" render "$seq/s1-animated.json" --frames 0:120 -o "$seq/frames/%04d.png" --backend cpu
    rm -rf "$seq/frames"
  else
    echo "SEQ120: no taskset, so no one-core run" >&2
  fi
  echo "  GOLDEN256" >&2
  "$bench" --scene GOLDEN256 --backend all --frames "$FRAMES" --warmup "$WARMUP" >> "$lines" 2>> "$OUT/detail" \
    || echo "GOLDEN256: not run (see $OUT/detail)" >&2
  r=$((r + 1))
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/load"

# The table: medians over rounds, then one row per goal.
awk -v load="$(tr '\n' ';' < "$OUT/load")" '
  function median(key,   n, i, j, t, a) {
    n = split(values[key], a, " ")
    if (n == 0) return ""
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return a[int((n + 1) / 2)]
  }
  $3 != "n/a" && NF == 3 { values[$1 " " $2] = values[$1 " " $2] " " $3 }
  function row(goal, a, b, limit, dir,   x, y, ratio, verdict) {
    x = median(a); y = median(b)
    if (x == "" || y == "" || y + 0 == 0) { printf "| %s | %s | %s | n/a | %s %s | not measured |\n", goal, x, y, dir, limit; return }
    ratio = x / y
    verdict = (dir == "<=" ? ratio <= limit : ratio >= limit) ? "met" : "NOT met"
    printf "| %s | %s | %s | %.2f | %s %s | %s |\n", goal, x, y, ratio, dir, limit, verdict
  }
  function fastest(s,   c, k) {
    c = median(s " skia-cpu"); k = median(s " cairo/2t")
    if (c == "") return s " cairo/2t"
    if (k == "" || c + 0 <= k + 0) return s " skia-cpu"
    return s " cairo/2t"
  }
  function absolute(goal, key, limit,   x) {
    x = median(key)
    if (x == "") { printf "| %s | | | | < %s ms | not measured |\n", goal, limit; return }
    printf "| %s | %s ms | | | < %s ms | %s |\n", goal, x, limit, (x + 0 < limit ? "met" : "NOT met")
  }
  END {
    print "load average (1, 5, 15 min): " load
    print ""
    print "| goal | strata | peer / reference | ratio | goal | |"
    print "|---|---:|---:|---:|---|---|"
    split("S1 S4 S5", cs, " ")
    for (i = 1; i <= 3; i++) row("CPU vs moderngl, " cs[i], cs[i] " strata-cpu", cs[i] " moderngl-egl", 1.0, "<=")
    row("CPU vs moderngl, S4 emitter", "S4 strata-cpu:emitter", "S4 moderngl-egl", 1.0, "<=")
    for (i = 2; i <= 3; i++) { s = "S" i; f = fastest(s); split(f, ff, " "); row("CPU vs fastest CPU peer (" ff[2] "), " s, s " strata-cpu", f, 0.7, "<=") }
    for (i = 1; i <= 5; i++) row("GPU vs moderngl, S" i, "S" i " strata-gl", "S" i " moderngl-egl", 1.0, "<=")
    row("GPU vs moderngl, S4 emitter", "S4 strata-gl:emitter", "S4 moderngl-egl", 1.0, "<=")
    for (i = 1; i <= 5; i++) row("readback vs moderngl, S" i, "S" i " strata-gl:readback", "S" i " moderngl-egl:readback", 1.0, "<=")
    absolute("cold start, gpu, no cache at all", "COLD gpu:nocache", 300)
    absolute("cold start, gpu, empty caches (first run)", "COLD gpu:cold", 300)
    absolute("warm start, gpu (fifth run)", "COLD gpu:run5", 100)
    absolute("start, cpu", "COLD cpu", 20)
    absolute("256x256 golden end to end, cpu", "GOLDEN256 strata-cpu", 50)
    absolute("256x256 golden end to end, gpu", "GOLDEN256 strata-gl", 50)
    row("120 frames of animated S1, 2 threads vs 1 (throughput)", "SEQ120 strata-cpu:1thread", "SEQ120 strata-cpu:2threads", 1.7, ">=")
    print ""
    print "| scene | peak over start, MiB | frame + textures, MiB | ratio (goal <= 3) |"
    print "|---|---:|---:|---:|"
    n = 0
    for (k in values) if (k ~ / peak-mib/) keys[++n] = k
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (keys[j] < keys[i]) { t = keys[i]; keys[i] = keys[j]; keys[j] = t }
    for (i = 1; i <= n; i++) {
      k = keys[i]
      split(k, p, " ")
      form = substr(p[2], 9)
      budget = median(p[1] " frame-textures-mib" form)
      x = median(k)
      if (budget == "") continue
      printf "| %s%s | %s | %s | %.2f%s |\n", p[1], form, x, budget, x / budget, (x / budget <= 3 ? "" : " NOT met")
    }
  }' "$lines" | tee "$OUT/table.md"
echo "raw lines: $lines; table: $OUT/table.md" >&2
