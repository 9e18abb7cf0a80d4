"""A teacher can hand out and grade the course with nbgrader, as the README says, as written.

``solutions/`` are nbgrader source notebooks: ``nbgrader generate_assignment`` makes
exactly the exercise notebooks of ``lessons/``, and ``nbgrader autograde`` gives the
solutions every point of the autograded checks and an untouched exercise notebook none.

The README's «Para docentes» commands (``python3 course.py nbgrader …``) are run in a
subprocess, word for word, on a copy of the course in a temporary folder; the nbgrader
configuration they use is the one the course ships (``jupyter/docente/nbgrader_config.py``),
which the API tests below load too. ``course.py lab`` hides nbgrader from students
(``jupyter/alumnos/``) and shows it with ``--docente``: a real JupyterLab is started in
each mode and asked what it serves.
"""

from __future__ import annotations

import csv
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
import pytest
from build_notebooks import CODE_STUB, TEXT_STUB, nbgrader
from course_scripts import load_script
from notebook_utils import SOLUTIONS, ids

from tools.browser import start_jupyterlab

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "jupyter" / "docente" / "nbgrader_config.py"
STUDENT_CONFIG = ROOT / "jupyter" / "alumnos"
#: What a copy of the course needs for `course.py nbgrader` and `course.py lab`: the script,
#: the files its set-up fingerprint is made of, the Jupyter configuration and the notebooks.
COPIED = ("course.py", "pyproject.toml", "curso/pyproject.toml", "constraints", "jupyter",
          "solutions", "lessons", "README.md")  # fmt: skip
LESSON_1 = "01_caracteres_y_bytes.ipynb"


def shipped_config():
    from traitlets.config.loader import PyFileConfigLoader

    return PyFileConfigLoader(CONFIG.name, str(CONFIG.parent)).load_config()


@pytest.fixture
def api(tmp_path, monkeypatch):
    from nbgrader.apps import NbGraderAPI

    # nbgrader runs `alembic` by name to set up its gradebook
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    config = shipped_config()
    config.CourseDirectory.root = str(tmp_path)
    (tmp_path / "intercambio").mkdir()
    config.Exchange.root = str(tmp_path / "intercambio")
    return NbGraderAPI(config=config)


def assignment(path: Path) -> str:
    return "l" + path.name.split("_", 1)[0]


def place(api, folder: str, path: Path, source: Path) -> Path:
    target = Path(api.coursedir.root, folder, assignment(path), path.name)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(source, target)
    return target


def shape(nb) -> list[tuple]:
    return [(c.cell_type, c.source, nbgrader(c).get("grade_id")) for c in nb.cells]


def check_points(db: Path, lesson: str, notebook: str, student: str) -> tuple[float, float]:
    """(score, maximum) of the autograded checks of one submission, from nbgrader's gradebook."""
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{db}") as gradebook:
        submission = gradebook.find_submission_notebook(notebook, lesson, student)
        checks = [g for g in submission.grades if g.cell.name.endswith("-check")]
        assert len(checks) >= 3
        return sum(g.score for g in checks), sum(g.max_score for g in checks)


def test_the_shipped_stubs_are_the_lessons_stubs():
    config = shipped_config()
    assert config.ClearSolutions.code_stub == {"python": CODE_STUB}
    assert config.ClearSolutions.text_stub == TEXT_STUB
    assert Path(config.CourseDirectory.root) == ROOT / "docente"


def checks(path: Path) -> int:
    """How many graded cells a lesson has; each is an exercise's 1-point check, nothing else."""
    graded = [nbgrader(c) for c in nbformat.read(path, 4).cells if nbgrader(c).get("grade")]
    assert all(g["grade_id"].endswith("-check") and g["points"] == 1 for g in graded), path.name
    return len(graded)


def test_one_point_per_exercise_as_the_readme_says():
    """«un punto por ejercicio»: every lesson's graded cells are 1-point checks, 4 or more."""
    assert all(checks(path) >= 4 for path in SOLUTIONS)


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_generate_assignment_gives_the_exercise_notebook(api, path):
    place(api, "source", path, path)
    result = api.generate_assignment(assignment(path))
    assert result["success"], result["log"] + str(result.get("error"))
    released = nbformat.read(Path(api.coursedir.root, "release", assignment(path), path.name), 4)
    assert shape(released) == shape(nbformat.read(ROOT / "lessons" / path.name, 4))


def test_autograde_scores_the_solutions_and_not_the_blank_exercises(api):
    """Lesson 1, run by nbgrader's autograder: full marks solved, none of the checks blank."""
    path = ROOT / "solutions" / LESSON_1
    place(api, "source", path, path)
    assert api.generate_assignment("l01")["success"]
    place(api, "submitted/docente", path, path)
    place(api, "submitted/alumna", path, ROOT / "lessons" / path.name)
    for student in ("docente", "alumna"):
        result = api.autograde("l01", student)
        assert result["success"], result["log"] + str(result.get("error"))
    db = Path(api.coursedir.root, "gradebook.db")
    score, maximum = check_points(db, "l01", path.stem, "docente")
    assert score == maximum
    assert check_points(db, "l01", path.stem, "alumna") == (0, maximum)


# --- the README's recipe, as written ---------------------------------------------------------


def readme_commands() -> list[list[str]]:
    """The command lines of the ```bash blocks of the README's «Para docentes» section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n### Para docentes\n", 1)[1].split("\n#", 1)[0]
    blocks = re.findall(r"^```bash\n(.*?)^```$", section, re.S | re.M)
    return [
        argv
        for block in blocks
        for line in block.splitlines()
        if (argv := shlex.split(line, comments=True))
    ]


def copy_course(target: Path) -> Path:
    for name in COPIED:
        source, destination = ROOT / name, target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, destination)
        else:
            shutil.copy2(source, destination)
    return target


@pytest.fixture
def course_copy(tmp_path, monkeypatch):
    """A copy of the course whose course.py uses this interpreter's .venv as it is.

    The copy's set-up must find that .venv complete (same fingerprint: the copied files
    are the same bytes); otherwise it would install into it from the copy, so the test
    stops first.
    """
    monkeypatch.setenv("COURSE_VENV", sys.prefix)
    copy = copy_course(tmp_path / "curso")
    course = load_script("course.py", "course_for_nbgrader")
    if course.installed() != "full":
        pytest.fail(f"{sys.prefix} is not a current full set-up: run `python3 course.py test`")
    return copy


def run_as_written(argv: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """``python3 …`` from the README, with ``python3`` being the interpreter of the tests
    (the same major.minor as .venv's, which course.py checks)."""
    assert argv[0] == "python3", argv
    return subprocess.run(
        [sys.executable, *argv[1:]], cwd=cwd, capture_output=True, text=True, timeout=900
    )


def test_the_readme_recipe_runs_as_written(course_copy):
    commands = readme_commands()
    assert [argv[:4] for argv in commands] == [
        ["python3", "course.py", "nbgrader", "generate_assignment"],
        ["python3", "course.py", "nbgrader", "autograde"],
        ["python3", "course.py", "nbgrader", "export"],
    ]
    generate, autograde, export = commands
    lesson = generate[4]
    assert lesson == autograde[4] == "l01"
    folder = course_copy / "docente"

    done = run_as_written(generate, course_copy)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "NotImplementedError" not in done.stderr and "No nbgrader_config.py" not in done.stderr
    released = nbformat.read(folder / "release" / lesson / LESSON_1, 4)
    assert shape(released) == shape(nbformat.read(ROOT / "lessons" / LESSON_1, 4))
    assert not any("NotImplementedError" in c.source for c in released.cells)
    from nbclient import NotebookClient

    # Run All goes to the end (nbclient stops at the first error)
    NotebookClient(released, timeout=300, resources={"metadata": {"path": str(folder)}}).execute()

    for student, notebook in (
        ("ana", ROOT / "solutions" / LESSON_1),
        ("beto", ROOT / "lessons" / LESSON_1),
    ):
        submitted = folder / "submitted" / student / lesson / LESSON_1
        submitted.parent.mkdir(parents=True)
        shutil.copy(notebook, submitted)
    done = run_as_written(autograde, course_copy)
    assert done.returncode == 0, done.stdout + done.stderr
    score, maximum = check_points(folder / "gradebook.db", lesson, Path(LESSON_1).stem, "ana")
    assert score == maximum
    assert check_points(folder / "gradebook.db", lesson, Path(LESSON_1).stem, "beto") == (
        0,
        maximum,
    )

    done = run_as_written(export, course_copy)
    assert done.returncode == 0, done.stdout + done.stderr
    with (folder / "grades.csv").open(encoding="utf-8", newline="") as f:
        grades = {row["student_id"]: row for row in csv.DictReader(f)}
    assert grades.keys() == {"ana", "beto"}
    # lesson 1 has no Markdown answer to grade by hand: the checks are all its points
    assert float(grades["ana"]["score"]) == maximum == float(grades["ana"]["max_score"])
    assert float(grades["beto"]["score"]) == 0
    assert not (course_copy / "grades.csv").exists()  # nbgrader worked in docente/


def test_the_teacher_folder_is_filled_from_solutions_and_kept(course_copy):
    course = load_script("course.py", "course_copy_folder")
    course.ROOT, course.DOCENTE = course_copy, course_copy / "docente"
    folder = course.teacher_folder()
    sources = sorted(p.relative_to(folder / "source").as_posix() for p in folder.glob("source/*/*"))
    assert sources == [f"l{p.name[:2]}/{p.name}" for p in SOLUTIONS]
    assert (folder / ".gitignore").read_text().splitlines()[-1] == "*"
    changed = folder / "source" / "l01" / LESSON_1
    changed.write_text("{}", encoding="utf-8")
    course.teacher_folder()
    assert changed.read_text(encoding="utf-8") == "{}"  # a teacher's edit is never overwritten


# --- students do not see nbgrader; teachers do -----------------------------------------------


def test_the_student_configuration_turns_off_everything_nbgrader_turns_on():
    """Every server extension nbgrader enables in .venv, and its lab extension, by name."""
    enabled = json.loads(
        Path(sys.prefix, "etc", "jupyter", "jupyter_server_config.d", "nbgrader.json").read_text()
    )["ServerApp"]["jpserver_extensions"]
    ours = json.loads((STUDENT_CONFIG / "jupyter_server_config.json").read_text())
    assert ours["ServerApp"]["jpserver_extensions"] == dict.fromkeys(enabled, False)
    labextension = json.loads(
        Path(
            sys.prefix, "share", "jupyter", "labextensions", "@jupyter", "nbgrader", "package.json"
        ).read_text()
    )["name"]
    page = json.loads((STUDENT_CONFIG / "labconfig" / "page_config.json").read_text())
    assert page == {"disabledExtensions": {labextension: True}}


@contextmanager
def jupyterlab(course, user: str, tmp: Path) -> Iterator[tuple[str, str]]:
    """``jupyter lab`` as ``course.py lab`` starts it for ``user``; yields (url, token)."""
    token = secrets.token_hex(16)
    runtime = tmp / "runtime"
    env = course.jupyter_env(user, {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(tmp / "config"),
        "JUPYTER_RUNTIME_DIR": str(runtime),
        "JUPYTER_DATA_DIR": str(tmp / "data"),
    })  # fmt: skip
    command = [sys.executable, "-m", "jupyter", "lab", *course.lab_options(), "--no-browser",
               "--ServerApp.ip=127.0.0.1", "--ServerApp.port=0", "--ServerApp.port_retries=0",
               f"--IdentityProvider.token={token}",
               f"--LabApp.workspaces_dir={tmp / 'workspaces'}"]  # fmt: skip
    log = tmp / f"lab-{user}.log"
    proc, url = start_jupyterlab(
        command, env=env, runtime=runtime, token=token, log_path=log, cwd=course.ROOT
    )
    try:
        yield url, token
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # its own session: the server and its children
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def page_config(url: str, token: str) -> dict:
    with urllib.request.urlopen(f"{url}/lab?token={token}", timeout=60) as response:
        page = response.read().decode()
    found = re.search(
        r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', page, re.S
    )
    assert found, page[:2000]
    return json.loads(found.group(1))


@pytest.mark.skipif(os.name != "posix", reason="stops the server by process group")
def test_course_py_lab_hides_nbgrader_from_students_and_shows_it_to_teachers(tmp_path):
    copy = copy_course(tmp_path / "curso")
    course = load_script("course.py", "course_for_lab_modes")
    course.ROOT, course.DOCENTE = copy, copy / "docente"
    course.JUPYTER = {user: copy / "jupyter" / user for user in course.JUPYTER}
    seen = {}
    for user in ("alumnos", "docente"):
        if user == "docente":
            course.teacher_folder()  # as `course.py lab --docente` does
        with jupyterlab(course, user, tmp_path / user) as (url, token):
            config = page_config(url, token)
            seen[user] = (
                "@jupyter/nbgrader" in config["disabledExtensions"],
                "@jupyter/nbgrader" in [e["name"] for e in config["federated_extensions"]],
                status(f"{url}/formgrader?token={token}"),
            )
        log = (tmp_path / user / f"lab-{user}.log").read_text(errors="replace")
        # the student's log has no nbgrader lines; the teacher's nbgrader finds its config
        seen[user] += ("nbgrader" in log, "No nbgrader_config.py" in log)
    # (lab extension disabled, installed, the teacher's grading page, nbgrader in the log,
    # "No nbgrader_config.py file found" in the log)
    assert seen == {
        "alumnos": (True, True, 404, False, False),
        "docente": (False, True, 200, True, False),
    }, seen


# --- the teacher's guide (docs/guia_docente.md) says what the lessons say --------------------

GUIDE = ROOT / "docs" / "guia_docente.md"


def guide_lessons() -> dict[int, str]:
    """The guide's section of each lesson («## Clase N: …»), by lesson number."""
    parts = re.split(r"^## Clase (\d): .*$", GUIDE.read_text(encoding="utf-8"), flags=re.M)
    pairs = zip(parts[1::2], parts[2::2], strict=True)
    sections = {int(n): text.split("\n## ", 1)[0] for n, text in pairs}
    assert sorted(sections) == list(range(1, len(SOLUTIONS) + 1))
    return sections


def headings(path: Path) -> set[str]:
    lines = (line for c in nbformat.read(path, 4).cells if c.cell_type == "markdown"
             for line in c.source.splitlines())  # fmt: skip
    return {re.sub(r"^#+\s+", "", line).replace("`", "") for line in lines if line.startswith("#")}


def duration(path: Path) -> str:
    """What the lesson's own header says about its length («Duración: …», or after «de 6»)."""
    header = " ".join(nbformat.read(path, 4).cells[0].source.split("\n\n")[1].split())
    said = header.split("Duración: ", 1)[1] if "Duración: " in header else header.split(". ", 1)[1]
    return said.strip("*").rstrip(".")


def test_the_guide_gives_each_lesson_the_duration_the_lesson_gives():
    for n, section in guide_lessons().items():
        said = duration(SOLUTIONS[n - 1])
        item = section.split("- **Duración:**", 1)[1].split("\n- ", 1)[0]
        guide = " ".join(item.split())
        assert guide.lower().startswith(said.lower()), (n, said, guide)


def test_the_sections_the_guide_names_are_sections_of_that_lesson():
    """A link «título» to a lesson names one of its headings; each lesson links only itself."""
    named = 0
    for n, section in guide_lessons().items():
        text = re.sub(r"\s+", " ", section)
        titles = headings(SOLUTIONS[n - 1])
        for name, stem in re.findall(
            r"\[(?:clase \d, )?«([^»]+)»\]\(\.\./solutions/(\w+)\.ipynb\)", text
        ):
            named += 1
            assert stem == SOLUTIONS[n - 1].stem and name.replace("`", "") in titles, (n, name)
        linked = set(re.findall(r"\]\(\.\./(?:lessons|solutions)/(\d\d_\w+)\.ipynb\)", section))
        assert linked == {SOLUTIONS[n - 1].stem}, (n, linked)
    assert named >= 25


def test_the_guide_lists_each_lessons_exercises_and_their_points():
    counts = {}
    for n, section in guide_lessons().items():
        line = " ".join(section.split("- **Ejercicios:**", 1)[1].split("\n- ", 1)[0].split())
        listed = [int(k) for k in re.findall(r"(?:^|; )(\d+) ", line)]
        counts[n] = checks(SOLUTIONS[n - 1])
        assert listed == list(range(1, counts[n] + 1)), (n, line)
    said = re.search(
        r"\((\d+) por clase; (\d+) en la clase (\d)\)", GUIDE.read_text(encoding="utf-8")
    )
    usual, other, lesson = map(int, said.groups())
    assert counts == {n: other if n == lesson else usual for n in counts}


def test_the_guide_grades_with_the_readmes_commands():
    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"^```bash\n(.*?)^```$", text, re.S | re.M)
    commands = [
        argv for b in blocks for ln in b.splitlines() if (argv := shlex.split(ln, comments=True))
    ]
    assert commands == readme_commands()


def test_the_lesson_the_guide_calls_the_longest_single_session_one_is():
    """«Es la más larga de las clases de una sesión» (lesson 2): words of Markdown."""

    def words(path: Path) -> int:
        return sum(
            len(c.source.split()) for c in nbformat.read(path, 4).cells if c.cell_type == "markdown"
        )

    sections = guide_lessons()
    longest = [n for n, s in sections.items() if "la más larga de las\n  clases de una sesión" in s]
    single = [n for n in sections if "una sesión de clase" in duration(SOLUTIONS[n - 1])]
    assert longest == [max(single, key=lambda n: words(SOLUTIONS[n - 1]))]
