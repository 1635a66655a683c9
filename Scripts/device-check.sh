#!/bin/sh
# Scripts/device-check.sh: the checks that need a hardware GPU, in one go, on a lent GPU
# machine (no Swift there: Scripts/device-bundle.sh packs the binaries into .device/).
# Writes everything to $OUT/device-check.txt (and standard output):
#
#   strata info                      which EGL platform and GPU the probe takes
#   strata parity, every example     GPU against CPU with the cross-backend tier, at t = 0
#                                    and t = 1.5 (exit 1 where they differ)
#   S2 (issue 11)                    strata-gl with masks drawn whole (the default on a
#                                    hardware GPU) and as runs; strata-cpu on 2 cores
#                                    (taskset, the reference machine's count) and on all
#   S4 and P100K (issue 12)          both forms on both backends, 2 cores and all; the
#                                    moderngl peer on the same GPU where its wheels came
#
# Usage there (from the repository root): sh Scripts/device-check.sh
# Here, on llvmpipe, to try the script itself: STRATA_EGL_PLATFORM=surfaceless sh Scripts/device-check.sh
set -u
cd "$(dirname "$0")/.."
D=${DEVICE_BUNDLE:-.device}
OUT=${OUT:-/tmp/strata-device-check}
case $OUT in /*) ;; *) OUT=$(pwd)/$OUT ;; esac
FRAMES=${FRAMES:-12}
mkdir -p "$OUT"
log=$OUT/device-check.txt
: > "$log"
say() { echo "$*" | tee -a "$log"; }
run() {
  say "\$ $*"
  "$@" 2>&1 | tee -a "$log"
}

[ -f "$D/bundle.tar.xz" ] || { say "device-check: no $D/bundle.tar.xz (run Scripts/device-bundle.sh here first)"; exit 2; }
# glvnd's loaders, where the machine has none (the NVIDIA driver brings its vendor library).
if ! ldconfig -p | grep -q 'libEGL.so.1 '; then
  for f in "$D"/gl/*.deb; do [ -f "$f" ] && dpkg -x "$f" /; done
  ldconfig
fi
nv=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
[ -f "$nv" ] && [ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$nv
export STRATA_EGL_PLATFORM=${STRATA_EGL_PLATFORM:-device}
rm -rf /tmp/strata-bundle && mkdir -p /tmp/strata-bundle
tar -C /tmp/strata-bundle -xJf "$D/bundle.tar.xz"
B=/tmp/strata-bundle/bundle
export LD_LIBRARY_PATH=$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
cores=$(nproc)

say "device-check: $(date -u '+%Y-%m-%d %H:%M') UTC, $cores cores, $(uname -m)"
command -v nvidia-smi >/dev/null && run nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
run "$B/strata" info

say "== parity of the examples (GPU against CPU)"
for f in Examples/*.json; do
  for t in 0 1.5; do
    "$B/strata" parity "$f" --time "$t" > "$OUT/parity.tmp" 2>&1
    say "$f t=$t exit $? $(tail -n 1 "$OUT/parity.tmp")"
  done
done
rm -f "$OUT/parity.tmp"

say "== S2 (issue 11: strata-gl at most 1.2x strata-cpu)"
for tiling in off on; do
  say "-- STRATA_GL_MASK_TILING=$tiling"
  export STRATA_GL_MASK_TILING=$tiling
  run "$B/strata-bench" --scene S2 --backend gpu --frames "$FRAMES"
done
unset STRATA_GL_MASK_TILING
say "-- CPU on 2 cores"
run taskset -c 0,1 "$B/strata-bench" --scene S2 --backend cpu --frames "$FRAMES"
say "-- CPU on $cores cores"
run "$B/strata-bench" --scene S2 --backend cpu --frames "$FRAMES"

say "== S4 and P100K (issue 12)"
run "$B/strata-bench" --scene S4 --backend gpu --frames "$FRAMES"
run taskset -c 0,1 "$B/strata-bench" --scene S4 --backend cpu --frames "$FRAMES"
run "$B/strata-bench" --scene S4 --backend cpu --frames "$FRAMES"
run "$B/strata-bench" --scene P100K --backend all --frames 4
if [ -d "$D/peers" ] && ls "$D"/wheels/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/strata-site "$D"/wheels/*.whl \
    && (cd "$D/peers" && export PYTHONPATH=/tmp/strata-site && run python3 moderngl_peer.py --scene S4 --frames "$FRAMES" \
      && run python3 moderngl_peer.py --scene S2 --frames "$FRAMES")
else
  say "moderngl: no wheels or peers in $D; skipped"
fi
say "device-check: done"
