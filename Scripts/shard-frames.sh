#!/bin/sh
# Prints the --frames range (START:END) of one shard of a frame range, for cluster jobs.
#
#   Scripts/shard-frames.sh START END SHARDS [INDEX]
#
# Frames START up to END (not included) are cut into SHARDS contiguous ranges whose sizes
# differ by at most one; shard INDEX (0 to SHARDS-1) gets frames
# START + floor(INDEX * N / SHARDS) up to START + floor((INDEX + 1) * N / SHARDS), N = END - START.
# Without INDEX, the job index comes from the scheduler:
#   JOB_COMPLETION_INDEX                       Kubernetes Indexed Job (0-based)
#   SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN Slurm job array (--array=0-7 or 1-8)
# A shard with no frames (more shards than frames) prints nothing and exits 0: the job
# has nothing to do. Frame numbers stay global, so every shard's files
# ('frame-%04d.png') land in one directory without clashing, and merge by name.
#
# exit status: 0 printed (or an empty shard), 2 wrong arguments or no job index.
set -eu

usage() {
  echo "usage: $0 START END SHARDS [INDEX]  (INDEX: default \$JOB_COMPLETION_INDEX or \$SLURM_ARRAY_TASK_ID)" >&2
  exit 2
}

whole() { case "$1" in '' | *[!0-9]*) return 1 ;; *) return 0 ;; esac; }

# Leading zeros would read as octal in $(( )): strip them (0 stays 0).
decimal() {
  v=$1
  while [ "${#v}" -gt 1 ] && [ "${v#0}" != "$v" ]; do v=${v#0}; done
  echo "$v"
}

[ $# -eq 3 ] || [ $# -eq 4 ] || usage
start=$1 end=$2 shards=$3
if [ $# -eq 4 ]; then
  index=$4
elif [ -n "${JOB_COMPLETION_INDEX:-}" ]; then
  index=$JOB_COMPLETION_INDEX
elif [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
  whole "$SLURM_ARRAY_TASK_ID" && whole "${SLURM_ARRAY_TASK_MIN:-0}" || usage
  index=$(($(decimal "$SLURM_ARRAY_TASK_ID") - $(decimal "${SLURM_ARRAY_TASK_MIN:-0}")))
  [ "$index" -ge 0 ] || { echo "$0: SLURM_ARRAY_TASK_ID is below SLURM_ARRAY_TASK_MIN" >&2; exit 2; }
else
  echo "$0: no INDEX given and neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set" >&2
  exit 2
fi
for v in "$start" "$end" "$shards" "$index"; do
  whole "$v" || { echo "$0: '$v' is not a whole number" >&2; exit 2; }
done
start=$(decimal "$start") end=$(decimal "$end") shards=$(decimal "$shards") index=$(decimal "$index")
[ "$end" -gt "$start" ] || { echo "$0: END ($end) must be more than START ($start)" >&2; exit 2; }
[ "$shards" -ge 1 ] || { echo "$0: SHARDS must be at least 1" >&2; exit 2; }
[ "$index" -lt "$shards" ] || { echo "$0: INDEX $index is not below SHARDS ($shards)" >&2; exit 2; }
n=$((end - start))
a=$((start + index * n / shards))
b=$((start + (index + 1) * n / shards))
[ "$b" -gt "$a" ] || exit 0
echo "$a:$b"
