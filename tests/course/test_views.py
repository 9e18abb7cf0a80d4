"""curso.views: the Spanish tables lessons 1, 2 and 6 print must be right and stable.

The expected texts are the ones the views printed before the split of commit 64379f3
(``codecbox.inspection`` at bf7c5d6): a lesson's stored output must not change.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from curso.render import display_width
from curso.views import chars, hexbytes, readings, utf8_pattern

# Every code point except surrogates, which no UTF can encode on its own.
scalar = st.characters(blacklist_categories=["Cs"])


def lines(*text: str) -> str:
    return "\n".join(text)


# --- chars ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "año",
            lines(
                "carácter  punto de código  nombre Unicode                   UTF-8  UTF-16",
                "a         U+0061           LATIN SMALL LETTER A             61     0061",
                "ñ         U+00F1           LATIN SMALL LETTER N WITH TILDE  C3 B1  00F1",
                "o         U+006F           LATIN SMALL LETTER O             6F     006F",
                "3 puntos de código, 4 bytes en UTF-8, 3 unidades UTF-16",
            ),
        ),
        (
            "a文😀",
            lines(
                "carácter  punto de código  nombre Unicode              UTF-8        UTF-16",
                "a         U+0061           LATIN SMALL LETTER A        61           0061",
                "文        U+6587           CJK UNIFIED IDEOGRAPH-6587  E6 96 87     6587",
                "😀        U+1F600          GRINNING FACE               F0 9F 98 80  D83D DE00",
                "3 puntos de código, 8 bytes en UTF-8, 4 unidades UTF-16",
            ),
        ),
        (
            "\n \u0301\u00a0\x93\ue0eb",
            lines(
                "carácter  punto de código  nombre Unicode          UTF-8     UTF-16",
                "\\n        U+000A           <control>               0A        000A",
                "<U+0020>  U+0020           SPACE                   20        0020",
                "◌́         U+0301           COMBINING ACUTE ACCENT  CC 81     0301",
                "<U+00A0>  U+00A0           NO-BREAK SPACE          C2 A0     00A0",
                "\\x93      U+0093           <control>               C2 93     0093",
                "<U+E0EB>  U+E0EB           (sin nombre)            EE 83 AB  E0EB",
                "6 puntos de código, 11 bytes en UTF-8, 6 unidades UTF-16",
            ),
        ),
        (
            "\udcb1",  # a lone surrogate (from surrogateescape): shown, not a crash
            lines(
                "carácter  punto de código  nombre Unicode  UTF-8             UTF-16",
                "<U+DCB1>  U+DCB1           (sin nombre)    (no codificable)  DCB1",
                "1 punto de código, 0 bytes en UTF-8, 1 unidad UTF-16",
            ),
        ),
        (
            "",
            lines(
                "carácter  punto de código  nombre Unicode  UTF-8  UTF-16",
                "0 puntos de código, 0 bytes en UTF-8, 0 unidades UTF-16",
            ),
        ),
    ],
    ids=["ano", "wide", "invisible", "surrogate", "empty"],
)
def test_chars_text(text, expected):
    table = chars(text)
    assert str(table) == expected
    assert repr(table) == expected


def test_chars_summary_singular_and_plural():
    assert chars("a").summary == "1 punto de código, 1 byte en UTF-8, 1 unidad UTF-16"
    assert chars("😀").summary == "1 punto de código, 4 bytes en UTF-8, 2 unidades UTF-16"


@given(st.text(scalar))
def test_chars_totals_match_the_codecs(text):
    table = chars(text)
    assert table.code_points == len(text)
    assert table.utf8_bytes == len(text.encode("utf-8"))
    assert table.utf16_units == len(text.encode("utf-16-le")) // 2
    assert str(table).splitlines()[-1] == table.summary


def test_chars_text_is_aligned_with_wide_characters():
    rows = str(chars("a文😀ｱ한")).splitlines()[:6]
    # the code point column starts at the same display column on every line
    starts = [display_width(line[: line.index("U+")]) for line in rows[1:]]
    assert len(set(starts)) == 1
    assert display_width(rows[0][: rows[0].index("punto")]) == starts[0]


def test_chars_html_is_escaped_with_the_summary_as_caption():
    table = chars("<&>")
    markup = table._repr_html_()
    assert "<td" in markup and "&lt;" in markup and "&amp;" in markup
    assert "<&>" not in markup
    assert "<caption>3 puntos de código, 3 bytes en UTF-8, 3 unidades UTF-16</caption>" in markup
    assert "monospace" in markup


# --- hexbytes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "encoding", "expected"),
    [
        ("año".encode(), None, "61 C3 B1 6F"),
        (b"", None, ""),
        ("año".encode(), "utf-8", "[61] [C3 B1] [6F]\n a    ñ       o"),
        (b"a\xc3", "utf-8", "[61] [C3]\n a    error"),
        (
            b"a\xc3o\xff\xe2\x82",  # invalid, then a character cut at the end
            "utf-8",
            "[61] [C3]   [6F] [FF]   [E2 82]\n a    error  o    error  error",
        ),
        ("文字".encode("cp932"), "cp932", "[95 B6] [8E 9A]\n 文      字"),
        ("e\u0301\n".encode(), "utf-8", "[65] [CC 81] [0A]\n e    ◌́       \\n"),
    ],
)
def test_hexbytes_text(data, encoding, expected):
    assert str(hexbytes(data, encoding)) == expected


@given(st.text(scalar, min_size=1, max_size=20))
def test_hexbytes_groups_line_up_with_their_characters(text):
    top, low = str(hexbytes(text.encode("utf-8"), "utf-8")).split("\n")
    groups = re.findall(r"\[([0-9A-F ]+)\]", top)
    # one group per character, and together they are the bytes
    assert len(groups) == len(text)
    assert " ".join(groups) == text.encode("utf-8").hex(" ").upper()
    assert "error" not in low


def test_hexbytes_html():
    assert hexbytes(b"\x00<")._repr_html_() == "<code>00 3C</code>"
    assert hexbytes(b"a\xc3", "utf-8")._repr_html_() == (
        '<table class="codecbox"><caption>bytes leídos como utf-8</caption>'
        "<thead><tr><th>[61]</th><th>[C3]</th></tr></thead><tbody><tr>"
        '<td style="font-family: monospace">a</td><td style="font-family: monospace">error</td>'
        "</tr></tbody></table>"
    )


# --- readings ---------------------------------------------------------------------------------


def test_readings_one_input():
    assert str(readings("año".encode(), ["utf-8", "cp1252", "ascii"])) == lines(
        "bytes        utf-8  cp1252  ascii",
        "61 C3 B1 6F  año    aÃ±o    error: ordinal not in range(128)",
    )
    assert str(readings(b"\x93Hola\x94", ["cp1252", "latin-1"])) == lines(
        "bytes              cp1252  latin-1",
        "93 48 6F 6C 61 94  “Hola”  \\x93Hola\\x94",  # C1 controls spelled out
    )


def test_readings_several_inputs_with_labels():
    samples = {"It’s": "cp1252", "año": "cp1252", "文字化け": "cp932", "한글": "cp949"}
    table = readings(
        [s.encode(enc) for s, enc in samples.items()],
        ["cp1252", "cp932", "cp949"],
        labels=list(samples),
    )
    assert str(table) == lines(
        "texto     bytes                    cp1252    cp932      cp949",
        "It’s      49 74 92 73              It’s      It痴       It뭩",
        "año       61 F1 6F                 año       a<U+E0EB>  error: illegal multibyte sequence",
        "文字化け  95 B6 8E 9A 89 BB 82 AF  •¶Žš‰»‚¯  文字化け   빒럻돸궚",
        "한글      C7 D1 B1 DB              ÇÑ±Û      ﾇﾑｱﾛ       한글",
    )
    assert "<th>texto</th>" in table._repr_html_()
    other = readings([b"\x82\xa0"], ["cp932"], labels=["x"], label_header="nombre")
    assert str(other).splitlines()[0].split() == ["nombre", "bytes", "cp932"]


def test_readings_labels_must_match_the_inputs():
    with pytest.raises(ValueError, match="1 labels for 2 byte strings"):
        readings([b"a", b"b"], ["ascii"], labels=["solo una"])


def test_readings_html_is_escaped():
    page = readings(b"<a\xff", ["utf-8", "latin-1"])._repr_html_()
    assert "<th>bytes</th><th>utf-8</th><th>latin-1</th>" in page
    assert ">error: invalid start byte<" in page and ">&lt;aÿ<" in page


# --- utf8_pattern -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ch", "expected"),
    [
        (
            "a",
            lines(
                "a  U+0061 = 97 → 1 byte en UTF-8",
                "plantilla 0xxxxxxx",
                "bits       1100001",
                "bytes     01100001",
                "hex             61",
            ),
        ),
        (
            "ñ",
            lines(
                "ñ  U+00F1 = 241 → 2 bytes en UTF-8",
                "plantilla 110xxxxx 10xxxxxx",
                "bits         00011   110001",
                "bytes     11000011 10110001",
                "hex             C3       B1",
            ),
        ),
        (
            "€",
            lines(
                "€  U+20AC = 8364 → 3 bytes en UTF-8",
                "plantilla 1110xxxx 10xxxxxx 10xxxxxx",
                "bits          0010   000010   101100",
                "bytes     11100010 10000010 10101100",
                "hex             E2       82       AC",
            ),
        ),
        (
            "😀",
            lines(
                "😀  U+1F600 = 128512 → 4 bytes en UTF-8",
                "plantilla 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx",
                "bits           000   011111   011000   000000",
                "bytes     11110000 10011111 10011000 10000000",
                "hex             F0       9F       98       80",
            ),
        ),
        (
            "\x00",
            lines(
                "\\x00  U+0000 = 0 → 1 byte en UTF-8",
                "plantilla 0xxxxxxx",
                "bits       0000000",
                "bytes     00000000",
                "hex             00",
            ),
        ),
    ],
    ids=["1", "2", "3", "4", "nul"],
)
def test_utf8_pattern_text(ch, expected):
    assert str(utf8_pattern(ch)) == expected


@given(scalar)
def test_utf8_pattern_hex_line_is_the_codec(ch):
    text = str(utf8_pattern(ch)).splitlines()
    assert text[-1].split()[1:] == [f"{b:02X}" for b in ch.encode("utf-8")]
    # the bits line, read without the spaces, is the code point
    assert int(text[2].split(None, 1)[1].replace(" ", ""), 2) == ord(ch)


def test_utf8_pattern_html_greys_the_marker_bits():
    assert utf8_pattern("ñ")._repr_html_() == (
        "<pre>ñ  U+00F1 = 241 → 2 bytes en UTF-8\nplantilla 110xxxxx 10xxxxxx\n"
        "bits         00011   110001\n"
        'bytes     <span style="color: #999">110</span><b>00011</b> '
        '<span style="color: #999">10</span><b>110001</b>\n'
        "hex             C3       B1</pre>"
    )
    assert utf8_pattern("<")._repr_html_().startswith("<pre>&lt;  U+003C")
