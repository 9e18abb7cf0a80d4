"""WHATWG encoding labels, and the Python codec that decodes each encoding like a browser.

Browsers do not take a ``charset=`` value literally: ``latin1``, ``iso-8859-1`` and ``ascii``
all mean windows-1252, ``sjis`` means Shift_JIS (decoded as Microsoft's cp932), ``gb2312``
means GBK. The Encoding Standard's label table (shipped as ``data/encodings.json``, see
``data/WHATWG-NOTICE.txt``) is the single source of truth for that mapping.

>>> lookup("  LATIN1\\n")
'windows-1252'
>>> python_codec("sjis")
'cp932'
>>> whatwg_name("cp949")
'EUC-KR'
"""

from __future__ import annotations

import codecs
import json
from importlib import resources


def _load_labels() -> dict[str, str]:
    text = resources.files("codecbox").joinpath("data/encodings.json").read_text("utf-8")
    table: dict[str, str] = {}
    for group in json.loads(text):
        for encoding in group["encodings"]:
            for label in encoding["labels"]:
                table[label] = encoding["name"]
    return table


#: label (lowercase, as in the standard) -> WHATWG encoding name
LABELS: dict[str, str] = _load_labels()

#: WHATWG encoding name -> the Python codec whose decoder is closest to the browser's.
#: Several pick the Microsoft superset on purpose, because that is what the WHATWG
#: decoders implement: Shift_JIS is cp932, EUC-KR is cp949, GBK is gb18030, Big5 is
#: big5hkscs. None means there is no codec: see the "replacement" encoding.
PYTHON_CODECS: dict[str, str | None] = {
    "UTF-8": "utf-8",
    "IBM866": "cp866",
    "ISO-8859-2": "iso8859_2",
    "ISO-8859-3": "iso8859_3",
    "ISO-8859-4": "iso8859_4",
    "ISO-8859-5": "iso8859_5",
    "ISO-8859-6": "iso8859_6",
    "ISO-8859-7": "iso8859_7",
    "ISO-8859-8": "iso8859_8",
    "ISO-8859-8-I": "iso8859_8",
    "ISO-8859-10": "iso8859_10",
    "ISO-8859-13": "iso8859_13",
    "ISO-8859-14": "iso8859_14",
    "ISO-8859-15": "iso8859_15",
    "ISO-8859-16": "iso8859_16",
    "KOI8-R": "koi8_r",
    "KOI8-U": "koi8_u",
    "macintosh": "mac_roman",
    "windows-874": "cp874",
    "windows-1250": "cp1250",
    "windows-1251": "cp1251",
    "windows-1252": "cp1252",
    "windows-1253": "cp1253",
    "windows-1254": "cp1254",
    "windows-1255": "cp1255",
    "windows-1256": "cp1256",
    "windows-1257": "cp1257",
    "windows-1258": "cp1258",
    "x-mac-cyrillic": "mac_cyrillic",
    "GBK": "gb18030",
    "gb18030": "gb18030",
    "Big5": "big5hkscs",
    "EUC-JP": "euc_jp",
    "ISO-2022-JP": "iso2022_jp",
    "Shift_JIS": "cp932",
    "EUC-KR": "cp949",
    "replacement": None,
    "UTF-16BE": "utf-16-be",
    "UTF-16LE": "utf-16-le",
    "x-user-defined": "x-user-defined",
}

_ASCII_WHITESPACE = "\t\n\f\r "


def _ascii_lower(text: str) -> str:
    # str.lower() would also fold non-ASCII letters (e.g. the Kelvin sign K -> k),
    # turning garbage into a valid label; the standard lowercases ASCII only.
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


def lookup(label: str) -> str | None:
    """The Encoding Standard's "get an encoding": label -> WHATWG name, or None.

    Only ASCII whitespace is stripped, so a no-break space keeps a label unknown,
    exactly as in browsers.

    >>> lookup("Shift_JIS"), lookup(" utf8 "), lookup("\\xa0utf-8"), lookup("utf-7")
    ('Shift_JIS', 'UTF-8', None, None)
    """
    return LABELS.get(_ascii_lower(label.strip(_ASCII_WHITESPACE)))


def python_codec(label: str) -> str | None:
    """Label -> the Python codec a browser-like decoder should use (None if unknown
    or if the label means the "replacement" encoding).

    >>> python_codec("ks_c_5601-1987"), python_codec("iso-8859-1"), python_codec("iso-2022-kr")
    ('cp949', 'cp1252', None)
    """
    name = lookup(label)
    return None if name is None else PYTHON_CODECS[name]


# --- x-user-defined --------------------------------------------------------------------
# Bytes 0x80-0xFF map into the Private Use Area (U+F780-U+F7FF) so that binary data
# survives a round trip through text (the old XMLHttpRequest trick).

_XUD_DECODING = "".join(chr(b) for b in range(0x80)) + "".join(chr(0xF780 + b) for b in range(0x80))
_XUD_ENCODING = codecs.charmap_build(_XUD_DECODING)


def _xud_encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
    return codecs.charmap_encode(text, errors, _XUD_ENCODING)


def _xud_decode(data: bytes, errors: str = "strict") -> tuple[str, int]:
    return codecs.charmap_decode(data, errors, _XUD_DECODING)


class _XudIncrementalEncoder(codecs.IncrementalEncoder):
    def encode(self, input: str, final: bool = False) -> bytes:
        return _xud_encode(input, self.errors)[0]


class _XudIncrementalDecoder(codecs.IncrementalDecoder):
    # Single-byte: no state to carry between chunks.
    def decode(self, input: bytes, final: bool = False) -> str:
        return _xud_decode(input, self.errors)[0]


class _XudStreamWriter(codecs.StreamWriter):
    def encode(self, input: str, errors: str = "strict") -> tuple[bytes, int]:
        return _xud_encode(input, errors)


class _XudStreamReader(codecs.StreamReader):
    def decode(self, input: bytes, errors: str = "strict") -> tuple[str, int]:
        return _xud_decode(input, errors)


_XUD_INFO = codecs.CodecInfo(
    name="x-user-defined",
    encode=_xud_encode,
    decode=_xud_decode,
    incrementalencoder=_XudIncrementalEncoder,
    incrementaldecoder=_XudIncrementalDecoder,
    streamwriter=_XudStreamWriter,
    streamreader=_XudStreamReader,
)


def _search_x_user_defined(name: str) -> codecs.CodecInfo | None:
    return _XUD_INFO if name.replace("_", "-") == "x-user-defined" else None


codecs.register(_search_x_user_defined)


# --- codec names back to WHATWG names ---------------------------------------------------


def _canonical(codec: str) -> str:
    return codecs.lookup(codec).name.replace("-", "_")


# Python codec (canonical name) -> WHATWG name: the reverse of PYTHON_CODECS (first entry
# wins, so iso8859_8 -> ISO-8859-8), plus codecs a detector may return that no browser
# has but whose text one of the WHATWG decoders reads (the JIS X 0213 variants, cp950).
_FROM_CODEC: dict[str, str] = {
    "shift_jis_2004": "Shift_JIS",
    "shift_jisx0213": "Shift_JIS",
    "euc_jis_2004": "EUC-JP",
    "euc_jisx0213": "EUC-JP",
    "cp950": "Big5",
    "utf_8_sig": "UTF-8",
    "gb18030": "gb18030",  # not GBK: the two decoders are the same, the name is the honest one
}
for _name, _codec in PYTHON_CODECS.items():
    if _codec is not None:
        _FROM_CODEC.setdefault(_canonical(_codec), _name)


def whatwg_name(name: str) -> str | None:
    """WHATWG name for a label *or* a Python codec name (as detectors return them).

    Tries the label table first (``"euc-kr"``, ``"gb2312"``, ``"cp1252"``), then the
    codec's canonical Python name, so ``"euc_kr"``, ``"cp949"`` and ``"uhc"`` all give EUC-KR.
    Codecs no browser decoder matches give None.

    >>> [whatwg_name(n) for n in ("cp949", "euc_kr", "shift_jis", "utf_8", "gb2312", "latin_1")]
    ['EUC-KR', 'EUC-KR', 'Shift_JIS', 'UTF-8', 'GBK', 'windows-1252']
    >>> whatwg_name("cp037") is None
    True
    """
    found = lookup(name) or lookup(name.replace("_", "-"))
    if found:
        return found
    try:
        canonical = _canonical(name)
    except LookupError:
        return None
    return _FROM_CODEC.get(canonical) or lookup(canonical.replace("_", "-"))
