#!/bin/sh
# A Debian root that boots systemd as process 1 in systemd-nspawn, for tst_applysystemd: this
# release's systemd, D-Bus and polkitd, and util-linux's fstrim.timer. Made once with mmdebstrap
# into the cache directory $1 (about a minute on 2 cores) and kept there. Exit 77 with the reason
# on the last line of stderr when it cannot be made here.
set -eu
cache=$1
. /etc/os-release
release=${VERSION_CODENAME:-}
root=$cache/$release
if [ -z "$release" ]; then
    echo "cannot tell this system's Debian release (/etc/os-release)" >&2
    exit 77
fi
if [ -x "$root/lib/systemd/systemd" ] && [ -e "$root/lib/systemd/system/fstrim.timer" ]; then
    echo "ROOT=$root"
    exit 0
fi
if ! command -v mmdebstrap >/dev/null; then
    echo "mmdebstrap is not installed (package mmdebstrap)" >&2
    exit 77
fi
rm -rf "$root" "$root.partial"
mkdir -p "$cache"
if ! mmdebstrap --variant=essential --include=systemd,systemd-sysv,dbus,polkitd \
        "$release" "$root.partial" >"$cache/mmdebstrap.log" 2>&1; then
    tail -5 "$cache/mmdebstrap.log" >&2
    echo "mmdebstrap could not make a $release root (no mirror reachable?)" >&2
    rm -rf "$root.partial"
    exit 77
fi
mv "$root.partial" "$root"
echo "ROOT=$root"
