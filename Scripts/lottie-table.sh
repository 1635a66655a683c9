#!/usr/bin/env bash
# Renders every snapshot point of Tests/LottieCorpus on each backend (LottieCorpusTests) and
# prints the table of points passing lottie-ios's own rule against Apple's Core Animation
# renders, as in the README's Lottie section.
#
#   Scripts/lottie-table.sh            # builds (debug) and runs the suite
#   Scripts/lottie-table.sh LOG        # formats the output of an earlier run instead
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -ge 1 ]]; then
  log=$1
else
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  swift build --build-tests >&2
  swift test --skip-build --filter LottieCorpusTests >"$log" 2>&1 || true
fi
grep -E '^lottie ' "$log" | awk '
  { split($2, a, "-"); pct = a[length(a)]; sample = substr($2, 1, length($2) - length(pct) - 1)
    if (!(sample in seen)) { seen[sample] = 1; order[++n] = sample }
    mark = ($4 == "pass") ? "pass" : sprintf("**%s**", $5)
    cell[sample, pct, $3] = mark; total[$3]++; if ($4 == "pass") passed[$3]++
    backends[$3] = 1 }
  END {
    printf "| sample | 0%% | 25%% | 50%% | 75%% | 100%% |\n|---|---|---|---|---|---|\n"
    for (i = 1; i <= n; i++) {
      s = order[i]; printf "| %s |", s
      split("0 25 50 75 100", ps, " ")
      for (k = 1; k <= 5; k++) {
        c = cell[s, ps[k], "cpu"]; g = cell[s, ps[k], "gpu"]
        if (c == "" && g == "") { printf " |"; continue }
        if (g == "" || c == g) printf " %s |", c; else printf " cpu %s, gpu %s |", c, g
      }
      printf "\n"
    }
    printf "\n"
    for (b in backends) printf "%s: %d of %d snapshot points pass (%.1f%%)\n", b, passed[b], total[b], 100 * passed[b] / total[b]
  }'
