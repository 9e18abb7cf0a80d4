"""Declarations before any guess: byte order marks, the Content-Type charset, the prescan."""

from __future__ import annotations

import codecs

import pytest

from codecbox.sniffing import BOMS, bom, charset_from_content_type, prescan

# --- byte order marks ---------------------------------------------------------------------

FILE_BOMS = [
    ("utf-8", codecs.BOM_UTF8, "UTF-8", "utf-8-sig"),
    ("utf-16-le", codecs.BOM_UTF16_LE, "UTF-16LE", "utf-16"),
    ("utf-16-be", codecs.BOM_UTF16_BE, "UTF-16BE", "utf-16"),
    ("utf-32-le", codecs.BOM_UTF32_LE, "utf-32-le", "utf-32"),
    ("utf-32-be", codecs.BOM_UTF32_BE, "utf-32-be", "utf-32"),
]


@pytest.mark.parametrize(("codec", "mark", "name", "eating"), FILE_BOMS)
def test_bom_in_a_file(codec: str, mark: bytes, name: str, eating: str) -> None:
    data = mark + "¿Qué? 日本".encode(codec)
    enc, length = bom(data)
    assert (enc.name, enc.codec, length) == (name, codec, len(mark))
    assert data[length:].decode(enc.codec) == "¿Qué? 日本"
    kept, zero = bom(data, keep=True)
    assert (kept.codec, zero) == (eating, 0)
    assert data.decode(kept.codec) == "¿Qué? 日本"  # that codec drops the mark itself


def test_utf32_le_mark_is_not_read_as_utf16_in_a_file() -> None:
    data = codecs.BOM_UTF32_LE + "a".encode("utf-32-le")
    assert bom(data)[0].codec == "utf-32-le"
    # A browser knows only three marks: FF FE is UTF-16LE, then U+0000.
    enc, length = bom(data, web=True)
    assert (enc.name, enc.codec, length) == ("UTF-16LE", "utf-16-le", 2)
    assert bom(codecs.BOM_UTF32_BE + b"\x00\x00\x00a", web=True) is None


@pytest.mark.parametrize("data", [b"", b"hola", b"\xef\xbb", b"\xfe", b"\x00\x00\xfe"])
def test_no_bom(data: bytes) -> None:
    assert bom(data) is None
    assert bom(data, web=True) is None


def test_bom_table_is_longest_first() -> None:
    # A shorter mark that is a prefix of a later, longer one would hide it.
    for i, (mark, *_) in enumerate(BOMS):
        for later, *_ in BOMS[i + 1 :]:
            assert not later.startswith(mark) or len(later) <= len(mark)


# --- the charset of a Content-Type ---------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, None),
        ("text/html", None),
        ("text/html; charset=UTF-8", "UTF-8"),
        ('text/html;charset="shift_jis"', "Shift_JIS"),
        ("text/html; CHARSET = 'euc-kr' ", "EUC-KR"),
        ("text/html; charset=gb2312; q=1", "GBK"),
        ('text/html; charset="utf-8', None),  # unmatched quote
        ("text/html; charset=", None),
        ("text/html; charset=bogus", None),
        ("text/html; charsetx; charset=koi8-u", "KOI8-U"),
    ],
)
def test_charset_from_content_type(value: str | None, expected: str | None) -> None:
    assert charset_from_content_type(value) == expected


# --- the prescan ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"<meta charset=utf-8>", "UTF-8"),
        (b"<META CHARSET='Windows-1251'>", "windows-1251"),
        (b"<meta/charset=koi8-r>", "KOI8-R"),
        (b"<meta charset=utf-16be>", "UTF-8"),
        (b"<meta charset=x-user-defined>", "windows-1252"),
        (b"<!-- <meta charset=big5> --><meta charset=euc-jp>", "EUC-JP"),
        (b"<!--><meta charset=big5>", "Big5"),  # <!--> is a whole comment
        (b'<p title="<meta charset=big5>"><meta charset=gbk>', "GBK"),
        (b"<metacharset=big5>", None),
        (b"<meta charset=big5", None),  # runs out of bytes
        (b"<meta charset=bogus charset=big5>", None),  # duplicate attribute ignored
        (b'<meta content="text/html; charset=big5" http-equiv=content-type>', "Big5"),
        (b'<meta http-equiv=refresh content="text/html; charset=big5">', None),
        (b'<meta content="text/html; charset=EUC-JP">', None),  # no http-equiv
        (b'<meta charset=bogus content="charset=big5" http-equiv=content-type>', None),
        (b'<meta content="charset=big5" charset=euc-kr>', "EUC-KR"),
        # <? is skipped to the first >, the one that closes the quoted <meta>
        (b"<?php echo '<meta charset=big5>' ?><meta charset=utf-8>", "UTF-8"),
        (b"<!DOCTYPE html><meta charset=big5>", "Big5"),
        (b"</ meta charset=big5><meta charset=utf-8>", "UTF-8"),
        (b" " * 1010 + b"<meta charset=big5>", None),  # ends after byte 1024
        (b'<?xml version="1.0" encoding="ISO-8859-2"?><html>', "ISO-8859-2"),
        (b"<\x00?\x00x\x00m\x00l\x00", "UTF-16LE"),
        (b"\x00<\x00?\x00x\x00m\x00l", "UTF-16BE"),
    ],
)
def test_prescan(data: bytes, expected: str | None) -> None:
    assert prescan(data) == expected
