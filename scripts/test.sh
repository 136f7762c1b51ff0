#!/usr/bin/env bash
# Set-up if needed, then every test through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# CI also builds the fuzz targets (clang, ASan+UBSan) and runs each briefly.
cmake -S . -B build -DKENKEN_FUZZ_SMOKE=ON >/dev/null
cd build
ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" "$@"
