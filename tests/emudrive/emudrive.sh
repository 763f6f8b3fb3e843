#!/bin/sh
# Emulated drive for manual runs and bench scripts (tests use EmulatedDrive instead).
#
#   emudrive.sh up [--size BYTES] [--granularity BYTES] [--MODEL-KEY VALUE ...]
#       prints two lines: the loop device (/dev/loopN) and the state directory
#   emudrive.sh down STATE_DIR
#   emudrive.sh --help
#
# The control files are STATE_DIR/mnt/stats, STATE_DIR/mnt/log and STATE_DIR/mnt/control; the
# model keys are those of trimscope-emudrive (see usage() below and the daemon's header comment).
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

usage() {
    cat <<'USAGE'
usage: emudrive.sh up [--size BYTES] [--granularity BYTES] [--MODEL-KEY VALUE ...]
       emudrive.sh down STATE_DIR
  up prints the loop device and the state directory; down detaches and removes them.
  --size BYTES (default 1G), --granularity BYTES (discard granularity, default 4096)
Model keys (times in microseconds; set at start here, or later with
  echo 'model KEY=VALUE ...' > STATE_DIR/mnt/control):
  --mode fixed|deferred|lowfree    which latency model (default fixed)
  --cmd-us N --per-mib-us N        a discard costs cmd_us + per_mib_us per MiB ...
  --small-below BYTES --small-extra-us N   ... plus small_extra_us below small_below
  --defer-us-per-mib N --write-extra-us N  deferred: background work owed, cost per write then
  --free-below BYTES --lowfree-us-per-mib N --write-us-per-mib N   lowfree: slow writes
  --read-us N --write-us N         base cost of every read / write (a QD1 baseline)
  --blocking serial|queued|fixed   what a discard does to other I/O: serial (default, no queued
                                   TRIM: reads and writes wait for it), queued (they do not),
                                   fixed (they wait --block-us N from its start)
  --jitter-pct 0..100              noise: cost times 1 + pct/100 * z, z normal (clipped at 3)
  --pause-ppm 0..1000000 --pause-us N   noise: a pause of pause_us, pause_ppm per million
  --seed N                         noise: the random sequence (default 1)
  --noise-writes 0|1 --noise-reads 0|1  the same noise on writes / reads
  --empty-free 0|1                 a discard of space holding no data (never written, or
                                   discarded since) costs nothing: TRIM of empty space at once
Kernel limits: a read from the discarding thread's block cgroup waits for the whole discard in
the loop driver, and writes always do (FUSE's inode lock), whatever --blocking says.
Files: STATE_DIR/mnt/stats (counters), mnt/log (last requests: KIND SEQ START_US OFFSET BYTES
COST_US WAIT_US PAUSE), mnt/control (reset-stats | fail-discards-after N | fail-discards off |
model KEY=VALUE ...).
USAGE
}

up() {
    size=$((1024 * 1024 * 1024))
    granularity=4096
    model=
    while [ $# -gt 0 ]; do
        [ $# -ge 2 ] || die "$1 needs a value"
        case $1 in
        --size) size=$2 ;;
        --granularity) granularity=$2 ;;
        --*=* | --) die "write options as '--key value': $1" ;;
        --*)
            # The daemon knows the model keys and rejects unknown ones and bad values.
            case $2 in *[!A-Za-z0-9._-]* | '') die "bad value for $1: '$2'" ;; esac
            model="$model $1=$2"
            ;;
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
    # $model is split on purpose: words of the form --key=value, checked above.
    # shellcheck disable=SC2086
    "$binary" --size="$size" --granularity="$granularity" $model "$state/backing" "$state/mnt" ||
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
-h | --help)
    usage
    ;;
*)
    usage >&2
    exit 2
    ;;
esac
