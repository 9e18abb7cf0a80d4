"""Every answer of the ``codecbox`` detector on the benchmarks' inputs, one line each, for ``cmp``.

.venv/bin/python benchmarks/detection_dump.py > before.txt      # on one commit
.venv/bin/python benchmarks/detection_dump.py > after.txt       # on another
cmp before.txt after.txt

A change meant to make the detector faster without changing its answers (a pruning, a
table) must leave the dump the same byte for byte. Each line is the input (its set, its
number, its name) and what :func:`codecbox.detection.guess_codecbox` answered: the encoding,
``confident`` and ``sure``, how (the rule), the confidence and the raw margin (``repr``, to
the last bit) and the runner-up. The inputs:

* the snippets (``suite.snippets``, 60 per case and length) and the whole documents of both
  splits (the eval documents with the third-party files if ``benchmarks/external.py`` has
  them in the cache: ``$CODECBOX_CACHE``), without candidates;
* the same snippets with lesson 6's candidate list (``detection.DEFAULT_CANDIDATES``);
* the undeclared pages of ``benchmarks/undeclared.py`` (both halves), as a prefix, with and
  without their host name's hint.

``--quick`` takes 10 snippets per cell and no third-party files (a few seconds).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Run as a script, this folder comes first on sys.path: keep it (suite, external) but after
# the standard library's modules, which undeclared.py's own rule would need.
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from codecbox.detection import Guess, guess_codecbox  # noqa: E402

#: Lesson 6's candidate list, as ``benchmarks/detection.py`` has it.
DEFAULT_CANDIDATES: tuple[str, ...] = ("cp1252", "cp932", "euc_jp", "cp949")


def line(guess: Guess) -> str:
    """One answer as a line of the dump.

    >>> line(guess_codecbox(b"\\xef\\xbb\\xbfhola"))
    'utf-8-sig confident=True sure=True BOM conf=1.0 raw=None runner=None'
    """
    enc = None if guess.encoding is None else guess.encoding.name
    runner = None if guess.runner_up is None else guess.runner_up.name
    how = getattr(guess.rule, "value", guess.rule)
    return (
        f"{enc} confident={guess.confident} sure={guess.sure} {how} "
        f"conf={guess.confidence!r} raw={guess.raw!r} runner={runner}"
    )


def inputs(quick: bool) -> Iterator[tuple[str, bytes, dict[str, object]]]:
    """(label, bytes, keyword arguments of guess_codecbox) of every input, in a fixed order."""
    import suite

    n = 10 if quick else 60
    for split in suite.SPLITS:
        snips = suite.snippets(split, n)
        for k, item in enumerate(snips):
            yield f"{split} snippet {k} {item.name}", item.data, {}
        for k, item in enumerate(snips):
            yield f"{split} listed {k} {item.name}", item.data, {"candidates": DEFAULT_CANDIDATES}
        ext = []
        if split == "eval" and not quick:
            import external

            ext = external.load().items
        for k, item in enumerate(suite.documents(split, external=ext)):
            yield f"{split} document {k} {item.name}", item.data, {}
    import undeclared

    for half in ("a", "b"):
        for k, page in enumerate(undeclared.pages(half)):
            label = f"page {half} {k} {page.encoding}"
            yield f"{label} hint={page.host}", page.data, {"prefix": True, "hint": page.host}
            yield f"{label} no-hint", page.data, {"prefix": True}


def main(argv: Sequence[str] | None = None) -> int:
    """Print the dump (``--help``); 0 on success."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 snippets per cell, no externals")
    args = parser.parse_args(argv)
    out = sys.stdout
    for label, data, kwargs in inputs(args.quick):
        out.write(f"{label}\t{line(guess_codecbox(data, **kwargs))}\n")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main())
