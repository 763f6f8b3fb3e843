# Sourced by the guest scripts of the real-kernel test (run as root inside the QEMU guest, in
# the host's root shared read-only). The test exports: OUT (the read-write share, where every
# result goes), CLI (the built trimscope-cli), MODULES_ROOT (the extracted kernel package);
# HELPER and HELPER_DIR for start_helper.
# Every step runs through `step`, so a failing command is recorded, not fatal: the test on the
# host decides what is wrong, with every output at hand.
set -u
export MODPROBE_OPTIONS="-d $MODULES_ROOT"
# The CLI runs as root and does the work itself, unless a step starts udisksd or the helper.
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/run

# step NAME COMMAND...: NAME.out, NAME.err and NAME.rc in $OUT.
step() {
    local name=$1 start
    shift
    start=$(date +%s.%N)
    "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"
    echo $? >"$OUT/$name.rc"
    awk -v name="$name" -v a="$start" -v b="$(date +%s.%N)" \
        'BEGIN { printf "%-26s %6.2f s\n", name, b - a }' >>"$OUT/steps.time"
}

# diskstat NAME DEV: the device's /sys/block/DEV/stat, as the kernel counts what reached it.
diskstat() {
    cat "/sys/class/block/$2/stat" >"$OUT/$1.stat"
}

# by_serial SERIAL: the kernel name of the SCSI disk with this serial (VPD page 80h): probe order,
# and so sda/sdb, varies from boot to boot.
by_serial() {
    local page
    for page in /sys/block/sd*/device/vpd_pg80; do
        if grep -q "$1" "$page" 2>/dev/null; then
            page=${page%/device/vpd_pg80}
            echo "${page##*/}"
            return 0
        fi
    done
    return 1
}

# wait_for GLOB COUNT: until COUNT block devices match GLOB in /sys/block (drivers probe
# asynchronously), at most 10 s.
wait_for() {
    local i
    for i in $(seq 100); do
        [ "$(ls -d /sys/block/$1 2>/dev/null | wc -l)" -ge "$2" ] && return 0
        sleep 0.1
    done
    echo "guest: fewer than $2 block devices $1" >&2
    return 1
}

# start_udisks: the distribution's udisksd on a bus of its own, told of the drives by udev (the
# Flatpak's path to health). No polkitd: udisksd then authorizes root alone, and whoever asks
# runs as root. Its version lands in udisks-version.out. stop_udisks ends it, and udev.
# start_udisks open: the bus admits every user (guest-system-bus.conf), not root alone.
start_udisks() {
    local bus=unix:path=/run/guest-system-bus
    if [ "${1:-}" = open ]; then
        dbus-daemon --config-file="$(dirname "${BASH_SOURCE[0]}")/guest-system-bus.conf" \
            --nofork --nopidfile >"$OUT/dbus.log" 2>&1 &
    else
        dbus-daemon --session --nofork --nopidfile --address="$bus" >"$OUT/dbus.log" 2>&1 &
    fi
    udisks_bus_pid=$!
    export DBUS_SYSTEM_BUS_ADDRESS=$bus
    step udevd /lib/systemd/systemd-udevd --daemon
    # The guest's script runs chrooted into the host's root: udevadm would ignore every request.
    export SYSTEMD_IGNORE_CHROOT=1
    # block for the disks; nvme for the controllers, from which udisks 2.10 makes NVMe drives.
    step udev-trigger sh -c 'udevadm trigger --action=add --subsystem-match=block --subsystem-match=nvme && udevadm settle -t 20'
    # UDISKSD_PRELOAD: a library preloaded into udisksd (tst_historyudisks' recorded SMART data).
    env ${UDISKSD_PRELOAD:+LD_PRELOAD="$UDISKSD_PRELOAD"} /usr/libexec/udisks2/udisksd --no-sigint \
        >"$OUT/udisksd.log" 2>&1 &
    udisksd_pid=$!
    for _ in $(seq 100); do
        gdbus call --system --dest org.freedesktop.UDisks2 --object-path /org/freedesktop/UDisks2/Manager \
            --method org.freedesktop.DBus.Properties.Get org.freedesktop.UDisks2.Manager Version \
            >"$OUT/udisks-version.out" 2>/dev/null && break
        sleep 0.2
    done
}

stop_udisks() {
    kill "$udisksd_pid" "$udisks_bus_pid" 2>/dev/null
    udevadm control --exit 2>/dev/null
    wait "$udisksd_pid" "$udisks_bus_pid" 2>/dev/null
    unset DBUS_SYSTEM_BUS_ADDRESS
}

# udisks_drive DEV: the object path of the udisks Drive behind /dev/DEV.
udisks_drive() {
    gdbus call --system --dest org.freedesktop.UDisks2 \
        --object-path "/org/freedesktop/UDisks2/block_devices/$1" \
        --method org.freedesktop.DBus.Properties.Get org.freedesktop.UDisks2.Block Drive |
        sed -n "s/.*objectpath '\([^']*\)'.*/\1/p"
}

# start_helper: TrimScope's helper as a desktop user meets it, activated as root on the guest's
# bus (guest-helper-bus.conf) and asking polkitd, which reads our actions (HELPER_DIR, the
# source's helper/ folder) and one rule: nobody may read health without a password (the guest
# has no authentication agent). HELPER is the built trimscope-helper. Its log and polkitd's land
# in $OUT. stop_helper ends polkitd and the bus; the helper leaves with its bus.
start_helper() {
    local dir=/run/helper-bus
    mkdir -p "$dir/services" "$dir/actions" "$dir/rules.d"
    cp /usr/share/polkit-1/actions/*.policy "$HELPER_DIR/io.github.trimscope.policy" "$dir/actions/"
    cat >"$dir/rules.d/50-trimscope-guest.rules" <<'RULES'
polkit.addRule(function (action, subject) {
    if (action.id == "io.github.trimscope.read-health" && subject.user == "nobody")
        return polkit.Result.YES;
});
RULES
    printf '[D-BUS Service]\nName=io.github.trimscope.Helper1\nExec=%s\nUser=root\n' "$HELPER" \
        >"$dir/services/io.github.trimscope.Helper1.service"
    dbus-daemon --config-file="$(dirname "${BASH_SOURCE[0]}")/guest-helper-bus.conf" \
        --nofork --nopidfile --nosyslog >"$OUT/helper-bus.log" 2>&1 &
    helper_bus_pid=$!
    export DBUS_SYSTEM_BUS_ADDRESS=unix:path=/run/guest-system-bus
    mount --bind "$dir/actions" /usr/share/polkit-1/actions &&
        mount --bind "$dir/rules.d" /etc/polkit-1/rules.d
    /usr/lib/polkit-1/polkitd --no-debug >"$OUT/polkitd.log" 2>&1 &
    polkitd_pid=$!
    for _ in $(seq 100); do
        gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.NameHasOwner org.freedesktop.PolicyKit1 2>/dev/null |
            grep -q true && break
        sleep 0.2
    done
}

stop_helper() {
    kill "$polkitd_pid" "$helper_bus_pid" 2>/dev/null
    wait "$polkitd_pid" "$helper_bus_pid" 2>/dev/null
    umount /usr/share/polkit-1/actions /etc/polkit-1/rules.d
    unset DBUS_SYSTEM_BUS_ADDRESS
}

# as_nobody COMMAND...: as a user without the right to open a drive (no terminal: no password
# prompt either).
as_nobody() {
    setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/run XDG_RUNTIME_DIR=/run \
        "$@" </dev/null
}

# denied_device MAJ:MIN COMMAND...: COMMAND, as root, in a cgroup whose device rules deny that
# block device (cgroup v1's devices controller, what a container does): its open fails with
# EPERM. Fails before running COMMAND when the controller cannot be mounted.
denied_device() {
    local rules=/run/trimscope-devices
    mkdir -p "$rules"
    mountpoint -q "$rules" || mount -t cgroup -o devices trimscope-devices "$rules" || return 125
    mkdir -p "$rules/denied" && echo "b $1 rwm" >"$rules/denied/devices.deny" || return 125
    shift
    sh -c 'echo $$ >"$0/denied/cgroup.procs" && exec "$@"' "$rules" "$@"
}
