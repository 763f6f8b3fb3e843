#!/usr/bin/env bash
# Prepares what the real-kernel test boots: Debian's own kernel (6.1 on Debian 12, 6.12 on
# Debian 13: the package the linux-image-amd64 metapackage names, fetched with `apt-get download`
# and extracted, modules indexed with depmod) and a busybox initramfs that mounts the host root
# over virtio-9p.
#
#   prepare-guest.sh CACHE_DIR
#
# Cached: a second call with the kernel already in CACHE_DIR does nothing (about 12 s the first
# time: 70 MB download, extraction, depmod). Prints the prepared directory's facts as KEY=VALUE.
# Exit 77 means "cannot prepare here" (no apt-get, no Debian kernel package, no busybox-static):
# the test skips with the message on stderr.
set -euo pipefail
cache=${1:?usage: prepare-guest.sh CACHE_DIR}
here=$(cd "$(dirname "$0")" && pwd)
export PATH=$PATH:/usr/sbin:/sbin # depmod, for users whose PATH lacks them
unavailable() { echo "prepare-guest: $*" >&2; exit 77; }

for tool in apt-get apt-cache dpkg-deb depmod cpio gzip; do
    command -v "$tool" >/dev/null || unavailable "$tool is not installed"
done
[ -x /bin/busybox ] && file -L /bin/busybox 2>/dev/null | grep -q 'statically linked' ||
    unavailable "/bin/busybox is not the static busybox (Debian package busybox-static)"

# The exact kernel package: TRIMSCOPE_GUEST_KERNEL_PACKAGE, else whatever linux-image-amd64
# depends on in this system's package lists.
package=${TRIMSCOPE_GUEST_KERNEL_PACKAGE:-$(apt-cache depends linux-image-amd64 2>/dev/null |
    awk '/Depends: linux-image-[0-9]/ {print $2; exit}')}
[ -n "$package" ] || unavailable "apt-cache knows no linux-image-amd64 (not Debian, or no package lists: apt-get update)"
version=${package#linux-image-}
kernel_dir=$cache/$package
mkdir -p "$cache"

if [ ! -e "$kernel_dir/.prepared" ]; then
    # Only one kernel is kept: the one the package lists name now (about 400 MB extracted).
    find "$cache" -mindepth 1 -maxdepth 1 -name 'linux-image-*' -exec rm -rf {} +
    rm -rf "$cache/download"
    mkdir -p "$cache/download"
    (cd "$cache/download" && apt-get download -q "$package" >&2) ||
        unavailable "apt-get download $package failed (offline?)"
    dpkg-deb -x "$cache/download"/"$package"_*.deb "$kernel_dir"
    rm -rf "$cache/download"
    # Debian 13's kernel packages put the modules under /usr/lib/modules (merged /usr), Debian
    # 12's under /lib/modules; depmod -b, modprobe -d and the code below look under lib/.
    if [ ! -e "$kernel_dir/lib" ] && [ -d "$kernel_dir/usr/lib/modules" ]; then
        ln -s usr/lib "$kernel_dir/lib"
    fi
    depmod -b "$kernel_dir" "$version"

    # The initramfs tree: busybox, and the modules that mount the host root (virtio-pci + 9p)
    # with modules.dep, so busybox's modprobe loads them in order. /init is added below.
    # Debian 13's kernel builds virtio-pci in (modules.builtin says so; init skips it) and
    # compresses its modules with xz, which busybox's modprobe may not read: they are unpacked.
    root=$kernel_dir/initramfs-root
    mkdir -p "$root"/{bin,sbin,dev,proc,sys,host,lib/modules/"$version"}
    cp /bin/busybox "$root/bin/busybox"
    for applet in sh mount umount mkdir chroot modprobe cat grep poweroff sync; do
        ln -s busybox "$root/bin/$applet"
    done
    ln -s ../bin/busybox "$root/sbin/modprobe"
    modules=$kernel_dir/lib/modules/$version
    sed -e 's/\.ko\.xz/.ko/g' "$modules/modules.dep" >"$root/lib/modules/$version/modules.dep"
    cp "$modules/modules.builtin" "$root/lib/modules/$version/"
    # The closure of what init loads, read from modules.dep ("path: dependency ..."), by module
    # name (the file name without .ko or .ko.xz).
    needed=$(awk -v want="9p 9pnet_virtio virtio_pci" '
        function name(p) { sub(".*/", "", p); sub("[.]ko([.].*)?$", "", p); return p }
        BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) todo[w[i]] = 1 }
        { key = $1; sub(":$", "", key); deps[key] = ""
          for (i = 2; i <= NF; i++) deps[key] = deps[key] " " $i
          path[name(key)] = key }
        END { changed = 1
              while (changed) { changed = 0
                  for (b in todo) { m = split(deps[path[b]], d, " ")
                      for (i = 1; i <= m; i++) { db = name(d[i])
                          if (!(db in todo)) { todo[db] = 1; changed = 1 } } } }
              for (b in todo) if (b in path) print path[b] }' "$modules/modules.dep")
    for m in $needed; do
        mkdir -p "$root/lib/modules/$version/$(dirname "$m")"
        case "$m" in
        *.ko.xz) /bin/busybox xzcat "$modules/$m" >"$root/lib/modules/$version/${m%.xz}" ;;
        *) cp "$modules/$m" "$root/lib/modules/$version/$m" ;;
        esac
    done
    touch "$kernel_dir/.prepared"
fi
# /init is this checkout's guest-init.sh: packed again whenever it changed (a second or less).
if ! cmp -s "$here/guest-init.sh" "$kernel_dir/initramfs-root/init" || [ ! -e "$kernel_dir/initramfs.gz" ]; then
    install -m 755 "$here/guest-init.sh" "$kernel_dir/initramfs-root/init"
    (cd "$kernel_dir/initramfs-root" && find . | cpio -o -H newc --quiet | gzip -1) \
        >"$kernel_dir/initramfs.gz.new"
    mv "$kernel_dir/initramfs.gz.new" "$kernel_dir/initramfs.gz"
fi
echo "KERNEL=$kernel_dir/boot/vmlinuz-$version"
echo "INITRAMFS=$kernel_dir/initramfs.gz"
echo "MODULES_ROOT=$kernel_dir"
echo "VERSION=$version"
