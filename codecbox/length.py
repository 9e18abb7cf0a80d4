"""How long a string is, in the four units programming languages count, and cutting it safely.

* ``"bytes"``: the size of its encoded form (UTF-8 unless told otherwise): Go's ``len``,
  Rust's ``str::len``, C's ``strlen``, a byte limit (a protocol field, a ``VARBINARY``);
* ``"utf16"``: UTF-16 code units: JavaScript's ``.length``, Java's ``length()``, C#'s
  ``Length`` (a character outside the BMP, like most emoji, is two units);
* ``"code_points"``: Unicode code points, Python's ``len``;
* ``"graphemes"``: extended grapheme clusters (UAX #29), what a reader calls one character
  and Swift's ``count`` counts: ``👩‍👩‍👧`` is five code points and one cluster.

Grapheme clusters come from the ``regex`` package (the ``graphemes`` extra: ``pip install
'regex>=2024.4'``), compiled and current; where it cannot be installed (Pyodide, in a
browser) from the pure-Python ``uniseg`` (``pip install 'uniseg>=0.10'``, Unicode 16),
which agrees with it but for the characters later Unicode versions changed. Without
either, graphemes and :func:`truncate` raise a ``ModuleNotFoundError`` that says so, and
the other three units need nothing.

>>> family = "\\U0001F469\\u200d\\U0001F469\\u200d\\U0001F467"
>>> [length(family, unit) for unit in UNITS]
[18, 8, 5, 1]
"""

from __future__ import annotations

import importlib
from itertools import accumulate
from typing import Literal, get_args

from codecbox.errors import EncodeError, UnknownEncodingError, install_hint
from codecbox.labels import resolve

__all__ = ["UNITS", "Unit", "graphemes", "length", "truncate"]

#: What a length can count (see the module's docstring).
Unit = Literal["bytes", "utf16", "code_points", "graphemes"]
#: The units, from the smallest piece to the largest.
UNITS: tuple[Unit, ...] = get_args(Unit)


def graphemes(text: str) -> list[str]:
    """Split ``text`` into extended grapheme clusters (UAX #29), in order.

    Joining the result gives ``text`` back.

    >>> clusters = graphemes("an\\u0303o \\U0001F1EA\\U0001F1F8")  # NFD ñ, a flag
    >>> clusters[1] == "n\\u0303", [len(c) for c in clusters]
    (True, [1, 2, 1, 1, 2])
    """
    if not text:
        return []
    # The standard re module has no \X, and hand-written segmentation rules go stale with
    # every Unicode version; regex follows the current one, uniseg a recent one.
    try:
        regex = importlib.import_module("regex")
    except ImportError:
        try:
            uniseg = importlib.import_module("uniseg.graphemecluster")
        except ImportError:
            needed = (
                f"grapheme clusters need the regex package: {install_hint('graphemes')} "
                "(or, where regex cannot be installed, pip install 'uniseg>=0.10')"
            )
            raise ModuleNotFoundError(needed, name="regex") from None
        return list(uniseg.grapheme_clusters(text))
    found: list[str] = regex.findall(r"\X", text)
    return found


def length(text: str, unit: Unit = "code_points", *, encoding: str = "utf-8") -> int:
    """How long ``text`` is, counted in ``unit``.

    ``encoding`` matters only for ``"bytes"``: a character it cannot encode raises
    :class:`~codecbox.errors.EncodeError` (giving the character's offset) rather than
    being skipped, because a length that silently drops characters is wrong. An unknown
    encoding raises :class:`~codecbox.errors.UnknownEncodingError`. The bytes are the
    text's, without the byte order mark Python's ``utf-16``, ``utf-32`` and ``utf-8-sig``
    put before it (a file's mark, not part of a field's value).

    >>> [length("a\\u00f1o", unit) for unit in UNITS]
    [4, 3, 3, 3]
    >>> length("a\\u00f1o", "bytes", encoding="latin-1"), length("ab", "bytes", encoding="utf-16")
    (3, 4)
    """
    if unit == "bytes":
        enc = resolve(encoding)
        if enc.codec is None:  # WHATWG's "replacement": decodes to U+FFFD, encodes nothing
            raise UnknownEncodingError(encoding, "it has no encoder")
        try:
            return len(text.encode(enc.codec)) - len("".encode(enc.codec))  # (the mark)
        except UnicodeEncodeError as exc:
            raise EncodeError.wrap(exc, encoding=enc.name) from None
    if unit == "utf16":
        # surrogatepass: a lone surrogate (possible in a Python str) is one unit, not an error
        return len(text.encode("utf-16-le", "surrogatepass")) // 2
    if unit == "code_points":
        return len(text)
    if unit == "graphemes":
        return len(graphemes(text))
    raise ValueError(f"unknown unit {unit!r}; known: {', '.join(UNITS)}")


def truncate(text: str, limit: int, unit: Unit = "graphemes", *, encoding: str = "utf-8") -> str:
    """The longest prefix of ``text`` that is at most ``limit`` long in ``unit``, never
    splitting a grapheme cluster.

    So it never splits a UTF-8 sequence, a surrogate pair, a flag or an emoji family:
    what cannot fit whole is left out, and the result may be shorter than ``limit``; this
    is how to fit text into a byte limit (a ``VARBINARY``) or a character limit
    (``VARCHAR(n)``). The whole ``text`` is measured first, so a character ``encoding``
    cannot encode raises :class:`~codecbox.errors.EncodeError` wherever it is. A negative
    ``limit`` is a ``ValueError``.

    >>> family = "\\U0001F469\\u200d\\U0001F469\\u200d\\U0001F467"
    >>> truncate(family + " hola", 10, "bytes")
    ''
    >>> truncate("\\U0001F1EA\\U0001F1F8\\U0001F1F2\\U0001F1FD", 3, "code_points")  # ES MX
    '🇪🇸'
    """
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, not {limit}")
    if length(text, unit, encoding=encoding) <= limit:
        return text
    clusters = graphemes(text)
    if unit == "graphemes":
        return "".join(clusters[:limit])
    ends = list(accumulate(len(c) for c in clusters))
    # Binary search for the most clusters that fit: a prefix is never longer than the text
    # it is a prefix of, in any unit (measuring each prefix whole, not summing clusters,
    # keeps a stateful encoding's BOM or shift sequences counted once).
    fits, too_many = 0, len(clusters)
    while too_many - fits > 1:
        mid = (fits + too_many) // 2
        if length(text[: ends[mid - 1]], unit, encoding=encoding) <= limit:
            fits = mid
        else:
            too_many = mid
    return text[: ends[fits - 1]] if fits else ""
