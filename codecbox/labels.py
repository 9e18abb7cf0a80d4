"""Encoding names: the WHATWG label table, Python's codecs, and the one resolver between them.

Browsers do not take a ``charset=`` value literally: ``latin1`` and ``ascii`` mean
windows-1252, ``sjis`` means Shift_JIS, as the Encoding Standard's label table says
(``data/encodings.json``, see ``data/WHATWG-NOTICE.txt``); a programmer's Python codec
name (``"latin-1"``, ``"cp932"``) means exactly that codec. :func:`resolve` turns either
kind of name into an :class:`Encoding`, the value every codecbox result carries.

>>> resolve("latin-1"), resolve("latin1", label=True).name
(Encoding(name='iso8859-1', codec='iso8859-1'), 'windows-1252')
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from encodings import charmap
from functools import cache, partial
from typing import TYPE_CHECKING

from codecbox.errors import UnknownEncodingError
from codecbox.whatwg import CODECS as WHATWG_CODECS
from codecbox.whatwg import PYTHON_CODECS, data_file  # PYTHON_CODECS: exported here too

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

__all__ = ["LABELS", "PYTHON_CODECS", "WHATWG_CODECS", "Encoding", "lookup", "resolve"]


if TYPE_CHECKING:
    #: label (lowercase, as in the standard) -> WHATWG encoding name (read on first use)
    LABELS: dict[str, str]


@cache
def _labels() -> dict[str, str]:
    import json  # (here: import codecbox reads no label, and json is 1.5 ms of start-up)

    groups = json.loads(data_file("encodings.json").decode("utf-8"))
    return {label: e["name"] for g in groups for e in g["encodings"] for label in e["labels"]}


def __getattr__(name: str) -> dict[str, str]:
    if name == "LABELS":
        return _labels()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_ASCII_WHITESPACE = "\t\n\f\r "
# The standard lowercases ASCII only: str.lower() would also fold non-ASCII letters (the
# Kelvin sign K -> k), turning garbage into a valid label.
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def lookup(label: str) -> str | None:
    """The Encoding Standard's "get an encoding": label -> WHATWG name, or None.

    Only ASCII whitespace is stripped, so a no-break space keeps a label unknown,
    exactly as in browsers.

    >>> lookup("Shift_JIS"), lookup(" utf8 "), lookup("\\xa0utf-8"), lookup("utf-7")
    ('Shift_JIS', 'UTF-8', None, None)
    """
    if not isinstance(label, str):
        raise TypeError(f"a label must be a str, not {type(label).__name__}: {label!r}")
    return _labels().get(label.strip(_ASCII_WHITESPACE).translate(_ASCII_LOWER))


# x-user-defined maps bytes 0x80-0xFF into the Private Use Area (U+F780-U+F7FF), so that
# binary data survives a round trip through text (the old XMLHttpRequest trick). Registering
# the codec is the one side effect of importing codecbox: "x-user-defined" becomes a name
# that Python's codecs know. Its incremental and stream classes are the standard library's
# for any character map (encodings.charmap), given this one.

_XUD_DECODING = "".join(chr(b) for b in range(0x80)) + "".join(chr(0xF780 + b) for b in range(0x80))
_XUD_ENCODING = codecs.charmap_build(_XUD_DECODING)


def _xud_encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
    return codecs.charmap_encode(text, errors, _XUD_ENCODING)


def _xud_decode(data: ReadableBuffer, errors: str = "strict") -> tuple[str, int]:
    return codecs.charmap_decode(data, errors, _XUD_DECODING)


_XUD_INFO = codecs.CodecInfo(
    name="x-user-defined",
    encode=_xud_encode,
    decode=_xud_decode,
    incrementalencoder=partial(charmap.IncrementalEncoder, mapping=_XUD_ENCODING),
    incrementaldecoder=partial(charmap.IncrementalDecoder, mapping=_XUD_DECODING),
    streamwriter=partial(charmap.StreamWriter, mapping=_XUD_ENCODING),
    streamreader=partial(charmap.StreamReader, mapping=_XUD_DECODING),
)


def _search_x_user_defined(name: str) -> codecs.CodecInfo | None:
    return _XUD_INFO if name.replace("_", "-") == "x-user-defined" else None


codecs.register(_search_x_user_defined)


@dataclass(frozen=True)
class Encoding:
    """An encoding as codecbox reports it: a name to show and store, and a codec to use.

    ``name`` is the WHATWG name when ``codec`` is that encoding's exact decoder
    (``whatwg-shift_jis``) or its nearest Python codec (``Shift_JIS`` for cp932), else
    Python's canonical codec name (``shift_jis``, ``utf-8-sig``). ``codec`` is None only
    for WHATWG's "replacement" encoding. Pass the value itself (or its ``codec``) back to
    codecbox: a bare ``name`` such as ``"Shift_JIS"`` means Python's ``shift_jis`` codec.
    """

    name: str
    codec: str | None

    @property
    def whatwg(self) -> str | None:
        """The WHATWG name, or None when no browser decodes text this way."""
        return self.name if self.name in PYTHON_CODECS else None

    def __str__(self) -> str:
        return self.name


def _canonical(codec: str) -> str:
    """Python's canonical name for a text codec; LookupError for anything else."""
    try:
        info = codecs.lookup(codec)
    except (LookupError, ValueError, TypeError):  # ValueError: e.g. an embedded NUL
        raise LookupError(codec) from None
    if not getattr(info, "_is_text_encoding", True):  # base64, rot13, zlib...
        raise LookupError(codec)
    return info.name


# Python codec (canonical name) -> WHATWG name: the reverse of PYTHON_CODECS, first entry
# first (iso8859-8 is ISO-8859-8, not -I; gb18030 is gb18030, not GBK: the same decoder),
# and each exact codec's one encoding. Both tables spell codecs by their canonical names
# (tests/lib/test_startup.py checks): looking the exact ones up would load index files.
_FROM_CODEC: dict[str, str] = {}
for _name, _codec in PYTHON_CODECS.items():
    if _codec is not None and _name != "GBK":
        _FROM_CODEC.setdefault(_codec, _name)
for _name, _codec in WHATWG_CODECS.items():
    _FROM_CODEC.setdefault(_codec, _name)


def _from_label(label: str, *, exact: bool = True) -> Encoding | None:
    name = lookup(label)
    if name is None:
        return None
    if name == "replacement":
        return Encoding(name, None)
    if exact:
        return Encoding(name, WHATWG_CODECS[name])
    codec = PYTHON_CODECS[name]
    assert codec is not None
    return Encoding(name, _canonical(codec))


def resolve(name: str | Encoding, *, label: bool = False) -> Encoding:
    """The one way codecbox turns an encoding name into an :class:`Encoding`.

    * ``label=False`` (the default): a **codec name chosen by a programmer**, read as
      Python reads it (``"latin-1"`` is ISO-8859-1 exactly, ``"cp1252"`` refuses the five
      bytes browsers decode as C1 controls), then names only the WHATWG table has
      (``"x-mac-cyrillic"``, ``"x-sjis"``) as their nearest Python codec. The exact
      decoders have codec names too: ``"whatwg-shift_jis"``.
    * ``label=True``: a **label found in data** (a header, a ``<meta>``, what a sender
      declared), read as a browser reads it: the WHATWG table first (``"latin1"`` is
      windows-1252), decoded by the standard's exact decoder, then Python's codecs for
      names no browser knows (``"cp850"``).

    An :class:`Encoding` is returned unchanged. An unknown name raises
    :class:`~codecbox.errors.UnknownEncodingError` (a ``LookupError`` and a ``ValueError``).

    >>> resolve("shift_jis"), resolve("shift_jis", label=True)
    (Encoding(name='shift_jis', codec='shift_jis'), Encoding(name='Shift_JIS', \
codec='whatwg-shift_jis'))
    >>> [resolve(n).name for n in ("cp932", "cp949", "utf_8", "x-mac-cyrillic", "cp850")]
    ['Shift_JIS', 'EUC-KR', 'UTF-8', 'x-mac-cyrillic', 'cp850']
    >>> resolve("iso-2022-kr", label=True)
    Encoding(name='replacement', codec=None)
    """
    if isinstance(name, Encoding):
        return name
    if not isinstance(name, str):
        raise TypeError(f"an encoding name must be a str or an Encoding, not {type(name)!r}")
    if label:
        found = _from_label(name)
        if found is not None:
            return found
    try:
        canonical = _canonical(name)
    except LookupError:
        found = None if label else _from_label(name, exact=False)
    else:
        return Encoding(_FROM_CODEC.get(canonical, canonical), canonical)
    if found is None:
        raise UnknownEncodingError(name)
    return found
