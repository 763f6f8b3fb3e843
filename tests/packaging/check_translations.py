#!/usr/bin/python3
"""Fails on any user-visible string that has no German: an unfinished, empty or placeholder-broken
entry in the .ts, a source string lupdate finds that the .ts lacks, and a .desktop key, AppStream
element or polkit message without its German twin.

  check_translations.py --ts T.ts --desktop D.desktop --metainfo M.xml --policy P.policy
                        [--lupdate LUPDATE --sources DIR...]
  check_translations.py --self-test     (each check must catch a known-bad input)
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

LANG = 'de'
XML_LANG = '{http://www.w3.org/XML/1998/namespace}lang'
PLACEHOLDER = re.compile(r'%(?:n|L?\d{1,2})')


# One word for one thing: the German says "Computer", never "Rechner" beside it (issue 47). A run
# may be a simulated drive's: a "Lauf", not a "Messlauf".
GLOSSARY = [(re.compile(r'\bRechner'), 'Rechner', 'Computer'),
            (re.compile(r'\bMessl[aä]uf'), 'Messlauf', 'Lauf')]
# A simulated run is not a measurement (issue 47): German that speaks of something simulated does
# not call it measured, unless to say it was not ("nicht gemessen").
SIMULATED = re.compile(r'simul', re.IGNORECASE)
MEASURED = re.compile(r'(?<!nicht )\b(gemessen|messen|misst|Messung|Messwert)', re.IGNORECASE)
# The mark travels with the text (issue 47 item 13): what the English calls simulated the German
# calls "simuliert" too, and what the English calls measured (and not simulated) it does not.
SIMULATED_EN = re.compile(r'simulat', re.IGNORECASE)
MEASURED_EN = re.compile(r'\bmeasur', re.IGNORECASE)
# A placeholder that names a drive may name a simulated one ("OCZ Agility 3 (simulated)"): "this
# sweep measured %1" then calls a simulation measured, in either language. Say where it ran.
MEASURED_PLACEHOLDER = [re.compile(r'\bmeasured %L?\d'), re.compile(r'%L?\d+ gemessen\b')]


def placeholders(text):
    return sorted(set(PLACEHOLDER.findall(text or '')))


def check_ts_text(text, name):
    problems = []
    root = ET.fromstring(text)
    if root.get('language', '').split('_')[0] != LANG:
        problems.append(f'{name}: language is {root.get("language")!r}, expected {LANG!r}')
    for context in root.iter('context'):
        ctx = context.findtext('name')
        for message in context.iter('message'):
            source = message.findtext('source') or ''
            translation = message.find('translation')
            where = f'{name}: [{ctx}] {source[:70]!r}'
            if translation is None:
                problems.append(f'{where}: no translation element')
                continue
            kind = translation.get('type')
            if kind in ('unfinished', 'vanished', 'obsolete'):
                problems.append(f'{where}: type="{kind}"')
            if message.get('numerus') == 'yes':
                forms = [f.text or '' for f in translation.iter('numerusform')]
                texts = forms if forms else ['']
            else:
                texts = [translation.text or '']
            for t in texts:
                for pattern, word, preferred in GLOSSARY:
                    if pattern.search(t or ''):
                        problems.append(f'{where}: says {word!r}, the catalogue '
                                        f'says {preferred!r}')
                measured = MEASURED.search(t or '')
                if measured and (SIMULATED.search(source) or SIMULATED.search(t or '')):
                    problems.append(f'{where}: calls something simulated '
                                    f'{measured.group(0)!r}')
                if SIMULATED_EN.search(source) and not SIMULATED.search(t or ''):
                    problems.append(f'{where}: the English says simulated, the German does not')
                elif (MEASURED_EN.search(source) and not SIMULATED_EN.search(source)
                      and SIMULATED.search(t or '')):
                    problems.append(f'{where}: the English says measured, the German simulated')
                for pattern in MEASURED_PLACEHOLDER:
                    if pattern.search(source) or pattern.search(t or ''):
                        problems.append(f'{where}: says a placeholder was measured; it may name '
                                        f'a simulated drive (say where the run ran)')
                        break
                if not t.strip():
                    problems.append(f'{where}: empty translation')
                elif placeholders(t) != placeholders(source) and not (
                        message.get('numerus') == 'yes'
                        and set(placeholders(t)) <= set(placeholders(source))):
                    problems.append(f'{where}: placeholders {placeholders(t)} in the translation, '
                                    f'{placeholders(source)} in the source')
    return problems


def check_ts_fresh(ts, lupdate, sources):
    """Strings in the sources that the catalogue lacks show up as unfinished after an lupdate."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, os.path.basename(ts))
        shutil.copy(ts, copy)
        run = subprocess.run([lupdate, '-no-obsolete', '-locations', 'none', '-silent', *sources,
                              '-ts', copy], capture_output=True, text=True)
        if run.returncode != 0:
            return [f'lupdate failed: {run.stderr.strip()}']
        problems = check_ts_text(open(copy, encoding='utf-8').read(), 'after lupdate')
        return [p + ' (source string missing from the catalogue: rerun update_translations)'
                for p in problems]


DESKTOP_TRANSLATABLE = ('Name', 'GenericName', 'Comment', 'Keywords')


def check_desktop_text(text, name):
    problems = []
    entries = {}
    group = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith('['):
            group = line
        elif group == '[Desktop Entry]' and '=' in line and not line.startswith('#'):
            key, value = line.split('=', 1)
            entries[key.strip()] = value.strip()
    for key in DESKTOP_TRANSLATABLE:
        if key in entries and not entries.get(f'{key}[{LANG}]'):
            problems.append(f'{name}: {key} has no {key}[{LANG}]')
    return problems


METAINFO_TRANSLATABLE = ('name', 'summary', 'developer_name', 'caption', 'p', 'li', 'keyword')


def check_metainfo_text(text, name):
    """Every translatable element without xml:lang has a German sibling of the same tag."""
    problems = []
    root = ET.fromstring(text)
    for parent in root.iter():
        for tag in METAINFO_TRANSLATABLE:
            children = [c for c in parent if c.tag == tag]
            if parent.tag == 'keywords' or not children:
                continue  # keywords: one English list; German ones are optional
            english = [c for c in children if c.get(XML_LANG) is None]
            german = [c for c in children if c.get(XML_LANG) == LANG and (c.text or '').strip()]
            if len(german) < len(english):
                problems.append(f'{name}: <{parent.tag}> has {len(english)} <{tag}> but '
                                f'{len(german)} with xml:lang="{LANG}"')
    return problems


def check_policy_text(text, name):
    problems = []
    root = ET.fromstring(text)
    for action in root.iter('action'):
        for tag in ('description', 'message'):
            english = [e for e in action.findall(tag) if e.get(XML_LANG) is None]
            german = [e for e in action.findall(tag)
                      if e.get(XML_LANG) == LANG and (e.text or '').strip()]
            if english and not german:
                problems.append(f'{name}: action {action.get("id")} has no German <{tag}>')
            for e, g in zip(english, german):
                if placeholders_polkit(e.text) != placeholders_polkit(g.text):
                    problems.append(f'{name}: action {action.get("id")} <{tag}>: variables differ')
    return problems


def placeholders_polkit(text):
    return sorted(re.findall(r'\$\(\w+\)', text or ''))


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def self_test():
    """Each checker must flag a known-bad input and pass a known-good one."""
    ts_head = '<?xml version="1.0" encoding="utf-8"?><TS version="2.1" language="de"><context><name>C</name>'
    cases = [
        (check_ts_text, ts_head + '<message><source>Hello %1</source><translation>Hallo %1</translation></message></context></TS>', True),
        (check_ts_text, ts_head + '<message><source>Hello</source><translation type="unfinished"></translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message><source>this computer</source><translation>dieser Rechner</translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message><source>this computer</source><translation>dieser Computer</translation></message></context></TS>', True),
        (check_ts_text, ts_head + '<message><source>Saved runs</source><translation>Gespeicherte Messläufe</translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message><source>from its simulated runs</source><translation>aus seinen simulierten Läufen</translation></message></context></TS>', True),
        (check_ts_text, ts_head + '<message><source>the model times TRIM (simulated)</source><translation>das Modell misst TRIM (simuliert)</translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message><source>Simulated drives can be benchmarked</source><translation>Simulierte Laufwerke lassen sich messen</translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message><source>Simulated, not measured</source><translation>Simuliert, nicht gemessen</translation></message></context></TS>', True),
        (check_ts_text, ts_head + '<message><source>%1: fstrim of the test filesystem (simulated)</source><translation>%1: fstrim des Testdateisystems</translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message><source>%1: fstrim of the test filesystem (simulated)</source><translation>%1: fstrim des Testdateisystems (simuliert)</translation></message></context></TS>', True),
        (check_ts_text, ts_head + '<message><source>%1: fstrim of the test filesystem (measured)</source><translation>%1: fstrim des Testdateisystems (simuliert)</translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message><source>this sweep measured %1, not %2</source><translation>dieser Durchlauf lief auf %1, nicht auf %2</translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message><source>this sweep ran on %1, not %2</source><translation>dieser Durchlauf hat %1 gemessen, nicht %2</translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message><source>this sweep ran on %1, not %2</source><translation>dieser Durchlauf lief auf %1, nicht auf %2</translation></message></context></TS>', True),
        (check_ts_text, ts_head + '<message><source>Hello</source><translation type="unfinished">Hallo</translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message><source>Hello</source><translation></translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message><source>Hello %1</source><translation>Hallo</translation></message></context></TS>', False),
        (check_ts_text, ts_head + '<message numerus="yes"><source>%n file(s)</source><translation><numerusform>%n Datei</numerusform><numerusform></numerusform></translation></message></context></TS>', False),
        (check_ts_text, '<TS version="2.1" language="fr"><context><name>C</name><message><source>a</source><translation>b</translation></message></context></TS>', False),
        (check_desktop_text, '[Desktop Entry]\nName=X\nName[de]=X\nComment=c\nComment[de]=k\n', True),
        (check_desktop_text, '[Desktop Entry]\nName=X\nName[de]=X\nComment=c\n', False),
        (check_desktop_text, '[Desktop Entry]\nName=X\nName[fr]=X\n', False),
        (check_metainfo_text, '<component><name>X</name><name xml:lang="de">X</name><description><p>a</p><p xml:lang="de">b</p></description></component>', True),
        (check_metainfo_text, '<component><name>X</name><name xml:lang="de">X</name><description><p>a</p><p xml:lang="de">b</p><p>c</p></description></component>', False),
        (check_metainfo_text, '<component><summary>X</summary></component>', False),
        (check_policy_text, '<policyconfig><action id="a"><description>d</description><description xml:lang="de">D</description><message>m $(drive)</message><message xml:lang="de">M $(drive)</message></action></policyconfig>', True),
        (check_policy_text, '<policyconfig><action id="a"><description>d</description><message>m</message><message xml:lang="de">M</message></action></policyconfig>', False),
        (check_policy_text, '<policyconfig><action id="a"><description>d</description><description xml:lang="de">D</description><message>m $(drive)</message><message xml:lang="de">M</message></action></policyconfig>', False),
    ]
    failures = 0
    for i, (check, text, should_pass) in enumerate(cases):
        problems = check(text, f'case{i}')
        if (not problems) != should_pass:
            failures += 1
            print(f'self-test case {i} ({check.__name__}): expected '
                  f'{"pass" if should_pass else "a problem"}, got {problems or "pass"}')
    print(f'self-test: {len(cases) - failures}/{len(cases)} cases behave')
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--self-test', action='store_true')
    parser.add_argument('--ts')
    parser.add_argument('--desktop')
    parser.add_argument('--metainfo')
    parser.add_argument('--policy')
    parser.add_argument('--lupdate')
    parser.add_argument('--sources', nargs='*', default=[])
    args = parser.parse_args()
    if args.self_test:
        return self_test()

    problems = []
    if args.ts:
        problems += check_ts_text(read(args.ts), os.path.basename(args.ts))
        if args.lupdate:
            problems += check_ts_fresh(args.ts, args.lupdate, args.sources)
    if args.desktop:
        problems += check_desktop_text(read(args.desktop), os.path.basename(args.desktop))
    if args.metainfo:
        problems += check_metainfo_text(read(args.metainfo), os.path.basename(args.metainfo))
    if args.policy:
        problems += check_policy_text(read(args.policy), os.path.basename(args.policy))
    for p in problems:
        print('MISSING GERMAN:', p)
    if args.ts:
        count = sum(1 for _ in ET.parse(args.ts).getroot().iter('message'))
        print(f'{os.path.basename(args.ts)}: {count} messages checked')
    print('FAIL' if problems else 'OK: German is complete')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
