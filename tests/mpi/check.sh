#!/usr/bin/env bash
# The MPI tests (ctest runs each part as its own test): usage check.sh QUEENGAMES MPIEXEC PART.
#   sweep:    the merged tables of a sweep on one process equal those under mpirun -np 1, 2, 4;
#   resume:   a sweep killed part way (once three shards are done) and resumed on another
#             number of ranks equals the uninterrupted one;
#   bad:      bad input exits 2 on every rank with the message, never hangs;
#   palaces:  the palace count by column slabs on 2 and 4 ranks equals the single-process one;
#   palaces_resume: so do runs resumed from their checkpoints (one of them killed after its
#             first checkpoint); a checkpoint with one byte changed is refused.
#   census:   census.json of `census blocking` on one process equals -np 1, 2, 4, and a run
#             killed part way on 2 ranks and resumed on 4.
set -euo pipefail
qg=$1 mpiexec=$2 part=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { local r=$1; shift; timeout -k 5 120 "$mpiexec" --oversubscribe -np "$r" "$qg" "$@"; }
same() { cmp "$1/sweep.csv" "$2/sweep.csv" && cmp "$1/sweep.json" "$2/sweep.json"; }
# kill_when N DIR REGEX PID: SIGTERM to the ranks of PID (an mpirun), as a scheduler's kill
# reaches every process, once DIR holds N files matching REGEX. (Signalled itself, mpirun
# takes about 2 s to pass the signal on; the whole job may end first.)
kill_when() {
  for _ in $(seq 1200); do
    [ "$(ls "$2" 2>/dev/null | grep -c "$3")" -ge "$1" ] && break
    sleep 0.05
  done
  pkill -TERM -P "$4" 2>/dev/null || kill -TERM "$4" 2>/dev/null || true
  wait "$4" || true
}

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
  args=(blocking --range 1..24 --size 1500)
  "$qg" sweep "${args[@]}" --out "$work/whole" >/dev/null
  # Killed once three shards are written (SIGTERM reaches every rank through mpirun; each
  # stops at its next poll), whatever the machine's speed.
  "$mpiexec" --oversubscribe -np 2 "$qg" sweep "${args[@]}" --out "$work/cut" >/dev/null 2>&1 &
  kill_when 3 "$work/cut" '^shard-' $!
  done_before=$(ls "$work/cut" | grep -c '^shard-' || true)
  [ ! -e "$work/cut/sweep.csv" ] || { echo "resume: the killed sweep was not killed before its merge"; exit 1; }
  run 4 sweep "${args[@]}" --out "$work/cut" --json >"$work/resumed.json"
  same "$work/whole" "$work/cut" || { echo "resume: the resumed sweep differs"; exit 1; }
  grep -q "\"computed\":$((24 - done_before))," "$work/resumed.json" ||
    { echo "resume: $done_before shards were done, yet: $(cat "$work/resumed.json")"; exit 1; }
  echo "resume: $done_before of 24 shards done when killed; the rest computed on 4 ranks; tables equal"
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
  check "table narrower than the ranks" blocking 10 --size 2x100
  check "unwritable checkpoint directory" blocking 10 --size 100 --checkpoint "$work/file/d"
  echo "bad: every rank exits 2 with the message"
  ;;
palaces)
  # 16-bit counters on 4 slabs, 32-bit ones (k > 16383) on 2, batches that do not divide H.
  for game in "4 100 --size 3000x1500" "2 20000 --size 500x300"; do
    set -- $game
    r=$1; shift
    want=$("$qg" blocking "$@")
    got=$(run $r blocking "$@" --batch 100)
    [ "$got" = "$want" ] || { echo "palaces $*: -np $r gave '$got', one process '$want'"; exit 1; }
  done
  echo "palaces: 2 and 4 slabs equal one process"
  ;;
palaces_resume)
  # A run of 1200 rows resumed to 2000 rows, and a run killed part way resumed.
  want=$("$qg" blocking 1000 --size 4097x2000)
  run 3 blocking 1000 --size 4097x1200 --checkpoint "$work/ck" >/dev/null
  [ "$(head -n 1 "$work/ck/checkpoint-of-3")" = 1200 ] || { echo "palaces: no checkpoint at row 1200"; exit 1; }
  got=$(run 3 blocking 1000 --size 4097x2000 --checkpoint "$work/ck")
  [ "$got" = "$want" ] || { echo "palaces: resumed from row 1200: '$got', not '$want'"; exit 1; }
  # One byte of one slab changed (issue 28 §1: it was resumed from, to another sum64): refused.
  printf '\377' | dd of="$work/ck/slab-1-of-3-row-2000.bin" bs=1 seek=120 conv=notrunc 2>/dev/null
  if err=$(run 3 blocking 1000 --size 4097x2000 --checkpoint "$work/ck" 2>&1 >/dev/null); then
    echo "palaces: resumed from a damaged slab"; exit 1
  fi
  [[ $err == *"checksum mismatch"* ]] || { echo "palaces: a damaged slab said '$err'"; exit 1; }
  big="1000 --size 10000x30000"
  want=$("$qg" blocking $big)
  "$mpiexec" --oversubscribe -np 2 "$qg" blocking $big --checkpoint "$work/kill" --checkpoint-every 0 --batch 256 \
    >/dev/null 2>&1 &
  kill_when 1 "$work/kill" '^checkpoint-of-2$' $!
  row=$(head -n 1 "$work/kill/checkpoint-of-2" 2>/dev/null || echo 0)
  got=$(run 2 blocking $big --checkpoint "$work/kill")
  [ "$got" = "$want" ] || { echo "palaces: killed at row $row and resumed: '$got', not '$want'"; exit 1; }
  [ "$row" -lt 30000 ] || { echo "palaces: the run was not killed before its end"; exit 1; }
  echo "palaces_resume: resumed from row 1200, and from row $row of a killed run"
  ;;
census)
  args=(census blocking --k 20..31 --depth 1500 --rows 200)
  "$qg" "${args[@]}" --out "$work/one" >/dev/null
  for r in 1 2 4; do
    run $r "${args[@]}" --out "$work/r$r" >/dev/null
    cmp "$work/one/census.json" "$work/r$r/census.json" || { echo "census: -np $r differs from one process"; exit 1; }
  done
  "$mpiexec" --oversubscribe -np 2 "$qg" "${args[@]}" --out "$work/cut" >/dev/null 2>&1 &
  kill_when 2 "$work/cut" '^k' $!
  [ ! -e "$work/cut/census.json" ] || { echo "census: the killed run was not killed before its merge"; exit 1; }
  run 4 "${args[@]}" --out "$work/cut" >/dev/null
  cmp "$work/one/census.json" "$work/cut/census.json" || { echo "census: the resumed census differs"; exit 1; }
  echo "census: one process = -np 1 = -np 2 = -np 4 = killed on 2 and resumed on 4"
  ;;
*)
  echo "unknown part $part"; exit 2
  ;;
esac
