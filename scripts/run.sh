#!/usr/bin/env bash
# Set-up if needed, then the main job: manufacture the default corpus (corpus.db:
# 100 puzzles of each size 4x4..9x9, the configuration built into kenken, also in
# configs/default.toml), check it, and print its table.
# Usage: scripts/run.sh [CORPUS]   (default: corpus.db in this source tree)
set -euo pipefail
if [ $# -gt 1 ] || [[ "${1:-}" == -* ]]; then
    echo "usage: $0 [CORPUS]   (default: corpus.db in the source tree)" >&2
    exit 2
fi
# A corpus named on the command line is where the caller is, not in the source tree
# the script moves to (run.sh mine.db from another folder made it there).
db=${1:-corpus.db}
[[ $# -eq 0 || "$db" == /* ]] || db=$PWD/$db
cd "$(dirname "$(readlink -f "$0")")/.."
scripts/setup.sh kenken
if [ -f "$db" ]; then
    echo "$db exists: showing it (delete it, or name another file, to make a new one)"
else
    build/kenken generate --db "$db"
    echo
    build/kenken verify --db "$db"
fi
echo
build/kenken stats --db "$db"
