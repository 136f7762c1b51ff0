#!/usr/bin/env bash
# Set-up if needed, then every test through ctest, in two stages:
#   1. the Release build (build/);
#   2. the whole suite again in a Debug build made with clang, AddressSanitizer and
#      UndefinedBehaviorSanitizer (build-asan/, asserts on; skip with KENKEN_SANITIZE=0),
#      with the fuzz smoke tests: the libFuzzer targets of the readers, the
#      configuration and solve+grade, built in the same tree and each run briefly
#      (skip with KENKEN_FUZZ=0).
# Any sanitizer report fails its test. Usage: scripts/test.sh [CTEST OPTION...]
set -euo pipefail
usage="usage: $0 [CTEST OPTION...]   (KENKEN_FUZZ=0, KENKEN_SANITIZE=0 skip those stages)"
# --help built both trees before ctest printed its own help.
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac
cd "$(dirname "$(readlink -f "$0")")/.."
started=$(date +%s)
scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
fuzz=ON
[ "${KENKEN_FUZZ:-1}" = 0 ] && fuzz=OFF
echo "test: Release build"
(cd build && ctest --output-on-failure -j "$jobs" "$@")
if [ "${KENKEN_SANITIZE:-1}" != 0 ]; then
    KENKEN_SETUP_SOURCED=1 source scripts/setup.sh
    # A tree configured by an older test.sh with GCC cannot change compiler in place.
    if [ -f build-asan/CMakeCache.txt ] &&
        ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++' build-asan/CMakeCache.txt; then
        echo "test: build-asan was made with another compiler; making it afresh with clang++"
        rm -rf build-asan
    fi
    # The product's files one at a time (a missing include shows), the tests batched.
    unity=(-DKENKEN_UNITY=OFF -DKENKEN_UNITY_TESTS=ON)
    [ -f build-asan/CMakeCache.txt ] && cmake -S . -B build-asan -DKENKEN_FUZZ_SMOKE=$fuzz "${unity[@]}" >/dev/null
    build_tree build-asan Debug -DCMAKE_CXX_COMPILER=clang++ -DKENKEN_SANITIZE=ON \
        -DKENKEN_FUZZ_SMOKE=$fuzz "${unity[@]}" --
    # The options and suppressions are built into the binaries (cmake/sanitizer_defaults.cpp.in).
    echo "test: sanitizer build (ASan + UBSan)$([ $fuzz = ON ] && echo ', with the fuzz smoke tests')"
    (cd build-asan && ctest --output-on-failure -j "$jobs" "$@")
fi
echo "test: all stages passed in $(( ($(date +%s) - started) / 60 )) min $(( ($(date +%s) - started) % 60 )) s"
