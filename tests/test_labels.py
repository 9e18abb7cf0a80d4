"""The WHATWG label table and the Python codecs standing in for the browser decoders."""

from __future__ import annotations

import codecs
import json
from importlib import resources
from pathlib import Path

import pytest

from codecbox import labels
from codecbox.labels import LABELS, PYTHON_CODECS, lookup, python_codec, whatwg_name

SHARED = Path(__file__).resolve().parents[2] / "shared" / "whatwg"
#: the single-byte index files, copied into the repo so the comparison always runs
INDEXES = Path(__file__).resolve().parent / "vectors" / "whatwg"
PACKAGE_JSON = resources.files("codecbox").joinpath("data/encodings.json")
GROUPS = json.loads(PACKAGE_JSON.read_text("utf-8"))
ENCODINGS = {e["name"]: e["labels"] for g in GROUPS for e in g["encodings"]}
SINGLE_BYTE = [
    e["name"]
    for g in GROUPS
    if g["heading"] == "Legacy single-byte encodings"
    for e in g["encodings"]
]


def test_package_copy_is_the_shared_file() -> None:
    shared = SHARED / "encodings.json"
    if not shared.exists():
        pytest.skip(f"{shared} not present")
    assert PACKAGE_JSON.read_bytes() == shared.read_bytes()


def test_notice_ships_with_the_data() -> None:
    notice = resources.files("codecbox").joinpath("data/WHATWG-NOTICE.txt").read_text("utf-8")
    assert "CC" in notice or "Creative Commons" in notice
    assert "a985b62a9b45c17da3e17a9f0a0b4e30c34c4a8a" in notice


def test_table_size() -> None:
    assert len(ENCODINGS) == 40
    assert len(LABELS) == 228
    assert set(LABELS.values()) == set(ENCODINGS)


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_every_label_resolves(name: str) -> None:
    for label in ENCODINGS[name]:
        assert lookup(label) == name
        assert lookup(label.upper()) == name
        assert lookup(f" \t{label}\r\n\x0c") == name


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


def test_python_codec() -> None:
    assert python_codec("sjis") == "cp932"
    assert python_codec("euc-kr") == "cp949"
    assert python_codec("big5") == "big5hkscs"
    assert python_codec("gb2312") == "gb18030"
    assert python_codec("iso-2022-kr") is None
    assert python_codec("klingon") is None


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("cp949", "EUC-KR"),
        ("euc_kr", "EUC-KR"),
        ("EUC-KR", "EUC-KR"),
        ("shift_jis", "Shift_JIS"),
        ("cp932", "Shift_JIS"),
        ("shift_jis_2004", "Shift_JIS"),
        ("euc_jp", "EUC-JP"),
        ("iso2022_jp", "ISO-2022-JP"),
        ("cp1252", "windows-1252"),
        ("latin_1", "windows-1252"),
        ("utf_8", "UTF-8"),
        ("utf-8-sig", "UTF-8"),
        ("big5", "Big5"),
        ("cp950", "Big5"),
        ("gb2312", "GBK"),
        ("gb18030", "gb18030"),
        ("cp874", "windows-874"),
        ("mac_roman", "macintosh"),
        ("mac_cyrillic", "x-mac-cyrillic"),
        ("iso8859_8", "ISO-8859-8"),
        ("x_user_defined", "x-user-defined"),
        ("cp037", None),
        ("johab", None),
        ("no-such-codec", None),
    ],
)
def test_whatwg_name(name: str, expected: str | None) -> None:
    assert whatwg_name(name) == expected


def test_whatwg_name_round_trips_the_codec_table() -> None:
    for name, codec in PYTHON_CODECS.items():
        if codec is None:
            continue
        back = whatwg_name(codec)
        # ISO-8859-8-I and GBK share a codec with ISO-8859-8 and gb18030
        assert back == {"ISO-8859-8-I": "ISO-8859-8", "GBK": "gb18030"}.get(name, name)


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
    assert len(SINGLE_BYTE) == 28
    codec = PYTHON_CODECS[name]
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


def test_module_doc_mentions_notice() -> None:
    assert "WHATWG-NOTICE" in (labels.__doc__ or "")
