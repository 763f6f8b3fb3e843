# The q35 (AHCI) guest of the real-kernel test: a 512e SATA SSD with a long model, a SATA disk
# without TRIM, an empty DVD drive, an NVMe drive. Sourced after guest-lib.sh.
step modprobe modprobe -a ahci sd_mod sr_mod nvme ext4 dm_mod loop
step wait-for-drives eval "wait_for 'sd*' 2 && wait_for 'sr*' 1 && wait_for 'nvme*' 1"
ssd=$(by_serial S3Z9NB0K123456A)
nodiscard=$(by_serial QM00NODISCARD)
echo "ssd=$ssd nodiscard=$nodiscard" >"$OUT/names"
# Only to regenerate tests/data/sysfs/qemu-q35 (TRIMSCOPE_RECORD_SYSFS): 20 s of cp under TCG.
if [ -n "${RECORD_SYSFS:-}" ]; then
    step record-sysfs "$TRIMSCOPE_SOURCE_DIR/tests/realkernel/record-sysfs.sh" "$OUT/sysfs"
fi

# Identity and what may be touched.
step list-json "$CLI" list --json
step list "$CLI" list

# Health: ours, and smartmontools', nvme-cli's and libatasmart's own view of the same drives.
step health-ata "$CLI" health "/dev/$ssd" --json
step health-ata-text "$CLI" health "/dev/$ssd"
step smartctl-ata smartctl --json -a "/dev/$ssd"
step skdump-ata skdump "/dev/$ssd"
# A device that answers no ATA command by any access method: the report must not claim to know
# whether it has SMART.
truncate -s 64M /run/trimscope-loop.img
loop=$(losetup -f --show /run/trimscope-loop.img)
step health-loop "$CLI" health "$loop"
losetup -d "$loop"
# Issue 46 item 12: root's open of a real ATA disk refused, through the CLI: by device rules (a
# devices cgroup, as in a container: EPERM) and for a node on a nodev mount (EACCES). The words
# say what failed and why, never "needs root".
step health-denied denied_device "$(cat "/sys/block/$ssd/dev")" "$CLI" health "/dev/$ssd"
mkdir -p /run/trimscope-nodev
mount -t tmpfs -o nodev,size=64k trimscope-nodev /run/trimscope-nodev
mknod /run/trimscope-nodev/ssd b "$(cut -d: -f1 "/sys/block/$ssd/dev")" \
    "$(cut -d: -f2 "/sys/block/$ssd/dev")"
step health-nodev "$CLI" health /run/trimscope-nodev/ssd
umount /run/trimscope-nodev
step health-nvme "$CLI" health /dev/nvme0 --json
step nvme-smart-log nvme smart-log /dev/nvme0 -o json
step nvme-id-ctrl nvme id-ctrl /dev/nvme0 -o json
# A node the kernel did not name: only its device number says it is the NVMe namespace.
mknod /dev/trimscope-renamed b "$(cut -d: -f1 /sys/block/nvme0n1/dev)" \
    "$(cut -d: -f2 /sys/block/nvme0n1/dev)"
step health-renamed "$CLI" health /dev/trimscope-renamed --json
# Health through the helper, as a user without root reads it (the CLI's HelperClient types the
# helper's ReadHealth reply where it arrives): the same drives read again by root at once after,
# for the test to compare.
if [ -n "${HELPER:-}" ]; then
    step start-helper start_helper
    step health-helper-ata as_nobody "$CLI" health "/dev/$ssd" --json
    step health-helper-nvme as_nobody "$CLI" health /dev/nvme0n1 --json
    step stop-helper stop_helper
    step health-root-ata "$CLI" health "/dev/$ssd" --json
    step health-root-nvme "$CLI" health /dev/nvme0n1 --json
fi
# The NVMe drive's health through udisks2 (NVMe.Controller from udisks 2.10 on; before that the
# udisks tier must say it cannot), and udisks' own view of the controller for comparison.
if [ -n "${UDISKSPROBE:-}" ]; then
    start_udisks
    step health-udisks-nvme "$UDISKSPROBE" health /dev/nvme0n1 --json "$OUT/health-udisks-nvme.json"
    drive=$(udisks_drive nvme0n1)
    step udisks-nvme-controller gdbus call --system --dest org.freedesktop.UDisks2 \
        --object-path "$drive" --method org.freedesktop.DBus.Properties.GetAll \
        org.freedesktop.UDisks2.NVMe.Controller
    stop_udisks
fi

# Sweeps through sd (SATA TRIM) and nvme (Dataset Management), default minimum.
diskstat sweep-ata-before "$ssd"
step sweep-ata "$CLI" sweep "/dev/$ssd" --destroy-data --max 64K --repeat 2 --json "$OUT/sweep-ata.json"
diskstat sweep-ata-after "$ssd"
diskstat sweep-nvme-before nvme0n1
step sweep-nvme "$CLI" sweep /dev/nvme0n1 --destroy-data --max 64K --repeat 2 --json "$OUT/sweep-nvme.json"
diskstat sweep-nvme-after nvme0n1

# Refusals: no TRIM, no medium.
step refuse-nodiscard "$CLI" sweep "/dev/$nodiscard" --destroy-data --max 64K
step refuse-nomedium "$CLI" sweep /dev/sr0 --destroy-data --max 64K

# Partitions: a partition's health is its drive's; mounted, partition mounted, swap.
printf 'label: gpt\nsize=64MiB\nsize=+\n' >"$OUT/partitions"
step sfdisk sfdisk -q /dev/nvme0n1 <"$OUT/partitions"
step wait-for-partitions wait_for 'nvme0n1/nvme0n1p*' 2
step health-partition "$CLI" health /dev/nvme0n1p1 --json
step mkfs mkfs.ext4 -q -E nodiscard /dev/nvme0n1p2
mkdir -p /run/trimscope-mnt
step mount mount /dev/nvme0n1p2 /run/trimscope-mnt
step mkswap mkswap /dev/nvme0n1p1
step swapon swapon /dev/nvme0n1p1
diskstat refusals-before nvme0n1
step refuse-partition-mounted "$CLI" sweep /dev/nvme0n1 --destroy-data --max 64K
step refuse-mounted "$CLI" sweep /dev/nvme0n1p2 --destroy-data --max 64K
step refuse-swap "$CLI" sweep /dev/nvme0n1p1 --destroy-data --max 64K
# Held by device mapper (no udev here: libdevmapper makes the node itself).
step dmsetup env DM_DISABLE_UDEV=1 dmsetup create trimscope-held \
    --table "0 8192 linear /dev/$ssd 0"
diskstat refuse-held-before "$ssd"
step refuse-held "$CLI" sweep "/dev/$ssd" --destroy-data --max 64K
diskstat refuse-held-after "$ssd"
diskstat refusals-after nvme0n1
step list-in-use "$CLI" list --json
step audit "$CLI" audit --json
DM_DISABLE_UDEV=1 dmsetup remove trimscope-held
swapoff /dev/nvme0n1p1
umount /run/trimscope-mnt
