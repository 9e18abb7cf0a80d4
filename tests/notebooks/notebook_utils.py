"""Helpers shared by the notebook tests: where the notebooks are, and how to read them."""

from __future__ import annotations

from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
SOLUTIONS = sorted((ROOT / "solutions").glob("*.ipynb"))
LESSONS = sorted((ROOT / "lessons").glob("*.ipynb"))
ALL = SOLUTIONS + LESSONS


def read(path: Path):
    return nbformat.read(path, as_version=4)


def ids(paths: list[Path]) -> list[str]:
    return [f"{p.parent.name}/{p.name}" for p in paths]
