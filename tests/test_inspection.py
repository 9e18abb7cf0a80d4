"""codecbox.inspection: the tables the lessons print must be right and stable."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codecbox.inspection import (
    chars,
    codepoint,
    display_width,
    hexbytes,
    readings,
    utf8_pattern,
    visible,
)

# Every code point except surrogates, which no UTF can encode on its own.
scalar = st.characters(blacklist_categories=["Cs"])


@given(scalar)
def test_utf8_pattern_matches_the_codec(ch):
    pattern = utf8_pattern(ch)
    assert pattern.data == ch.encode("utf-8")
    assert int(pattern.bits, 2) == ord(ch)
    assert pattern.template.count("x") == len(pattern.bits)


@pytest.mark.parametrize(
    ("ch", "template", "hexed"),
    [
        ("a", "0xxxxxxx", "61"),
        ("ñ", "110xxxxx 10xxxxxx", "c3 b1"),
        ("€", "1110xxxx 10xxxxxx 10xxxxxx", "e2 82 ac"),
        ("😀", "11110xxx 10xxxxxx 10xxxxxx 10xxxxxx", "f0 9f 98 80"),
    ],
)
def test_utf8_pattern_forms(ch, template, hexed):
    pattern = utf8_pattern(ch)
    assert pattern.template == template
    assert pattern.data.hex(" ") == hexed


@pytest.mark.parametrize("cp", [0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF])
def test_utf8_pattern_boundaries(cp):
    assert utf8_pattern(chr(cp)).data == chr(cp).encode("utf-8")


def test_utf8_pattern_rejects_surrogates_and_strings():
    with pytest.raises(ValueError):
        utf8_pattern("\ud83d")
    with pytest.raises(ValueError):
        utf8_pattern("ab")


@given(st.text(scalar))
def test_chars_totals_match_the_codecs(text):
    table = chars(text)
    assert table.code_points == len(text)
    assert table.utf8_bytes == len(text.encode("utf-8"))
    assert table.utf16_units == len(text.encode("utf-16-le")) // 2
    assert b"".join(row.utf8 for row in table.rows) == text.encode("utf-8")


def test_chars_rows():
    table = chars("año😀")
    assert [r.codepoint for r in table.rows] == ["U+0061", "U+00F1", "U+006F", "U+1F600"]
    assert table.rows[1].utf8_hex == "C3 B1"
    assert table.rows[3].utf16_hex == "D83D DE00"
    assert table.rows[3].name == "GRINNING FACE"


def test_chars_shows_invisible_characters_safely():
    table = chars("\n \u0301\u00a0\x93\ue0eb")
    assert [r.shown for r in table.rows] == [
        "\\n",
        "<U+0020>",
        "\u25cc\u0301",
        "<U+00A0>",
        "\\x93",
        "<U+E0EB>",
    ]
    assert table.rows[0].name == "<control>"
    assert table.rows[5].name == "(sin nombre)"


def test_chars_lone_surrogate_does_not_crash():
    row = chars("\udcb1").rows[0]
    assert row.utf8 == b""
    assert row.utf16_hex == "DCB1"


def test_chars_text_is_aligned_with_wide_characters():
    lines = str(chars("a文😀")).splitlines()[:4]
    # the code point column starts at the same display column on every line
    starts = [display_width(line[: line.index("U+")]) for line in lines[1:]]
    assert len(set(starts)) == 1
    assert display_width(lines[0][: lines[0].index("punto")]) == starts[0]


def test_chars_repr_is_the_plain_table_and_html_is_escaped():
    table = chars("<&>")
    assert repr(table) == str(table)
    markup = table._repr_html_()
    assert "<td" in markup and "&lt;" in markup and "&amp;" in markup
    assert "<&>" not in markup


def test_chars_is_deterministic_text():
    assert str(chars("año")).splitlines()[-1] == (
        "3 puntos de código, 4 bytes en UTF-8, 3 unidades UTF-16"
    )
    assert str(chars("a")).splitlines()[-1] == (
        "1 punto de código, 1 byte en UTF-8, 1 unidad UTF-16"
    )


def test_hexbytes_plain_and_grouped():
    data = "año".encode()
    assert str(hexbytes(data)) == "61 C3 B1 6F"
    grouped = hexbytes(data, "utf-8")
    assert [g.data for g in grouped.groups] == [b"a", b"\xc3\xb1", b"o"]
    assert [g.text for g in grouped.groups] == ["a", "ñ", "o"]
    assert str(grouped).splitlines()[0] == "[61] [C3 B1] [6F]"


def test_hexbytes_marks_invalid_and_truncated_sequences():
    groups = hexbytes(b"a\xc3o\xff\xe2\x82", "utf-8").groups
    assert [(g.data, g.text) for g in groups] == [
        (b"a", "a"),
        (b"\xc3", None),
        (b"o", "o"),
        (b"\xff", None),
        (b"\xe2\x82", None),
    ]


@given(st.text(scalar))
def test_hexbytes_groups_are_the_characters(text):
    groups = hexbytes(text.encode("utf-8"), "utf-8").groups
    assert "".join(g.text for g in groups) == text
    assert len(groups) == len(text)


def test_hexbytes_other_encodings():
    groups = hexbytes("文字".encode("cp932"), "cp932").groups
    assert [g.data for g in groups] == [b"\x95\xb6", b"\x8e\x9a"]
    assert "<code>" in hexbytes(b"\x00")._repr_html_()


def test_readings_one_input():
    table = readings("año".encode(), ["utf-8", "cp1252", "ascii"])
    row = table.rows[0]
    assert [str(r) for r in row.readings] == ["año", "aÃ±o", "error: ordinal not in range(128)"]
    assert not row.readings[2].ok
    assert str(table).splitlines()[0].split() == ["bytes", "utf-8", "cp1252", "ascii"]


def test_readings_several_inputs_with_labels():
    samples = {"It’s": "cp1252", "año": "cp1252", "文字化け": "cp932", "한글": "cp949"}
    table = readings(
        [s.encode(enc) for s, enc in samples.items()],
        ["cp1252", "cp932", "cp949"],
        labels=list(samples),
    )
    assert [r.label for r in table.rows] == list(samples)
    assert str(table.rows[0].readings[1]) == "It痴"
    assert str(table.rows[1].readings[1]) == "a<U+E0EB>"
    assert not table.rows[1].readings[2].ok
    assert str(table).splitlines()[0].split()[:2] == ["texto", "bytes"]
    assert "<th>texto</th>" in table._repr_html_()
    with pytest.raises(ValueError):
        readings([b"a", b"b"], ["ascii"], labels=["solo una"])


def test_visible_and_codepoint():
    assert visible("\x93Hola\x94") == "\\x93Hola\\x94"
    assert visible("e\u0301 a") == "e\u0301 a"
    assert codepoint("\U0010ffff") == "U+10FFFF"
    assert display_width("한글😀") == 6
    assert unicodedata.east_asian_width("😀") == "W"
