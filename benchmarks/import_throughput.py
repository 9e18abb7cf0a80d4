"""``codecbox import`` throughput: files per second on many small files, and where the time goes.

    .venv/bin/python benchmarks/import_throughput.py                  # this tree, 1,000 files
    .venv/bin/python benchmarks/import_throughput.py --old /tmp/old   # and another checkout,
                                                                      # run alternately
Each run imports the same files (9 in 10 UTF-8, copied; 1 in 10 too short to guess,
quarantined) into a new folder, in a child process that imports ``codecbox`` from the tree
under test and counts the time spent in ``os.fsync``. Prints each run and the median.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

#: Run in the child, with the tree under test first on sys.path: cli.main, timed, with
#: os.fsync counted.
CHILD = """
import json, os, sys, time
sys.path.insert(0, sys.argv[1])
real, spent = os.fsync, [0, 0.0]
def fsync(fd):
    start = time.perf_counter()
    try:
        real(fd)
    finally:
        spent[0] += 1
        spent[1] += time.perf_counter() - start
os.fsync = fsync
from codecbox import cli
names = sorted(os.listdir("in"))
args = ["import", *("in/" + n for n in names), "--into", "out", "--quarantine", "q"]
start = time.perf_counter()
status = cli.main([*args, "--candidates", "cp1252", "--progress", "off"])
took = time.perf_counter() - start
print(json.dumps({"status": status, "seconds": took, "fsyncs": spent[0], "fsync_s": spent[1]}))
"""


def sources(folder: Path, n: int) -> None:
    folder.mkdir(parents=True)
    for i in range(n):
        if i % 10 == 9:
            data = f"año {i}".encode("cp1252")  # too short to guess: quarantined
        else:
            data = f"registro {i}: año, señal, café\n".encode() * 4
        (folder / f"f{i:04d}.txt").write_bytes(data)


def run(tree: Path, work: Path, n: int) -> dict[str, float]:
    shutil.rmtree(work, ignore_errors=True)
    sources(work / "in", n)
    command = [sys.executable, "-c", CHILD, str(tree)]
    done = subprocess.run(command, cwd=work, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {done.stderr.strip()}")
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    if result["status"] != 3:  # 3: done, some quarantined
        raise SystemExit(f"{tree}: exit status {result['status']}: {done.stdout}{done.stderr}")
    copies = len(os.listdir(work / "out")) - 1 + len(os.listdir(work / "q"))
    if copies != n:
        raise SystemExit(f"{tree}: {copies} files imported or quarantined of {n}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--old", type=Path, help="another checkout (e.g. a git worktree)")
    args = parser.parse_args()
    trees = {"this tree": HERE} | ({"old": args.old.resolve()} if args.old else {})
    results: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.repeat):
            for name, tree in trees.items():  # alternately, so that load hits both alike
                r = run(tree, Path(tmp) / "work", args.files)
                results[name].append(r)
                print(
                    f"run {i + 1} {name:9}  {args.files / r['seconds']:7.0f} files/s  "
                    f"{r['seconds']:6.2f} s, of which fsync {r['fsync_s']:5.2f} s "
                    f"({r['fsyncs']:.0f} calls, {r['fsyncs'] / args.files:.2f} per file)",
                    flush=True,
                )
    print(f"\nmedian of {args.repeat} runs, {args.files} files, load {os.getloadavg()[0]:.1f}:")
    for name, runs in results.items():
        seconds = statistics.median(r["seconds"] for r in runs)
        fsync = statistics.median(r["fsync_s"] for r in runs)
        print(
            f"  {name:9}  {args.files / seconds:7.0f} files/s  {seconds:.2f} s, fsync {fsync:.2f} s"
        )
    if len(results) == 2:
        new, old = (statistics.median(r["seconds"] for r in runs) for runs in results.values())
        print(f"  this tree is {old / new:.2f}x the old one's files per second")


if __name__ == "__main__":
    main()
