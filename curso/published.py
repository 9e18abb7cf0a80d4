"""The figures of the published lessons, as data: ``data/published/lNN.toml``.

A lesson that re-measures a published one prints the published figure beside its
own and cites it in the prose (``<!-- cita: accuracy.4.v1.es -->``). Both read the
same file, so a figure is typed once.

>>> cite("l06", "accuracy.4.v1.es")
107
>>> cite("l06", "accuracy.4.v9")
Traceback (most recent call last):
...
KeyError: "l06: no published figure 'accuracy.4.v9' (no 'v9' in 'accuracy.4')"
"""

from __future__ import annotations

import copy
import functools
import sys
from typing import Any

from curso.paths import data_dir

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = ["cite", "figures"]


@functools.cache
def _load(lesson: str) -> dict[str, Any]:
    path = data_dir() / "published" / f"{lesson}.toml"
    with open(path, "rb") as f:
        return tomllib.load(f)


def figures(lesson: str) -> dict[str, Any]:
    """Every published figure of ``lesson`` (``"l06"``), as nested dicts (a copy)."""
    return copy.deepcopy(_load(lesson))


def cite(lesson: str, key: str) -> Any:
    """One published figure by its dotted key; KeyError naming what is missing."""
    node: Any = _load(lesson)
    done: list[str] = []
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            where = ".".join(done) or "the file"
            raise KeyError(f"{lesson}: no published figure {key!r} (no {part!r} in {where!r})")
        node = node[part]
        done.append(part)
    return copy.deepcopy(node)
