#!/bin/bash
# Records what systemd's journal holds about fstrim.service runs (`journalctl -u fstrim.service
# --output=json`), which tst_fstrimjournal parses: a real systemd (252, Debian 12) booted as PID 1
# in a systemd-nspawn container, since the test machines have no systemd as PID 1, and a real
# fstrim. Its only filesystems to trim are two ext4 on loop devices this script makes over files
# in a tmpfs and binds into the container: no discard reaches any disk of the recording machine.
# Runs: Debian's fstrim.service trimming both, then one that fails (a tmpfs takes no discard).
#   record.sh OUT_DIR     (root; needs mmdebstrap and systemd-container; takes about 2 minutes)
set -euo pipefail
out=$(realpath "$1")
work=$(mktemp -d /dev/shm/trimscope-record-journal.XXXXXX)
root=$(mktemp -d /var/tmp/trimscope-record-journal.XXXXXX)
loops=()
cleanup() {
    for m in "$work"/mnt/*; do mountpoint -q "$m" && umount "$m"; done
    for l in "${loops[@]}"; do losetup -d "$l"; done
    rm -rf --one-file-system "$root" "$work"
}
trap cleanup EXIT
mkdir -p "$work/mnt"
for name in data scratch; do
    truncate -s 256M "$work/$name.img"
    loop=$(losetup -f --show "$work/$name.img")
    loops+=("$loop")
    mkfs.ext4 -q -E nodiscard "$loop"
    mkdir -p "$work/mnt/$name"
    mount "$loop" "$work/mnt/$name"
    # Something written and deleted, so that the first trim has more than the empty space.
    dd if=/dev/zero of="$work/mnt/$name/filler" bs=1M count=40 status=none
    rm "$work/mnt/$name/filler"
    sync
done
if [ -n "${RECORD_ROOT:-}" ]; then   # a root made before by the same mmdebstrap line, reused
    cp -a "$RECORD_ROOT/." "$root/"
else
    mmdebstrap --variant=apt --include=systemd,systemd-sysv,util-linux,dbus bookworm "$root"
fi
mkdir -p "$root/srv/data" "$root/srv/scratch"

cat > "$root/record-inside.sh" <<'INSIDE'
#!/bin/sh
mkdir -p /run/systemd/system/fstrim.service.d
# The unit skips containers (ConditionVirtualization=!container); here it must run. Debian's own
# ExecStart (--listed-in /etc/fstab:/proc/self/mountinfo) takes the first list that is not
# empty: this fstab, which names the two loop filesystems only.
printf '[Unit]\nConditionVirtualization=\n' > /run/systemd/system/fstrim.service.d/record.conf
printf '/dev/loop-data /srv/data ext4 defaults 0 0\n/dev/loop-scratch /srv/scratch ext4 defaults 0 0\n' \
    > /etc/fstab
systemctl daemon-reload
systemctl start fstrim.service
sleep 2
# A run that fails: /run is a tmpfs, which takes no discard; fstrim says so and exits 1.
printf '[Unit]\nConditionVirtualization=\n[Service]\nExecStart=\nExecStart=/sbin/fstrim --verbose /run\n' \
    > /run/systemd/system/fstrim.service.d/record.conf
systemctl daemon-reload
systemctl start fstrim.service || true
sleep 1
journalctl --output=json --unit=fstrim.service > /out/fstrim-journal.json
journalctl --output=short-iso --unit=fstrim.service > /out/fstrim-journal.txt
systemctl --version | head -1 > /out/systemd-version.txt
systemctl poweroff
INSIDE
chmod +x "$root/record-inside.sh"
cat > "$root/etc/systemd/system/record.service" <<'UNIT'
[Unit]
After=basic.target
[Service]
Type=oneshot
ExecStart=/record-inside.sh
[Install]
WantedBy=multi-user.target
UNIT
ln -s /etc/systemd/system/record.service "$root/etc/systemd/system/multi-user.target.wants/record.service"
mkdir -p "$out"
# No systemd as PID 1 here: no scope unit and no machined to register with.
timeout 300 systemd-nspawn -q --keep-unit --register=no -D "$root" --bind="$out:/out" --bind="$work/mnt/data:/srv/data" \
    --bind="$work/mnt/scratch:/srv/scratch" --console=pipe -b < /dev/null
ls -l "$out"
