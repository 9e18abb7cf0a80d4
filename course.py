#!/usr/bin/env python3
"""Set up and run the course with nothing but Python >= 3.10.

    python3 course.py lab         # set up .venv, open JupyterLab (lessons/ first)
    python3 course.py test        # set up .venv, run every test (what CI runs)
    python3 course.py notebooks   # re-execute solutions/, re-derive lessons/ (authors)
    python3 course.py lock        # re-resolve constraints/py3.*.txt (authors)
    python3 course.py site        # build build/site/: the lessons as a static website
    python3 course.py lite        # build build/lite/: the course in the browser (JupyterLite)

.venv gets two editable installs: the library (codecbox, ./pyproject.toml) and the
course's support code (curso, ./curso/pyproject.toml), with every package pinned by
the lock of this Python's minor version (constraints/py3.X.txt, made by `lock` from
the direct pins in constraints.txt). Set-up repairs itself: an interrupted first
install, a package removed by hand or a Python that moved is noticed at the next
call, and .venv is rebuilt. Ctrl-C and SIGTERM reach pip and JupyterLab, so nothing
is left running.
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
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"
SUPPORTED = [(3, 10), (3, 11), (3, 12), (3, 13)]
LOCKS = ROOT / "constraints"
#: What `pip install` gets: the two projects and their extras.
PROJECTS = ("-e", ".[chardet,cli]", "-e", "./curso[lab,test,lite]")
#: Imported after set-up: if one fails, the environment is damaged and is rebuilt.
HEALTH = (
    "import importlib.util as u, sys; sys.exit(any(u.find_spec(m) is None for m in ("
    "'codecbox', 'curso', 'pytest', 'nbval', 'xdist', 'jupyterlab', 'ipywidgets', 'chardet',"
    "'tqdm', 'matplotlib', 'nbgrader')))"
)


class Failed(Exception):
    """A step failed; the message says what to do."""


def lock_file(version: tuple[int, int] | None = None) -> Path:
    major, minor = version or sys.version_info[:2]
    return LOCKS / f"py{major}.{minor}.txt"


def run(*args: object, check: bool = True, quiet: bool = False, **kw) -> int:
    """Run a command; Ctrl-C and SIGTERM go to it, and we wait until it has finished."""
    if not quiet:
        print("+", " ".join(str(a) for a in args), flush=True)
    proc = subprocess.Popen([str(a) for a in args], cwd=ROOT, **kw)

    def forward(signum, frame):
        if proc.poll() is None:
            proc.send_signal(signum)

    handled = [s for s in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, s)]
    previous = {s: signal.signal(getattr(signal, s), forward) for s in handled}
    try:
        returncode = proc.wait()
    finally:
        for name, handler in previous.items():
            signal.signal(getattr(signal, name), handler)
    if check and returncode != 0:
        raise subprocess.CalledProcessError(returncode, [str(a) for a in args])
    return returncode


def fingerprint() -> str:
    h = hashlib.sha256(sys.version.encode())
    for path in (ROOT / "pyproject.toml", ROOT / "curso" / "pyproject.toml", lock_file()):
        h.update(path.read_bytes())
    return h.hexdigest()


def healthy() -> bool:
    """The interpreter in .venv runs, and everything the course needs imports."""
    try:
        result = subprocess.run([str(PY), "-c", HEALTH], cwd=ROOT, capture_output=True, timeout=120)
    except (OSError, subprocess.SubprocessError):  # e.g. the base Python was removed
        return False
    return result.returncode == 0


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


def setup() -> None:
    """Make .venv match the projects and this Python's lock, repairing what is broken."""
    if sys.version_info < (3, 10):  # noqa: UP036 (this file may run on any python3)
        raise Failed("the course needs Python 3.10 or later")
    if not lock_file().exists():
        supported = ", ".join(f"{a}.{b}" for a, b in SUPPORTED)
        raise Failed(f"no lock for Python {sys.version.split()[0]} (supported: {supported})")
    if STAMP.exists() and STAMP.read_text() == fingerprint() and healthy():
        return
    if VENV.exists() and not has_pip():
        remove_venv("the last set-up did not finish (or its Python moved)")
    elif STAMP.exists() and not healthy():
        remove_venv("a package is missing or broken")
    if not PY.exists():
        create_venv()
    STAMP.unlink(missing_ok=True)  # written again only after a complete install
    run(PY, "-m", "pip", "install", "--quiet", "-c", lock_file(), "pip")
    run(PY, "-m", "pip", "install", "--quiet", "-c", lock_file(), *PROJECTS)
    if not healthy():
        raise Failed("the install finished but the course's packages do not import")
    STAMP.write_text(fingerprint())


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
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        options.append("--allow-root")  # JupyterLab refuses root without it (containers, CI)
    return options


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "help"
    if command not in ("lab", "test", "notebooks", "lock", "site", "lite"):
        print(__doc__)
        return 0 if command in ("help", "-h", "--help") else 2
    if command == "lock":
        lock()
        return 0
    setup()
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if command == "lab":
        return run(BIN / "jupyter", "lab", *lab_options(), *argv[1:], env=env, check=False)
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
