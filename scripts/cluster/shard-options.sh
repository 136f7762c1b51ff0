# Sourced by parallel.sh and slurm-array.sbatch when they start: the checks of N and of
# the generate options they pass on to every shard, so a slip is refused at once, not
# by each shard in turn (under Slurm: every array task failed, and the merge never ran).
#
# check_shard_options SCRIPT N THREADS_HINT [generate options]
# THREADS_HINT: "" when the options may set --threads (-j), else what sets them instead.
check_shard_options() {
    local script=$1 n=$2 threads_hint=$3
    shift 3
    if ! [[ "$n" =~ ^[1-9][0-9]{0,4}$ ]] || [ "$n" -gt 10000 ]; then
        echo "$script: N is $n: give a number of shards from 1 to 10000" >&2
        return 2
    fi
    local o
    for o in "$@"; do
        case "$o" in
            --db | --db=* | --shard | --shard=* | --resume | --top-up)
                echo "$script: $o is set by the script" >&2
                return 2
                ;;
            --threads* | -j*)
                if [ -n "$threads_hint" ]; then
                    echo "$script: $o is set by the script ($threads_hint)" >&2
                    return 2
                fi
                ;;
        esac
    done
}
