#!/bin/sh
# Regenerates the sample results the tests (tst_resultfile: every kind read back and written
# again unchanged; the GUI tests) and screenshots load, with the real CLI: simulated drives and
# recorded data for the kinds that need no device, emulated drives (root; loop devices only) for
# the rest. Run from the source tree after building trimscope-cli and trimscope-emudrive:
#   sh tests/data/results/generate.sh            everything (root)
#   sh tests/data/results/generate.sh --no-root  only the kinds that need no device
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../../..
cli=$root/build/app/cli/trimscope-cli
emu=$root/tests/emudrive/emudrive.sh
export TMPDIR=${TMPDIR:-/dev/shm}
MiB=1048576

with_drive() { # with_drive NAME MODEL-COMMAND UP-ARGS... -- CLI-ARGS...
    name=$1 model=$2
    shift 2
    up=""
    while [ "$1" != "--" ]; do up="$up $1"; shift; done
    shift
    out=$("$emu" up $up)
    dev=$(echo "$out" | sed -n 1p)
    state=$(echo "$out" | sed -n 2p)
    [ -z "$model" ] || printf '%s' "$model" >"$state/mnt/control"
    cmd=$1
    shift
    "$cli" "$cmd" "$dev" --destroy-data "$@" --json "$here/$name.json" >"$here/$name.log" 2>&1 ||
        echo "$name: exit $?" >&2
    "$emu" down "$state"
}

data=$here/..
"$cli" sweep --simulate ocz-agility3 --max 1M --repeat 3 --seed 7 --json "$here/sweep.json" >/dev/null
"$cli" background-probe --simulate background-trimmer --json "$here/background-probe.json" >/dev/null
"$cli" health --blob "$data/ata-smart-blobs/INTEL_SSDSA2CW120G3--4PC10302" --json \
    >"$here/health-ata.json"
"$cli" audit --snapshot "$root/tests/core/audit/data/lvm-on-md.json" --json >"$here/audit.json"
"$cli" advise --from "$here/sweep.json" --from "$here/background-probe.json" \
    --audit-snapshot "$root/tests/core/audit/data/timer-disabled.json" --json >"$here/advice.json"
[ "${1:-}" = "--no-root" ] && exit 0

# Slow small discards, as on the drives of our background reading that make `discard` costly.
slow="--size $((512 * MiB)) --cmd-us 300 --per-mib-us 200 --small-below $MiB --small-extra-us 2000"
with_drive fsbench-ext4-xfs "" $slow -- fsbench --preset tiny --fs ext4,xfs
with_drive mkfs-timing "" $slow -- mkfs-timing --fs ext4,xfs,btrfs
with_drive recovery-smoke \
    "model mode=lowfree cmd_us=100 free_below=$((16 * MiB)) write_extra_us=1000 lowfree_us_per_mib=20000" \
    --size $((128 * MiB)) -- recovery --preset smoke --idle-seconds 1
# The guided run on a drive with slow small TRIMs: every phase, two tree sizes per filesystem.
with_drive diagnosis "" $slow -- diagnose --budget 2 --fs ext4,xfs
with_drive fill-curve \
    "model mode=lowfree cmd_us=100 free_below=$((64 * MiB)) write_us_per_mib=5000 lowfree_us_per_mib=35000" \
    --size $((128 * MiB)) -- fill-curve
# A drive without queued TRIM (and the loop driver queues the reads behind the discards anyway):
# 40 ms a discard plus 4 ms per MiB, so the whole 192 MiB region stalls reads for over 0.8 s.
with_drive stall "" --size $((512 * MiB)) --cmd-us 40000 --per-mib-us 4000 -- \
    stall --baseline 2 --gap 0.5
# The drive in use: ext4 mounted with online discard; a watch while a file is deleted, then a
# timed fstrim of the free space.
out=$("$emu" up $slow)
dev=$(echo "$out" | sed -n 1p)
state=$(echo "$out" | sed -n 2p)
mnt=$(mktemp -d)
mkfs.ext4 -q -E nodiscard "$dev"
mount -o discard "$dev" "$mnt"
dd if=/dev/urandom of="$mnt/deleted" bs=1M count=16 status=none
sync
"$cli" watch "$mnt" --for 3s --json "$here/watch.json" >/dev/null 2>&1 &
sleep 1
rm "$mnt/deleted"
sync
wait
"$cli" fstrim-timing "$mnt" --json "$here/fstrim-timing.json" >/dev/null
umount "$mnt"
rmdir "$mnt"
"$emu" down "$state"
rm -f "$here"/*.log
