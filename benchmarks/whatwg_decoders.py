"""codecbox's exact WHATWG decoders against the nearest Python codec, on realistic text.

Run on demand, not in CI:

    .venv/bin/python benchmarks/whatwg_decoders.py [--size BYTES] [--repeat 5] [--only NAME ...]

For every encoding of the Encoding Standard that has a Python codec, it builds about
``--size`` bytes (10 MiB by default) of real text: the documents of
benchmarks/data/documents/*.txt and data/corpus/*/*.txt that the nearest Python codec
(codecbox.labels.PYTHON_CODECS) encodes without loss, encoded with it and repeated
(ISO-2022-JP: the Japanese ones; GBK: the ones Python's gbk encodes, since a GBK page has
no four-byte sequence, while the gb18030 sample has many). Then it times
``data.decode(exact, "replace")`` and ``data.decode(nearest, "replace")``, the fastest of
``--repeat`` interleaved runs (in CPU time of this process, which other jobs on the machine
disturb less than wall time), and prints MB/s (decimal MB of input) and the ratio of the
times (exact / nearest: 1.00 is as fast, 2.00 half as fast). The last column says whether
the two texts are the same: a "differs" is realistic text that the nearest codec already
decodes unlike a browser.

A second table is about small inputs, where what counts is the fixed cost of a call (a web
page of a few KB): the first ``--small`` bytes (5,000 by default, cut at a line end) of the
same text, decoded ``--calls`` times in a row per run, same interleaving; it prints
microseconds per call for each codec, the difference and the ratio.

A third table is about damaged input (a page with a few stray bytes, which browsers show
with U+FFFD): the multi-byte samples with ``--bad`` (0.1 % by default) of their bytes, at
seeded random places, replaced by random bytes 0x80-0xFF; MB/s of both codecs and the
ratio, and the U+FFFD each inserted (the counts differ where the standard and Python's
codec resynchronise differently after an error).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from codecbox.labels import PYTHON_CODECS, WHATWG_CODECS

HERE = Path(__file__).resolve().parent

ROOT = HERE.parent
SOURCES = sorted((ROOT / "benchmarks" / "data" / "documents").glob("*.txt")) + sorted(
    (ROOT / "data" / "corpus").glob("*/*.txt")
)


#: The codec that writes an encoding's sample, when it is not the nearest Python codec.
SAMPLE_CODEC = {"ISO-2022-JP": "cp932", "GBK": "gbk"}


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


def small_sample(data: bytes, name: str, nearest: str, size: int) -> bytes:
    """At most ``size`` bytes of the start of ``data``'s text, cut at a line end (in the
    text, so that it is a whole input in every encoding: ISO-2022-JP, UTF-16)."""
    codec = "iso2022_jp" if name == "ISO-2022-JP" else nearest
    text = data.decode(nearest, "replace")[:size]
    while len(text.encode(codec, "replace")) > size:
        text = text[: len(text) * 9 // 10]
    return text[: text.rfind("\n") + 1 or len(text)].encode(codec, "replace")


def damaged(data: bytes, rate: float, seed: int = 0) -> bytes:
    """``data`` with ``rate`` of its bytes, at random places, replaced by random bytes
    0x80-0xFF (the ones that make a multi-byte decoder err or resynchronise)."""
    rng = random.Random(seed)
    out = bytearray(data)
    for at in rng.sample(range(len(out)), int(len(out) * rate)):
        out[at] = rng.randrange(0x80, 0x100)
    return bytes(out)


def timed(
    data: bytes, codecs: tuple[str, str], repeat: int, calls: int = 1
) -> list[tuple[float, str]]:
    """The fastest of ``repeat`` runs of each codec (``calls`` decodes per run), the runs
    interleaved (fairer on a busy machine than a median of consecutive runs), and each
    codec's text. Times are per call."""
    best = [float("inf")] * len(codecs)
    texts = [""] * len(codecs)
    for run in range(repeat):
        order = list(enumerate(codecs))
        for k, codec in order if run % 2 else reversed(order):  # neither always goes first
            texts[k] = ""  # free the previous text before timing
            start = time.process_time()
            for _ in range(calls):
                texts[k] = data.decode(codec, "replace")
            best[k] = min(best[k], (time.process_time() - start) / calls)
    return list(zip(best, texts, strict=True))


#: The encodings whose decoders have a quick path and a pure-Python one.
MULTI_BYTE = ("Shift_JIS", "EUC-JP", "ISO-2022-JP", "EUC-KR", "Big5", "GBK", "gb18030")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=10 * 1024 * 1024)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--small", type=int, default=5000, help="bytes of the small inputs")
    parser.add_argument("--calls", type=int, default=400, help="small decodes per run")
    parser.add_argument("--bad", type=float, default=0.001, help="share of damaged bytes")
    args = parser.parse_args(argv)
    rows = []
    smalls = []
    bigs = []
    header = f"{'encoding':<15} {'exact':>10} {'python':>14} {'MB/s exact':>11} "
    header += f"{'MB/s python':>12} {'ratio':>6}  output"
    print(header)
    for name, nearest in PYTHON_CODECS.items():
        if nearest is None or (args.only and name not in args.only):
            continue
        exact = WHATWG_CODECS[name]
        # What a page in the encoding holds: ISO-2022-JP writes what cp932 has, and GBK
        # (the standard's encoder, and Python's gbk) never writes gb18030's four-byte
        # sequences, so a GBK sample is the texts gbk encodes; gb18030's has them all.
        data = sample(SAMPLE_CODEC.get(name, nearest), args.size)
        if name == "ISO-2022-JP":
            data = data.decode("cp932").encode("iso2022_jp", "replace")
        (t_exact, text_exact), (t_python, text_python) = timed(data, (exact, nearest), args.repeat)
        same = "same" if text_exact == text_python else "differs"
        smalls.append((name, exact, nearest, small_sample(data, name, nearest, args.small)))
        if name in MULTI_BYTE:
            bigs.append((name, exact, nearest, damaged(data, args.bad)))
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
    print(f"\n{'small input':<15} {'bytes':>6} {'µs exact':>9} {'µs python':>10}", end="")
    print(f" {'extra':>6} {'ratio':>6}")
    for name, exact, nearest, data in smalls:
        (t_exact, _), (t_python, _) = timed(data, (exact, nearest), args.repeat, args.calls)
        print(
            f"{name:<15} {len(data):>6} {t_exact * 1e6:>9.1f} {t_python * 1e6:>10.1f} "
            f"{(t_exact - t_python) * 1e6:>6.1f} {t_exact / t_python:>6.2f}",
            flush=True,
        )
    print(f"\n{f'{args.bad:.1%} damaged':<15} {'MB/s exact':>11} {'MB/s python':>12}", end="")
    print(f" {'ratio':>6} {'U+FFFD exact':>13} {'python':>7}")
    for name, exact, nearest, data in bigs:
        (t_exact, text_exact), (t_python, text_python) = timed(data, (exact, nearest), args.repeat)
        mb = len(data) / 1e6
        print(
            f"{name:<15} {mb / t_exact:>11,.0f} {mb / t_python:>12,.0f} {t_exact / t_python:>6.2f} "
            f"{text_exact.count(chr(0xFFFD)):>13,} {text_python.count(chr(0xFFFD)):>7,}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
