"""Where an encoding is written down: byte order marks, the Content-Type charset, ``<meta>``.

Before anything is guessed, the bytes and their envelope may already say what they
are. This module reads those declarations exactly as the standards do:

* :func:`bom`: a byte order mark at the very start (one table, :data:`BOMS`; the
  UTF-32 marks count for files, not for web pages, as in the Encoding Standard);
* :func:`charset_from_content_type`: the ``charset`` of an HTTP ``Content-Type``, which
  :func:`extract_mime_type` reads as the Fetch Standard does (:func:`parse_mime_type`
  is the MIME Sniffing Standard's parser);
* :func:`prescan`: the HTML Standard's ``<meta charset>`` (or ``http-equiv``) in the first
  1024 bytes, walked as its prescan does, then the XML declaration;
* :func:`meta_while_parsing`: the ``<meta>`` the HTML tokenizer meets first in the whole
  document (outside comments, scripts, ``<title>``...), which makes a browser "change the
  encoding" while parsing; :func:`html_meta` puts the two together as a browser ends up.

>>> bom(b"\\xef\\xbb\\xbfhola")
(Encoding(name='UTF-8', codec='utf-8'), 3)
>>> prescan(b'<meta charset="euc-jp">')
'EUC-JP'
"""

from __future__ import annotations

import functools
import html
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from codecbox.labels import Encoding, lookup, resolve
from codecbox.rules import Rule
from codecbox.table import TABLE

__all__ = [
    "BOMS",
    "MetaFound",
    "MimeType",
    "bom",
    "charset_from_content_type",
    "extract_mime_type",
    "html_meta",
    "meta_declaration",
    "meta_while_parsing",
    "parse_mime_type",
    "prescan",
    "web_encoding",
]


# --- byte order marks ---------------------------------------------------------------------

#: (mark, encoding it announces, a codec that decodes the bytes *with* the mark and drops
#: it, whether browsers honour it), from :data:`codecbox.table.TABLE`. Longest first: the
#: UTF-32LE mark starts with UTF-16LE's.
BOMS: tuple[tuple[bytes, str, str, bool], ...] = tuple(
    (r.bom, r.python or r.name, r.sig, r.exact is not None) for r in TABLE if r.bom
)


def bom(data: bytes, *, web: bool = False, keep: bool = False) -> tuple[Encoding, int] | None:
    """The encoding a byte order mark at the start of ``data`` announces, and its length.

    ``web=True`` knows only the three marks of the Encoding Standard (so ``FF FE 00 00``
    is UTF-16LE followed by U+0000, as in a browser); files also have UTF-32.
    With ``keep=True`` the encoding is one whose codec decodes the mark away itself
    (``utf-8-sig``, ``utf-16``, ``utf-32``), and the length is 0.

    >>> import codecs
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


#: The Encoding Standard's "get an encoding", remembered: pages repeat a few labels.
_label = functools.lru_cache(maxsize=512)(lookup)


@functools.lru_cache(maxsize=128)
def web_encoding(name: str) -> Encoding:
    """The :class:`~codecbox.labels.Encoding` a browser decodes with for a label found in a
    page or a header (``resolve(name, label=True)``, remembered).

    >>> web_encoding("latin1").name
    'windows-1252'
    """
    return resolve(name, label=True)


# --- the Content-Type header: the Fetch Standard's "extract a MIME type" -------------------

_HTTP_WS = "\t\n\r "  # HTTP whitespace (no form feed)
_HTTP_TAB_OR_SPACE = "\t "
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")  # HTTP token code points
_QUOTED_TOKEN = re.compile(r"[\t\x20-\x7e\x80-\xff]*")  # HTTP quoted-string token code points
_NOT_QUOTE_OR_BACKSLASH = re.compile(r'[^"\\]*')
_NOT_QUOTE_OR_COMMA = re.compile(r'[^",]*')
_SEMICOLON_OR_EQUALS = re.compile(r"[;=]")
#: The common header, ``type/subtype`` and at most a plain ``charset=token``: what the full
#: algorithm gives for it is just that token (no "*", so "*/*" takes the full path).
_SIMPLE = re.compile(
    r"[\t\n\r ]*[!#$%&'+\-.^_`|~0-9A-Za-z]+/[!#$%&'+\-.^_`|~0-9A-Za-z]+[\t\n\r ]*"
    r"(?:;[\t\n\r ]*(?i:charset)=([!#$%&'*+\-.^_`|~0-9A-Za-z]+)[\t\n\r ]*)?"
)


@dataclass(frozen=True)
class MimeType:
    """A parsed MIME type: lowercase ``type`` and ``subtype``, ``params`` in order.

    Parameter names are lowercase; values keep their case (``charset=GBK`` stays ``GBK``).

    >>> m = parse_mime_type('Text/HTML; Charset="Shift_JIS"; x=1')
    >>> m.essence, m.parameters["charset"], str(m)
    ('text/html', 'Shift_JIS', 'text/html;charset=Shift_JIS;x=1')
    """

    type: str
    subtype: str
    params: tuple[tuple[str, str], ...] = ()

    @property
    def essence(self) -> str:
        """``type/subtype``, what two MIME types are compared by."""
        return f"{self.type}/{self.subtype}"

    @property
    def parameters(self) -> dict[str, str]:
        """The parameters as a dict (a name occurs once: the first one was kept)."""
        return dict(self.params)

    def __str__(self) -> str:
        """The MIME Sniffing Standard's serialization."""
        out = [self.essence]
        for name, value in self.params:
            if not value or not _TOKEN.fullmatch(value):
                value = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
            out.append(f";{name}={value}")
        return "".join(out)


def _quoted_string(text: str, pos: int, *, extract: bool) -> tuple[str, int]:
    """Fetch's "collect an HTTP quoted string" from ``text[pos] == '"'``: (string, new pos)."""
    start, pos, value = pos, pos + 1, []
    while True:
        run = _NOT_QUOTE_OR_BACKSLASH.match(text, pos)
        assert run is not None  # a * pattern always matches
        value.append(run.group())
        pos = run.end()
        if pos >= len(text):
            break
        quote_or_backslash = text[pos]
        pos += 1
        if quote_or_backslash != "\\":
            break  # the closing quote
        if pos >= len(text):
            value.append("\\")
            break
        value.append(text[pos])
        pos += 1
    return ("".join(value) if extract else text[start:pos]), pos


def parse_mime_type(value: str) -> MimeType | None:
    """The MIME Sniffing Standard's "parse a MIME type", or None for failure.

    Parameters with an invalid name or value are dropped, the first of two with the same
    name wins, ``"``-quoted values lose their quotes and backslash escapes, and single
    quotes are just characters.

    >>> parse_mime_type("text/html;charset=gbk;charset=windows-1255").parameters
    {'charset': 'gbk'}
    >>> parse_mime_type('text/html;charset="\\\\g\\\\b\\\\k"').parameters, parse_mime_type("text/")
    ({'charset': 'gbk'}, None)
    """
    text = value.strip(_HTTP_WS)
    slash = text.find("/")
    if slash < 0 or not _TOKEN.fullmatch(text, 0, slash):
        return None
    end = text.find(";", slash + 1)
    end = len(text) if end < 0 else end
    subtype = text[slash + 1 : end].rstrip(_HTTP_WS)
    if not _TOKEN.fullmatch(subtype):
        return None
    params: dict[str, str] = {}
    pos, n = end, len(text)
    while pos < n:
        pos += 1  # past the ";"
        while pos < n and text[pos] in _HTTP_WS:
            pos += 1
        stop = _SEMICOLON_OR_EQUALS.search(text, pos)
        name_end = n if stop is None else stop.start()
        name = text[pos:name_end]
        pos = name_end
        if pos < n:
            if text[pos] == ";":
                continue
            pos += 1  # past the "="
        if pos >= n:
            break
        if text[pos] == '"':
            parameter, pos = _quoted_string(text, pos, extract=True)
            semicolon = text.find(";", pos)
            pos = n if semicolon < 0 else semicolon
        else:
            semicolon = text.find(";", pos)
            stop_at = n if semicolon < 0 else semicolon
            parameter = text[pos:stop_at].rstrip(_HTTP_WS)
            pos = stop_at
            if not parameter:
                continue
        if name and _TOKEN.fullmatch(name) and _QUOTED_TOKEN.fullmatch(parameter):
            params.setdefault(name.lower(), parameter)  # a token is ASCII: lower() is exact
    return MimeType(text[:slash].lower(), subtype.lower(), tuple(params.items()))


def _split_header(value: str) -> list[str]:
    """Fetch's "get, decode, and split": commas inside ``"``-quoted strings do not split."""
    values: list[str] = []
    pos, current = 0, ""
    while True:
        run = _NOT_QUOTE_OR_COMMA.match(value, pos)
        assert run is not None
        current += run.group()
        pos = run.end()
        if pos < len(value) and value[pos] == '"':
            quoted, pos = _quoted_string(value, pos, extract=False)
            current += quoted
            if pos < len(value):
                continue
        values.append(current.strip(_HTTP_TAB_OR_SPACE))
        current = ""
        if pos >= len(value):
            return values
        pos += 1  # past the ","


def extract_mime_type(value: str | Sequence[str]) -> MimeType | None:
    """The Fetch Standard's "extract a MIME type" from Content-Type header value(s).

    ``value`` is the header's value, or a list of the values of several ``Content-Type``
    headers (joined with ``", "``, as HTTP combines them). Each comma-separated MIME type is
    parsed; an invalid one and ``*/*`` are skipped; a later type with the same essence
    keeps the earlier ``charset`` unless it has its own, and one with a different essence
    forgets it. None when no value is a valid MIME type.

    >>> str(extract_mime_type("text/html;charset=gbk, text/html"))
    'text/html;charset=gbk'
    >>> str(extract_mime_type(["text/plain;charset=gbk", "text/html"]))
    'text/html'
    """
    combined = value if isinstance(value, str) else ", ".join(value)
    charset: str | None = None
    essence: str | None = None
    mime: MimeType | None = None
    for item in _split_header(combined):
        parsed = parse_mime_type(item)
        if parsed is None or parsed.essence == "*/*":
            continue
        mime = parsed
        own = mime.parameters.get("charset")
        if mime.essence != essence:
            charset, essence = own, mime.essence
        elif own is None and charset is not None:
            mime = MimeType(mime.type, mime.subtype, (*mime.params, ("charset", charset)))
    return mime


def charset_from_content_type(value: str | Sequence[str] | None) -> str | None:
    """WHATWG name of the ``charset`` of a Content-Type header (Fetch's rules), or None.

    None when there is no header, no valid MIME type, no charset or an unknown label
    (then the page's own declaration gets its turn, as in browsers). Several headers can be
    given as a list.

    >>> charset_from_content_type('text/html; Charset="Shift-JIS"')
    'Shift_JIS'
    >>> charset_from_content_type("text/html;charset=latin1"), charset_from_content_type("text/css")
    ('windows-1252', None)
    >>> print(charset_from_content_type("text/html; xcharset=big5"))
    None
    """
    if value is None:
        return None
    simple = _SIMPLE.fullmatch(value) if isinstance(value, str) else None
    if simple is not None:
        label = simple.group(1)
    else:
        mime = extract_mime_type(value)
        label = None if mime is None else mime.parameters.get("charset")
    return None if label is None else _label(label)


# --- extracting a character encoding from a meta element's content -------------------------

_WS = "\t\n\f\r "  # ASCII whitespace as the HTML Standard defines it


#: "charset", spaces, "=", spaces, then a quoted value (1, 2), an unquoted one (3), an
#: unmatched quote (4) or nothing. The first "charset" followed by "=" is the one that counts.
_CHARSET_IN = re.compile(
    r"charset[\t\n\f\r ]*=[\t\n\f\r ]*"
    r"(?:\"([^\"]*)\"|'([^']*)'|([^\t\n\f\r ;\"'][^\t\n\f\r ;]*|(?=;))|[\"']|\Z)",
    re.IGNORECASE | re.ASCII,  # ASCII case-insensitive: "charſet" is not "charset"
)


def _charset_in(value: str) -> str | None:
    """The HTML Standard's "extracting a character encoding from a meta element".

    Deliberately lax (it finds ``charset`` anywhere, quotes optional), because that is what
    browsers run on ``<meta content>`` values. (Not for HTTP headers: see
    :func:`extract_mime_type`.)
    """
    m = _CHARSET_IN.search(value)
    if m is None:
        return None
    label = m.group(1)
    if label is None:
        label = m.group(2)
        if label is None:
            label = m.group(3)
            if label is None:
                return None  # an unmatched quote, or nothing after "="
    return _label(label)


def _changed_to(name: str) -> str:
    """A ``<meta>``'s encoding as a browser uses it: a page whose markup reads as ASCII is
    not UTF-16, and x-user-defined is not for pages."""
    if name in ("UTF-16BE", "UTF-16LE"):
        return "UTF-8"
    return "windows-1252" if name == "x-user-defined" else name


# --- regular expressions: possessive quantifiers on every Python ---------------------------
#
# The prescan's and the tokenizer's patterns below use possessive quantifiers (``X*+``,
# ``X++``, ``X?+``: never backtracked into), which Python's re has from 3.11. On 3.10
# _atomic writes them without: the same matches, as linear (tests compare the two forms on
# 3.11). 3.11+ keeps the possessive ones: rewritten, the prescan takes 2.5 times as long.
# The rewrite adds named groups, so a pattern that has possessive quantifiers names the
# groups the code reads. 3.10's re also keeps every turn of a loop until the match ends,
# with the pattern's groups (up to 1 KB a turn in _T_SKIP): 2 MB of "<title>" repeated
# takes some 280 MB there.

#: Python's re has possessive quantifiers (3.11+).
_POSSESSIVE = sys.version_info >= (3, 11)


def _once(pattern: bytes, name: bytes) -> bytes:
    """``pattern`` matched as it first matches, never backtracked into (``(?>pattern)``):
    a lookahead is atomic in Python's re, and the backreference consumes what it matched."""
    return b"(?=(?P<" + name + b">" + pattern + b"))(?P=" + name + b")"


def _atomic(pattern: bytes) -> bytes:
    """``pattern`` with each ``X*+``, ``X++`` and ``X?+`` written without them (``{m,n}+``
    is not handled: these patterns have none).

    A repeated byte (a class, an escape, a literal) gives back nothing of its run: ``X*+``
    is ``X*(?!X)``, ``X?+`` is ``(?:X|(?!X))``. A repeated group is matched once, and so
    is each turn, as 3.11 does (which also keeps less of each turn in memory).

    >>> _atomic(rb"(?:[^<]++|<)*+x?+")
    b'(?=(?P<_a1>(?:(?=(?P<_a0>(?:[^<]+(?![^<])|<)))(?P=_a0))*))(?P=_a1)(?:x|(?!x))'
    """
    out = bytearray()
    opened: list[int] = []  # where each open group starts in out
    atom = -1  # where what a quantifier would repeat starts in out; -1: nothing
    byte = False  # whether that is one byte
    i = count = 0
    while i < len(pattern):
        c = pattern[i]
        j = i + 1  # the end of this token
        if c == 0x5C:  # "\": an escape, "\xhh" or one character
            j = i + (4 if pattern[i + 1] == 0x78 else 2)
        elif c == 0x5B:  # "[": a class, to its "]" (which may come first)
            j += pattern[j] == 0x5E  # "^"
            j += pattern[j] == 0x5D
            while pattern[j] != 0x5D:
                j += 2 if pattern[j] == 0x5C else 1
            j += 1
        elif c in b"*+?" and atom >= 0:  # a quantifier
            if pattern[j : j + 1] == b"+":  # possessive
                x, q = bytes(out[atom:]), bytes([c])
                if byte:
                    out[atom:] = (
                        b"(?:" + x + b"|(?!" + x + b"))" if q == b"?" else x + q + b"(?!" + x + b")"
                    )
                else:
                    turn = b"(?:" + _once(x, b"_a%d" % count) + b")"
                    out[atom:] = _once(turn + q, b"_a%d" % (count + 1))
                    count += 2
                i, atom = j + 1, -1
                continue
            j += pattern[j : j + 1] == b"?"  # lazy: kept as it is
            out += pattern[i:j]
            i, atom = j, -1
            continue
        start = len(out)
        out += pattern[i:j]
        i = j
        byte = c != 0x29
        if c == 0x28:  # "(": the "?" of "(?:" that may follow repeats nothing
            opened.append(start)
            atom = -1
        elif c == 0x29:  # ")": a quantifier repeats the group
            atom = opened.pop()
        else:
            atom = -1 if c == 0x7C else start  # "|": nothing to repeat
    return bytes(out)


def _compile(pattern: bytes, flags: int = 0) -> re.Pattern[bytes]:
    """``re.compile`` on first use, with possessive quantifiers rewritten before Python 3.11.

    Importing the module compiles none of these patterns (some 30 ms): each is a
    :class:`_Deferred` until first used, then the compiled pattern itself (see
    :func:`_patterns`).
    """
    return cast("re.Pattern[bytes]", _Deferred(pattern, flags))


class _Deferred:
    """A pattern of this module, compiled when first used. The first attribute read
    compiles it and puts the compiled pattern in its place (the module's namespace, or
    the dict that holds it), so every later use is the compiled pattern's own method."""

    def __init__(self, source: bytes, flags: int) -> None:
        self._source, self._flags = source, flags
        self._compiled: re.Pattern[bytes] | None = None
        self._home: tuple[dict[Any, Any], object] | None = None

    def _compile(self) -> re.Pattern[bytes]:
        if self._compiled is None:
            source = self._source if _POSSESSIVE else _atomic(self._source)
            self._compiled = re.compile(source, self._flags)
            if self._home is not None and self._home[0].get(self._home[1]) is self:
                self._home[0][self._home[1]] = self._compiled
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        return getattr(self._compile(), name)

    def __repr__(self) -> str:
        return f"<{self._source!r} compiled on first use>"


def _patterns() -> dict[str, re.Pattern[bytes]]:
    """Every pattern :func:`_compile` made, compiled now: name -> pattern (``_TEXT_ONLY``'s
    as ``_TEXT_ONLY[b'name']``)."""
    found = {}
    for name, value in list(globals().items()):
        if isinstance(value, _Deferred):
            found[name] = value._compile()
        elif isinstance(value, re.Pattern) and isinstance(value.pattern, bytes):
            found[name] = value
    for key, value in list(_TEXT_ONLY.items()):
        pattern = value._compile() if isinstance(value, _Deferred) else value
        found[f"_TEXT_ONLY[{key!r}]"] = pattern
    return found


# --- the prescan --------------------------------------------------------------------------
#
# The algorithm is the standard's, step by step, in the slow functions (_get_attribute and
# the loop of _skip_tag). The regular expressions below implement the same state
# machine for the common case: one match per tag or attribute instead of a Python step per
# byte. They are possessive (no backtracking; see _compile for Python 3.10), so a match is the
# standard's own parse; when they do not match (the bytes run out inside a tag, say) the
# exact slow path decides.

_SPACE = b"\t\n\x0c\r "
_SPACE_OR_SLASH = _SPACE + b"/"
_PRESCAN_LIMIT = 1024

_S = rb"[\t\n\x0c\r ]"
_NS = rb"\t\n\x0c\r "  # to use inside [^...]


def _attribute_pattern(capture: bool) -> bytes:
    """ "get an attribute" after the spaces and slashes it skips: a name, then "=" and a
    value, or no value; the match ends where the standard leaves the position. With
    ``capture``, the groups "name" and "dq", "sq" or "unq" (the value's quotes, or none)."""

    def g(name: bytes) -> bytes:
        return b"(?P<" + name + b">" if capture else b"(?:"

    return (
        g(b"name") + rb"[^" + _NS + rb"/>][^" + _NS + rb"/=>]*+)"  # the name ("=" may start it)
        rb"(?:" + _S + rb"*+=" + _S + rb"*+(?:"
        rb"\"" + g(b"dq") + rb"[^\"]*+)\"|'" + g(b"sq") + rb"[^']*+)'"  # a quoted value
        rb"|(?=>)"  # nothing before ">"
        rb"|" + g(b"unq") + rb"[^" + _NS + rb">\"'][^" + _NS + rb">]*+)"  # unquoted
        rb"(?=[" + _NS + rb">]))"
        rb"|" + _S + rb"*+(?=[^=" + _NS + rb"]))"  # no "=": no value
    )  # fmt: skip


#: "get an attribute": the group "end" is the ">" when there is none; else the attribute
#: (see _attribute_pattern).
_PRESCAN_ATTRIBUTE = _compile(
    rb"[" + _NS + rb"/]*+(?:(?P<end>>)|" + _attribute_pattern(True) + b")"
)
#: Attributes until "get an attribute" finds none, and the ">" where it stops.
_P_ATTRIBUTES = rb"(?:[" + _NS + rb"/]*+" + _attribute_pattern(False) + rb")*+[" + _NS + rb"/]*+>"
#: A tag other than <meta> after its "<": to the next space or ">", then its attributes.
_P_TAG = rb"[^" + _NS + rb">]*+" + _P_ATTRIBUTES
_PRESCAN_TAG = _compile(_P_TAG)
#: The attributes of a <meta> (after "<meta"), to check for "charset" before reading them.
_PRESCAN_META = _compile(_P_ATTRIBUTES)
#: Elements whose content the HTML tokenizer reads as text up to their own end tag
#: (RAWTEXT, RCDATA, script data; <noscript> as in a browser, where scripting is on).
_TEXT_NAMES = (
    b"script",
    b"style",
    b"title",
    b"textarea",
    b"xmp",
    b"iframe",
    b"noembed",
    b"noframes",
    b"noscript",
)
#: After "<": a tag name with a "/" and more after it. The prescan reads "a/b" as one name
#: (up to a space or ">"), the tokenizer as "a", then attributes, where a quote hides a ">".
_P_SLASHED = rb"/?[A-Za-z][^" + _NS + rb"/>]*+/++[^" + _NS + rb"/>]"


#: After "<" + the first letter of a tag name (or "</" + letter): the rest of a name without
#: a "/" inside (see _P_SLASHED; slashes may end it), then its attributes and ">".
_P_REST = rb"[^" + _NS + rb"/>]*+(?:>|/*+(?=[" + _NS + rb">])" + _P_ATTRIBUTES + b")"
#: The letters no name in _TEXT_NAMES, "meta" or "plaintext" starts with.
_P_PLAIN_LETTER = rb"[A-HJ-LOQRU-WYZa-hj-loqru-wyz]"


def _no_charset(excluded: bytes, *, one: bool = False) -> bytes:
    """``[^excluded]*+`` (or one such byte), minus "&" and any "c" that starts "charset"."""
    cls = b"[^" + excluded + b"cC&]"
    c = rb"[cC](?!(?i:harset))"
    return b"(?:" + cls + b"|" + c + b")" if one else cls + b"*+(?:" + c + cls + b"*+)*+"


#: After "<": a <meta> whose attributes (as _PRESCAN_META reads them) hold neither
#: "charset" nor "&": the prescan's loop would step over it and change nothing, so the skip
#: does. Each class of _attribute_pattern loses "&" and the "c" of "charset" (which, being
#: letters, cannot span two tokens); a tag that has them, or that the bytes cut, does not
#: match at all. (Only for the prescan's 1024 bytes: each try may read to the end.)
_P_META_WITHOUT_CHARSET = (
    rb"(?i:meta)(?=[" + _NS + rb"/])(?:[" + _NS + rb"/]*+"
    + _no_charset(_NS + b"/>", one=True) + _no_charset(_NS + b"/=>")  # the name
    + rb"(?:" + _S + rb"*+=" + _S + rb"*+(?:"
    + b'"' + _no_charset(b'"') + b'"|' + b"'" + _no_charset(b"'") + b"'"  # quoted
    + rb"|(?=>)"
    + b"|" + _no_charset(_NS + b">\"'", one=True) + _no_charset(_NS + b">")
    + rb"(?=[" + _NS + rb">]))"  # unquoted
    + rb"|" + _S + rb"*+(?=[^=" + _NS + rb"]))"  # no "=": no value
    + rb")*+[" + _NS + rb"/]*+>"
)  # fmt: skip


def _p_text_element(name: bytes) -> bytes:
    """After "<": a start tag whose text holds no "<" before its end tag: prescan and
    tokenizer agree."""
    return (
        rb"|(?i:" + name + rb")/*+(?=[" + _NS + rb">])" + _P_ATTRIBUTES
        + rb"(?=[^<]*+</(?i:" + name + rb")[\t\n\x0c\r />])"
    )  # fmt: skip


#: Everything the prescan steps over, in one match: bytes that start nothing, comments (to
#: the first "-->" after "<!", so "<!-->" is one), tags other than <meta>, and "<!", "</",
#: "<?" to the next ">". It stops before a <meta> or where the bytes run out inside
#: something (then the step-by-step loop decides, exactly), and also before what the HTML
#: tokenizer would read otherwise (see _same_for_parser), so that the loop can tell. After
#: "<" the alternatives are tried in the order pages need them: a tag whose name starts with
#: a letter that no special name starts with, an end tag, "<!", then the other tags.
_PRESCAN_SKIP = _compile(
    rb"(?:[^<]++|<(?:"
    + _P_PLAIN_LETTER + _P_REST
    + rb"|/[A-Za-z]" + _P_REST
    + rb"|!(?:--(?:-?>|(?:[^-]++|-(?!-!?>))*+-->)|(?!--)[^>]*+>)"  # a "--!>" inside stops it
    + b"|" + _P_META_WITHOUT_CHARSET
    + rb"|(?!(?i:meta)[\t\n\x0c\r /]|(?i:plaintext|" + b"|".join(_TEXT_NAMES)
    + rb")[\t\n\x0c\r />])[IMNPSTXimnpstx]" + _P_REST
    + b"".join(_p_text_element(name) for name in _TEXT_NAMES)
    + rb"|\?[^>]*+>"  # "<?" to the next ">"
    rb"|/(?![A-Za-z])[^>]*+>"  # "</" + not a letter
    rb"|(?![!/?A-Za-z])"  # a "<" that is text
    rb"))*+"
)  # fmt: skip
_SLASHED = _compile(b"<" + _P_SLASHED)
#: Where the prescan can find an encoding: without this, only an XML declaration can.
_PRESCAN_META_START = _compile(rb"<(?i:meta)[\t\n\x0c\r /]")
#: The next "<" the prescan does something with (at any other byte it takes "next byte").
_PRESCAN_STEP = _compile(rb"<(?:(!--)|((?i:meta)[\t\n\x0c\r /])|([A-Za-z]|/[A-Za-z])|[!/?])")


class _OutOfBytes(Exception):
    """The position pointer went past the end: the prescan gives up."""


def _byte(data: bytes, pos: int) -> int:
    if pos >= len(data):
        raise _OutOfBytes
    return data[pos]


def _lower(b: int) -> str:
    return chr(b + 0x20 if 0x41 <= b <= 0x5A else b)


def _get_attribute_slow(data: bytes, pos: int) -> tuple[int, tuple[str, str] | None]:
    """The HTML Standard's "get an attribute", byte by byte.

    Returns (new position, (name, value) or None when there is no attribute).
    """
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


def _get_attribute(data: bytes, pos: int) -> tuple[int, tuple[str, str] | None]:
    """ "get an attribute": one regular-expression match, or the exact slow path."""
    m = _PRESCAN_ATTRIBUTE.match(data, pos)
    if m is None:
        return _get_attribute_slow(data, pos)
    if m.start("end") >= 0:
        return m.start("end"), None
    name = m.group("name").lower().decode("latin-1")  # bytes.lower() is ASCII-only, as specified
    for group in ("dq", "sq", "unq"):
        value = m.group(group)
        if value is not None:
            return m.end(), (name, value.lower().decode("latin-1"))
    return m.end(), (name, "")


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
            charset = _label(value)
            charset_failed = charset is None
            need_pragma = False
    if need_pragma is None or (need_pragma and not got_pragma) or charset is None:
        return pos, None
    return pos, _changed_to(charset)


@functools.lru_cache(maxsize=256)
def _meta_tag_charset(attributes: bytes) -> str | None:
    """:func:`_meta_charset` of a ``<meta`` whose attributes (up to and including the ">"
    that ends the tag) _PRESCAN_META matched: the walk stays inside them. Remembered, because
    pages repeat a few such tags (``<meta charset="utf-8">``)."""
    return _meta_charset(attributes, 0)[1]


def _skip_tag(data: bytes, pos: int) -> int:
    """A tag other than <meta> from just after its "<": the position of the ">" that ends it."""
    m = _PRESCAN_TAG.match(data, pos)
    if m is not None:
        return m.end() - 1
    while _byte(data, pos) not in _SPACE and data[pos] != 0x3E:
        pos += 1
    attribute: tuple[str, str] | None = ("", "")
    while attribute is not None:
        pos, attribute = _get_attribute(data, pos)
    return pos


def _same_for_parser(data: bytes, start: int, end: int) -> bool:
    """Does the HTML tokenizer read the tag ``data[start:end]`` and what follows it as the
    prescan does? Not if its name has a "/" inside, if it is <plaintext>, or if it starts
    an element whose text (up to its end tag) holds a "<" the prescan reads as markup."""
    if _SLASHED.match(data, start) is not None:
        return False
    text = _TEXT_START.match(data, start)
    if text is None:
        return True
    name = text.group(1).lower()
    if name == b"plaintext":
        return False
    closing = (_SCRIPT_END if name == b"script" else _TEXT_ONLY[name]).search(data, end)
    return closing is not None and b"<" not in data[end : closing.start()]


def _xml_declaration(data: bytes) -> str | None:
    """The HTML Standard's "get an XML encoding", the prescan's last resort.

    Everything it reads lies before the first ``>`` (the end of the declaration).
    """
    if not data.startswith(b"<?xml"):
        return None
    end = data.find(b">")
    if end < 0:
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
    if close < 0:
        return None  # the quote does not close before the declaration does
    label = data[pos + 1 : close]
    if any(b <= 0x20 for b in label):
        return None
    found = _label(label.decode("latin-1"))
    return "UTF-8" if found in ("UTF-16BE", "UTF-16LE") else found


def prescan(data: bytes) -> str | None:
    """The HTML Standard's "prescan a byte stream to determine its encoding" on ``data[:1024]``.

    It walks the bytes as the standard says (comments, other tags and their attributes are
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
    return _prescan(data)[0]


def _no_meta_charset(data: bytes) -> bool:
    """True when the prescan's walk over ``data`` cannot find a <meta> that names an
    encoding: for the prescan, only a ``<meta`` that spells "charset" (in any ASCII case;
    it decodes no character references) can."""
    return _PRESCAN_META_START.search(data) is None or (
        b"charset" not in data and b"charset" not in data.lower()
    )


#: "<?x" in UTF-16LE and in UTF-16BE: an XML declaration the prescan takes for UTF-16.
_UTF16_XML = (b"<\x00?\x00x\x00", b"\x00<\x00?\x00x")


def _prescan(data: bytes) -> tuple[str | None, int, bool]:
    """:func:`prescan`, plus where the <meta> that decided ends (-1 if none did) and whether
    the HTML tokenizer reads the bytes up to there as the prescan did, so that the first
    <meta> the parser meets is that one. The two walks differ only where the text of
    <script>, <style>, <title>... holds a "<", a comment holds "--!>", a tag name has a "/"
    inside (see _same_for_parser), or a <meta> before it was refused by the prescan or has
    an "&" (a character reference, which only the tokenizer decodes)."""
    whole_page, data = data, data[:_PRESCAN_LIMIT]
    if data.startswith(_UTF16_XML):
        return ("UTF-16LE" if data[0] == 0x3C else "UTF-16BE"), -1, False
    if _no_meta_charset(data):
        return _xml_declaration(data), -1, False  # what the walk would come to
    pos = 0
    plain = True
    try:
        while True:
            skipped = _PRESCAN_SKIP.match(data, pos)
            assert skipped is not None  # a *+ pattern always matches
            m = _PRESCAN_STEP.search(data, skipped.end())
            if m is None:
                break  # only "next byte" steps are left: the bytes run out
            start = m.start()
            if m.start(1) >= 0:  # <!--: to the ">" of the first "-->" (which may be "<!-->")
                end = data.find(b"-->", start + 2)
                if end < 0:
                    break
                plain = plain and b"--!>" not in data[start : end + 3]
                pos = end + 3
            elif m.start(2) >= 0:  # <meta followed by a space or "/"
                whole = _PRESCAN_META.match(data, start + 5)
                if whole is not None:
                    attributes = whole.group()
                    lowered = attributes.lower()
                    pos = whole.end()
                    if b"charset" not in lowered:  # no attribute can name an encoding...
                        # ...unless, for the tokenizer, an http-equiv with a content
                        # whose character references spell "charset"
                        plain = plain and (b"&" not in attributes or b"http-equiv" not in lowered)
                        continue
                    plain = plain and b"&" not in attributes
                    charset = _meta_tag_charset(attributes)
                    if charset is not None:
                        return charset, pos, plain
                    plain = False
                    continue
                pos, charset = _meta_charset(data, start + 5)
                if charset is not None:
                    return charset, pos + 1, plain
                plain = False
                pos += 1
            elif m.start(3) >= 0:  # another tag, start or end
                pos = _skip_tag(data, start + 1) + 1
                plain = plain and _same_for_parser(whole_page, start, pos)
            else:  # <! </ <? : to the first ">" after the "<"
                end = data.find(b">", start + 1)
                if end < 0:
                    break
                pos = end + 1
    except _OutOfBytes:
        pass
    return _xml_declaration(data), -1, False


# --- the <meta> the tokenizer meets: "changing the encoding while parsing" -----------------
#
# When the prescan found nothing in 1024 bytes (or found a <meta> the parser never sees as
# one, inside a <script> say), the encoding is still tentative while the page is parsed,
# and the first <meta> that declares an encoding makes the browser change to it (the HTML
# Standard, "changing the encoding while parsing"). This scan sees tags as the tokenizer
# does: comments (with "-->" and "--!>"), bogus comments, the raw text of <script> (with
# its escaped states), <style>, <title>, <textarea>..., and <plaintext>; each step is a
# regular-expression search forward, so it is linear in the length of the page. Left out:
# foreign content (<svg>, <math>), insertion modes that drop a <meta> (inside <select> or a
# frameset), and the scripting-disabled parse of <noscript>.

_T_NAME = rb"[^" + _NS + rb"/>][^" + _NS + rb"/>=]*+"
_T_EQUALS = _S + rb"*+=" + _S + rb"*+"
_T_UNQUOTED = rb"[^" + _NS + rb">\"'][^" + _NS + rb">]*+"
#: A tag's attributes and the ">" that ends it (the tokenizer's attribute states).
_T_ATTRIBUTES = (
    rb"(?:["
    + _NS
    + rb"/]*+"
    + _T_NAME
    + rb"(?:"
    + _T_EQUALS
    + rb"(?:\"[^\"]*+\"|'[^']*+'|"
    + _T_UNQUOTED
    + rb"|(?=>))|(?!"
    + _S
    + rb"*+=)))*+"
    rb"[" + _NS + rb"/]*+>"
)
#: A tag after "<" (or "</"): its name (group "name"), attributes, the ">" that ends it. No
#: match means the page ends inside the tag (an unterminated quote, say): the tokenizer stops.
_T_TAG = _compile(rb"(?P<name>[^" + _NS + rb"/>]*+)" + _T_ATTRIBUTES)
#: Start tags after which the scan has something to do.
_T_SPECIAL_NAMES = (b"meta", *_TEXT_NAMES, b"plaintext")
#: Elements whose content is text up to their own end tag (RCDATA and RAWTEXT; <noscript>
#: as in a browser, where scripting is on).
_TEXT_ELEMENTS = tuple(name for name in _TEXT_NAMES if name != b"script")
#: The rest of a start or end tag after the first letter of its name ("<p>": no attributes).
_T_REST = rb"[^" + _NS + rb"/>]*+(?:>|" + _T_ATTRIBUTES + b")"


def _text_element(name: bytes) -> bytes:
    """After "<" and the first letter of ``name``: a start tag whose content is text, and
    that text, up to (not including) its end tag; for <script>, only when the text has no
    "<script" before it: then no "<!--" can hide that end tag (only a "<script" in the
    escaped state does, see _script_end), and the rest is left to the loop."""
    end = rb"</(?i:" + name + rb")[\t\n\x0c\r />]"
    other = rb"|(?i:script)[\t\n\x0c\r />]" if name == b"script" else b""
    return (
        rb"(?i:" + name[1:] + rb")(?=[\t\n\x0c\r />])" + _T_ATTRIBUTES
        + rb"(?:[^<]++|<(?!/(?i:" + name + rb")[\t\n\x0c\r />]" + other + rb"))*+(?=" + end + b")"
    )  # fmt: skip


def _t_letter(first: bytes) -> bytes:
    """After "<": a start tag whose name starts with ``first``, a letter that names in
    _T_SPECIAL_NAMES start with: a tag with another name, or an element whose content is
    text, with that text. One alternative per letter, which any other byte fails at once:
    a lookahead over all the names, or an alternative per text element, tried at every
    "<", took most of the time on a page of many small tags or <meta>."""
    names = [name for name in _T_SPECIAL_NAMES if name.startswith(first)]
    other = rb"(?!(?i:" + b"|".join(name[1:] for name in names) + rb")[\t\n\x0c\r />])"
    texts = [_text_element(name) for name in names if name in (*_TEXT_ELEMENTS, b"script")]
    alternatives = [b">", other + _T_REST, *texts]  # a name of one letter is none of them
    return b"[" + first.upper() + first + b"](?:" + b"|".join(alternatives) + b")"


#: Everything the scan only has to step over, in one match: text, other tags, end tags,
#: comments, bogus comments. It stops before a special start tag, or where the page ends
#: inside something (then the step-by-step loop below decides). A "<" is tried first: on
#: text, the literal fails at once.
_T_SKIP_LOOP = (
    rb"(?:<(?:"
    + _P_PLAIN_LETTER + _T_REST  # a start tag
    + rb"|/(?:[A-Za-z]" + _T_REST  # an end tag
    + rb"|>|[^A-Za-z>][^>]*+>)"  # "</>", a bogus comment
    rb"|!(?:--(?:-?>|(?:[^-]++|-(?!-!?>))*+--!?>)"  # "<!-->", "<!--->", to "-->" or "--!>"
    rb"|(?!--)[^>]*+>)"  # a bogus comment
    # the other start tags, the letters in the order tag names most often start with them
    + b"".join(b"|" + _t_letter(first) for first in (b"p", b"s", b"t", b"i", b"m", b"n", b"x"))
    + rb"|\?[^>]*+>"  # a bogus comment
    rb"|(?![A-Za-z/!?])"  # a "<" that is text
    rb")|[^<]++)*+"
)  # fmt: skip
_T_SKIP = _compile(_T_SKIP_LOOP)
#: Where _T_SKIP stops, a <meta> tag: its attributes (group "meta"), the same tag again
#: as many times as it is repeated (it says the same each time), then what _T_SKIP steps
#: over: one match per <meta> the loop reads. (Python 3.10's re keeps every turn of a
#: repeat with the marks of the groups before it: the <meta> comes first.)
_T_META = _compile(
    rb"<(?i:meta)(?=[\t\n\x0c\r />])(?P<meta>"
    + _T_ATTRIBUTES
    + rb")(?:<(?i:meta)(?P=meta))*+"
    + _T_SKIP_LOOP
)
#: One attribute of a tag that _T_TAG matched: "name", value ("dq", "sq", "unq" or none).
_T_ATTRIBUTE = _compile(
    rb"[" + _NS + rb"/]*+(?P<name>" + _T_NAME + rb")(?:" + _T_EQUALS
    + rb"(?:\"(?P<dq>[^\"]*+)\"|'(?P<sq>[^']*+)'|(?P<unq>" + _T_UNQUOTED + rb")|(?=>)))?+"
)  # fmt: skip
#: The next "<" the tokenizer does something with: a comment (1), a start tag (2), an end
#: tag (3), "</>" (4); the rest ("<!", "<?", "</" + other) are bogus comments up to ">".
_T_STEP = _compile(rb"<(?:(!--)|([A-Za-z])|/(?:([A-Za-z])|(>))|[!?/])")
_COMMENT_END = _compile(rb"--!?>")
#: A <meta> tag (from its "<", as _T_TAG reads it) that holds neither "charset" nor "&": it
#: cannot name an encoding. _T_ATTRIBUTES with each class losing "&" and the "c" that starts
#: "charset" (see _no_charset): where this matches, _T_TAG matches the same bytes.
_T_META_PLAIN = _compile(
    rb"<(?i:meta)(?:[" + _NS + rb"/]*+"
    + _no_charset(_NS + b"/>", one=True) + _no_charset(_NS + b"/>=")  # the name
    + rb"(?:" + _T_EQUALS + rb"(?:"
    + b'"' + _no_charset(b'"') + b'"|' + b"'" + _no_charset(b"'") + b"'"  # quoted
    + b"|" + _no_charset(_NS + b">\"'", one=True) + _no_charset(_NS + b">")  # unquoted
    + rb"|(?=>))|(?!" + _S + rb"*+=)))*+"
    rb"[" + _NS + rb"/]*+>"
)  # fmt: skip
#: A start tag the tokenizer names "meta": without one, no <meta> changes the encoding.
_T_META_START = _compile(rb"<(?i:meta)[\t\n\x0c\r />]")
_END_TAG = rb"[\t\n\x0c\r />]"
_TEXT_ONLY = {name: _compile(rb"</(?i:" + name + rb")" + _END_TAG) for name in _TEXT_ELEMENTS}
_SCRIPT_END = _compile(rb"</(?i:script)" + _END_TAG)
_SCRIPT_DATA = _compile(rb"(<!--)|</(?i:script)" + _END_TAG)
_SCRIPT_ESCAPED = _compile(rb"(-->)|(</(?i:script)" + _END_TAG + rb")|<(?i:script)" + _END_TAG)
_SCRIPT_DOUBLE_ESCAPED = _compile(rb"(-->)|</(?i:script)" + _END_TAG)


def _comment_end(data: bytes, start: int) -> int:
    """Just past the comment opened by the "<!--" at ``start``, or -1 if the page ends first."""
    pos = start + 2  # "<!-->" and "<!--->" are whole comments
    while True:
        m = _COMMENT_END.search(data, pos)
        if m is None:
            return -1
        if m.end() - m.start() == 4 and m.start() < start + 4:
            pos = m.start() + 1  # "<!--!>" does not close: those dashes opened it
            continue
        return m.end()


def _script_end(data: bytes, pos: int) -> int:
    """Where the </script> that ends a script's text starts, or -1 (the tokenizer's script
    data, escaped and double-escaped states: ``<!--<script>`` hides a ``</script>``)."""
    state = 0
    while True:
        if state == 0:
            m = _SCRIPT_DATA.search(data, pos)
            if m is None or m.start(1) < 0:
                return -1 if m is None else m.start()
            state, pos = 1, m.start() + 2  # "<!--" leaves us after "--": "<!-->" ends it
        elif state == 1:
            m = _SCRIPT_ESCAPED.search(data, pos)
            if m is None or m.start(2) >= 0:
                return -1 if m is None else m.start()
            state, pos = (0 if m.start(1) >= 0 else 2), m.end()
        else:
            m = _SCRIPT_DOUBLE_ESCAPED.search(data, pos)
            if m is None:
                return -1
            state, pos = (0 if m.start(1) >= 0 else 1), m.end()


def _attribute_text(value: bytes) -> str:
    text = value.decode("latin-1")  # markup is ASCII in every encoding a <meta> can name
    return html.unescape(text) if "&" in text else text


def _may_declare(markup: bytes) -> bool:
    """Can a <meta> in ``markup`` name an encoding? Not without "charset" (which a numeric
    character reference in an attribute value could spell)."""
    return (b"&" in markup and b"&#" in markup) or b"charset" in markup.lower()


def _parsed_meta(data: bytes) -> str | None:
    """The tree builder's rule for a <meta> whose attributes are ``data`` (what _T_TAG
    matched after the name)."""
    if not _may_declare(data):
        return None
    attributes: dict[bytes, bytes] = {}
    pos = 0
    while True:
        a = _T_ATTRIBUTE.match(data, pos)
        if a is None:
            break
        value = a.group("dq") or a.group("sq") or a.group("unq") or b""
        attributes.setdefault(a.group("name").lower(), value)  # a repeated attribute is dropped
        pos = a.end()
    charset = attributes.get(b"charset")
    if charset is not None:
        found = _label(_attribute_text(charset))
        if found is not None:
            return _changed_to(found)
    equiv, content = attributes.get(b"http-equiv"), attributes.get(b"content")
    if equiv is not None and content is not None:
        equiv_text = _attribute_text(equiv)
        if equiv_text.isascii() and equiv_text.lower() == "content-type":
            found = _charset_in(_attribute_text(content))
            if found is not None:
                return _changed_to(found)
    return None


_parsed_short_meta = functools.lru_cache(maxsize=256)(_parsed_meta)


def _meta_declares(attributes: bytes) -> str | None:
    """:func:`_parsed_meta`, remembered for short tags: a page may repeat one many times."""
    return (_parsed_short_meta if len(attributes) < 1024 else _parsed_meta)(attributes)


def meta_while_parsing(data: bytes) -> str | None:
    """The encoding of the first ``<meta>`` the HTML tokenizer meets that declares one.

    This is the ``<meta>`` that makes a browser "change the encoding" while it parses a
    page whose encoding is still tentative, however far into the page it is. Unlike the
    prescan, it knows that the text of ``<script>``, ``<style>`` or ``<title>`` holds no
    tags. UTF-16 becomes UTF-8 and x-user-defined windows-1252, as the standard says.

    >>> page = b"<script>document.write('<meta charset=big5>')</script><!-- <meta charset=gbk> -->"
    >>> meta_while_parsing(page + b"<p>" + b"x" * 5000 + b"<meta charset=koi8-r>")
    'KOI8-R'
    """
    return _meta_while_parsing(data, whole_page=True)


def _no_meta_declares(data: bytes) -> bool:
    """True when no <meta> the tokenizer could meet can name an encoding: the page spells
    neither "charset" nor a numeric character reference, or the tag that starts at each
    "<meta" (as the tokenizer reads it, if it meets that "<" at all) does not. A cheap
    check before the scan, and a linear one: one look at the page, then at most 32 tags
    are read, and none twice (a "<meta" inside the last tag read starts another tag,
    which may end later)."""
    if not _may_declare(data):
        return True
    end = 0  # where the last tag read ends
    for n, m in enumerate(_T_META_START.finditer(data)):
        if n == 32 or m.start() < end:  # many <meta>, or nested ones: the scan decides
            return False
        plain = _T_META_PLAIN.match(data, m.start())
        if plain is not None:
            end = plain.end()
            continue  # the usual <meta>, read in one step
        tag = _T_TAG.match(data, m.start() + 1)
        end = len(data) if tag is None else tag.end()
        # No match: the page ends inside this tag, which holds every later "<meta".
        if _may_declare(data[m.start() : end]):
            return False
        if tag is None:
            break
    return True


def _meta_while_parsing(data: bytes, *, whole_page: bool) -> str | None:
    if whole_page and _no_meta_declares(data):
        return None  # the scan would only step over everything
    pos = 0
    while True:
        skipped = _T_SKIP.match(data, pos)
        assert skipped is not None  # a *+ pattern always matches
        pos = skipped.end()
        while data[pos + 1 : pos + 2] in (b"m", b"M"):  # maybe a <meta> tag
            meta = _T_META.match(data, pos)
            if meta is None:
                if _T_META_START.match(data, pos) is not None:
                    return None  # the page ends inside this <meta> tag
                break
            found = _meta_declares(meta.group("meta"))
            if found is not None:
                return found
            pos = meta.end()  # past its copies and what _T_SKIP steps over after them
        m = _T_STEP.search(data, pos)
        if m is None:
            return None
        start = m.start()
        if m.start(1) >= 0:
            pos = _comment_end(data, start)
        elif m.start(2) >= 0 or m.start(3) >= 0:
            end_tag = m.start(3) >= 0
            tag = _T_TAG.match(data, m.end() - 1)
            if tag is None:
                return None  # the page ends inside the tag
            pos = tag.end()
            if end_tag:
                continue
            name = tag.group("name").lower()
            if name == b"meta":
                found = _meta_declares(data[tag.end("name") : pos])
                if found is not None:
                    return found
            elif name in _TEXT_ONLY:
                closing = _TEXT_ONLY[name].search(data, pos)
                pos = -1 if closing is None else closing.start()
            elif name == b"script":
                pos = _script_end(data, pos)
            elif name == b"plaintext":
                return None  # the rest of the page is text
        elif m.start(4) >= 0:
            pos = m.end()
        else:
            pos = data.find(b">", start + 2) + 1 or -1  # ... to the first ">" (bogus comment)
        if pos < 0:
            return None


_TEXT_START = _compile(
    rb"<((?i:script|style|title|textarea|xmp|iframe|noembed|noframes|noscript|plaintext))"
    rb"[\t\n\x0c\r />]"
)


class MetaFound(NamedTuple):
    """What a page's ``<meta>`` (or XML declaration) makes a browser use."""

    #: the WHATWG name of the encoding
    encoding: str
    #: True when the browser only learns it while parsing (:func:`meta_while_parsing`),
    #: False when the prescan already found it
    while_parsing: bool


def html_meta(data: bytes) -> MetaFound | None:
    """The encoding a page's own declaration gives it when no BOM or header decides.

    The prescan's answer is tentative: the parser then meets the first ``<meta>`` that
    declares an encoding and, if that one says something else, changes to it (if the
    prescan found nothing, whatever encoding was guessed or defaulted gives way the same
    way). A UTF-16 answer from the prescan (an XML declaration in UTF-16) is final.

    >>> html_meta(b"<script>x = '<meta charset=big5>'</script><meta charset=utf-8>")
    MetaFound(encoding='UTF-8', while_parsing=True)
    >>> html_meta(b"<meta charset=big5>"), html_meta(b"<p>hola")
    (MetaFound(encoding='Big5', while_parsing=False), None)
    """
    early, end, plain = _prescan(data)
    if early is not None and ((end >= 0 and plain) or early in ("UTF-16LE", "UTF-16BE")):
        return _found(early, False)  # the parser meets the same <meta> first, or UTF-16
    # When the prescan found one, the parser most likely stops at that same <meta>.
    late = _meta_while_parsing(data, whole_page=early is None)
    if late is None or late == early:
        return None if early is None else _found(early, False)
    return _found(late, True)


#: A MetaFound for each (encoding, while_parsing), made once: it is an immutable tuple.
_found = functools.lru_cache(maxsize=256)(MetaFound)


@functools.lru_cache(maxsize=256)
def _declared(found: MetaFound) -> tuple[Encoding, Rule]:
    return web_encoding(found.encoding), Rule.META_PARSED if found.while_parsing else Rule.META


def meta_declaration(data: bytes) -> tuple[Encoding, Rule] | None:
    """:func:`html_meta` as a declaration for :func:`codecbox.decoding.decide`: the
    :class:`~codecbox.labels.Encoding` and :attr:`~codecbox.rules.Rule.META` (or
    ``META_PARSED``), or None.

    >>> meta_declaration(b"<meta charset=latin1>")
    (Encoding(name='windows-1252', codec='whatwg-windows-1252'), <Rule.META: 'meta'>)
    """
    found = html_meta(data)
    return None if found is None else _declared(found)


for _name, _value in list(globals().items()):
    if isinstance(_value, _Deferred):
        _value._home = (globals(), _name)
for _key, _value in _TEXT_ONLY.items():
    if isinstance(_value, _Deferred):
        _value._home = (_TEXT_ONLY, _key)
