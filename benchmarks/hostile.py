"""Hostile inputs: codecbox's decode_html against w3lib's html_to_unicode, per 10 MB.

.venv/bin/python benchmarks/hostile.py              # fastest of 3 runs per input
.venv/bin/python benchmarks/hostile.py --repeat 7 --size 2000000

The inputs are those of ``benchmarks/hostile_inputs.py`` (which
``tests/lib/test_sniffing.py`` reads too): megabytes of one construct repeated, or of markup
that never ends, 10 MB each (``--size``), the ones made of many small constructs 2 MB. Each
is decoded as it is (valid UTF-8) and with one byte that is not UTF-8 at the end, by
``decode_html(data, detector=...)`` with a detector that never knows (the sniffing alone,
then the decode) and by ``w3lib.encoding.html_to_unicode(None, data)``. It prints the size,
each one's time (the fastest of ``--repeat`` interleaved runs, in CPU time of the process),
their ratio (above 1: codecbox is faster), and codecbox's time per 10 MB, the measure of
the target: under 1 s for every input.

Timings depend on the machine and its load: compare the ratios, not the figures.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

from hostile_inputs import TAILS, inputs
from w3lib.encoding import html_to_unicode

from codecbox.decoding import decode_html
from codecbox.detection import Guess

TEN_MB = 10_000_000


def _none(data: bytes, candidates: object = None, *, prefix: bool = False) -> Guess:
    """A detector that never knows: isolates sniffing and decoding from detection."""
    return Guess(None, "none")


def _codecbox(data: bytes) -> object:
    return decode_html(data, detector=_none)


def _w3lib(data: bytes) -> object:
    return html_to_unicode(None, data)


def fastest(
    functions: Sequence[Callable[[bytes], object]], data: bytes, repeat: int
) -> list[float]:
    """Seconds of CPU time of each function on ``data``, the fastest of ``repeat`` runs;
    the runs alternate between the functions, so that a change in the machine's load
    affects them alike."""
    best = [float("inf")] * len(functions)
    for _ in range(repeat):
        for i, function in enumerate(functions):
            start = time.process_time()
            function(data)
            best[i] = min(best[i], time.process_time() - start)
    return best


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    line = "  ".join(f"{{:{'<' if i < 2 else '>'}{w}}}" for i, w in enumerate(widths))
    print(line.format(*header))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line.format(*row))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs; the fastest counts")
    parser.add_argument("--size", type=int, default=TEN_MB, help="bytes of the large inputs")
    args = parser.parse_args(argv)
    print(f"fastest of {args.repeat} runs, CPU time\n")
    rows = []
    worst = (0.0, "")
    for name, body in inputs(args.size).items():
        for tail_name, tail in TAILS.items():
            data = body + tail
            ours, theirs = fastest((_codecbox, _w3lib), data, args.repeat)
            per_10_mb = ours * TEN_MB / len(data)
            worst = max(worst, (per_10_mb, f"{name}, {tail_name}"))
            rows.append(
                (
                    name,
                    tail_name,
                    f"{len(data) / 1e6:.1f}",
                    f"{ours * 1e3:,.1f}",
                    f"{theirs * 1e3:,.1f}",
                    f"{theirs / ours:.2f}×",
                    f"{per_10_mb:.2f}",
                )
            )
    _table(("input", "tail", "MB", "codecbox ms", "w3lib ms", "ratio", "codecbox s/10 MB"), rows)
    print(f"\nslowest per 10 MB: {worst[0]:.2f} s ({worst[1]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
