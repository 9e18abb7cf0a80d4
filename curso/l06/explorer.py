"""Lesson 6's classroom widget: pick a case, a length and a candidate order, see who is right.

:func:`explore` computes the view (also usable without widgets); :func:`accuracy_explorer`
wraps it in dropdowns that re-render on every change.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from codecbox.detection import Detector, guess_charset_normalizer
from curso.l06.accuracy import (
    CASE_LABELS,
    CASES,
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
from curso.l06.detectors import DEFAULT_CANDIDATES, guess_v2
from curso.render import Table
from curso.widgets import LiveWidget

__all__ = ["ORDERS", "AccuracyExplorer", "accuracy_explorer", "explore"]

#: Candidate orders offered by the explorer (the first is DEFAULT_CANDIDATES).
ORDERS: tuple[tuple[str, ...], ...] = (
    ("cp1252", "cp932", "euc_jp", "cp949"),
    ("cp949", "cp1252", "cp932", "euc_jp"),
    ("cp932", "euc_jp", "cp949", "cp1252"),
)
EXPLORER_COLUMNS: dict[str, Detector] = {
    "stdlib v2": guess_v2,
    "charset-normalizer": guess_charset_normalizer,
}


@functools.lru_cache(maxsize=256)
def _explore(case: Case, length: int, order: tuple[str, ...], n: int) -> Results:
    drawn = samples(case[0], case[1], length, n)
    correct: dict[Cell, int] = {}
    misses: dict[Cell, tuple[Miss, ...]] = {}
    for name, detect in EXPLORER_COLUMNS.items():
        cell = (name, case, length)
        correct[cell], misses[cell] = run_cell(functools.partial(detect, candidates=order), drawn)
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


def explore(
    case: Case,
    length: int,
    order: Sequence[str] = DEFAULT_CANDIDATES,
    n: int = N,
    limit: int | None = 10,
) -> list[Any]:
    """v2 and charset-normalizer with candidate list ``order`` on one case and length.

    Returns a summary table and, per detector with misses, up to ``limit`` of them (all
    with ``limit=None``). Cached in memory per (case, length, order, n).
    """
    case = (case[0], codec_of(case[1]))
    order = tuple(codec_of(o) for o in order)
    res = _explore(case, length, order, n)
    rows = tuple((c, f"{res.count(c, case, length)} de {n}") for c in res.columns)
    caption = f"{case_label(case)}, {length} caracteres, candidatos: {', '.join(order)}"
    summary = Table(("Detector", "aciertos"), rows, caption, row_headers=True)
    return [
        summary,
        *(wrong(res, c, case, length, limit) for c in res.columns if res.misses[(c, case, length)]),
    ]


class AccuracyExplorer(LiveWidget):
    """Pick a case, a length and a candidate order; see how v2 and charset-normalizer do."""

    def __init__(
        self,
        case: Case = ("ja", "cp932"),
        length: int = 4,
        order: Sequence[str] = DEFAULT_CANDIDATES,
        n: int = N,
    ) -> None:
        import ipywidgets as w

        self.n = n
        self.case_input = w.Dropdown(
            options=[(CASE_LABELS[c], c) for c in CASES], value=tuple(case), description="Caso:"
        )
        self.length_input = w.Dropdown(options=list(LENGTHS), value=length, description="Largo:")
        orders = list(ORDERS)
        if tuple(order) not in orders:
            orders.append(tuple(order))
        self.order_input = w.Dropdown(
            options=[(", ".join(o), o) for o in orders], value=tuple(order), description="Orden:"
        )
        controls = (self.case_input, self.length_input, self.order_input)
        layout = [w.HBox([self.case_input, self.length_input]), self.order_input]
        super().__init__(layout, controls, self.view)

    def view(self) -> list[Any]:
        return explore(
            self.case_input.value, self.length_input.value, self.order_input.value, self.n
        )


def accuracy_explorer(
    case: Case = ("ja", "cp932"),
    length: int = 4,
    order: Sequence[str] = DEFAULT_CANDIDATES,
    n: int = N,
) -> AccuracyExplorer:
    """The classroom widget: case, length and candidate order in, accuracy and misses out."""
    return AccuracyExplorer(case, length, order, n)
