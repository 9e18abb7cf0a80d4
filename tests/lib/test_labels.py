"""The WHATWG label table, Python's codecs standing in for the browser decoders, resolve()."""

from __future__ import annotations

import codecs
import json
from importlib import resources
from pathlib import Path

import pytest

from codecbox.errors import UnknownEncodingError
from codecbox.labels import LABELS, PYTHON_CODECS, Encoding, lookup, resolve

#: the single-byte index files, copied into the repo so the comparison always runs
INDEXES = Path(__file__).resolve().parent.parent / "vectors" / "whatwg"
PACKAGE_JSON = resources.files("codecbox").joinpath("data/encodings.json")
GROUPS = json.loads(PACKAGE_JSON.read_text("utf-8"))
ENCODINGS = {e["name"]: e["labels"] for g in GROUPS for e in g["encodings"]}
SINGLE_BYTE = [
    e["name"]
    for g in GROUPS
    if g["heading"] == "Legacy single-byte encodings"
    for e in g["encodings"]
]


def test_notice_ships_with_the_data() -> None:
    notice = resources.files("codecbox").joinpath("data/WHATWG-NOTICE.txt").read_text("utf-8")
    assert "CC" in notice or "Creative Commons" in notice
    assert "a985b62a9b45c17da3e17a9f0a0b4e30c34c4a8a" in notice


def test_table_size() -> None:
    assert len(ENCODINGS) == 40
    assert len(LABELS) == 228
    assert set(LABELS.values()) == set(ENCODINGS)
    assert len(SINGLE_BYTE) == 28


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_every_label_resolves(name: str) -> None:
    for label in ENCODINGS[name]:
        assert lookup(label) == name
        assert lookup(label.upper()) == name
        assert lookup(f" \t{label}\r\n\x0c") == name
        assert resolve(label, label=True).name == name


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("latin1", "windows-1252"),
        ("ISO-8859-1", "windows-1252"),
        ("us-ascii", "windows-1252"),
        ("sjis", "Shift_JIS"),
        ("gb2312", "GBK"),
        ("x-gbk", "GBK"),
        ("ks_c_5601-1987", "EUC-KR"),
        ("utf-16", "UTF-16LE"),
        ("iso-2022-kr", "replacement"),
        ("\u00a0utf-8", None),  # no-break space is not ASCII whitespace
        ("utf-8\u3000", None),
        ("\u212aoi8-r", None),  # KELVIN SIGN lowercases to k, but only in Unicode
        ("utf-7", None),
        ("", None),
    ],
)
def test_lookup_edge_cases(label: str, expected: str | None) -> None:
    assert lookup(label) == expected


def test_every_encoding_has_a_codec() -> None:
    assert set(PYTHON_CODECS) == set(ENCODINGS)
    assert [n for n, c in PYTHON_CODECS.items() if c is None] == ["replacement"]
    for codec in PYTHON_CODECS.values():
        if codec is not None:
            codecs.lookup(codec)


@pytest.mark.parametrize(
    ("label", "codec", "nearest"),
    [
        ("sjis", "whatwg-shift_jis", "cp932"),
        ("euc-kr", "whatwg-euc-kr", "cp949"),
        ("big5", "whatwg-big5", "big5hkscs"),
        ("gb2312", "whatwg-gbk", "gb18030"),
        ("latin1", "whatwg-windows-1252", "cp1252"),
        ("utf8", "utf-8", "utf-8"),  # Python's codec is already exact
        ("x-user-defined", "x-user-defined", "x-user-defined"),
        ("iso-2022-kr", None, None),
    ],
)
def test_label_codec(label: str, codec: str | None, nearest: str | None) -> None:
    """A label found in data decodes with the browser's (exact) decoder; a programmer's
    codec name keeps Python's codec, the nearest one of PYTHON_CODECS."""
    enc = resolve(label, label=True)
    assert enc.codec == codec
    assert PYTHON_CODECS[enc.name] == nearest
    if nearest is not None:
        assert resolve(nearest).codec == codecs.lookup(nearest).name


def test_unknown_label_is_an_error() -> None:
    with pytest.raises(UnknownEncodingError, match="'klingon'"):
        resolve("klingon", label=True)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("cp949", "EUC-KR"),
        ("cp932", "Shift_JIS"),
        ("windows-31j", "Shift_JIS"),  # the WHATWG table's; Python's too from 3.13 (cp932)
        ("x-sjis", "Shift_JIS"),  # only the WHATWG table knows it
        ("euc_jp", "EUC-JP"),
        ("iso2022_jp", "ISO-2022-JP"),
        ("cp1252", "windows-1252"),
        ("utf_8", "UTF-8"),
        ("gb18030", "gb18030"),
        ("big5hkscs", "Big5"),
        ("cp874", "windows-874"),
        ("mac_roman", "macintosh"),
        ("mac_cyrillic", "x-mac-cyrillic"),
        ("x-mac-cyrillic", "x-mac-cyrillic"),
        ("iso8859_8", "ISO-8859-8"),
        ("x_user_defined", "x-user-defined"),
        # Python codecs that are *not* what a browser decodes with: no WHATWG name
        ("euc_kr", None),  # strict KS X 1001; browsers decode EUC-KR as cp949
        ("EUC-KR", None),  # a codec name, read as Python reads it
        ("shift_jis", None),
        ("shift_jis_2004", None),
        ("latin_1", None),
        ("utf-8-sig", None),
        ("big5", None),
        ("cp950", None),
        ("gb2312", None),
        ("cp037", None),
        ("johab", None),
    ],
)
def test_whatwg_name_of_a_codec(name: str, expected: str | None) -> None:
    enc = resolve(name)
    assert enc.whatwg == expected
    if expected is not None:
        assert enc.name == expected


def test_codec_table_round_trips() -> None:
    for name, codec in PYTHON_CODECS.items():
        if codec is None:
            continue
        back = resolve(codec)
        # ISO-8859-8-I and GBK share a codec with ISO-8859-8 and gb18030
        assert back.whatwg == {"ISO-8859-8-I": "ISO-8859-8", "GBK": "gb18030"}.get(name, name)
        assert back.codec == codecs.lookup(codec).name


def test_x_user_defined_codec() -> None:
    data = bytes(range(256))
    text = data.decode("x-user-defined")
    assert text[:128] == "".join(map(chr, range(128)))
    assert [ord(c) for c in text[128:]] == list(range(0xF780, 0xF800))
    assert text.encode("x-user-defined") == data
    decoder = codecs.getincrementaldecoder("x-user-defined")()
    assert "".join(decoder.decode(data[i : i + 1]) for i in range(256)) == text
    assert codecs.lookup("X_User_Defined").name == "x-user-defined"
    with pytest.raises(UnicodeEncodeError):
        "é".encode("x-user-defined")


def test_encoding_value() -> None:
    enc = resolve("sjis", label=True)
    assert enc == Encoding("Shift_JIS", "whatwg-shift_jis")
    assert resolve("cp932") == Encoding("Shift_JIS", "cp932")
    assert resolve("whatwg-shift_jis") == enc
    assert str(enc) == "Shift_JIS"
    assert resolve(enc) is enc and resolve(enc, label=True) is enc


# --- single-byte codecs against the WHATWG indexes ----------------------------------------

#: Bytes where Python decodes to a *different* code point than the WHATWG index.
#: KOI8-U in WHATWG is really KOI8-RU: 0xAE/0xBE are Belarusian ў/Ў, not box drawings.
WRONG_CODE_POINT: dict[tuple[str, int], tuple[int, int]] = {
    # (encoding, byte): (Python, WHATWG)
    ("KOI8-U", 0xAE): (0x255D, 0x045E),
    ("KOI8-U", 0xBE): (0x256C, 0x040E),
}

#: Bytes the WHATWG index maps but the Python codec refuses (a U+FFFD instead). All are
#: the C1 control with the same value (Windows "best fit" behaviour browsers copied),
#: except windows-1255 0xCA, which WHATWG maps to U+05BA HEBREW POINT HOLAM HASER FOR VAV.
REFUSED: dict[str, frozenset[int]] = {
    "windows-874": frozenset([0x81, 0x82, 0x83, 0x84, *range(0x86, 0x91), *range(0x98, 0xA0)]),
    "windows-1250": frozenset([0x81, 0x83, 0x88, 0x90, 0x98]),
    "windows-1251": frozenset([0x98]),
    "windows-1252": frozenset([0x81, 0x8D, 0x8F, 0x90, 0x9D]),
    "windows-1253": frozenset(
        [0x81, 0x88, 0x8A, 0x8C, 0x8D, 0x8E, 0x8F, 0x90, 0x98, 0x9A, 0x9C, 0x9D, 0x9E, 0x9F]
    ),
    "windows-1254": frozenset([0x81, 0x8D, 0x8E, 0x8F, 0x90, 0x9D, 0x9E]),
    "windows-1255": frozenset(
        [0x81, 0x8A, 0x8C, 0x8D, 0x8E, 0x8F, 0x90, 0x9A, 0x9C, 0x9D, 0x9E, 0x9F, 0xCA]
    ),
    "windows-1257": frozenset([0x81, 0x83, 0x88, 0x8A, 0x8C, 0x90, 0x98, 0x9A, 0x9C, 0x9F]),
    "windows-1258": frozenset([0x81, 0x8A, 0x8D, 0x8E, 0x8F, 0x90, 0x9A, 0x9D, 0x9E]),
}


def _index(name: str) -> dict[int, int]:
    path = INDEXES / f"index-{'iso-8859-8' if name == 'ISO-8859-8-I' else name.lower()}.txt"
    table = {}
    for line in path.read_text("utf-8").split("\n"):  # not splitlines(): U+0085 is data
        if line.strip() and not line.startswith("#"):
            pointer, code_point = line.split("\t")[:2]
            table[0x80 + int(pointer)] = int(code_point, 16)
    return table


@pytest.mark.parametrize("name", SINGLE_BYTE)
def test_single_byte_codec_matches_whatwg_index(name: str) -> None:
    codec = PYTHON_CODECS[name]
    assert codec is not None
    index = _index(name)
    wrong, refused = {}, set()
    for byte in range(256):
        try:
            got = ord(bytes([byte]).decode(codec))
        except UnicodeDecodeError:
            if byte in index:
                refused.add(byte)
            continue
        if byte < 0x80:
            assert got == byte
        elif got != index.get(byte):
            wrong[(name, byte)] = (got, index.get(byte))
    assert wrong == {k: v for k, v in WRONG_CODE_POINT.items() if k[0] == name}
    assert refused == REFUSED.get(name, frozenset())
    for byte in refused - {0xCA}:
        assert index[byte] == byte  # a C1 control
    if name == "windows-1255":
        assert index[0xCA] == 0x05BA
