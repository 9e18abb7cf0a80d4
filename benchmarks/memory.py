"""Peak memory of each command on one large file (issue 19, N10), beside the peers.

Run on demand, not in CI (it writes a file of ``--size`` bytes, 500 MB by default, and
the copies the commands make, in a temporary folder it removes):

    .venv/bin/python benchmarks/memory.py [--size BYTES] [--encoding cp1252]

Each command runs in a fresh child of a small Python parent that reports the child's
peak resident set size (``getrusage(RUSAGE_CHILDREN).ru_maxrss``, what ``/usr/bin/time
-v`` prints as "Maximum resident set size"), and its wall time. The peers do the same
job on the same file: ``chardetect`` (chardet 7's command) and ``normalizer``
(charset-normalizer's) beside ``detect``, ``iconv`` beside ``convert``. The target is
≤ 64 MB for ``detect``, ``decode``, ``html`` and ``import``; the table says whether each
run met it, and whether the outputs are the file's text (the same bytes as iconv's).
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TARGET_MB = 64
LINE = "Año de señales, café y jamón; ¿qué tal? línea\n"
PARENT = """
import resource, subprocess, sys, time
with open(sys.argv[1], "wb") as out:
    start = time.perf_counter()
    code = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.DEVNULL).returncode
    wall = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
print(code, peak, wall)
"""


def build(path: Path, size: int, encoding: str) -> None:
    block = (LINE * 20000).encode(encoding)
    with open(path, "wb") as f:
        left = size
        while left:
            piece = block[:left]
            f.write(piece)
            left -= len(piece)


def measure(out: Path, command: list[str], cwd: Path) -> tuple[int, float, float]:
    """Exit status, peak RSS in MB and wall seconds of ``command``."""
    done = subprocess.run(
        [sys.executable, "-c", PARENT, str(out), *command],
        cwd=cwd, capture_output=True, text=True, check=True,
    )  # fmt: skip
    code, peak, wall = done.stdout.split()
    return int(code), int(peak) / 1024, float(wall)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=500_000_000, help="bytes of the file")
    parser.add_argument("--encoding", default="cp1252", help="its encoding")
    args = parser.parse_args(argv)
    bin_dir = Path(sys.executable).parent
    cb = str(bin_dir / "codecbox")
    peers = {name: shutil.which(name, path=str(bin_dir)) or shutil.which(name)
             for name in ("chardetect", "normalizer", "iconv")}  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        big = work / "big.txt"
        build(big, args.size, args.encoding)
        runs: list[tuple[str, str, list[str], bool]] = [
            # (label, target group, command, output is the text)
            ("codecbox detect", "detect", [cb, "detect", "big.txt"], False),
            ("chardetect", "detect", [peers["chardetect"] or "", "big.txt"], False),
            ("normalizer", "detect", [peers["normalizer"] or "", "big.txt"], False),
            ("codecbox decode", "decode", [cb, "decode", "big.txt"], True),
            ("codecbox html", "html", [cb, "html", "big.txt"], False),
            ("codecbox html --text", "html", [cb, "html", "--text", "big.txt"], True),
            ("codecbox import", "import",
             [cb, "import", "big.txt", "--into", "imp", "--candidates", args.encoding,
              "--log", "imp.jsonl"], False),
            ("codecbox import --quarantine", "import",
             [cb, "import", "big.txt", "--into", "imp2", "--quarantine", "q",
              "--candidates", args.encoding, "--log", "q.jsonl"], False),
            ("codecbox convert", "convert",
             [cb, "convert", "big.txt", "conv.txt", "--from", args.encoding], False),
            ("iconv", "convert",
             [peers["iconv"] or "", "-f", args.encoding, "-t", "utf-8", "big.txt"], True),
        ]  # fmt: skip
        reference = None
        print(f"file: {args.size:,} bytes of {args.encoding} text\n")
        print(f"{'command':30} {'exit':>4} {'peak RSS MB':>12} {'wall s':>8}  note")
        rows = {}
        for label, group, command, text_out in runs:
            if not command[0]:
                print(f"{label:30} {'-':>4} {'-':>12} {'-':>8}  not installed")
                continue
            out = work / "stdout"
            code, peak, wall = measure(out, command, work)
            rows[label] = (peak, wall)
            note = []
            if group in ("detect", "decode", "html", "import") and label.startswith("codecbox"):
                note.append("≤ 64 MB" if peak <= TARGET_MB else f"OVER {TARGET_MB} MB")
            if text_out:
                digest = sha256(out)
                if label == "iconv":
                    reference = digest
                note.append(f"stdout sha256 {digest[:12]}")
            if label == "codecbox import":
                note.append(f"copy sha256 {sha256(work / 'imp' / 'big.txt')[:12]}")
            if label == "codecbox import --quarantine":
                note.append("moved to q/" if (work / "q" / "big.txt").exists() else "NOT MOVED")
                shutil.move(str(work / "q" / "big.txt"), big)  # back, for the next runs
            if label == "codecbox convert":
                note.append(f"copy sha256 {sha256(work / 'conv.txt')[:12]}")
                (work / "conv.txt").unlink()
            print(f"{label:30} {code:>4} {peak:>12.1f} {wall:>8.2f}  {', '.join(note)}")
        print(f"\niconv's output sha256 {reference[:12] if reference else '-'}")
        print("\nratios (peak RSS, wall) against the peer in the same run:")
        pairs = [("codecbox detect", "chardetect"), ("codecbox detect", "normalizer"),
                 ("codecbox convert", "iconv"), ("codecbox decode", "iconv")]  # fmt: skip
        for mine, peer in pairs:
            if mine in rows and peer in rows:
                (pm, wm), (pp, wp) = rows[mine], rows[peer]
                print(f"  {mine} / {peer}: memory {pm / pp:.2f}x, time {wm / wp:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
