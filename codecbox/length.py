"""How long a string is, in the four units programming languages count, and cutting it safely.

"Length" is not one number. The same text has as many lengths as there are units:

* ``"bytes"``: the size of its encoded form (UTF-8 unless told otherwise), what Go's ``len``,
  Rust's ``str::len``, C's ``strlen`` and PHP's ``strlen`` count, and what a byte limit
  (a protocol field, a ``VARBINARY`` column) measures;
* ``"utf16"``: UTF-16 code units, what JavaScript's ``.length``, Java's ``length()`` and
  C#'s ``Length`` count (a character outside the BMP, like most emoji, is two units);
* ``"code_points"``: Unicode code points, Python's ``len``;
* ``"graphemes"``: extended grapheme clusters (UAX #29), what a reader calls one character
  and what Swift's ``count`` counts: ``👩‍👩‍👧`` is five code points and one cluster.

Grapheme segmentation comes from the ``regex`` package (``\\X``), the ``graphemes`` extra:
``pip install 'regex>=2024.4'``. Without it, asking for graphemes (or for
:func:`truncate`, which needs them) raises ``ModuleNotFoundError`` saying so; the other
three units need nothing.

>>> family = "\\U0001F469\\u200d\\U0001F469\\u200d\\U0001F467"
>>> [length(family, unit) for unit in UNITS]
[18, 8, 5, 1]
>>> truncate("a" + family, 10, "bytes")
'a'
"""

from __future__ import annotations

import importlib
from itertools import accumulate
from types import ModuleType
from typing import Literal, get_args

from codecbox.errors import EncodeError, UnknownEncodingError, install_hint
from codecbox.labels import resolve

__all__ = ["UNITS", "Unit", "graphemes", "length", "truncate"]

#: What a length can count (see the module's docstring).
Unit = Literal["bytes", "utf16", "code_points", "graphemes"]
#: The units, from the smallest piece to the largest.
UNITS: tuple[Unit, ...] = get_args(Unit)

_GRAPHEMES_EXTRA = f"grapheme clusters need the regex package: {install_hint('graphemes')}"


def _regex() -> ModuleType:
    """The ``regex`` module, or a ``ModuleNotFoundError`` that names the extra to install.

    The standard ``re`` module has no ``\\X``, and hand-written segmentation rules go stale
    with every Unicode version; ``regex`` follows the current one.
    """
    try:
        return importlib.import_module("regex")
    except ImportError:
        raise ModuleNotFoundError(_GRAPHEMES_EXTRA, name="regex") from None


def graphemes(text: str) -> list[str]:
    """Split ``text`` into extended grapheme clusters (UAX #29), in order.

    Joining the result gives ``text`` back.

    >>> clusters = graphemes("an\\u0303o \\U0001F1EA\\U0001F1F8")  # NFD ñ, a flag
    >>> clusters[1] == "n\\u0303", [len(c) for c in clusters]
    (True, [1, 2, 1, 1, 2])
    """
    if not text:
        return []
    found: list[str] = _regex().findall(r"\X", text)
    return found


def _encoded_size(text: str, encoding: str) -> int:
    """``len(text.encode(encoding))``, strict; failures in codecbox's error vocabulary."""
    enc = resolve(encoding)
    if enc.codec is None:  # WHATWG's "replacement": decodes to U+FFFD, encodes nothing
        raise UnknownEncodingError(encoding, "it has no encoder")
    try:
        return len(text.encode(enc.codec))
    except UnicodeEncodeError as exc:
        raise EncodeError.wrap(exc, encoding=enc.name) from None


def length(text: str, unit: Unit = "code_points", *, encoding: str = "utf-8") -> int:
    """How long ``text`` is, counted in ``unit``.

    ``encoding`` matters only for ``"bytes"``: a character it cannot encode raises
    :class:`~codecbox.errors.EncodeError` (a ``UnicodeEncodeError`` giving the character's
    offset) rather than being skipped, because a length that silently drops characters is
    wrong. An unknown encoding raises :class:`~codecbox.errors.UnknownEncodingError`.

    >>> [length("a\\u00f1o", unit) for unit in UNITS]
    [4, 3, 3, 3]
    >>> length("a\\u00f1o", "bytes", encoding="latin-1")
    3
    >>> [length("\\U0001F44D\\U0001F3FD", unit) for unit in UNITS]  # thumbs up, medium skin
    [8, 4, 2, 1]
    """
    if unit == "bytes":
        return _encoded_size(text, encoding)
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

    Cutting between clusters also never splits a UTF-8 sequence or a surrogate pair, and
    never leaves half a flag or half an emoji family: what cannot fit whole is left out, so
    the result may be shorter than ``limit``. This is how to fit text into a limit counted
    in bytes (a ``VARBINARY`` or an index prefix) or in characters (``VARCHAR(n)``).

    The whole ``text`` is checked first, so a character that ``encoding`` cannot encode
    raises :class:`~codecbox.errors.EncodeError` wherever it is. A negative ``limit`` is a
    ``ValueError``.

    >>> family = "\\U0001F469\\u200d\\U0001F469\\u200d\\U0001F467"
    >>> truncate(family + " hola", 10, "bytes")
    ''
    >>> truncate("\\U0001F1EA\\U0001F1F8\\U0001F1F2\\U0001F1FD", 3, "code_points")  # ES MX
    '🇪🇸'
    >>> truncate("a\\u00f1o", 2, "bytes")
    'a'
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
