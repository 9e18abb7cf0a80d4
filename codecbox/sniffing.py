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
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")  # HTTP token code points
_QUOTED_TOKEN = re.compile(r"[\t\x20-\x7e\x80-\xff]*")  # HTTP quoted-string token code points
#: Fetch's "collect an HTTP quoted string" from its opening quote: the text (group 1, with
#: its backslash escapes), and a backslash that ends the input (2).
_QUOTED = r'"((?:[^"\\]|\\[\s\S])*)(\\?)"?'
#: A parameter from the ";" before it: its name (1), then after "=" a quoted string (2, 3)
#: and what follows it to the next ";", or a plain value (4).
_PARAMETER = re.compile(r";[\t\n\r ]*([^;=]*)(?:=(?:" + _QUOTED + r"[^;]*|([^;]*)))?")
_ESCAPE = re.compile(r"\\([\s\S])")
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
    kind, slash, rest = text.partition("/")
    subtype = rest.partition(";")[0]
    if not slash or not _TOKEN.fullmatch(kind) or not _TOKEN.fullmatch(subtype.rstrip(_HTTP_WS)):
        return None
    params: dict[str, str] = {}
    pos = len(kind) + 1 + len(subtype)
    while pos < len(text):
        m = _PARAMETER.match(text, pos)
        assert m is not None  # text[pos] is ";"
        name, quoted, backslash, parameter = m.groups()
        pos = m.end()
        if quoted is not None:
            parameter = _ESCAPE.sub(r"\1", quoted) + backslash
        else:
            parameter = (parameter or "").rstrip(_HTTP_WS)
            if not parameter:
                continue
        if _TOKEN.fullmatch(name) and _QUOTED_TOKEN.fullmatch(parameter):
            params.setdefault(name.lower(), parameter)  # a token is ASCII: lower() is exact
    return MimeType(kind.lower(), subtype.rstrip(_HTTP_WS).lower(), tuple(params.items()))


#: One of the comma-separated values of a header (a quoted string may hold commas).
_VALUE = re.compile(r'(?:[^",]|' + _QUOTED + r")*")


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
    pos = 0
    while pos <= len(combined):  # Fetch's "get, decode, and split"
        item = _VALUE.match(combined, pos)
        assert item is not None
        pos = item.end() + 1  # past the ","
        parsed = parse_mime_type(item.group().strip("\t "))
        if parsed is None or parsed.essence == "*/*":
            continue
        mime, own = parsed, parsed.parameters.get("charset")
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

#: "charset", spaces, "=", spaces, then a quoted value (1, 2), an unquoted one (3), an
#: unmatched quote (4) or nothing. The first "charset" followed by "=" is the one that counts.
_CHARSET_IN = re.compile(
    r"charset[\t\n\f\r ]*=[\t\n\f\r ]*"
    r"(?:\"([^\"]*)\"|'([^']*)'|([^\t\n\f\r ;\"'][^\t\n\f\r ;]*|(?=;))|[\"']|\Z)",
    re.IGNORECASE | re.ASCII,  # ASCII case-insensitive: "charſet" is not "charset"
)


def _charset_in(value: str) -> str | None:
    """The HTML Standard's "extracting a character encoding from a meta element": lax (it
    finds ``charset`` anywhere, quotes optional), as browsers are with ``<meta content>``.
    """
    m = _CHARSET_IN.search(value)
    label = None if m is None else m.group(1) or m.group(2) or m.group(3)
    return _label(label) if label else None  # no label, or an empty one


def _changed_to(name: str) -> str:
    """A ``<meta>``'s encoding as a browser uses it: a page whose markup reads as ASCII is
    not UTF-16, and x-user-defined is not for pages."""
    if name in ("UTF-16BE", "UTF-16LE"):
        return "UTF-8"
    return "windows-1252" if name == "x-user-defined" else name


# --- regular expressions: possessive quantifiers on every Python ---------------------------
#
# The walks below match with possessive quantifiers (``X*+``, ``X++``, ``X?+``: never
# backtracked into, so that a match is the standard's own parse, in linear time), which
# Python's re has from 3.11. On 3.10 _atomic writes them without: the same matches (tests
# compare the two forms on 3.11, which keeps its own, 2.5 times as fast). The rewrite adds
# groups, so the code reads named groups only. (3.10's re also keeps every turn of a loop
# until the match ends: 2 MB of "<title>" repeated takes some 280 MB there.)

#: Python's re has possessive quantifiers (3.11+).
_POSSESSIVE = sys.version_info >= (3, 11)


def _once(pattern: bytes, name: bytes) -> bytes:
    """``(?>pattern)``: a lookahead is atomic in Python's re, and the backreference consumes
    what it matched."""
    return b"(?=(?P<" + name + b">" + pattern + b"))(?P=" + name + b")"


def _atomic(pattern: bytes) -> bytes:
    """``pattern`` with each ``X*+``, ``X++`` and ``X?+`` (not ``{m,n}+``) written without
    them: a repeated byte (a class, an escape, a literal) gives back nothing of its run
    (``X*+`` is ``X*(?!X)``, ``X?+`` is ``(?:X|(?!X))``); a repeated group is matched once,
    and so is each turn, as 3.11 does.

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


def _compile(pattern: bytes) -> re.Pattern[bytes]:
    """``re.compile`` on first use (importing the module compiles none of these, some 30
    ms), with possessive quantifiers rewritten before Python 3.11."""
    return cast("re.Pattern[bytes]", _Deferred(pattern))


class _Deferred:
    """A pattern compiled when first used: the first attribute read compiles it and puts
    the compiled pattern in its place (in the module, or in _END_TAGS)."""

    def __init__(self, source: bytes) -> None:
        self._source = source
        self._compiled: re.Pattern[bytes] | None = None

    def _compile(self) -> re.Pattern[bytes]:
        if self._compiled is None:
            self._compiled = re.compile(self._source if _POSSESSIVE else _atomic(self._source))
            for home in (globals(), _END_TAGS):
                for key, value in list(home.items()):
                    if value is self:
                        home[key] = self._compiled
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        return getattr(self._compile(), name)


def _patterns() -> dict[str, re.Pattern[bytes]]:
    """Every pattern :func:`_compile` made, compiled now, by name."""
    found = {}
    homes = [*globals().items(), *((f"_END_TAGS[{k!r}]", p) for k, p in _END_TAGS.items())]
    for name, value in homes:
        value = value._compile() if isinstance(value, _Deferred) else value
        if isinstance(value, re.Pattern) and isinstance(value.pattern, bytes):
            found[name] = value
    return found


# --- tags, as the prescan and the HTML tokenizer read them ---------------------------------

_S = rb"[\t\n\x0c\r ]"
_NS = rb"\t\n\x0c\r "  # to use inside [...]
_END = rb"[\t\n\x0c\r />]"  # what ends a tag name for the tokenizer


def _run(excluded: bytes, *, one: bool = False, plain: bool = False) -> bytes:
    """``[^excluded]*+`` (``one``: one such byte); ``plain``: without "&" nor a "c" that
    starts "charset" (letters, which cannot span two of the tokens they make)."""
    if not plain:
        return b"[^" + excluded + (b"]" if one else b"]*+")
    cls, c = b"[^" + excluded + b"cC&]", rb"[cC](?!(?i:harset))"
    return b"(?:" + cls + b"|" + c + b")" if one else cls + b"*+(?:" + c + cls + b"*+)*+"


def _attributes(*, plain: bool = False) -> bytes:
    """A tag's attributes and the ">" that ends it, as the prescan's "get an attribute" and
    the tokenizer's attribute states read them (on a whole tag they agree). ``plain``: only
    a tag that holds neither "charset" nor "&", which cannot name an encoding."""
    name = _run(_NS + b"/>", one=True, plain=plain) + _run(_NS + b"/=>", plain=plain)
    value = (
        b'"' + _run(b'"', plain=plain) + b"\"|'" + _run(b"'", plain=plain) + b"'|(?=>)|"
        + _run(_NS + b">\"'", one=True, plain=plain) + _run(_NS + b">", plain=plain)
    )  # fmt: skip
    return (
        rb"(?:[" + _NS + rb"/]*+" + name + rb"(?:" + _S + rb"*+=" + _S + rb"*+(?:" + value
        + rb")|(?!" + _S + rb"*+=)))*+[" + _NS + rb"/]*+>"
    )  # fmt: skip


_ATTRIBUTES = _attributes()
#: In a tag that _TAG or _PRESCAN_TAG matched, from the end of its name or of the attribute
#: before: the next attribute ("name", and its value, if any, in "dq", "sq" or "unq": the
#: value's quotes, or none), or the ">" that ends the tag ("end").
_ATTRIBUTE = _compile(
    rb"[" + _NS + rb"/]*+(?:(?P<end>>)|(?P<name>[^" + _NS + rb"/>][^" + _NS + rb"/=>]*+)(?:"
    + _S + rb"*+=" + _S + rb"*+(?:\"(?P<dq>[^\"]*+)\"|'(?P<sq>[^']*+)'|(?=>)|(?P<unq>[^"
    + _NS + rb">\"'][^" + _NS + rb">]*+)))?+)"
)  # fmt: skip
#: A tag after "<" (or "</") as the tokenizer reads it: its name (group "name": to a space,
#: "/" or ">"), attributes, the ">" that ends it. No match: the bytes end inside the tag.
_TAG = _compile(rb"(?P<name>[^" + _NS + rb"/>]*+)" + _ATTRIBUTES)
_META_START = _compile(rb"<(?i:meta)" + _END)
#: Elements whose content the HTML tokenizer reads as text up to their own end tag
#: (RAWTEXT, RCDATA, script data; <noscript> as in a browser, where scripting is on).
_TEXT_NAMES = (b"script", b"style", b"title", b"textarea", b"xmp", b"iframe", b"noembed",
               b"noframes", b"noscript")  # fmt: skip
_END_TAGS = {name: _compile(rb"</(?i:" + name + b")" + _END) for name in _TEXT_NAMES}
#: The letters no name in _TEXT_NAMES, "meta" or "plaintext" starts with.
_PLAIN_LETTER = rb"[A-HJ-LOQRU-WYZa-hj-loqru-wyz]"


def _attribute_list(attributes: bytes) -> list[tuple[bytes, bytes]]:
    """The (name, value) of each attribute of a whole tag, from the end of its name."""
    found, pos = [], 0
    while True:
        a = _ATTRIBUTE.match(attributes, pos)
        if a is None or a.start("end") >= 0:
            return found
        found.append((a.group("name"), a.group("dq") or a.group("sq") or a.group("unq") or b""))
        pos = a.end()


# --- the prescan --------------------------------------------------------------------------
#
# The standard's walk, one regular-expression match per construct: _PRESCAN_SKIP steps over
# all that names no encoding and that the HTML tokenizer reads alike (see _same_for_parser),
# up to what the loop reads. The patterns are possessive, so where they match the walk is
# the standard's; where they do not, the bytes run out inside a tag or a comment, and the
# prescan gives up (the tests compare it with a byte-by-byte prescan).

_PRESCAN_LIMIT = 1024
#: A tag after "<" (or "</") as the prescan reads it: its name (group "name": to a space or
#: ">", slashes included), attributes, the ">" that ends it.
_PRESCAN_TAG = _compile(rb"(?P<name>[^" + _NS + rb">]*+)" + _ATTRIBUTES)
#: After the first letter of a tag name: the rest of a name without a "/" inside (where the
#: tokenizer would end it), then the tag's attributes and ">".
_P_REST = rb"[^" + _NS + rb"/>]*+(?:>|/*+(?=[" + _NS + rb">])" + _ATTRIBUTES + b")"
#: Everything the prescan steps over, in one match: bytes that start nothing, comments (to
#: the first "-->" after "<!", so "<!-->" is one; one with "--!>" stops it), tags whose
#: name has no "/" inside, a <meta> without "charset" nor "&", an element whose text holds
#: no "<" before its end tag, "<!", "</", "<?" to the next ">". Then what it stopped at
#: (group "step", none where the bytes end): a comment ("comment"), a <meta> ("meta", its
#: attributes in "attributes" unless the bytes end first), another tag ("tag"), or "<!",
#: "</", "<?". After "<", the alternatives come in the order pages need them.
_PRESCAN_SKIP = _compile(
    rb"(?:[^<]++|<(?:"
    + _PLAIN_LETTER + _P_REST
    + rb"|/[A-Za-z]" + _P_REST
    + rb"|!(?:--(?:-?>|(?:[^-]++|-(?!-!?>))*+-->)|(?!--)[^>]*+>)"
    + rb"|(?i:meta)(?=[" + _NS + rb"/])" + _attributes(plain=True)
    + rb"|(?!(?i:meta)[\t\n\x0c\r /]|(?i:plaintext|" + b"|".join(_TEXT_NAMES)
    + rb")[\t\n\x0c\r />])[IMNPSTXimnpstx]" + _P_REST
    + b"".join(
        rb"|(?i:" + name + rb")/*+(?=[" + _NS + rb">])" + _ATTRIBUTES
        + rb"(?=[^<]*+</(?i:" + name + b")" + _END + b")"
        for name in _TEXT_NAMES
    )
    + rb"|\?[^>]*+>|/(?![A-Za-z])[^>]*+>"  # "<?", "</" + not a letter: to the next ">"
    rb"|(?![!/?A-Za-z])"  # a "<" that is text
    rb"))*+(?P<step><(?:(?P<comment>!--)|(?P<meta>(?i:meta))(?=[" + _NS + rb"/])(?P<attributes>"
    + _ATTRIBUTES + rb")?+|(?P<tag>/?[A-Za-z])|[!/?]))?"
)  # fmt: skip
#: The HTML Standard's "get an XML encoding", all before the first ">": the first
#: "encoding", "=" between bytes up to 0x20, and a quoted label without such bytes.
_XML_ENCODING = _compile(
    rb"<\?xml(?:(?!encoding)[^>])*+encoding[\x00-\x20]*+=[\x00-\x20]*+"
    rb"(?:\"(?P<dq>[^\x00-\x20\">]*+)\"|'(?P<sq>[^\x00-\x20'>]*+)')"
)


@functools.lru_cache(maxsize=256)
def _prescan_meta(attributes: bytes) -> tuple[str | None, bool]:
    """The encoding the attributes of a ``<meta`` (to the ">" that ends it) name for the
    prescan, or None, and whether the tokenizer surely reads the tag as the prescan does.
    Remembered: pages repeat a few such tags."""
    lowered = attributes.lower()
    if lowered.find(b"charset") < 0:  # no attribute can name an encoding... unless, for the
        # tokenizer, the content of an http-equiv spells it in character references
        return None, attributes.find(b"&") < 0 or lowered.find(b"http-equiv") < 0
    seen: set[bytes] = set()
    got_pragma, need_pragma, charset, failed = False, None, None, False
    for name, value in _attribute_list(lowered):  # ASCII lowercase, as the standard says
        if name in seen:
            continue
        seen.add(name)
        if name == b"http-equiv":
            got_pragma = got_pragma or value == b"content-type"
        elif name == b"content":
            found = _charset_in(value.decode("latin-1"))
            if found is not None and charset is None and not failed:  # failure is not null
                charset, need_pragma = found, True
        elif name == b"charset":
            charset = _label(value.decode("latin-1"))
            failed, need_pragma = charset is None, False
    if need_pragma is None or (need_pragma and not got_pragma) or charset is None:
        return None, False
    return _changed_to(charset), attributes.find(b"&") < 0


def _same_for_parser(data: bytes, name: bytes, end: int) -> bool:
    """Does the HTML tokenizer read the tag that the prescan named ``name`` (ending at
    ``end``), and what follows it, as the prescan does? Not if the name has a "/" inside
    (the tokenizer's name ends there), for <plaintext>, nor for an element whose text, up
    to its end tag, holds a "<" (which the prescan reads as markup)."""
    end_tag = name[:1] == b"/"
    name = name[end_tag:].rstrip(b"/")
    if b"/" in name:
        return False
    name = name.lower()
    if end_tag or name not in _END_TAGS:
        return end_tag or name != b"plaintext"
    closing = _END_TAGS[name].search(data, end)
    return closing is not None and data.find(b"<", end, closing.start()) < 0


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
    """True when the prescan's walk over ``data[:1024]`` cannot find a <meta> that names an
    encoding: only a ``<meta`` that spells "charset" (in any ASCII case; the prescan decodes
    no character references) can. (``bytes.find``, not ``in``: on bytes, ``in`` first tries
    its argument as an integer, and pays for the exception.)"""
    return _META_START.search(data, 0, _PRESCAN_LIMIT) is None or (
        data.find(b"charset", 0, _PRESCAN_LIMIT) < 0
        and data[:_PRESCAN_LIMIT].lower().find(b"charset") < 0
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
    if data.startswith(_UTF16_XML):
        return ("UTF-16LE" if data[0] == 0x3C else "UTF-16BE"), -1, False
    limit = min(len(data), _PRESCAN_LIMIT)  # the bytes it reads
    pos = limit if _no_meta_charset(data) else 0  # else only an XML declaration can say
    plain = True
    while True:
        m = _PRESCAN_SKIP.match(data, pos, limit)
        start = m.start("step")
        if start < 0:
            break  # only "next byte" steps are left: the bytes run out
        if m.start("comment") >= 0:  # to the ">" of the first "-->" (which may be "<!-->")
            pos = data.find(b"-->", start + 2, limit) + 3
            if pos < 3:
                break
            plain = plain and data.find(b"--!>", start, pos) < 0
        elif m.start("meta") >= 0:  # <meta followed by a space or "/"
            pos = m.end("attributes")
            if pos < 0:
                break  # the bytes run out inside the tag
            charset, same = _prescan_meta(m.group("attributes"))
            plain = plain and same
            if charset is not None:
                return charset, pos, plain
        elif m.start("tag") >= 0:  # another tag, start or end
            tag = _PRESCAN_TAG.match(data, start + 1, limit)
            if tag is None:
                break
            pos = tag.end()
            plain = plain and _same_for_parser(data, tag.group("name"), pos)
        else:  # <! </ <? : to the first ">" after the "<"
            pos = data.find(b">", start + 1, limit) + 1
            if not pos:
                break
    return _xml_declaration(data), -1, False


def _xml_declaration(data: bytes) -> str | None:
    """The HTML Standard's "get an XML encoding", the prescan's last resort."""
    m = _XML_ENCODING.match(data, 0, _PRESCAN_LIMIT)
    label = None if m is None else m.group("dq") or m.group("sq")
    found = _label(label.decode("latin-1")) if label else None
    return "UTF-8" if found in ("UTF-16BE", "UTF-16LE") else found


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

#: Start tags after which the scan has something to do.
_T_SPECIAL_NAMES = (b"meta", *_TEXT_NAMES, b"plaintext")
#: The rest of a start or end tag after the first letter of its name.
_T_REST = rb"[^" + _NS + rb"/>]*+(?:>|" + _ATTRIBUTES + b")"
#: After "<": a comment, to "-->" or "--!>" ("<!-->" and "<!--->" are whole ones).
_T_COMMENT = rb"!--(?:-?>|(?:[^-]++|-(?!-!?>))*+--!?>)"


def _t_letter(first: bytes) -> bytes:
    """After "<": a start tag whose name starts with ``first``, a letter that names in
    _T_SPECIAL_NAMES start with: a tag with another name, a <meta> that cannot name an
    encoding, or an element whose content is text, with that text up to its end tag (for
    <script>, when the text has no "<script": then no "<!--" hides that end tag, see
    _script_end). One alternative per letter, which any other byte fails at once."""
    names = [name for name in _T_SPECIAL_NAMES if name.startswith(first)]
    alternatives = [b">", rb"(?!(?i:" + b"|".join(n[1:] for n in names) + b")" + _END + b")"]
    alternatives[1] += _T_REST  # a tag with another name (one of one letter is none of them)
    for name in names:
        if name == b"meta":
            alternatives.append(rb"(?i:eta)(?=" + _END + b")" + _attributes(plain=True))
        elif name in _TEXT_NAMES:
            end = rb"</(?i:" + name + b")" + _END
            script = rb"|(?i:script)" + _END if name == b"script" else b""
            alternatives.append(
                rb"(?i:" + name[1:] + b")(?=" + _END + b")" + _ATTRIBUTES
                + rb"(?:[^<]++|<(?!" + end[1:] + script + rb"))*+(?=" + end + b")"
            )  # fmt: skip
    return b"[" + first.upper() + first + b"](?:" + b"|".join(alternatives) + b")"


#: Everything the scan only has to step over, in one match: text, other tags, end tags,
#: comments, bogus comments. It stops before a special start tag, or where the page ends
#: inside something (then the step-by-step loop below decides).
_T_SKIP = _compile(
    rb"(?:<(?:"
    + _PLAIN_LETTER + _T_REST  # a start tag
    + rb"|/(?:[A-Za-z]" + _T_REST  # an end tag
    + rb"|>|[^A-Za-z>][^>]*+>)"  # "</>", a bogus comment
    rb"|" + _T_COMMENT + rb"|!(?!--)[^>]*+>"  # a comment, a bogus comment
    # the other start tags, the letters in the order tag names most often start with them
    + b"".join(b"|" + _t_letter(first) for first in (b"p", b"s", b"t", b"i", b"m", b"n", b"x"))
    + rb"|\?[^>]*+>"  # a bogus comment
    rb"|(?![A-Za-z/!?])"  # a "<" that is text
    rb")|[^<]++)*+"
)  # fmt: skip
#: Where _T_SKIP stops, a <meta> that may name an encoding: its attributes (group "meta"),
#: then the same tag again as many times as it is repeated (it says the same each time).
_T_META = _compile(
    rb"<(?i:meta)(?=" + _END + b")(?P<meta>" + _ATTRIBUTES + rb")(?:<(?i:meta)(?P=meta))*+"
)
#: A <meta> tag (from its "<") that cannot name an encoding.
_T_META_PLAIN = _compile(rb"<(?i:meta)" + _attributes(plain=True))
#: The next "<" the tokenizer does something with: a comment (1), a start tag (2), an end
#: tag (3), "</>" (4); the rest ("<!", "<?", "</" + other) are bogus comments up to ">".
_T_STEP = _compile(rb"<(?:(!--)|([A-Za-z])|/(?:([A-Za-z])|(>))|[!?/])")
_COMMENT = _compile(b"<" + _T_COMMENT)
_SCRIPT_DATA = _compile(rb"(<!--)|</(?i:script)" + _END)
_SCRIPT_ESCAPED = _compile(rb"(-->)|(</(?i:script)" + _END + rb")|<(?i:script)" + _END)
_SCRIPT_DOUBLE_ESCAPED = _compile(rb"(-->)|</(?i:script)" + _END)


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
    return (markup.find(b"&") >= 0 and markup.find(b"&#") >= 0) or (
        markup.lower().find(b"charset") >= 0
    )


def _parsed_meta(attributes: bytes) -> str | None:
    """The tree builder's rule for a <meta> whose attributes are ``attributes`` (from the end
    of its name to its ">"): character references decoded, the first of two names kept."""
    if not _may_declare(attributes):
        return None
    found: dict[bytes, bytes] = {}
    for name, value in _attribute_list(attributes):
        found.setdefault(name.lower(), value)
    charset, equiv = found.get(b"charset"), found.get(b"http-equiv")
    label = None if charset is None else _label(_attribute_text(charset))
    if label is None and equiv is not None and b"content" in found:
        equiv_text = _attribute_text(equiv)
        if equiv_text.isascii() and equiv_text.lower() == "content-type":
            label = _charset_in(_attribute_text(found[b"content"]))
    return None if label is None else _changed_to(label)


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
    neither "charset" nor a numeric character reference, or each "<meta" starts a tag that
    cannot (as the tokenizer would read it, if it meets that "<" at all). A cheap check
    before the scan, and a linear one: the tags read do not overlap (a "<meta" inside the
    last one read, or a tag that may declare, leaves the answer to the scan)."""
    if not _may_declare(data):
        return True
    end = 0  # where the last tag read ends
    for m in _META_START.finditer(data):
        plain = None if m.start() < end else _T_META_PLAIN.match(data, m.start())
        if plain is None:
            return False
        end = plain.end()
    return True


def _meta_while_parsing(data: bytes, *, whole_page: bool) -> str | None:
    if whole_page and _no_meta_declares(data):
        return None  # the scan would only step over everything
    pos = 0
    while True:
        pos = _T_SKIP.match(data, pos).end()
        if data[pos + 1 : pos + 2] in (b"m", b"M"):  # maybe a <meta> tag
            meta = _T_META.match(data, pos)
            if meta is not None:
                found = _meta_declares(meta.group("meta"))
                if found is not None:
                    return found
                pos = meta.end()  # past its copies
                continue
            if _META_START.match(data, pos) is not None:
                return None  # the page ends inside this <meta> tag
        m = _T_STEP.search(data, pos)
        if m is None:
            return None
        start = m.start()
        if m.start(1) >= 0:
            comment = _COMMENT.match(data, start)
            pos = -1 if comment is None else comment.end()
        elif m.start(2) >= 0 or m.start(3) >= 0:
            tag = _TAG.match(data, m.end() - 1)
            if tag is None:
                return None  # the page ends inside the tag
            pos = tag.end()
            name = b"" if m.start(3) >= 0 else tag.group("name").lower()  # an end tag: none
            if name == b"meta":
                found = _meta_declares(data[tag.end("name") : pos])
                if found is not None:
                    return found
            elif name == b"script":
                pos = _script_end(data, pos)
            elif name in _END_TAGS:
                closing = _END_TAGS[name].search(data, pos)
                pos = -1 if closing is None else closing.start()
            elif name == b"plaintext":
                return None  # the rest of the page is text
        elif m.start(4) >= 0:
            pos = m.end()
        else:
            pos = data.find(b">", start + 2) + 1 or -1  # ... to the first ">" (bogus comment)
        if pos < 0:
            return None


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
    :class:`~codecbox.labels.Encoding` and the rule (meta, or meta while parsing), or None.

    >>> meta_declaration(b"<meta charset=latin1>")
    (Encoding(name='windows-1252', codec='whatwg-windows-1252'), <Rule.META: 'meta'>)
    """
    found = html_meta(data)
    return None if found is None else _declared(found)
