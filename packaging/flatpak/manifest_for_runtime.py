#!/usr/bin/python3
"""The Flatpak manifest built against another runtime than Flathub's KDE one: the same modules,
finish-args and cleanup, with the runtime's name and version as arguments. flatpak-builder has
no variables, so this writes a copy (JSON, which flatpak-builder reads as well as YAML):

  manifest_for_runtime.py MANIFEST OUT --runtime NAME --sdk NAME --runtime-version VERSION
      [--provided-by-runtime MODULE]... [--env NAME=VALUE]...

--provided-by-runtime drops a module the runtime already has (the stand-in's Debian packages
include libatasmart, and no network is needed to fetch it). --env sets a build environment
variable for every module (the tests' compiler cache relocation). Local `dir` sources become
absolute paths, so OUT may live anywhere.
"""
import argparse
import json
import os
import sys

import yaml  # Debian's python3-yaml


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('manifest')
    parser.add_argument('out')
    parser.add_argument('--runtime', required=True)
    parser.add_argument('--sdk', required=True)
    parser.add_argument('--runtime-version', required=True)
    parser.add_argument('--provided-by-runtime', action='append', default=[])
    parser.add_argument('--env', action='append', default=[])
    args = parser.parse_args()

    with open(args.manifest, encoding='utf-8') as f:
        manifest = yaml.safe_load(f)
    base = os.path.dirname(os.path.abspath(args.manifest))
    manifest['runtime'] = args.runtime
    manifest['sdk'] = args.sdk
    manifest['runtime-version'] = args.runtime_version

    modules = []
    for module in manifest.get('modules', []):
        if isinstance(module, dict) and module.get('name') in args.provided_by_runtime:
            continue
        for source in module.get('sources', []) if isinstance(module, dict) else []:
            if isinstance(source, dict) and source.get('type') == 'dir':
                source['path'] = os.path.normpath(os.path.join(base, source['path']))
        modules.append(module)
    unknown = set(args.provided_by_runtime) - {m.get('name') for m in manifest['modules']
                                               if isinstance(m, dict)}
    if unknown:
        sys.exit(f'manifest_for_runtime: no module named {", ".join(sorted(unknown))}')
    manifest['modules'] = modules

    if args.env:
        env = manifest.setdefault('build-options', {}).setdefault('env', {})
        for item in args.env:
            name, _, value = item.partition('=')
            env[name] = value

    with open(args.out, 'w', encoding='utf-8') as f:
        json.dump(manifest, f, indent=2)
        f.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
