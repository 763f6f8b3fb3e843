#!/usr/bin/env python3
"""Writes the sysfs and /proc trees tst_admission examines (DeviceProbe's injectable roots).

One machine, laid out as the kernel lays out /sys (class/block and dev/block are symlinks into
devices/, partitions are directories of their disk, queue limits live on the disk), with a disk
for every reason the admission gate refuses one and two it admits:

  sda      SATA SSD: / on sda1, swap on sda2          holds root, partition mounted, swap
  sdb      SATA SSD, unused                           admitted
  sdc      SATA disk without discard                  no discard (admitted to write-only work)
  sdd      SATA SSD whose sdd1 is an LVM PV of dm-0   held
  sde      USB SSD with a filesystem on the whole disk mounted at /data
  nvme0n1  NVMe SSD, p1 mounted at /home, p2 unused   partition mounted; nvme0n1p2 admitted
  loop0    read-only loop device                      read-only
  loop1    loop device without a backing file         empty

Run from this directory: python3 make-fixtures.py (it rewrites machine/).
"""
import os
import shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'machine')
SYS = os.path.join(ROOT, 'sys')


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text + '\n')


def link(path, target):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    os.symlink(target, path)


def block(devpath, name, dev, sectors, ro=0, partition=None):
    """A block device directory under devices/, with its class/block and dev/block links."""
    d = os.path.join(SYS, 'devices', devpath, name) if partition is None else \
        os.path.join(SYS, 'devices', devpath, partition, name)
    write(os.path.join(d, 'dev'), dev)
    write(os.path.join(d, 'size'), str(sectors))
    write(os.path.join(d, 'ro'), str(ro))
    os.makedirs(os.path.join(d, 'holders'), exist_ok=True)
    os.makedirs(os.path.join(d, 'slaves'), exist_ok=True)
    if partition is not None:
        write(os.path.join(d, 'partition'), name[-1])
    rel = os.path.relpath(d, os.path.join(SYS, 'class', 'block'))
    link(os.path.join(SYS, 'class', 'block', name), rel)
    link(os.path.join(SYS, 'dev', 'block', dev), os.path.relpath(d, os.path.join(SYS, 'dev', 'block')))
    if partition is None:
        link(os.path.join(SYS, 'block', name), os.path.relpath(d, os.path.join(SYS, 'block')))
    return d


def disk(devpath, name, dev, sectors, discard_max=2147450880, rotational=0, ro=0, model='',
         vendor='ATA', serial='', firmware='', removable=0):
    d = block(devpath, name, dev, sectors, ro)
    q = os.path.join(d, 'queue')
    write(os.path.join(q, 'logical_block_size'), '512')
    write(os.path.join(q, 'physical_block_size'), '4096')
    write(os.path.join(q, 'discard_granularity'), '4096' if discard_max else '0')
    write(os.path.join(q, 'discard_max_bytes'), str(discard_max))
    write(os.path.join(q, 'discard_max_hw_bytes'), str(discard_max))
    write(os.path.join(q, 'rotational'), str(rotational))
    write(os.path.join(d, 'removable'), str(removable))
    if model:
        write(os.path.join(d, 'device', 'model'), model)
        write(os.path.join(d, 'device', 'vendor'), vendor)
        write(os.path.join(d, 'device', 'serial'), serial)
        write(os.path.join(d, 'device', 'rev'), firmware)
    return d


GiB = 2 * 1024 * 1024  # sectors


def main():
    shutil.rmtree(ROOT, ignore_errors=True)
    ata = 'pci0000:00/0000:00:17.0/ata{0}/host{0}/target{0}:0:0/{0}:0:0:0/block'
    sda = disk(ata.format(1), 'sda', '8:0', 256 * GiB, model='Samsung SSD 870', serial='S6PNNS0T1',
               firmware='SVT02B6Q')
    block(ata.format(1), 'sda1', '8:1', 248 * GiB, partition='sda')
    block(ata.format(1), 'sda2', '8:2', 8 * GiB, partition='sda')
    disk(ata.format(2), 'sdb', '8:16', 128 * GiB, model='Crucial MX500', serial='2034E4A1',
         firmware='M3CR033')
    disk(ata.format(3), 'sdc', '8:32', 500 * GiB, discard_max=0, rotational=1,
         model='WDC WD5000AAKS', serial='WMAWF123', firmware='01.03B01')
    sdd = disk(ata.format(4), 'sdd', '8:48', 64 * GiB, model='INTEL SSDSA2CW12', serial='CVPR1',
               firmware='4PC10362')
    sdd1 = block(ata.format(4), 'sdd1', '8:49', 64 * GiB - 2048, partition='sdd')
    dm0 = block('virtual/block', 'dm-0', '254:0', 32 * GiB)
    write(os.path.join(dm0, 'dm', 'name'), 'vg0-scratch')
    link(os.path.join(sdd1, 'holders', 'dm-0'), os.path.relpath(dm0, os.path.join(sdd1, 'holders')))
    link(os.path.join(dm0, 'slaves', 'sdd1'), os.path.relpath(sdd1, os.path.join(dm0, 'slaves')))
    disk('pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/host6/target6:0:0/6:0:0:0/block', 'sde',
         '8:64', 1024 * GiB, model='Extreme SSD', vendor='SanDisk', serial='3232', firmware='1012',
         removable=0)
    nvme = 'pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0'
    disk(nvme, 'nvme0n1', '259:0', 1024 * GiB, discard_max=2199023255040,
         model='Samsung SSD 980 PRO 1TB', vendor='', serial='S5GXNF0R', firmware='5B2QGXA7')
    block(nvme, 'nvme0n1p1', '259:1', 512 * GiB, partition='nvme0n1')
    block(nvme, 'nvme0n1p2', '259:2', 512 * GiB, partition='nvme0n1')
    loop0 = disk('virtual/block', 'loop0', '7:0', 1 * GiB, discard_max=4294966784, ro=1)
    write(os.path.join(loop0, 'loop', 'backing_file'), '/var/lib/images/readonly.img')
    disk('virtual/block', 'loop1', '7:1', 0, discard_max=4294966784)

    write(os.path.join(ROOT, 'proc', 'self', 'mountinfo'), '\n'.join([
        '22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw,errors=remount-ro',
        '23 22 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw',
        '24 22 259:1 / /home rw,relatime shared:2 - ext4 /dev/nvme0n1p1 rw',
        '25 22 8:64 / /data rw,relatime shared:3 - xfs /dev/sde rw,attr2,inode64',
    ]))
    write(os.path.join(ROOT, 'proc', 'swaps'), '\n'.join([
        'Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority',
        '/dev/sda2                               partition\t8388604\t\t0\t\t-2',
    ]))


main()
