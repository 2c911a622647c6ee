#!/usr/bin/env bash
# The shard recipes of docs/arena.md ("Past one machine") run for real, as the page prints them:
#
# - Slurm: Debian's slurmctld, slurmd and munge, a one-node cluster on this machine (localhost
#   only, its own ports, configuration and state in a scratch directory; the daemons started by
#   hand, as there is no systemd), the arena's job array and its merge as a dependent job, then
#   the self-play job array and its merge: the merged report must equal a one-process run of
#   the same deals in every figure but the wall-clock ones, the merged self-play file the
#   whole run's file byte for byte.
# - GNU parallel with a job log: one shard is killed mid-run on purpose, the merge must refuse
#   it, the recipe run again must play only that shard, and the merge then gives the
#   one-process run's report.
#
# The recipes are read from docs/arena.md, so the page cannot drift from what runs; the test
# only shrinks the run (players and deals, each replacement required to match exactly once).
# Needs root and Debian's apt-get (it installs slurmctld, slurmd, munge and parallel); where
# the machine cannot host that it says so and exits 0. Run from anywhere: bash scripts/test-cluster.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
DOC="$ROOT/docs/arena.md"

say() { echo "test-cluster: $*"; }
skip() {
  say "skipped: $* (this machine cannot host the test cluster)"
  exit 0
}
fail() {
  echo "test-cluster: FAILED: $*" >&2
  exit 1
}
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

[ "$(id -u)" = 0 ] || skip "not root: cannot install or run the Slurm daemons"
command -v apt-get >/dev/null 2>&1 || skip "no apt-get: not a Debian machine"

# --- what it needs ------------------------------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
  ! command -v munged >/dev/null || ! command -v sbatch >/dev/null ||
  ! command -v parallel >/dev/null || ! command -v jq >/dev/null; then
  started=$(now)
  say "installing slurmctld slurmd slurm-client munge parallel jq (apt-get)"
  # Other apt users may hold the lock for a while: wait for it rather than fail.
  apt="apt-get -q -o DPkg::Lock::Timeout=600"
  if ! $apt update >/tmp/test-cluster-apt.log 2>&1 ||
    ! DEBIAN_FRONTEND=noninteractive $apt install -y --no-install-recommends \
      slurmctld slurmd slurm-client munge parallel jq >>/tmp/test-cluster-apt.log 2>&1; then
    tail -n 5 /tmp/test-cluster-apt.log >&2
    skip "apt-get could not install the packages"
  fi
  say "installed in $(since "$started") s"
fi

cargo build --release -q
BIN="$ROOT/target/release/ddz"
export PATH="$ROOT/target/release:$PATH"

WORK=$(mktemp -d /tmp/ddz-cluster.XXXXXX)
chmod 700 "$WORK"
PIDS=()
cleanup() {
  if [ -n "${SLURM_CONF:-}" ] && [ -e "$SLURM_CONF" ]; then
    scancel --quiet --user=root >/dev/null 2>&1 || true
  fi
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "${KEEP:-0}" = 1 ]; then say "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# --- the recipes, from the page -----------------------------------------------------------
# The indented block after the first line of docs/arena.md that contains $1 (a caption).
recipe() {
  awk -v mark="$1" '
    !found { if (index($0, mark)) found = 1; next }
    /^    / { if (started) printf "%s", blank; blank = ""; sub(/^    /, ""); print; started = 1; next }
    /^ *$/ { if (started) blank = blank "\n"; next }
    { if (started) exit }
  ' "$DOC"
}
# $1 with each "FROM=>TO" of the other arguments replaced; each FROM must occur exactly once.
shrink() {
  local text=$1
  shift
  local pair from to
  for pair in "$@"; do
    from=${pair%%=>*}
    to=${pair#*=>}
    [ "$(grep -oF -- "$from" <<<"$text" | wc -l)" = 1 ] ||
      fail "docs/arena.md's recipe no longer holds '$from' exactly once:"$'\n'"$text"
    text=${text/"$from"/"$to"}
  done
  printf '%s\n' "$text"
}
# The one-process run of a recipe's shard command: its `ddz ...` words (continuation lines
# joined, from `ddz ` to GNU parallel's `:::`) without --shard and the file it writes.
whole_run() {
  local line words=() out=() skip_next=0 w
  line=$(grep -v '^#' <<<"$1" | sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}' |
    grep -m1 'ddz ' | sed -e 's/^.*\(ddz \)/\1/' -e 's/ :::.*$//')
  SLURM_ARRAY_TASK_ID=1 eval "words=($line)"
  for w in "${words[@]}"; do
    if [ $skip_next = 1 ]; then skip_next=0; continue; fi
    case $w in
      --shard | --json | --out) skip_next=1 ;;
      '>' | /dev/null) ;;
      *) out+=("$w") ;;
    esac
  done
  printf '%q ' "${out[@]}"
}
# A report without its wall-clock figures: the RESULT line without seconds and reply times,
# then the lines of the player table and after it, without the reply-times column.
figures() {
  grep '^RESULT ' "$1" | sed 's/^RESULT //' |
    jq -S 'del(.seconds) | .players |= map(del(.reply_ms))'
  grep -v '^RESULT ' "$1" | tail -n +3 |
    awk '{ out = ""; for (i = 1; i <= NF; i++) if (gsub(/\//, "/", $i) != 3) out = out " " $i; print out }'
}
same_report() {
  if ! diff <(figures "$1") <(figures "$2") >"$WORK/report.diff"; then
    cat "$WORK/report.diff" >&2
    fail "$3: the merged report differs from the one-process run's"
  fi
}

ARENA_SCRIPT=$(recipe "The arena's job script")
ARENA_SUBMIT=$(recipe "submitted from the shared directory")
SELFPLAY_SCRIPT=$(recipe "Self-play's job script")
SELFPLAY_SUBMIT=$(recipe "its shards joined by a job that waits")
PARALLEL=$(recipe "GNU parallel runs the shards, one per core")
for r in ARENA_SCRIPT ARENA_SUBMIT SELFPLAY_SCRIPT SELFPLAY_SUBMIT PARALLEL; do
  [ -n "${!r}" ] || fail "no $r recipe found in docs/arena.md"
done
ARENA_SCRIPT=$(shrink "$ARENA_SCRIPT" "builtin:ddz builtin:greedy=>builtin:rules builtin:greedy" \
  "--games 20000=>--games 60")
SELFPLAY_SCRIPT=$(shrink "$SELFPLAY_SCRIPT" "builtin:ddz:samples=4=>builtin:rules" \
  "--deals 30000=>--deals 40")
# 4,000 deals of the rule player and greedy: seconds, long enough for a shard to be killed
# while it runs.
PARALLEL=$(shrink "$PARALLEL" "builtin:ddz builtin:greedy=>builtin:rules builtin:greedy" \
  "--games 20000=>--games 4000")

# --- a one-node Slurm cluster -------------------------------------------------------------
slurm_up() {
  local host ports
  host=$(hostname -s)
  mkdir -p "$WORK/munge" "$WORK/slurm/state" "$WORK/slurm/spool"
  chmod 700 "$WORK/munge"
  dd if=/dev/urandom of="$WORK/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$WORK/munge/munge.key"
  munged --foreground --force --socket="$WORK/munge/munge.socket" \
    --key-file="$WORK/munge/munge.key" --pid-file="$WORK/munge/munged.pid" \
    --log-file="$WORK/munge/munged.log" --seed-file="$WORK/munge/munged.seed" \
    >"$WORK/munge/munged.out" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 50); do [ -S "$WORK/munge/munge.socket" ] && break; sleep 0.1; done
  [ -S "$WORK/munge/munge.socket" ] || {
    cat "$WORK/munge/munged.log" >&2 || true
    skip "munged did not start"
  }
  # Ports of our own, clear of a real cluster's 6817/6818 on the same machine.
  read -r -a ports <<<"$(python3 -c 'import socket
s=[socket.socket() for _ in range(2)]
[x.bind(("127.0.0.1",0)) for x in s]
print(*[x.getsockname()[1] for x in s])' 2>/dev/null || echo "16817 16818")"
  cat >"$WORK/slurm/slurm.conf" <<EOF
ClusterName=ddztest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=${ports[0]}
SlurmdPort=${ports[1]}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$WORK/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$WORK/slurm/state
SlurmdSpoolDir=$WORK/slurm/spool
SlurmctldPidFile=$WORK/slurm/slurmctld.pid
SlurmdPidFile=$WORK/slurm/slurmd.pid
SlurmctldLogFile=$WORK/slurm/slurmctld.log
SlurmdLogFile=$WORK/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=3600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$WORK/slurm/slurm.conf"
  slurmctld -D -i >"$WORK/slurm/slurmctld.out" 2>&1 &
  PIDS+=($!)
  slurmd -D >"$WORK/slurm/slurmd.out" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 120); do
    if sinfo -h -o '%t' 2>/dev/null | grep -qx 'idle'; then return 0; fi
    sleep 0.5
  done
  sinfo >&2 || true
  tail -n 20 "$WORK/slurm/slurmctld.log" "$WORK/slurm/slurmd.log" >&2 || true
  fail "the one-node cluster did not come up within 60 s"
}

# Waits for job $1 (and everything it waited for) to end; fails unless it completed.
slurm_wait() {
  local state
  for _ in $(seq 600); do
    state=$(scontrol show job "$1" -o 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -n 1)
    case $state in
      JobState=COMPLETED) return 0 ;;
      JobState=PENDING | JobState=RUNNING | JobState=CONFIGURING | JobState=COMPLETING | "") ;;
      *)
        scontrol show job "$1" >&2 || true
        fail "job $1 ended as ${state#JobState=}"
        ;;
    esac
    sleep 0.5
  done
  fail "job $1 did not end within 5 minutes"
}

# Runs a recipe's submit lines in the current directory; the merge job's id is the last
# sbatch's, read from its "Submitted batch job N".
slurm_submit() {
  local out
  out=$(bash -euo pipefail -c "$1")
  grep -o '[0-9]\+$' <<<"$out" | tail -n 1
}

# Runs one recipe in a fresh folder $WORK/$1 (left as the current directory): its shard
# script $3 written as $2, its submit lines $4 run, the merge job they end with waited for;
# RECIPE_TIME is the wall time from submitting to the merge's end.
slurm_recipe() {
  mkdir "$WORK/$1" && cd "$WORK/$1"
  printf '%s\n' "$3" >"$2"
  local started merge_job
  started=$(now)
  merge_job=$(slurm_submit "$4")
  slurm_wait "$merge_job"
  RECIPE_TIME=$(since "$started")
}

started=$(now)
slurm_up
COME_UP=$(since "$started")
say "Slurm $(slurmctld -V | awk '{print $2}'): one node ($(nproc) CPUs) up in $COME_UP s"

# The arena's job array and its merge.
slurm_recipe arena arena-shards.sh "$ARENA_SCRIPT" "$ARENA_SUBMIT"
ARENA_TIME=$RECIPE_TIME
[ -s report.txt ] || fail "the merge job wrote no report.txt"
eval "$(whole_run "$ARENA_SCRIPT")" >whole.txt
same_report report.txt whole.txt "Slurm arena"
say "Slurm arena: a job array of $(ls shard-*.jsonl | wc -l) shards and its merge in $ARENA_TIME s; the merged report is the one-process run's"

# Self-play's job array and its merge.
slurm_recipe selfplay selfplay-shards.sh "$SELFPLAY_SCRIPT" "$SELFPLAY_SUBMIT"
SELFPLAY_TIME=$RECIPE_TIME
eval "$(whole_run "$SELFPLAY_SCRIPT") --out whole.tsv" 2>/dev/null
merged=$(grep -o -- '--out [^ ]*' <<<"$SELFPLAY_SUBMIT" | sed 's/^--out //')
[ -s "$merged" ] || fail "the self-play merge job wrote no ${merged:-file}"
cmp "$merged" whole.tsv || fail "Slurm self-play: $merged is not the whole run's file"
say "Slurm self-play: $(ls selfplay-[0-9]*.tsv | wc -l) shards and their merge in $SELFPLAY_TIME s; $merged is the whole run's file byte for byte"

# --- GNU parallel, a shard killed and resumed ---------------------------------------------
mkdir -p "$WORK/parallel/bin" && cd "$WORK/parallel"
# A stand-in `ddz` first on the PATH: the real one, except that the first run of shard 3/8 is
# killed (SIGKILL, as a lost node or an out-of-memory kill) once its log has games in it.
cat >bin/ddz <<'EOF'
#!/bin/sh
echo "$*" >>"$DDZ_CALLS"
json=
prev=
for a in "$@"; do
  [ "$prev" = --json ] && json=$a
  prev=$a
done
case " $* " in
  *" --shard 3/8 "*)
    if [ ! -e "$DDZ_KILLED" ]; then
      touch "$DDZ_KILLED"
      "$DDZ_REAL" "$@" &
      pid=$!
      while [ "$(cat "$json" 2>/dev/null | wc -l)" -lt 10 ]; do
        kill -0 $pid 2>/dev/null || break
        sleep 0.01
      done
      kill -9 $pid 2>/dev/null || { echo "shard 3/8 ended before it could be killed" >&2; exit 3; }
      wait $pid
      exit $?
    fi
    ;;
esac
exec "$DDZ_REAL" "$@"
EOF
chmod +x bin/ddz
export DDZ_REAL="$BIN" DDZ_CALLS="$WORK/parallel/calls" DDZ_KILLED="$WORK/parallel/killed"
started=$(now)
if PATH="$WORK/parallel/bin:$PATH" bash -euo pipefail -c "$PARALLEL" >first.txt 2>first.err; then
  fail "GNU parallel: the run with a killed shard succeeded"
fi
[ -e killed ] || fail "GNU parallel: no shard was killed"
if ddz arena merge shard-*.jsonl >/dev/null 2>merge.err; then
  fail "GNU parallel: the merge took a killed shard"
fi
grep -q 'shard-3.jsonl has no end line: shard 3/8 did not finish' merge.err ||
  fail "GNU parallel: the merge did not name the killed shard: $(cat merge.err)"
runs_before=$(wc -l <calls)
PATH="$WORK/parallel/bin:$PATH" bash -euo pipefail -c "$PARALLEL" >report.txt
PARALLEL_TIME=$(since "$started")
rerun=$(tail -n +$((runs_before + 1)) calls | grep -o -- '--shard [0-9/]*' | tr '\n' ' ')
[ "$rerun" = "--shard 3/8 " ] ||
  fail "GNU parallel: the resumed run played '$rerun', not only shard 3/8"
eval "$(whole_run "$PARALLEL") --jobs $(nproc)" >whole.txt
same_report report.txt whole.txt "GNU parallel"
games=$(grep '^RESULT ' report.txt | sed 's/^RESULT //' | jq .games)
say "GNU parallel: 8 shards ($games games), one killed and resumed alone, in $PARALLEL_TIME s" \
  "($(awk -v g="$games" -v t="$PARALLEL_TIME" 'BEGIN { printf "%.0f", g / t }') games/s);" \
  "the merged report is the one-process run's"
say "passed: cluster up in $COME_UP s, arena array $ARENA_TIME s, self-play array $SELFPLAY_TIME s, GNU parallel $PARALLEL_TIME s"
