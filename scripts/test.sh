#!/usr/bin/env bash
# Set-up if needed, then every test through ctest, twice: in the Release build (build/)
# and in a Debug build with AddressSanitizer and UndefinedBehaviorSanitizer
# (build-asan/, asserts on; any sanitizer report fails its test).
# Usage: scripts/test.sh [CTEST OPTION...]   KENKEN_NO_SANITIZE=1 skips the second run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# CI also builds the fuzz targets (clang, ASan+UBSan) and runs each briefly.
cmake -S . -B build -DKENKEN_FUZZ_SMOKE=ON >/dev/null
jobs=$(nproc 2>/dev/null || echo 2)
echo "test: Release build"
(cd build && ctest --output-on-failure -j "$jobs" "$@")
if [ "${KENKEN_NO_SANITIZE:-}" = 1 ]; then exit 0; fi
KENKEN_SETUP_SOURCED=1 source scripts/setup.sh
build_tree build-asan Debug -DKENKEN_SANITIZE=ON --
echo "test: sanitizer build (ASan + UBSan)"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
(cd build-asan && ctest --output-on-failure -j "$jobs" "$@")
