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
