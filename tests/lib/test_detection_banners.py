"""Box drawing in the detector: a banner of ``┌──┐`` before CJK text (issue 18, row 21 of
tests/lib/test_issue18_regressions.py), and the repetition rule behind the fix: a run of one
repeated character (a line of ``─``) is one piece of evidence, not one per character. Every
text here is written for these tests.
"""

from __future__ import annotations

import pytest

from codecbox import decode_bytes
from codecbox.detection import _collapse, evidence, guess_codecbox


def banner(title: str) -> str:
    box = "┌" + "─" * 30 + "┐\n│ " + title + " " * 18 + "│\n└" + "─" * 30 + "┘\n"
    return box * 3


BODIES = {
    "ko": "오늘은 날씨가 좋아서 친구들과 함께 공원에 산책을 갔습니다. "
    "점심은 근처 식당에서 먹었습니다.",
    "zh-hans": "我们今天下午去超市买东西，明天早上七点半在学校门口见面。",
    "zh-hant": "今天天氣很好，我們一起去公園散步。",
    "ja": "これは日本語のテキストです。明日また会いましょう。",
}


@pytest.mark.parametrize(
    ("lang", "title", "codec"),
    [
        ("ko", "README", "euc_kr"),  # (main f070a41: big5, sure)
        ("ko", "사용 설명서", "cp949"),  # (big5, sure)
        ("ko", "README", "johab"),  # (UTF-8, "mostly valid UTF-8", 51 U+FFFD)
        ("zh-hans", "说明", "gbk"),  # (cp775, sure)
        ("zh-hant", "說明", "big5"),  # (cp775, sure: Big5's ─ is A2 77, "¢w")
        ("ja", "説明", "cp932"),  # (x-mac-cyrillic, sure)
    ],
)
def test_cjk_text_after_a_banner_of_box_drawing(lang: str, title: str, codec: str) -> None:
    text = banner(title) + BODIES[lang]
    data = text.encode(codec)
    decoded = decode_bytes(data)
    assert decoded.text == text, decoded.how


def test_a_johab_banner_is_not_mostly_valid_utf8() -> None:
    # Johab's ─ (DB A1) is UTF-8's Arabic mark U+06E1: 200 valid characters, 9 distinct, for
    # 51 invalid sequences (the Korean text) was "mostly valid UTF-8".
    data = (banner("README") + BODIES["ko"]).encode("johab")
    found = evidence(data)
    assert found is None or found.rule.value != "mostly valid UTF-8", found


def test_a_utf8_file_with_a_banner_and_one_bad_line_is_still_mostly_utf8() -> None:
    # the repetition rule counts the runs of ─ once, and leaves the text's letters counted
    text = banner("Informe") + "El señor Muñoz compró pan y leche en la tienda de la esquina.\n" * 3
    data = text.encode() + "Línea en windows-1252: año\n".encode("cp1252")
    found = evidence(data)
    assert found is not None and found.rule.value == "mostly valid UTF-8"


@pytest.mark.parametrize(
    ("codec", "text"),
    [
        ("johab", BODIES["ko"]),
        ("cp949", BODIES["ko"]),
        ("gbk", BODIES["zh-hans"]),
        ("big5", BODIES["zh-hant"]),
        ("cp932", BODIES["ja"]),
        ("gb18030", BODIES["zh-hans"]),
        ("utf-8", BODIES["ja"]),
    ],
)
@pytest.mark.parametrize("line", ["─" * 37, "═" * 13, "■" * 9, "●" * 6, "─" * 5])
def test_a_cut_run_leaves_every_multi_byte_reading_of_the_rest_alone(
    codec: str, text: str, line: str
) -> None:
    # A multiple of 4 bytes is left out of a run: whatever reads the bytes, the text after
    # the run is read as before (one character or two of the run fewer, or none).
    for before in ("", "a", "한", "ab"):
        try:
            data = (before + line + text).encode(codec)
        except UnicodeEncodeError:
            continue
        cut = _collapse(data)
        assert (len(data) - len(cut)) % 4 == 0
        for reader in ("johab", "cp949", "gbk", "big5", "cp932", "gb18030", "utf-8", "euc_jp"):
            whole = data.decode(reader, "replace")
            short = cut.decode(reader, "replace")
            tail = min(len(text), 20)
            assert short[-tail:] == whole[-tail:], (reader, short, whole)


def test_a_repeated_character_counts_once() -> None:
    # (the rule on bytes: the same line of ─ in cp437 at 10 or at 50 characters)
    short, long = (("│" + "─" * n + "│ año").encode("cp437") for n in (10, 50))
    assert _collapse(short) == _collapse(long)
    assert guess_codecbox(short).raw == guess_codecbox(long).raw


def test_a_banner_alone_is_johab_or_not_sure() -> None:
    # Little text to tell: a banner whose title is Korean (with an ASCII one, Johab's box
    # drawing is valid UTF-8, which decides) must not be a sure code page (main f070a41:
    # "mostly valid UTF-8", 18 U+FFFD).
    text = banner("사용 설명서")
    data = text.encode("johab")
    decoded = decode_bytes(data)
    assert decoded.text == text or not guess_codecbox(data).sure, decoded.how
