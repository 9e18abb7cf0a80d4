"""Lesson 1 (caracteres, puntos de código y bytes UTF-8): the classroom explorer."""

from __future__ import annotations

from typing import Any

from curso.views import chars, hexbytes
from curso.widgets import LiveView, live

__all__ = ["explorer"]


def _explore(text: str) -> list[Any]:
    return [chars(text), hexbytes(text.encode("utf-8"), "utf-8")]


def explorer(text: str = "año") -> LiveView:
    """Type text, see its code points, names, UTF-8 bytes and UTF-16 units.

    >>> print(explorer("ñ"))
    carácter  punto de código  nombre Unicode                   UTF-8  UTF-16
    ñ         U+00F1           LATIN SMALL LETTER N WITH TILDE  C3 B1  00F1
    1 punto de código, 2 bytes en UTF-8, 1 unidad UTF-16
    <BLANKLINE>
    [C3 B1]
     ñ
    """
    return live(_explore, text, description="Texto:")
