#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and ThreadSanitizer, each in a build
# folder of its own (.build-asan, .build-tsan), so the normal .build stays as it is.
#
#   Scripts/sanitize.sh            both, address first
#   Scripts/sanitize.sh address    one of them (address | thread)
#   FILTER=Suite Scripts/sanitize.sh thread   only the tests that match (swift test --filter)
#
# Slow: a full build per sanitizer and a test run several times slower than usual. CI does
# not run it (docs/Testing.md, "Hardening"). Exit status: 0 when every run passed.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -d /opt/swift/usr/bin ] && export PATH="/opt/swift/usr/bin:$PATH"
export CI=true
# Leak reports would be about the Swift runtime's and Mesa's process-lifetime allocations
# (caches, the driver), not about Strata: leaks are not what this run looks for.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1:abort_on_error=0}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0:second_deadlock_stack=1}"
# Tests that cannot hold under a sanitizer (docs/Testing.md, "Sanitizers"): those that make
# an object at a freed object's address (ASan keeps freed memory in quarantine, so the
# address is not reused and the case cannot be set up), and the peak-memory tests (the
# sanitizer's shadow memory counts as resident).
skip='AtAFreed|maskedNestedGroupsTakeTheSizeOfTheMask|StrataCLITests\.MemoryTests|StrataMemoryTests\.'
sanitizers=("$@")
[ ${#sanitizers[@]} -eq 0 ] && sanitizers=(address thread)
status=0
for s in "${sanitizers[@]}"; do
  case "$s" in address) dir=.build-asan ;; thread) dir=.build-tsan ;; *) echo "unknown sanitizer $s" >&2; exit 2 ;; esac
  filter=(); [ -n "${FILTER:-}" ] && filter=(--filter "$FILTER")
  echo "== $s: building into $dir"
  if ! swift build --build-tests --sanitize="$s" --build-path "$dir"; then status=1; continue; fi
  echo "== $s: testing"
  start=$(date +%s)
  if swift test --skip-build --sanitize="$s" --build-path "$dir" --skip "$skip" "${filter[@]}"; then
    echo "== $s: passed in $(( $(date +%s) - start )) s"
  else
    echo "== $s: FAILED after $(( $(date +%s) - start )) s"; status=1
  fi
done
exit $status
