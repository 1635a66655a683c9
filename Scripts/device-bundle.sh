#!/bin/sh
# Scripts/device-bundle.sh: packs what Scripts/device-check.sh needs on a lent GPU machine,
# which has no Swift toolchain and reaches no package registry, into .device/ (ignored):
#
#   .device/bundle.tar.xz   release strata and strata-bench with the Swift runtime and the
#                           system libraries they link (stripped; about 20 MB)
#   .device/gl/*.deb        glvnd's EGL and GLES loaders (the NVIDIA driver brings only its
#                           vendor libraries)
#   .device/wheels/*.whl    moderngl and glcontext, for the moderngl peer (numpy is there)
#   .device/peers/*.py      the moderngl peer and what it imports, from $PEERS
#                           (default ../shared/peers, which does not travel)
#
# Then, with the device tool (one call; the working tree and .device travel, about 50 MB):
#   run(command: "sh Scripts/device-check.sh", carry: [".device"], timeout_s: 540)
set -eu
cd "$(dirname "$0")/.."
D=.device
rm -rf "$D" /tmp/strata-device-bundle
mkdir -p "$D/gl" "$D/wheels" /tmp/strata-device-bundle/bundle/lib
grep -qx '/.device/' .git/info/exclude 2>/dev/null || echo '/.device/' >> .git/info/exclude

swift build -c release --product strata-bench >&2
swift build -c release --product strata >&2
B=/tmp/strata-device-bundle/bundle
cp .build/release/strata-bench .build/release/strata "$B/"
# Every library they link but the C and C++ runtimes, which any x86-64 Linux has.
for l in $(ldd "$B/strata-bench" "$B/strata" | awk '$3 ~ /^\// { print $3 }' | sort -u |
  grep -v -E '/(libc|libm|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so'); do
  cp -L "$l" "$B/lib/"
done
strip --strip-unneeded "$B/strata-bench" "$B/strata" "$B"/lib/*.so* 2>/dev/null || true
tar -C /tmp/strata-device-bundle -cJf "$D/bundle.tar.xz" bundle

(cd "$D/gl" && apt-get download libegl1 libglvnd0 libgles2 >&2)
if command -v python3 >/dev/null && python3 -m pip --version >/dev/null 2>&1; then
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
    -d "$D/wheels" moderngl glcontext >&2 || echo "device-bundle: no moderngl wheels; the peer is skipped there" >&2
fi
PEERS=${PEERS:-../shared/peers}
if [ -d "$PEERS" ]; then
  mkdir -p "$D/peers"
  cp "$PEERS/moderngl_peer.py" "$PEERS/common.py" "$PEERS/scenes.py" "$PEERS/egl.py" "$D/peers/"
fi
du -sh "$D" >&2
