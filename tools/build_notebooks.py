#!/usr/bin/env python3
"""Execute the solution notebooks and derive the exercise notebooks from them.

``solutions/NN_*.ipynb`` is the single source of truth. The exercise notebook
``lessons/NN_*.ipynb`` is derived from it: every cell tagged ``solution`` is
replaced by a placeholder (code: the task's leading comment lines plus
``# Escribe tu solución aquí.``; Markdown: a pointer to the solution notebook).
Both are stored executed, because nbval compares stored outputs and passes a
notebook stored without any.

    python tools/build_notebooks.py                      # every solution notebook
    python tools/build_notebooks.py solutions/01_*.ipynb # just these

tests/test_notebooks.py fails when lessons/ drifts from solutions/.
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
SOLUTION_TAG = "solution"
EXERCISE_TAG = "exercise"
PLACEHOLDER = "# Escribe tu solución aquí."


def tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def placeholder_source(cell, solution_name: str) -> str:
    """What the student sees instead of a solution cell."""
    if cell.cell_type == "markdown":
        return f"*La respuesta está en el cuaderno de soluciones, `solutions/{solution_name}`.*"
    task = []
    for line in cell.source.splitlines():
        if not line.startswith("#"):
            break
        task.append(line)
    if not task:
        raise ValueError(
            f"{solution_name}: a solution cell must start with '#' comments stating the task:\n"
            f"{cell.source[:200]}"
        )
    return "\n".join([*task, PLACEHOLDER])


def derive_lesson(solution, solution_name: str):
    """The exercise notebook for a solution notebook, without outputs."""
    lesson = copy.deepcopy(solution)
    for cell in lesson.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        cell_tags = tags(cell)
        if SOLUTION_TAG in cell_tags:
            cell.source = placeholder_source(cell, solution_name)
            cell.metadata["tags"] = [EXERCISE_TAG if t == SOLUTION_TAG else t for t in cell_tags]
    return lesson


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
    nbformat.write(execute(lesson, LESSONS), LESSONS / name)


def main(argv: list[str]) -> int:
    paths = [Path(p) for p in argv] or sorted(SOLUTIONS.glob("*.ipynb"))
    LESSONS.mkdir(exist_ok=True)
    for path in paths:
        build(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
