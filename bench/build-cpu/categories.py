#!/usr/bin/env python3
"""Sums the CPU seconds of launch.sh's logs by category; one column per log (before, after)."""
import collections
import re
import sys

SUPPORT = ('/tests/support/', 'trimscope_testsupport', 'trimscope_privatebus',
           'trimscope_measuredsweep', 'trimscope-emudrive', 'trimscope_test_pch.dir/support')


def category(out):
    if out.startswith('CMD:'):
        command = out[4:]
        for word, name in (('configure', 'cmake configure'), ('cmake_autogen', 'autogen (moc, uic)'),
                           ('autorcc', 'rcc'), ('lrelease', 'lrelease'),
                           ('qdbusxml2cpp', 'qdbusxml2cpp'), ('svgtopng', 'svg to png')):
            if word in command:
                return name
        return 'other commands'
    if out.endswith(('.gch', '.pch')):  # GCC's, clang's
        return 'precompiled headers'
    if out.endswith('.o'):
        if 'mocs_compilation' in out:
            return 'mocs_compilation units'
        if '/.rcc/' in out:
            return 'rcc sources'
        if out.startswith('tests/'):
            return 'test support sources' if any(s in out for s in SUPPORT) else 'test sources'
        return 'bench sources' if out.startswith('bench/') else 'product sources'
    return 'links (static: ar)' if out.endswith('.a') else 'links'


def load(path):
    rows = []
    for line in open(path, encoding='utf-8', errors='replace'):
        parts = line.split(' ', 2)
        if len(parts) == 3 and re.fullmatch(r'[0-9.]+', parts[0]):
            rows.append((float(parts[0]) + float(parts[1]), parts[2].strip()))
    return rows


def main(paths):
    logs = [load(p) for p in paths]
    sums = collections.defaultdict(lambda: [[0.0, 0] for _ in logs])
    for i, rows in enumerate(logs):
        for seconds, out in rows:
            cell = sums[category(out)][i]
            cell[0] += seconds
            cell[1] += 1
    print('%-26s' % 'CPU s (edges)' + ''.join('%18s' % p.split('/')[-1][:17] for p in paths))
    for name, cells in sorted(sums.items(), key=lambda kv: -kv[1][0][0]):
        print('%-26s' % name + ''.join('%12.1f (%3d)' % (s, n) for s, n in cells))
    print('%-26s' % 'total' + ''.join('%12.1f (%3d)' % (sum(s for s, _ in r), len(r)) for r in logs))


if __name__ == '__main__':
    main(sys.argv[1:])
