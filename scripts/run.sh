#!/usr/bin/env bash
# Set-up if needed, then the main job: manufacture the default corpus (corpus.db:
# 100 puzzles of each size 4x4..9x9, the configuration built into kenken, also in
# configs/default.toml), check it, and print its table.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh kenken
db=${1:-corpus.db}
if [ -f "$db" ]; then
    echo "$db exists: showing it (delete it, or name another file, to make a new one)"
else
    build/kenken generate --db "$db"
    echo
    build/kenken verify --db "$db"
fi
echo
build/kenken stats --db "$db"
