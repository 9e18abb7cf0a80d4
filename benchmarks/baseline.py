"""Speed against a past revision, in the same run: codecbox's detector now beside itself at a
git revision (default ``c1afead``, the main that issue 18 measured) and beside chardet.

.venv/bin/python benchmarks/baseline.py                    # eval snippets and documents
.venv/bin/python benchmarks/baseline.py --n 10 --repeat 3  # quicker
.venv/bin/python benchmarks/baseline.py --rev HEAD~5       # any revision git knows

Issue 18 set its speed targets as multiples of what it measured then ("today 2.7k-4.9k
snippets/s", "whole files 467/s (chardet 781/s)"), on a machine under load. A figure from
another day and another load is not a baseline: this script measures the revision itself.
``git archive REV codecbox`` is unpacked into a temporary folder; each detector runs in its
own process (``--worker``: ``codecbox`` imported from that folder, from this checkout, or
chardet), on the same pickled inputs (``suite.snippets`` of the split, ``--n`` per language,
encoding and length, and ``suite.documents`` of the split, no third-party files), each input
timed in CPU time (``time.process_time``: the other processes of a shared machine do not
count). The detectors take turns ``--repeat`` times; the table has each cell's median rate,
the ratio to the revision, and the answers right (``detection.is_right``, the benchmark's
rule) of the last round: a faster detector that is wrong more often is no progress.
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

#: The main that issue 18 measured.
REVISION = "c1afead"


def _groups(items: Sequence) -> dict[str, list[int]]:  # type: ignore[type-arg]
    """The indexes of the items by table row: one per snippet length, one for documents."""
    groups: dict[str, list[int]] = {}
    for k, item in enumerate(items):
        key = f"snippets {item.length}" if item.length else "documents"
        groups.setdefault(key, []).append(k)
    return groups


def worker(detector: str, inputs: Path) -> dict[str, object]:
    """Run in its own process: the warm-up inputs once (the other split's: tables filled on
    first use are filled, but no answer is remembered from the inputs timed), then every
    input once, timed. ``detector`` is ``chardet`` or a folder holding a ``codecbox``
    package. Returns the CPU seconds of each input and each answer's Python codec (None:
    no text encoding)."""
    warm, datas = pickle.loads(inputs.read_bytes())
    if detector == "chardet":
        import chardet

        def detect(data: bytes) -> str | None:
            return chardet.detect(data)["encoding"]

    else:
        sys.path.insert(0, detector)
        from codecbox.detection import guess_codecbox

        def detect(data: bytes) -> str | None:
            enc = guess_codecbox(data).encoding
            return None if enc is None else enc.codec

    for data in warm:
        detect(data)
    seconds, codecs = [], []
    for data in datas:
        start = time.process_time()
        codec = detect(data)
        seconds.append(time.process_time() - start)
        codecs.append(codec)
    return {"seconds": seconds, "codecs": codecs}


def checkout(rev: str, into: Path) -> Path:
    """``codecbox/`` of ``rev`` unpacked under ``into``; a clear error if git cannot."""
    done = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "codecbox"], capture_output=True, check=False
    )
    if done.returncode:
        message = done.stderr.decode(errors="replace").strip()
        raise SystemExit(f"baseline.py: git archive {rev}: {message}")
    with tarfile.open(fileobj=BytesIO(done.stdout)) as tar:
        tar.extractall(into, filter="data") if sys.version_info >= (3, 12) else tar.extractall(into)
    return into


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rev", default=REVISION, help=f"the revision (default {REVISION})")
    parser.add_argument("--split", default="eval", choices=("tune", "eval"))
    parser.add_argument("--n", type=int, default=20, help="snippets per case and length")
    parser.add_argument("--repeat", type=int, default=3, help="rounds of every detector")
    parser.add_argument("--no-chardet", action="store_true", help="leave chardet out")
    parser.add_argument("--worker", nargs=2, metavar=("DETECTOR", "INPUTS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.worker[0], Path(args.worker[1]))))
        return 0

    import suite
    from detection import Answer, is_right

    items = suite.snippets(args.split, args.n) + suite.documents(args.split)
    other = "tune" if args.split == "eval" else "eval"
    warm = suite.snippets(other, max(1, args.n // 4)) + suite.documents(other)
    groups = _groups(items)
    with tempfile.TemporaryDirectory() as tmp:
        inputs = Path(tmp, "inputs.pickle")
        inputs.write_bytes(pickle.dumps(([i.data for i in warm], [i.data for i in items])))
        detectors = {
            f"codecbox at {args.rev}": str(checkout(args.rev, Path(tmp, "rev"))),
            "codecbox now": str(ROOT),
        }
        if not args.no_chardet:
            detectors["chardet"] = "chardet"
        rates: dict[str, dict[str, list[float]]] = {d: {} for d in detectors}
        right: dict[str, dict[str, int]] = {}
        for _ in range(args.repeat):
            for name, where in detectors.items():
                out = subprocess.run(
                    [sys.executable, __file__, "--worker", where, str(inputs)],
                    capture_output=True,
                    check=True,
                    cwd=tmp,
                )
                got = json.loads(out.stdout)
                for group, idx in groups.items():
                    spent = sum(got["seconds"][k] for k in idx)
                    rates[name].setdefault(group, []).append(len(idx) / max(spent, 1e-9))
                right[name] = {
                    group: sum(
                        is_right(
                            items[k], Answer(got["codecs"][k], binary=got["codecs"][k] is None)
                        )
                        for k in idx
                    )
                    for group, idx in groups.items()
                }
    base = f"codecbox at {args.rev}"
    print(f"# codecbox now beside codecbox at {args.rev} ({args.split} split)\n")
    print(
        f"{len(items):,} inputs; {args.repeat} rounds, each detector in its own process, "
        f"CPU time of each call after an untimed pass over the {other} split; median items/s; "
        "right = the benchmark's rule (detection.is_right), last round.\n"
    )
    header = [
        "items",
        "n",
        *(f"{d}: items/s" for d in detectors),
        "now ÷ rev",
        *(f"{d}: right" for d in detectors),
    ]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for group, idx in groups.items():
        med = {d: statistics.median(rates[d][group]) for d in detectors}
        cells = [group, str(len(idx))]
        cells += [f"{med[d]:,.0f}" for d in detectors]
        cells.append(f"{med['codecbox now'] / med[base]:.2f}×")
        cells += [f"{right[d][group]}/{len(idx)}" for d in detectors]
        print("| " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
