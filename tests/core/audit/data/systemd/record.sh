#!/bin/bash
# Records the `systemctl show` outputs tst_fstrimstatus reads, from a real systemd (252, Debian
# 12) booted as PID 1 in a systemd-nspawn container, since the test machines have no systemd as
# PID 1. fstrim.service's ExecStart is replaced by /bin/true and /bin/false: what is recorded is
# how systemd reports a run, and no discard reaches any disk of the recording machine.
#   record.sh OUT_DIR     (root; needs mmdebstrap and systemd-container; takes about 2 minutes)
set -euo pipefail
out=$(realpath "$1")
root=$(mktemp -d /var/tmp/trimscope-record-systemd.XXXXXX)
trap 'rm -rf --one-file-system "$root"' EXIT
mmdebstrap --variant=apt --include=systemd,systemd-sysv,util-linux,dbus bookworm "$root"
# This machine's mounts and loop devices stay out of the container.

cat > "$root/record-inside.sh" <<'INSIDE'
#!/bin/sh
service=LoadState,ActiveState,Result,ExecMainStatus,ExecMainStartTimestamp,ExecMainExitTimestamp
timer=LoadState,UnitFileState,LastTriggerUSec,NextElapseUSecRealtime
# As SystemSnapshot::capture() runs it: TZ=UTC and LC_ALL=C, since systemd 252 prints the timer's
# timestamps in its "pretty" format whatever --timestamp says.
show() { TZ=UTC LC_ALL=C systemctl show "$1" --timestamp=unix -p "$2" > "/out/$3"; }
rm -f /var/lib/systemd/timers/stamp-fstrim.timer
systemctl disable --now fstrim.timer
show fstrim.timer $timer timer-disabled.txt
show fstrim.service $service service-never.txt
show no-such-fstrim.service $service service-not-found.txt
mkdir -p /run/systemd/system/fstrim.service.d /run/systemd/system/fstrim.timer.d
# Both units skip containers (ConditionVirtualization=!container); this one must run.
printf '[Unit]\nConditionVirtualization=\n[Service]\nExecStart=\nExecStart=/bin/true\n' \
    > /run/systemd/system/fstrim.service.d/record.conf
printf '[Unit]\nConditionVirtualization=\n' > /run/systemd/system/fstrim.timer.d/record.conf
systemctl daemon-reload
systemctl enable --now fstrim.timer
show fstrim.timer $timer timer-never.txt
# Fire the timer once, now, as its weekly schedule would.
printf '[Timer]\nOnActiveSec=1\n' > /run/systemd/system/fstrim.timer.d/fire.conf
systemctl daemon-reload
systemctl restart fstrim.timer
sleep 4
show fstrim.timer $timer timer-enabled.txt
# A run as the timer starts it (the timer's own start of the service is not dependable inside
# this boot-time unit).
systemctl start fstrim.service
show fstrim.service $service service-success.txt
sleep 1
printf '[Unit]\nConditionVirtualization=\n[Service]\nExecStart=\nExecStart=/bin/false\n' \
    > /run/systemd/system/fstrim.service.d/record.conf
systemctl daemon-reload
systemctl start fstrim.service || true
show fstrim.service $service service-failed.txt
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
timeout 300 systemd-nspawn -q -D "$root" --bind="$out:/out" --console=pipe -b < /dev/null
ls -l "$out"
