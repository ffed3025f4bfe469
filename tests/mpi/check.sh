#!/usr/bin/env bash
# The MPI tests (ctest runs each part as its own test): usage check.sh QUEENGAMES MPIEXEC PART.
#   sweep:    the merged tables of a sweep on one process equal those under mpirun -np 1, 2, 4;
#   resume:   a sweep killed part way and resumed on another number of ranks equals the
#             uninterrupted one;
#   bad:      bad input exits 2 on every rank with the message, never hangs;
#   palaces:  the palace count by column slabs on 1, 2, 4 ranks equals the single-process one,
#             and a run resumed from its checkpoints too.
set -euo pipefail
qg=$1 mpiexec=$2 part=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { local r=$1; shift; timeout -k 5 120 "$mpiexec" --oversubscribe -np "$r" "$qg" "$@"; }
same() { cmp "$1/sweep.csv" "$2/sweep.csv" && cmp "$1/sweep.json" "$2/sweep.json"; }

case $part in
sweep)
  for family in "kl-maharaja --range 2..10 --size 3000" "blocking --range 1..6 --size 200"; do
    "$qg" sweep $family --out "$work/one" >/dev/null
    for r in 1 2 4; do
      run $r sweep $family --out "$work/r$r" >/dev/null
      same "$work/one" "$work/r$r" || { echo "sweep $family: -np $r differs from one process"; exit 1; }
    done
    rm -rf "$work"/one "$work"/r*
  done
  echo "sweep: one process = -np 1 = -np 2 = -np 4"
  ;;
resume)
  args=(blocking --range 1..48 --size 2000)
  "$qg" sweep "${args[@]}" --out "$work/whole" >/dev/null
  # SIGTERM reaches every rank through mpirun; each stops at its next poll.
  timeout -s TERM 1.5 "$mpiexec" --oversubscribe -np 2 "$qg" sweep "${args[@]}" --out "$work/cut" >/dev/null 2>&1 || true
  done_before=$(ls "$work/cut" | grep -c '^shard-' || true)
  [ ! -e "$work/cut/sweep.csv" ] || { echo "resume: the killed sweep was not killed before its merge"; exit 1; }
  run 4 sweep "${args[@]}" --out "$work/cut" --json >"$work/resumed.json"
  same "$work/whole" "$work/cut" || { echo "resume: the resumed sweep differs"; exit 1; }
  grep -q "\"computed\":$((48 - done_before))," "$work/resumed.json" ||
    { echo "resume: $done_before shards were done, yet: $(cat "$work/resumed.json")"; exit 1; }
  echo "resume: $done_before of 48 shards done when killed; the rest computed on 4 ranks; tables equal"
  ;;
bad)
  check() {
    local what=$1; shift
    set +e
    run 3 "$@" >"$work/out" 2>"$work/err"
    local status=$?
    set -e
    [ $status -eq 2 ] || { echo "bad: $what: exit $status, not 2"; cat "$work/err"; exit 1; }
    local n
    n=$(grep -c '^queengames: ' "$work/err" || true)
    [ "$n" -eq 3 ] || { echo "bad: $what: $n messages from 3 ranks"; cat "$work/err"; exit 1; }
  }
  check "unknown family" sweep nosuch --range 1..3 --out "$work/d"
  check "empty range" sweep blocking --range 5..4 --out "$work/d"
  touch "$work/file"
  check "unwritable directory" sweep blocking --range 1..3 --out "$work/file/d"
  echo "bad: every rank exits 2 with the message"
  ;;
*)
  echo "unknown part $part"; exit 2
  ;;
esac
