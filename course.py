#!/usr/bin/env python3
"""Set up and run the course with nothing but Python >= 3.10.

    python3 course.py lab         # set up .venv, open JupyterLab on lessons/
    python3 course.py test        # set up .venv, run every test (what CI runs)
    python3 course.py notebooks   # re-execute solutions/, re-derive lessons/ (authors)

.venv gets two editable installs: the library (codecbox, ./pyproject.toml) and
the course's support code (curso, ./curso/pyproject.toml), with the versions
pinned in constraints.txt. It is (re)installed only when one of those three
files or the Python version changes, so the second call starts at once.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"


def run(*args: object, **kw) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], check=True, cwd=ROOT, **kw)


INPUTS = ("pyproject.toml", "curso/pyproject.toml", "constraints.txt")


def fingerprint() -> str:
    h = hashlib.sha256(sys.version.encode())
    for name in INPUTS:
        h.update((ROOT / name).read_bytes())
    return h.hexdigest()


def setup() -> None:
    """Create .venv and install codecbox and curso with the pinned course and test tools."""
    if sys.version_info < (3, 10):  # noqa: UP036 (this file may run on any python3)
        sys.exit("codecbox needs Python >= 3.10")
    if STAMP.exists() and STAMP.read_text() == fingerprint():
        return
    if not PY.exists():
        try:
            run(sys.executable, "-m", "venv", VENV)
        except subprocess.CalledProcessError:  # Debian without python3-venv
            run(sys.executable, "-m", "pip", "install", "--user", "virtualenv")
            run(sys.executable, "-m", "virtualenv", VENV)
    run(PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    run(
        PY, "-m", "pip", "install", "--quiet", "-c", "constraints.txt",
        "-e", ".[chardet]", "-e", "./curso[lab,test]",
    )  # fmt: skip
    STAMP.write_text(fingerprint())


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "help"
    if command not in ("lab", "test", "notebooks"):
        print(__doc__)
        return 0 if command in ("help", "-h", "--help") else 2
    setup()
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if command == "lab":
        root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
        run(BIN / "jupyter", "lab", "lessons/", *root, *argv[1:], env=env)
    elif command == "test":
        run(PY, "-m", "pytest", *argv[1:], env=env)
    else:
        run(PY, "tools/build_notebooks.py", *argv[1:], env=env)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)
