"""``codecbox.dask.import_bag`` on a LocalCluster of 1 and 2 workers, beside ``codecbox import``.

    .venv/bin/python benchmarks/dask_import.py                # 2,000 files, 3 rounds
    .venv/bin/python benchmarks/dask_import.py --files 5000 --repeat 5

Each run imports the same files into a new folder with ``--quarantine`` and
``--candidates cp1252,cp932,koi8-r``: the command (``cli.main`` in a child process, timed
there, without the interpreter's start), then ``import_bag`` on a cluster of 1 worker
process and on one of 2 (both started before the first round and kept; their start is
timed apart). The rounds alternate the three, so that a change in the machine's load hits
each alike. Every run must leave the same copies, quarantine and number of log lines as the
command's, or the script stops with an error. Prints files per second (median of the
rounds) and the median of each round's ratio to the command's. ``--no-fsync`` (measurement
only) makes ``os.fsync`` a no-op in the command's child and in the workers: what the engine
costs without the disk.
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
CANDIDATES = ["cp1252", "cp932", "koi8-r"]
TEXT = "Factura nº {i}: cañería, jalapeño y señal del año; José Núñez pagó 1.234,50 €.\n"

#: Run in the child: the command, timed without the interpreter's start.
CHILD = """
import json, os, sys, time
sys.path.insert(0, sys.argv[1])
if sys.argv[2] == "no-fsync":
    os.fsync = lambda fd: None
from codecbox import cli
args = sys.argv[3:]
start = time.perf_counter()
status = cli.main(args)
print(json.dumps({"status": status, "seconds": time.perf_counter() - start}))
"""


def source(i: int) -> bytes:
    """File ``i``: 6 in 10 UTF-8 (copied), 1 a BOM, 1 cp1252 (a guess: quarantined), 1 too
    short to guess (quarantined), 1 binary (quarantined)."""
    text = TEXT.format(i=i)
    kind = i % 10
    if kind == 6:
        return codecs.BOM_UTF8 + text.encode("utf-8")
    if kind == 7:
        return (text * 4).encode("cp1252")
    if kind == 8:
        return f"año {i}".encode("cp1252")
    if kind == 9:
        return b"\x89PNG\r\n\x1a\n\x00\x00" + i.to_bytes(4, "big") + bytes(range(256))
    return (text * 3).encode("utf-8")


def sources(folder: Path, n: int) -> list[str]:
    folder.mkdir(parents=True)
    paths = []
    for i in range(n):
        path = folder / f"f{i:05d}.txt"
        path.write_bytes(source(i))
        paths.append(str(path))
    return paths


def result(work: Path) -> tuple[dict[str, bytes], dict[str, bytes], int]:
    """The copies, the quarantine, and the log's line count of a run."""
    out = {p.name: p.read_bytes() for p in (work / "out").iterdir() if p.is_file()}
    lines = out.pop(".codecbox-import.jsonl").count(b"\n")
    quarantined = {p.name: p.read_bytes() for p in (work / "q").iterdir()}
    return out, quarantined, lines


def run_command(work: Path, n: int, fsync: bool) -> float:
    paths = sources(work / "in", n)
    args = ["import", *paths, "--into", str(work / "out"), "--quarantine", str(work / "q")]
    args += ["--candidates", ",".join(CANDIDATES), "--progress", "off"]
    command = [sys.executable, "-c", CHILD, str(HERE), "fsync" if fsync else "no-fsync", *args]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"codecbox import: {done.stderr.strip()}")
    report = json.loads(done.stdout.splitlines()[-1])
    if report["status"] != 3:  # 3: done, some quarantined
        raise SystemExit(f"codecbox import: exit status {report['status']}: {done.stderr}")
    return float(report["seconds"])


def run_bag(client: Any, work: Path, n: int, partition_size: int) -> float:
    import dask

    from codecbox.dask import import_bag

    paths = sources(work / "in", n)
    start = time.perf_counter()
    with dask.config.set(scheduler=client):
        done = import_bag(
            paths,
            work / "out",
            quarantine=work / "q",
            candidates=CANDIDATES,
            partition_size=partition_size,
        )
    took = time.perf_counter() - start
    if done.files != n or done.status != 3 or done.earlier or not done.quarantined:
        raise SystemExit(f"import_bag: {done}")
    return took


def _no_fsync() -> None:
    os.fsync = lambda fd: None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--partition-size", type=int, default=200)
    parser.add_argument(
        "--no-fsync",
        action="store_true",
        help="measurement only: os.fsync does nothing, in the command's child and the workers "
        "(what the engine costs, without the disk)",
    )
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    import logging

    import distributed

    logging.getLogger("distributed").setLevel(logging.ERROR)  # not each worker's start

    n = args.files
    load_before = os.getloadavg()
    clusters: dict[str, Any] = {}
    started: dict[str, float] = {}
    for workers in (1, 2):
        start = time.perf_counter()
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            host="127.0.0.1",
            silence_logs=50,
        )
        clusters[f"import_bag, {workers} worker{'s' * (workers > 1)}"] = (
            cluster,
            distributed.Client(cluster, set_as_default=False),
        )
        started[f"import_bag, {workers} worker{'s' * (workers > 1)}"] = time.perf_counter() - start
    base = Path(tempfile.mkdtemp(prefix="dask-import-"))
    for name, (_, client) in clusters.items():
        if args.no_fsync:
            client.run(_no_fsync)
        # A first import on each worker: what a long-lived cluster has done before (the
        # imports, the detector's tables); the command pays it in every run.
        for _ in range(2):
            run_bag(client, base / f"warm-{name.replace(' ', '_')}-{_}", 40, 10)
    seconds: dict[str, list[float]] = {"codecbox import": []}
    seconds.update({name: [] for name in clusters})
    try:
        for round_ in range(args.repeat):
            expected = None
            for name in seconds:
                work = base / f"{round_}-{len(seconds[name])}-{name.replace(' ', '_')}"
                if name == "codecbox import":
                    took = run_command(work, n, not args.no_fsync)
                else:
                    took = run_bag(clusters[name][1], work, n, args.partition_size)
                seconds[name].append(took)
                got = result(work)
                if expected is None:
                    expected = got
                elif got != expected:
                    raise SystemExit(f"{name}: not the same copies, quarantine or log lines")
                print(f"round {round_ + 1}, {name}: {n / took:,.0f} files/s", flush=True)
                shutil.rmtree(work)
    finally:
        for cluster, client in clusters.values():
            client.close()
            cluster.close()
        shutil.rmtree(base, ignore_errors=True)
    load_after = os.getloadavg()
    command = seconds["codecbox import"]
    fsync = " (os.fsync a no-op)" if args.no_fsync else ""
    print(f"\n{n:,} files{fsync}, {args.repeat} rounds, {os.cpu_count()} cores")
    print(f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f}\n")
    print("| run | files/s | ratio to the command, same round | cluster start s |")
    print("|---|---:|---:|---:|")
    for name, times in seconds.items():
        rate = n / statistics.median(times)
        ratio = statistics.median(c / t for c, t in zip(command, times, strict=True))
        start_s = f"{started[name]:.1f}" if name in started else ""
        print(f"| {name} | {rate:,.0f} | {ratio:.2f}x | {start_s} |")


if __name__ == "__main__":
    main()
