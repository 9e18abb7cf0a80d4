"""codecbox.detection: stdlib against the published v2, the prefix fix, the adapters."""

from __future__ import annotations

import codecs
import importlib.util
from pathlib import Path

import pytest
from course_scripts import load_script
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

from codecbox.decoding import decode_bytes
from codecbox.detection import (
    DEFAULT_CANDIDATES,
    DETECTORS,
    MAX_BYTES,
    Guess,
    char_score,
    decode_prefix,
    guess_by_score,
    guess_chardet,
    guess_charset_normalizer,
    guess_codecbox,
    guess_stdlib,
    mean_score_per_byte,
)
from codecbox.errors import DecodeError, UnknownEncodingError
from codecbox.labels import resolve
from codecbox.rules import Rule
from codecbox.sniffing import bom

#: chardet is an optional extra (``chardet``); its tests skip without it.
NEEDS_CHARDET = pytest.mark.skipif(
    importlib.util.find_spec("chardet") is None, reason="the chardet extra is not installed"
)
ALL_DETECTORS = [
    pytest.param(name, marks=[NEEDS_CHARDET] if name == "chardet" else [], id=name)
    for name in DETECTORS
]
ADAPTERS = [
    pytest.param(guess_charset_normalizer, id="charset-normalizer"),
    pytest.param(guess_chardet, marks=NEEDS_CHARDET, id="chardet"),
]

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


def test_decode_prefix():
    assert decode_prefix("año".encode()[:2], "utf-8") == "a"
    assert decode_prefix(KOREAN.encode("cp949")[:3], "cp949") == "대"
    with pytest.raises(DecodeError) as info:
        decode_prefix(b"ab\xff", "utf-8")
    assert info.value.offset == 2
    assert info.value.encoding == "UTF-8"
    with pytest.raises(DecodeError) as info:  # utf-8-sig drops the BOM before decoding
        decode_prefix(codecs.BOM_UTF8 + b"ab\xff", "utf-8-sig")
    assert info.value.offset == 5


def test_decode_prefix_refuses_the_replacement_encoding():
    with pytest.raises(ValueError, match="no decoder"):
        decode_prefix(b"x", resolve("iso-2022-kr", label=True))


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


@pytest.mark.parametrize("name", ALL_DETECTORS)
def test_unknown_candidate_is_an_error(name):
    with pytest.raises(UnknownEncodingError, match="klingon-8"):
        DETECTORS[name](b"abc", ["cp1252", "klingon-8"])


@pytest.mark.parametrize("name", ALL_DETECTORS)
def test_candidates_must_not_be_a_bare_string(name):
    with pytest.raises(TypeError):
        DETECTORS[name](b"abc", "cp1252")


@pytest.mark.parametrize("name", ALL_DETECTORS)
def test_replacement_is_no_candidate(name):
    with pytest.raises(ValueError, match="replacement"):
        DETECTORS[name](b"abc", [resolve("iso-2022-kr", label=True)])


@pytest.mark.filterwarnings("ignore:no_match_encoding:UserWarning")
@pytest.mark.parametrize("name", ALL_DETECTORS)
@pytest.mark.parametrize("prefix", [False, True])
def test_empty_input_is_utf8(name, prefix):
    assert DETECTORS[name](b"", prefix=prefix).encoding.codec == "utf-8"
    assert DETECTORS[name](b"", ["cp932"], prefix=prefix).encoding.codec == "utf-8"


@pytest.mark.parametrize("name", ALL_DETECTORS)
def test_each_detector_reports_its_registry_name(name):
    assert DETECTORS[name](b"x").detector == name
    assert DETECTORS[name]("año".encode("cp1252")).detector == name


# --- library adapters -------------------------------------------------------------------------

JAPANESE = (
    "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"
    "何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。"
) * 8
KOREAN_LONG = (
    "대한민국은 민주공화국이다. 대한민국의 주권은 국민에게 있고, 모든 권력은 국민으로부터 나온다. "
) * 15


@pytest.mark.parametrize("detect", ADAPTERS)
@pytest.mark.parametrize(
    ("text", "encoding"),
    [(JAPANESE, "cp932"), (KOREAN_LONG, "cp949"), (JAPANESE, "utf-8")],
)
def test_adapters_on_long_text(detect, text, encoding):
    data = text.encode(encoding)
    guess = detect(data)
    assert guess.encoding.codec == encoding
    assert data.decode(guess.encoding.codec) == text
    assert guess.rule == (Rule.VALID_UTF8 if encoding == "utf-8" else Rule.DETECTED)


@pytest.mark.parametrize("detect", ADAPTERS)
def test_adapters_report_python_codec_names_for_euc_jp(detect):
    data = JAPANESE.encode("euc_jp")
    guess = detect(data)
    assert guess.encoding.codec == codecs.lookup(guess.encoding.codec).name
    assert data.decode(guess.encoding.codec) == JAPANESE
    assert detect(data, DEFAULT_CANDIDATES).encoding.codec == "euc_jp"


def test_charset_normalizer_with_candidates():
    data = KOREAN_LONG.encode("cp949")
    assert guess_charset_normalizer(data, ["cp1252", "cp949"]).encoding.codec == "cp949"
    guess = guess_charset_normalizer(data, ["cp932", "euc_jp"])
    assert guess.encoding is None or guess.encoding.codec in ("cp932", "euc_jp")
    # UTF-8 stays in play, as with stdlib
    assert guess_charset_normalizer(JAPANESE.encode(), ["cp1252"]).encoding.codec == "utf-8"


# chardet warns when its "nothing fits" answer (cp1252) is not among the candidates
@NEEDS_CHARDET
@pytest.mark.filterwarnings("ignore:no_match_encoding:UserWarning")
def test_chardet_with_candidates():
    data = KOREAN_LONG.encode("cp949")
    assert guess_chardet(data, ["cp1252", "cp949"]).encoding.codec == "cp949"
    guess = guess_chardet(data, ["cp932"])
    assert guess.encoding is None or guess.encoding.codec != "cp949"
    assert guess_chardet(JAPANESE.encode(), ["cp1252"]).encoding.codec == "utf-8"


@pytest.mark.parametrize("detect", ADAPTERS)
def test_adapters_see_the_bom(detect):
    data = codecs.BOM_UTF8 + "¿Qué tal? Año nuevo, señor Muñoz.".encode()
    for candidates in (None, ["cp1252"]):
        guess = detect(data, candidates)
        assert (guess.encoding.codec, guess.rule, guess.confident) == ("utf-8-sig", Rule.BOM, True)


def test_charset_normalizer_alone_does_not_tolerate_a_cut():
    # Why the adapter trims with prefix=True: the library itself gets cut input wrong.
    from charset_normalizer import from_bytes

    data = JAPANESE.encode("cp932")[:301]  # ends on a lead byte
    best = from_bytes(data).best()
    assert best is None or best.encoding != "cp932"


@pytest.mark.parametrize("detect", ADAPTERS)
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
    assert detect(data[:cut], DEFAULT_CANDIDATES, prefix=True).encoding.codec == encoding


# --- codecbox, the default detector ---------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
SPANISH_LINE = "El niño dijo: ¿qué tal? ¡Olé! "


def _spanish_paragraphs() -> list[str]:
    lines: list[str] = []
    for split in ("tuning", "heldout"):
        text = (ROOT / "data" / "corpus" / "es" / f"{split}.txt").read_text(encoding="utf-8")
        lines += [line for line in text.splitlines() if line]
    return lines


def test_codecbox_reads_spanish_windows_1252() -> None:
    data = SPANISH_LINE.encode("cp1252") * 20
    guess = guess_codecbox(data)
    assert guess.how == "windows-1252 (codecbox)" and guess.sure
    d = decode_bytes(data)
    assert (d.how, d.text, d.replaced) == ("windows-1252 (detected)", SPANISH_LINE * 20, 0)


@pytest.mark.parametrize("data", [b"caf\xe9", b"Caf\xe9", b"\xe9t\xe9", b"ma\xf1ana"])
def test_short_latin_is_never_utf16_or_big5(data: bytes) -> None:
    d = decode_bytes(data)
    assert d.encoding.codec is not None
    assert not d.encoding.codec.startswith(("utf-16", "utf-32", "big5"))
    assert d.text == data.decode("cp1252")


def test_the_30_spanish_corpus_paragraphs() -> None:
    paragraphs = _spanish_paragraphs()
    assert len(paragraphs) == 30
    for p in paragraphs:
        d = decode_bytes(p.encode("cp1252"))
        assert d.text == p, d.how
        assert d.guess is not None and d.guess.detector == "codecbox"


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=1, max_size=64))
def test_codecbox_answers_utf16_or_utf32_without_a_bom_only_for_text(data: bytes) -> None:
    assume(bom(data, keep=True) is None)
    for candidates in (None, ["cp1252", "cp932"]):
        guess = guess_codecbox(data, candidates)
        codec = "" if guess.encoding is None else guess.encoding.codec or ""
        if codec.startswith(("utf-16", "utf-32")):
            text = data.decode(codec)  # strictly
            assert len(data) >= 8 and guess.rule is Rule.NUL_PATTERN, (data, guess)
            assert not any(ch < " " and ch not in "\t\n\r\f\v" for ch in text), (data, guess)


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
@pytest.mark.parametrize(
    "text",
    ["hola, ¿qué tal?", "id,name\n1,Smith\n", "Привет, мир! 42", "これは日本語の 1 行です。"],
)
def test_codecbox_recognises_utf16_and_utf32_without_a_bom(text: str, codec: str) -> None:
    # A bcp -w export, a PowerShell redirect: their zero bytes say so, before any statistics
    # (the bytes of ASCII text in UTF-16 are also valid UTF-8, full of NULs).
    data = text.encode(codec)
    for candidates in (None, ["cp1252", "cp932"]):
        guess = guess_codecbox(data, candidates)
        assert guess.encoding == resolve(codec) and guess.rule is Rule.NUL_PATTERN, guess
        assert decode_bytes(data).text == text
    with_bom = guess_codecbox(codecs.BOM_UTF16_LE + "hola".encode("utf-16-le"))
    assert with_bom.rule == Rule.BOM and with_bom.encoding == resolve("utf-16")


def test_codecbox_says_when_it_is_not_sure() -> None:
    # ñ (windows-1252) or ń (windows-1250): three bytes cannot tell; the answer is the
    # more common reading, not sure, with the other one named.
    guess = guess_codecbox("año".encode("cp1252"), ["cp1252", "cp1250"])
    assert guess.encoding == resolve("windows-1252")
    assert not guess.sure and guess.runner_up == resolve("windows-1250")
    assert guess.confidence is not None and guess.confidence < 0.5
    # The same letters in a paragraph: sure, no runner-up.
    sure = guess_codecbox(("Mañana el niño irá al campo. " * 5).encode("cp1252"))
    assert sure.sure and sure.runner_up is None
    assert sure.confidence is not None and sure.confidence > 0.8
    # Two readings with the same text are no doubt at all.
    same = guess_codecbox(b"caf\xe9", ["cp1252", "iso8859_15"])
    assert same.sure


def test_codecbox_hint_favours_the_language() -> None:
    data = "да".encode("cp1251")
    assert guess_codecbox(data, hint="ru").encoding.name == "windows-1251"
    assert guess_codecbox(data, hint="www.example.ru").encoding.name == "windows-1251"
    assert guess_codecbox(data, hint="ru").sure or guess_codecbox(data, hint="ru").runner_up


@pytest.mark.parametrize(
    ("text", "codec"),
    [
        ("Привет! Как дела? Всё хорошо, спасибо.", "koi8_r"),
        ("Привет! Как дела? Всё хорошо, спасибо.", "cp1251"),
        ("Привет! Как дела? Всё хорошо, спасибо.", "cp866"),
        ("Καλημέρα σας. Τι κάνετε σήμερα;", "cp1253"),
        ("Zażółć gęślą jaźń, powiedziała babcia.", "cp1250"),
        ("Zażółć gęślą jaźń, powiedziała babcia.", "iso8859_2"),
        ("שלום, מה שלומך היום? הכל טוב.", "cp1255"),
        ("مرحبا، كيف حالك اليوم؟", "cp1256"),
        ("สวัสดีครับ วันนี้อากาศดีมาก", "cp874"),
        ("Bugün hava çok güzel, değil mi? Işık da hoş.", "cp1254"),
        ("今日はいい天気ですね。散歩に行きましょう。", "cp932"),
        ("今日はいい天気ですね。散歩に行きましょう。", "euc_jp"),
        ("今日はいい天気ですね。散歩に行きましょう。", "iso2022_jp"),
        ("오늘은 날씨가 정말 좋네요. 산책하러 갈까요?", "cp949"),
        ("今天天气很好，我们去公园散步吧。", "gb18030"),
        ("今天天氣很好，我們去公園散步吧。", "big5"),
    ],
)
def test_codecbox_reads_many_scripts(text: str, codec: str) -> None:
    data = text.encode(codec)
    guess = guess_codecbox(data)
    assert guess.encoding is not None and guess.encoding.codec is not None
    assert data.decode(guess.encoding.codec) == text, guess.how


def test_codecbox_reads_a_prefix_only() -> None:
    unit = SPANISH_LINE.encode("cp1252")
    big = unit * (2 * MAX_BYTES // len(unit))
    assert guess_codecbox(big) == guess_codecbox(big[:MAX_BYTES], prefix=True)
    korean = ("한국어 텍스트입니다. " * 9000).encode("cp949")  # the cut splits a syllable
    assert guess_codecbox(korean).encoding.name == "euc_kr"  # (strict EUC-KR reads it)
    assert guess_codecbox(korean[:MAX_BYTES]).encoding.name != "euc_kr" or (
        korean[:MAX_BYTES].decode("cp949", "ignore").encode("cp949") == korean[:MAX_BYTES]
    )


def test_codecbox_is_registered_and_never_raises_on_odd_bytes() -> None:
    assert DETECTORS["codecbox"] is guess_codecbox
    for data in (b"", b"\x00", bytes(range(256)), b"\x1b$B", b"~{", b"\xff" * 100):
        guess_codecbox(data)
        guess_codecbox(data, prefix=True)
        guess_codecbox(data, ["cp1252", "utf-16", "iso2022_jp"], prefix=True)


# A smaller, fast version of benchmarks/detection.py: on a fixed sample, codecbox is at
# least as good as every peer installed here, with and without a candidate list.


def _benchmark():  # type: ignore[no-untyped-def]
    if importlib.util.find_spec("curso") is None:
        pytest.skip("the benchmark draws its snippets with the course's code (curso)")
    return load_script("benchmarks/detection.py", "_detection_benchmark")


def test_codecbox_beats_the_installed_peers_on_a_sample() -> None:
    bench = _benchmark()
    legacy = [s for s in bench.snippets(8) if s.codec != "utf-8"]
    docs = bench.documents(quick=True)
    peers = {name: f for name, (f, _) in bench.detectors().items() if f is not None}
    ours = peers.pop("codecbox")
    for items in (legacy, docs):
        for with_list in (False, True):
            mine = sum(v[0] for v in bench.run(ours, items, with_list)[0].values())
            for name, detector in peers.items():
                if with_list and name in bench.NO_LIST_ONLY:
                    continue
                theirs = sum(v[0] for v in bench.run(detector, items, with_list)[0].values())
                assert mine >= theirs, (name, with_list, len(items), mine, theirs)
