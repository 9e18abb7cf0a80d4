"""codecbox.length: the four lengths of a string, and truncation that never splits a cluster."""

from __future__ import annotations

import sys
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codecbox.errors import EncodeError, UnknownEncodingError
from codecbox.length import UNITS, graphemes, length, truncate

FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # woman, ZWJ, woman, ZWJ, girl
THUMBS = "\U0001f44d\U0001f3fd"  # thumbs up + medium skin tone
SPAIN = "\U0001f1ea\U0001f1f8"  # regional indicators E and S

# (text, bytes in UTF-8, UTF-16 units, code points, grapheme clusters): the lesson's strings.
CASES = [
    ("a\u00f1o", 4, 3, 3, 3),
    ("an\u0303o", 5, 4, 4, 3),
    ("\ud55c\uae00", 6, 2, 2, 2),  # 한글 as two syllables
    (unicodedata.normalize("NFD", "\ud55c\uae00"), 18, 6, 6, 2),  # ... and as six jamo
    ("\U0001f600", 4, 2, 1, 1),
    (THUMBS, 8, 4, 2, 1),
    (FAMILY, 18, 8, 5, 1),
    (SPAIN, 8, 4, 2, 1),
    ("e\u0301", 3, 2, 2, 1),
    # नमस्ते: न, म, and स्ते (a conjunct joined by the virama: a cluster since Unicode 15.1)
    ("\u0928\u092e\u0938\u094d\u0924\u0947", 18, 6, 6, 3),
    ("", 0, 0, 0, 0),
]


@pytest.mark.parametrize(("text", "n_bytes", "n_utf16", "n_points", "n_clusters"), CASES)
def test_each_unit_on_the_lessons_strings(text, n_bytes, n_utf16, n_points, n_clusters):
    got = [length(text, unit) for unit in UNITS]
    assert got == [n_bytes, n_utf16, n_points, n_clusters]
    assert length(text) == len(text)  # the default unit is Python's
    assert "".join(graphemes(text)) == text


def test_units_are_listed_smallest_first():
    assert UNITS == ("bytes", "utf16", "code_points", "graphemes")


def test_bytes_in_other_encodings():
    assert length("a\u00f1o", "bytes", encoding="latin-1") == 3
    assert length("a\u00f1o", "bytes", encoding="utf-16-le") == 6
    assert length("\U0001f600", "bytes", encoding="utf-32-le") == 4
    assert length("\ud55c", "bytes", encoding="cp949") == 2


def test_a_lone_surrogate_is_one_utf16_unit():
    assert length("a\ud800", "utf16") == 2
    assert length("a\ud800", "code_points") == 2


def test_an_unencodable_character_raises_with_its_offset():
    with pytest.raises(EncodeError) as info:
        length("3,50 \u20ac", "bytes", encoding="latin-1")
    assert info.value.offset == 5
    assert isinstance(info.value, UnicodeEncodeError)
    assert "U+20AC" in str(info.value)
    with pytest.raises(EncodeError):  # a lone surrogate is not valid UTF-8
        length("a\ud800", "bytes")
    with pytest.raises(EncodeError) as info:  # checked before cutting, wherever it is
        truncate("abc \u20ac", 2, "bytes", encoding="latin-1")
    assert info.value.offset == 4


def test_unknown_encoding_and_unit():
    with pytest.raises(UnknownEncodingError, match="klingon"):
        length("a", "bytes", encoding="klingon")
    with pytest.raises(ValueError, match="unknown unit 'letters'"):
        length("a", "letters")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="limit"):
        truncate("a", -1)


def test_truncate_examples():
    assert truncate(FAMILY + " hola", 10, "bytes") == ""
    assert truncate(FAMILY + " hola", 18, "bytes") == FAMILY
    assert truncate(FAMILY + " hola", 2, "graphemes") == FAMILY + " "
    assert truncate(FAMILY + "abc", 7, "utf16") == ""  # 8 units: the whole family or nothing
    assert truncate(SPAIN * 2, 3, "code_points") == SPAIN  # never half a flag
    assert truncate("a\u00f1o", 2, "bytes") == "a"  # never half of the ñ's two bytes
    assert truncate("cafe\u0301", 4, "code_points") == "caf"  # never an e without its accent
    assert truncate("hola", 10) == "hola"
    assert truncate("hola", 0) == ""
    assert truncate("", 0, "bytes") == ""


def test_a_byte_order_mark_is_not_counted():
    # Python's "utf-16", "utf-32" and "utf-8-sig" write a BOM before the text: a field's
    # length is the text's bytes (issue 19, N16: truncate("abc", 1, "bytes", encoding=
    # "utf-16") gave "", whose length was 2, over the limit).
    assert [length("abc", "bytes", encoding=e) for e in ("utf-16", "utf-32", "utf-8-sig")] == [
        6,
        12,
        3,
    ]
    assert length("", "bytes", encoding="utf-16") == 0
    for encoding in ("utf-16", "utf-32", "utf-8-sig", "iso2022_jp"):
        for limit in range(9):
            cut = truncate("abcdef", limit, "bytes", encoding=encoding)
            assert "abcdef".startswith(cut) and length(cut, "bytes", encoding=encoding) <= limit
    assert truncate("abcdef", 6, "bytes", encoding="utf-16") == "abc"


# Pieces that make hard clusters: marks, ZWJ sequences, skin tones, flags, jamo, a virama.
PIECES = [
    "a", "n", "\u0303", "\u0301", " ", "\u00f1", "\u200d", "\U0001f469", "\U0001f467",
    "\U0001f44d", "\U0001f3fd", "\U0001f1ea", "\U0001f1f8", "\u1112", "\u1161", "\u11ab",
    "\ud55c", "\u0938", "\u094d", "\u0924", "\u0947", "\ufe0f", "\r", "\n", "\U0001f600",
]  # fmt: skip
texts = st.one_of(st.lists(st.sampled_from(PIECES), max_size=24).map("".join), st.text())


@given(text=texts, limit=st.integers(0, 40), unit=st.sampled_from(UNITS))
def test_truncate_never_splits_a_cluster_and_is_maximal(text, limit, unit):
    cut = truncate(text, limit, unit)
    clusters = graphemes(text)
    assert text.startswith(cut)
    ends = [len("".join(clusters[:k])) for k in range(len(clusters) + 1)]
    assert len(cut) in ends  # a whole number of clusters
    assert length(cut, unit) <= limit
    k = ends.index(len(cut))
    if k < len(clusters):  # one more cluster would not fit
        assert length(text[: ends[k + 1]], unit) > limit


@given(text=texts)
def test_each_unit_counts_at_most_the_one_below(text):
    n_bytes, n_utf16, n_points, n_clusters = (length(text, unit) for unit in UNITS)
    assert n_bytes >= n_utf16  # UTF-8 spends at least a byte per UTF-16 unit
    assert n_utf16 >= n_points >= n_clusters
    assert "".join(graphemes(text)) == text


def test_missing_extra_names_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "regex", None)  # as if regex were not installed
    monkeypatch.setitem(sys.modules, "uniseg.graphemecluster", None)  # nor uniseg
    for call in (lambda: graphemes("a"), lambda: length("a", "graphemes"),
                 lambda: truncate("abc", 1, "bytes")):  # fmt: skip
        with pytest.raises(ModuleNotFoundError, match=r"pip install 'regex>=2024\.4'"):
            call()
    # the other units need nothing
    assert [length("a\u00f1o", u) for u in UNITS[:3]] == [4, 3, 3]
    assert truncate("abc", 5, "bytes") == "abc"  # fits: nothing to segment


def test_without_regex_graphemes_come_from_pure_python_uniseg(monkeypatch):
    """Issue 21 (lesson 5 in the browser, where regex cannot be installed): uniseg gives the
    same clusters as regex on the course's texts and on random strings of the scripts and
    emoji sequences whose rules Unicode 16 and regex's version share."""
    import random

    pytest.importorskip("uniseg.graphemecluster")
    regex = pytest.importorskip("regex")
    texts = [FAMILY, "\U0001F1EA\U0001F1F8", "e\u0301", "\ud55c\uae00", "a\r\nb",
             "\u1112\u1161\u11ab\u1100\u1173\u11af", "\u0928\u092e\u0938\u094d\u0924\u0947",
             "\U0001F44D\U0001F3FD", "\u0e01\u0e49\u0e32", "a\u00f1o"]  # fmt: skip
    pool = [chr(c) for c in [*range(0x20, 0x250), *range(0x300, 0x370), *range(0x1100, 0x1200),
                             *range(0xAC00, 0xAC40), 0x200D, 0xFE0F, 0x1F3FD, 0x1F469, 0x1F467,
                             0x1F1EA, 0x1F1F8, 0x0D, 0x0A, 0x0E01, 0x0E49, 0x0E32]]  # fmt: skip
    rng = random.Random(21)
    texts += ["".join(rng.choice(pool) for _ in range(rng.randint(1, 12))) for _ in range(2000)]
    expected = [regex.findall(r"\X", t) for t in texts]
    monkeypatch.setitem(sys.modules, "regex", None)  # as if regex were not installed
    assert [graphemes(t) for t in texts] == expected
    assert length(FAMILY, "graphemes") == 1 and truncate(FAMILY + "ab", 2) == FAMILY + "a"
