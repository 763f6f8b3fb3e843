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

# Health through udisks2 (the Flatpak's path): read by the GUI's own UdisksBackend (udisksprobe)
# and, as it is on the bus, by gdbus (the reply tst_udisksreply's recording stands for).
if [ -n "${UDISKSPROBE:-}" ]; then
    start_udisks
    step health-udisks "$UDISKSPROBE" health "/dev/$ssd" --json "$OUT/health-udisks.json"
    drive=$(udisks_drive "$ssd")
    step udisks-attributes gdbus call --system --dest org.freedesktop.UDisks2 --object-path "$drive" \
        --method org.freedesktop.UDisks2.Drive.Ata.SmartGetAttributes '{}'
    step udisks-drive gdbus call --system --dest org.freedesktop.UDisks2 --object-path "$drive" \
        --method org.freedesktop.DBus.Properties.GetAll org.freedesktop.UDisks2.Drive
    step udisks-ata gdbus call --system --dest org.freedesktop.UDisks2 --object-path "$drive" \
        --method org.freedesktop.DBus.Properties.GetAll org.freedesktop.UDisks2.Drive.Ata
    stop_udisks
fi
