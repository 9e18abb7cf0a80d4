"""Which rule decided an encoding: one vocabulary for decoding, detection and import.

Some rules *know* (a byte order mark, the HTTP header, a declared label, what a source
always writes, valid UTF-8); the others bet, and later evidence may overturn them (a
``<meta>``, a detector's guess, the default). As in html5lib, the first kind is *certain*
and the second *tentative*: :attr:`Rule.certain` says which.

>>> Rule.BOM.certain, Rule.DETECTED.certain
(True, False)
>>> str(Rule.VALID_UTF8)
'valid UTF-8'
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from codecbox.labels import Encoding

__all__ = ["Decided", "Rule"]


class Rule(str, Enum):
    """The rule that chose an encoding; the value is how reports spell it."""

    BOM = "BOM"
    HEADER = "header"
    DECLARED = "declared"
    #: a file's own XML declaration (``<?xml ... encoding="Big5"?>``), which the bytes follow
    XML = "XML declaration"
    SOURCE = "source table"
    VALID_UTF8 = "valid UTF-8"
    #: ISO-2022-JP, ISO-2022-KR or HZ: 7-bit text whose escape sequences name the encoding
    ESCAPES = "escape sequences"
    #: UTF-16 or UTF-32 without a byte order mark: the zero bytes of its code units
    NUL_PATTERN = "NUL pattern"
    #: bytes that are valid UTF-8 except for a few invalid ones (each becomes U+FFFD)
    MOSTLY_UTF8 = "mostly valid UTF-8"
    META = "meta"
    #: a ``<meta>`` the HTML parser met after the prescan's 1024 bytes (or one that
    #: overrode the prescan's), which makes a browser change the encoding while parsing
    META_PARSED = "meta, while parsing"
    DETECTED = "detected"
    DEFAULT = "default"
    #: not text: the magic number of a binary format, or NUL and control bytes no text has
    BINARY = "binary data"

    @property
    def certain(self) -> bool:
        """True for rules that know the encoding, False for the ones that bet on it (valid
        UTF-8 knows: legacy text is almost never valid UTF-8 by accident, and pure ASCII
        reads the same in every ASCII-compatible encoding)."""
        return self not in _TENTATIVE

    def __str__(self) -> str:
        return self.value


_TENTATIVE = frozenset(
    {Rule.META, Rule.META_PARSED, Rule.MOSTLY_UTF8, Rule.DETECTED, Rule.DEFAULT, Rule.BINARY}
)


class Decided:
    """What results that carry an ``encoding`` and the ``rule`` that chose it share."""

    encoding: Encoding
    rule: Rule

    @property
    def confident(self) -> bool:
        """True when a rule knew the encoding and the bytes decoded cleanly; False for a
        meta tag, a guess or the default, and for text with U+FFFD inserted (``replaced``):
        a declared label the bytes do not follow is not one to trust."""
        # (``replaced`` is a field of the results that decode; a class default here would
        # become every dataclass field's default)
        return self.rule.certain and not getattr(self, "replaced", 0)

    @property
    def how(self) -> str:
        """One line for a report, e.g. ``"Shift_JIS (header)"``."""
        return f"{self.encoding} ({self.rule})"
