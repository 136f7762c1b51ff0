#!/usr/bin/env bash
# Installs what is missing (apt-get), then configures and builds Release into build/.
# Usage: scripts/setup.sh [TARGET...]   (no target: everything, tests included)
# Safe to run again: quiet when everything is there.
set -euo pipefail
if [ "${KENKEN_SETUP_SOURCED:-}" != 1 ]; then
    case "${1:-}" in
        # --help was taken for a target: a page of build log and 'build failed'.
        -h | --help) sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "usage: $0 [TARGET...]   (no target: everything, tests included)" >&2; exit 2 ;;
    esac
fi
cd "$(dirname "$(readlink -f "$0")")/.."

packages=(g++ cmake make pkg-config bc
          libtbb-dev libtbbmalloc2 libsqlite3-dev libspdlog-dev catch2 libcli11-dev
          libtomlplusplus-dev nlohmann-json3-dev libcairo2-dev
          sgt-puzzles poppler-utils sqlite3 help2man dpkg-dev file
          clang libclang-rt-dev llvm fonts-dejavu-core fonts-dejavu-extra parallel jq cadical coinor-cbc strace python3
          time)
missing=()
if command -v dpkg-query >/dev/null; then
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
else
    # Not Debian or Ubuntu: every package looked missing and apt-get was not found.
    echo "setup: no dpkg-query (not Debian/Ubuntu): not checking the packages; the Debian names: ${packages[*]}" >&2
fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null ||
            { echo "setup: not root and no sudo: install these as root: ${missing[*]}" >&2; exit 1; }
        sudo_cmd=(sudo)
    fi
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# build_tree DIR BUILD_TYPE [CMAKE OPTION...] -- [TARGET...]: configure once, then build.
build_tree() {
    local dir=$1 type=$2; shift 2
    local options=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do options+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    local targets=()
    for t in "$@"; do targets+=(--target "$t"); done
    if command -v ccache >/dev/null; then options+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE="$type" "${options[@]}" >/dev/null
    fi
    local jobs
    jobs=$(nproc 2>/dev/null || echo 2)
    echo "setup: building ${*:-everything} in $dir ($type; a first build takes a few minutes)"
    if ! cmake --build "$dir" -j "$jobs" "${targets[@]}" > "$dir/build.log" 2>&1; then
        cat "$dir/build.log" >&2
        echo "setup: build failed (log: $dir/build.log)" >&2
        exit 1
    fi
    grep -E 'warning:' "$dir/build.log" || true
}

if [ "${KENKEN_SETUP_SOURCED:-}" != 1 ]; then
    build_tree build Release -- "$@"
fi
