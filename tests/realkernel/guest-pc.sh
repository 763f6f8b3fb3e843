# The pc (i440FX + PIIX IDE) guest of the real-kernel test: the same SATA SSD on the legacy IDE
# controller, where libatasmart's default 16-byte pass-through works. Sourced after guest-lib.sh.
step modprobe modprobe -a ata_piix sd_mod
step wait-for-drives wait_for 'sd*' 1
ssd=$(by_serial S3Z9NB0K123456A)
echo "ssd=$ssd" >"$OUT/names"
step list-json "$CLI" list --json
step health-ata "$CLI" health "/dev/$ssd" --json
step smartctl-ata smartctl --json -a "/dev/$ssd"
step skdump-ata skdump "/dev/$ssd"
diskstat sweep-ata-before "$ssd"
step sweep-ata "$CLI" sweep "/dev/$ssd" --destroy-data --max 16K --repeat 2 --json "$OUT/sweep-ata.json"
diskstat sweep-ata-after "$ssd"

# Health through udisks2 (the Flatpak's path): the distribution's udisksd on a bus of its own,
# told of the drive by udev, read by the GUI's own UdisksBackend (udisksprobe) and, as it is
# on the bus, by gdbus (the reply tst_udisksreply's recording stands for). No polkitd: udisksd
# then authorizes root alone, and the probe runs as root.
if [ -n "${UDISKSPROBE:-}" ]; then
    bus=unix:path=/run/guest-system-bus
    dbus-daemon --session --nofork --nopidfile --address="$bus" >"$OUT/dbus.log" 2>&1 &
    bus_pid=$!
    export DBUS_SYSTEM_BUS_ADDRESS=$bus
    step udevd /lib/systemd/systemd-udevd --daemon
    # The guest's script runs chrooted into the host's root: udevadm would ignore every request.
    export SYSTEMD_IGNORE_CHROOT=1
    step udev-trigger sh -c 'udevadm trigger --action=add --subsystem-match=block && udevadm settle -t 20'
    /usr/libexec/udisks2/udisksd --no-sigint >"$OUT/udisksd.log" 2>&1 &
    udisksd_pid=$!
    for _ in $(seq 100); do
        gdbus call --system --dest org.freedesktop.UDisks2 --object-path /org/freedesktop/UDisks2/Manager \
            --method org.freedesktop.DBus.Properties.Get org.freedesktop.UDisks2.Manager Version \
            >"$OUT/udisks-version.out" 2>/dev/null && break
        sleep 0.2
    done
    step health-udisks "$UDISKSPROBE" health "/dev/$ssd" --json "$OUT/health-udisks.json"
    drive=$(gdbus call --system --dest org.freedesktop.UDisks2 \
        --object-path "/org/freedesktop/UDisks2/block_devices/$ssd" \
        --method org.freedesktop.DBus.Properties.Get org.freedesktop.UDisks2.Block Drive |
        sed -n "s/.*objectpath '\([^']*\)'.*/\1/p")
    step udisks-attributes gdbus call --system --dest org.freedesktop.UDisks2 --object-path "$drive" \
        --method org.freedesktop.UDisks2.Drive.Ata.SmartGetAttributes '{}'
    step udisks-drive gdbus call --system --dest org.freedesktop.UDisks2 --object-path "$drive" \
        --method org.freedesktop.DBus.Properties.GetAll org.freedesktop.UDisks2.Drive
    step udisks-ata gdbus call --system --dest org.freedesktop.UDisks2 --object-path "$drive" \
        --method org.freedesktop.DBus.Properties.GetAll org.freedesktop.UDisks2.Drive.Ata
    kill "$udisksd_pid" "$bus_pid" 2>/dev/null
    udevadm control --exit 2>/dev/null
    wait
fi
