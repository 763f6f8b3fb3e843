#!/bin/sh
# Fuzzes the health parsers with libFuzzer (+ASan/UBSan): the NVMe SMART log / Identify parsers
# and the ATA blob loader (our record walk + libatasmart). Not part of the test suite.
#   bench/fuzz-health.sh [SECONDS_PER_TARGET]   (default 120)
# Needs clang and libclang-rt (apt-get install clang-14 libclang-rt-14-dev), libatasmart-dev, Qt 6.
set -eu
seconds=${1:-120}
root=$(cd "$(dirname "$0")/.." && pwd)
out=${FUZZ_OUT:-$root/build/fuzz}
mkdir -p "$out"
cxx=${CXX_FUZZ:-clang++}
flags="-std=c++20 -g -O1 -fPIC -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
flags="$flags -I$root/core $(pkg-config --cflags Qt6Core libatasmart)"
libs="$(pkg-config --libs Qt6Core libatasmart)"
h=$root/core/health
common="$root/core/common/error.cpp $root/core/common/units.cpp $h/uint128.cpp"
nvme="$h/nvmesmartlog.cpp $h/nvmeidentify.cpp"
ata="$h/atablob.cpp $h/ataidentify.cpp $h/atarules.cpp $h/atasmart.cpp $h/skpretty.cpp \
     $h/drivehealth.cpp $h/lifespan.cpp $h/nvmeioctl.cpp $nvme"

# shellcheck disable=SC2086
$cxx $flags -o "$out/fuzz_nvme_smartlog" "$root/bench/fuzz/fuzz_nvme_smartlog.cpp" $nvme $common $libs
# shellcheck disable=SC2086
$cxx $flags -o "$out/fuzz_ata_blob" "$root/bench/fuzz/fuzz_ata_blob.cpp" $ata $common $libs

mkdir -p "$out/corpus-nvme" "$out/corpus-ata"
cp "$root"/tests/data/ata-smart-blobs/*--* "$out/corpus-ata/" 2>/dev/null || true
rm -f "$out"/corpus-ata/*.skdump
head -c 512 /dev/zero > "$out/corpus-nvme/zero-log"

status=0
for target in nvme_smartlog ata_blob; do
    corpus=$out/corpus-${target%%_*}
    echo "== fuzz_$target for ${seconds}s"
    (cd "$out" && ./fuzz_$target -max_total_time="$seconds" -max_len=4200 -print_final_stats=1 \
        "$corpus") 2>&1 | tail -n 12 || status=1
done
exit $status
