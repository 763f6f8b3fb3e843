#!/usr/bin/python3
"""A slow system for the Advice tab's Apply and Undo: on a private bus, stand-ins for udisksd and
trimscope-helper that answer every call after DELAY seconds, as a person answering polkit does.

  slow-system-bus.py BUS-ADDRESS DELAY

org.freedesktop.UDisks2 offers one Block, /dev/nvme0n1p2 (ext4, mounted on /), whose
Configuration holds tests/core/audit/data/all-fine.json's fstab line for /; UpdateConfigurationItem
replaces it (or answers udisks' "Didn't find entry to remove"). io.github.trimscope.Helper1 offers
SetMountDiscard and SetCryptDiscard and changes nothing. Each call that changes something prints
one line once it is answered ("SetMountDiscard / true", "UpdateConfigurationItem
defaults,discard"); "ready" when both names are owned. Ends when stdin closes.
"""
import sys

from gi.repository import Gio, GLib

ROOT = '/org/freedesktop/UDisks2'
BLOCK_PATH = ROOT + '/block_devices/nvme0n1p2'
BLOCK = 'org.freedesktop.UDisks2.Block'
NODE = Gio.DBusNodeInfo.new_for_xml('''<node>
  <interface name="org.freedesktop.DBus.ObjectManager">
    <method name="GetManagedObjects"><arg type="a{oa{sa{sv}}}" direction="out"/></method>
  </interface>
  <interface name="org.freedesktop.UDisks2.Block">
    <method name="UpdateConfigurationItem">
      <arg type="(sa{sv})" direction="in"/><arg type="(sa{sv})" direction="in"/>
      <arg type="a{sv}" direction="in"/>
    </method>
  </interface>
  <interface name="io.github.trimscope.Helper1">
    <!-- QtDBus reads a{sv} as QVariantMap only where the XML says so, as the helper's does -->
    <method name="SetMountDiscard">
      <arg type="s" direction="in"/><arg type="b" direction="in"/><arg type="a{sv}" direction="in"/>
      <annotation name="org.qtproject.QtDBus.QtTypeName.In2" value="QVariantMap"/>
    </method>
    <method name="SetCryptDiscard">
      <arg type="s" direction="in"/><arg type="b" direction="in"/><arg type="h" direction="in"/>
      <arg type="a{sv}" direction="in"/>
      <annotation name="org.qtproject.QtDBus.QtTypeName.In3" value="QVariantMap"/>
    </method>
  </interface>
</node>''')


def nul(text):
    return GLib.Variant('ay', text.encode() + b'\0')


def main(address, delay):
    configuration = [GLib.Variant('(sa{sv})', ('fstab', {
        'fsname': nul('UUID=1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9'), 'dir': nul('/'),
        'type': nul('ext4'), 'opts': nul('defaults'), 'freq': GLib.Variant('i', 0),
        'passno': GLib.Variant('i', 1)}))]

    def objects():
        block = {
            'Device': nul('/dev/nvme0n1p2'), 'PreferredDevice': nul('/dev/nvme0n1p2'),
            'DeviceNumber': GLib.Variant('t', (259 << 8) | 2),
            'IdType': GLib.Variant('s', 'ext4'),
            'IdUUID': GLib.Variant('s', '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9'),
            'IdLabel': GLib.Variant('s', ''), 'HintSystem': GLib.Variant('b', True),
            'Configuration': GLib.Variant.new_array(GLib.VariantType('(sa{sv})'), configuration),
        }
        filesystem = {'MountPoints': GLib.Variant('aay', [b'/\0'])}
        return {ROOT + '/Manager': {'org.freedesktop.UDisks2.Manager': {
                    'Version': GLib.Variant('s', '2.9.4')}},
                BLOCK_PATH: {BLOCK: block, 'org.freedesktop.UDisks2.Filesystem': filesystem}}

    def later(action):
        GLib.timeout_add(int(delay * 1000), lambda: (action(), False)[1])

    def udisks(connection, sender, path, iface, method, params, invocation):
        if method == 'GetManagedObjects':
            later(lambda: invocation.return_value(
                GLib.Variant('(a{oa{sa{sv}}})', (objects(),))))
            return
        old, new = params.get_child_value(0), params.get_child_value(1)

        def update():
            for index, item in enumerate(configuration):
                if item.unpack() == old.unpack():
                    configuration[index] = new
                    opts = bytes(new.unpack()[1]['opts']).rstrip(b'\0').decode()
                    print(f'UpdateConfigurationItem {opts}', flush=True)
                    return invocation.return_value(None)
            invocation.return_dbus_error('org.freedesktop.UDisks2.Error.Failed',
                                         "Didn't find entry to remove")
        later(update)

    def helper(connection, sender, path, iface, method, params, invocation):
        def answer():
            print(f'{method} {params[0]} {str(params[1]).lower()}', flush=True)
            invocation.return_value(None)
        later(answer)

    bus = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
        Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
    interfaces = {i.name: i for i in NODE.interfaces}
    bus.register_object(ROOT, interfaces['org.freedesktop.DBus.ObjectManager'], udisks, None, None)
    bus.register_object(BLOCK_PATH, interfaces[BLOCK], udisks, None, None)
    bus.register_object('/io/github/trimscope/Helper1', interfaces['io.github.trimscope.Helper1'],
                        helper, None, None)
    loop = GLib.MainLoop()
    owned = []

    def on_owned(*_):
        owned.append(1)
        if len(owned) == 2:
            print('ready', flush=True)

    for name in ('org.freedesktop.UDisks2', 'io.github.trimscope.Helper1'):
        Gio.bus_own_name_on_connection(bus, name, Gio.BusNameOwnerFlags.NONE, on_owned,
                                       lambda *_: loop.quit())
    GLib.io_add_watch(GLib.IOChannel.unix_new(0), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP,
                      lambda *_: (loop.quit(), False)[1])
    loop.run()


if __name__ == '__main__':
    main(sys.argv[1], float(sys.argv[2]))
