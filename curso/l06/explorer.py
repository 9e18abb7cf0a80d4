"""Lesson 6's classroom widget: pick a case, a length and a candidate order, see who is right.

It repeats the accuracy measurement (:mod:`curso.l06.accuracy`) for one case and one
length, for the four detectors that take a candidate list, with the list in the order
the student picks. With the default order its counts are the measurement's columns of
the same names ("stdlib v1", "stdlib v2", "charset-normalizer (con lista)", "chardet
(con lista)"). :func:`explore` computes the view (also usable without widgets);
:func:`accuracy_explorer` wraps it in dropdowns that re-render on every change.

>>> summary = explore(("ko", "cp949"), 4)[0]
>>> dict((row[0], row[1]) for row in summary.rows)["stdlib v2"]
'196 de 200'
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Sequence
from typing import Any

from codecbox.detection import Detector, guess_chardet, guess_charset_normalizer
from curso.l06.accuracy import (
    CASE_LABELS,
    CASES,
    CHARDET_LIST,
    CN_LIST,
    LENGTHS,
    Case,
    Cell,
    Miss,
    N,
    Results,
    case_label,
    codec_of,
    is_utf8,
    run_cell,
    samples,
    wrong,
)
from curso.l06.detectors import DEFAULT_CANDIDATES, guess_v1, guess_v2
from curso.render import Table
from curso.widgets import LiveWidget

__all__ = [
    "EXPLORER_COLUMNS",
    "ORDERS",
    "AccuracyExplorer",
    "accuracy_explorer",
    "counts",
    "explore",
    "guesses",
    "misses",
]

#: Candidate orders offered by the explorer (the first is DEFAULT_CANDIDATES).
ORDERS: tuple[tuple[str, ...], ...] = (
    ("cp1252", "cp932", "euc_jp", "cp949"),
    ("cp949", "cp1252", "cp932", "euc_jp"),
    ("cp932", "euc_jp", "cp949", "cp1252"),
)
#: The detectors that take a candidate list, named as in the measurement's table.
EXPLORER_COLUMNS: dict[str, Detector] = {
    "stdlib v1": guess_v1,
    "stdlib v2": guess_v2,
    CN_LIST: guess_charset_normalizer,
    CHARDET_LIST: guess_chardet,
}


@functools.lru_cache(maxsize=256)
def _explore(case: Case, length: int, order: tuple[str, ...], n: int) -> Results:
    drawn = samples(case[0], case[1], length, n)
    correct: dict[Cell, int] = {}
    misses: dict[Cell, tuple[Miss, ...]] = {}
    with warnings.catch_warnings():
        # chardet warns when cp1252, its fallback, is not among the candidates
        warnings.simplefilter("ignore", UserWarning)
        for name, detect in EXPLORER_COLUMNS.items():
            cell = (name, case, length)
            detector = functools.partial(detect, candidates=order)
            correct[cell], misses[cell] = run_cell(detector, drawn)
    legacy = case[1] != "utf-8"
    return Results(
        columns=tuple(EXPLORER_COLUMNS),
        lengths=(length,),
        n=n,
        correct=correct,
        misses=misses,
        legacy_valid_utf8=sum(is_utf8(s.data) for s in drawn) if legacy else 0,
        legacy_total=len(drawn) if legacy else 0,
    )


def guesses(misses: Sequence[Miss]) -> str:
    """What the wrong guesses were, most frequent first: ``"cp932 ×110, ninguna ×18"``."""
    counts: dict[str | None, int] = {}
    for _, guess in misses:
        counts[guess] = counts.get(guess, 0) + 1
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0] or ""))
    return ", ".join(f"{guess or 'ninguna'} ×{count}" for guess, count in ranked) or "—"


def counts(
    case: Case, length: int, order: Sequence[str] = DEFAULT_CANDIDATES, n: int = N
) -> dict[str, int]:
    """Right guesses per explorer detector for one case, length and order (what the
    explorer's summary shows)."""
    case = (case[0], codec_of(case[1]))
    res = _explore(case, length, tuple(codec_of(o) for o in order), n)
    return {c: res.count(c, case, length) for c in res.columns}


def misses(
    case: Case, length: int, column: str, order: Sequence[str] = DEFAULT_CANDIDATES, n: int = N
) -> tuple[Miss, ...]:
    """Every wrong ``(text, guess)`` of one explorer detector, in drawing order."""
    case = (case[0], codec_of(case[1]))
    res = _explore(case, length, tuple(codec_of(o) for o in order), n)
    return res.misses[(column, case, length)]


def explore(
    case: Case,
    length: int,
    order: Sequence[str] = DEFAULT_CANDIDATES,
    n: int = N,
    limit: int | None = 10,
    misses_of: str | Sequence[str] | None = None,
) -> list[Any]:
    """v1, v2, charset-normalizer and chardet with candidate list ``order`` on one case.

    Returns a summary table (right guesses, and every wrong guess counted) and the
    misses of the detectors in ``misses_of`` (default: every detector with misses), up
    to ``limit`` each (all with ``limit=None``). Cached in memory per (case, length,
    order, n).
    """
    case = (case[0], codec_of(case[1]))
    order = tuple(codec_of(o) for o in order)
    res = _explore(case, length, order, n)
    rows = tuple(
        (
            c,
            f"{res.count(c, case, length)} de {n}",
            guesses(res.misses[(c, case, length)]),
        )
        for c in res.columns
    )
    caption = (
        f"{case_label(case)}, {length} caracteres, candidatos en este orden: {', '.join(order)}"
    )
    header = ("Detector", "aciertos", "apuestas en los fallos")
    summary = Table(header, rows, caption, row_headers=True)
    if misses_of is None:
        shown = list(res.columns)
    elif isinstance(misses_of, str):
        shown = [misses_of]
    else:
        shown = list(misses_of)
    unknown = [c for c in shown if c not in res.columns]
    if unknown:
        raise KeyError(f"not an explorer column: {unknown[0]!r} (columns: {res.columns})")
    return [
        summary,
        *(wrong(res, c, case, length, limit) for c in shown if res.misses[(c, case, length)]),
    ]


class AccuracyExplorer(LiveWidget):
    """Pick a case, a length, a candidate order and whose misses to list."""

    def __init__(
        self,
        case: Case = ("ja", "cp932"),
        length: int = 4,
        order: Sequence[str] = DEFAULT_CANDIDATES,
        n: int = N,
        misses_of: str = "stdlib v2",
    ) -> None:
        import ipywidgets as w

        self.n = n
        self.case_input = w.Dropdown(
            options=[(CASE_LABELS[c], c) for c in CASES], value=tuple(case), description="Caso:"
        )
        self.length_input = w.Dropdown(options=list(LENGTHS), value=length, description="Longitud:")
        orders = list(ORDERS)
        if tuple(order) not in orders:
            orders.append(tuple(order))
        self.order_input = w.Dropdown(
            options=[(", ".join(o), o) for o in orders], value=tuple(order), description="Orden:"
        )
        self.misses_input = w.Dropdown(
            options=list(EXPLORER_COLUMNS), value=misses_of, description="Fallos de:"
        )
        for control in (self.order_input, self.misses_input):
            control.layout.width = "max-content"
        controls = (self.case_input, self.length_input, self.order_input, self.misses_input)
        layout = [
            w.HBox([self.case_input, self.length_input]),
            w.HBox([self.order_input, self.misses_input]),
        ]
        super().__init__(layout, controls, self.view)

    def view(self) -> list[Any]:
        return explore(
            self.case_input.value,
            self.length_input.value,
            self.order_input.value,
            self.n,
            misses_of=self.misses_input.value,
        )


def accuracy_explorer(
    case: Case = ("ja", "cp932"),
    length: int = 4,
    order: Sequence[str] = DEFAULT_CANDIDATES,
    n: int = N,
    misses_of: str = "stdlib v2",
) -> AccuracyExplorer:
    """The classroom widget: case, length and candidate order in, accuracy and misses out."""
    return AccuracyExplorer(case, length, order, n, misses_of)
