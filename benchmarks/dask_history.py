"""What ``codecbox.dask``'s per-process cache of the merged log (``_HISTORY``) saves.

    .venv/bin/python benchmarks/dask_history.py              # 1,000, 20,000, 100,000 lines
    .venv/bin/python benchmarks/dask_history.py --lines 5000 --repeat 9

Each :func:`~codecbox.dask.import_partition` task needs the merged log's state (the last
record of each file, the copies each was imported to). ``_history`` reads it once per worker
process and version of the file; without the cache every task would read it again. This
writes a log of N records shaped as the command writes them and times ``_history`` with the
cache cleared before each call and kept (CPU time of this process, the best of
``--repeat``), beside the time a partition of 200 files takes to import (benchmarks/README:
about 200-2,000 files/s, so 0.1-1 s).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from codecbox import dask as codecbox_dask  # noqa: E402

POLICY = {"declared": None, "candidates": ["windows-1252"], "min_sample": 256,
          "detector": "codecbox", "hint": None, "quarantine": None}  # fmt: skip


def write_log(path: Path, lines: int) -> None:
    with open(path, "w", encoding="ascii") as f:
        for i in range(lines):
            record = {"file": f"/data/in/f{i:07d}.txt", "sha256": "ab" * 32, "status": "imported",
                      "encoding": "UTF-8", "rule": "valid UTF-8", "confident": True, "replaced": 0,
                      "destination": f"/data/out/f{i:07d}.txt", "policy": POLICY}  # fmt: skip
            f.write(json.dumps(record, ensure_ascii=True) + "\n")


def best(path: Path, cached: bool, repeat: int) -> float:
    codecbox_dask._HISTORY.clear()
    codecbox_dask._history(path)
    times = []
    for _ in range(repeat):
        if not cached:
            codecbox_dask._HISTORY.clear()
        start = time.process_time()
        codecbox_dask._history(path)
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, nargs="+", default=[1000, 20000, 100000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    print(f"{'lines':>8} {'log':>9} {'read each task':>15} {'cached':>8}")
    for lines in args.lines:
        path = folder / f"log{lines}.jsonl"
        write_log(path, lines)
        uncached, cached = (best(path, c, args.repeat) for c in (False, True))
        size = f"{path.stat().st_size / 2**20:.1f} MiB"
        print(f"{lines:>8} {size:>9} {uncached * 1000:>12.1f} ms {cached * 1000:>5.1f} ms")


if __name__ == "__main__":
    main()
