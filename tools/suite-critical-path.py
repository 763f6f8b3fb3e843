#!/usr/bin/env python3
"""Estimates the wall time of `ctest -j N` from each test's measured time and its properties.

CTest's own scheduler (cmCTestMultiProcessHandler, the same rules in CMake 3.25 and 3.31) is
replayed: tests are taken in the order of their COST property, highest first (without cost data,
as in a fresh CI root, every unset COST is 0 and ties keep the order the tests were added in);
a RUN_SERIAL test starts only when nothing runs and nothing starts beside it; a test holding a
RESOURCE_LOCK keeps out every other test naming that lock; PROCESSORS takes that many of the N
slots; a test waits for its DEPENDS (FIXTURES_REQUIRED adds the fixture's setup tests), which
are ordered before everything else. A test that cannot start is passed over for the next one in
the list, so a RUN_SERIAL test waits until everything before it and beside it has finished, and
meanwhile idles nothing but the slots that nothing else could fill.

Inputs:
  --props FILE  `ctest --show-only=json-v1` of the build tree whose properties are estimated
                (or --build DIR to run that command there)
  --times FILE  a ctest log (lines "Test  #12: tst_x ....   Passed   3.21 sec"), ctest's own
                Testing/Temporary/LastTest.log or CTestCostData.txt (average times), or
                lines "SECONDS NAME"; several may be given, later ones win
  --time NAME=SECONDS  a time for one test (a test measured alone after a change, or a new one)

What if (without editing CMake): --serial NAME, --not-serial NAME, --lock NAME=LOCK (adds a
RESOURCE_LOCK), --cost NAME=COST, --add NAME (a test added last, e.g. part of one split off;
give its time with --time and its properties with the options above).

Prints the estimated wall time, the serial and parallel sums, the idle slot-seconds and the
tests that end last. --cost-data orders by the measured times instead (a build tree whose
Testing/Temporary/CTestCostData.txt holds an earlier run), --timeline prints every start.

--expect-real checks the replay against the run the times came from: it fails when the estimate
is more than 2 % (and 1 s) off the log's "Total Test time (real)" (tests/data/ctest-runs holds
real runs; tests/tools runs this on them).

Example, before against after:
  tools/suite-critical-path.py --build build --times /tmp/ctest.log -j 2
"""

import argparse
import heapq
import json
import re
import subprocess
import sys

LOG_LINE = re.compile(r"Test\s+#(\d+): (\S+) \.*\s*(?:\*+)?(.*?)\s+([\d.]+) sec")
LAST_TEST_NAME = re.compile(r"^\d+/\d+ Test: (\S+)$")
LAST_TEST_TIME = re.compile(r"^Test time = +([\d.]+) sec$")


def read_times(paths):
    times = {}
    for path in paths:
        current = None  # LastTest.log: the test whose output this is
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                if line == "---":  # CTestCostData.txt: the failed tests follow
                    break
                m = LOG_LINE.search(line)
                if m:
                    times[m.group(2)] = float(m.group(4))
                    continue
                m = LAST_TEST_NAME.match(line)
                if m:
                    current = m.group(1)
                    continue
                m = LAST_TEST_TIME.match(line)
                if m and current:
                    times[current] = float(m.group(1))
                    continue
                parts = line.split()
                try:
                    if len(parts) == 2:
                        times[parts[1]] = float(parts[0])
                    elif len(parts) == 3 and parts[1].isdigit():  # NAME RUNS AVERAGE
                        times[parts[0]] = float(parts[2])
                except ValueError:
                    pass
    return times


def read_props(args):
    if args.props:
        with open(args.props, encoding="utf-8") as f:
            data = json.load(f)
    else:
        out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=args.build, check=True,
                             capture_output=True, text=True).stdout
        data = json.loads(out)
    tests = []
    for index, test in enumerate(data["tests"], 1):
        props = {p["name"]: p["value"] for p in test.get("properties", [])}
        if props.get("DISABLED"):
            continue
        tests.append({
            "index": index,
            "name": test["name"],
            "serial": bool(props.get("RUN_SERIAL", False)),
            "locks": set(props.get("RESOURCE_LOCK", [])),
            "cost": float(props.get("COST", 0.0)),
            "processors": int(props.get("PROCESSORS", 1)),
            "labels": props.get("LABELS", []),
            "depends": set(props.get("DEPENDS", [])),
        })
    return tests


def simulate(tests, times, jobs, cost_data):
    """Replays CTest's StartNextTests; returns (wall, starts, idle slot-seconds)."""
    def cost(t):
        if cost_data and t["cost"] == 0:
            return times.get(t["name"], 0.0)
        return t["cost"]

    # CreateParallelTestCostList: a test's DEPENDS (FIXTURES_REQUIRED adds its fixture's setup
    # tests) go one level deeper than the test, the deepest level first; within a level a stable
    # sort by descending cost, ties keeping the order the tests were added in.
    names = {t["name"] for t in tests}
    level = {t["name"]: 0 for t in tests}
    for _ in range(len(tests)):
        changed = False
        for t in tests:
            for dep in t["depends"] & names:
                if level[dep] < level[t["name"]] + 1:
                    level[dep] = level[t["name"]] + 1
                    changed = True
        if not changed:
            break
    ordered = sorted(tests, key=lambda t: (-level[t["name"]], -cost(t), t["index"]))
    done = set()
    now = 0.0
    running = []  # heap of (end, index, test)
    used = 0
    serial_running = False
    locked = set()
    starts = []
    idle = 0.0
    while ordered or running:
        # StartNextTests
        free = jobs - used
        i = 0
        while free > 0 and not serial_running and i < len(ordered):
            t = ordered[i]
            procs = min(t["processors"], jobs)
            if ((t["serial"] and used > 0) or procs > free or (t["locks"] & locked)
                    or not (t["depends"] & names) <= done):
                i += 1
                continue
            ordered.pop(i)
            used += procs
            free -= procs
            locked |= t["locks"]
            serial_running = serial_running or t["serial"]
            seconds = times.get(t["name"], 0.0)
            starts.append((now, seconds, t))
            heapq.heappush(running, (now + seconds, t["index"], t))
        if not running:
            break
        # Advance to the next finish; everything ending then frees its slots together.
        end = running[0][0]
        idle += (jobs - used) * (end - now)
        now = end
        while running and running[0][0] <= now:
            _, _, t = heapq.heappop(running)
            used -= min(t["processors"], jobs)
            locked -= t["locks"]
            done.add(t["name"])
            if t["serial"]:
                serial_running = False
    return now, starts, idle


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--props", help="ctest --show-only=json-v1 output")
    source.add_argument("--build", help="build tree to ask ctest for its tests")
    parser.add_argument("--times", action="append", default=[], required=True)
    parser.add_argument("--time", action="append", default=[], metavar="NAME=SECONDS")
    parser.add_argument("--add", action="append", default=[], metavar="NAME")
    parser.add_argument("--serial", action="append", default=[], metavar="NAME")
    parser.add_argument("--not-serial", action="append", default=[], metavar="NAME")
    parser.add_argument("--lock", action="append", default=[], metavar="NAME=LOCK")
    parser.add_argument("--cost", action="append", default=[], metavar="NAME=COST")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--cost-data", action="store_true",
                        help="order by the measured times, as a tree with cost data does")
    parser.add_argument("--timeline", action="store_true")
    parser.add_argument("--expect-real", action="store_true",
                        help="fail unless the estimate matches the log's Total Test time (real)")
    args = parser.parse_args()

    times = read_times(args.times)
    for item in args.time:
        name, _, seconds = item.partition("=")
        times[name] = float(seconds)
    tests = read_props(args)
    for name in args.add:
        tests.append({"index": len(tests) + 1, "name": name, "serial": False, "locks": set(),
                      "cost": 0.0, "processors": 1, "labels": []})
    by_name = {t["name"]: t for t in tests}

    def named(name):
        if name not in by_name:
            sys.exit(f"no test named {name}")
        return by_name[name]

    for name in args.serial:
        named(name)["serial"] = True
    for name in args.not_serial:
        named(name)["serial"] = False
    for item in args.lock:
        name, _, lock = item.partition("=")
        named(name)["locks"].add(lock)
    for item in args.cost:
        name, _, value = item.partition("=")
        named(name)["cost"] = float(value)
    missing = [t["name"] for t in tests if t["name"] not in times]
    if missing:
        print("no time for (counted as 0 s): " + ", ".join(missing), file=sys.stderr)

    wall, starts, idle = simulate(tests, times, args.jobs, args.cost_data)
    serial = sum(times.get(t["name"], 0.0) for t in tests if t["serial"])
    parallel = sum(times.get(t["name"], 0.0) for t in tests if not t["serial"])
    if args.timeline:
        for start, seconds, t in starts:
            mark = " RUN_SERIAL" if t["serial"] else ""
            locks = " lock=" + ",".join(sorted(t["locks"])) if t["locks"] else ""
            print(f"{start:8.1f} +{seconds:7.1f}  {t['name']}{mark}{locks}")
    print(f"tests: {len(tests)}, -j{args.jobs}, "
          f"{'ordered by cost data' if args.cost_data else 'fresh tree (COST properties only)'}")
    print(f"RUN_SERIAL sum: {serial:.0f} s; others sum: {parallel:.0f} s "
          f"(lower bound {serial + parallel / args.jobs:.0f} s)")
    print(f"idle slot-seconds: {idle:.0f}")
    last = sorted(starts, key=lambda s: s[0] + s[1])[-3:]
    print("last to end: " + ", ".join(f"{t['name']} ({s:.0f}+{d:.0f} s)" for s, d, t in last))
    print(f"estimated wall time: {wall:.0f} s ({int(wall // 60)} min {wall % 60:.0f} s)")
    if args.expect_real:
        real = None
        for path in args.times:
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    m = re.search(r"Total Test time \(real\) = +([\d.]+) sec", line)
                    if m:
                        real = float(m.group(1))
        if real is None:
            sys.exit("--expect-real: no 'Total Test time (real)' in the --times files")
        off = abs(wall - real)
        print(f"the run took {real:.1f} s: {off:.1f} s off")
        if off > max(0.02 * real, 1.0):
            sys.exit(1)


if __name__ == "__main__":
    main()
