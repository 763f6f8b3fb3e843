#!/bin/sh
# The metrics and history services and timers as `cmake --install --prefix /usr` writes them:
# systemd-analyze verify finds no error (ExecStart pointed at the installed CLI in the scratch
# DESTDIR), and each service's exposure (systemd-analyze security, 0-100) stays at or below
# THRESHOLD.
#   check_systemd_units.sh BUILD_DIR SCRATCH_DIR THRESHOLD
set -eu
build=$1 scratch=$2 threshold=$3
command -v systemd-analyze > /dev/null || { echo "SKIP: systemd-analyze is not installed"; exit 77; }
dest=$scratch/units-destdir units=$scratch/units
rm -rf "$dest" "$units" && mkdir -p "$dest" "$units"
DESTDIR=$dest cmake --install "$build" --prefix /usr > "$scratch/units-install.log"
installed=$dest/usr/lib/systemd/system
grep -qx 'ExecStart=/usr/bin/trimscope-cli metrics --textfile /var/lib/prometheus/node-exporter $TRIMSCOPE_METRICS_OPTIONS' \
    "$installed/trimscope-metrics.service" || { echo "FAIL: unexpected ExecStart= (metrics)"; exit 1; }
grep -qx 'ExecStart=/usr/bin/trimscope-history-record --db /var/lib/trimscope/history.sqlite $TRIMSCOPE_HISTORY_OPTIONS' \
    "$installed/trimscope-history.service" || { echo "FAIL: unexpected ExecStart= (history)"; exit 1; }
for unit in metrics history; do
    # Installed, never enabled: no [Install] section may pull the service in by itself.
    if grep -q '^\[Install\]' "$installed/trimscope-$unit.service"; then
        echo "FAIL: trimscope-$unit.service has an [Install] section; only the timer is to be enabled"
        exit 1
    fi
    sed "s|^ExecStart=/usr/bin/|ExecStart=$dest/usr/bin/|" "$installed/trimscope-$unit.service" \
        > "$units/trimscope-$unit.service"
    cp "$installed/trimscope-$unit.timer" "$units/"
    systemd-analyze verify --man=no "$units/trimscope-$unit.service" "$units/trimscope-$unit.timer"
    systemd-analyze security --offline=true --no-pager --threshold="$threshold" \
        "$units/trimscope-$unit.service" | tail -1
done
echo "OK: units verify; exposure at or below $threshold"
