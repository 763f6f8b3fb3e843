#!/usr/bin/python3
"""A stand-in for udisksd 2.9 that serves recorded replies, for testing how TrimScope reads what
udisks passes on over a real bus connection (D-Bus marshalling and all) without an ATA drive.

  fake-udisks.py BUS-ADDRESS DATA-DIR

Owns org.freedesktop.UDisks2 on BUS-ADDRESS and offers four whole disks, with the drives
recorded in DATA-DIR/PREFIX.{drive,SmartGetAttributes}.gvariant (see README.md there):
  /dev/sda  intel-320, answers as recorded
  /dev/sdb  intel-320, but SmartGetAttributes answers a(ysqiiixi) (a shape udisks never sent)
  /dev/sdc  intel-320, but SmartUpdate is refused (NotAuthorizedCanObtain) and no SMART data
            was ever read
  /dev/sdd  qemu-870evo, answers as udisksd 2.9.4 did
Prints "ready" when the name is owned; ends when stdin closes.
"""
import os
import sys

from gi.repository import Gio, GLib

ROOT = '/org/freedesktop/UDisks2'
OBJECT_MANAGER = Gio.DBusNodeInfo.new_for_xml('''<node>
  <interface name="org.freedesktop.DBus.ObjectManager">
    <method name="GetManagedObjects"><arg type="a{oa{sa{sv}}}" direction="out"/></method>
  </interface>
</node>''').interfaces[0]
ATA = 'org.freedesktop.UDisks2.Drive.Ata'
ATA_METHODS = '''
    <method name="SmartUpdate"><arg type="a{sv}" direction="in"/></method>
    <method name="SmartGetAttributes">
      <arg type="a{sv}" direction="in"/><arg type="{rows}" direction="out"/>
    </method>'''


def interface_info(name, properties, rows='a(ysqiiixia{sv})'):
    return Gio.DBusNodeInfo.new_for_xml(
        f'<node><interface name="{name}">' + (ATA_METHODS.replace('{rows}', rows) if name == ATA else '') + ''.join(
            f'<property name="{k}" type="{v.get_type_string()}" access="read"/>'
            for k, v in properties.items()) + '</interface></node>').interfaces[0]


def parse(text, type_string=None):
    return GLib.Variant.parse(GLib.VariantType(type_string) if type_string else None, text,
                              None, None)


def main(address, data_dir):
    def recorded(prefix, what):
        return open(os.path.join(data_dir, f'{prefix}.{what}.gvariant')).read()
    rows = {prefix: parse(recorded(prefix, 'SmartGetAttributes'), '(a(ysqiiixia{sv}))')
            for prefix in ('intel-320', 'qemu-870evo')}
    intel = recorded('intel-320', 'drive')
    # name: (recording, drive properties)
    drives = {'sda': ('intel-320', intel), 'sdb': ('intel-320', intel),
              'sdc': ('intel-320', intel.replace('<uint64 1700000000>', '<uint64 0>')),
              'sdd': ('qemu-870evo', recorded('qemu-870evo', 'drive'))}
    objects = {ROOT + '/Manager': {'org.freedesktop.UDisks2.Manager': {
        'Version': GLib.Variant('s', '2.9.4')}}}
    for index, (name, (_, text)) in enumerate(sorted(drives.items())):
        drive_path = f'{ROOT}/drives/drive_{name}'
        interfaces = parse(text).unpack()
        props = parse(text)
        objects[drive_path] = {
            iface: {k: props.lookup_value(iface, None).lookup_value(k, None) for k in values}
            for iface, values in interfaces.items()}
        # Device number 8:N*16 like sd disks; this system need not have them.
        objects[f'{ROOT}/block_devices/{name}'] = {'org.freedesktop.UDisks2.Block': {
            'Device': GLib.Variant('ay', f'/dev/{name}'.encode() + b'\0'),
            'PreferredDevice': GLib.Variant('ay', f'/dev/{name}'.encode() + b'\0'),
            'DeviceNumber': GLib.Variant('t', (8 << 8) | (index * 16)),
            'Size': objects[drive_path]['org.freedesktop.UDisks2.Drive']['Size'],
            'ReadOnly': GLib.Variant('b', False),
            'Drive': GLib.Variant('o', drive_path),
            'HintSystem': GLib.Variant('b', True),
            'HintIgnore': GLib.Variant('b', False),
            'IdUsage': GLib.Variant('s', ''),
        }}

    def managed_objects(connection, sender, path, iface, method, params, invocation):
        invocation.return_value(GLib.Variant('(a{oa{sa{sv}}})', (objects,)))

    def ata(connection, sender, path, iface, method, params, invocation):
        name = path.rsplit('_', 1)[1]
        if method == 'SmartUpdate':
            if name == 'sdc':
                invocation.return_dbus_error(
                    'org.freedesktop.UDisks2.Error.NotAuthorizedCanObtain',
                    'Not authorized to perform operation')
            else:
                invocation.return_value(None)
        elif name == 'sdb':
            invocation.return_value(GLib.Variant('(a(ysqiiixi))', ([(3, 'x', 0, 1, 1, 0, 0, 0)],)))
        else:
            invocation.return_value(rows[drives[name][0]])

    def get_property(connection, sender, path, iface, prop):
        return objects[path][iface][prop]

    bus = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
        Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
    bus.register_object(ROOT, OBJECT_MANAGER, managed_objects, None, None)
    # Properties.GetAll of Drive and Drive.Ata: GDBus answers it from get_property.
    for path, interfaces in objects.items():
        if '/drives/' in path:
            for iface, properties in interfaces.items():
                # sdb declares (and answers) the shape it sends; GDBus checks replies.
                rows_type = 'a(ysqiiixi)' if path.endswith('_sdb') else 'a(ysqiiixia{sv})'
                bus.register_object(path, interface_info(iface, properties, rows_type),
                                    ata if iface == ATA else None, get_property, None)
    loop = GLib.MainLoop()

    def owned(*_):
        print('ready', flush=True)

    Gio.bus_own_name_on_connection(bus, 'org.freedesktop.UDisks2', Gio.BusNameOwnerFlags.NONE,
                                   owned, lambda *_: loop.quit())
    GLib.io_add_watch(GLib.IOChannel.unix_new(0), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP,
                      lambda *_: (loop.quit(), False)[1])
    loop.run()


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
