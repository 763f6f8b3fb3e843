#!/usr/bin/env bash
# The real xdg-desktop-portal (the frontend every desktop's portal backend sits behind), for
# tst_loginrecording: the installed one where the package is installed, else Debian's package
# fetched with `apt-get download` into CACHE_DIR once and unpacked there (not installed: an
# installed portal would be started by every session bus of this machine). Prints PORTAL=the
# program and LIBS=a folder for LD_LIBRARY_PATH. Exit 77: cannot here (the test skips).
#
#   prepare-portal.sh CACHE_DIR
set -euo pipefail
cache=${1:?usage: prepare-portal.sh CACHE_DIR}
unavailable() { echo "prepare-portal: $*" >&2; exit 77; }
if [ -x /usr/libexec/xdg-desktop-portal ]; then
    echo "PORTAL=/usr/libexec/xdg-desktop-portal"
    echo "LIBS="
    exit 0
fi
root=$cache/root
if [ ! -e "$cache/.prepared" ]; then
    command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || unavailable "no apt-get"
    rm -rf "$cache" && mkdir -p "$cache/download"
    # The frontend and the one library it needs that a desktop-less system lacks.
    (cd "$cache/download" && apt-get download -q xdg-desktop-portal libpipewire-0.3-0 >&2) ||
        unavailable "apt-get download xdg-desktop-portal failed (offline?)"
    for deb in "$cache"/download/*.deb; do dpkg-deb -x "$deb" "$root"; done
    rm -rf "$cache/download"
    touch "$cache/.prepared"
fi
[ -x "$root/usr/libexec/xdg-desktop-portal" ] || unavailable "the package holds no xdg-desktop-portal"
echo "PORTAL=$root/usr/libexec/xdg-desktop-portal"
echo "LIBS=$(dirname "$(find "$root" -name 'libpipewire-0.3.so.0' | head -n 1)")"
