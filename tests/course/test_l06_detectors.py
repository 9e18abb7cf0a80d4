"""curso.l06.detectors: lesson 6's v1 and v2 against a literal transcription of the published code.

``published_*`` is a literal transcription of lesson 6's v2 (``char_score`` and ``guess``). The
only changes: candidates and the decode function are parameters (so the prefix variant is the
lesson's "use decode_prefix instead of b.decode inside guess"), and ``guess`` also returns the
best score so that can be compared too. The published lesson gave v1 in prose only: its oracle
is the same loop with v1's scores written as a plain if-chain, independent of the module's table
(weaker as an oracle, since the same authors wrote both from the prose).
"""

from __future__ import annotations

import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import (
    SAMPLE_ENCODINGS,
    WIDE_ENCODINGS,
    _prefix,
    _strict,
    detector_inputs,
    published_guess,
    random_inputs,
    reference_v1,
    v1_char_score,
)

from codecbox.rules import Rule
from curso.l06.detectors import (
    DEFAULT_CANDIDATES,
    char_score,
    char_score_v1,
    char_score_v2,
    guess_stdlib,
    guess_v1,
    guess_v2,
)

# --- reference oracles: tests/oracles.py ----------------------------------------------------


def codec(guess):
    """The Python codec a Guess names, or None for no answer."""
    return None if guess.encoding is None else guess.encoding.codec


def answer(guess):
    """A Guess in the oracles' terms: (Python codec or None, the winning score or None)."""
    return codec(guess), None if guess.raw is None else guess.raw[1]


# --- inputs for the equivalence tests ---------------------------------------------------------

# utf-16 and utf-32 (with their byte order marks): the published v2 ignores those marks,
# unlike codecbox's stdlib detector, so they must be among the inputs.
RANDOM_INPUTS = random_inputs(SAMPLE_ENCODINGS + WIDE_ENCODINGS)

ORACLES = [
    (guess_v1, reference_v1, "v1"),
    (guess_v2, published_guess, "v2"),
]


@pytest.mark.parametrize(("mine", "oracle", "name"), ORACLES, ids=["v1", "v2"])
@pytest.mark.parametrize("prefix", [False, True], ids=["strict", "prefix"])
def test_matches_oracle_on_random_inputs(mine, oracle, name, prefix):
    decode = _prefix if prefix else _strict
    winners = set()
    rules = {"utf-8-sig": Rule.BOM, "utf-8": Rule.VALID_UTF8}
    for data in RANDOM_INPUTS:
        guess = mine(data, prefix=prefix)
        expected = oracle(data, DEFAULT_CANDIDATES, decode)
        assert answer(guess) == expected, data
        assert guess.detector == name
        assert guess.rule == rules.get(expected[0], Rule.DETECTED), data
        winners.add(expected[0])
    # the inputs must exercise every branch, or the comparison proves little
    assert winners >= {None, "utf-8", "utf-8-sig", *DEFAULT_CANDIDATES}
    # and the byte order marks the published detectors ignore
    marked = [d for d in RANDOM_INPUTS if d.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF32_LE))]
    assert len(marked) > 50


@settings(max_examples=300, deadline=None)
@given(
    data=detector_inputs(SAMPLE_ENCODINGS + WIDE_ENCODINGS),
    candidates=st.permutations(DEFAULT_CANDIDATES).map(lambda c: c[:3]),
    prefix=st.booleans(),
)
def test_matches_oracle_hypothesis(data, candidates, prefix):
    decode = _prefix if prefix else _strict
    for mine, oracle, _ in ORACLES:
        guess = mine(data, candidates, prefix=prefix)
        assert answer(guess) == oracle(data, candidates, decode)


def test_v2_is_the_stdlib_table():
    """v2's scores are ``stdlib``'s (tested in test_l06_stdlib.py against the published
    if-chain)."""
    assert char_score_v2 is char_score


def test_v1_table_matches_the_prose_everywhere():
    diffs = [
        hex(o)
        for o in range(0x10000)
        if not 0xD800 <= o <= 0xDFFF and char_score_v1(chr(o)) != v1_char_score(chr(o))
    ]
    assert diffs == []


# --- the lesson's examples --------------------------------------------------------------------


def test_published_misreadings():
    # é + letter and ’ + letter are valid double-byte characters: v1 falls for it, v2 does not.
    assert "léfo".encode("cp1252").decode("cp932") == "l馭o"
    assert "It’s".encode("cp1252").decode("cp949") == "It뭩"
    assert codec(guess_v1("léfo".encode("cp1252"))) == "cp932"
    assert codec(guess_v1("It’s".encode("cp1252"))) == "cp949"
    assert codec(guess_v2("léfo".encode("cp1252"))) == "cp1252"
    assert codec(guess_v2("It’s".encode("cp1252"))) == "cp1252"
    assert guess_v2("año".encode("cp1252")).how == "windows-1252 (v2)"


@pytest.mark.parametrize(
    ("bom", "utf"),
    [
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
        (codecs.BOM_UTF32_LE, "utf-32-le"),
    ],
    ids=["16le", "16be", "32le"],
)
def test_v1_v2_honour_only_the_utf8_bom(bom, utf):
    data = bom + "hola, año".encode(utf)
    assert guess_stdlib(data).rule == Rule.BOM  # stdlib (v2 with every BOM) reads the mark
    for detect in (guess_v1, guess_v2):
        guess = detect(data)
        assert guess.rule != Rule.BOM
        assert not (codec(guess) or "").startswith("utf")
        marked = detect(codecs.BOM_UTF8 + "año".encode())
        assert (codec(marked), marked.rule) == ("utf-8-sig", Rule.BOM)


KOREAN = "대한민국은민주공화국이다" * 4  # all two-byte in cp949, three-byte in UTF-8


@pytest.mark.parametrize("detect", [guess_v1, guess_v2])
@pytest.mark.parametrize("cut", range(9, 21))
def test_prefix_cut_cp949(detect, cut):
    data = KOREAN.encode("cp949")[:cut]
    assert codec(detect(data, prefix=True)) == "cp949"
    if cut % 2:  # odd: inside a syllable
        assert codec(detect(data)) != "cp949"
    else:
        assert codec(detect(data)) == "cp949"


@pytest.mark.parametrize("detect", [guess_v1, guess_v2])
@pytest.mark.parametrize("cut", range(9, 21))
def test_prefix_cut_utf8(detect, cut):
    data = KOREAN.encode("utf-8")[:cut]
    assert codec(detect(data, prefix=True)) == "utf-8"
    assert (codec(detect(data)) == "utf-8") == (cut % 3 == 0)


def test_the_score_tables_name_every_row():
    from curso.l06.detectors import ROW_NAMES, V1_ROWS, V2_ROWS, score_readings, score_table

    for version, rows in (("v1", V1_ROWS), ("v2", V2_ROWS)):
        table = score_table(version)
        assert [r[:2] for r in table.rows[: len(rows)]] == [
            (f"U+{lo:04X}", f"U+{hi:04X}") for lo, hi, _ in rows
        ]
        assert all((lo, hi) in ROW_NAMES for lo, hi, _ in rows)
        assert "decide la primera fila" in table.caption
    v2 = {row[2]: row[3] for row in score_table("v2").rows}
    assert v2["sílabas hangul"] == "+2 si está en KS X 1001, -1 si no"
    assert v2["hiragana y katakana"] == "+2" and v2["kanji (hanja en coreano)"] == "+1.5"
    readings = {row[0]: row[1:] for row in score_readings("It’s".encode("cp1252")).rows}
    assert readings["cp949"] == ("It뭩", "1.33", "0.25")
    assert readings["euc_jp"] == ("(no decodifica)", "—", "—")
