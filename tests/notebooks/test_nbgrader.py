"""A teacher can hand out and grade the course with nbgrader, without rewriting it.

``solutions/`` are nbgrader source notebooks: ``nbgrader generate_assignment`` makes
exactly the exercise notebooks of ``lessons/``, and ``nbgrader autograde`` gives the
solutions every point of the autograded checks and an untouched exercise notebook none.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import nbformat
import pytest
from build_notebooks import CODE_STUB, TEXT_STUB, nbgrader
from notebook_utils import SOLUTIONS, ids

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def api(tmp_path, monkeypatch):
    from nbgrader.apps import NbGraderAPI
    from traitlets.config import Config

    # nbgrader runs `alembic` by name to set up its gradebook
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    config = Config()
    config.CourseDirectory.root = str(tmp_path)
    config.CourseDirectory.course_id = "curso"
    config.ClearSolutions.code_stub = {"python": CODE_STUB}
    config.ClearSolutions.text_stub = TEXT_STUB
    config.ExecutePreprocessor.timeout = 300
    return NbGraderAPI(config=config)


def assignment(path: Path) -> str:
    return "l" + path.name.split("_", 1)[0]


def place(api, folder: str, path: Path, source: Path) -> Path:
    target = Path(api.coursedir.root, folder, assignment(path), path.name)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(source, target)
    return target


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_generate_assignment_gives_the_exercise_notebook(api, path):
    place(api, "source", path, path)
    result = api.generate_assignment(assignment(path))
    assert result["success"], result["log"] + str(result.get("error"))
    released = nbformat.read(Path(api.coursedir.root, "release", assignment(path), path.name), 4)
    ours = nbformat.read(ROOT / "lessons" / path.name, 4)

    def shape(nb):
        return [(c.cell_type, c.source, nbgrader(c).get("grade_id")) for c in nb.cells]

    assert shape(released) == shape(ours)


def test_autograde_scores_the_solutions_and_not_the_blank_exercises(api):
    """Lesson 1, run by nbgrader's autograder: full marks solved, none of the checks blank."""
    path = ROOT / "solutions" / "01_caracteres_y_bytes.ipynb"
    place(api, "source", path, path)
    assert api.generate_assignment("l01")["success"]
    place(api, "submitted/docente", path, path)
    place(api, "submitted/alumna", path, ROOT / "lessons" / path.name)
    for student in ("docente", "alumna"):
        result = api.autograde("l01", student)
        assert result["success"], result["log"] + str(result.get("error"))
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{Path(api.coursedir.root, 'gradebook.db')}") as gradebook:
        checks = [
            c
            for c in gradebook.find_assignment("l01").notebooks[0].grade_cells
            if c.name.endswith("-check")
        ]
        assert len(checks) >= 3
        max_points = sum(c.max_score for c in checks)
        solved = gradebook.find_submission_notebook(path.stem, "l01", "docente")
        blank = gradebook.find_submission_notebook(path.stem, "l01", "alumna")
        assert sum(g.score for g in solved.grades if g.cell.name.endswith("-check")) == max_points
        assert sum(g.score for g in blank.grades if g.cell.name.endswith("-check")) == 0
