"""Decode bytes the way a browser does, and say which rule chose the encoding.

The order for HTML is the HTML Standard's encoding sniffing algorithm: a byte order mark
wins, then the ``charset`` of the HTTP ``Content-Type`` header, then a ``<meta>`` found by
the prescan of the first 1024 bytes. Browsers would then guess or fall back to a locale
default; here the guess is "valid UTF-8 is UTF-8", then a statistical detector, then
windows-1252. Every label goes through the WHATWG table (:mod:`codecbox.labels`), so
``iso-8859-1`` really decodes as windows-1252 and ``shift_jis`` as cp932, as in browsers.

>>> page = '<meta charset="shift_jis"><p>こんにちは～</p>'.encode("cp932")
>>> d = decode_html(page)
>>> d.how, d.codec, d.text[-10:]
('Shift_JIS (meta)', 'cp932', 'こんにちは～</p>')
>>> decode_html(page, "text/html; charset=UTF-8").how
'UTF-8 (header)'
>>> decode_html("<p>¡Hola!</p>".encode()).how
'UTF-8 (valid)'
"""

from __future__ import annotations

import codecs
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from codecbox.errors import DecodeError
from codecbox.labels import PYTHON_CODECS, lookup, whatwg_name

__all__ = [
    "Decoded",
    "charset_from_content_type",
    "decode_bytes",
    "decode_html",
    "prescan",
]


@dataclass(frozen=True)
class Decoded:
    """Decoded text plus the evidence: which encoding, which codec, which rule decided."""

    text: str
    #: WHATWG encoding name, e.g. "Shift_JIS", "UTF-8", "windows-1252"
    encoding: str
    #: the Python codec used ("cp932"); None for the replacement encoding
    codec: str | None
    #: the rule that decided: "BOM", "header", "meta", "declared", "valid", "detected", "default"
    source: str
    #: how many U+FFFD the decoding inserted (0 when the bytes decoded cleanly)
    replaced: int

    @property
    def how(self) -> str:
        """One line for a report, e.g. ``"Shift_JIS (header)"``."""
        return f"{self.encoding} ({self.source})"


# --- byte order marks ---------------------------------------------------------------------

_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\xef\xbb\xbf", "UTF-8"),
    (b"\xfe\xff", "UTF-16BE"),
    (b"\xff\xfe", "UTF-16LE"),
)


def _sniff_bom(data: bytes) -> tuple[str, int] | None:
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name, len(bom)
    return None


# --- charset in a Content-Type value ------------------------------------------------------

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


# --- decoding with an exact count of replacements -----------------------------------------

_COUNTS = threading.local()
_COUNTING = "codecbox.count-replace"


def _count_replace(exc: UnicodeError) -> tuple[str, int]:
    # Same output as errors="replace", but counts: a U+FFFD already in the input
    # decodes normally and is never counted.
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    _COUNTS.n += 1
    return "\ufffd", exc.end


codecs.register_error(_COUNTING, _count_replace)


def _decode_as(data: bytes, skip: int, encoding: str, source: str, errors: str) -> Decoded:
    where = f"{encoding} ({source})"
    codec = PYTHON_CODECS[encoding]
    payload = data[skip:]
    if codec is None:  # the replacement encoding: all of it is one error
        if not payload:
            return Decoded("", encoding, None, source, 0)
        if errors == "strict":
            reason = "the replacement encoding decodes nothing"
            raise DecodeError(encoding, data, skip, skip + 1, reason, where=where)
        return Decoded("\ufffd", encoding, None, source, 1)
    try:
        return Decoded(payload.decode(codec), encoding, codec, source, 0)
    except UnicodeDecodeError as exc:
        if errors == "strict":
            raise DecodeError.wrap(exc, base=skip, where=where) from None
    _COUNTS.n = 0
    text = payload.decode(codec, _COUNTING)
    return Decoded(text, encoding, codec, source, _COUNTS.n)


# --- the one pipeline ---------------------------------------------------------------------


def _detect(data: bytes, candidates: Sequence[str] | None) -> str | None:
    try:
        from codecbox.detection import guess_charset_normalizer
    except ImportError:  # detection is optional; the default still gives an answer
        return None
    guess = guess_charset_normalizer(data, candidates)
    if guess.encoding is None:
        return None
    found = whatwg_name(guess.encoding)
    return None if found == "replacement" else found


def _pipeline(
    data: bytes,
    declarations: Sequence[tuple[str, Callable[[], str | None]]],
    candidates: Sequence[str] | None,
    errors: str,
) -> Decoded:
    """BOM > each declaration in order > valid UTF-8 > detection > windows-1252."""
    if errors not in ("replace", "strict"):
        raise ValueError(f"errors must be 'replace' or 'strict', not {errors!r}")
    bom = _sniff_bom(data)
    if bom is not None:
        return _decode_as(data, bom[1], bom[0], "BOM", errors)
    for source, declared in declarations:
        encoding = declared()
        if encoding is not None:
            return _decode_as(data, 0, encoding, source, errors)
    try:
        return Decoded(data.decode("utf-8"), "UTF-8", "utf-8", "valid", 0)
    except UnicodeDecodeError:
        pass
    encoding = _detect(data, candidates)
    if encoding is not None:
        return _decode_as(data, 0, encoding, "detected", errors)
    return _decode_as(data, 0, "windows-1252", "default", errors)


def decode_html(
    body: bytes, content_type: str | None = None, *, errors: str = "replace"
) -> Decoded:
    """Decode an HTML page: BOM > Content-Type charset > ``<meta>`` (prescan) > valid UTF-8
    > detection > windows-1252.

    With ``errors="replace"`` (the default) this never raises on any bytes; ``replaced``
    counts the U+FFFD inserted. With ``errors="strict"`` a :class:`~codecbox.errors.DecodeError`
    gives the offset in the whole body and, in ``where``, the decision that was followed.

    >>> decode_html(b"\\xef\\xbb\\xbf<meta charset=big5>caf\\xc3\\xa9", "text/html;charset=gbk").how
    'UTF-8 (BOM)'
    >>> d = decode_html(b"<meta charset=utf-8>caf\\xe9 \\xef\\xbf\\xbd")
    >>> d.text[-6:], d.replaced
    ('caf\\ufffd \\ufffd', 1)
    >>> decode_html(b"<meta charset=utf-8>caf\\xe9!", errors="strict")
    Traceback (most recent call last):
    ...
    codecbox.errors.DecodeError: UTF-8 (meta): cannot decode byte e9 at offset 23 as utf-8: \
invalid continuation byte
    """
    return _pipeline(
        body,
        (
            ("header", lambda: charset_from_content_type(content_type)),
            ("meta", lambda: prescan(body)),
        ),
        None,
        errors,
    )


def _candidate_codecs(candidates: Sequence[str] | None) -> list[str] | None:
    # Python codec names pass as they are; WHATWG-only labels ("sjis", "x-mac-cyrillic")
    # become the codec a browser would use.
    if candidates is None:
        return None
    out = []
    for name in candidates:
        try:
            out.append(codecs.lookup(name).name)
        except LookupError:
            codec = PYTHON_CODECS.get(lookup(name) or "")
            if codec is None:
                raise ValueError(f"unknown candidate encoding {name!r}") from None
            out.append(codec)
    return out


def decode_bytes(
    data: bytes,
    declared: str | None = None,
    candidates: Sequence[str] | None = None,
    *,
    errors: str = "replace",
) -> Decoded:
    """Decode a text file (CSV, logs, subtitles): BOM > ``declared`` label > valid UTF-8
    > detection among ``candidates`` (Python codec names or labels) > windows-1252.

    ``declared`` is a WHATWG label, so ``"latin1"`` decodes as windows-1252, the way a
    browser would show the file; an unknown label is a ValueError, not a silent guess.

    >>> d = decode_bytes("Año;Señal\\n".encode("cp1252"), declared="latin1")
    >>> d.text, d.how
    ('Año;Señal\\n', 'windows-1252 (declared)')
    >>> decode_bytes(b"x", declared="l9").how
    'ISO-8859-15 (declared)'
    >>> decode_bytes(b"x", declared="utf-7")
    Traceback (most recent call last):
    ...
    ValueError: unknown encoding label 'utf-7'
    """
    encoding = None
    if declared is not None:
        encoding = lookup(declared)
        if encoding is None:
            raise ValueError(f"unknown encoding label {declared!r}")
    return _pipeline(data, (("declared", lambda: encoding),), _candidate_codecs(candidates), errors)
