#!/usr/bin/env bash
# A stand-in for the KDE runtime, made from a Debian 13 root's packages, for building and running
# the Flatpak where no Flatpak remote is reachable (tests, CI). Flathub's org.kde.Sdk and
# org.kde.Platform are what users get; this only has to be the same kind of thing: a /usr with
# Qt 6 (Widgets, Charts, Svg, DBus), its tools, a compiler, CMake and Ninja for the Sdk, and the
# same minus the build tools for the Platform.
#
#   standin-runtime.sh ROOT REPO WORKDIR
#
# ROOT: a Debian 13 root with tools/debian-packages.txt installed (`/` in CI's trixie root).
# REPO: an OSTree repository (created when missing) that gets
#   runtime/io.github.trimscope.StandIn.Sdk/x86_64/BRANCH and
#   runtime/io.github.trimscope.StandIn.Platform/x86_64/BRANCH,
# BRANCH being ROOT's Qt version (major.minor, as KDE names its runtimes). WORKDIR: scratch space,
# emptied first. Prints "BRANCH" on its last line.
set -euo pipefail
root=${1:?ROOT}
repo=${2:?REPO}
work=${3:?WORKDIR}
sdk=io.github.trimscope.StandIn.Sdk
platform=io.github.trimscope.StandIn.Platform
arch=$(flatpak --default-arch)

qtcore=$(ls "$root"/usr/lib/*-linux-gnu/libQt6Core.so.6.* 2>/dev/null | head -n1)
[ -n "$qtcore" ] || { echo "standin-runtime: no Qt 6 in $root" >&2; exit 1; }
branch=$(basename "$qtcore" | sed -E 's/^libQt6Core\.so\.([0-9]+\.[0-9]+)\..*/\1/')

# Each step's time and CPU on stderr (the test's log shows where the time goes).
timed() {
    local TIMEFORMAT="standin-runtime: %1R s (CPU %1U s user, %1S s system): $1"
    shift
    time "$@"
}

rm -rf --one-file-system "$work"
mkdir -p "$work"

# The Sdk: ROOT's /usr with its /etc as /usr/etc (flatpak shows a runtime's usr/etc as /etc),
# less what no build or run needs (documentation, the emulators and Prometheus the tests use,
# Prometheus's web scripts, GCC's LTO dumper, the system tools' gettext catalogues: about 150 MB
# that OSTree would otherwise read, hash and copy for each runtime).
# Hard links where ROOT and WORKDIR share a file system: nothing is copied, and OSTree reads
# each file once for both runtimes.
mkdir -p "$work/sdk/files"
copy_usr() {
    cp -al "$root/usr" "$work/sdk/usr" 2>/dev/null || {
        rm -rf --one-file-system "$work/sdk/usr"
        cp -a "$root/usr" "$work/sdk/usr"
    }
}
timed "the Sdk's /usr from $root/usr" copy_usr
(
    cd "$work/sdk/usr"
    rm -rf share/doc share/man share/info share/qemu bin/qemu-* bin/prometheus* bin/promtool \
        share/javascript share/nodejs bin/*lto-dump*
    # Qt's catalogues are in share/qt6; glibc reads share/locale/locale.alias.
    find share/locale -mindepth 1 -maxdepth 1 -type d -exec rm -rf {} +
)
# /etc is copied (not linked): flatpak replaces some of its files with links of its own.
cp -a "$root/etc" "$work/sdk/usr/etc"
rm -f "$work/sdk/usr/etc/shadow" "$work/sdk/usr/etc/gshadow"
# ld.so's cache of ROOT's /usr/lib: valid as is, the runtime is mounted at /usr.
cat >"$work/sdk/metadata" <<EOF
[Runtime]
name=$sdk
runtime=$platform/$arch/$branch
sdk=$sdk/$arch/$branch
EOF

# The Platform: the Sdk without compilers (clang's own tree too, lib/llvm-N: the libLLVM that Mesa
# loads is in lib/ARCH and stays), headers and build files.
mkdir -p "$work/platform/files"
cp -al "$work/sdk/usr" "$work/platform/usr"
(
    cd "$work/platform/usr"
    rm -rf include libexec/gcc lib/gcc lib/llvm-* share/cmake-* lib/*-linux-gnu/cmake \
        lib/*-linux-gnu/pkgconfig share/pkgconfig lib/*-linux-gnu/qt6/mkspecs
    find . -name '*.a' -delete
)
sed "s/^name=.*/name=$platform/" "$work/sdk/metadata" >"$work/platform/metadata"

# bare-user-only, not Flathub's archive-z2: nothing is compressed, so exporting and installing
# 1.6 GB take seconds of CPU instead of minutes (a local `flatpak install` pulls from it as well).
[ -d "$repo/objects" ] || ostree --repo="$repo" init --mode=bare-user-only
timed "OSTree commit of the Sdk" \
    flatpak build-export --runtime --no-update-summary "$repo" "$work/sdk" "$branch" >/dev/null
timed "OSTree commit of the Platform" \
    flatpak build-export --runtime "$repo" "$work/platform" "$branch" >/dev/null
rm -rf --one-file-system "$work"
echo "$branch"
