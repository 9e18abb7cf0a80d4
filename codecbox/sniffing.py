"""Where an encoding is written down: byte order marks, the Content-Type charset, ``<meta>``.

Read exactly as the standards do:

* :func:`bom`: a byte order mark (:data:`BOMS`; UTF-32's count for files, not for pages);
* :func:`charset_from_content_type`: an HTTP ``Content-Type``'s charset, as the Fetch
  Standard's :func:`extract_mime_type` reads it (:func:`parse_mime_type`: MIME Sniffing's);
* :func:`prescan`: the HTML Standard's prescan of the first 1024 bytes, then the XML
  declaration;
* :func:`meta_while_parsing`: the first ``<meta>`` the HTML tokenizer meets (not in comments,
  scripts, ``<title>``...), which makes a browser "change the encoding" while parsing;
  :func:`html_meta` puts the two together as a browser ends up.

>>> bom(b"\\xef\\xbb\\xbfhola")
(Encoding(name='UTF-8', codec='utf-8'), 3)
>>> prescan(b'<meta charset="euc-jp">')
'EUC-JP'
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, AnyStr, NamedTuple, cast

from codecbox.labels import Encoding, lookup, resolve
from codecbox.table import TABLE

__all__ = [
    "BOMS",
    "MetaFound",
    "MimeType",
    "bom",
    "charset_from_content_type",
    "extract_mime_type",
    "html_meta",
    "meta_while_parsing",
    "parse_mime_type",
    "prescan",
    "web_encoding",
    "xml_label",
]


# --- byte order marks ---------------------------------------------------------------------

#: (mark, encoding it announces, a codec that decodes the bytes *with* the mark and drops
#: it, whether browsers honour it), from :data:`codecbox.table.TABLE`; longest first.
BOMS: tuple[tuple[bytes, str, str, bool], ...] = tuple(
    (r.bom, r.python or r.name, r.sig, r.exact is not None) for r in TABLE if r.bom
)


def bom(data: bytes, *, web: bool = False, keep: bool = False) -> tuple[Encoding, int] | None:
    """The encoding a byte order mark at the start of ``data`` announces, and its length.

    ``web=True``: only the Encoding Standard's three (``FF FE 00 00`` is UTF-16LE and U+0000,
    as in a browser). ``keep=True``: an encoding whose codec drops the mark itself
    (``utf-8-sig``, ``utf-16``, ``utf-32``), and the length 0.

    >>> import codecs
    >>> bom(codecs.BOM_UTF32_LE + "a".encode("utf-32-le"))
    (Encoding(name='utf-32-le', codec='utf-32-le'), 4)
    >>> bom(codecs.BOM_UTF32_LE, web=True)
    (Encoding(name='UTF-16LE', codec='utf-16-le'), 2)
    >>> bom(codecs.BOM_UTF16_BE + b"\\x00a", keep=True), bom(b"hola")
    ((Encoding(name='utf-16', codec='utf-16'), 0), None)
    """
    for mark, announced, eating, for_web in BOMS:
        if (for_web or not web) and data.startswith(mark):
            return (resolve(eating), 0) if keep else (resolve(announced), len(mark))
    return None


def web_encoding(name: str) -> Encoding:
    """The :class:`~codecbox.labels.Encoding` a browser decodes with for a label in a page or a
    header (``resolve(name, label=True)``).

    >>> web_encoding("latin1").name
    'windows-1252'
    """
    return resolve(name, label=True)


# --- regular expressions: possessive quantifiers on every Python ---------------------------
#
# The walks below use possessive quantifiers (a match is the standard's own parse, in linear
# time), which re has from 3.11; on 3.10 _atomic rewrites them (tests compare the matches).
# The rewrite adds groups: the code reads named groups only.

_POSSESSIVE = sys.version_info >= (3, 11)


def _once(pattern: bytes, name: bytes) -> bytes:  # (?>pattern): a lookahead is atomic
    return b"(?=(?P<" + name + b">" + pattern + b"))(?P=" + name + b")"


def _atomic(pattern: bytes) -> bytes:
    """``pattern`` with each ``X*+``, ``X++``, ``X?+`` (not ``{m,n}+``) rewritten: a repeated
    byte gives back nothing of its run (``X*+`` is ``X*(?!X)``, ``X?+`` is ``(?:X|(?!X))``);
    a repeated group is matched once, and so is each turn, as 3.11 does.

    >>> _atomic(rb"(?:[^<]++|<)*+x?+")
    b'(?=(?P<_a1>(?:(?=(?P<_a0>(?:[^<]+(?![^<])|<)))(?P=_a0))*))(?P=_a1)(?:x|(?!x))'
    """
    out: list[bytes] = []  # the tokens written
    opened: list[int] = []  # where each open group starts in out
    atom, count = -1, 0  # where what a quantifier would repeat starts in out (-1: nothing)
    tokens = rb"\\x..|\\.|\[\^?\]?(?:\\.|[^]\\])*\]|[*+?][+?]?|."  # escape, class, quantifier
    for token in re.findall(tokens, pattern, re.DOTALL):
        if token[0] in b"*+?" and atom >= 0:  # a quantifier
            if token[1:] == b"+":  # possessive
                x, q, byte = b"".join(out[atom:]), token[:1], out[atom] != b"("
                if byte:
                    x = b"(?:" + x + b"|(?!" + x + b"))" if q == b"?" else x + q + b"(?!" + x + b")"
                else:
                    turn = b"(?:" + _once(x, b"_a%d" % count) + b")"
                    x, count = _once(turn + q, b"_a%d" % (count + 1)), count + 2
                out[atom:], token = [x], b""
            out.append(token)  # (a lazy or greedy one is kept as it is)
            atom = -1
            continue
        if token == b"(":  # the "?" of "(?:" that may follow repeats nothing
            opened.append(len(out))
        atom = opened.pop() if token == b")" else -1 if token in b"(|" else len(out)
        out.append(token)
    return b"".join(out)


def _compile(pattern: AnyStr) -> re.Pattern[AnyStr]:
    """``re.compile`` on first use (importing compiles none of these, some 30 ms)."""
    return cast("re.Pattern[AnyStr]", _Deferred(pattern))


class _Deferred:
    """A pattern compiled when first used (rewritten before Python 3.11), then put in its
    place in the module or _END_TAGS."""

    def __init__(self, source: str | bytes) -> None:
        self._source = source
        self._compiled: re.Pattern[Any] | None = None

    def _compile(self) -> re.Pattern[Any]:
        if self._compiled is None:
            source = self._source
            if not _POSSESSIVE and isinstance(source, bytes):
                source = _atomic(source)
            self._compiled = re.compile(source)
            homes: tuple[dict[Any, Any], ...] = (globals(), _END_TAGS)
            for home in homes:
                for key in [key for key, value in home.items() if value is self]:
                    home[key] = self._compiled
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        return getattr(self._compile(), name)


def _patterns() -> dict[str, re.Pattern[bytes]]:
    """Every pattern :func:`_compile` made, compiled now, by name."""
    homes = [*globals().items(), *((f"_END_TAGS[{k!r}]", v) for k, v in _END_TAGS.items())]
    found = {name: v._compile() if isinstance(v, _Deferred) else v for name, v in homes}
    patterns = {k: v for k, v in found.items() if isinstance(v, re.Pattern)}
    return {k: v for k, v in patterns.items() if isinstance(v.pattern, bytes)}


# --- the Content-Type header: the Fetch Standard's "extract a MIME type" -------------------

_HTTP_WS = "\t\n\r "  # HTTP whitespace (no form feed)
_TOKEN = _compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")  # HTTP token code points
_QUOTED_TOKEN = _compile(r"[\t\x20-\x7e\x80-\xff]*")  # HTTP quoted-string token code points
#: "collect an HTTP quoted string" from its quote: the text with its backslash escapes (1),
#: a backslash that ends the input (2).
_QUOTED = r'"((?:[^"\\]|\\[\s\S])*)(\\?)"?'
#: A parameter from its ";": the name (1), then after "=" a quoted string (2, 3) and the
#: rest to the next ";", or a plain value (4).
_PARAMETER = _compile(r";[\t\n\r ]*([^;=]*)(?:=(?:" + _QUOTED + r"[^;]*|([^;]*)))?")
_ESCAPE = _compile(r"\\([\s\S])")


@dataclass(frozen=True)
class MimeType:
    """A parsed MIME type: lowercase type, subtype and parameter names, values as they are.

    >>> m = parse_mime_type('Text/HTML; Charset="Shift_JIS"; x=1')
    >>> m.essence, m.parameters["charset"], str(m)
    ('text/html', 'Shift_JIS', 'text/html;charset=Shift_JIS;x=1')
    """

    type: str
    subtype: str
    params: tuple[tuple[str, str], ...] = ()

    @property
    def essence(self) -> str:
        return f"{self.type}/{self.subtype}"

    @property
    def parameters(self) -> dict[str, str]:
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
    """The MIME Sniffing Standard's "parse a MIME type", or None: invalid parameters are
    dropped, the first of two with one name wins, quoted values lose quotes and escapes.

    >>> parse_mime_type('text/html;charset="\\\\g\\\\b\\\\k";charset=big5').parameters
    {'charset': 'gbk'}
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
_VALUE = _compile(r'(?:[^",]|' + _QUOTED + r")*")


def extract_mime_type(value: str | Sequence[str]) -> MimeType | None:
    """The Fetch Standard's "extract a MIME type" from Content-Type values: the last valid one
    but ``*/*``, with the charset of one of the same essence before it if it has none.

    >>> str(extract_mime_type(["text/html;charset=gbk", "text/html"]))
    'text/html;charset=gbk'
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
    """The WHATWG name of the charset of a Content-Type header (or list of them), or None.

    >>> charset_from_content_type('text/html; Charset="Shift-JIS"'), charset_from_content_type("")
    ('Shift_JIS', None)
    """
    if value is None:
        return None
    mime = extract_mime_type(value)
    label = None if mime is None else mime.parameters.get("charset")
    return None if label is None else lookup(label)


# --- the encodings a <meta> names ----------------------------------------------------------

#: "charset", "=" between spaces, then a quoted value (1, 2), an unquoted one (3), an
#: unmatched quote or nothing. The first "charset" followed by "=" is the one that counts.
_CHARSET_IN = _compile(
    r"(?ai)charset[\t\n\f\r ]*=[\t\n\f\r ]*"  # ASCII case-insensitive: "charſet" is not "charset"
    r"(?:\"([^\"]*)\"|'([^']*)'|([^\t\n\f\r ;\"'][^\t\n\f\r ;]*|(?=;))|[\"']|\Z)"
)


def _charset_in(value: str) -> str | None:
    """The HTML Standard's "extracting a character encoding from a meta element"."""
    m = _CHARSET_IN.search(value)
    label = None if m is None else m.group(1) or m.group(2) or m.group(3)
    return lookup(label) if label else None  # no label, or an empty one


#: A <meta>'s encoding as browsers use it: markup that reads as ASCII is not UTF-16, and
#: x-user-defined is not for pages.
_CHANGED_TO = {"UTF-16BE": "UTF-8", "UTF-16LE": "UTF-8", "x-user-defined": "windows-1252"}


def _meta_rule(attributes: bytes, *, prescan: bool) -> str | None:
    """The encoding a <meta> names by its attributes (from the end of its name to its ">"),
    for the prescan (values lowercased; an unknown charset makes the tag name none) or the
    tree builder (character references decoded; an unknown charset leaves it to http-equiv)."""
    if not prescan and not _may_declare(attributes):
        return None
    from html import unescape  # (on use: html.entities is some 2 ms of start-up)

    text = str if prescan else unescape
    found: dict[bytes, str] = {}
    for a in _ATTRIBUTE.finditer(attributes.lower() if prescan else attributes):  # to the ">"
        if a["name"]:
            value = a["dq"] or a["sq"] or a["unq"] or b""
            found.setdefault(a["name"].lower(), text(value.decode("latin-1")))  # markup: ASCII
    charset, equiv, content = (found.get(b"charset"), found.get(b"http-equiv", ""),
                               found.get(b"content"))  # fmt: skip
    label = None if charset is None else lookup(charset)
    if label is None and (charset is None or not prescan) and content is not None:
        if equiv.isascii() and equiv.lower() == "content-type":
            label = _charset_in(content)
    return None if label is None else _CHANGED_TO.get(label, label)


def _may_declare(markup: bytes) -> bool:
    """Can a <meta> in ``markup`` name an encoding? Not without "charset", or a numeric
    character reference that could spell it. (``find``: on bytes, ``in`` raises and clears
    an error.)"""
    return (markup.find(b"&") >= 0 and markup.find(b"&#") >= 0) or (
        markup.lower().find(b"charset") >= 0
    )


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
#: In a whole tag, from the end of its name or of an attribute: the next attribute ("name";
#: a value in "dq", "sq" or "unq", by its quotes), or the ">" that ends the tag ("end").
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


# --- the prescan: one match per construct; where the patterns fail, the bytes run out ----

_PRESCAN_LIMIT = 1024
#: A tag after "<" (or "</") as the prescan reads it: its name (group "name": to a space or
#: ">", slashes included), attributes, the ">" that ends it.
_PRESCAN_TAG = _compile(rb"(?P<name>[^" + _NS + rb">]*+)" + _ATTRIBUTES)
#: After a tag name's first letter: the rest of a name without a "/" inside (where the
#: tokenizer would end it), the attributes, ">".
_P_REST = rb"[^" + _NS + rb"/>]*+(?:>|/*+(?=[" + _NS + rb">])" + _ATTRIBUTES + b")"
#: All the prescan steps over that the tokenizer reads alike (see _same_for_parser): text,
#: comments ("<!-->" is one; not with "--!>"), tags without a "/" inside the name, a <meta>
#: without "charset" nor "&", an element whose text has no "<", "<!", "</", "<?" to ">".
#: Then the "step" it stopped at: a "comment", a "meta" (and its "attributes" unless the
#: bytes end first), another "tag", or "<!", "</", "<?".
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
#: "get an XML encoding", before the first ">": the first "encoding", "=" between bytes
#: up to 0x20, and a quoted label without such bytes.
_XML_ENCODING = _compile(
    rb"<\?xml(?:(?!encoding)[^>])*+encoding[\x00-\x20]*+=[\x00-\x20]*+"
    rb"(?:\"(?P<dq>[^\x00-\x20\">]*+)\"|'(?P<sq>[^\x00-\x20'>]*+)')"
)


def xml_label(data: bytes) -> str | None:
    """The label an XML declaration at the very start of ``data`` gives (``<?xml
    version="1.0" encoding="Big5"?>``), as written; None without one. Read as the
    Encoding Standard's "get an XML encoding" reads it, in the first 1024 bytes.

    >>> xml_label(b'<?xml version="1.0" encoding="Big5"?><rss/>'), xml_label(b"<rss/>")
    ('Big5', None)
    """
    found = _XML_ENCODING.match(data, 0, 1024)
    label = None if found is None else found.group("dq") or found.group("sq")
    return label.decode("latin-1") if label else None


#: "<?x" in UTF-16LE and in UTF-16BE: an XML declaration the prescan takes for UTF-16.
_UTF16_XML = (b"<\x00?\x00x\x00", b"\x00<\x00?\x00x")


@functools.lru_cache(maxsize=256)
def _prescan_meta(attributes: bytes) -> tuple[str | None, bool]:
    """The encoding the attributes of a ``<meta`` name for the prescan, or None, and whether
    the tokenizer surely reads the tag so. Remembered: pages repeat a few such tags."""
    lowered = attributes.lower()
    if lowered.find(b"charset") < 0:  # for the tokenizer, an http-equiv's content may spell it
        return None, attributes.find(b"&") < 0 or lowered.find(b"http-equiv") < 0
    charset = _meta_rule(attributes, prescan=True)
    return charset, charset is not None and attributes.find(b"&") < 0


def _same_for_parser(data: bytes, name: bytes, end: int) -> bool:
    """Does the HTML tokenizer read the tag the prescan named ``name`` (ending at ``end``),
    and what follows, as the prescan does? Not with a "/" inside the name (where the
    tokenizer's name ends), for <plaintext>, nor for an element whose text holds a "<"."""
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
    """The HTML Standard's "prescan a byte stream to determine its encoding" (``data[:1024]``,
    then "get an XML encoding"): the WHATWG name, or None.

    >>> prescan(b'<div title="<meta charset=big5>">'), prescan(b"<meta charset=utf-16le>")
    (None, 'UTF-8')
    """
    return _prescan(data)[0]


def _no_meta_charset(data: bytes) -> bool:
    """True when no ``<meta`` in ``data[:1024]`` can name an encoding for the prescan: none
    spells "charset" (in any ASCII case; the prescan decodes no character references)."""
    limit = _PRESCAN_LIMIT
    return data.find(b"charset", 0, limit) < 0 and data[:limit].lower().find(b"charset") < 0


def _prescan(data: bytes) -> tuple[str | None, int, bool]:
    """:func:`prescan`, where the <meta> that decided ends (-1 if none did), and whether the
    tokenizer reads the bytes up to there alike (then the parser meets that <meta> first):
    not if a <meta> before it was refused or has an "&" (which only the tokenizer decodes)."""
    if data.startswith(_UTF16_XML):
        return ("UTF-16LE" if data[0] == 0x3C else "UTF-16BE"), -1, False
    limit = _PRESCAN_LIMIT  # the bytes it reads
    pos = limit if _no_meta_charset(data) else 0  # else only an XML declaration can say
    plain = True
    while True:
        m = cast("re.Match[bytes]", _PRESCAN_SKIP.match(data, pos, limit))  # it always matches
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
    xml = _XML_ENCODING.match(data, 0, limit)
    label = None if xml is None else xml.group("dq") or xml.group("sq")
    found = lookup(label.decode("latin-1")) if label else None
    return ("UTF-8" if found in ("UTF-16BE", "UTF-16LE") else found), -1, False


# --- the <meta> the tokenizer meets: "changing the encoding while parsing" -----------------
#
# Tags as the tokenizer sees them: comments (to "-->" or "--!>"), bogus comments, the text
# of <script> (with its escaped states), <style>, <title>..., <plaintext>; each step a
# search forward. Left out: foreign content (<svg>, <math>), insertion modes that drop a
# <meta> (in <select>, a frameset), the scripting-disabled parse of <noscript>.

_T_SPECIAL_NAMES = (b"meta", *_TEXT_NAMES, b"plaintext")  # tags that need more than a skip
#: After a tag name's first letter, the rest of a start or end tag.
_T_REST = rb"[^" + _NS + rb"/>]*+(?:>|" + _ATTRIBUTES + b")"
#: After "<": a comment, to "-->" or "--!>" ("<!-->" and "<!--->" are whole ones).
_T_COMMENT = rb"!--(?:-?>|(?:[^-]++|-(?!-!?>))*+--!?>)"


def _t_letter(first: bytes) -> bytes:
    """After "<", a start tag whose name starts with ``first`` (as names of _T_SPECIAL_NAMES
    do): another name's, a <meta> that cannot declare, or a text element with its text (for
    <script>, one without "<script", see _script_end). Any other byte fails it at once."""
    names = [name for name in _T_SPECIAL_NAMES if name.startswith(first)]
    other = rb"(?!(?i:" + b"|".join(n[1:] for n in names) + b")" + _END + b")" + _T_REST
    alternatives = [b">", other]  # a name of one letter, one of another name
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


#: All the scan only steps over, in one match: text, tags but a <meta> that may declare and
#: what _t_letter leaves, comments, bogus comments. It also stops where the page ends
#: inside something (then the step-by-step loop decides).
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
#: The next "<" the tokenizer does something with: a comment (1), a start tag (2), an end
#: tag (3), "</>" (4); the rest ("<!", "<?", "</" + other) are bogus comments up to ">".
_T_STEP = _compile(rb"<(?:(!--)|([A-Za-z])|/(?:([A-Za-z])|(>))|[!?/])")
_COMMENT = _compile(b"<" + _T_COMMENT)
#: What changes the state in a script's text: "<!" before "--" (its dashes may end it:
#: "<!-->"), "-->", "</script" ("end"), "<script".
_SCRIPT = _compile(rb"(?P<open><!(?=--))|(?P<close>-->)|(?P<end></(?i:script)" + _END
                   + rb")|<(?i:script)" + _END)  # fmt: skip


def _script_end(data: bytes, pos: int) -> int:
    """Where the </script> that ends a script's text starts, or -1: the tokenizer's script
    data (0), escaped (1) and double-escaped (2) states, ``<!--<script>`` hides one."""
    state = 0
    while True:
        m = _SCRIPT.search(data, pos)
        if m is None:
            return -1
        pos, kind = m.end(), m.lastgroup
        if kind == "end" and state < 2:
            return m.start()
        state = {"open": state or 1, "close": 0, "end": 1}.get(kind or "", 2 if state else 0)


#: The tree builder's rule (see _meta_rule).
_meta_declares = functools.partial(_meta_rule, prescan=False)


def meta_while_parsing(data: bytes) -> str | None:
    """The encoding of the first ``<meta>`` the HTML tokenizer meets that declares one, which
    makes a browser "change the encoding" while parsing (unlike the prescan, it knows that
    ``<script>``, ``<style>`` or ``<title>`` hold text).

    >>> page = b"<script>document.write('<meta charset=big5>')</script><!-- <meta charset=gbk> -->"
    >>> meta_while_parsing(page + b"<p>" + b"x" * 5000 + b"<meta charset=koi8-r>")
    'KOI8-R'
    """
    return _meta_while_parsing(data, whole_page=True)


def _no_meta_declares(data: bytes) -> bool:
    """No <meta> in the page can name an encoding: the check before the scan."""
    return not _may_declare(data)


def _meta_while_parsing(data: bytes, *, whole_page: bool) -> str | None:
    if whole_page and _no_meta_declares(data):
        return None  # the scan would only step over everything
    pos = 0
    while True:
        pos = cast("re.Match[bytes]", _T_SKIP.match(data, pos)).end()  # it always matches
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
    """The WHATWG name a page's ``<meta>`` (or XML declaration) makes a browser use, and
    whether the browser only learns it while parsing (:func:`meta_while_parsing`)."""

    encoding: str
    while_parsing: bool


def html_meta(data: bytes) -> MetaFound | None:
    """The encoding a page's own declaration gives it when no BOM or header decides: the
    prescan's (tentative), unless the first ``<meta>`` the parser meets that declares one
    says otherwise; a UTF-16 answer of the prescan (an XML declaration) is final.

    >>> html_meta(b"<script>x = '<meta charset=big5>'</script><meta charset=utf-8>")
    MetaFound(encoding='UTF-8', while_parsing=True)
    >>> html_meta(b"<meta charset=big5>"), html_meta(b"<p>hola")
    (MetaFound(encoding='Big5', while_parsing=False), None)
    """
    early, end, plain = _prescan(data)
    if early is not None and ((end >= 0 and plain) or early in ("UTF-16LE", "UTF-16BE")):
        return _found(early, False)  # the parser meets the same <meta> first, or UTF-16
    late = _meta_while_parsing(data, whole_page=early is None)
    if late is None or late == early:
        return None if early is None else _found(early, False)
    return _found(late, True)


_found = functools.lru_cache(maxsize=256)(MetaFound)  # each made once: they are immutable
