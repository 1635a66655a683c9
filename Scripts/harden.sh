#!/usr/bin/env bash
# The hardening run (docs/Testing.md, "Hardening"): the mutation fuzzer on a release build
# of `strata` (the example scenes, then the Lottie samples), the differential fuzzer of the two backends, and the libFuzzer targets with
# a short budget. Not run by CI: minutes to hours, by the figures below.
#
#   Scripts/harden.sh                    defaults: 3000 mutants, 1000 trees, 60 s per fuzz target
#   MUTANTS=N TREES=N FUZZ_SECONDS=N SEED=S Scripts/harden.sh
#
# Exit status 1 when any part found something (each part says what and where it kept it).
set -uo pipefail
cd "$(dirname "$0")/.."
[ -d /opt/swift/usr/bin ] && export PATH="/opt/swift/usr/bin:$PATH"
mutants=${MUTANTS:-3000} trees=${TREES:-1000} fuzz_seconds=${FUZZ_SECONDS:-60} seed=${SEED:-1}
status=0
echo "== release build of strata and strata-fuzz"
swift build -c release --product strata >/dev/null && swift build -c release --product strata-fuzz >/dev/null || exit 1
echo "== mutation fuzzer: $mutants mutants of the examples (seed $seed, 20 s and 4 GiB each)"
python3 Fuzz/mutate.py --strata .build/release/strata --count "$mutants" --seed "$seed" --out .build/mutants || status=1
echo "== mutation fuzzer: $((mutants / 3)) mutants of the Lottie samples (the importer)"
python3 Fuzz/mutate.py --strata .build/release/strata --count "$((mutants / 3))" --seed "$seed" --out .build/mutants-lottie \
  --inputs 'Tests/LottieCorpus/samples/**/*.json' || status=1
echo "== differential fuzzer: $trees trees (seed $seed)"
.build/release/strata-fuzz --count "$trees" --seed "$seed" --out .build/strata-fuzz | tail -n 40 || status=1
echo "== libFuzzer targets, $fuzz_seconds s each"
Scripts/fuzz.sh "$fuzz_seconds" || status=1
exit $status
