"""curso.inspection: code points, bytes, alternative readings and UTF-8 layout, as data."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codecbox.errors import UnknownEncodingError
from codecbox.labels import resolve
from curso.inspection import (
    byte_groups,
    char_rows,
    codepoint,
    read_as,
    readings,
    utf8_layout,
)

# Every code point except surrogates, which no UTF can encode on its own.
scalar = st.characters(blacklist_categories=["Cs"])


@given(scalar)
def test_utf8_layout_matches_the_codec(ch):
    layout = utf8_layout(ch)
    assert layout.data == ch.encode("utf-8")
    assert int(layout.bits, 2) == ord(ch)
    assert layout.template.count("x") == len(layout.bits)
    assert layout.binary.replace(" ", "") == "".join(f"{b:08b}" for b in layout.data)


@pytest.mark.parametrize(
    ("ch", "template", "hexed"),
    [
        ("a", "0xxxxxxx", "61"),
        ("ñ", "110xxxxx 10xxxxxx", "c3 b1"),
        ("€", "1110xxxx 10xxxxxx 10xxxxxx", "e2 82 ac"),
        ("😀", "11110xxx 10xxxxxx 10xxxxxx 10xxxxxx", "f0 9f 98 80"),
    ],
)
def test_utf8_layout_forms(ch, template, hexed):
    layout = utf8_layout(ch)
    assert layout.template == template
    assert layout.data.hex(" ") == hexed


@pytest.mark.parametrize("cp", [0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF])
def test_utf8_layout_boundaries(cp):
    assert utf8_layout(chr(cp)).data == chr(cp).encode("utf-8")


def test_utf8_layout_rejects_surrogates_and_strings():
    with pytest.raises(ValueError):
        utf8_layout("\ud83d")
    with pytest.raises(ValueError):
        utf8_layout("ab")
    with pytest.raises(ValueError):
        utf8_layout("")


@given(st.text(scalar))
def test_char_rows_totals_match_the_codecs(text):
    rows = char_rows(text)
    assert len(rows) == len(text)
    assert sum(len(r.utf8) for r in rows) == len(text.encode("utf-8"))
    assert sum(len(r.utf16) for r in rows) == len(text.encode("utf-16-le")) // 2
    assert b"".join(r.utf8 for r in rows) == text.encode("utf-8")
    units = b"".join(u.to_bytes(2, "big") for r in rows for u in r.utf16)
    assert units == text.encode("utf-16-be")


def test_char_rows():
    rows = char_rows("año😀")
    assert [r.codepoint for r in rows] == ["U+0061", "U+00F1", "U+006F", "U+1F600"]
    assert rows[1].utf8 == b"\xc3\xb1"
    assert rows[3].utf16 == (0xD83D, 0xDE00)
    assert rows[3].name == "GRINNING FACE"
    assert (rows[1].category, rows[3].category) == ("Ll", "So")


def test_char_rows_of_invisible_characters():
    rows = char_rows("\n\u0301\ue0eb\U000e0080")
    assert [r.category for r in rows] == ["Cc", "Mn", "Co", "Cn"]
    assert [r.name for r in rows] == [None, "COMBINING ACUTE ACCENT", None, None]


def test_char_rows_lone_surrogate_does_not_crash():
    [row] = char_rows("\udcb1")
    assert row.utf8 == b""
    assert row.utf16 == (0xDCB1,)
    assert row.category == "Cs"


def test_byte_groups():
    groups = byte_groups("año".encode(), "utf-8")
    assert [g.data for g in groups] == [b"a", b"\xc3\xb1", b"o"]
    assert [g.text for g in groups] == ["a", "ñ", "o"]


def test_byte_groups_mark_invalid_and_truncated_sequences():
    groups = byte_groups(b"a\xc3o\xff\xe2\x82", "utf-8")
    assert [(g.data, g.text) for g in groups] == [
        (b"a", "a"),
        (b"\xc3", None),
        (b"o", "o"),
        (b"\xff", None),
        (b"\xe2\x82", None),
    ]


@given(st.text(scalar))
def test_byte_groups_are_the_characters(text):
    groups = byte_groups(text.encode("utf-8"), "utf-8")
    assert "".join(g.text for g in groups) == text
    assert len(groups) == len(text)


@given(st.binary(max_size=30))
def test_byte_groups_cover_every_byte(data):
    assert b"".join(g.data for g in byte_groups(data, "cp932")) == data


def test_byte_groups_other_encodings():
    groups = byte_groups("文字".encode("cp932"), "cp932")
    assert [g.data for g in groups] == [b"\x95\xb6", b"\x8e\x9a"]
    # an Encoding value is used as is: Shift_JIS here is cp932, so 81 60 is the full-width tilde
    [group] = byte_groups(b"\x81\x60", resolve("sjis", label=True))
    assert group.text == "\uff5e"


def test_readings_one_input():
    rows = readings("año".encode(), ["utf-8", "cp1252", "ascii"])
    assert [r.text for r in rows] == ["año", "aÃ±o", None]
    assert [r.ok for r in rows] == [True, True, False]
    assert rows[2].error == "ordinal not in range(128)"
    assert [r.encoding.name for r in rows] == ["UTF-8", "windows-1252", "ascii"]


@pytest.mark.parametrize(
    ("text", "saved_as", "as_cp932"),
    [("It’s", "cp1252", "It痴"), ("año", "cp1252", "a\ue0eb"), ("文字化け", "cp932", "文字化け")],
)
def test_readings_of_other_code_pages(text, saved_as, as_cp932):
    data = text.encode(saved_as)
    cp1252, cp932, cp949 = readings(data, ["cp1252", "cp932", "cp949"])
    assert cp932.text == as_cp932
    assert (cp1252.text == text) == (saved_as == "cp1252")
    if text == "año":
        assert not cp949.ok  # F1 6F is no cp949 character


def test_readings_takes_a_list_of_encodings():
    with pytest.raises(TypeError):
        readings(b"a", "ascii")


def test_read_as():
    assert read_as(b"\xb1o", "utf-8").error == "invalid start byte"
    assert read_as(b"\xb1o", "cp1252").text == "±o"
    with pytest.raises(UnknownEncodingError):
        read_as(b"x", "klingon")
    with pytest.raises(ValueError, match="no decoder"):
        read_as(b"x", resolve("iso-2022-kr", label=True))


def test_codepoint():
    assert codepoint("\U0010ffff") == "U+10FFFF"
    assert codepoint("ñ") == "U+00F1"
    assert codepoint("\x00") == "U+0000"


@pytest.mark.parametrize(
    "call",
    [
        lambda: byte_groups(b"hola", "klingon"),
        lambda: read_as(b"hola", "klingon"),
        lambda: readings(b"hola", ["utf-8", "klingon"]),
    ],
)
def test_an_unknown_encoding_fails_at_call_time(call) -> None:
    with pytest.raises(UnknownEncodingError, match="'klingon'"):
        call()
