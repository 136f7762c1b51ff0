#!/usr/bin/env bash
# Installs what is missing (apt-get), then configures and builds Release into build/.
# Safe to run again: quiet when everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make pkg-config bc
          libtbb-dev libsqlite3-dev libspdlog-dev catch2 libcli11-dev
          libtomlplusplus-dev nlohmann-json3-dev libcairo2-dev
          sgt-puzzles poppler-utils sqlite3 parallel)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    sudo_cmd=()
    [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

jobs=$(nproc 2>/dev/null || echo 2)
if [ ! -f build/CMakeCache.txt ]; then
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
if ! cmake --build build -j "$jobs" > build/build.log 2>&1; then
    cat build/build.log >&2
    echo "setup: build failed (log: build/build.log)" >&2
    exit 1
fi
grep -E 'warning:' build/build.log || true
