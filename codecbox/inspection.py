"""Look inside text: code points, bytes, code units and alternative readings.

Students cannot see an encoding; they can only see its results. Each function here
turns one invisible thing (a code point, a byte, a UTF-16 unit, a codec choice) into a
small table that prints the same on every machine (plain text, for doctests and nbval)
and renders as HTML in a notebook.

Labels in the output are in Spanish because the course is; names are in English.
"""

from __future__ import annotations

import codecs
import html
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "ByteGroup",
    "CharRow",
    "CharTable",
    "HexView",
    "Reading",
    "ReadingsRow",
    "ReadingsTable",
    "Utf8Pattern",
    "chars",
    "codepoint",
    "display_width",
    "hexbytes",
    "readings",
    "utf8_pattern",
    "visible",
]

# Categories whose characters are invisible or would disturb a table if printed as is.
_INVISIBLE = {"Cf", "Co", "Cs", "Cn", "Zl", "Zp", "Zs"}
_COMBINING = {"Mn", "Me"}
_DOTTED_CIRCLE = "\u25cc"  # the usual base for showing a lone combining mark


# --- small helpers -------------------------------------------------------------------


def codepoint(ch: str) -> str:
    """Return the ``U+XXXX`` notation of one character (at least four hex digits).

    >>> codepoint("ñ"), codepoint("😀")
    ('U+00F1', 'U+1F600')
    """
    return f"U+{ord(ch):04X}"


def _char_width(ch: str) -> int:
    """Columns one code point takes in a monospaced font: 0, 1 or 2."""
    cat = unicodedata.category(ch)
    if cat in _COMBINING or cat == "Cf" or ch == "\u200b":
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Columns ``text`` takes in a monospaced font (wide East Asian characters count 2).

    ``len()`` counts code points, which misaligns tables as soon as a kanji or an
    emoji appears, so all tables here pad with this instead.

    >>> display_width("año"), display_width("文字"), display_width("e\\u0301")
    (3, 4, 1)
    """
    return sum(_char_width(ch) for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def _shown(ch: str) -> str:
    """A printable stand-in for one code point (controls, marks and spaces are invisible)."""
    cat = unicodedata.category(ch)
    if cat == "Cc":
        return repr(ch)[1:-1]  # \n, \t, \x00, \x93
    if cat in _COMBINING:
        return _DOTTED_CIRCLE + ch
    if cat in _INVISIBLE:
        return f"<{codepoint(ch)}>"
    return ch


def visible(text: str) -> str:
    """Return ``text`` with controls and invisible characters spelled out.

    Used for decoded text in tables: a C1 control read from latin-1 or a private-use
    character must not vanish silently. Ordinary spaces and combining marks stay as
    they are, so words still read as words.

    >>> visible("\\x93Hola\\x94")
    '\\\\x93Hola\\\\x94'
    >>> visible("a\\ue0eb")
    'a<U+E0EB>'
    """
    out = []
    for ch in text:
        if ch == " " or unicodedata.category(ch) in _COMBINING:
            out.append(ch)
        else:
            out.append(_shown(ch))
    return "".join(out)


def _name(ch: str) -> str:
    name = unicodedata.name(ch, "")
    if name:
        return name
    return "<control>" if unicodedata.category(ch) == "Cc" else "(sin nombre)"


def _hex(data: bytes) -> str:
    return data.hex(" ").upper()


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Left-aligned columns separated by two spaces, padded by display width."""
    widths = [display_width(h) for h in header]
    for row in rows:
        widths = [max(w, display_width(cell)) for w, cell in zip(widths, row, strict=True)]
    lines = []
    for row in [header, *rows]:
        lines.append("  ".join(_pad(cell, w) for cell, w in zip(row, widths, strict=True)))
    return "\n".join(line.rstrip() for line in lines)


def _html_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "", mono: bool = True
) -> str:
    style = ' style="font-family: monospace"' if mono else ""
    parts = ['<table class="codecbox">']
    if caption:
        parts.append(f"<caption>{html.escape(caption)}</caption>")
    parts.append("<thead><tr>")
    parts.extend(f"<th>{html.escape(h)}</th>" for h in header)
    parts.append("</tr></thead><tbody>")
    for row in rows:
        cells = "".join(f"<td{style}>{html.escape(cell)}</td>" for cell in row)
        parts.append(f"<tr>{cells}</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


# --- chars ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CharRow:
    """One code point of a string, seen from every angle the course uses."""

    char: str  #: the code point itself
    shown: str  #: a printable stand-in (``\\n``, ``◌́``, ``<U+00A0>``) or the char
    codepoint: str  #: ``U+00F1``
    name: str  #: Unicode name, ``<control>`` or ``(sin nombre)``
    utf8: bytes  #: UTF-8 encoding (empty for a lone surrogate, which has none)
    utf16: tuple[int, ...]  #: UTF-16 code units: one, or two for a surrogate pair

    @property
    def utf8_hex(self) -> str:
        return _hex(self.utf8) if self.utf8 else "(no codificable)"

    @property
    def utf16_hex(self) -> str:
        return " ".join(f"{unit:04X}" for unit in self.utf16)


def _row(ch: str) -> CharRow:
    try:
        utf8 = ch.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, e.g. from surrogateescape
        utf8 = b""
    raw16 = ch.encode("utf-16-be", "surrogatepass")
    units = tuple(int.from_bytes(raw16[i : i + 2], "big") for i in range(0, len(raw16), 2))
    return CharRow(ch, _shown(ch), codepoint(ch), _name(ch), utf8, units)


_CHAR_HEADER = ("carácter", "punto de código", "nombre Unicode", "UTF-8", "UTF-16")


@dataclass(frozen=True)
class CharTable:
    """The code points of a string with their names, UTF-8 bytes and UTF-16 units.

    Shows as an aligned plain-text table (``print``, ``repr``, nbval) and as an
    HTML table in a notebook.
    """

    text: str
    rows: tuple[CharRow, ...]

    @property
    def code_points(self) -> int:
        """Number of code points: what ``len(text)`` counts in Python."""
        return len(self.rows)

    @property
    def utf8_bytes(self) -> int:
        return sum(len(row.utf8) for row in self.rows)

    @property
    def utf16_units(self) -> int:
        return sum(len(row.utf16) for row in self.rows)

    @property
    def summary(self) -> str:
        return (
            f"{_plural(self.code_points, 'punto de código', 'puntos de código')}, "
            f"{_plural(self.utf8_bytes, 'byte', 'bytes')} en UTF-8, "
            f"{_plural(self.utf16_units, 'unidad', 'unidades')} UTF-16"
        )

    def _cells(self) -> list[tuple[str, ...]]:
        return [(r.shown, r.codepoint, r.name, r.utf8_hex, r.utf16_hex) for r in self.rows]

    def __str__(self) -> str:
        return text_table(_CHAR_HEADER, self._cells()) + "\n" + self.summary

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return _html_table(_CHAR_HEADER, self._cells(), caption=self.summary)


def chars(text: str) -> CharTable:
    """Tabulate ``text`` one code point per row: name, UTF-8 bytes, UTF-16 units.

    >>> chars("año")
    carácter  punto de código  nombre Unicode                   UTF-8  UTF-16
    a         U+0061           LATIN SMALL LETTER A             61     0061
    ñ         U+00F1           LATIN SMALL LETTER N WITH TILDE  C3 B1  00F1
    o         U+006F           LATIN SMALL LETTER O             6F     006F
    3 puntos de código, 4 bytes en UTF-8, 3 unidades UTF-16
    >>> t = chars("€😀")
    >>> t.utf8_bytes, t.utf16_units, t.rows[1].utf16_hex
    (7, 3, 'D83D DE00')
    """
    return CharTable(text, tuple(_row(ch) for ch in text))


# --- hexbytes ------------------------------------------------------------------------


@dataclass(frozen=True)
class ByteGroup:
    """Bytes that decode to ``text`` together; ``text`` is None if they do not decode."""

    data: bytes
    text: str | None


def _group(data: bytes, encoding: str) -> tuple[ByteGroup, ...]:
    """Split ``data`` at character boundaries by feeding a decoder one byte at a time."""
    decoder = codecs.getincrementaldecoder(encoding)()
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


@dataclass(frozen=True)
class HexView:
    """Bytes in hex, optionally grouped by the characters they encode."""

    data: bytes
    encoding: str | None
    groups: tuple[ByteGroup, ...]

    def _cells(self) -> list[tuple[str, str]]:
        cells = []
        for g in self.groups:
            below = "error" if g.text is None else "".join(_shown(ch) for ch in g.text)
            cells.append((f"[{_hex(g.data)}]", " " + below))
        return cells

    def __str__(self) -> str:
        if self.encoding is None:
            return _hex(self.data)
        cells = self._cells()
        widths = [max(display_width(a), display_width(b)) for a, b in cells]
        top = " ".join(_pad(a, w) for (a, _), w in zip(cells, widths, strict=True))
        low = " ".join(_pad(b, w) for (_, b), w in zip(cells, widths, strict=True))
        return top.rstrip() + "\n" + low.rstrip()

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        if self.encoding is None:
            return f"<code>{html.escape(_hex(self.data))}</code>"
        cells = self._cells()
        caption = f"bytes leídos como {self.encoding}"
        return _html_table([a for a, _ in cells], [[b.strip() for _, b in cells]], caption)


def hexbytes(data: bytes, encoding: str | None = None) -> HexView:
    """Show bytes as hex; with ``encoding``, group them by the character each group makes.

    Grouping shows where characters begin and end, which is what a chunked reader
    gets wrong. Bytes that do not decode are grouped under ``error``.

    >>> hexbytes("año".encode("utf-8"))
    61 C3 B1 6F
    >>> hexbytes("año".encode("utf-8"), "utf-8")
    [61] [C3 B1] [6F]
     a    ñ       o
    >>> hexbytes(b"a\\xc3", "utf-8")
    [61] [C3]
     a    error
    """
    data = bytes(data)
    if encoding is None:
        groups = tuple(ByteGroup(data[i : i + 1], None) for i in range(len(data)))
    else:
        groups = _group(data, encoding)
    return HexView(data, encoding, groups)


# --- readings ------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """``data`` decoded strictly with one encoding: the text, or why it failed."""

    encoding: str
    text: str | None
    error: str | None

    @property
    def ok(self) -> bool:
        return self.error is None

    def __str__(self) -> str:
        return visible(self.text) if self.text is not None else f"error: {self.error}"


def read_as(data: bytes, encoding: str) -> Reading:
    """Decode strictly; keep the codec's reason instead of raising.

    >>> str(read_as(b"\\xb1o", "utf-8"))
    'error: invalid start byte'
    """
    try:
        return Reading(encoding, bytes(data).decode(encoding), None)
    except UnicodeDecodeError as exc:
        return Reading(encoding, None, exc.reason)


@dataclass(frozen=True)
class ReadingsRow:
    label: str | None
    data: bytes
    readings: tuple[Reading, ...]


@dataclass(frozen=True)
class ReadingsTable:
    """Rows of byte strings, columns of encodings, each cell one strict reading."""

    encodings: tuple[str, ...]
    rows: tuple[ReadingsRow, ...]
    label_header: str = "texto"

    def _header(self) -> list[str]:
        labels = [self.label_header] if any(r.label is not None for r in self.rows) else []
        return [*labels, "bytes", *self.encodings]

    def _cells(self) -> list[list[str]]:
        has_labels = any(r.label is not None for r in self.rows)
        out = []
        for r in self.rows:
            label = [r.label or ""] if has_labels else []
            out.append([*label, _hex(r.data), *(str(x) for x in r.readings)])
        return out

    def __str__(self) -> str:
        return text_table(self._header(), self._cells())

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return _html_table(self._header(), self._cells())


def readings(
    data: bytes | Sequence[bytes],
    encodings: Sequence[str],
    labels: Sequence[str] | None = None,
    label_header: str = "texto",
) -> ReadingsTable:
    """Read the same bytes with several encodings, strictly, side by side.

    A byte string does not say which encoding produced it; this table shows that
    several codecs accept the same bytes and disagree about the text. ``data`` may be
    one byte string or several (one row each, optionally named by ``labels``).

    >>> readings("año".encode("utf-8"), ["utf-8", "cp1252", "ascii"])
    bytes        utf-8  cp1252  ascii
    61 C3 B1 6F  año    aÃ±o    error: ordinal not in range(128)
    """
    rows_data = [bytes(data)] if isinstance(data, bytes | bytearray) else [bytes(d) for d in data]
    if labels is not None and len(labels) != len(rows_data):
        raise ValueError(f"{len(labels)} labels for {len(rows_data)} byte strings")
    rows = []
    for i, raw in enumerate(rows_data):
        label = labels[i] if labels is not None else None
        rows.append(ReadingsRow(label, raw, tuple(read_as(raw, enc) for enc in encodings)))
    return ReadingsTable(tuple(encodings), tuple(rows), label_header)


# --- utf8_pattern --------------------------------------------------------------------

# (largest code point, marker bits of the lead byte) for 1, 2, 3 and 4 byte forms.
_UTF8_FORMS = ((0x7F, "0"), (0x7FF, "110"), (0xFFFF, "1110"), (0x10FFFF, "11110"))
_CONTINUATION = "10"


@dataclass(frozen=True)
class Utf8Pattern:
    """How UTF-8 spreads the bits of one code point over 1–4 bytes.

    Each byte is ``(marker, payload)``: fixed marker bits from the template plus a
    slice of the code point's bits. Nothing is looked up: the bytes are computed, and
    the tests compare them with ``str.encode``.
    """

    char: str
    parts: tuple[tuple[str, str], ...]

    @property
    def codepoint(self) -> int:
        return ord(self.char)

    @property
    def template(self) -> str:
        return " ".join(m + "x" * len(p) for m, p in self.parts)

    @property
    def bits(self) -> str:
        """The code point in binary, zero-padded to the payload size of its form."""
        return "".join(p for _, p in self.parts)

    @property
    def binary(self) -> str:
        return " ".join(m + p for m, p in self.parts)

    @property
    def data(self) -> bytes:
        return bytes(int(m + p, 2) for m, p in self.parts)

    def _lines(self) -> list[tuple[str, str]]:
        n = len(self.parts)
        head = f"{_shown(self.char)}  {codepoint(self.char)} = {self.codepoint}"
        return [
            ("", f"{head} → {_plural(n, 'byte', 'bytes')} en UTF-8"),
            ("plantilla", self.template),
            ("bits", " ".join(" " * len(m) + p for m, p in self.parts)),
            ("bytes", self.binary),
            (
                "hex",
                " ".join(
                    f"{b:02X}".rjust(len(m) + len(p))
                    for (m, p), b in zip(self.parts, self.data, strict=True)
                ),
            ),
        ]

    def __str__(self) -> str:
        lines = self._lines()
        first = lines[0][1]
        rest = [f"{label:<10}{value}".rstrip() for label, value in lines[1:]]
        return "\n".join([first, *rest])

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        # Same layout as the text, with the marker bits greyed out so the payload stands out.
        lines = self._lines()
        marked = " ".join(f'<span style="color: #999">{m}</span><b>{p}</b>' for m, p in self.parts)
        out = [html.escape(lines[0][1])]
        for label, value in lines[1:]:
            shown = marked if label == "bytes" else html.escape(value)
            out.append(f"{label:<10}{shown}")
        return "<pre>" + "\n".join(out) + "</pre>"


def utf8_pattern(ch: str) -> Utf8Pattern:
    """Show how UTF-8 encodes one character: template, code point bits, bytes.

    >>> utf8_pattern("ñ")
    ñ  U+00F1 = 241 → 2 bytes en UTF-8
    plantilla 110xxxxx 10xxxxxx
    bits         00011   110001
    bytes     11000011 10110001
    hex             C3       B1
    >>> utf8_pattern("😀").data == "😀".encode("utf-8")
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
    return Utf8Pattern(ch, tuple(parts))
