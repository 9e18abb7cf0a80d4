"""curso.render: the one table (text and HTML), the line chart (SVG), and text that lines up."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

from curso.render import (
    COLORS,
    Plot,
    Series,
    Table,
    View,
    clip,
    con_escapes,
    display_width,
    pad,
    shown,
    visible,
)

# Every code point except surrogates.
scalar = st.characters(blacklist_categories=["Cs"])


# --- text widths ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "width"),
    [
        ("", 0),
        ("año", 3),
        ("文字", 4),
        ("한글😀", 6),
        ("ｱｲ", 2),  # half-width katakana: one column each
        ("ＡＢ", 4),  # full-width Latin: two
        ("e\u0301", 1),  # a combining mark takes no column
        ("a\u200bb", 2),  # zero width space
        (
            "👩\u200d👧",
            2,
        ),  # an emoji ZWJ sequence is one picture (wcwidth joins what follows a ZWJ)
        ("👍🏽", 2),  # a skin-tone modifier joins its emoji
        ("a\x01b", 3),  # a control character, unprintable for wcwidth, counts one column
    ],
)
def test_display_width(text, width):
    assert display_width(text) == width


def test_pad_uses_display_width():
    assert pad("文字", 6) == "文字  "
    assert pad("文字", 6, "r") == "  文字"
    assert pad("año", 3) == "año"
    assert display_width(pad("😀x", 7)) == 7


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        ("hola", 4, "hola"),
        ("hola", 10, "hola"),
        ("hola mundo", 5, "hola…"),
        ("文字化け", 8, "文字化け"),
        ("文字化け", 5, "文字…"),
        ("文字化け", 6, "文字…"),  # a wide character never sticks out past the width
        ("abc", 1, "…"),
    ],
)
def test_clip(text, width, expected):
    assert clip(text, width) == expected


@given(st.text(scalar, max_size=30), st.integers(1, 20))
def test_clip_never_exceeds_the_width(text, width):
    out = clip(text, width)
    assert display_width(out) <= width
    assert out == text or (out.endswith("…") and text.startswith(out[:-1]))


def test_shown_and_visible():
    assert [shown(c) for c in "\n\x00\x93"] == ["\\n", "\\x00", "\\x93"]
    assert shown("\u0301") == "\u25cc\u0301"  # a lone mark on a dotted circle
    assert [shown(c) for c in " \xa0\u200b\ue0eb\u2028"] == [
        "<U+0020>",
        "<U+00A0>",
        "<U+200B>",
        "<U+E0EB>",
        "<U+2028>",
    ]
    assert shown("ñ") == "ñ" and shown("文") == "文"
    assert visible("\x93Hola\x94") == "\\x93Hola\\x94"
    assert visible("e\u0301 a") == "e\u0301 a"  # spaces and marks stay: words read as words
    assert visible("a\xa0b\ue0eb") == "a<U+00A0>b<U+E0EB>"


@given(st.text(scalar))
def test_visible_has_no_control_or_invisible_character_left(text):
    import unicodedata

    out = visible(text)
    assert all(
        ch == " " or unicodedata.category(ch) not in {"Cc", "Cf", "Co", "Cn", "Zl", "Zp", "Zs"}
        for ch in out
    )


def test_con_escapes():
    assert con_escapes(r"e\u0301") == "e\u0301"
    assert con_escapes(r"\U0001F600!") == "😀!"
    assert con_escapes(r"\ud800") == r"\ud800"  # a lone surrogate is left as typed
    assert con_escapes(r"\U00110000") == r"\U00110000"
    assert con_escapes("sin escapes") == "sin escapes"


@given(st.text(scalar))
def test_con_escapes_undoes_escapes(text):
    """What a student types as escapes (``\\uXXXX``, ``\\UXXXXXXXX``) is the text itself."""
    typed = "".join(f"\\U{ord(ch):08X}" if ord(ch) > 0xFFFF else f"\\u{ord(ch):04x}" for ch in text)
    assert con_escapes(typed) == text


# --- Table: text ------------------------------------------------------------------------------

WORDS = Table(
    ("palabra", "bytes", "nota"),
    (("año", "4", "x"), None, ("文字", "6", ""), ("😀", "4", "emoji")),
    caption="Título",
    notes=("primera nota", "segunda"),
    align="lrl",
)


def test_table_text():
    assert str(WORDS) == "\n".join(
        [
            "Título",
            "palabra  bytes  nota",
            "-------  -----  -----",
            "año          4  x",
            "-------  -----  -----",
            "文字         6",
            "😀           4  emoji",
            "primera nota",
            "segunda",
        ]
    )
    assert repr(WORDS) == str(WORDS)


def test_table_columns_line_up_by_display_width():
    rows = (("a", "1", "z"), ("文字化け", "22", "한글"), ("😀😀", "333", "ｱ"))
    lines = Table(("texto", "n", "fin"), rows, align="lrl").lines()
    assert len(lines) == 4  # no rule without a None row
    # right-aligned column: every number ends at the same display column
    assert (
        len(
            {
                display_width(line[: line.index(n) + len(n)])
                for line, n in zip(lines[1:], ("1", "22", "333"), strict=True)
            }
        )
        == 1
    )
    # left-aligned column after it: every cell starts at the same display column
    starts = [
        display_width(line[: line.index(c)])
        for line, c in zip(lines, ("fin", "z", "한글", "ｱ"), strict=True)
    ]
    assert len(set(starts)) == 1
    assert all(line == line.rstrip() for line in lines)


def test_table_without_caption_notes_or_rows():
    assert str(Table(("a", "b"), ())) == "a  b"
    assert str(Table(("a", "b"), (None,))) == "a  b\n-  -\n-  -"
    assert Table(("a", "b"), (("x", "y"),)).lines() == ["a  b", "x  y"]


def test_table_lines_leave_out_caption_and_notes():
    assert WORDS.lines() == str(WORDS).splitlines()[1:-2]


@pytest.mark.parametrize("row", [("a",), ("a", "b", "c"), ()])
def test_table_rejects_a_row_of_the_wrong_width(row):
    with pytest.raises(ValueError, match=f"has {len(row)} cells for 2 columns"):
        Table(("x", "y"), (("1", "2"), None, row))


@pytest.mark.parametrize("align", ["l", "lrl", "lc", "rR", "l "])
def test_table_rejects_a_wrong_align(align):
    with pytest.raises(ValueError, match="align"):
        Table(("x", "y"), (("1", "2"),), align=align)


def test_table_align_default_is_left():
    left = Table(("xxxx", "y"), (("1", "2"),))
    assert left.lines() == Table(("xxxx", "y"), (("1", "2"),), align="ll").lines()
    assert left.lines()[1] == "1     2"
    assert Table(("xxxx", "y"), (("1", "2"),), align="rl").lines()[1] == "   1  2"


# --- Table: HTML ------------------------------------------------------------------------------


def test_table_html_escapes_everything():
    t = Table(("<h>", "&"), (("<b>x</b>", '"q"'),), caption="a<b", notes=("1 < 2 & 3",))
    page = t._repr_html_()
    for raw in ("<h>", "<b>x</b>", "a<b", "1 < 2"):
        assert raw not in page
    for escaped in ("&lt;h&gt;", "&amp;", "&lt;b&gt;x&lt;/b&gt;", "a&lt;b", "1 &lt; 2 &amp; 3"):
        assert escaped in page
    assert "&quot;q&quot;" in page


def test_table_html_structure():
    page = WORDS._html()
    assert page.startswith("<table") and "<caption>Título</caption>" in page
    assert page.count("<tr>") == 1 + 3  # the header and three rows: a rule is not a row
    assert len(re.findall("<th[ >]", page)) == 3 and len(re.findall("<td[ >]", page)) == 9
    assert '<th style="text-align: right">bytes</th>' in page
    assert '<td style="text-align: right">6</td>' in page
    assert page.endswith("<p><small>primera nota</small></p><p><small>segunda</small></p>")
    assert page.index("</table>") < page.index("primera nota")  # notes below the table


def test_table_html_row_headers_mono_and_muted():
    t = Table(
        ("Caso", "medido", "publicado"),
        (("es", "107", "200"), ("ko", "1", "2")),
        row_headers=True,
        mono=True,
        muted=frozenset({2}),
    )
    page = t._html()
    # the first cell of each body row is a header cell, the others are data cells
    assert "<th>es</th>" in page and "<th>ko</th>" in page and "<td>es</td>" not in page
    assert '<td style="font-family: monospace">107</td>' in page
    # the muted column is grey in the header and in every row, and only that column
    assert '<th style="color: #888">publicado</th>' in page
    assert '<td style="font-family: monospace; color: #888">200</td>' in page
    assert '<td style="font-family: monospace; color: #888">2</td>' in page
    assert page.count("color: #888") == 3
    plain = Table(t.header, t.rows)._html()
    assert "<th>es</th>" not in plain and "monospace" not in plain and "#888" not in plain


# --- View and Plot ----------------------------------------------------------------------------


def test_view_default_html_is_its_escaped_text():
    class Hello(View):
        def __str__(self) -> str:
            return "a < b"

    assert repr(Hello()) == "a < b"
    assert Hello()._repr_html_() == "<pre>a &lt; b</pre>"


SVG = "{http://www.w3.org/2000/svg}"


def _two_lines(**labels: object) -> Plot:
    lines = (Series((1, 2), (3, 4), "UTF-8"), Series((1, 2), (2, 2), "", COLORS[1]))
    return Plot(lines, "resumen\n1  2", **labels)  # type: ignore[arg-type]


def test_plot_is_an_svg_and_its_summary():
    shown_plot = _two_lines(title="t")
    assert repr(shown_plot) == str(shown_plot) == "resumen\n1  2"
    svg = shown_plot._repr_svg_()
    root = ElementTree.fromstring(svg)  # well-formed XML
    assert root.tag == f"{SVG}svg"
    size = (root.get("width"), root.get("height"), root.get("viewBox"))
    assert size == ("750", "420", "0 0 750 420")
    assert root.findtext(f"{SVG}title") == shown_plot.description()
    assert svg == shown_plot._repr_svg_() == _two_lines(title="t")._repr_svg_()  # same text
    assert not re.search(r"\bid=|20\d\d-\d\d", svg)  # no generated ids, no dates
    assert len(root.findall(f"{SVG}polyline")) == 2 and len(root.findall(f"{SVG}circle")) == 5
    # the legend lists the labelled series only
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts.count("UTF-8") == 1 and "" not in texts


def test_plot_html_is_the_same_svg_with_a_text_alternative():
    import base64
    import html

    shown_plot = _two_lines(title="Bytes <por> carácter", xlabel="texto", ylabel="bytes")
    page = shown_plot._repr_html_()
    match = re.fullmatch(
        r'<img alt="([^"]+)" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)">', page
    )
    assert match, page
    alt = html.unescape(match[1])
    assert alt == "Gráfico «Bytes <por> carácter»: bytes según texto; leyenda: UTF-8."
    svg = base64.b64decode(match[2])
    assert svg == shown_plot._repr_svg_().encode("utf-8")  # the very same picture
    assert page == shown_plot._repr_html_()  # and the same HTML every time
    # an explicit alt wins; a plot without a title falls back to the summary's first line
    explicit = Plot(shown_plot.series, "resumen", alt="Un gráfico")
    assert 'alt="Un gráfico"' in explicit._repr_html_()
    untitled = Plot(shown_plot.series, "Resumen del gráfico\n1  2")
    assert untitled.description() == "Gráfico: Resumen del gráfico"
    assert Plot((), "").description() == "Gráfico"


def test_plot_escapes_its_text():
    odd = "«a & b» <c> \"d\" 'e' ñ"
    one = Plot((Series((1, 2), (1, 2), odd),), "s", title=odd, xlabel=odd, ylabel=odd)
    svg = one._repr_svg_()
    assert "<c>" not in svg and "& b" not in svg
    root = ElementTree.fromstring(svg)
    assert [t.text for t in root.iter(f"{SVG}text")].count(odd) == 4  # title, labels, legend
    assert root.findtext(f"{SVG}title") == one.description()


def _points(element: ElementTree.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in element.get("points", "").split()]  # type: ignore[misc]


def test_plot_draws_a_log2_axis_ticks_and_hollow_markers():
    measured = Series((4, 8, 16, 256), (0, 50, 100, 100), "medido", COLORS[2])
    cited = Series((4, 16), (60, 90), "medido (publicado)", COLORS[2], hollow=True)
    xticks = ((4, "4"), (8, "8"), (16, "16"), (256, "256 car."))
    chart = Plot((measured, cited), "s", log2=True, xticks=xticks, ylim=(0, 103))
    root = ElementTree.fromstring(chart._repr_svg_())
    (line,) = root.findall(f"{SVG}polyline")  # the hollow series has no line
    assert line.get("stroke") == COLORS[2]
    xs = [x for x, _ in _points(line)]
    step = xs[1] - xs[0]
    assert step > 0 and xs[2] - xs[1] == pytest.approx(step, abs=0.2)  # doublings: equal steps
    assert xs[3] - xs[2] == pytest.approx(4 * step, abs=0.2)  # 16 to 256 is four doublings
    ys = [y for _, y in _points(line)]
    assert ys[0] > ys[1] > ys[2] == ys[3]  # SVG's y grows downwards
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts[:4] == ["4", "8", "16", "256 car."]
    assert texts[4:10] == ["0", "20", "40", "60", "80", "100"]  # y from 0 to 103
    rings = [c for c in root.iter(f"{SVG}circle") if c.get("fill") == "none"]
    assert len(rings) == 3  # two cited points and the legend's sample
    assert {c.get("stroke") for c in rings} == {COLORS[2]}
    assert float(rings[0].get("r", 0)) > float(root.find(f"{SVG}circle").get("r", 0))  # type: ignore[union-attr]


def test_ipython_shows_the_plot_as_html_svg_and_text():
    from IPython.core.formatters import DisplayFormatter

    data, _ = DisplayFormatter().format(_two_lines(title="t"))
    assert {"text/plain", "text/html", "image/svg+xml"} <= set(data)
    assert "image/png" not in data
    assert data["text/plain"] == "resumen\n1  2"
    assert data["text/html"].startswith('<img alt="Gráfico «t»')
    assert data["image/svg+xml"].startswith("<svg ")
