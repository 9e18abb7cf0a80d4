#!/usr/bin/env python3
"""Set up and run the course with nothing but Python >= 3.10.

    python3 course.py lab             # set up a student's JupyterLab, open it (lessons/ first)
    python3 course.py lab --docente   # the same with nbgrader's teacher menus (docente/)
    python3 course.py nbgrader ...    # nbgrader on docente/, e.g. generate_assignment l01
    python3 course.py test            # add the test tooling, run every test (what CI runs)
    python3 course.py notebooks       # re-execute solutions/, re-derive lessons/ (authors)
    python3 course.py lock            # re-resolve constraints/py3.*.txt (authors)
    python3 course.py site            # build build/site/: the lessons as a static website
    python3 course.py lite            # build build/lite/: the course in the browser (JupyterLite)

.venv gets two editable installs: the library (codecbox, ./pyproject.toml) and the
course's support code (curso, ./curso/pyproject.toml), with every package pinned by
the lock of this Python's minor version (constraints/py3.X.txt, made by `lock` from
the direct pins in constraints.txt). Set-up repairs itself: an interrupted first
install, a package removed by hand or a Python that moved is noticed at the next
call, and .venv is rebuilt. `lab` installs only what a student needs (JupyterLab,
ipywidgets, the course and the library); the other commands add the test, browser and
JupyterLite tooling to the same .venv. One Ctrl-C stops JupyterLab and its kernels (exit
130), and SIGTERM reaches pip and JupyterLab, so nothing is left running.

Students and teachers: `lab` reads the course's Jupyter configuration jupyter/alumnos/
(JUPYTER_CONFIG_PATH), which turns nbgrader's lab and server extensions off, so a student
never sees its teacher menus; `lab --docente` and `nbgrader` read jupyter/docente/ instead
(nbgrader_config.py: the course folder docente/, the Spanish stubs of lessons/). Both
fill docente/source/lNN/ from solutions/ and put nbgrader's own `alembic` on PATH.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
#: The environment; COURSE_VENV names another one (CI keeps one per Python version).
VENV = Path(os.environ.get("COURSE_VENV") or ROOT / ".venv").absolute()
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"
SUPPORTED = [(3, 10), (3, 11), (3, 12), (3, 13)]
LOCKS = ROOT / "constraints"
#: What `pip install` gets for each kind of set-up: the two projects and their extras. A
#: student's `lab` needs the classroom only; `test` and the authors' commands add the test,
#: browser and JupyterLite tooling (pytest, mypy, nbgrader, Playwright...) to it.
PROJECTS = {
    "lab": ("-e", ".[chardet,cli]", "-e", "./curso[lab]"),
    "full": ("-e", ".[chardet,cli]", "-e", "./curso[lab,test,lite]"),
}
#: Imported after set-up (imported, not just found: a module that is there but fails to
#: import, as codecbox did on a Python it did not support, is a broken environment).
MODULES = {
    "lab": ("codecbox", "codecbox.cli", "curso", "jupyterlab", "ipykernel", "ipywidgets",
            "chardet", "tqdm", "regex"),
    "full": ("pytest", "nbval", "xdist", "nbgrader", "hypothesis", "mypy", "playwright",
             "jupyterlite_core"),
}  # fmt: skip
#: The commands that need the full set-up.
FULL = ("test", "notebooks", "site", "lite", "nbgrader")
#: The course's own Jupyter configuration folders (see the docstring): one per kind of user.
JUPYTER = {"alumnos": ROOT / "jupyter" / "alumnos", "docente": ROOT / "jupyter" / "docente"}
#: nbgrader's course folder (source/, release/, submitted/, autograded/, gradebook.db...).
DOCENTE = ROOT / "docente"
TEACHER_FLAG = "--docente"


class Failed(Exception):
    """A step failed; the message says what to do."""


def lock_file(version: tuple[int, int] | None = None) -> Path:
    major, minor = version or sys.version_info[:2]
    return LOCKS / f"py{major}.{minor}.txt"


def from_the_terminal() -> bool:
    """Whether this process is in its terminal's foreground process group.

    Then a Ctrl-C typed there has reached our child (same group) as well: forwarding it
    would deliver it twice (JupyterLab would take the second one as "stop now").
    """
    try:
        return os.tcgetpgrp(sys.stdin.fileno()) == os.getpgrp()
    except (AttributeError, OSError, ValueError):  # no terminal, or not POSIX
        return False


def run(*args: object, check: bool = True, quiet: bool = False, **kw) -> int:
    """Run a command and wait until it has finished; signals reach it once.

    SIGTERM and SIGHUP sent to this process are forwarded to the command. So is SIGINT,
    except a Ctrl-C from the terminal, which the command got by itself. After a SIGINT,
    once the command has finished, this raises KeyboardInterrupt (course.py exits 130).
    """
    if not quiet:
        print("+", " ".join(str(a) for a in args), flush=True)
    kw.setdefault("cwd", ROOT)
    proc = subprocess.Popen([str(a) for a in args], **kw)
    interrupted = False

    def forward(signum, frame):
        nonlocal interrupted
        if signum == signal.SIGINT:
            interrupted = True
            if from_the_terminal():
                return
        if proc.poll() is None:
            proc.send_signal(signum)

    handled = [s for s in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, s)]
    previous = {s: signal.signal(getattr(signal, s), forward) for s in handled}
    try:
        returncode = proc.wait()
    finally:
        for name, handler in previous.items():
            signal.signal(getattr(signal, name), handler)
    if interrupted:
        raise KeyboardInterrupt
    if check and returncode != 0:
        raise subprocess.CalledProcessError(returncode, [str(a) for a in args])
    return returncode


def fingerprint(kind: str = "lab") -> str:
    """What the stamp holds: the set-up's kind, then a hash of what it was made from."""
    h = hashlib.sha256(sys.version.encode())
    for path in (ROOT / "pyproject.toml", ROOT / "curso" / "pyproject.toml", lock_file()):
        h.update(path.read_bytes())
    return f"{kind} {h.hexdigest()}"


def installed() -> str | None:
    """The kind of set-up the stamp vouches for ("lab" or "full"), if it is current."""
    try:
        kind, _, digest = STAMP.read_text().partition(" ")
    except OSError:
        return None
    return kind if kind in PROJECTS and fingerprint(kind) == f"{kind} {digest}" else None


def modules(kind: str) -> tuple[str, ...]:
    return MODULES["lab"] + (MODULES["full"] if kind == "full" else ())


#: Imports each module; on the first failure, prints which one and why, and exits 1.
CHECK = """
import importlib, sys
for m in sys.argv[1:]:
    try:
        importlib.import_module(m)
    except Exception as exc:
        sys.exit(f"import {m}: {type(exc).__name__}: {exc}")
"""


def broken(kind: str = "lab") -> str | None:
    """Why .venv is not usable (its Python does not run, or a module fails to import)."""
    try:
        result = subprocess.run(
            [str(PY), "-c", CHECK, *modules(kind)], cwd=ROOT, capture_output=True, timeout=300
        )
    except (OSError, subprocess.SubprocessError) as exc:  # e.g. the base Python was removed
        return str(exc)
    if result.returncode == 0:
        return None
    lines = result.stderr.decode(errors="replace").strip().splitlines()
    return lines[-1] if lines else f"exit {result.returncode}"


def healthy(kind: str = "lab") -> bool:
    """The interpreter in .venv runs, and every module the set-up promises imports."""
    return broken(kind) is None


def made_by_this_python() -> bool:
    """Whether .venv was made by this Python's minor version (pyvenv.cfg says which)."""
    try:
        cfg = (VENV / "pyvenv.cfg").read_text()
    except OSError:
        return False
    for line in cfg.splitlines():
        key, _, value = line.partition("=")
        if key.strip() in ("version", "version_info"):
            return value.strip().split(".")[:2] == [str(n) for n in sys.version_info[:2]]
    return False


def has_pip() -> bool:
    try:
        result = subprocess.run([str(PY), "-m", "pip", "--version"], capture_output=True)
    except OSError:
        return False
    return result.returncode == 0


def remove_venv(reason: str) -> None:
    print(f"course.py: {reason}; rebuilding .venv", flush=True)
    shutil.rmtree(VENV, ignore_errors=True)


def create_venv() -> None:
    try:
        run(sys.executable, "-m", "venv", VENV)
    except subprocess.CalledProcessError:
        shutil.rmtree(VENV, ignore_errors=True)  # a half-made .venv would fool the next call
        version = f"{sys.version_info[0]}.{sys.version_info[1]}"
        raise Failed(
            "Python could not create a virtual environment (its venv/ensurepip module is "
            f"missing). On Debian or Ubuntu: sudo apt install python{version}-venv "
            "(or python3-venv), then run this command again."
        ) from None


def setup(kind: str = "full") -> None:
    """Make .venv match the projects and this Python's lock, repairing what is broken.

    ``kind`` is "lab" (what a student needs) or "full" (that, and the tooling of the tests,
    the browser tests and the JupyterLite build). A full set-up serves ``lab`` too; a lab
    set-up asked to be full is completed in place.
    """
    if sys.version_info < (3, 10):  # noqa: UP036 (this file may run on any python3)
        raise Failed("the course needs Python 3.10 or later")
    if not lock_file().exists():
        supported = ", ".join(f"{a}.{b}" for a, b in SUPPORTED)
        raise Failed(f"no lock for Python {sys.version.split()[0]} (supported: {supported})")
    if VENV.exists() and not made_by_this_python():
        remove_venv(f"it was made by another Python than {sys.version.split()[0]}")
    have = installed()
    if have is not None and not healthy("lab" if kind == "lab" else have):
        remove_venv("a package is missing or broken")
        have = None
    elif have in ("full", kind):
        return
    if VENV.exists() and not has_pip():
        remove_venv("the last set-up did not finish (or its Python moved)")
        have = None
    if not PY.exists():
        create_venv()
    STAMP.unlink(missing_ok=True)  # written again only after a complete install
    if have == "lab":
        print("course.py: adding the test and build tooling to .venv", flush=True)
    else:
        what = "JupyterLab and the course" if kind == "lab" else "the course and its test tooling"
        print(f"course.py: installing {what} into .venv (see README: time, disk)", flush=True)
    pip = (PY, "-m", "pip", "install", "--quiet", "--quiet", "-c", lock_file())
    run(*pip, "pip", quiet=True)
    run(*pip, *PROJECTS[kind], quiet=True)
    if not healthy(kind):
        raise Failed(f"the install finished but {broken(kind)}")
    STAMP.write_text(fingerprint(kind))


def lock() -> None:
    """Resolve every package for each supported Python, from constraints.txt (needs uv)."""
    if not has_pip():
        shutil.rmtree(VENV, ignore_errors=True)
        create_venv()
    if run(PY, "-m", "uv", "--version", check=False, quiet=True, stdout=subprocess.DEVNULL):
        run(PY, "-m", "pip", "install", "--quiet", "uv")
    requirements = LOCKS / "requirements.in"
    for version in SUPPORTED:
        out = lock_file(version)
        run(
            PY, "-m", "uv", "pip", "compile", "--quiet", requirements,
            "-c", "constraints.txt", "--python-version", f"{version[0]}.{version[1]}",
            "--python-platform", "linux", "--no-emit-package", "codecbox",
            "--no-emit-package", "codecbox-curso", "--custom-compile-command",
            "python3 course.py lock", "-o", out,
        )  # fmt: skip


def lab_options() -> list[str]:
    """What ``python3 course.py lab`` passes to ``jupyter lab`` (the browser tests use it too)."""
    options = [f"--ServerApp.root_dir={ROOT}", "--LabApp.default_url=/lab/tree/lessons"]
    # One Ctrl-C stops the server and its kernels, without the "Shut down (y/[n])?" prompt
    # that gives up after 5 s and leaves it running.
    options.append("--ServerApp.answer_yes=True")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        options.append("--allow-root")  # JupyterLab refuses root without it (containers, CI)
    return options


def jupyter_env(user: str, env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with the course's configuration for ``user`` first.

    ``user`` is "alumnos" (JupyterLab without nbgrader) or "docente" (nbgrader_config.py).
    The folder goes in front of JUPYTER_CONFIG_PATH, so it outranks .venv's own
    configuration (which enables nbgrader) but not a person's ~/.jupyter.
    """
    env = dict(os.environ if env is None else env)
    others = env.get("JUPYTER_CONFIG_PATH", "").split(os.pathsep)
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join([str(JUPYTER[user]), *filter(None, others)])
    if user == "docente":  # nbgrader runs `alembic` by name to set up its gradebook
        env["PATH"] = os.pathsep.join(p for p in (str(BIN), env.get("PATH")) if p)
    return env


def teacher_folder() -> Path:
    """Make docente/ ready for nbgrader: each solutions/NN_*.ipynb as source/lNN/.

    A source notebook already there is kept (a teacher may have changed it); when it
    differs from the course's, this says so. docente/ is ignored by git (it will hold the
    students' work and grades).
    """
    (DOCENTE / "intercambio").mkdir(parents=True, exist_ok=True)
    ignore = DOCENTE / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# nbgrader's course folder: students' work and grades\n*\n")
    for solution in sorted((ROOT / "solutions").glob("[0-9][0-9]_*.ipynb")):
        source = DOCENTE / "source" / f"l{solution.name[:2]}" / solution.name
        if not source.exists():
            source.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(solution, source)
        elif source.read_bytes() != solution.read_bytes():
            print(
                f"course.py: {source.relative_to(ROOT)} is not solutions/{solution.name} "
                "(yours is kept; delete it to take the course's)",
                flush=True,
            )
    return DOCENTE


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "help"
    if command not in ("lab", "test", "notebooks", "lock", "site", "lite", "nbgrader"):
        print(__doc__)
        return 0 if command in ("help", "-h", "--help") else 2
    if command == "lock":
        lock()
        return 0
    teacher = command == "lab" and TEACHER_FLAG in argv[1:]
    args = [a for a in argv[1:] if a != TEACHER_FLAG] if command == "lab" else argv[1:]
    setup("full" if command in FULL or teacher else "lab")
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if command == "lab":
        env = jupyter_env("docente" if teacher else "alumnos", env)
        if teacher:
            teacher_folder()
        return run(BIN / "jupyter", "lab", *lab_options(), *args, env=env, check=False)
    if command == "nbgrader":
        folder = teacher_folder()
        nbgrader = BIN / ("nbgrader.exe" if os.name == "nt" else "nbgrader")
        env = jupyter_env("docente", env)
        return run(nbgrader, *args, env=env, cwd=folder, check=False)
    if command == "test":
        return run(PY, "-m", "pytest", *argv[1:], env=env, check=False)
    if command in ("site", "lite"):
        script = "tools/website.py" if command == "site" else "tools/lite.py"
        return run(PY, script, *argv[1:], env=env, check=False)
    return run(PY, "tools/build_notebooks.py", *argv[1:], env=env, check=False)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Failed as exc:
        sys.exit(f"course.py: {exc}")
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode if exc.returncode > 0 else 128 - exc.returncode)
    except KeyboardInterrupt:
        sys.exit(130)
