#!/usr/bin/python3
"""Writes what udisks 2.9 passes on about a recorded ATA drive, in the text form `gdbus call`
prints (GVariant text), from what libatasmart decodes of the drive's blob (trimscope-cli health
--blob FILE --json):

  PREFIX.SmartGetAttributes.gvariant  Drive.Ata.SmartGetAttributes' reply: one (ysqiiixia{sv}) per
      attribute, as udisks' parse_attr_cb() builds it. Its flags carry the two bits udisks
      documents (0 prefail, 1 online); the drive's vendor-specific flag bits are not in the blob's
      decoding and are left 0.
  PREFIX.drive.gvariant  the drive object's Drive and Drive.Ata properties, a{sa{sv}}, as
      udisks_linux_drive_ata_update() sets them from sk_disk_smart_get_*() (seconds and kelvin).

  record-ata-reply.py TRIMSCOPE-CLI BLOB PREFIX
"""
import json
import subprocess
import sys

UNITS = {'unknown': 0, 'none': 1, 'ms': 2, 'sectors': 3, 'mK': 4, 'small_percent': 5,
         'percent': 6, 'MB': 7}
# A fixed time of reading, so the recording does not change from one run to the next.
SMART_UPDATED = 1700000000


def quoted(text):
    return "'" + text.replace('\\', '\\\\').replace("'", "\\'") + "'"


def attributes_reply(report):
    rows = []
    for a in report['attributes']:
        flags = (1 if a['type'] == 'prefail' else 0) | (2 if a['updates'] == 'online' else 0)

        def value(key):
            return -1 if a[key] is None else int(a[key])
        unit = UNITS[a['pretty_unit']]
        pretty = int(a['pretty_value']) if unit else 0
        rows.append(f"({a['id']}, {quoted(a['name'])}, {flags}, {value('value')}, "
                    f"{value('worst')}, {value('threshold')}, {pretty}, {unit}, @a{{sv}} {{}})")
    return '([' + ', '.join(rows) + '],)'


def drive_properties(report):
    ata = report['ata']
    identify = ata['identify']
    failing = sum(1 for a in report['attributes'] if a.get('good_now') is False)
    failed = sum(1 for a in report['attributes'] if a.get('good_in_the_past') is False)
    rotation = 0 if identify['non_rotating'] else int(identify.get('rotation_rate') or -1)
    kelvin = 0.0 if report['temperature_c'] is None else report['temperature_c'] + 273.15
    drive = {
        'Vendor': quoted(''),
        'Model': quoted(identify['model']),
        'Revision': quoted(identify['firmware']),
        'Serial': quoted(identify['serial']),
        'Size': f"uint64 {identify['capacity_bytes']}",
        'RotationRate': f"{rotation}",
        'ConnectionBus': quoted(''),
        'Removable': 'false',
    }
    drive_ata = {
        'SmartSupported': 'true' if ata['smart_available'] else 'false',
        'SmartEnabled': 'true',
        'SmartUpdated': f'uint64 {SMART_UPDATED}',
        'SmartFailing': 'false' if ata['smart_status_good'] else 'true',
        'SmartPowerOnSeconds': f"uint64 {(ata['power_on_ms'] or 0) // 1000}",
        'SmartTemperature': f'{kelvin:.2f}',
        'SmartNumAttributesFailing': f'{failing}',
        'SmartNumAttributesFailedInThePast': f'{failed}',
        'SmartNumBadSectors': f"int64 {-1 if ata['bad_sectors'] is None else ata['bad_sectors']}",
        'SmartSelftestStatus': quoted('success'),
        'SmartSelftestPercentRemaining': '-1',
    }

    def dictionary(props):
        return '{' + ', '.join(f"{quoted(k)}: <{v}>" for k, v in props.items()) + '}'
    return ("{'org.freedesktop.UDisks2.Drive': " + dictionary(drive) +
            ", 'org.freedesktop.UDisks2.Drive.Ata': " + dictionary(drive_ata) + '}')


def main(cli, blob, prefix):
    report = json.loads(subprocess.run([cli, 'health', '--blob', blob, '--json'], check=True,
                                       capture_output=True).stdout)
    with open(prefix + '.SmartGetAttributes.gvariant', 'w') as out:
        print(attributes_reply(report), file=out)
    with open(prefix + '.drive.gvariant', 'w') as out:
        print(drive_properties(report), file=out)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2], sys.argv[3])
