#!/usr/bin/python3
"""Static checks of the Flatpak manifest, as far as a machine without a Flatpak remote allows: the
YAML parses; app id, command and icon agree with the desktop file and the metainfo; the runtime is
a maintained KDE 6 (6.10 or newer); the system bus names granted are exactly those the app calls; every local source exists; archives are pinned.

  check_flatpak.py MANIFEST DESKTOP METAINFO
"""
import fnmatch
import os
import re
import sys
import xml.etree.ElementTree as ET

try:
    import yaml  # Debian's python3-yaml; /usr/bin/python3 has it
except ImportError:
    print('SKIP: python3-yaml is missing (apt-get install python3-yaml)')
    sys.exit(77)


# KDE 6.8 and 6.9 are end-of-life (Flathub no longer takes them).
OLDEST_MAINTAINED_KDE_MINOR = 10


def desktop_entries(path):
    entries = {}
    for line in open(path, encoding='utf-8'):
        if '=' in line and not line.startswith('#'):
            key, value = line.rstrip('\n').split('=', 1)
            entries.setdefault(key, value)
    return entries


def main(manifest_path, desktop_path, metainfo_path):
    problems = []
    with open(manifest_path, encoding='utf-8') as f:
        manifest = yaml.safe_load(f)
    base = os.path.dirname(os.path.abspath(manifest_path))
    app_id = manifest.get('app-id') or manifest.get('id')

    desktop_id = os.path.basename(desktop_path)[:-len('.desktop')]
    metainfo = ET.parse(metainfo_path).getroot()
    if app_id != desktop_id:
        problems.append(f'app-id {app_id} but the desktop file is {desktop_id}.desktop')
    if metainfo.findtext('id') != app_id:
        problems.append(f'app-id {app_id} but the metainfo id is {metainfo.findtext("id")}')
    launchable = metainfo.findtext("launchable[@type='desktop-id']")
    if launchable != f'{app_id}.desktop':
        problems.append(f'metainfo launchable is {launchable}, not {app_id}.desktop')
    if os.path.basename(metainfo_path) != f'{app_id}.metainfo.xml':
        problems.append(f'metainfo file name {os.path.basename(metainfo_path)} does not match')

    entries = desktop_entries(desktop_path)
    if entries.get('Icon') != app_id:
        problems.append(f'desktop Icon={entries.get("Icon")}, Flatpak exports only {app_id}*')
    command = manifest.get('command')
    if entries.get('Exec', '').split()[0:1] != [command]:
        problems.append(f'manifest command {command!r} but desktop Exec={entries.get("Exec")}')
    provided = [b.text for b in metainfo.iter('binary')]
    if command not in provided:
        problems.append(f'metainfo <provides> lacks <binary>{command}</binary>')

    if manifest.get('runtime') != 'org.kde.Platform' or manifest.get('sdk') != 'org.kde.Sdk':
        problems.append(f'runtime {manifest.get("runtime")}/{manifest.get("sdk")}: expected KDE')
    version = re.fullmatch(r'6\.(\d+)', str(manifest.get('runtime-version', '')))
    if not version:
        problems.append(f'runtime-version {manifest.get("runtime-version")!r} is not KDE 6.x')
    elif int(version.group(1)) < OLDEST_MAINTAINED_KDE_MINOR:
        problems.append(f'runtime-version {manifest["runtime-version"]} is end-of-life: Flathub '
                        f'takes 6.{OLDEST_MAINTAINED_KDE_MINOR} or newer')
    finish_args = manifest.get('finish-args', [])
    # The system bus: exactly the names the app calls (udisks2, our helper, polkit for asking
    # about itself, systemd for fstrim.timer's state and enabling it); a wider grant would let a
    # compromised app reach every host service.
    system_names = {a.split('=', 1)[1] for a in finish_args
                    if a.startswith('--system-talk-name=') or a.startswith('--system-own-name=')}
    needed = {'org.freedesktop.UDisks2', 'io.github.trimscope.Helper1',
              'org.freedesktop.PolicyKit1', 'org.freedesktop.systemd1'}
    for name in sorted(needed - system_names):
        problems.append(f'finish-args lack --system-talk-name={name}')
    for name in sorted(system_names - needed):
        problems.append(f'finish-args grant the system bus name {name}: more than the app needs')
    # The session bus beyond the portals (which every app may call): the notification service
    # for the history's alerts, nothing else.
    session_names = {a.split('=', 1)[1] for a in finish_args
                     if a.startswith('--talk-name=') or a.startswith('--own-name=')}
    for name in sorted({'org.freedesktop.Notifications'} - session_names):
        problems.append(f'finish-args lack --talk-name={name}')
    for name in sorted(session_names - {'org.freedesktop.Notifications'}):
        problems.append(f'finish-args grant the session bus name {name}: more than the app needs')
    for risky in ('--filesystem=host', '--filesystem=/', '--device=all',
                  '--talk-name=org.freedesktop.Flatpak', '--socket=system-bus',
                  '--filesystem=/dev', '--filesystem=host-os'):
        if risky in finish_args:
            problems.append(f'finish-args grant {risky}: more than the app needs')
    for arg in finish_args:
        if arg.startswith('--system-talk-name=') and arg.endswith('*'):
            problems.append(f'finish-args grant {arg}: a wildcard, more than the app needs')

    modules = manifest.get('modules', [])
    names = [m.get('name') for m in modules if isinstance(m, dict)]
    if 'trimscope' not in names:
        problems.append('no module named trimscope')
    for module in modules:
        if isinstance(module, str):  # a module in its own file
            if not os.path.exists(os.path.join(base, module)):
                problems.append(f'module file {module} does not exist')
            continue
        for source in module.get('sources', []):
            if isinstance(source, str):
                if not os.path.exists(os.path.join(base, source)):
                    problems.append(f'source file {source} does not exist')
                continue
            kind = source.get('type')
            if kind in ('dir', 'file', 'patch', 'script') and 'path' in source:
                path = os.path.join(base, source['path'])
                if not os.path.exists(path):
                    problems.append(f'{module["name"]}: {kind} source {source["path"]} does not exist')
                elif kind == 'dir' and not os.path.isfile(os.path.join(path, 'CMakeLists.txt')) \
                        and module.get('buildsystem', '').startswith('cmake'):
                    problems.append(f'{module["name"]}: {source["path"]} has no CMakeLists.txt')
            if kind in ('archive', 'file') and 'url' in source:
                if not re.fullmatch(r'[0-9a-f]{64}', str(source.get('sha256', ''))):
                    problems.append(f'{module["name"]}: {source["url"]} has no sha256')
                if not source['url'].startswith('https://'):
                    problems.append(f'{module["name"]}: {source["url"]} is not https')

    # The history collector's D-Bus part, which every run in the sandbox loads (it reads health
    # through udisks2 there): no cleanup may drop it. Flatpak's cleanup takes an entry that starts
    # with '/' as a path under /app (a directory or file), any other as a pattern of file names.
    kept = ['/lib/trimscope/trimscope-history-bus.so']
    cleanups = list(manifest.get('cleanup', []))
    for module in modules:
        if isinstance(module, dict) and module.get('name') == 'trimscope':
            cleanups += module.get('cleanup', [])
    for path in kept:
        for entry in cleanups:
            if entry.startswith('/'):
                drops = path == entry or path.startswith(entry.rstrip('/') + '/')
            else:
                drops = fnmatch.fnmatch(os.path.basename(path), entry)
            if drops:
                problems.append(f'cleanup {entry!r} removes {path}, which the collector loads')

    for p in problems:
        print('FAIL:', p)
    if not problems:
        print(f'OK: {os.path.basename(manifest_path)}: app id {app_id}, runtime '
              f'{manifest["runtime"]}//{manifest["runtime-version"]}, modules {names}')
    return 1 if problems else 0


if __name__ == '__main__':
    if len(sys.argv) != 4:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
