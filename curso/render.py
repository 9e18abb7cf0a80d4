"""How the course shows things: one table, one line chart, text that lines up.

Everything a lesson displays has two forms: plain text (what ``print``, doctests,
nbval and a static export without widgets see) and HTML (what JupyterLab shows).
:class:`View` gives a class both from ``__str__`` and ``_html``; :class:`Table` is
the one table of the course, with a caption, notes, alignment and cited columns;
:class:`Plot` its one chart, an SVG line chart drawn here, with its numbers as text.

>>> print(Table(("palabra", "bytes"), (("año", "4"), ("文字", "6")), align="lr"))
palabra  bytes
año          4
文字         6
"""

from __future__ import annotations

import base64
import html
import math
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import wcwidth

from curso.inspection import codepoint

__all__ = [
    "COLORS",
    "Plot",
    "Series",
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


#: matplotlib's default colour cycle ("C0" to "C9"), the colours the lessons' plots use.
COLORS = (
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
    "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
)  # fmt: skip

# The picture's geometry, in px: its size and the edges of the plotting area inside it.
_WIDTH, _HEIGHT = 750, 420
_LEFT, _RIGHT, _TOP, _BOTTOM = 72, 732, 40, 360
_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"


@dataclass(frozen=True)
class Series:
    """One labelled set of points of a :class:`Plot`, in one colour.

    Drawn as a line through round markers, or (``hollow``) as larger unfilled rings without
    a line: figures cited beside the ones measured. A series without ``label`` is left out
    of the legend.
    """

    x: tuple[float, ...]
    y: tuple[float, ...]
    label: str = ""
    color: str = COLORS[0]
    hollow: bool = False


def _num(v: float) -> str:
    """A coordinate in px, to a tenth, short and the same on every machine: ``72.5``, ``100``."""
    return f"{round(v, 1):g}"


def _label(v: float) -> str:
    """A tick's label: the value as a short number (``4``, ``2.5``, ``100``)."""
    return f"{round(v, 6):g}"


def _esc(text: str) -> str:
    """``text`` for SVG (XML), in an element or in a quoted attribute."""
    return html.escape(text, quote=True)


def _span(values: Sequence[float]) -> tuple[float, float]:
    """The range of ``values`` with 5% of room on each side (0 to 1 without values)."""
    if not values:
        return 0.0, 1.0
    lo, hi = min(values), max(values)
    room = (hi - lo) * 0.05 or 1.0
    return lo - room, hi + room


def _steps(lo: float, hi: float) -> list[float]:
    """Round values from ``lo`` to ``hi``: multiples of 1, 2, 2.5 or 5 times a power of ten."""
    raw = (hi - lo) / 6
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    return [k * step for k in range(math.ceil(lo / step), math.floor(hi / step) + 1)]


def _text(x: float, y: float, text: str, size: int, anchor: str = "middle", more: str = "") -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{size}" text-anchor="{anchor}"{more}>'
        f"{_esc(text)}</text>"
    )


def _marker(x: float, y: float, series: Series) -> str:
    if series.hollow:
        return (
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="6.5" fill="none" '
            f'stroke="{series.color}" stroke-width="1.5"/>'
        )
    return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="3.5" fill="{series.color}"/>'


@dataclass(frozen=True, repr=False)
class Plot(View):
    """A line chart that a notebook shows as a picture, and as its numbers in plain text.

    The picture is an SVG drawn here (no plotting library to install, and it runs under
    Pyodide too), of a fixed size: the ``series``, gridlines, ticks, axis labels, a title and
    a legend in the lower right. ``log2`` makes the x axis logarithmic in base 2;
    ``xticks`` are ``(x, label)`` pairs (by default every x value, as a number); ``ylim``
    is the y axis's range (by default the values', with some room).

    Where images do not count (nbval compares text, a terminal prints text) it is
    ``summary``, a table of the plotted values. The picture comes twice: as SVG
    (``image/svg+xml``), for any front end, and as HTML, an ``<img>`` of the same SVG with
    a text alternative (``alt``) for a screen reader, which JupyterLab prefers to the bare
    SVG. Both are the same bytes on every run, so a rebuilt notebook does not change.

    ``alt`` is the text alternative; by default it is made from the title, the axis labels
    and the legend, or the summary's first line if the plot has no title.

    >>> p = Plot((Series((1, 2), (3, 4), "UTF-8 <8>"),), "resumen", title="Bytes", ylim=(0, 5))
    >>> svg = p._repr_svg_()
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="750" height="420"')
    True
    >>> "UTF-8 &lt;8&gt;" in svg, svg == p._repr_svg_(), repr(p)
    (True, True, 'resumen')
    """

    series: tuple[Series, ...]
    summary: str
    title: str = ""
    xlabel: str = ""
    ylabel: str = ""
    log2: bool = False
    xticks: tuple[tuple[float, str], ...] = ()
    ylim: tuple[float, float] | None = None
    alt: str = ""

    def __str__(self) -> str:
        return self.summary

    def description(self) -> str:
        """The picture's text alternative: ``alt``, or one made from the plot's own text.

        >>> utf8 = Series((1, 2), (1, 2), "UTF-8")
        >>> utf16 = Series((1, 2), (2, 2), "UTF-16", COLORS[1])
        >>> labels = {"title": "Bytes por carácter", "xlabel": "texto", "ylabel": "bytes"}
        >>> Plot((utf8, utf16), "Bytes\\n...", **labels).description()
        'Gráfico «Bytes por carácter»: bytes según texto; leyenda: UTF-8, UTF-16.'
        >>> Plot((utf8,), "Bytes por carácter\\n...").description()
        'Gráfico: Bytes por carácter'
        """
        if self.alt:
            return self.alt
        if not self.title:
            first = self.summary.splitlines()[0] if self.summary else ""
            return f"Gráfico: {first}" if first else "Gráfico"
        out = f"Gráfico «{self.title}»"
        if self.xlabel and self.ylabel:
            out += f": {self.ylabel} según {self.xlabel}"
        labels = [s.label for s in self.series if s.label]
        if labels:
            out += "; leyenda: " + ", ".join(labels)
        return out + "."

    def _repr_svg_(self) -> str:
        scale: Callable[[float], float] = math.log2 if self.log2 else float
        xs = [x for s in self.series for x in s.x]
        ticks = self.xticks or tuple((x, _label(x)) for x in sorted(set(xs)))
        xlo, xhi = _span([scale(x) for x in [*xs, *(t for t, _ in ticks)]])
        ylo, yhi = self.ylim or _span([y for s in self.series for y in s.y])

        def px(x: float) -> float:
            return _LEFT + (_RIGHT - _LEFT) * (scale(x) - xlo) / (xhi - xlo)

        def py(y: float) -> float:
            return _BOTTOM - (_BOTTOM - _TOP) * (y - ylo) / (yhi - ylo)

        yticks = [(y, _label(y)) for y in _steps(ylo, yhi)]
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{_HEIGHT}" '
            f'viewBox="0 0 {_WIDTH} {_HEIGHT}" font-family="{_FONT}">',
            f"<title>{_esc(self.description())}</title>",
            f'<rect width="{_WIDTH}" height="{_HEIGHT}" fill="#fff"/>',
        ]
        # gridlines, then the series, then the frame, ticks and labels over them
        grid = [f"M{_num(px(x))} {_TOP}V{_BOTTOM}" for x, _ in ticks]
        grid += [f"M{_LEFT} {_num(py(y))}H{_RIGHT}" for y, _ in yticks]
        out.append(f'<path d="{"".join(grid)}" stroke="#ddd" stroke-width="1"/>')
        for s in self.series:
            points = [(px(x), py(y)) for x, y in zip(s.x, s.y, strict=True)]
            if not s.hollow and len(points) > 1:
                line = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
                out.append(
                    f'<polyline points="{line}" fill="none" stroke="{s.color}" '
                    f'stroke-width="2" stroke-linejoin="round"/>'
                )
            out += [_marker(x, y, s) for x, y in points]
        out.append(
            f'<rect x="{_LEFT}" y="{_TOP}" width="{_RIGHT - _LEFT}" height="{_BOTTOM - _TOP}" '
            f'fill="none" stroke="#000" stroke-width="1"/>'
        )
        marks = [f"M{_num(px(x))} {_BOTTOM}v5" for x, _ in ticks]
        marks += [f"M{_LEFT} {_num(py(y))}h-5" for y, _ in yticks]
        out.append(f'<path d="{"".join(marks)}" stroke="#000" stroke-width="1"/>')
        out += [_text(px(x), _BOTTOM + 20, label, 12) for x, label in ticks]
        out += [_text(_LEFT - 8, py(y) + 4, label, 12, "end") for y, label in yticks]
        middle_x, middle_y = (_LEFT + _RIGHT) / 2, (_TOP + _BOTTOM) / 2
        if self.title:
            out.append(_text(middle_x, _TOP - 14, self.title, 16))
        if self.xlabel:
            out.append(_text(middle_x, _BOTTOM + 44, self.xlabel, 13))
        if self.ylabel:
            turn = f' transform="rotate(-90 22 {_num(middle_y)})"'
            out.append(_text(22, middle_y, self.ylabel, 13, more=turn))
        out += self._legend()
        out.append("</svg>")
        return "\n".join(out) + "\n"

    def _legend(self) -> list[str]:
        """The legend, in the lower right corner of the plotting area: sample, then label."""
        shown = [s for s in self.series if s.label]
        if not shown:
            return []
        row, size = 18, 11
        # No font metrics here: 0.55 em per character is a little wider than DejaVu Sans's
        # and Arial's average, so the labels fit in the box.
        width = 50 + max(round(0.55 * size * display_width(s.label)) for s in shown)
        height = 8 + row * len(shown)
        left, top = _RIGHT - 10 - width, _BOTTOM - 10 - height
        out = [
            f'<rect x="{left}" y="{top}" width="{width}" height="{height}" rx="3" '
            f'fill="#fff" fill-opacity="0.85" stroke="#ccc"/>'
        ]
        for i, s in enumerate(shown):
            y = top + 4 + row * i + row / 2
            if not s.hollow:
                out.append(
                    f'<path d="M{left + 8} {_num(y)}h28" stroke="{s.color}" stroke-width="2"/>'
                )
            out.append(_marker(left + 22, y, s))
            out.append(_text(left + 42, y + 4, s.label, size, "start"))
        return out

    def _html(self) -> str:
        data = base64.b64encode(self._repr_svg_().encode("utf-8")).decode("ascii")
        alt = html.escape(self.description(), quote=True)
        return f'<img alt="{alt}" src="data:image/svg+xml;base64,{data}">'
