#!/bin/sh
# Records the fio outputs the parser tests read (tst_fioresult). Run as root; it writes only to
# loop devices it attaches itself over files in a temporary directory, and removes them again.
# The job options are the ones fioArguments() builds (see core/recovery/fiojob.cpp).
set -eu
out=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /dev/shm/trimscope-fio-record-XXXXXX)
loop= roloop= fillloop= fillwork=
cleanup() {
    [ -n "$loop" ] && losetup -d "$loop"
    [ -n "$roloop" ] && losetup -d "$roloop"
    [ -n "$fillloop" ] && losetup -d "$fillloop"
    rm -rf "$work" ${fillwork:+"$fillwork"}
}
trap cleanup EXIT INT TERM
truncate -s 64M "$work/disk.img"
loop=$(losetup -f --show --direct-io=off "$work/disk.img")
roloop=$(losetup -f --show -r "$work/disk.img")
common="--name=trimscope --ioengine=libaio --direct=1 --numjobs=1 --group_reporting=1
 --allow_mounted_write=0 --exitall_on_error=1 --percentile_list=50:95:99:99.9
 --output-format=json --eta=never"
# Device names differ from run to run; the fixtures say /dev/loopX.
scrub() { sed -e "s#$loop#/dev/loopX#g; s#$roloop#/dev/loopY#g; s#\"${loop#/dev/}\"#\"loopX\"#g; s#\"${roloop#/dev/}\"#\"loopY\"#g"; }

fio $common --filename="$loop" --rw=randwrite --bs=4096 --iodepth=32 --offset=0 \
    --size=67108864 --time_based=1 --runtime=1 --norandommap=1 --randrepeat=0 |
    scrub >"$out/randwrite-4k-qd32.json"
fio $common --filename="$loop" --rw=write --bs=1048576 --iodepth=8 --offset=16777216 \
    --size=33554432 | scrub >"$out/seqwrite-1m-qd8.json"
# A job that fails: writing a read-only device. fio exits non-zero and reports the errno.
fio $common --filename="$roloop" --rw=write --bs=1048576 --iodepth=8 --offset=0 \
    --size=8388608 2>/dev/null | scrub >"$out/failed-readonly.json" || true
# A run stopped by SIGTERM after about a second: fio still reports what it did.
fio $common --filename="$loop" --rw=randwrite --bs=4096 --iodepth=32 --offset=0 \
    --size=67108864 --time_based=1 --runtime=30 --norandommap=1 --randrepeat=0 \
    >"$work/stopped.json" &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid" || true
scrub <"$work/stopped.json" >"$out/stopped-sigterm.json"
# The fill curve's one job (runFillCurve): a whole device, its speed logged every 20 ms. On a
# file on disk, not in memory: fio logs its first window after about 130 ms, and a 64 MiB device
# in /dev/shm is written in 40 ms.
fillwork=$(mktemp -d /var/tmp/trimscope-fio-record-XXXXXX)
truncate -s 512M "$fillwork/disk.img"
fillloop=$(losetup -f --show "$fillwork/disk.img")
fio $common --filename="$fillloop" --rw=write --bs=1048576 --iodepth=8 --offset=0 \
    --size=536870912 --write_bw_log="$fillwork/fill" --log_avg_msec=20 |
    sed -e "s#$fillloop#/dev/loopX#g; s#\"${fillloop#/dev/}\"#\"loopX\"#g" >"$out/fill-512m-1m-qd8.json"
cp "$fillwork/fill_bw.1.log" "$out/fill-512m-1m-qd8_bw.log"
