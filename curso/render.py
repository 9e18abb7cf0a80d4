"""How the course shows things: one table, one plot wrapper, text that lines up.

Everything a lesson displays has two forms: plain text (what ``print``, doctests,
nbval and a static export without widgets see) and HTML (what JupyterLab shows).
:class:`View` gives a class both from ``__str__`` and ``_html``; :class:`Table` is
the one table of the course, with a caption, notes, alignment and cited columns.

>>> print(Table(("palabra", "bytes"), (("año", "4"), ("文字", "6")), align="lr"))
palabra  bytes
año          4
文字         6
"""

from __future__ import annotations

import base64
import html
import io
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import wcwidth

from codecbox.inspection import codepoint

__all__ = [
    "Plot",
    "Table",
    "View",
    "clip",
    "con_escapes",
    "display_width",
    "pad",
    "shown",
    "visible",
]

# Categories whose characters are invisible or would disturb a table if printed as is.
_INVISIBLE = {"Cf", "Co", "Cs", "Cn", "Zl", "Zp", "Zs"}
_COMBINING = {"Mn", "Me"}
_DOTTED_CIRCLE = "\u25cc"  # the usual base for showing a lone combining mark


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal's monospaced font, as wcwidth computes them.

    ``len()`` counts code points, which misaligns tables as soon as a kanji or an
    emoji appears, so every table here pads with this instead. wcwidth follows the
    Unicode data (East Asian Width, combining marks, emoji sequences joined by ZWJ or
    with a skin-tone modifier); a control character, which wcwidth calls unprintable,
    counts one column.

    >>> display_width("año"), display_width("文字"), display_width("e\\u0301")
    (3, 4, 1)
    >>> display_width("한"), display_width(unicodedata.normalize("NFD", "한"))  # 3 jamo, 1 syllable
    (2, 2)
    >>> display_width("👍🏽"), display_width("\\x01")
    (2, 1)
    """
    width = wcwidth.wcswidth(text)
    if width >= 0:
        return width
    return wcwidth.wcswidth("".join("x" if wcwidth.wcwidth(ch) < 0 else ch for ch in text))


def pad(text: str, width: int, align: str = "l") -> str:
    """``text`` padded with spaces to ``width`` columns, on the right (``l``) or left (``r``)."""
    fill = " " * (width - display_width(text))
    return fill + text if align == "r" else text + fill


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns, with ``…`` when something was cut."""
    if display_width(text) <= width:
        return text
    out = ""
    for ch in text:
        if display_width(out + ch) > width - 1:
            break
        out += ch
    return out + "…"


def shown(ch: str) -> str:
    """A printable stand-in for one code point (controls, marks and spaces are invisible).

    >>> shown("\\n"), shown("\\u0301"), shown("\\xa0"), shown("ñ")
    ('\\\\n', '◌́', '<U+00A0>', 'ñ')
    """
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
            out.append(shown(ch))
    return "".join(out)


_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})")


def con_escapes(texto: str) -> str:
    r"""``texto`` with each ``\uXXXX`` or ``\UXXXXXXXX`` replaced by that code point.

    The other direction of :func:`visible`, for what a student types in a widget's text box
    (lessons 3 and 5): a keyboard writes é composed; ``e\u0301`` writes it decomposed.

    >>> con_escapes(r"e\u0301") == "e\u0301"
    True
    >>> con_escapes(r"\U0001F600 \uZZZZ")
    '😀 \\uZZZZ'
    """

    def one(m: re.Match[str]) -> str:
        value = int(m[1] or m[2], 16)
        if value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
            return m[0]  # not a code point Python can put in a str on its own: left as typed
        return chr(value)

    return _ESCAPE.sub(one, texto)


class View:
    """Something a notebook shows: ``__str__`` for text (nbval, print), ``_html`` for JupyterLab.

    Subclasses define ``__str__`` and, for a richer notebook view, ``_html``.
    """

    def _html(self) -> str:
        return f"<pre>{html.escape(str(self))}</pre>"

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return self._html()


@dataclass(frozen=True, repr=False)
class Table(View):
    """A table with an optional caption (above) and notes (below), as text and as HTML.

    ``rows`` may contain None: a rule between groups of rows. ``align`` has one
    letter per column, ``l`` or ``r`` (default: all left). In HTML, ``row_headers``
    makes the first cell of each row a header, ``mono`` sets the cells in a
    monospaced font and ``muted`` greys out columns (cited, not measured, figures).
    """

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...] | None, ...]
    caption: str = ""
    notes: tuple[str, ...] = ()
    align: str = ""
    row_headers: bool = False
    mono: bool = False
    muted: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        for row in self.rows:
            if row is not None and len(row) != len(self.header):
                raise ValueError(f"row {row!r} has {len(row)} cells for {len(self.header)} columns")
        if self.align and len(self.align) != len(self.header):
            raise ValueError(f"align {self.align!r} does not match {len(self.header)} columns")
        if set(self.align) - {"l", "r"}:
            raise ValueError(f"align {self.align!r}: one letter per column, 'l' or 'r'")

    def _align(self, i: int) -> str:
        return self.align[i] if self.align else "l"

    def lines(self) -> list[str]:
        """The table itself (no caption, no notes), one string per line."""
        widths = [display_width(h) for h in self.header]
        for row in self.rows:
            if row is not None:
                widths = [max(w, display_width(cell)) for w, cell in zip(widths, row, strict=True)]
        rule = "  ".join("-" * w for w in widths)

        def line(row: Sequence[str]) -> str:
            pairs = enumerate(zip(row, widths, strict=True))
            cells = (pad(c, w, self._align(i)) for i, (c, w) in pairs)
            return "  ".join(cells).rstrip()

        out = [line(self.header)]
        if None in self.rows:
            out.append(rule)
        out += [rule if row is None else line(row) for row in self.rows]
        return out

    def __str__(self) -> str:
        return "\n".join([*([self.caption] if self.caption else []), *self.lines(), *self.notes])

    def _cell(self, tag: str, text: str, i: int) -> str:
        styles = []
        if self._align(i) == "r":
            styles.append("text-align: right")
        if self.mono and tag == "td":
            styles.append("font-family: monospace")
        if i in self.muted:
            styles.append("color: #888")
        style = f' style="{"; ".join(styles)}"' if styles else ""
        return f"<{tag}{style}>{html.escape(text)}</{tag}>"

    def _html(self) -> str:
        out = ['<table class="codecbox">']
        if self.caption:
            out.append(f"<caption>{html.escape(self.caption)}</caption>")
        out.append("<thead><tr>")
        out += [self._cell("th", h, i) for i, h in enumerate(self.header)]
        out.append("</tr></thead><tbody>")
        for row in self.rows:
            if row is None:
                continue
            cells = [
                self._cell("th" if i == 0 and self.row_headers else "td", cell, i)
                for i, cell in enumerate(row)
            ]
            out.append("<tr>" + "".join(cells) + "</tr>")
        out.append("</tbody></table>")
        out += [f"<p><small>{html.escape(note)}</small></p>" for note in self.notes]
        return "".join(out)


@dataclass(frozen=True)
class Plot:
    """A matplotlib figure that a notebook shows as a picture, and as its numbers in plain text.

    A bare ``Figure`` (no pyplot) only shows ``<Figure ...>``; this shows the picture in
    JupyterLab and a table of the plotted values where images do not count (nbval
    compares text, a terminal prints text). The picture comes twice: as a PNG, for any
    front end, and as HTML, an ``<img>`` of the same PNG with a text alternative (``alt``)
    for a screen reader, which JupyterLab prefers to the PNG (its PNG renderer sets no
    ``alt``). Both are the same bytes on every run, so a rebuilt notebook does not change.

    ``alt`` is the text alternative; by default it is made from the first axes' title,
    labels and legend, or the summary's first line if the figure has no title.
    """

    figure: Any
    summary: str
    alt: str = ""

    def _repr_png_(self) -> bytes:
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", dpi=100, metadata={"Software": None})
        return buf.getvalue()

    def description(self) -> str:
        """The picture's text alternative: ``alt``, or one made from the figure's own text.

        >>> from matplotlib.figure import Figure
        >>> fig = Figure()
        >>> ax = fig.add_subplot(title="Bytes por carácter", xlabel="texto", ylabel="bytes")
        >>> _ = ax.plot([1, 2], label="UTF-8"), ax.plot([2, 2], label="UTF-16"), ax.legend()
        >>> Plot(fig, "Bytes\\n...").description()
        'Gráfico «Bytes por carácter»: bytes según texto; leyenda: UTF-8, UTF-16.'
        >>> Plot(Figure(), "Bytes por carácter\\n...").description()
        'Gráfico: Bytes por carácter'
        """
        if self.alt:
            return self.alt
        axes = self.figure.axes[0] if self.figure.axes else None
        if axes is None or not axes.get_title():
            first = self.summary.splitlines()[0] if self.summary else ""
            return f"Gráfico: {first}" if first else "Gráfico"
        out = f"Gráfico «{axes.get_title()}»"
        if axes.get_xlabel() and axes.get_ylabel():
            out += f": {axes.get_ylabel()} según {axes.get_xlabel()}"
        labels = [label for label in axes.get_legend_handles_labels()[1] if label]
        if labels:
            out += "; leyenda: " + ", ".join(labels)
        return out + "."

    def _repr_html_(self) -> str:
        data = base64.b64encode(self._repr_png_()).decode("ascii")
        alt = html.escape(self.description(), quote=True)
        return f'<img alt="{alt}" src="data:image/png;base64,{data}">'

    def __repr__(self) -> str:
        return self.summary
