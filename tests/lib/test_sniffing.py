"""Declarations before any guess: byte order marks, the Content-Type charset, the prescan,
the <meta> the parser meets later, and how the work grows on hostile input."""

from __future__ import annotations

import codecs
import random
import re
import sys
from collections.abc import Iterator
from types import FrameType

import pytest
from course_scripts import load_script

from codecbox import sniffing
from codecbox.decoding import decode_html
from codecbox.detection import Guess
from codecbox.labels import lookup
from codecbox.rules import Rule
from codecbox.sniffing import (
    BOMS,
    MetaFound,
    bom,
    charset_from_content_type,
    extract_mime_type,
    html_meta,
    meta_while_parsing,
    parse_mime_type,
    prescan,
)


def _none(data: bytes, candidates: object = None, *, prefix: bool = False) -> Guess:
    """A detector that never knows: isolates sniffing from detection."""
    return Guess(None, "none")


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


# --- the charset of a Content-Type: the Fetch Standard -------------------------------------
#
# Cases and expectations from web-platform-tests (https://github.com/web-platform-tests/wpt):
# mimesniff/mime-types/resources/mime-types.json (commit 0ca94c9710812fa289f92e76ab51b37c64f111f1)
# and fetch/content-type/resources/content-types.json (commit
# 15a98d873347915eae1fb89e50c0316e88ea68a9), copied by hand: (input, serialization or None for
# failure, expected encoding; "-" where the file gives none, i.e. not a navigable type).

LONG_NAME = "0123456789" * 14
TOKENS = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvxyz"
ALL_QUOTED = "".join(chr(c) for c in (*range(0x20, 0x7F), *range(0x80, 0x100)))
ALL_QUOTED = '"' + ALL_QUOTED.replace("\\", "\\\\").replace('"', '\\"') + '"'

WPT_MIME_TYPES: list[tuple[str, str | None, str | None]] = [
    # Basics
    ("text/html;charset=gbk", "text/html;charset=gbk", "GBK"),
    ("TEXT/HTML;CHARSET=GBK", "text/html;charset=GBK", "GBK"),
    # Legacy comment syntax
    ("text/html;charset=gbk(", 'text/html;charset="gbk("', None),
    ("text/html;x=(;charset=gbk", 'text/html;x="(";charset=gbk', "GBK"),
    # Duplicate parameter
    ("text/html;charset=gbk;charset=windows-1255", "text/html;charset=gbk", "GBK"),
    # Spaces
    ("text/html;charset =gbk", "text/html", None),
    ("text/html ;charset=gbk", "text/html;charset=gbk", "GBK"),
    ("text/html; charset=gbk", "text/html;charset=gbk", "GBK"),
    ("text/html;charset= gbk", 'text/html;charset=" gbk"', "GBK"),
    # Single quotes are a token, not a delimiter
    ("text/html;charset='gbk'", "text/html;charset='gbk'", None),
    ("text/html;charset='gbk", "text/html;charset='gbk", None),
    ("text/html;charset=gbk'", "text/html;charset=gbk'", None),
    # Invalid parameters
    ("text/html;test;charset=gbk", "text/html;charset=gbk", "GBK"),
    ("text/html;test=;charset=gbk", "text/html;charset=gbk", "GBK"),
    ("text/html;';charset=gbk", "text/html;charset=gbk", "GBK"),
    ('text/html;";charset=gbk', "text/html;charset=gbk", "GBK"),
    ("text/html ; ; charset=gbk", "text/html;charset=gbk", "GBK"),
    ("text/html;;;;charset=gbk", "text/html;charset=gbk", "GBK"),
    # Double quotes
    ('text/html;charset="gbk"', "text/html;charset=gbk", "GBK"),
    ('text/html;charset="gbk', "text/html;charset=gbk", "GBK"),
    ('text/html;charset=gbk"', 'text/html;charset="gbk\\""', None),
    ('text/html;charset=" gbk"', 'text/html;charset=" gbk"', "GBK"),
    ('text/html;charset="\\ gbk"', 'text/html;charset=" gbk"', "GBK"),
    ('text/html;charset="\\g\\b\\k"', "text/html;charset=gbk", "GBK"),
    ('text/html;charset="gbk"x', "text/html;charset=gbk", "GBK"),
    # Unexpected code points
    ("text/html;charset={gbk}", 'text/html;charset="{gbk}"', None),
    # Parameter name longer than 127
    (f"text/html;{LONG_NAME}=x;charset=gbk", f"text/html;{LONG_NAME}=x;charset=gbk", "GBK"),
    # type/subtype longer than 127
    (f"{LONG_NAME[:130]}/{LONG_NAME[:130]}", f"{LONG_NAME[:130]}/{LONG_NAME[:130]}", "-"),
    # Valid
    (
        f"{TOKENS}/{TOKENS};{TOKENS}={TOKENS}",
        f"{TOKENS.lower()}/{TOKENS.lower()};{TOKENS.lower()}={TOKENS}",
        "-",
    ),
    (f"x/x;x={ALL_QUOTED}", f"x/x;x={ALL_QUOTED}", "-"),
    # End-of-file handling
    ("x/x;test", "x/x", "-"),
    ('x/x;test="\\', 'x/x;test="\\\\"', "-"),
    # Latin1
    ("text/html;test=\u00ff;charset=gbk", 'text/html;test="\u00ff";charset=gbk', "GBK"),
    # >Latin1
    ("x/x;test=\ufffd;x=x", "x/x;x=x", "-"),
    # Failure
    *(
        (bad, None, "-")
        for bad in (
            "",
            "\t",
            "bogus",
            "bogus/",
            "bogus/ ",
            "bogus/bogus/;",
            "</>",
            "(/)",
            "text/html(;doesnot=matter",
            "{/}",
            "\u0100/\u0100",
        )
    ),
]


@pytest.mark.parametrize(("value", "serialized", "encoding"), WPT_MIME_TYPES)
def test_wpt_mime_types(value: str, serialized: str | None, encoding: str | None) -> None:
    parsed = parse_mime_type(value)
    assert (None if parsed is None else str(parsed)) == serialized
    if encoding != "-":
        assert charset_from_content_type(value) == encoding


#: (the values of several Content-Type headers, expected encoding, the MIME type extracted)
WPT_CONTENT_TYPES: list[tuple[list[str], str | None, str]] = [
    (["", "text/plain"], None, "text/plain"),
    (["text/plain", ""], None, "text/plain"),
    (["text/html", "text/plain"], None, "text/plain"),
    (["text/plain;charset=gbk", "text/html"], None, "text/html"),
    (
        ["text/plain;charset=gbk", "text/html;charset=windows-1254"],
        "windows-1254",
        "text/html;charset=windows-1254",
    ),
    (["text/plain;charset=gbk", "text/plain"], "GBK", "text/plain;charset=gbk"),
    (
        ["text/plain;charset=gbk", "text/plain;charset=windows-1252"],
        "windows-1252",
        "text/plain;charset=windows-1252",
    ),
    (
        ["text/html;charset=gbk", 'text/html;x=",text/plain'],
        "GBK",
        'text/html;x=",text/plain";charset=gbk',
    ),
    (["text/html;charset=gbk", "text/plain", "text/html"], None, "text/html"),
    (["text/plain", "*/*"], None, "text/plain"),
    (["text/html", "*/*"], None, "text/html"),
    (["*/*", "text/html"], None, "text/html"),
    (["text/plain", "*/*;charset=gbk"], None, "text/plain"),
    (["text/html", "*/*;charset=gbk"], None, "text/html"),
    (['text/html;x="', "text/plain"], None, 'text/html;x=", text/plain"'),
    (['text/html;"', "text/plain"], None, "text/html"),
]


@pytest.mark.parametrize(("values", "encoding", "mime_type"), WPT_CONTENT_TYPES)
def test_wpt_content_types(values: list[str], encoding: str | None, mime_type: str) -> None:
    assert str(extract_mime_type(values)) == mime_type
    assert charset_from_content_type(values) == encoding
    # One header whose value lists them is the same thing (HTTP joins them with ", ").
    assert charset_from_content_type(", ".join(values)) == encoding
    page = decode_html(b"<meta charset=koi8-r>caf\xe9", values, detector=_none)
    assert page.rule == (Rule.META if encoding is None else Rule.HEADER)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, None),
        ("text/html", None),
        ("text/html; charset=UTF-8", "UTF-8"),
        ('text/html;charset="shift_jis"', "Shift_JIS"),
        ("text/html; CHARSET = 'euc-kr' ", None),  # "CHARSET " is not a parameter name
        ("text/html; charset='euc-kr'", None),  # single quotes are part of the label
        ("text/html; charset=gb2312; q=1", "GBK"),
        ('text/html; charset="utf-8', "UTF-8"),  # the quoted string runs to the end
        ("text/html; charset=", None),
        ("text/html; charset=bogus", None),
        ("text/html; charsetx; charset=koi8-u", "KOI8-U"),
        ("text/html; xcharset=big5", None),  # the <meta> algorithm would say Big5
        ("text/html; foo=bar; charset=big5", "Big5"),
        ("text/html, text/html;charset=gbk", "GBK"),
        ("text/html;charset=gbk, text/html", "GBK"),  # same essence: the charset stays
        ("text/html;charset=gbk, text/plain", None),  # another essence: it is reset
        ("text/html;charset=gbk, bogus", "GBK"),  # an invalid MIME type is ignored
        ("charset=gbk", None),
        ("*/*;charset=gbk", None),
        ("\ttext/html ;\tCharset=Windows-1251\t", "windows-1251"),
        ("text/html;charset=\u212aoi8-r", None),  # a Kelvin sign is not a "k"
    ],
)
def test_charset_from_content_type(value: str | None, expected: str | None) -> None:
    assert charset_from_content_type(value) == expected
    if isinstance(value, str):  # the fast path for simple values agrees with the algorithm
        mime = extract_mime_type(value)
        label = None if mime is None else mime.parameters.get("charset")
        assert expected == (None if label is None else lookup(label))


def test_mime_type_parameters_keep_order_and_first_value() -> None:
    m = parse_mime_type('Text/HTML; B=1; a="x\\"y"; b=2')
    assert m is not None
    assert (m.type, m.subtype, m.params) == ("text", "html", (("b", "1"), ("a", 'x"y')))
    assert str(m) == 'text/html;b=1;a="x\\"y"'


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


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        # "get an XML encoding" reads only up to the first ">", the end of the declaration
        (b'<?xml version="1.0"?><p encoding="big5">', None),
        (b"<?xml version='1.0' encoding='big5'?>", "Big5"),
        (b'<?xml encoding="big5>"?>', None),  # the quote closes after the ">"
        (b'<?xml version="1.0" encoding = "utf-16"?>', "UTF-8"),
        (b'<?xml version="1.0" encoding="big 5"?>', None),
        (b'<?xml version="1.0" encoding=big5?>', None),
        (b'<?XML encoding="big5"?>', None),
        (b'<?xml encoding="big5"?><meta charset=koi8-r>', "KOI8-R"),  # a <meta> first
    ],
)
def test_xml_declaration(data: bytes, expected: str | None) -> None:
    assert prescan(data) == expected


# --- the prescan: the fast walk against the byte-by-byte one --------------------------------

#: Pieces from which random inputs are built: the bytes the prescan's states turn on.
PIECES = [
    b"<", b">", b"/", b"=", b'"', b"'", b" ", b"\t", b"\n", b"\x0c", b"<meta", b"<META ",
    b"<meta ", b"<meta/", b"<!--", b"-->", b"--", b"-", b"!", b"?", b"<?", b"</", b"<!",
    b"charset", b"charset=big5", b"utf-8", b"koi8-r", b"http-equiv", b"content-type",
    b"content=", b'"text/html; charset=gbk"', b"a", b"B", b"<p", b"<a ", b"\x00", b"\xff",
    b"==", b"<script>", b"</script>", b"<title>", b"--!>", b"<!-->", b"<a/b", b"&#99;",
    b"<meta charset=big5>", b"<meta http-equiv=content-type content='charset=gbk'>",
]  # fmt: skip


def _random_pages(seed: int, n: int) -> list[bytes]:
    rng = random.Random(seed)
    pages = []
    for _ in range(n):
        page = b"".join(rng.choice(PIECES) for _ in range(rng.randint(0, 40)))
        pages.append(page * rng.randint(1, 40) if rng.random() < 0.2 else page)
    return pages


class _OutOfBytes(Exception):
    """The position pointer went past the end: the prescan gives up."""


def _byte(data: bytes, pos: int) -> int:
    if pos >= len(data):
        raise _OutOfBytes
    return data[pos]


def _lower(b: int) -> str:
    return chr(b + 0x20 if 0x41 <= b <= 0x5A else b)


SPACE = b"\t\n\x0c\r "


def _get_attribute(data: bytes, pos: int) -> tuple[int, tuple[str, str] | None]:
    """The HTML Standard's "get an attribute", byte by byte: (new position, (name, value)
    or None when there is no attribute)."""
    while _byte(data, pos) in SPACE + b"/":
        pos += 1
    if data[pos] == 0x3E:  # ">": there is no attribute
        return pos, None
    name = ""
    while True:  # the attribute name
        b = _byte(data, pos)
        if b == 0x3D and name:
            pos += 1
            break  # to "value"
        if b in SPACE:
            while _byte(data, pos) in SPACE:  # "spaces"
                pos += 1
            if data[pos] != 0x3D:
                return pos, (name, "")
            pos += 1
            break  # to "value"
        if b in b"/>":
            return pos, (name, "")
        name += _lower(b)
        pos += 1
    while _byte(data, pos) in SPACE:  # "value"
        pos += 1
    quote = data[pos]
    value = ""
    if quote in b"\"'":
        while True:
            pos += 1
            b = _byte(data, pos)
            if b == quote:
                return pos + 1, (name, value)
            value += _lower(b)
    if quote == 0x3E:
        return pos, (name, "")
    value += _lower(quote)
    pos += 1
    while True:
        b = _byte(data, pos)
        if b in SPACE or b == 0x3E:
            return pos, (name, value)
        value += _lower(b)
        pos += 1


def _meta(data: bytes, pos: int) -> tuple[int, str | None]:
    """The prescan's steps for a <meta> from after "<meta" + space or "/": (the position
    of the ">" that ends it, the encoding it names or None)."""
    seen: set[str] = set()
    got_pragma, need_pragma, charset, failed = False, None, None, False
    while True:
        pos, attribute = _get_attribute(data, pos)
        if attribute is None:
            break
        name, value = attribute
        if name in seen:
            continue
        seen.add(name)
        if name == "http-equiv":
            got_pragma = got_pragma or value == "content-type"
        elif name == "content":
            found = sniffing._charset_in(value)
            if found is not None and charset is None and not failed:
                charset, need_pragma = found, True
        elif name == "charset":
            charset = lookup(value)
            failed, need_pragma = charset is None, False
    if need_pragma is None or (need_pragma and not got_pragma) or charset is None:
        return pos, None
    if charset in ("UTF-16BE", "UTF-16LE"):
        return pos, "UTF-8"
    return pos, "windows-1252" if charset == "x-user-defined" else charset


def _xml_declaration(data: bytes) -> str | None:
    """The HTML Standard's "get an XML encoding", a byte at a time."""
    end = data.find(b">")
    if not data.startswith(b"<?xml") or end < 0:
        return None
    data = data[:end]
    pos = data.find(b"encoding")
    if pos < 0:
        return None
    pos += len(b"encoding")
    while pos < len(data) and data[pos] <= 0x20:
        pos += 1
    if pos >= len(data) or data[pos] != 0x3D:
        return None
    pos += 1
    while pos < len(data) and data[pos] <= 0x20:
        pos += 1
    if pos >= len(data) or data[pos] not in b"\"'":
        return None
    close = data.find(data[pos : pos + 1], pos + 1)
    label = data[pos + 1 : close]
    if close < 0 or any(b <= 0x20 for b in label):
        return None  # the quote does not close before the declaration does, or spaces
    found = lookup(label.decode("latin-1"))
    return "UTF-8" if found in ("UTF-16BE", "UTF-16LE") else found


def byte_by_byte_prescan(data: bytes) -> tuple[str | None, int]:
    """The HTML Standard's prescan as it is written, a byte at a time, then "get an XML
    encoding": (the encoding, where the <meta> that named it ends, or -1)."""
    data = data[:1024]
    if data.startswith(b"<\x00?\x00x\x00") or data.startswith(b"\x00<\x00?\x00x"):
        return ("UTF-16LE" if data[0] == 0x3C else "UTF-16BE"), -1
    pos = 0
    try:
        while pos < len(data):
            if data.startswith(b"<!--", pos):  # to the first "-->" after the "<"
                end = data.find(b"-->", pos + 2)
                if end < 0:
                    break
                pos = end + 2
            elif data[pos : pos + 5].lower() == b"<meta" and data[pos + 5 : pos + 6] in (
                [bytes([b]) for b in SPACE + b"/"]
            ):
                pos, charset = _meta(data, pos + 6)
                if charset is not None:
                    return charset, pos + 1
            elif data[pos] == 0x3C and (
                data[pos + 1 : pos + 2].isalpha()
                or (data[pos + 1 : pos + 2] == b"/" and data[pos + 2 : pos + 3].isalpha())
            ):
                while _byte(data, pos) not in SPACE and data[pos] != 0x3E:
                    pos += 1
                attribute: tuple[str, str] | None = ("", "")
                while attribute is not None:
                    pos, attribute = _get_attribute(data, pos)
            elif data[pos : pos + 2] in (b"<!", b"</", b"<?"):
                pos = data.find(b">", pos + 1)
                if pos < 0:
                    break
            pos += 1  # "next byte"
    except _OutOfBytes:
        pass
    return _xml_declaration(data), -1


def test_fast_prescan_is_the_byte_by_byte_prescan() -> None:
    pages = _random_pages(2026, 3000)
    fast = [prescan(page) for page in pages]
    assert fast == [byte_by_byte_prescan(page)[0] for page in pages]
    assert sum(found is not None for found in fast) > 100  # or this proves little


#: More pieces: tag names of every kind of first letter, the elements whose text the
#: tokenizer reads as text in any case, names with slashes, <meta> not followed by a space.
TAG_PIECES = [
    *PIECES, b"<i", b"<x", b"<n", b"<S", b"<T", b"<I", b"<q", b"<Z", b"<1", b"</1", b"<script",
    b"<SCRIPT ", b"<sTyle/", b"</style", b"<xmp>", b"</xmp ", b"<noscript>", b"<noembed",
    b"<iframe>", b"<textarea>", b"</title>", b"<plaintext", b"<Meta>", b"<metax", b"//",
    b"<img/", b"<b//c", b"<q/>", b"x", b"<!x>", b"<?x>", b"<p title='a>b'>", b"<Meta\x0c",
    b"charSet", b"CHARSET=koi8-r",
]  # fmt: skip


def test_fast_prescan_is_the_byte_by_byte_prescan_on_all_tag_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(2027)
    pages = [
        b"".join(rng.choice(TAG_PIECES) for _ in range(rng.randint(0, 40))) for _ in range(4000)
    ]
    monkeypatch.setattr(sniffing, "_no_meta_charset", lambda data: False)  # walk every page
    fast = [sniffing._prescan(page)[:2] for page in pages]  # encoding, end
    assert fast == [byte_by_byte_prescan(page) for page in pages]
    assert sum(found[0] is not None for found in fast) > 200


def test_skipping_pages_without_a_meta_charset_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(2028)
    pages = [
        b"".join(rng.choice(TAG_PIECES) for _ in range(rng.randint(0, 30))) for _ in range(3000)
    ]
    pages += [b"<?xml encoding='big5'?><meta name=x>", b"<?xml encoding='big5'?><p>", b"<META\n"]
    fast = [sniffing._prescan(page) for page in pages]
    assert sum(sniffing._no_meta_charset(page[:1024]) for page in pages) > 500
    monkeypatch.setattr(sniffing, "_no_meta_charset", lambda data: False)
    assert fast == [sniffing._prescan(page) for page in pages]


# --- Python 3.10: the possessive quantifiers rewritten -------------------------------------

#: Every compiled bytes pattern of the module.
PATTERNS = {
    **{name: p for name, p in vars(sniffing).items() if isinstance(p, re.Pattern)},
    **sniffing._patterns(),  # (they compile on first use)
}
BYTES_PATTERNS = {name: p for name, p in PATTERNS.items() if isinstance(p.pattern, bytes)}
needs_possessive = pytest.mark.skipif(
    not sniffing._POSSESSIVE, reason="on Python 3.10 the module's patterns are the rewritten ones"
)


@needs_possessive
def test_a_pattern_with_possessive_quantifiers_names_its_groups() -> None:
    # The rewrite adds a group per quantifier: numbered groups would move on Python 3.10.
    rewritten = [n for n, p in BYTES_PATTERNS.items() if sniffing._atomic(p.pattern) != p.pattern]
    assert len(rewritten) >= 7
    for name in rewritten:
        assert BYTES_PATTERNS[name].groups == len(BYTES_PATTERNS[name].groupindex), name


@needs_possessive
def test_the_python_310_patterns_match_as_the_possessive_ones() -> None:
    # Both compile on 3.11+: the same match (span and named groups) at every "<", the byte
    # after it and a few random places of random pages.
    rng = random.Random(2031)
    pages = [
        b"".join(rng.choice(TAG_PIECES) for _ in range(rng.randint(0, 30))) for _ in range(600)
    ]
    checked = 0
    for name, p in BYTES_PATTERNS.items():
        q = re.compile(sniffing._atomic(p.pattern), p.flags)
        if q.pattern == p.pattern:
            continue
        assert q.groupindex.keys() >= p.groupindex.keys()
        for page in pages:
            starts = {i for i, b in enumerate(page) if b == 0x3C}
            starts |= {i + 1 for i in starts} | {0, *rng.sample(range(len(page) + 1), 1)}
            for pos in starts:
                a, b = p.match(page, pos), q.match(page, pos)
                assert (a is None) == (b is None), (name, page, pos)
                if a is not None and b is not None:
                    checked += 1
                    assert a.span() == b.span(), (name, page, pos)
                    assert {g: a.span(g) for g in p.groupindex} == {
                        g: b.span(g) for g in p.groupindex
                    }, (name, page, pos)
    assert checked > 50_000


def test_atomic_rewrites_only_possessive_quantifiers() -> None:
    other = rb"(?i:a)[\]*+]?x+?(?P<n>[^]+]*)"  # classes, lazy and greedy quantifiers
    assert sniffing._atomic(other) == other
    rewritten = rb"(?:\x3c|(?!\x3c))a|b+(?!b)|(?=(?P<_a1>(?:(?=(?P<_a0>(?:ab)))(?P=_a0))*))(?P=_a1)"
    assert sniffing._atomic(rb"\x3c?+a|b++|(?:ab)*+") == rewritten


# --- the <meta> the parser meets ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"<meta charset=big5>", "Big5"),
        (b"<p>" * 2000 + b"<META CHARSET='KOI8-R'>", "KOI8-R"),
        (b"<!-- <meta charset=big5> --><meta charset=gbk>", "GBK"),
        (b"<!-- x --!><meta charset=big5>", "Big5"),  # "--!>" ends a comment too
        (b"<!--!><meta charset=big5>-->", None),  # ...but not "<!--!>"
        (b"<!--><meta charset=big5>", "Big5"),
        (b"<!---><meta charset=big5>", "Big5"),
        (b"<!-- never closed <meta charset=big5>", None),
        (b"<script>document.write('<meta charset=big5>')</script><meta charset=gbk>", "GBK"),
        (b"<script><!--<script></script><meta charset=big5></script>--></script>", None),
        (b"<script><!--</script><meta charset=big5>", "Big5"),
        (b"<script><!--<script>--></script><meta charset=big5>", "Big5"),
        (b"<title><meta charset=big5></title><meta charset=gbk>", "GBK"),
        (b"<TEXTAREA><meta charset=big5></textarea ><meta charset=gbk>", "GBK"),
        (b"<style><meta charset=big5></style/><meta charset=gbk>", "GBK"),
        (b"<noscript><meta charset=big5></noscript><meta charset=gbk>", "GBK"),
        (b"<plaintext></plaintext><meta charset=big5>", None),
        (b'<p title="<meta charset=big5>"><meta charset=gbk>', "GBK"),
        (b'<p title="<meta charset=big5>', None),  # the page ends inside the tag
        (b"<!DOCTYPE html><?php <meta charset=big5> ?><meta charset=gbk>", "GBK"),
        (b"</ <meta charset=big5>><meta charset=gbk>", "GBK"),
        (b"</><meta charset=big5>", "Big5"),
        (b'<a/b =">" <meta charset=big5>', None),  # one tag with two attributes
        (b"<meta charset=bogus charset=big5>", None),  # the first one counts
        (b'<meta charset=bogus http-equiv=content-type content="charset=big5">', "Big5"),
        (b'<meta http-equiv=refresh content="charset=big5">', None),
        (b'<meta http-equiv="Content-Type" content="text/html; charset=euc-kr">', "EUC-KR"),
        (b"<meta charset=shift&lowbar;jis>", "Shift_JIS"),  # character references are decoded
        (b"<meta charset=&#98;ig5>", "Big5"),
        (b"<meta charset=utf-16le>", "UTF-8"),
        (b"<meta charset=x-user-defined>", "windows-1252"),
        (b"<metacharset=big5><meta/charset=gbk>", "GBK"),
        (b"", None),
        (b"<meta", None),
    ],
)
def test_meta_while_parsing(data: bytes, expected: str | None) -> None:
    assert meta_while_parsing(data) == expected


def test_the_check_before_the_parser_scan_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # meta_while_parsing skips its scan when no "<meta" in the page, read as the tag the
    # tokenizer would start there, spells "charset" or "&#"; forcing the scan changes nothing.
    rng = random.Random(2029)
    pages = [
        b"".join(rng.choice(TAG_PIECES) for _ in range(rng.randint(0, 30))) for _ in range(3000)
    ]
    pages += [
        b'<!-- <meta x="  --> <meta charset=big5>',  # the first "<meta" is in a comment
        b"<meta name=x>" * 33 + b"<p>" + b"<meta charset=big5>",  # more than 32 of them
        b"<meta content='a>b' charset=gbk>",  # a ">" inside a quoted value
        b"<meta charset=&#98;ig5>",
    ]
    fast = [meta_while_parsing(page) for page in pages]
    assert fast[-4:] == ["Big5", "Big5", "GBK", "Big5"]
    monkeypatch.setattr(sniffing, "_no_meta_declares", lambda data: False)
    assert fast == [meta_while_parsing(page) for page in pages]
    assert sum(found is not None for found in fast) > 200


def test_the_parser_scan_skips_as_its_step_by_step_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    # _T_SKIP steps over what the loop would only step over, _T_META reads <meta> tags (and
    # _META_START finds those the page ends in); without them the loop takes every step.
    rng = random.Random(2032)
    pieces = [*TAG_PIECES, b"<meta charset=bogus>", b"<META charset=bogus>", b"<p>", b"<!x>",
              b"<Title>", b"<nav>", b"<ma", b"<SPAN ", b"<tt>", b"<xmpx>", b"<metal>",
              b"<noscripts>"]  # fmt: skip
    pages = [b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 30))) for _ in range(4000)]
    fast = [sniffing._meta_while_parsing(page, whole_page=False) for page in pages]
    never = re.compile(b"(?!)")
    monkeypatch.setattr(sniffing, "_T_SKIP", re.compile(b""))
    monkeypatch.setattr(sniffing, "_T_META", never)
    monkeypatch.setattr(sniffing, "_META_START", never)  # no "<meta" the page ends in
    assert fast == [sniffing._meta_while_parsing(page, whole_page=False) for page in pages]
    assert sum(found is not None for found in fast) > 300


def test_a_plain_meta_is_a_tag_that_cannot_declare() -> None:
    # The skips step over a "plain" <meta> in one match: where it matches, _TAG reads the
    # same tag, and that tag has no "charset" nor "&".
    pattern = b"<(?i:meta)" + sniffing._attributes(plain=True)
    plain_meta = re.compile(pattern if sniffing._POSSESSIVE else sniffing._atomic(pattern))
    rng = random.Random(2030)
    matched = 0
    for _ in range(20000):
        tag = b"<meta" + b"".join(rng.choice(TAG_PIECES) for _ in range(rng.randint(0, 12)))
        plain = plain_meta.match(tag)
        if plain is None:
            continue
        matched += 1
        whole = sniffing._TAG.match(tag, 1)
        assert whole is not None and whole.end() == plain.end(), tag
        assert not sniffing._may_declare(tag[: plain.end()]) and b"&" not in tag[: plain.end()]
    assert matched > 2000
    assert plain_meta.match(b'<meta name="viewport" content="width=device-width">')
    assert not plain_meta.match(b"<meta content='a>b' charset=gbk>")


def test_html_meta_follows_the_parser_when_it_disagrees_with_the_prescan() -> None:
    late = b"<!--" + b"x" * 1100 + b"--><meta charset=big5>"
    assert html_meta(late) == MetaFound("Big5", True)
    assert html_meta(b"<meta charset=big5>" + late) == MetaFound("Big5", False)
    assert html_meta(b"<meta charset=gbk>" + late) == MetaFound("GBK", False)
    hidden = b"<title><meta charset=gbk></title><meta charset=big5>"
    assert (prescan(hidden), html_meta(hidden)) == ("GBK", MetaFound("Big5", True))
    # A <meta> inside a script's text: only the prescan sees it, and nothing overrides it.
    script = b"<script>document.write('<meta charset=gbk>')</script>"
    assert html_meta(script) == MetaFound("GBK", False)
    assert html_meta(b"\x00<\x00?\x00x\x00m\x00l" + late) == MetaFound("UTF-16BE", False)
    assert html_meta(b"<p>hola") is None


def test_html_meta_shortcut_is_the_full_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    # When the prescan's walk is one the tokenizer would make too, html_meta trusts the
    # prescan's <meta> without the second scan; forcing that scan must change nothing.
    rng = random.Random(7)
    benign = [b"<p>", b"</p>", b"text ", b"<a href='x'>", b'<div class="a>b">', b"<br/>",
              b"<!-- c -->", b"<!-->", b"<title>T</title>", b"<script>var a = 1;</script>",
              b"<style>p{}</style>", b"<meta name=viewport content='w'>", b"<!DOCTYPE html>",
              b"<?php x ?>", b"</div >", b"<img src=a/b.png>"]  # fmt: skip
    tricky = [b'<a/b=">">', b'<a/b =">" ', b"<!-- x --!> ", b"<script>if (a<b) {}</script>",
              b"<script><!--<script></script>-->", b"<title><meta charset=gbk></title>",
              b"<meta charset=bogus http-equiv=content-type content='charset=gbk'>",
              b"<meta charset=sh&lowbar;jis>", b"<plaintext>", b"<textarea><</textarea>",
              b"<a b='x>", b"<script>", b"<!--", b"-->", b"<a//b c=\">\">"]  # fmt: skip
    declared = [
        b"<meta charset=big5>",
        b"<META CHARSET='koi8-r'>",
        b"<meta/charset=utf-8>",
        b'<meta http-equiv="Content-Type" content="text/html; charset=euc-kr">',
    ]
    pages = []
    for _ in range(3000):
        parts = [rng.choice(tricky if rng.random() < 0.1 else benign) for _ in range(12)]
        parts += [rng.choice(declared), rng.choice(tricky + benign + declared)]
        pages.append(b"".join(parts[: rng.randint(0, 12)] + parts[12:]))
    fast = [html_meta(page) for page in pages]
    prescan_ = sniffing._prescan
    monkeypatch.setattr(sniffing, "_prescan", lambda data: (*prescan_(data)[:2], False))
    assert fast == [html_meta(page) for page in pages]
    assert sum(found is not None and found.while_parsing for found in fast) > 100


def test_html_meta_shortcut_with_character_references(monkeypatch: pytest.MonkeyPatch) -> None:
    # A <meta> without "charset" keeps the shortcut even with an "&" in it, unless it has an
    # http-equiv (whose content could spell "charset" with character references).
    rng = random.Random(8)
    parts = [b"<p>", b"text ", b"<title>T</title>", b"<meta name=d content='a &amp; b'>",
             b"<meta http-equiv=refresh content='5;&amp;'>", b"<meta name='&#99;harset'>",
             b"<meta http-equiv=content-type content='text/html; &#99;harset=koi8-r'>",
             b"<meta http-equiv=content-type content='text/html; ch&#97;rset=gbk'>",
             b"<META HTTP-EQUIV=Content-Type CONTENT='charset=big5'>", b"<meta charset=euc-kr>",
             b"<meta charset=bogus>", b"<!-- c -->"]  # fmt: skip
    pages = [b"".join(rng.choice(parts) for _ in range(rng.randint(1, 8))) for _ in range(3000)]
    fast = [html_meta(page) for page in pages]
    prescan_ = sniffing._prescan
    monkeypatch.setattr(sniffing, "_prescan", lambda data: (*prescan_(data)[:2], False))
    assert fast == [html_meta(page) for page in pages]
    assert sum(found is not None and found.while_parsing for found in fast) > 100
    assert html_meta(parts[3] + parts[9]) == MetaFound("EUC-KR", False)


# --- decode_html: the late <meta>, browser_default, hostile input --------------------------


def test_decode_html_changes_the_encoding_for_a_late_meta() -> None:
    text = "Żółć, gęślą jaźń"
    page = b"<p>" + b"x" * 2000 + b"<meta charset=iso-8859-2><p>" + text.encode("iso-8859-2")
    decoded = decode_html(page)
    assert (decoded.how, decoded.confident) == ("ISO-8859-2 (meta, while parsing)", False)
    assert decoded.text.endswith(text)
    assert decode_html(page, "text/html; charset=windows-1252").how == "windows-1252 (header)"


def test_browser_default_skips_utf8_and_the_detector() -> None:
    assert decode_html("<p>año".encode()).how == "UTF-8 (valid UTF-8)"
    d = decode_html("<p>año".encode(), browser_default=True)
    assert (d.how, d.text, d.guess) == ("windows-1252 (default)", "<p>aÃ±o", None)
    d = decode_html(b"<p>x", browser_default=True, default="windows-1251")
    assert d.how == "windows-1251 (default)"
    assert decode_html(b"<meta charset=gbk>", browser_default=True).how == "GBK (meta)"


#: Megabytes of one construct, or of markup that never ends (benchmarks/hostile.py times them).
HOSTILE = load_script("benchmarks/hostile_inputs.py", "_hostile_inputs")


class _Counted:
    """A compiled pattern that adds to ``work[0]`` the bytes each call may have gone over:
    to the end of its match, or to the end of the data when it fails (as far as it can)."""

    def __init__(self, pattern: re.Pattern[bytes], work: list[int]) -> None:
        self.pattern, self.work = pattern, work

    def match(self, data: bytes, pos: int = 0, end: int = sys.maxsize) -> re.Match[bytes] | None:
        m = self.pattern.match(data, pos, end)
        self.work[0] += 1 + (min(len(data), end) if m is None else m.end()) - pos
        return m

    def search(self, data: bytes, pos: int = 0, end: int = sys.maxsize) -> re.Match[bytes] | None:
        m = self.pattern.search(data, pos, end)
        self.work[0] += 1 + (min(len(data), end) if m is None else m.end()) - pos
        return m

    def finditer(self, data: bytes) -> Iterator[re.Match[bytes]]:
        pos = 0
        for m in self.pattern.finditer(data):
            self.work[0] += 1 + m.end() - pos
            pos = m.end()
            yield m
        self.work[0] += len(data) - pos


def _work(data: bytes, monkeypatch: pytest.MonkeyPatch) -> int:
    """What decode_html does on ``data``, counted without a clock: its Python calls and C
    calls (the profiler's events), and the bytes its regular expressions go over (caches
    warm: a first run does the same)."""
    decode_html(data, detector=_none)
    work = [0]
    with monkeypatch.context() as patch:
        for name, pattern in vars(sniffing).items():
            if isinstance(pattern, re.Pattern) and isinstance(pattern.pattern, bytes):
                patch.setattr(sniffing, name, _Counted(pattern, work))
        end_tags = {name: _Counted(p, work) for name, p in sniffing._END_TAGS.items()}
        patch.setattr(sniffing, "_END_TAGS", end_tags)

        def count(frame: FrameType, event: str, arg: object) -> None:
            work[0] += 1

        previous = sys.getprofile()
        sys.setprofile(count)
        try:
            decode_html(data, detector=_none)
        finally:
            sys.setprofile(previous)
    return work[0]


@pytest.mark.parametrize("name", HOSTILE.inputs(0))  # the names
@pytest.mark.parametrize("tail", HOSTILE.TAILS.values(), ids=HOSTILE.TAILS)
def test_hostile_input_is_linear(name: str, tail: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    # Twice the input, at most twice the work and a constant: a walk that went over the page
    # again at each step would do four times as much (benchmarks/hostile.py has the times).
    small, large = HOSTILE.inputs(100_000)[name] + tail, HOSTILE.inputs(200_000)[name] + tail
    work = _work(small, monkeypatch)
    assert _work(large, monkeypatch) <= 2 * work + 2000
    rule = decode_html(large, detector=_none).rule
    assert rule in (Rule.VALID_UTF8, Rule.DEFAULT, Rule.META_PARSED)
