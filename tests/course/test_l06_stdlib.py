"""curso.l06.detectors.guess_stdlib: lesson 6's v2 with every byte order mark.

Until codecbox's own detector replaced it, this was codecbox's ``stdlib`` detector: its
tests moved here from tests/lib/test_detection.py with it. It must agree with the published
v2 (tests/oracles.py) on inputs without UTF-16/32 BOMs, honour those marks, tolerate a cut
character with ``prefix=True``, and keep the lesson's examples.
"""

from __future__ import annotations

import codecs

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from oracles import (
    _prefix,
    _strict,
    detector_inputs,
    published_char_score,
    published_guess,
    random_inputs,
)

from codecbox.detection import Guess
from codecbox.labels import resolve
from codecbox.rules import Rule
from curso.l06.detectors import (
    DEFAULT_CANDIDATES,
    char_score,
    guess_by_score,
    guess_stdlib,
    mean_score_per_byte,
)

# --- reference oracle: tests/oracles.py ------------------------------------------------------
#
# The published v2 knows only the UTF-8 BOM; guess_stdlib also honours UTF-16/32 BOMs, so
# the comparison is on inputs without those (they are tested on their own below).


WIDE_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_BE)  # UTF-32LE: FF FE..


def has_wide_bom(data: bytes) -> bool:
    return data.startswith(WIDE_BOMS)


def answer(guess: Guess) -> tuple[str | None, float | None]:
    """guess_stdlib's answer in the oracle's terms: (codec, best score)."""
    codec = None if guess.encoding is None else guess.encoding.codec
    score = None if guess.raw is None else guess.raw[1]
    return codec, score


# --- inputs for the equivalence tests ---------------------------------------------------------

RANDOM_INPUTS = [data for data in random_inputs() if not has_wide_bom(data)]


def test_random_inputs_are_many():
    assert len(RANDOM_INPUTS) > 2900


@pytest.mark.parametrize("prefix", [False, True], ids=["strict", "prefix"])
def test_matches_published_v2_on_random_inputs(prefix):
    decode = _prefix if prefix else _strict
    winners = set()
    for data in RANDOM_INPUTS:
        guess = guess_stdlib(data, prefix=prefix)
        assert answer(guess) == published_guess(data, DEFAULT_CANDIDATES, decode), data
        winners.add(answer(guess)[0])
    # the inputs must exercise every branch, or the comparison proves little
    assert winners >= {None, "utf-8", "utf-8-sig", *DEFAULT_CANDIDATES}


@settings(max_examples=300, deadline=None)
@given(
    data=detector_inputs(),
    candidates=st.permutations(DEFAULT_CANDIDATES).map(lambda c: c[:3]),
    prefix=st.booleans(),
)
def test_matches_published_v2_hypothesis(data, candidates, prefix):
    assume(not has_wide_bom(data))
    decode = _prefix if prefix else _strict
    guess = guess_stdlib(data, candidates, prefix=prefix)
    assert answer(guess) == published_guess(data, candidates, decode)


def test_score_table_agrees_with_the_published_if_chain():
    # Exhaustive over the BMP: the table must agree with the published if-chain everywhere.
    diffs = [
        hex(o)
        for o in range(0x10000)
        if not 0xD800 <= o <= 0xDFFF and char_score(chr(o)) != published_char_score(chr(o))
    ]
    assert diffs == []


# --- byte order marks -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("codec", "mark", "eating"),
    [
        ("utf-16-le", codecs.BOM_UTF16_LE, "utf-16"),
        ("utf-16-be", codecs.BOM_UTF16_BE, "utf-16"),
        ("utf-32-le", codecs.BOM_UTF32_LE, "utf-32"),
        ("utf-32-be", codecs.BOM_UTF32_BE, "utf-32"),
        ("utf-8", codecs.BOM_UTF8, "utf-8-sig"),
    ],
)
@pytest.mark.parametrize("prefix", [False, True])
def test_stdlib_honours_boms(codec, mark, eating, prefix):
    data = mark + "¿Año nuevo? 日本語".encode(codec)
    guess = guess_stdlib(data, prefix=prefix)
    assert (guess.encoding.codec, guess.rule, guess.confident) == (eating, Rule.BOM, True)
    assert data.decode(guess.encoding.codec) == "¿Año nuevo? 日本語"
    # also when the candidates do not include it
    assert guess_stdlib(data, ["cp1252"], prefix=prefix).encoding.codec == eating


@pytest.mark.parametrize(
    ("codec", "mark"),
    [
        ("utf-16-le", codecs.BOM_UTF16_LE),
        ("utf-16-be", codecs.BOM_UTF16_BE),
        ("utf-32-le", codecs.BOM_UTF32_LE),
        ("utf-32-be", codecs.BOM_UTF32_BE),
    ],
)
def test_guess_by_score_without_boms_ignores_them(codec, mark):
    data = mark + "¿Año nuevo? 日本語".encode(codec)
    guess = guess_by_score(
        data, None, prefix=False, score=mean_score_per_byte, detector="no-bom", boms=False
    )
    assert guess.rule != Rule.BOM
    assert guess.encoding is None or guess.encoding.codec not in ("utf-16", "utf-32")
    with_boms = guess_by_score(
        data, None, prefix=False, score=mean_score_per_byte, detector="bom", boms=True
    )
    assert with_boms.rule == Rule.BOM


def test_guess_by_score_without_boms_reads_a_utf8_bom_as_text():
    data = codecs.BOM_UTF8 + "añ".encode()
    guess = guess_by_score(
        data, None, prefix=False, score=mean_score_per_byte, detector="x", boms=False
    )
    assert (guess.encoding.codec, guess.rule) == ("utf-8", Rule.VALID_UTF8)


# --- the lesson's examples --------------------------------------------------------------------


def test_published_misreadings():
    # cp932 decodes these cp1252 bytes too, so the detector has a real choice to make
    assert "léfo".encode("cp1252").decode("cp932") == "l馭o"
    assert "It’s".encode("cp1252").decode("cp932") == "It痴"
    assert guess_stdlib("léfo".encode("cp1252")).encoding.codec == "cp1252"
    assert guess_stdlib("It’s".encode("cp1252")).encoding.codec == "cp1252"


def test_stdlib_gets_ano_right():
    data = "año".encode("cp1252")
    assert data == b"a\xf1o"
    guess = guess_stdlib(data)
    # a, ñ, o score 1 each; the cp932 and cp949 readings fail or score less
    assert guess == Guess(
        resolve("cp1252"), "stdlib", Rule.DETECTED, None, ("mean score per byte", 1.0)
    )
    assert guess.how == "windows-1252 (stdlib)"
    assert not guess.confident


def test_bom_and_utf8_come_first():
    guess = guess_stdlib(codecs.BOM_UTF8 + "añ".encode())
    assert (guess.encoding.codec, guess.rule) == ("utf-8-sig", Rule.BOM)
    guess = guess_stdlib("año".encode())
    assert (guess.encoding.codec, guess.rule, guess.confident) == ("utf-8", Rule.VALID_UTF8, True)
    assert guess_stdlib(b"").encoding.codec == "utf-8"


def test_tie_keeps_the_earlier_candidate():
    data = b"\xc7\xd1"  # hangul 한 in cp949 and euc_kr: identical scores
    assert guess_stdlib(data, ["cp949", "euc_kr"]).encoding.codec == "cp949"
    assert guess_stdlib(data, ["euc_kr", "cp949"]).encoding.codec == "euc_kr"


def test_nothing_fits_is_unknown():
    guess = guess_stdlib(b"\x81\xff", candidates=["euc_jp", "cp949"])
    assert guess == Guess(None, "stdlib")
    assert guess.how == "unknown (stdlib)"
    assert not guess.confident


def test_bom_less_utf16_candidate_does_not_raise():
    # Python's incremental utf-16 decoder raises a bare UnicodeError without a BOM.
    for prefix in (False, True):
        guess = guess_stdlib(b"abc\xff", ["utf-16", "cp1252"], prefix=prefix)
        assert guess.encoding is not None and guess.encoding.codec == "cp1252"


# --- cutting a character: the prefix bug and its fix ------------------------------------------

KOREAN = "대한민국은민주공화국이다" * 4  # all two-byte in cp949, three-byte in UTF-8


@pytest.mark.parametrize("cut", range(9, 21))
def test_prefix_cut_cp949(cut):
    data = KOREAN.encode("cp949")[:cut]
    assert guess_stdlib(data, prefix=True).encoding.codec == "cp949"
    if cut % 2:  # odd: inside a syllable
        assert guess_stdlib(data).encoding.codec != "cp949"
    else:
        assert guess_stdlib(data).encoding.codec == "cp949"


@pytest.mark.parametrize("cut", range(9, 21))
def test_prefix_cut_utf8(cut):
    data = KOREAN.encode("utf-8")[:cut]
    assert guess_stdlib(data, prefix=True).encoding.codec == "utf-8"
    guess = guess_stdlib(data)
    assert (guess.encoding is not None and guess.encoding.codec == "utf-8") == (cut % 3 == 0)


def test_prefix_still_rejects_bad_bytes():
    # a byte that is wrong however the input continues is not excused by prefix=True
    assert guess_stdlib(b"ok\xc3\x28", ["euc_jp"], prefix=True) == Guess(None, "stdlib")


# --- candidates -------------------------------------------------------------------------------


def test_candidates_restrict_the_answer():
    data = "한국어로 된 문장".encode("cp949")
    assert guess_stdlib(data).encoding.codec == "cp949"
    assert guess_stdlib(data, ["cp1252"]).encoding.codec == "cp1252"
    assert guess_stdlib(data, ["cp932", "euc_jp"]).encoding.codec not in ("cp949", "cp1252")


def test_candidate_names_are_normalised():
    data = "한국어로 된 문장".encode("cp949")
    assert guess_stdlib(data, ["CP949"]).encoding.codec == "cp949"
    assert guess_stdlib("日本語".encode("euc_jp"), ["EUC-JP"]).encoding.codec == "euc_jp"
    # an Encoding value is a candidate too
    euc_kr = resolve("euc-kr", label=True)
    assert guess_stdlib(data, [euc_kr]).encoding == euc_kr
