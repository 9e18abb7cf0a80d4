"""Guards for what nbval cannot see: unexecuted notebooks, drift between lessons and solutions."""

from __future__ import annotations

import re

import pytest
from build_notebooks import SOLUTION_TAG, derive_lesson
from notebook_utils import ALL, LESSONS, SOLUTIONS, ids, read

NBVAL_MARKERS = {
    "# NBVAL_IGNORE_OUTPUT",
    "# NBVAL_CHECK_OUTPUT",
    "# NBVAL_SKIP",
    "# NBVAL_RAISES_EXCEPTION",
}


def code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]


def test_there_are_notebooks():
    assert SOLUTIONS, "no solution notebooks found"
    assert [p.name for p in LESSONS] == [p.name for p in SOLUTIONS]


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_stored_executed_in_order(path):
    """nbval passes a notebook stored without outputs: refuse such a notebook here."""
    cells = code_cells(read(path))
    assert cells, f"{path.name} has no code"
    counts = [c.execution_count for c in cells]
    unrun = [i for i, n in enumerate(counts) if n is None]
    assert not unrun, f"{path.name}: code cells {unrun} were stored without running"
    assert counts == list(range(1, len(cells) + 1)), (
        f"{path.name}: not executed top to bottom in one fresh kernel: {counts}"
    )


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_stored_errors_and_nbval_friendly(path):
    for i, cell in enumerate(code_cells(read(path))):
        where = f"{path.name}, code cell {i}"
        assert not any(o.output_type == "error" for o in cell.outputs), f"{where}: stored error"
        streams = [o for o in cell.outputs if o.output_type == "stream" and o.name == "stderr"]
        assert not streams, f"{where}: writes to stderr, which nbval compares"
        last = cell.source.rstrip().splitlines()[-1]
        assert not last.rstrip().endswith(";"), f"{where}: trailing ';' hides output nbval expects"
        assert "clear_output" not in cell.source, f"{where}: clear_output breaks nbval"
        for line in cell.source.splitlines():
            if re.match(r"\s*#\s*NBVAL", line):
                assert line.strip() in NBVAL_MARKERS, f"{where}: nbval ignores {line.strip()!r}"


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_lesson_is_derived_from_solution(path):
    """lessons/ must be exactly what tools/build_notebooks.py derives from solutions/."""
    lesson_path = path.parent.parent / "lessons" / path.name
    expected = derive_lesson(read(path), path.name)
    stored = read(lesson_path)

    def shape(nb):
        return [(c.cell_type, c.source, c.metadata.get("tags", [])) for c in nb.cells]

    assert shape(stored) == shape(expected), (
        f"lessons/{path.name} is out of date: run `python3 course.py notebooks`"
    )


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_every_solution_has_an_exercise(path):
    nb = read(path)
    tagged = [c for c in nb.cells if SOLUTION_TAG in c.metadata.get("tags", [])]
    assert len(tagged) >= 3, f"{path.name}: expected at least three exercises with solutions"
