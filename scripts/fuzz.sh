#!/usr/bin/env bash
# The libFuzzer targets of tests/fuzz: build them with clang++ (AddressSanitizer and
# UndefinedBehaviorSanitizer over the whole project) and run them.
#
#   scripts/fuzz.sh build                 configure and build into $KENKEN_FUZZ_DIR
#   scripts/fuzz.sh run TARGET [ARGS...]  one target over its seed corpus; ARGS go to
#                                         libFuzzer (e.g. -runs=10000000 -jobs=1)
#   scripts/fuzz.sh short [RUNS]          every target for RUNS inputs (default 20000)
#   scripts/fuzz.sh list                  the target names
#
# The committed seeds (tests/fuzz/corpus/TARGET) are read, never written: what a run
# finds goes to $KENKEN_FUZZ_DIR/corpus/TARGET, crashes to $KENKEN_FUZZ_DIR/crashes.
# $KENKEN_FUZZ_DIR defaults to build-fuzz.
set -euo pipefail
# Through a symlink (~/bin/kenken-fuzz), the tree is where the script really is.
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
dir="${KENKEN_FUZZ_DIR:-$root/build-fuzz}"
targets=(neknek cancan j fahda keen detect json_lines config book solve_grade)

build() {
    command -v clang++ >/dev/null || { echo "fuzz: clang++ is not installed (scripts/setup.sh)" >&2; exit 1; }
    launcher=()
    command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        CXX=clang++ cmake -S "$root" -B "$dir" -DKENKEN_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            "${launcher[@]}" >/dev/null
    fi
    cmake --build "$dir" -j "$(nproc 2>/dev/null || echo 2)" --target fuzz_targets >"$dir/fuzz-build.log" 2>&1 ||
        { cat "$dir/fuzz-build.log" >&2; echo "fuzz: build failed" >&2; exit 1; }
}

run() {
    local t="$1"
    shift
    [ -x "$dir/fuzz_$t" ] || { echo "fuzz: no target $t in $dir (scripts/fuzz.sh build)" >&2; exit 1; }
    mkdir -p "$dir/corpus/$t" "$dir/crashes"
    # The sanitizers stop at the first report; libFuzzer then saves the input.
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}" \
        "$dir/fuzz_$t" -artifact_prefix="$dir/crashes/$t-" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        "$@" "$dir/corpus/$t" "$root/tests/fuzz/corpus/$t"
}

case "${1:-}" in
    build) build ;;
    run)
        [ $# -ge 2 ] || { echo "usage: scripts/fuzz.sh run TARGET [libFuzzer args]" >&2; exit 2; }
        shift
        run "$@"
        ;;
    short)
        runs="${2:-20000}"
        [[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: RUNS is a whole number from 1, not '$runs'" >&2; exit 2; }
        for t in "${targets[@]}"; do
            # Checked here: run's own message went into the grep below and was dropped,
            # so 'short' before 'build' exited 1 without a word.
            [ -x "$dir/fuzz_$t" ] || { echo "fuzz: no target $t in $dir (scripts/fuzz.sh build)" >&2; exit 1; }
            status=0
            run "$t" -runs="$runs" -print_final_stats=1 2>&1 |
                { grep -E 'stat::number_of_executed_units|ERROR|SUMMARY' || true; } | sed "s/^/$t: /" || status=$?
            [ "$status" -eq 0 ] || { echo "fuzz: $t failed (status $status)" >&2; exit 1; }
        done
        ;;
    list) printf '%s\n' "${targets[@]}" ;;
    -h | --help | help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' ;;
    *)
        sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
        exit 2
        ;;
esac
