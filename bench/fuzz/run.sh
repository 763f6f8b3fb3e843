#!/bin/sh
# Fuzzes every reader of untrusted input with libFuzzer, ASan and UBSan: result files of each
# kind (readAnyResult, with a write-and-read-back check), audit snapshots (read and audited),
# libatasmart SMART blobs, NVMe SMART logs and Identify data, and the watch and timed-fstrim
# readers on their bodies alone. Not part of the test suite.
#   bench/fuzz/run.sh [SECONDS_PER_TARGET]     (default 600)
#   FUZZ_TARGETS="fuzz_watch fuzz_fstrim_timing" bench/fuzz/run.sh 120     (some of them)
# Needs clang-14 and libclang-rt-14-dev besides the project's packages. Prints, per target, the
# executions run and whether anything was found (a crash leaves crash-* in the build folder).
set -eu
seconds=${1:-600}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${FUZZ_BUILD:-$root/build-fuzz}
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DTRIMSCOPE_FUZZ=ON \
    -DTRIMSCOPE_BUILD_TESTS=OFF -DTRIMSCOPE_BUILD_GUI=OFF >/dev/null
targets=${FUZZ_TARGETS:-"fuzz_result_file fuzz_audit_snapshot fuzz_ata_blob fuzz_nvme_smartlog fuzz_watch fuzz_fstrim_timing"}
# shellcheck disable=SC2086
cmake --build "$build" -j "$(nproc)" --target $targets >/dev/null

seed() { # seed NAME FILE...
    dir=$build/corpus-$1
    shift
    mkdir -p "$dir"
    cp "$@" "$dir/"
}
seed fuzz_result_file "$root"/tests/data/results/*.json
seed fuzz_watch "$root"/tests/data/results/watch.json
seed fuzz_fstrim_timing "$root"/tests/data/results/fstrim-timing.json
seed fuzz_audit_snapshot "$root"/tests/core/audit/data/*.json
seed fuzz_ata_blob "$root"/tests/data/ata-smart-blobs/*--*
mkdir -p "$build/corpus-fuzz_nvme_smartlog"
head -c 512 /dev/zero >"$build/corpus-fuzz_nvme_smartlog/zero-log"

status=0
for target in $targets; do
    log=$build/$target.log
    if (cd "$build" && bench/fuzz/$target -max_total_time="$seconds" -max_len=65536 -print_final_stats=1 \
        "corpus-$target") >"$log" 2>&1; then
        verdict="clean"
    else
        verdict="FOUND SOMETHING (see $log)"
        status=1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "$target: ${runs:-?} executions in ${seconds} s, $verdict"
done
exit $status
