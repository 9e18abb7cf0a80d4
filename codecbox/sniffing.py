"""Where an encoding is written down: byte order marks, the Content-Type charset, ``<meta>``.

Before anything is guessed, the bytes and their envelope may already say what they
are. This module reads those declarations exactly as the HTML Standard does:

* :func:`bom`: a byte order mark at the very start (one table, :data:`BOMS`; the
  UTF-32 marks count for files, not for web pages, as in the Encoding Standard);
* :func:`charset_from_content_type`: the ``charset`` of an HTTP ``Content-Type``;
* :func:`prescan`: the ``<meta charset>`` (or ``http-equiv``) in the first 1024 bytes,
  walked as a tokenizer would, then the XML declaration.

>>> bom(b"\\xef\\xbb\\xbfhola")
(Encoding(name='UTF-8', codec='utf-8'), 3)
>>> prescan(b'<meta charset="euc-jp">')
'EUC-JP'
"""

from __future__ import annotations

import codecs
import re

from codecbox.labels import Encoding, lookup, resolve

__all__ = ["BOMS", "bom", "charset_from_content_type", "prescan"]


# --- byte order marks ---------------------------------------------------------------------

#: (mark, encoding it announces, a codec that decodes the bytes *with* the mark and drops
#: it, whether browsers honour it). Longest first: the UTF-32LE mark starts with UTF-16LE's.
BOMS: tuple[tuple[bytes, str, str, bool], ...] = (
    (codecs.BOM_UTF8, "utf-8", "utf-8-sig", True),
    (codecs.BOM_UTF32_LE, "utf-32-le", "utf-32", False),
    (codecs.BOM_UTF32_BE, "utf-32-be", "utf-32", False),
    (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16", True),
    (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16", True),
)


def bom(data: bytes, *, web: bool = False, keep: bool = False) -> tuple[Encoding, int] | None:
    """The encoding a byte order mark at the start of ``data`` announces, and its length.

    ``web=True`` knows only the three marks of the Encoding Standard (so ``FF FE 00 00``
    is UTF-16LE followed by U+0000, as in a browser); files also have UTF-32.
    With ``keep=True`` the encoding is one whose codec decodes the mark away itself
    (``utf-8-sig``, ``utf-16``, ``utf-32``), and the length is 0.

    >>> bom(codecs.BOM_UTF32_LE + "a".encode("utf-32-le"))
    (Encoding(name='utf-32-le', codec='utf-32-le'), 4)
    >>> bom(codecs.BOM_UTF32_LE, web=True)
    (Encoding(name='UTF-16LE', codec='utf-16-le'), 2)
    >>> bom(codecs.BOM_UTF16_BE + b"\\x00a", keep=True)
    (Encoding(name='utf-16', codec='utf-16'), 0)
    >>> print(bom(b"hola"))
    None
    """
    for mark, announced, eating, for_web in BOMS:
        if (for_web or not web) and data.startswith(mark):
            return (resolve(eating), 0) if keep else (resolve(announced), len(mark))
    return None


# --- the charset of a Content-Type value ------------------------------------------------------

_WS = "\t\n\f\r "  # ASCII whitespace as the HTML Standard defines it


def _charset_in(value: str) -> str | None:
    """The HTML Standard's "extracting a character encoding from a meta element".

    Deliberately lax (it finds ``charset`` anywhere, quotes optional), because that is what
    browsers run on ``<meta content>`` values.
    """
    lowered = value.lower()
    start = 0
    while True:
        found = lowered.find("charset", start)
        if found < 0:
            return None
        pos = found + len("charset")
        while pos < len(value) and value[pos] in _WS:
            pos += 1
        if pos >= len(value) or value[pos] != "=":
            start = pos  # "move position to point just before that next character"
            continue
        pos += 1
        while pos < len(value) and value[pos] in _WS:
            pos += 1
        if pos >= len(value):
            return None
        first = value[pos]
        if first in "\"'":
            end = value.find(first, pos + 1)
            if end < 0:
                return None  # an unmatched quote
            return lookup(value[pos + 1 : end])
        end = pos
        while end < len(value) and value[end] not in _WS and value[end] != ";":
            end += 1
        return lookup(value[pos:end])


def charset_from_content_type(value: str | None) -> str | None:
    """WHATWG name of the ``charset`` in a Content-Type header value, or None.

    None when there is no charset or its label is unknown (then the page's own
    declaration gets its turn, as in browsers).

    >>> charset_from_content_type("text/html; Charset='Shift-JIS'")
    'Shift_JIS'
    >>> charset_from_content_type("text/html;charset=latin1"), charset_from_content_type("text/css")
    ('windows-1252', None)
    >>> print(charset_from_content_type("text/html; charset=klingon"))
    None
    """
    return None if value is None else _charset_in(value)


# --- the prescan --------------------------------------------------------------------------

_SPACE = b"\t\n\x0c\r "
_SPACE_OR_SLASH = _SPACE + b"/"
_PRESCAN_LIMIT = 1024
_META = re.compile(rb"<meta[\t\n\x0c\r /]", re.IGNORECASE)  # re.I is ASCII-only on bytes


class _OutOfBytes(Exception):
    """The position pointer went past the end: the prescan gives up."""


def _byte(data: bytes, pos: int) -> int:
    if pos >= len(data):
        raise _OutOfBytes
    return data[pos]


def _lower(b: int) -> str:
    return chr(b + 0x20 if 0x41 <= b <= 0x5A else b)


def _get_attribute(data: bytes, pos: int) -> tuple[int, tuple[str, str] | None]:
    """The HTML Standard's "get an attribute": (new position, (name, value) or None)."""
    while _byte(data, pos) in _SPACE_OR_SLASH:
        pos += 1
    if data[pos] == 0x3E:  # ">": there is no attribute
        return pos, None
    name = ""
    while True:  # the attribute name
        b = _byte(data, pos)
        if b == 0x3D and name:
            pos += 1
            break  # to "value"
        if b in _SPACE:
            while _byte(data, pos) in _SPACE:  # "spaces"
                pos += 1
            if data[pos] != 0x3D:
                return pos, (name, "")
            pos += 1
            break  # to "value"
        if b in b"/>":
            return pos, (name, "")
        name += _lower(b)
        pos += 1
    while _byte(data, pos) in _SPACE:  # "value"
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
        if b in _SPACE or b == 0x3E:
            return pos, (name, value)
        value += _lower(b)
        pos += 1


def _meta_charset(data: bytes, pos: int) -> tuple[int, str | None]:
    """Attributes of one ``<meta`` (pos is just after ``<meta``): (position, encoding or None)."""
    seen: set[str] = set()
    got_pragma = False
    need_pragma: bool | None = None
    charset: str | None = None
    charset_failed = False  # "failure" is not "null": a bad charset= blocks content=
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
            found = _charset_in(value)
            if found is not None and charset is None and not charset_failed:
                charset, need_pragma = found, True
        elif name == "charset":
            charset = lookup(value)
            charset_failed = charset is None
            need_pragma = False
    if need_pragma is None or (need_pragma and not got_pragma) or charset is None:
        return pos, None
    if charset in ("UTF-16BE", "UTF-16LE"):
        return pos, "UTF-8"  # a page that can read its own <meta> as ASCII is not UTF-16
    if charset == "x-user-defined":
        return pos, "windows-1252"
    return pos, charset


def _xml_declaration(data: bytes) -> str | None:
    """The HTML Standard's "get an XML encoding", the prescan's last resort."""
    if not data.startswith(b"<?xml") or b">" not in data:
        return None
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
    end = data.find(data[pos : pos + 1], pos + 1)
    if end < 0:
        return None
    label = data[pos + 1 : end]
    if any(b <= 0x20 for b in label):
        return None
    found = lookup(label.decode("latin-1"))
    return "UTF-8" if found in ("UTF-16BE", "UTF-16LE") else found


def prescan(data: bytes) -> str | None:
    """The HTML Standard's "prescan a byte stream to determine its encoding" on ``data[:1024]``.

    It walks the bytes as a tokenizer would (comments, other tags and their attributes are
    skipped), so a ``<meta charset>`` inside a comment or an attribute value does not count.
    Returns the WHATWG name, or None.

    >>> prescan(b'<!-- <meta charset="big5"> --><meta http-equiv=Content-Type '
    ...         b'content="text/html; charset=EUC-JP">')
    'EUC-JP'
    >>> prescan(b'<div title="<meta charset=big5>">'), prescan(b"<meta charset=utf-16le>")
    (None, 'UTF-8')
    >>> prescan(b"<meta charset=nonsense><meta charset=koi8-r>")
    'KOI8-R'
    """
    data = data[:_PRESCAN_LIMIT]
    if data.startswith(b"<\x00?\x00x\x00"):
        return "UTF-16LE"
    if data.startswith(b"\x00<\x00?\x00x"):
        return "UTF-16BE"
    pos = 0
    try:
        while True:
            b = _byte(data, pos)
            nxt = data[pos + 1 : pos + 2]
            if b != 0x3C:
                pass
            elif data.startswith(b"<!--", pos):
                end = data.find(b"-->", pos + 2)
                if end < 0:
                    raise _OutOfBytes
                pos = end + 2
            elif _META.match(data, pos):
                pos, charset = _meta_charset(data, pos + 5)
                if charset is not None:
                    return charset
            elif nxt.isalpha() or (nxt == b"/" and data[pos + 2 : pos + 3].isalpha()):
                pos += 1
                while _byte(data, pos) not in _SPACE and data[pos] != 0x3E:
                    pos += 1
                attribute: tuple[str, str] | None = ("", "")
                while attribute is not None:
                    pos, attribute = _get_attribute(data, pos)
            elif nxt in (b"!", b"/", b"?"):
                end = data.find(b">", pos + 1)
                if end < 0:
                    raise _OutOfBytes
                pos = end
            pos += 1
    except _OutOfBytes:
        return _xml_declaration(data)
