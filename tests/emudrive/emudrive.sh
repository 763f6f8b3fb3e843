#!/bin/sh
# Emulated drive for manual runs and bench scripts (tests use EmulatedDrive instead).
#
#   emudrive.sh up [--size BYTES] [--granularity BYTES] [--cmd-us N] [--per-mib-us N]
#                  [--small-below BYTES] [--small-extra-us N]
#       prints two lines: the loop device (/dev/loopN) and the state directory
#   emudrive.sh down STATE_DIR
#
# The control files are STATE_DIR/mnt/stats and STATE_DIR/mnt/control.
# TRIMSCOPE_EMUDRIVE overrides where the daemon binary is looked for.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
find_binary() {
    for candidate in "${TRIMSCOPE_EMUDRIVE:-}" "$here/trimscope-emudrive" \
        "$here/../../build/tests/emudrive/trimscope-emudrive"; do
        if [ -n "$candidate" ] && [ -x "$candidate" ]; then
            echo "$candidate"
            return 0
        fi
    done
    echo "emudrive.sh: trimscope-emudrive not found; build it or set TRIMSCOPE_EMUDRIVE" >&2
    return 1
}

die() {
    echo "emudrive.sh: $*" >&2
    exit 1
}

# Detaches and unmounts whatever the state directory records; safe to run on a half-built one.
down() {
    state=$1
    [ -f "$state/emudrive.state" ] || die "$state is not an emudrive state directory"
    if [ -s "$state/device" ]; then
        dev=$(cat "$state/device")
        # Only ever detach the device we attached, and only if it still serves our image.
        if losetup -n -O BACK-FILE "$dev" 2>/dev/null | grep -qF "$state/mnt/disk.img"; then
            losetup -d "$dev" || echo "emudrive.sh: could not detach $dev" >&2
        fi
    fi
    if grep -qF " $state/mnt fuse" /proc/self/mounts; then
        # The loop driver lets go of disk.img asynchronously after losetup -d.
        tries=0
        until fusermount3 -u "$state/mnt" 2>/dev/null; do
            tries=$((tries + 1))
            if [ $tries -ge 20 ]; then
                fusermount3 -u -z "$state/mnt" || echo "emudrive.sh: could not unmount" >&2
                break
            fi
            sleep 0.1
        done
    fi
    rm -rf "$state"
}

up() {
    size=$((1024 * 1024 * 1024))
    granularity=4096
    cmd_us=0
    per_mib_us=0
    small_below=0
    small_extra_us=0
    while [ $# -gt 0 ]; do
        [ $# -ge 2 ] || die "$1 needs a value"
        case $1 in
        --size) size=$2 ;;
        --granularity) granularity=$2 ;;
        --cmd-us) cmd_us=$2 ;;
        --per-mib-us) per_mib_us=$2 ;;
        --small-below) small_below=$2 ;;
        --small-extra-us) small_extra_us=$2 ;;
        *) die "unknown option $1" ;;
        esac
        shift 2
    done
    [ "$(id -u)" = 0 ] || die "needs root"
    binary=$(find_binary)

    state=$(mktemp -d "${TMPDIR:-/tmp}/trimscope-emudrive.XXXXXX")
    touch "$state/emudrive.state"
    mkdir "$state/mnt" "$state/backing"
    trap 'down "$state"' EXIT
    # Without -f the daemon returns once the file system is mounted, so no polling is needed.
    "$binary" --size="$size" --granularity="$granularity" --cmd-us="$cmd_us" \
        --per-mib-us="$per_mib_us" --small-below="$small_below" \
        --small-extra-us="$small_extra_us" "$state/backing" "$state/mnt" ||
        die "trimscope-emudrive failed"
    dev=$(losetup -f --show --direct-io=off "$state/mnt/disk.img") || die "losetup failed"
    echo "$dev" >"$state/device"
    trap - EXIT
    echo "$dev"
    echo "$state"
}

case ${1:-} in
up)
    shift
    up "$@"
    ;;
down)
    [ $# -eq 2 ] || die "usage: emudrive.sh down STATE_DIR"
    down "$2"
    ;;
*)
    echo "usage: emudrive.sh up [--size B] [--granularity B] [--cmd-us N] [--per-mib-us N]" >&2
    echo "                      [--small-below B] [--small-extra-us N]" >&2
    echo "       emudrive.sh down STATE_DIR" >&2
    exit 2
    ;;
esac
