"""Where the course's data lives: the corpus of lesson 6 and the cache of built files.

The lessons run from a checkout, so ``data/`` sits beside the package. Built
files (large samples, cached measurements) go to ``$CODECBOX_CACHE`` or
``data/cache/`` (ignored by git), never into the repository.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["SPLITS", "cache_dir", "data_dir", "paragraphs"]

#: held-out first: it is what lesson 6 measures; tuning is what v2 was adjusted on
SPLITS = ("heldout", "tuning")


def data_dir() -> Path:
    """The course's ``data/`` folder; FileNotFoundError outside a course checkout."""
    path = Path(__file__).resolve().parent.parent / "data"
    if not (path / "corpus").is_dir():
        raise FileNotFoundError(f"course data not found at {path}: run from a course checkout")
    return path


def cache_dir() -> Path:
    """``$CODECBOX_CACHE`` if set, else ``data/cache/``; created if needed."""
    path = Path(os.environ.get("CODECBOX_CACHE") or data_dir() / "cache")
    path.mkdir(parents=True, exist_ok=True)
    return path


def paragraphs(lang: str, split: str | None = None) -> list[str]:
    """The paragraphs (one per line) of ``data/corpus/<lang>/<split>.txt``; both splits if None.

    >>> len(paragraphs("es", "heldout")) > 10
    True
    """
    if split is not None and split not in SPLITS:
        raise ValueError(f"unknown split {split!r}: expected one of {SPLITS}")
    folder = data_dir() / "corpus" / lang
    if not folder.is_dir():
        raise FileNotFoundError(f"no corpus for language {lang!r} in {folder}")
    return [
        line
        for name in ((split,) if split else SPLITS)
        for line in (folder / f"{name}.txt").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
