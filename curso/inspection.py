"""Look inside text as data: code points, bytes, UTF-16 units, alternative readings.

Nobody can see an encoding, only its results. Each function here turns one
invisible thing into plain values that the lessons' tables (:mod:`curso.views`) show.
It serves the course only (lessons 1, 2 and 6), so it lives in ``curso``, not in codecbox:

* :func:`char_rows`: one :class:`CharInfo` per code point (name, UTF-8 bytes, UTF-16 units);
* :func:`byte_groups`: bytes split where the characters of an encoding begin and end;
* :func:`readings`: the same bytes decoded strictly with several encodings;
* :func:`utf8_layout`: how UTF-8 spreads the bits of one code point over its bytes.

>>> [(c.codepoint, c.utf8.hex(" ")) for c in char_rows("añ")]
[('U+0061', '61'), ('U+00F1', 'c3 b1')]
>>> [(g.data, g.text) for g in byte_groups(b"a\\xc3\\xb1\\xc3", "utf-8")]
[(b'a', 'a'), (b'\\xc3\\xb1', 'ñ'), (b'\\xc3', None)]
>>> [r.text for r in readings("año".encode(), ["utf-8", "cp1252"])]
['año', 'aÃ±o']
"""

from __future__ import annotations

import codecs
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from codecbox.labels import Encoding, resolve

__all__ = [
    "ByteGroup",
    "CharInfo",
    "Reading",
    "Utf8Layout",
    "byte_groups",
    "char_rows",
    "codepoint",
    "read_as",
    "readings",
    "utf8_layout",
]


def codepoint(ch: str) -> str:
    """Return the ``U+XXXX`` notation of one character (at least four hex digits).

    >>> codepoint("ñ"), codepoint("😀")
    ('U+00F1', 'U+1F600')
    """
    return f"U+{ord(ch):04X}"


# --- code points ----------------------------------------------------------------------------


@dataclass(frozen=True)
class CharInfo:
    """One code point of a string, seen from every angle: name, category, bytes, units."""

    char: str
    #: the Unicode name, or None (controls and unassigned code points have none)
    name: str | None
    #: the general category, e.g. "Ll", "Mn", "Cc"
    category: str
    #: UTF-8 bytes (empty for a lone surrogate, which UTF-8 cannot encode)
    utf8: bytes
    #: UTF-16 code units: one, or two for a surrogate pair
    utf16: tuple[int, ...]

    @property
    def codepoint(self) -> str:
        return codepoint(self.char)


def _info(ch: str) -> CharInfo:
    try:
        utf8 = ch.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, e.g. from surrogateescape
        utf8 = b""
    raw16 = ch.encode("utf-16-be", "surrogatepass")
    units = tuple(int.from_bytes(raw16[i : i + 2], "big") for i in range(0, len(raw16), 2))
    name = unicodedata.name(ch, "") or None
    return CharInfo(ch, name, unicodedata.category(ch), utf8, units)


def char_rows(text: str) -> tuple[CharInfo, ...]:
    """One :class:`CharInfo` per code point of ``text`` (what ``len(text)`` counts).

    >>> rows = char_rows("€😀")
    >>> [len(r.utf8) for r in rows], [len(r.utf16) for r in rows], rows[1].name
    ([3, 4], [1, 2], 'GRINNING FACE')
    """
    return tuple(_info(ch) for ch in text)


# --- bytes grouped by character -------------------------------------------------------------


@dataclass(frozen=True)
class ByteGroup:
    """Bytes that decode to ``text`` together; ``text`` is None if they do not decode."""

    data: bytes
    text: str | None


def _codec(encoding: str | Encoding) -> str:
    enc = resolve(encoding)
    if enc.codec is None:
        raise ValueError(f"{enc.name} has no decoder")
    return enc.codec


def byte_groups(data: bytes, encoding: str | Encoding) -> tuple[ByteGroup, ...]:
    """Split ``data`` at character boundaries by feeding a decoder one byte at a time.

    Bytes that cannot start or continue a character form groups with ``text=None``,
    and so do the bytes of a character cut at the end.
    """
    data = bytes(data)
    decoder = codecs.getincrementaldecoder(_codec(encoding))()
    groups: list[ByteGroup] = []
    pending = b""
    i = 0
    while i < len(data):
        byte = data[i : i + 1]
        try:
            out = decoder.decode(byte)
        except UnicodeDecodeError:
            decoder.reset()
            if pending:  # the pending bytes were an unfinished character: retry this byte
                groups.append(ByteGroup(pending, None))
                pending = b""
            else:
                groups.append(ByteGroup(byte, None))
                i += 1
            continue
        pending += byte
        i += 1
        if out:
            groups.append(ByteGroup(pending, out))
            pending = b""
    if pending:  # data ended in the middle of a character
        groups.append(ByteGroup(pending, None))
    return tuple(groups)


# --- readings -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """``data`` decoded strictly with one encoding: the text, or why it failed."""

    encoding: Encoding
    text: str | None
    error: str | None

    @property
    def ok(self) -> bool:
        return self.error is None


def read_as(data: bytes, encoding: str | Encoding) -> Reading:
    """Decode strictly; keep the codec's reason instead of raising.

    >>> read_as(b"\\xb1o", "utf-8").error
    'invalid start byte'
    """
    enc = resolve(encoding)
    try:
        return Reading(enc, bytes(data).decode(_codec(enc)), None)
    except UnicodeDecodeError as exc:
        return Reading(enc, None, exc.reason)


def readings(data: bytes, encodings: Sequence[str | Encoding]) -> tuple[Reading, ...]:
    """Read the same bytes with several encodings, strictly: one :class:`Reading` each.

    A byte string does not say which encoding produced it; this shows that several
    codecs accept the same bytes and disagree about the text.
    """
    if isinstance(encodings, str):
        raise TypeError("encodings must be a sequence of encoding names, not a str")
    return tuple(read_as(data, enc) for enc in encodings)


# --- how UTF-8 lays out the bits ------------------------------------------------------------

# (largest code point, marker bits of the lead byte) for 1, 2, 3 and 4 byte forms.
_UTF8_FORMS = ((0x7F, "0"), (0x7FF, "110"), (0xFFFF, "1110"), (0x10FFFF, "11110"))
_CONTINUATION = "10"


@dataclass(frozen=True)
class Utf8Layout:
    """How UTF-8 spreads the bits of one code point over 1–4 bytes.

    Each byte is ``(marker, payload)``: fixed marker bits from the template plus a
    slice of the code point's bits. Nothing is looked up: the bytes are computed
    (and tested against ``str.encode``).
    """

    char: str
    parts: tuple[tuple[str, str], ...]

    @property
    def template(self) -> str:
        """The form, e.g. ``110xxxxx 10xxxxxx``."""
        return " ".join(m + "x" * len(p) for m, p in self.parts)

    @property
    def bits(self) -> str:
        """The code point in binary, zero-padded to the payload size of its form."""
        return "".join(p for _, p in self.parts)

    @property
    def binary(self) -> str:
        """The bytes in binary, e.g. ``11000011 10110001``."""
        return " ".join(m + p for m, p in self.parts)

    @property
    def data(self) -> bytes:
        return bytes(int(m + p, 2) for m, p in self.parts)


def utf8_layout(ch: str) -> Utf8Layout:
    """Compute how UTF-8 encodes one code point: template, payload bits, bytes.

    >>> layout = utf8_layout("ñ")
    >>> layout.template, layout.binary
    ('110xxxxx 10xxxxxx', '11000011 10110001')
    >>> utf8_layout("😀").data == "😀".encode("utf-8")
    True
    """
    if len(ch) != 1:
        raise ValueError(f"expected one code point, got {len(ch)}: {ch!r}")
    cp = ord(ch)
    if 0xD800 <= cp <= 0xDFFF:
        raise ValueError(f"{codepoint(ch)} is a surrogate; UTF-8 cannot encode it")
    n = next(i for i, (top, _) in enumerate(_UTF8_FORMS, start=1) if cp <= top)
    lead_marker = _UTF8_FORMS[n - 1][1]
    lead_bits = 8 - len(lead_marker)
    total = lead_bits + 6 * (n - 1)
    bits = format(cp, f"0{total}b")
    parts = [(lead_marker, bits[:lead_bits])]
    for k in range(n - 1):
        start = lead_bits + 6 * k
        parts.append((_CONTINUATION, bits[start : start + 6]))
    return Utf8Layout(ch, tuple(parts))
