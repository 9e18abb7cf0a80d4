"""Where the course's data lives, and the one reader of the corpus.

The lessons run from a checkout, so ``data/`` sits beside this package. Built
files (large samples, cached measurements) go to ``$CODECBOX_CACHE`` or
``data/cache/`` (ignored by git), never into the repository.

>>> len(paragraphs("es", "heldout")) > 10
True
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["LANGS", "SPLITS", "cache_dir", "corpus_file", "data_dir", "paragraphs"]

#: The corpus languages.
LANGS: tuple[str, ...] = ("es", "en", "ja", "ko")
#: The corpus splits: lesson 6 measures ``heldout``; ``tuning`` is text that could be
#: looked at while the lessons' detectors were written. Both together, in this order,
#: fill the large sample files.
SPLITS: tuple[str, ...] = ("heldout", "tuning")


def data_dir() -> Path:
    """The course's ``data/`` folder; FileNotFoundError outside a course checkout.

    In a checkout it sits beside this package. The JupyterLite site (``python3 course.py
    lite``) has no checkout: its wheel of this package carries a copy inside, ``curso/data/``.
    """
    here = Path(__file__).resolve().parent
    path = here.parent / "data"
    for candidate in (path, here / "data"):
        if (candidate / "corpus").is_dir():
            return candidate
    raise FileNotFoundError(f"course data not found at {path}: run from a course checkout")


def cache_dir() -> Path:
    """``$CODECBOX_CACHE`` if set, else ``data/cache/``; created if needed."""
    path = Path(os.environ.get("CODECBOX_CACHE") or data_dir() / "cache")
    path.mkdir(parents=True, exist_ok=True)
    return path


def corpus_file(lang: str, split: str) -> Path:
    """``data/corpus/<lang>/<split>.txt``: one paragraph per line, UTF-8.

    ValueError for an unknown language or split; FileNotFoundError (naming the
    path) outside a course checkout.
    """
    if lang not in LANGS:
        raise ValueError(f"unknown corpus language {lang!r}: expected one of {', '.join(LANGS)}")
    if split not in SPLITS:
        raise ValueError(f"unknown corpus split {split!r}: expected one of {', '.join(SPLITS)}")
    path = data_dir() / "corpus" / lang / f"{split}.txt"
    if not path.is_file():
        raise FileNotFoundError(f"course corpus file not found: {path}")
    return path


def paragraphs(lang: str, split: str | None = None) -> tuple[str, ...]:
    """The paragraphs of one language: the non-blank lines, surrounding spaces removed.

    One split, or both (held-out first) when ``split`` is None.
    """
    splits = SPLITS if split is None else (split,)
    return tuple(
        line.strip()
        for name in splits
        for line in corpus_file(lang, name).read_text(encoding="utf-8").splitlines()
        if line.strip()
    )
