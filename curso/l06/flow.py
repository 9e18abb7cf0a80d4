"""Lesson 6's import flow: the files its import cell imports, rewritten on every run.

What :func:`codecbox.import_file` decided, said in Spanish, is :func:`curso.reglas.describe`
(lesson 4 uses it too).
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

__all__ = ["write_files"]


def write_files(folder: str | Path, files: Mapping[str, bytes]) -> None:
    """Empty ``folder`` and write ``files`` (name -> bytes) into it.

    The lesson's import cell calls it first, so the cell can run again: ``import_file``
    moves the files that need review into a quarantine folder, and a second run must
    start from the same files.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     (Path(tmp) / "viejo").mkdir()
    ...     write_files(tmp, {"a.txt": b"hola"})
    ...     sorted(p.name for p in Path(tmp).iterdir())
    ['a.txt']
    """
    base = Path(folder)
    base.mkdir(parents=True, exist_ok=True)
    for entry in base.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    for name, data in files.items():
        (base / name).write_bytes(data)
