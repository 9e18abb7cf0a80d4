"""Guards for what nbval cannot see: unexecuted notebooks, drift between lessons and
solutions, exercises without a check, os.chdir."""

from __future__ import annotations

import re

import pytest
from build_notebooks import (
    HIDDEN_TESTS,
    NBVAL_IGNORE,
    PREDICT,
    REVEAL,
    derive_lesson,
    is_check,
    is_solution,
    nbgrader,
)
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
        return [(c.cell_type, c.source, c.metadata.get("tags", []), nbgrader(c)) for c in nb.cells]

    assert shape(stored) == shape(expected), (
        f"lessons/{path.name} is out of date: run `python3 course.py notebooks`"
    )


EXERCISE = re.compile(r"^(l\d\d)-ej(\d+)(?:-(check|respuesta))?$")


def exercises(nb) -> dict[int, dict[str, list]]:
    """Exercise number -> its solution cells and check cells, from the nbgrader ids."""
    found: dict[int, dict[str, list]] = {}
    for cell in nb.cells:
        grade_id = nbgrader(cell).get("grade_id")
        if not grade_id:
            continue
        m = EXERCISE.match(grade_id)
        assert m, f"grade_id {grade_id!r} is not lNN-ejN, lNN-ejN-check or lNN-ejN-respuesta"
        kind = "check" if m[3] == "check" else "solution"
        found.setdefault(int(m[2]), {"solution": [], "check": []})[kind].append(cell)
    return found


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_every_exercise_has_a_solution_and_a_check(path):
    found = exercises(read(path))
    assert len(found) >= 3, f"{path.name}: expected at least three exercises"
    for n, cells in sorted(found.items()):
        assert cells["solution"], f"{path.name}: exercise {n} has no solution cell"
        assert all(is_solution(c) for c in cells["solution"])
        (check,) = cells["check"] or [None]
        assert check is not None, f"{path.name}: exercise {n} has no check cell"
        assert is_check(check) and check.cell_type == "code"
        assert nbgrader(check).get("points", 0) > 0
        visible = check.source.split(HIDDEN_TESTS[0])[0]
        assert re.search(rf"\brevisar\({n}\)", visible), f"{path.name}: check of {n}: {visible!r}"
        assert f"revisar({n}, estricto=True)" in check.source, f"{path.name}: no strict test of {n}"


def check_outputs(path) -> dict[int, str]:
    out = {}
    for n, cells in exercises(read(path)).items():
        for cell in cells["check"]:
            out[n] = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
    return out


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_checks_pass_in_solutions_and_wait_in_lessons(path):
    """Solved, every check says ✓; in the exercise notebook, every check says «sin resolver»."""
    for n, text in check_outputs(path).items():
        assert text.startswith(f"✓ Ejercicio {n}:"), f"solutions/{path.name}, {n}: {text!r}"
    for n, text in check_outputs(path.parent.parent / "lessons" / path.name).items():
        assert text.startswith(f"… Ejercicio {n} sin resolver"), (
            f"lessons/{path.name}, {n}: {text!r}"
        )


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_chdir(path):
    """A cell that changes the working directory breaks every later cell when run twice."""
    for i, cell in enumerate(code_cells(read(path))):
        assert not re.search(r"\bos\.chdir\b|\bchdir\(", cell.source), f"{path.name}, code {i}"


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_predictions_are_not_answered_before_the_student_commits(path):
    """Issue 21: a predict-the-output exercise (its solution cell tagged ``prediccion``) is
    not answered on the page before the student runs its check: from the check cell to the
    next heading, every code cell is tagged ``prediccion-respuesta`` and stored without
    output in lessons/, and every Markdown cell is a closed ``<details>`` block."""
    nb = read(path)
    cells = nb.cells
    predictions = [i for i, c in enumerate(cells) if PREDICT in c.metadata.get("tags", [])]
    assert predictions, f"{path.name}: no predict-the-output exercise (tag {PREDICT!r})"
    for i in predictions:
        check = next(j for j in range(i + 1, len(cells)) if is_check(cells[j]))
        for j in range(check + 1, len(cells)):
            cell, where = cells[j], f"{path.name}, cell {j}"
            if cell.cell_type == "markdown" and cell.source.lstrip().startswith("#"):
                break
            if cell.cell_type == "markdown":
                assert cell.source.lstrip().startswith("<details>"), f"{where}: answer in view"
                assert cell.source.rstrip().endswith("</details>"), where
            elif cell.cell_type == "code":
                assert REVEAL in cell.metadata.get("tags", []), f"{where}: not tagged {REVEAL}"
    for j, cell in enumerate(cells):
        if REVEAL in cell.metadata.get("tags", []):
            assert cell.cell_type == "code" and not cell.outputs, f"{path.name}, cell {j}"
            assert NBVAL_IGNORE in cell.metadata["tags"], f"{path.name}, cell {j}"


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_nothing_follows_a_hidden_comment_on_its_line(path):
    """Issue 21, F6: in Markdown, text after ``-->`` on the comment's own line is not a
    paragraph of its own, and renders raw (``**1 MB**`` with its asterisks)."""
    for i, cell in enumerate(read(path).cells):
        if cell.cell_type != "markdown":
            continue
        for line in cell.source.splitlines():
            if "-->" in line:
                after = line.rsplit("-->", 1)[1].strip()
                assert not after, f"{path.name}, cell {i}: {after!r} follows '-->'"
