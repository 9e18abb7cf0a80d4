"""Spanish views over :mod:`curso.inspection`: the tables lessons 1, 2 and 6 show.

Students cannot see an encoding; they can only see its results. Each function here
turns one invisible thing (a code point, a byte, a UTF-16 unit, a codec choice) into a
small table that prints the same on every machine (plain text, for doctests and
nbval) and renders as HTML in a notebook. The data comes from :mod:`curso.inspection`;
the labels, in Spanish, live here.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from curso.inspection import (
    ByteGroup,
    CharInfo,
    Reading,
    Utf8Layout,
    byte_groups,
    char_rows,
    codepoint,
    read_as,
    utf8_layout,
)
from curso.render import Table, View, display_width, pad, shown, visible

__all__ = [
    "CharTable",
    "HexView",
    "ReadingsTable",
    "Utf8Pattern",
    "chars",
    "hexbytes",
    "readings",
    "utf8_pattern",
]


def _hex(data: bytes) -> str:
    return data.hex(" ").upper()


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _name(row: CharInfo) -> str:
    if row.name:
        return row.name
    return "<control>" if row.category == "Cc" else "(sin nombre)"


def _reading(reading: Reading) -> str:
    return visible(reading.text) if reading.text is not None else f"error: {reading.error}"


# --- chars ---------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class CharTable(View):
    """The code points of a string with their names, UTF-8 bytes and UTF-16 units."""

    text: str
    rows: tuple[CharInfo, ...]

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

    def table(self) -> Table:
        cells = tuple(
            (
                shown(r.char),
                r.codepoint,
                _name(r),
                _hex(r.utf8) if r.utf8 else "(no codificable)",
                " ".join(f"{unit:04X}" for unit in r.utf16),
            )
            for r in self.rows
        )
        header = ("carácter", "punto de código", "nombre Unicode", "UTF-8", "UTF-16")
        return Table(header, cells, mono=True)

    def __str__(self) -> str:
        return "\n".join([*self.table().lines(), self.summary])

    def _html(self) -> str:
        table = self.table()
        return Table(table.header, table.rows, caption=self.summary, mono=True)._html()


def chars(text: str) -> CharTable:
    """Tabulate ``text`` one code point per row: name, UTF-8 bytes, UTF-16 units.

    >>> chars("año")
    carácter  punto de código  nombre Unicode                   UTF-8  UTF-16
    a         U+0061           LATIN SMALL LETTER A             61     0061
    ñ         U+00F1           LATIN SMALL LETTER N WITH TILDE  C3 B1  00F1
    o         U+006F           LATIN SMALL LETTER O             6F     006F
    3 puntos de código, 4 bytes en UTF-8, 3 unidades UTF-16
    >>> t = chars("€😀")
    >>> t.utf8_bytes, t.utf16_units, t.rows[1].utf16
    (7, 3, (55357, 56832))
    """
    return CharTable(text, char_rows(text))


# --- hexbytes ------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class HexView(View):
    """Bytes in hex, optionally grouped by the characters they encode."""

    data: bytes
    encoding: str | None
    groups: tuple[ByteGroup, ...]

    def _cells(self) -> list[tuple[str, str]]:
        cells = []
        for g in self.groups:
            below = "error" if g.text is None else "".join(shown(ch) for ch in g.text)
            cells.append((f"[{_hex(g.data)}]", " " + below))
        return cells

    def __str__(self) -> str:
        if self.encoding is None:
            return _hex(self.data)
        cells = self._cells()
        widths = [max(display_width(a), display_width(b)) for a, b in cells]
        top = " ".join(pad(a, w) for (a, _), w in zip(cells, widths, strict=True))
        low = " ".join(pad(b, w) for (_, b), w in zip(cells, widths, strict=True))
        return top.rstrip() + "\n" + low.rstrip()

    def _html(self) -> str:
        if self.encoding is None:
            return f"<code>{html.escape(_hex(self.data))}</code>"
        cells = self._cells()
        row = tuple(b.strip() for _, b in cells)
        caption = f"bytes leídos como {self.encoding}"
        return Table(tuple(a for a, _ in cells), (row,), caption=caption, mono=True)._html()


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
        groups = byte_groups(data, encoding)
    return HexView(data, encoding, groups)


# --- readings ------------------------------------------------------------------------


@dataclass(frozen=True)
class ReadingsRow:
    label: str | None
    data: bytes
    readings: tuple[Reading, ...]


@dataclass(frozen=True, repr=False)
class ReadingsTable(View):
    """Rows of byte strings, columns of encodings, each cell one strict reading."""

    encodings: tuple[str, ...]
    rows: tuple[ReadingsRow, ...]
    label_header: str = "texto"

    def table(self) -> Table:
        has_labels = any(r.label is not None for r in self.rows)
        header = ([self.label_header] if has_labels else []) + ["bytes", *self.encodings]
        cells = []
        for r in self.rows:
            label = [r.label or ""] if has_labels else []
            cells.append((*label, _hex(r.data), *(_reading(x) for x in r.readings)))
        return Table(tuple(header), tuple(cells), mono=True)

    def __str__(self) -> str:
        return str(self.table())

    def _html(self) -> str:
        return self.table()._html()


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


@dataclass(frozen=True, repr=False)
class Utf8Pattern(View):
    """How UTF-8 spreads the bits of one code point, shown line by line."""

    layout: Utf8Layout

    def _lines(self) -> list[tuple[str, str]]:
        parts = self.layout.parts
        ch = self.layout.char
        n = len(parts)
        head = f"{shown(ch)}  {codepoint(ch)} = {ord(ch)}"
        return [
            ("", f"{head} → {_plural(n, 'byte', 'bytes')} en UTF-8"),
            ("plantilla", self.layout.template),
            ("bits", " ".join(" " * len(m) + p for m, p in parts)),
            ("bytes", self.layout.binary),
            (
                "hex",
                " ".join(
                    f"{b:02X}".rjust(len(m) + len(p))
                    for (m, p), b in zip(parts, self.layout.data, strict=True)
                ),
            ),
        ]

    def __str__(self) -> str:
        lines = self._lines()
        rest = [f"{label:<10}{value}".rstrip() for label, value in lines[1:]]
        return "\n".join([lines[0][1], *rest])

    def _html(self) -> str:
        # Same layout as the text, with the marker bits greyed out so the payload stands out.
        lines = self._lines()
        marked = " ".join(
            f'<span style="color: #999">{m}</span><b>{p}</b>' for m, p in self.layout.parts
        )
        out = [html.escape(lines[0][1])]
        for label, value in lines[1:]:
            out.append(f"{label:<10}{marked if label == 'bytes' else html.escape(value)}")
        return "<pre>" + "\n".join(out) + "</pre>"


def utf8_pattern(ch: str) -> Utf8Pattern:
    """Show how UTF-8 encodes one character: template, code point bits, bytes.

    >>> utf8_pattern("ñ")
    ñ  U+00F1 = 241 → 2 bytes en UTF-8
    plantilla 110xxxxx 10xxxxxx
    bits         00011   110001
    bytes     11000011 10110001
    hex             C3       B1
    """
    return Utf8Pattern(utf8_layout(ch))
