#!/usr/bin/env bash
# slurm-local-test.sh: stands up a one-node Slurm on this machine (Debian slurm-wlm
# and munge; slurmctld, slurmd and munged on localhost with a generated slurm.conf
# and munge key in a temporary directory, ports 16817/16818), runs
# slurm-array.sbatch end to end with 4 shards, checks the merged corpus (kenken
# verify, every shard merged, no duplicates) and tears everything down.
# Needs root (slurmd starts jobs as their user). Exits 0 when the run checked out,
# 1 when it did not, 77 (with the reason) when Slurm cannot run here.
# Environment: KENKEN (default build/kenken), SHARDS (4), and any generate options
# as arguments (default: --sizes 4-6 --count 600 --seed 11).
set -uo pipefail
usage="usage: $0 [kenken generate options]   (KENKEN, SHARDS and KEEP=1 in the environment)"
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac
cd "$(dirname "$(readlink -f "$0")")/../.."
root=$(pwd)
kenken=$(realpath "${KENKEN:-build/kenken}")
shards=${SHARDS:-4}
[ $# -gt 0 ] || set -- --sizes 4-6 --count 600 --seed 11

cannot() { echo "slurm-local-test: cannot run here: $*" >&2; exit 77; }
[ "$(id -u)" = 0 ] || cannot "slurmd must run as root to start jobs (run as root, e.g. in a container)"
for b in slurmctld slurmd sbatch squeue sinfo scontrol munged mungekey; do
    command -v "$b" >/dev/null || cannot "$b is missing (apt-get install slurm-wlm munge)"
done
[ -x "$kenken" ] || cannot "no kenken binary at $kenken (build it, or set KENKEN)"

work=$(mktemp -d /tmp/kenken-slurm.XXXXXX)
chmod 755 "$work"
host=$(hostname -s)
cpus=$(nproc)
echo "slurm-local-test: $work on $host ($cpus CPUs)"

teardown() {
    echo "slurm-local-test: tearing down"
    [ -n "${SLURM_CONF:-}" ] && scancel --quiet -u root 2>/dev/null
    for p in slurmd slurmctld munged; do
        [ -f "$work/$p.pid" ] && kill "$(cat "$work/$p.pid")" 2>/dev/null
    done
    sleep 1
    for p in slurmd slurmctld munged; do
        [ -f "$work/$p.pid" ] && kill -9 "$(cat "$work/$p.pid")" 2>/dev/null
    done
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap teardown EXIT

# munge: its own key, socket and files; nothing under /etc is touched.
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/run"
chmod 700 "$work/munge"
mungekey -c -k "$work/munge/munge.key" || cannot "mungekey failed"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.sock" \
    --pid-file="$work/munged.pid" --log-file="$work/munge/munged.log" \
    --seed-file="$work/munge/munge.seed" ||
    cannot "munged did not start: $(tail -3 "$work/munge/munged.log" 2>/dev/null)"

cat > "$work/slurm.conf" <<CONF
ClusterName=kenkenlocal
SlurmctldHost=$host
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.sock
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$work/slurm.conf

slurmctld -f "$SLURM_CONF" || cannot "slurmctld did not start: $(tail -5 "$work/slurmctld.log")"
slurmd -f "$SLURM_CONF" || cannot "slurmd did not start: $(tail -5 "$work/slurmd.log")"
for _ in $(seq 1 30); do
    state=$(sinfo -h -n "$host" -o %t 2>/dev/null)
    [ "$state" = idle ] && break
    sleep 1
done
[ "$state" = idle ] || cannot "the node did not come up (state '$state'): $(tail -5 "$work/slurmd.log")"
sinfo

t0=$(date +%s.%N)
out=$(KENKEN=$kenken "$root/scripts/cluster/slurm-array.sbatch" "$shards" "$work/job" "$@") ||
    { echo "$out"; echo "slurm-local-test: submission failed"; exit 1; }
echo "$out"
for _ in $(seq 1 600); do
    [ -z "$(squeue -h -o %i)" ] && break
    sleep 1
done
t1=$(date +%s.%N)
[ -z "$(squeue -h -o %i)" ] && echo "all jobs left the queue after $(echo "$t1 - $t0" | bc) s" ||
    { squeue; echo "slurm-local-test: jobs still queued after 10 minutes"; exit 1; }

ok=1
for ((i = 0; i < shards; i++)); do
    [ -f "$work/job/shards/shard-$i.db" ] || { echo "missing shard $i"; ok=0; }
    tail -n 2 "$work/job/logs/shard-$i.out" | sed "s/^/  shard $i: /"
done
echo "merge job output:"
sed 's/^/  /' "$work/job/logs/merge.out"
[ -f "$work/job/corpus.db" ] || { echo "no merged corpus"; exit 1; }
"$kenken" stats --db "$work/job/corpus.db" | head -8
"$kenken" verify --db "$work/job/corpus.db" || ok=0
merged=$(sqlite3 "$work/job/corpus.db" "SELECT count(*) FROM puzzles")
distinct=$(for ((i = 0; i < shards; i++)); do sqlite3 "$work/job/shards/shard-$i.db" "SELECT canonical FROM puzzles"; done | sort -u | wc -l)
runs=$(sqlite3 "$work/job/corpus.db" "SELECT count(DISTINCT shard_index) FROM runs WHERE shard_count = $shards")
echo "merged: $merged puzzles; distinct in the shards: $distinct; shards merged: $runs of $shards"
[ "$merged" = "$distinct" ] && [ "$runs" = "$shards" ] || ok=0
if [ "$ok" = 1 ]; then echo "slurm-local-test: PASS"; exit 0; fi
echo "slurm-local-test: FAIL"
exit 1
