"""The encoding table: every other table is derived from it, and its facts are true."""

from __future__ import annotations

import codecs

import pytest

from codecbox import detection, guessing, labels, sniffing, whatwg
from codecbox.labels import LABELS, resolve
from codecbox.table import CJK, TABLE, record

PYTHON_ONLY = [r for r in TABLE if r.exact is None]
WEB = [r for r in TABLE if r.exact is not None]


def test_one_record_per_encoding_and_every_whatwg_encoding_has_one() -> None:
    assert len({r.name for r in TABLE}) == len(TABLE)
    assert {r.name for r in WEB} == set(LABELS.values())


@pytest.mark.parametrize("r", TABLE, ids=lambda r: r.name)
def test_each_record_names_real_codecs(r) -> None:
    for codec in (r.python, *r.subsets, *r.tries):
        if codec is not None:
            codecs.lookup(codec)
    if r.python is not None:
        assert codecs.lookup(r.python).name == r.python  # canonical: labels needs no lookup
    if r.exact is None:  # a Python-only encoding is called by its codec's name
        assert resolve(r.name) == resolve(r.python)
    else:  # (the "replacement" encoding is no codec: nothing may decode with it)
        assert resolve(r.name, label=True).codec == (r.exact if r.python else None)
        assert r.labels and all(labels.lookup(label) == r.name for label in r.labels)


@pytest.mark.parametrize("r", [r for r in TABLE if r.python], ids=lambda r: r.name)
def test_ascii_and_width_are_what_the_codec_does(r) -> None:
    text = "<p>Hola</p>"
    assert (text.encode(r.python) == text.encode("ascii")) == r.ascii
    sample = "".join(chr(c) for c in range(0x80, 0x30000) if _encodes(chr(c), r.python))
    widest = max(len(ch.encode(r.python)) for ch in sample) if sample else 1
    if r.escapes:  # a 7-bit encoding: an escape sequence, the character, the way back
        assert widest <= r.width
    elif r.bom:
        assert widest == r.width or (widest, r.width) == (2, 4)  # UTF-16: a surrogate pair
    else:
        assert widest == r.width


def _encodes(ch: str, codec: str) -> bool:
    try:
        ch.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


#: byte pairs a subset decodes that the browser's decoder reads otherwise, as the table's
#: docstring says: mapping variants (the wave dash 〜/～, ‧/•, the C6A1 block of Big5)
VARIANTS = {"shift_jis": 6, "gb2312": 2, "big5": 260, "cp950": 250, "gbk": 0, "euc_kr": 0}


@pytest.mark.parametrize("r", [r for r in WEB if r.subsets], ids=lambda r: r.name)
def test_a_subset_reads_like_the_browser_but_for_the_variants_the_table_names(r) -> None:
    for subset in r.subsets:
        differ = 0
        for pair in (
            bytes([lead, trail]) for lead in range(0x80, 0x100) for trail in range(0x40, 0x100)
        ):
            try:
                text = pair.decode(subset)
            except UnicodeDecodeError:
                continue
            if pair.decode(r.exact) != text:
                differ += 1
                if subset.startswith("iso8859"):  # only the C1 controls, 0x80-0x9F
                    assert any(0x80 <= ord(ch) <= 0x9F for ch in text), (subset, pair)
        if not subset.startswith("iso8859"):
            assert differ == VARIANTS[subset]


def test_the_derived_tables() -> None:
    assert whatwg.CODECS["Shift_JIS"] == "whatwg-shift_jis" and "johab" not in whatwg.CODECS
    marks = [mark for mark, *_ in sniffing.BOMS]
    assert marks.index(codecs.BOM_UTF32_LE) < marks.index(codecs.BOM_UTF16_LE)  # longest first
    assert sniffing.BOMS[0] == (codecs.BOM_UTF8, "utf-8", "utf-8-sig", True)
    assert list(detection.PRIORS)[:3] == ["cp1252", "shift_jis", "euc_jp"]
    assert detection.FALLBACKS["shift_jis"] == ("cp932", "shift_jis_2004")
    assert detection.SUPERSETS["iso8859-1"] == "windows-1252"
    assert detection.HINTS["lv"] == {"cp1257"} and detection.TLD_HINTS["ua"] >= {"koi8-u"}
    assert guessing.language_of("whatwg-big5") == "zh" == CJK["hz"]
    assert record("windows-1252").prior == 0.0
