#!/usr/bin/env bash
# Set-up if needed, then the main job: manufacture the default corpus (corpus.db:
# 100 puzzles of each size 4x4..9x9, the configuration built into kenken, also in
# configs/default.toml), check it, and print its table.
# Usage: scripts/run.sh [CORPUS]   (default: corpus.db in this source tree)
set -euo pipefail
usage="usage: $0 [CORPUS]   (default: corpus.db in the source tree)"
# --help was refused as a bad argument (exit 2).
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac
if [ $# -gt 1 ] || [[ "${1-x}" == -* || "${1-x}" == "" ]]; then
    echo "$usage" >&2
    exit 2
fi
# A corpus named on the command line is where the caller is, not in the source tree
# the script moves to (run.sh mine.db from another folder made it there).
db=${1:-corpus.db}
[[ $# -eq 0 || "$db" == /* ]] || db=$PWD/$db
cd "$(dirname "$(readlink -f "$0")")/.."
scripts/setup.sh kenken
# The latest run of an existing corpus: one stopped before it finished (Ctrl-C) was
# shown as if it were the whole corpus; it is resumed instead.
last_run=
[ -f "$db" ] && last_run=$(build/kenken stats --json --db "$db" | jq -r '.runs | last | .status // empty')
if [ -n "$last_run" ] && [ "$last_run" != finished ]; then
    echo "$db holds a run that did not finish: resuming it"
    # A merged shard's run cannot be resumed here: then the corpus is shown as it is.
    if build/kenken generate --db "$db" --resume; then
        echo
        build/kenken verify --db "$db"
    else
        echo "$db: not resumed (above): showing it as it is"
    fi
elif [ -f "$db" ]; then
    echo "$db exists: showing it (delete it, or name another file, to make a new one)"
else
    build/kenken generate --db "$db"
    echo
    build/kenken verify --db "$db"
fi
echo
build/kenken stats --db "$db"
