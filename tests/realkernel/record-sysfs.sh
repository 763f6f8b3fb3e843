#!/usr/bin/env bash
# Copies the part of a live /sys that TrimScope's probes read (block devices, their queue
# limits and identity, NVMe controllers, the /sys/dev number links) into DEST, symlinks kept,
# so unit tests can point DeviceProbe and the health resolver at what a real kernel showed.
# Run inside the real-kernel test's guest (see tests/data/sysfs/README.md).
set -euo pipefail
dest=${1:?usage: record-sysfs.sh DEST}
mkdir -p "$dest"
link() { [ -L "$1" ] && cp -P --parents "$1" "$dest"; }
file() { [ -f "$1" ] && cp --parents "$(readlink -f "$1")" "$dest" 2>/dev/null || true; }

for node in /sys/class/block/*; do
    name=${node##*/}
    case "$name" in loop* | ram* | zram*) continue ;; esac
    link "$node"
    [ -e "/sys/block/$name" ] && link "/sys/block/$name"
    dir=$(readlink -f "$node")
    for a in dev size ro removable partition start alignment_offset \
        queue/logical_block_size queue/physical_block_size queue/discard_granularity \
        queue/discard_max_bytes queue/discard_max_hw_bytes queue/rotational; do
        file "$dir/$a"
    done
    if [ -L "$dir/device" ]; then
        link "$dir/device"
        for a in model rev vendor type serial firmware_rev vpd_pg80 vpd_pg89 wwid; do
            file "$dir/device/$a"
        done
    fi
    for sub in holders slaves; do
        mkdir -p "$dest$dir/$sub"
        for h in "$dir/$sub"/*; do link "$h" || true; done
    done
    link "/sys/dev/block/$(cat "$dir/dev")"
done
for ctrl in /sys/class/nvme/*; do
    [ -e "$ctrl" ] || continue
    link "$ctrl"
    dir=$(readlink -f "$ctrl")
    for a in dev model serial firmware_rev; do file "$dir/$a"; done
    link "/sys/dev/char/$(cat "$dir/dev")"
    for ng in "$dir"/ng*; do
        [ -e "$ng/dev" ] || continue
        file "$ng/dev"
        link "/sys/dev/char/$(cat "$ng/dev")"
    done
done
