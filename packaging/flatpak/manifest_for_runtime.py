#!/usr/bin/python3
"""The Flatpak manifest built against another runtime than Flathub's KDE one: the same modules,
finish-args and cleanup, with the runtime's name and version as arguments. flatpak-builder has
no variables, so this writes a copy (JSON, which flatpak-builder reads as well as YAML):

  manifest_for_runtime.py MANIFEST OUT --runtime NAME --sdk NAME --runtime-version VERSION
      [--provided-by-runtime MODULE]... [--env NAME=VALUE]... [--make-arg ARG]...
      [--config-opt ARG]... [--no-appstream-compose]

--provided-by-runtime drops a module the runtime already has (the stand-in's Debian packages
include libatasmart, and no network is needed to fetch it). --env sets a build environment
variable for every module (the tests' compiler cache settings); --make-arg is added to every
module's make-args (the tests' `-l0`: flatpak-builder holds ninja to the load average, which on a
shared machine is other work's); --config-opt is added to every CMake module's config-opts after
its own, so it wins (the tests' `-DCMAKE_BUILD_TYPE=Release`: no debug info to write and split
off; the build type changes no behaviour the tests look at). --no-appstream-compose skips flatpak-builder's AppStream compose step, whose tool
(appstream-compose in flatpak-builder 1.2, appstreamcli compose in 1.4) a stand-in may lack;
ctest -L packaging validates the metainfo itself. Local `dir` sources become absolute paths, so
OUT may live anywhere.
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
    parser.add_argument('--make-arg', action='append', default=[])
    parser.add_argument('--config-opt', action='append', default=[])
    parser.add_argument('--no-appstream-compose', action='store_true')
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
        if isinstance(module, dict) and args.make_arg:
            module['make-args'] = module.get('make-args', []) + args.make_arg
        if isinstance(module, dict) and args.config_opt and \
                module.get('buildsystem') in ('cmake', 'cmake-ninja'):
            module['config-opts'] = module.get('config-opts', []) + args.config_opt
        modules.append(module)
    unknown = set(args.provided_by_runtime) - {m.get('name') for m in manifest['modules']
                                               if isinstance(m, dict)}
    if unknown:
        sys.exit(f'manifest_for_runtime: no module named {", ".join(sorted(unknown))}')
    manifest['modules'] = modules

    if args.no_appstream_compose:
        manifest['appstream-compose'] = False
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
