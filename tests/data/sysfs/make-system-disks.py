#!/usr/bin/env python3
"""Writes system-disks/: the sysfs and /proc trees tst_safetypolicy probes for partitions that sit
beside partitions the system uses (DeviceProbe's injectable roots; issue 16, item 3).

Laid out as the kernel lays out /sys (class/block and dev/block are symlinks into devices/,
partitions are directories of their disk, queue limits live on the disk):

  sda   sda1 ext4 mounted at /; sda2 the ESP, not mounted (systemd's automount point
        is autofs on /efi, which names no device); sda3 a locked LUKS partition, nothing on it
  sdb   sdb1 mounted at /boot; sdb2 unused
  sdc   sdc1 swap; sdc2 unused
  sdd   sdd1 an open LUKS volume (dm-0, mounted at /srv); sdd2 unused
  sde   sde1 an ESP mounted at /boot/efi; sde2 unused
  sdf   a spare disk: sdf1 and sdf2 unused

Run from this directory: python3 make-system-disks.py (it rewrites system-disks/).
"""
import os
import shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'system-disks')
SYS = os.path.join(ROOT, 'sys')
GiB = 2 * 1024 * 1024  # in 512-byte sectors


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text + '\n')


def link(path, target_dir):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    os.symlink(os.path.relpath(target_dir, os.path.dirname(path)), path)


def block(parent_dir, name, dev, sectors, partition=None):
    d = os.path.join(parent_dir, name)
    write(os.path.join(d, 'dev'), dev)
    write(os.path.join(d, 'size'), str(sectors))
    write(os.path.join(d, 'ro'), '0')
    # Empty directories do not survive git: a placeholder file keeps holders/ and slaves/.
    for sub in ('holders', 'slaves'):
        write(os.path.join(d, sub, '.keep'), '')
    if partition is not None:
        write(os.path.join(d, 'partition'), str(partition))
    link(os.path.join(SYS, 'class', 'block', name), d)
    link(os.path.join(SYS, 'dev', 'block', dev), d)
    return d


def disk(port, name, major_minor, model, serial):
    parent = os.path.join(SYS, 'devices', 'pci0000:00', '0000:00:17.0', 'ata%d' % port,
                          'host%d' % port, 'target%d:0:0' % port, '%d:0:0:0' % port)
    write(os.path.join(parent, 'model'), model)
    write(os.path.join(parent, 'vendor'), 'ATA')
    write(os.path.join(parent, 'rev'), '1B6Q')
    write(os.path.join(parent, 'type'), '0')
    d = block(os.path.join(parent, 'block'), name, major_minor, 256 * GiB)
    link(os.path.join(d, 'device'), parent)
    q = os.path.join(d, 'queue')
    for attribute, value in (('logical_block_size', 512), ('physical_block_size', 4096),
                             ('discard_granularity', 4096), ('discard_max_bytes', 2147450880),
                             ('discard_max_hw_bytes', 2147450880), ('rotational', 0)):
        write(os.path.join(q, attribute), str(value))
    write(os.path.join(d, 'removable'), '0')
    link(os.path.join(SYS, 'block', name), d)
    write(os.path.join(parent, 'serial'), serial)
    return d


def partitions(disk_dir, name, major, first_minor, count):
    made = []
    for number in range(1, count + 1):
        made.append(block(disk_dir, '%s%d' % (name, number), '%d:%d' % (major, first_minor + number),
                          256 * GiB // count - 2048, partition=number))
    return made


def main():
    shutil.rmtree(ROOT, ignore_errors=True)
    layout = [('sda', 3), ('sdb', 2), ('sdc', 2), ('sdd', 2), ('sde', 2), ('sdf', 2)]
    parts = {}
    for index, (name, count) in enumerate(layout):
        d = disk(index + 1, name, '8:%d' % (16 * index), 'Samsung SSD 870',
                 'S6PNNS0T%03d' % index)
        parts[name] = partitions(d, name, 8, 16 * index, count)

    # sdd1 is a LUKS volume someone opened: dm-0 holds it.
    dm0 = block(os.path.join(SYS, 'devices', 'virtual', 'block'), 'dm-0', '254:0', 128 * GiB)
    write(os.path.join(dm0, 'dm', 'name'), 'crypt-data')
    link(os.path.join(SYS, 'block', 'dm-0'), dm0)
    sdd1 = parts['sdd'][0]
    link(os.path.join(sdd1, 'holders', 'dm-0'), dm0)
    link(os.path.join(dm0, 'slaves', 'sdd1'), sdd1)

    write(os.path.join(ROOT, 'proc', 'self', 'mountinfo'), '\n'.join([
        '22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw,errors=remount-ro',
        '23 22 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw',
        '24 22 8:17 / /boot rw,relatime shared:2 - ext4 /dev/sdb1 rw',
        '25 22 0:45 / /efi rw,relatime shared:3 - autofs systemd-1 rw,fd=44,pgrp=1,timeout=120',
        '26 22 254:0 / /srv rw,relatime shared:4 - xfs /dev/mapper/crypt-data rw,attr2',
        '27 24 8:65 / /boot/efi rw,relatime shared:5 - vfat /dev/sde1 rw,fmask=0077',
    ]))
    write(os.path.join(ROOT, 'proc', 'swaps'), '\n'.join([
        'Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority',
        '/dev/sdc1                               partition\t8388604\t\t0\t\t-2',
    ]))


main()
