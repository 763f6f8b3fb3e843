#!/bin/sh
# PID 1 of the real-kernel test's guest (busybox, in the initramfs prepare-guest.sh builds).
# Mounts the host's root read-only over virtio-9p (tag hostroot) and the test's work directory
# read-write (tag results) at the same path it has on the host, gives that root its own /proc,
# /sys, /dev, /tmp and /run, and runs WORKDIR/guest.sh in it with bash. Its exit code goes to
# WORKDIR/guest.rc; then the guest powers off (QEMU runs with -no-reboot).
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
workdir=
for arg in $(cat /proc/cmdline); do
    case "$arg" in trimscope.workdir=*) workdir=${arg#trimscope.workdir=} ;; esac
done
# load MODULE: modprobe it, unless the kernel has it built in (virtio_pci in Debian 13's).
load() {
    grep -q "/$1\.ko" /lib/modules/*/modules.builtin || modprobe "$1"
}
load virtio_pci && load 9pnet_virtio && load 9p &&
    mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose hostroot /host &&
    mount -t proc proc /host/proc && mount -t sysfs sysfs /host/sys &&
    mount -t devtmpfs devtmpfs /host/dev && mount -t tmpfs tmpfs /host/tmp &&
    mount -t tmpfs tmpfs /host/run && mkdir -p "/host$workdir" &&
    mount -t 9p -o trans=virtio,version=9p2000.L,rw results "/host$workdir"
if [ -n "$workdir" ] && [ -f "/host$workdir/guest.sh" ]; then
    chroot /host /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/run LANG=C.UTF-8 /bin/bash "$workdir/guest.sh" >"/host$workdir/guest.log" 2>&1
    echo $? >"/host$workdir/guest.rc"
    umount "/host$workdir"
else
    echo "guest-init: could not mount the host root or the work directory '$workdir'"
fi
sync
poweroff -f
