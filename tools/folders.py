"""One way the build scripts put a finished folder in place (``build/site``, ``build/lite``)."""

from __future__ import annotations

import shutil
from pathlib import Path


def replace_folder(new: Path, out: Path) -> None:
    """Put the finished folder ``new`` at ``out``, replacing what was there.

    ``out`` is never half-written: the old folder is renamed aside, the new one renamed
    in (``new`` must be on the same file system), and the old one deleted. An
    interrupted earlier run's leftover (``.NAME-old``) is deleted first.
    """
    old = out.with_name(f".{out.name}-old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.rename(old)
    new.rename(out)
    shutil.rmtree(old, ignore_errors=True)
