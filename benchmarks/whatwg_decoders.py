"""codecbox's exact WHATWG decoders against the nearest Python codec, on realistic text.

Run on demand, not in CI:

    .venv/bin/python benchmarks/whatwg_decoders.py [--size BYTES] [--repeat 5] [--only NAME ...]

For every encoding of the Encoding Standard that has a Python codec, it builds about
``--size`` bytes (10 MiB by default) of real text: the documents of
benchmarks/data/documents/*.txt and data/corpus/*/*.txt that the nearest Python codec
(codecbox.labels.PYTHON_CODECS) encodes without loss, encoded with it and repeated
(ISO-2022-JP: the Japanese ones). Then it times ``data.decode(exact, "replace")`` and
``data.decode(nearest, "replace")``, the fastest of ``--repeat`` interleaved runs (in CPU
time of this process, which other jobs on the machine disturb less than wall time), and
prints MB/s (decimal MB of input) and the ratio of the times (exact / nearest: 1.00 is as
fast, 2.00 half as fast). The last column says whether the two texts are the same: a
"differs" is realistic text that the nearest codec already decodes unlike a browser.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from codecbox.labels import PYTHON_CODECS, WHATWG_CODECS

HERE = Path(__file__).resolve().parent

ROOT = HERE.parent
SOURCES = sorted((ROOT / "benchmarks" / "data" / "documents").glob("*.txt")) + sorted(
    (ROOT / "data" / "corpus").glob("*/*.txt")
)


def sample(codec: str, size: int) -> bytes:
    """Every source text the codec encodes in full (and not as plain ASCII), repeated."""
    pieces = []
    for path in SOURCES:
        text = path.read_text("utf-8")
        try:
            data = text.encode(codec)
        except UnicodeEncodeError:
            continue
        if data != text.encode("utf-8") or codec.startswith("utf-16"):
            pieces.append(data + b"\n")
    if not pieces:  # nothing encodes in full: the encodable characters of every text
        pieces = [p.read_text("utf-8").encode(codec, "ignore") + b"\n" for p in SOURCES]
    one = b"".join(pieces)
    if codec.startswith("utf-16"):
        one = b"".join(p for p in pieces)  # each piece has an even length
    return one * max(1, size // len(one))


def timed(data: bytes, codecs: tuple[str, str], repeat: int) -> list[tuple[float, str]]:
    """The fastest of ``repeat`` runs of each codec, the runs interleaved (fairer on a busy
    machine than a median of consecutive runs), and each codec's text."""
    best = [float("inf")] * len(codecs)
    texts = [""] * len(codecs)
    for run in range(repeat):
        order = list(enumerate(codecs))
        for k, codec in order if run % 2 else reversed(order):  # neither always goes first
            texts[k] = ""  # free the previous text before timing
            start = time.process_time()
            texts[k] = data.decode(codec, "replace")
            best[k] = min(best[k], time.process_time() - start)
    return list(zip(best, texts, strict=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=10 * 1024 * 1024)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args(argv)
    rows = []
    header = f"{'encoding':<15} {'exact':>10} {'python':>14} {'MB/s exact':>11} "
    header += f"{'MB/s python':>12} {'ratio':>6}  output"
    print(header)
    for name, nearest in PYTHON_CODECS.items():
        if nearest is None or (args.only and name not in args.only):
            continue
        exact = WHATWG_CODECS[name]
        data = sample("cp932" if name == "ISO-2022-JP" else nearest, args.size)
        if name == "ISO-2022-JP":
            data = data.decode("cp932").encode("iso2022_jp", "replace")
        (t_exact, text_exact), (t_python, text_python) = timed(data, (exact, nearest), args.repeat)
        same = "same" if text_exact == text_python else "differs"
        mb = len(data) / 1e6
        ratio = t_exact / t_python
        rows.append((name, ratio))
        print(
            f"{name:<15} {exact:>10.10} {nearest:>14} {mb / t_exact:>11,.0f} "
            f"{mb / t_python:>12,.0f} {ratio:>6.2f}  {same}",
            flush=True,
        )
    worst = max(rows, key=lambda r: r[1])
    print(f"\nworst ratio: {worst[0]} {worst[1]:.2f} ({len(rows)} encodings, {mb:.1f} MB each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
