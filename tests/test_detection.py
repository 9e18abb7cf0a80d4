"""Tests for codecbox.detection: the published detectors, the prefix fix, the adapters."""

from __future__ import annotations

import codecs
import random
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codecbox.detection import (
    DEFAULT_CANDIDATES,
    DETECTORS,
    Guess,
    decode_prefix,
    guess_chardet,
    guess_charset_normalizer,
    guess_v1,
    guess_v2,
)
from codecbox.errors import DecodeError

# --- reference oracles ------------------------------------------------------------------------
#
# published_* is a literal transcription of lesson 6's v2 (char_score and guess). The only
# changes: candidates and the decode function are parameters (so the prefix variant is the
# lesson's "use decode_prefix instead of b.decode inside guess"), and guess also returns the
# best score so that can be compared too.


def published_char_score(ch):
    o = ord(ch)
    if o < 0x80:
        return 1.0 if (ch.isprintable() or ch in "\t\r\n") else -5.0
    if 0x3041 <= o <= 0x30FF:
        return 2.0  # kana
    if 0xAC00 <= o <= 0xD7A3:  # hangul syllable
        b = ch.encode("cp949")
        return 2.0 if (b[0] >= 0xB0 and b[1] >= 0xA1) else -1.0  # rare outside KS X 1001
    if 0x4E00 <= o <= 0x9FFF:
        return 1.5  # kanji / hanja
    if 0x3000 <= o <= 0x303F or 0xFF01 <= o <= 0xFF5E:
        return 1.5
    if 0x2010 <= o <= 0x2026:
        return 1.0  # dashes, smart quotes
    if 0xFF61 <= o <= 0xFF9F or 0x3131 <= o <= 0x318E:
        return -1.0
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Co", "Cn"):
        return -5.0
    if cat.startswith("L"):
        return 1.0 if 0xC0 <= o <= 0xFF else 0.0
    return 0.0


def _strict(b, enc):
    return b.decode(enc)


def _prefix(b, enc):
    return codecs.getincrementaldecoder(enc)().decode(b, final=False)


def published_guess(
    b, CANDIDATES=DEFAULT_CANDIDATES, decode=_strict, score=None, per_char=False
):  # the published guess(); score/per_char only let reference_v1 reuse the same loop
    if b.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig", None
    try:
        decode(b, "utf-8")
        return "utf-8", None
    except UnicodeDecodeError:
        pass
    best, best_score = None, float("-inf")
    for enc in CANDIDATES:
        try:
            s = decode(b, enc)
        except UnicodeDecodeError:
            continue
        total = sum((score or published_char_score)(c) for c in s)
        average = (total / len(s) if s else 0.0) if per_char else total / len(b)
        if average > best_score:
            best, best_score = enc, average
    return best, (None if best is None else best_score)


# v1 as described in the lesson (no code was published): per-character scores, averaged
# per character. Written as a plain if-chain, independent of the module's table.
def v1_char_score(ch):
    o = ord(ch)
    if o < 0x80:
        return 1.0 if (0x20 <= o <= 0x7E or ch in "\t\r\n") else -5.0
    if 0x3041 <= o <= 0x30FF or 0xAC00 <= o <= 0xD7A3:
        return 2.0  # kana, hangul
    if 0x4E00 <= o <= 0x9FFF:
        return 1.0  # kanji
    if 0xFF61 <= o <= 0xFF9F:
        return -1.0  # half-width katakana
    if unicodedata.category(ch) in ("Cc", "Co"):
        return -5.0  # controls, private use
    return 0.0


def reference_v1(b, candidates=DEFAULT_CANDIDATES, decode=_strict):
    """The published guess() loop, with v1's scores averaged per character instead of per byte."""
    return published_guess(b, candidates, decode, score=v1_char_score, per_char=True)


# --- inputs for the equivalence tests ---------------------------------------------------------

POOL = (
    "abcxyzAZ09 .,;:!?'\"-\t\r\n\x00\x07\x7f"
    "éñüÁÓÇ×÷¿¡ºª€’‘“”–—…‚„"
    "あいうえおがぱアイウヴーッ漢字化文日本語話猫"
    "한국어대한민국글뭩똠햏ㄱㅏ"
    "ｱｲｳﾞ﹏。、「」！＃＄"
    "中文繁體字為們"
    "\ue000\uf8ff"
)
SAMPLE_ENCODINGS = DEFAULT_CANDIDATES + ("utf-8", "utf-8-sig", "latin-1", "gb18030", "big5hkscs")


def random_input(rng: random.Random) -> bytes:
    kind = rng.random()
    if kind < 0.25:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 24)))
    text = "".join(rng.choice(POOL) for _ in range(rng.randrange(1, 20)))
    data = text.encode(rng.choice(SAMPLE_ENCODINGS), errors="ignore")
    if kind < 0.6 and data:  # cut anywhere, often inside a character
        data = data[: rng.randrange(1, len(data) + 1)]
    return data


RANDOM_INPUTS = [random_input(random.Random(seed)) for seed in range(3000)]

ORACLES = [
    (guess_v1, reference_v1),
    (guess_v2, published_guess),
]


@pytest.mark.parametrize(("mine", "oracle"), ORACLES, ids=["v1", "v2"])
@pytest.mark.parametrize("prefix", [False, True], ids=["strict", "prefix"])
def test_matches_oracle_on_random_inputs(mine, oracle, prefix):
    decode = _prefix if prefix else _strict
    winners = set()
    for data in RANDOM_INPUTS:
        guess = mine(data, prefix=prefix)
        expected = oracle(data, DEFAULT_CANDIDATES, decode)
        assert (guess.encoding, guess.score) == expected, data
        winners.add(guess.encoding)
    # the inputs must exercise every branch, or the comparison proves little
    assert winners >= {None, "utf-8", "utf-8-sig", *DEFAULT_CANDIDATES}


@settings(max_examples=300, deadline=None)
@given(
    data=st.one_of(
        st.binary(max_size=40),
        st.builds(
            lambda text, enc, cut: text.encode(enc, errors="ignore")[cut:],
            st.text(alphabet=st.sampled_from(POOL) | st.characters(), max_size=20),
            st.sampled_from(SAMPLE_ENCODINGS),
            st.integers(0, 2),
        ),
    ),
    candidates=st.permutations(DEFAULT_CANDIDATES).map(lambda c: c[:3]),
    prefix=st.booleans(),
)
def test_matches_oracle_hypothesis(data, candidates, prefix):
    decode = _prefix if prefix else _strict
    for mine, oracle in ORACLES:
        guess = mine(data, candidates, prefix=prefix)
        assert (guess.encoding, guess.score) == oracle(data, candidates, decode)


def test_v2_table_covers_every_scored_character():
    # Exhaustive over the BMP: the table must agree with the published if-chain everywhere.
    from codecbox.detection import char_score_v2

    diffs = [
        hex(o)
        for o in range(0x10000)
        if not 0xD800 <= o <= 0xDFFF and char_score_v2(chr(o)) != published_char_score(chr(o))
    ]
    assert diffs == []


# --- the lesson's examples --------------------------------------------------------------------


def test_published_misreadings():
    assert "léfo".encode("cp1252").decode("cp932") == "l馭o"
    assert "It’s".encode("cp1252").decode("cp932") == "It痴"
    assert guess_v1("léfo".encode("cp1252")).encoding == "cp932"
    assert guess_v2("léfo".encode("cp1252")).encoding == "cp1252"
    assert guess_v2("It’s".encode("cp1252")).encoding == "cp1252"


def test_v2_gets_ano_right():
    data = "año".encode("cp1252")
    assert data == b"a\xf1o"
    guess = guess_v2(data)
    assert guess == Guess("cp1252", "v2", 2 / 3 + 1 / 3)
    assert guess.how == "cp1252 (v2)"


def test_bom_and_utf8_come_first():
    assert guess_v2(codecs.BOM_UTF8 + "añ".encode()).encoding == "utf-8-sig"
    assert guess_v1("año".encode()).encoding == "utf-8"
    assert guess_v2(b"").encoding == "utf-8"


def test_tie_keeps_the_earlier_candidate():
    data = b"\xc7\xd1"  # hangul 한 in cp949 and euc_kr: identical scores
    assert guess_v2(data, ["cp949", "euc_kr"]).encoding == "cp949"
    assert guess_v2(data, ["euc_kr", "cp949"]).encoding == "euc_kr"


def test_nothing_fits_is_unknown():
    guess = guess_v2(b"\x81\xff", candidates=["euc_jp", "cp949"])
    assert guess == Guess(None, "v2", None)
    assert guess.how == "unknown (v2)"


# --- cutting a character: the prefix bug and its fix ------------------------------------------

KOREAN = "대한민국은민주공화국이다" * 4  # all two-byte in cp949, three-byte in UTF-8


@pytest.mark.parametrize("detect", [guess_v1, guess_v2])
@pytest.mark.parametrize("cut", range(9, 21))
def test_prefix_cut_cp949(detect, cut):
    data = KOREAN.encode("cp949")[:cut]
    assert detect(data, prefix=True).encoding == "cp949"
    if cut % 2:  # odd: inside a syllable
        assert detect(data).encoding != "cp949"
    else:
        assert detect(data).encoding == "cp949"


@pytest.mark.parametrize("detect", [guess_v1, guess_v2])
@pytest.mark.parametrize("cut", range(9, 21))
def test_prefix_cut_utf8(detect, cut):
    data = KOREAN.encode("utf-8")[:cut]
    assert detect(data, prefix=True).encoding == "utf-8"
    assert (detect(data).encoding == "utf-8") == (cut % 3 == 0)


def test_prefix_still_rejects_bad_bytes():
    # a byte that is wrong however the input continues is not excused by prefix=True
    assert guess_v2(b"ok\xc3\x28", ["euc_jp"], prefix=True) == Guess(None, "v2")


def test_decode_prefix():
    assert decode_prefix("año".encode()[:2], "utf-8") == "a"
    assert decode_prefix(KOREAN.encode("cp949")[:3], "cp949") == "대"
    with pytest.raises(DecodeError) as info:
        decode_prefix(b"ab\xff", "utf-8")
    assert info.value.offset == 2
    with pytest.raises(DecodeError) as info:  # utf-8-sig drops the BOM before decoding
        decode_prefix(codecs.BOM_UTF8 + b"ab\xff", "utf-8-sig")
    assert info.value.offset == 5


# --- candidates -------------------------------------------------------------------------------


def test_candidates_restrict_the_answer():
    data = "한국어로 된 문장".encode("cp949")
    assert guess_v2(data).encoding == "cp949"
    assert guess_v2(data, ["cp1252"]).encoding == "cp1252"
    assert guess_v2(data, ["cp932", "euc_jp"]).encoding not in ("cp949", "cp1252")


def test_candidate_names_are_normalised():
    data = "한국어로 된 문장".encode("cp949")
    assert guess_v2(data, ["CP949"]).encoding == "cp949"
    assert guess_v1("日本語".encode("euc_jp"), ["EUC-JP"]).encoding == "euc_jp"


@pytest.mark.parametrize("name", list(DETECTORS))
def test_unknown_candidate_is_a_value_error(name):
    with pytest.raises(ValueError, match="klingon-8"):
        DETECTORS[name](b"abc", ["cp1252", "klingon-8"])


@pytest.mark.parametrize("name", list(DETECTORS))
def test_candidates_must_not_be_a_bare_string(name):
    with pytest.raises(TypeError):
        DETECTORS[name](b"abc", "cp1252")


@pytest.mark.filterwarnings("ignore:no_match_encoding:UserWarning")
@pytest.mark.parametrize("name", list(DETECTORS))
@pytest.mark.parametrize("prefix", [False, True])
def test_empty_input_is_utf8(name, prefix):
    assert DETECTORS[name](b"", prefix=prefix).encoding == "utf-8"
    assert DETECTORS[name](b"", ["cp932"], prefix=prefix).encoding == "utf-8"


def test_detectors_table():
    assert DETECTORS == {
        "v1": guess_v1,
        "v2": guess_v2,
        "charset-normalizer": guess_charset_normalizer,
        "chardet": guess_chardet,
    }
    assert all(DETECTORS[name](b"x").detector == name for name in DETECTORS)


# --- library adapters -------------------------------------------------------------------------

JAPANESE = (
    "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"
    "何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。"
) * 8
KOREAN_LONG = (
    "대한민국은 민주공화국이다. 대한민국의 주권은 국민에게 있고, 모든 권력은 국민으로부터 나온다. "
) * 15


@pytest.mark.parametrize("detect", [guess_charset_normalizer, guess_chardet])
@pytest.mark.parametrize(
    ("text", "encoding"),
    [(JAPANESE, "cp932"), (KOREAN_LONG, "cp949"), (JAPANESE, "utf-8")],
)
def test_adapters_on_long_text(detect, text, encoding):
    data = text.encode(encoding)
    guess = detect(data)
    assert guess.encoding == encoding
    assert guess.encoding == codecs.lookup(guess.encoding).name
    assert data.decode(guess.encoding) == text


def test_adapters_report_python_codec_names_for_euc_jp():
    data = JAPANESE.encode("euc_jp")
    for detect in (guess_charset_normalizer, guess_chardet):
        guess = detect(data)
        assert guess.encoding == codecs.lookup(guess.encoding).name  # "euc_jp", never "EUC-JP"
        assert data.decode(guess.encoding) == JAPANESE
        assert detect(data, DEFAULT_CANDIDATES).encoding == "euc_jp"


def test_charset_normalizer_with_candidates():
    data = KOREAN_LONG.encode("cp949")
    assert guess_charset_normalizer(data, ["cp1252", "cp949"]).encoding == "cp949"
    assert guess_charset_normalizer(data, ["cp932", "euc_jp"]).encoding in (None, "cp932", "euc_jp")
    # UTF-8 stays in play, as with v1 and v2
    assert guess_charset_normalizer(JAPANESE.encode(), ["cp1252"]).encoding == "utf-8"


# chardet warns when its "nothing fits" answer (cp1252) is not among the candidates
@pytest.mark.filterwarnings("ignore:no_match_encoding:UserWarning")
def test_chardet_with_candidates():
    data = KOREAN_LONG.encode("cp949")
    assert guess_chardet(data, ["cp1252", "cp949"]).encoding == "cp949"
    assert guess_chardet(data, ["cp932"]).encoding != "cp949"
    assert guess_chardet(JAPANESE.encode(), ["cp1252"]).encoding == "utf-8"


@pytest.mark.parametrize("detect", [guess_charset_normalizer, guess_chardet])
def test_adapters_see_the_bom(detect):
    data = codecs.BOM_UTF8 + "¿Qué tal? Año nuevo, señor Muñoz.".encode()
    assert detect(data).encoding == "utf-8-sig"
    assert detect(data, ["cp1252"]).encoding == "utf-8-sig"


def test_charset_normalizer_alone_does_not_tolerate_a_cut():
    # Why the adapter trims with prefix=True: the library itself gets cut input wrong.
    from charset_normalizer import from_bytes

    data = JAPANESE.encode("cp932")[:301]  # ends on a lead byte
    best = from_bytes(data).best()
    assert best is None or best.encoding != "cp932"


@pytest.mark.parametrize("detect", [guess_charset_normalizer, guess_chardet])
@pytest.mark.parametrize(
    ("text", "encoding", "cut"),
    [
        (JAPANESE, "cp932", 301),
        (JAPANESE, "utf-8", 301),
        (JAPANESE, "euc_jp", 301),
        (KOREAN_LONG, "cp949", 301),
    ],
)
def test_adapters_with_prefix_cut_mid_character(detect, text, encoding, cut):
    data = text.encode(encoding)
    assert len(decode_prefix(data[:cut], encoding).encode(encoding)) < cut  # really a cut
    assert detect(data[:cut], DEFAULT_CANDIDATES, prefix=True).encoding == encoding
