#!/usr/bin/env python3
"""Execute the solution notebooks and derive the exercise notebooks from them.

``solutions/NN_*.ipynb`` is the single source of truth. The exercise notebook
``lessons/NN_*.ipynb`` is derived from it exactly as nbgrader's
``generate_assignment`` would derive a student version, so a teacher can also hand
the course out with nbgrader (``tests/notebooks/test_nbgrader.py`` checks that):

* in a code cell marked as a solution (nbgrader metadata ``solution: true``) the
  region between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` becomes
  :data:`CODE_STUB`; the task's comments above it stay;
* a Markdown cell marked as a solution becomes :data:`TEXT_STUB`;
* ``### BEGIN HIDDEN TESTS`` ... ``### END HIDDEN TESTS`` regions (the strict checks a
  grader runs) are removed;
* a code cell tagged :data:`REVEAL` (it shows the answer of a predict-the-output exercise,
  whose solution cell is tagged :data:`PREDICT`) is stored without its output, tagged
  ``nbval-ignore-output``: the student sees the answer only by running it, after
  committing to a prediction. The prose that explains it is a ``<details>`` block.

Both notebooks are stored executed, because nbval compares stored outputs and passes
a notebook stored without any.

    python tools/build_notebooks.py                      # every solution notebook
    python tools/build_notebooks.py solutions/01_*.ipynb # just these

tests/notebooks/test_notebooks.py fails when lessons/ drifts from solutions/.
"""

from __future__ import annotations

import copy
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "solutions"
LESSONS = ROOT / "lessons"
SOLUTION = ("### BEGIN SOLUTION", "### END SOLUTION")
HIDDEN_TESTS = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
CODE_STUB = "# Escribe tu solución aquí."
#: The tag of a predict-the-output exercise's solution cell, and of the cells that reveal
#: its answer (stored without output in lessons/).
PREDICT, REVEAL = "prediccion", "prediccion-respuesta"
NBVAL_IGNORE = "nbval-ignore-output"
TEXT_STUB = (
    "*Escribe aquí tu respuesta. La del curso está en el cuaderno del mismo nombre, "
    "en la carpeta `solutions/`.*"
)


def exercise_metadata(lesson: str, number: int, kind: str) -> dict:
    """The nbgrader metadata of an exercise cell (for authors adding exercises).

    ``kind`` is ``"solution"`` (the code the student writes), ``"check"`` (the cell
    ``revisar(n)`` + hidden strict test, graded: 1 point) or ``"answer"`` (a Markdown
    answer, graded by hand: 1 point).
    """
    base = {"schema_version": 3, "task": False, "locked": False}
    if kind == "solution":
        return {**base, "grade_id": f"{lesson}-ej{number}", "solution": True, "grade": False}
    if kind == "check":
        grade_id = f"{lesson}-ej{number}-check"
        return {**base, "grade_id": grade_id, "solution": False, "grade": True, "points": 1,
                "locked": True}  # fmt: skip
    if kind == "answer":
        grade_id = f"{lesson}-ej{number}-respuesta"
        return {**base, "grade_id": grade_id, "solution": True, "grade": True, "points": 1}
    raise ValueError(f"unknown kind of exercise cell {kind!r}")


def nbgrader(cell) -> dict:
    """The cell's nbgrader metadata (empty for an ordinary cell)."""
    return dict(cell.get("metadata", {}).get("nbgrader", {}))


def is_solution(cell) -> bool:
    return bool(nbgrader(cell).get("solution"))


def is_check(cell) -> bool:
    """A check cell: graded by nbgrader, ``revisar(n)`` for the student."""
    meta = nbgrader(cell)
    return bool(meta.get("grade")) and not meta.get("solution")


def replace_regions(source: str, markers: tuple[str, str], stub: str | None, where: str) -> str:
    """Replace every ``markers`` region (marker lines included) with ``stub`` (or nothing)."""
    begin, end = markers
    out: list[str] = []
    inside = False
    for line in source.splitlines():
        if line.strip() == begin:
            if inside:
                raise ValueError(f"{where}: {begin!r} inside another region")
            inside = True
            if stub is not None:
                indent = line[: len(line) - len(line.lstrip())]
                out.append(indent + stub)
        elif line.strip() == end:
            if not inside:
                raise ValueError(f"{where}: {end!r} without {begin!r}")
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise ValueError(f"{where}: {begin!r} is never closed")
    return "\n".join(out)


def derive_lesson(solution, solution_name: str):
    """The exercise notebook for a solution notebook, without outputs."""
    lesson = copy.deepcopy(solution)
    for i, cell in enumerate(lesson.cells):
        where = f"{solution_name}, cell {i}"
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        if is_solution(cell):
            if cell.cell_type == "markdown":
                cell.source = TEXT_STUB
            elif SOLUTION[0] not in cell.source:
                raise ValueError(f"{where}: a solution cell needs {SOLUTION[0]!r}")
            else:
                cell.source = replace_regions(cell.source, SOLUTION, CODE_STUB, where)
        if HIDDEN_TESTS[0] in cell.source:  # (a cell without one stays byte for byte, as
            # nbgrader leaves it: a trailing newline too)
            cell.source = replace_regions(cell.source, HIDDEN_TESTS, None, where)
        tags = cell.metadata.get("tags", [])
        if REVEAL in tags and NBVAL_IGNORE not in tags:
            cell.metadata["tags"] = [*tags, NBVAL_IGNORE]
    return lesson


def hide_reveals(lesson) -> None:
    """Drop the stored output of each cell that reveals a prediction's answer."""
    for cell in lesson.cells:
        if cell.cell_type == "code" and REVEAL in cell.metadata.get("tags", []):
            cell.outputs = []


def clean(nb) -> None:
    """Drop what makes diffs noisy or machine-dependent: timings and widget state."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        cell.metadata.pop("ExecuteTime", None)


def execute(nb, cwd: Path):
    """Run a notebook top to bottom in a fresh python3 kernel, like nbval does."""
    os.environ["PYTHONHASHSEED"] = "0"
    client = NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        record_timing=False,
        store_widget_state=False,
        resources={"metadata": {"path": str(cwd)}},
    )
    client.execute()
    clean(nb)
    return nb


def build(solution_path: Path) -> None:
    solution_path = solution_path.resolve()
    name = solution_path.name
    print(f"executing {solution_path.relative_to(ROOT)}", flush=True)
    solution = execute(nbformat.read(solution_path, as_version=4), SOLUTIONS)
    nbformat.write(solution, solution_path)
    lesson = derive_lesson(solution, name)
    print(f"executing lessons/{name}", flush=True)
    lesson = execute(lesson, LESSONS)
    hide_reveals(lesson)
    nbformat.write(lesson, LESSONS / name)


def main(argv: list[str]) -> int:
    paths = [Path(p) for p in argv] or sorted(SOLUTIONS.glob("*.ipynb"))
    LESSONS.mkdir(exist_ok=True)
    for path in paths:
        build(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
