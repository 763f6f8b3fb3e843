#!/usr/bin/python3
"""Launch-to-first-frame time and peak memory of the GUI (issue 47 item 17; aim: 200 ms).

    bench/startup/startup.py BUILD_DIR [--runs N] [--also PROGRAM ...] [--saved-runs N]
                             [--tab INDEX ...] [--cold] [--offscreen]

Starts each program N times on a private Xvfb (or Qt's offscreen platform), a first start each
time (empty config and data directories: the default simulated drive, no saved runs), and takes
the program's own time marks (TRIMSCOPE_STARTUP_MARKS, app/gui/startupmark.h): `main` entered,
the window `constructed`, its first frame `painted`, the drive's tabs `filled` after it. Times
count from the moment before exec. Peak RSS (VmHWM) is read at the first frame and when filled.
--tab starts trimscope with that tab shown, as a settings file of the last session restores it
(0 Overview … 8 Compare Runs; repeat it for several, each a program of the rounds). --cold evicts
every file the program mapped or read on its last start from the page cache before each start
(posix_fadvise DONTNEED: only pages no other process maps leave; the machine's cache is not
dropped).

Each round runs BUILD_DIR's reference window (bench/startup/referencewindow.cpp: the same Qt
libraries, nothing of TrimScope) and every program, each round in another order, so the load of
this shared machine falls on all alike; the ratio of medians to the reference's is the figure to compare across runs and
machines. --also adds other builds of trimscope (e.g. main's, copied aside) to compare in the same
rounds. Needs the targets `trimscope` and `startup-reference` built:
    cmake --build BUILD_DIR --target trimscope startup-reference
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

MARKS = ("main", "constructed", "painted", "filled")
# A benchmark run of another drive, kept as the program keeps one (--saved-runs copies it).
SAVED_RUN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data",
                         "results", "sweep.json")


def peak_rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def read_marks(path):
    marks = {}
    try:
        with open(path) as file:
            for line in file:
                fields = line.split()
                if len(fields) >= 2:
                    marks[fields[0]] = int(fields[1])
                if len(fields) >= 3:  # the main thread's CPU time since exec
                    marks[fields[0] + " cpu"] = int(fields[2])
    except OSError:
        pass
    return marks


def files_of(pid):
    """The regular files `pid` has mapped (libraries, plugins, fonts, caches)."""
    files = set()
    try:
        with open(f"/proc/{pid}/maps") as maps:
            for line in maps:
                path = line.split(None, 5)[5].strip() if len(line.split(None, 5)) > 5 else ""
                if path.startswith("/") and os.path.isfile(path):
                    files.add(path)
    except OSError:
        pass
    return files


def evict(paths):
    """Drops `paths` from the page cache, as far as no other process maps them."""
    for path in paths:
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def launch(program, scratch, environment, saved_runs, fills=True, timeout_s=30.0, tab=None,
           cold_files=None):
    """One first start: (ms from exec to each mark, peak RSS KiB at paint and when filled).
    With `tab`, the settings of a last session that showed that tab. With `cold_files` (a set),
    the files of the program's last start are evicted first and this start's are added."""
    home = os.path.join(scratch, "home")
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    if tab is not None:
        os.makedirs(os.path.join(home, "config", "trimscope"))
        with open(os.path.join(home, "config", "trimscope", "trimscope.conf"), "w") as conf:
            conf.write(f"[window]\ntab={tab}\n")
    if cold_files is not None:
        evict(cold_files | {program})
    if saved_runs:
        runs = os.path.join(home, "data", "trimscope", "runs")
        os.makedirs(runs)
        for number in range(saved_runs):
            shutil.copy(SAVED_RUN, os.path.join(runs, f"sweep-{number:03}.json"))
    marks_file = os.path.join(scratch, "marks")
    if os.path.exists(marks_file):
        os.unlink(marks_file)
    env = dict(environment, XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_DATA_HOME=os.path.join(home, "data"),
               XDG_CACHE_HOME=os.path.join(home, "cache"), HOME=home,
               TRIMSCOPE_STARTUP_MARKS=marks_file)
    start = time.time_ns()
    errors = open(os.path.join(scratch, "stderr"), "w+")
    process = subprocess.Popen([program], env=env, stdout=subprocess.DEVNULL, stderr=errors)
    rss = {}
    deadline = time.monotonic() + timeout_s
    try:
        while time.monotonic() < deadline and process.poll() is None:
            marks = read_marks(marks_file)
            if "painted" in marks and "painted" not in rss:
                rss["painted"] = peak_rss_kib(process.pid)
                if cold_files is not None:
                    cold_files |= files_of(process.pid)
            # The reference has nothing to fill: its frame is all it does.
            if "filled" in marks or ("painted" in marks and not fills):
                rss["filled"] = peak_rss_kib(process.pid)
                break
            time.sleep(0.002)
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    marks = read_marks(marks_file)
    errors.seek(0)
    said = errors.read()[-2000:]
    errors.close()
    if "painted" not in marks:
        sys.exit(f"{program} showed no frame (exit status {process.returncode}):\n{said}")
    return {name: (ns - (0 if name.endswith(" cpu") else start)) / 1e6
            for name, ns in marks.items()}, rss


def start_xvfb(scratch):
    """A private Xvfb, once it accepts clients: it picks a free display and writes its number
    to -displayfd when it is ready (its socket file appears before it listens)."""
    if not shutil.which("Xvfb"):
        return None, None
    read_end, write_end = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1366x768x24",
                             "-nolisten", "tcp"], pass_fds=(write_end,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as ready:
        number = ready.readline().strip()
    if not number:
        xvfb.kill()
        xvfb.wait()
        return None, None
    return xvfb, f":{number}"


def median_of(results, key):
    values = [marks[key] for marks, _ in results if key in marks]
    return statistics.median(values) if values else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--also", action="append", default=[], metavar="PROGRAM")
    parser.add_argument("--saved-runs", type=int, default=0, metavar="N",
                        help="start with N saved benchmark runs (of another drive)")
    parser.add_argument("--offscreen", action="store_true",
                        help="Qt's offscreen platform instead of Xvfb")
    parser.add_argument("--tab", type=int, action="append", default=[], metavar="INDEX",
                        help="trimscope with this tab shown at start (repeatable)")
    parser.add_argument("--cold", action="store_true",
                        help="evict the program's files from the page cache before each start")
    args = parser.parse_args()
    reference = os.path.join(args.build, "bench", "startup-reference")
    trimscope = os.path.join(args.build, "app", "gui", "trimscope")
    # A program of the rounds: (label, executable, tab shown at start or None).
    programs = [("startup-reference", reference, None)]
    programs += [(f"trimscope tab {tab}", trimscope, tab) for tab in args.tab] or [
        ("trimscope", trimscope, None)]
    programs += [(os.path.basename(os.path.dirname(other)) + "/" + os.path.basename(other) +
                  (f" tab {tab}" if tab is not None else ""), other, tab)
                 for other in args.also for tab in (args.tab or [None])]
    for _, program, _ in programs:
        if not os.access(program, os.X_OK):
            sys.exit(f"{program} is not built: cmake --build {args.build} "
                     "--target trimscope startup-reference")
    environment = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    environment.pop("LANGUAGE", None)
    with tempfile.TemporaryDirectory(prefix="startup-bench-") as scratch:
        xvfb = None
        if not args.offscreen:
            xvfb, display = start_xvfb(scratch)
        if xvfb:
            environment.update(DISPLAY=display, QT_QPA_PLATFORM="xcb")
        else:
            environment.update(QT_QPA_PLATFORM="offscreen")
        print(f"platform {environment['QT_QPA_PLATFORM']}, {args.runs} rounds, "
              f"{args.saved_runs} saved runs, {'cold' if args.cold else 'warm'}, "
              f"load average {os.getloadavg()[0]:.1f}")
        results = {label: [] for label, _, _ in programs}
        cold_files = {label: set() for label, _, _ in programs}
        try:
            for round_number in range(args.runs):
                # Each round in another order: the program started after another one's exit
                # shares the machine with its teardown (and Xvfb's), which skews by ~30 ms.
                turn = round_number % len(programs)
                for label, program, tab in programs[turn:] + programs[:turn]:
                    results[label].append(
                        launch(program, scratch, environment, args.saved_runs,
                               fills=program != reference, tab=tab,
                               cold_files=cold_files[label] if args.cold else None))
        finally:
            if xvfb:
                xvfb.terminate()
                xvfb.wait()
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    print("medians in ms from exec (peak RSS in MiB; CPU: the main thread's to the frame)")
    print(f"{'program':40} {'main':>6} {'built':>6} {'frame':>6} {'filled':>7} "
          f"{'RSS frame':>9} {'RSS filled':>10} {'frame/ref':>9} {'CPU frame':>9} {'CPU/ref':>7}")
    reference_frame = median_of(results["startup-reference"], "painted")
    reference_cpu = median_of(results["startup-reference"], "painted cpu")
    for label, _, _ in programs:
        runs = results[label]
        cells = [median_of(runs, key) for key in MARKS]
        rss = [statistics.median([r[key] for _, r in runs if r.get(key)] or [0]) / 1024
               for key in ("painted", "filled")]
        print(f"{label[-40:]:40} " + " ".join(f"{c:6.0f}" if c is not None else "     -"
                                             for c in cells[:3]) +
              (f" {cells[3]:7.0f}" if cells[3] is not None else "       -") +
              f" {rss[0]:9.1f} {rss[1]:10.1f} {cells[2] / reference_frame:9.2f}" +
              (f" {cpu:9.0f} {cpu / reference_cpu:7.2f}"
               if (cpu := median_of(runs, "painted cpu")) and reference_cpu else ""))
    if args.also:
        frames = {label: median_of(results[label], "painted") for label, _, _ in programs[1:]}
        ours = [label for label, program, _ in programs[1:] if program == trimscope]
        others = [label for label, program, _ in programs[1:] if program != trimscope]
        for mine, other in zip(ours, others):
            print(f"first frame: {mine} / {other}: {frames[mine] / frames[other]:.2f}")


if __name__ == "__main__":
    main()
