"""Lesson 6's speed table on this machine: converting 10 MiB of CP932, CP949, CP1252 to UTF-8.

Run on demand, not in CI (it builds three 10 MiB files in the cache on first use):

    .venv/bin/python benchmarks/convert.py [--repeat 5] [--size BYTES] [--iconv PATH]

Prints the measured table beside the published Apple M1 Pro figures, whether
the outputs of Python, iconv and codecbox's transcode were byte-identical, and
the ratios the lesson may claim (measured and published).
"""

from __future__ import annotations

import argparse
import sys

from curso.l06.speed import (
    DEFAULT_SIZE,
    ENCODINGS,
    conversion_table,
    published_ratios,
    ratios,
)


def _fmt(value) -> str:
    if value is None:
        return "—"
    return f"{value:,.2f}" if value < 100 else f"{value:,.0f}"


def print_ratios(measured: dict, published: dict) -> None:
    names = sorted(k for k, v in measured.items() if isinstance(v, dict))
    print(f"{'ratio':30}" + "".join(f"{e.upper():>20}" for e in ENCODINGS))
    for name in names:
        cells = []
        for enc in ENCODINGS:
            mine = measured[name].get(enc)
            theirs = published.get(name, {}).get(enc)
            cells.append(f"{_fmt(mine)} ({_fmt(theirs)})".rjust(20))
        print(f"{name:30}" + "".join(cells))
    for name in sorted(k for k, v in measured.items() if not isinstance(v, dict)):
        print(f"{name:30}{_fmt(measured[name]):>20} ({_fmt(published.get(name))})")
    print("(entre paréntesis: calculado con las cifras publicadas del Apple M1 Pro)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per cell (median)")
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="bytes per file")
    parser.add_argument("--iconv", default="iconv", help="iconv command to time")
    args = parser.parse_args(argv)

    table = conversion_table(ENCODINGS, repeat=args.repeat, size=args.size, iconv=args.iconv)
    print(table)
    print()
    print_ratios(ratios(table), published_ratios())
    return 0 if all(table.identical.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
