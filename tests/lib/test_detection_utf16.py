"""UTF-16 without a byte order mark nor ASCII: short CJK text (issue 18, row 9 of
tests/lib/test_issue18_regressions.py), the byte order, and traps of legacy CJK bytes and
binary data. Every text here is written for these tests.
"""

from __future__ import annotations

import random

import pytest

from codecbox import decode_bytes
from codecbox.detection import _common_cjk, evidence, guess_codecbox

SHORT = [
    "これは日本語のテキストです。",  # (f070a41: macintosh)
    "一緒に行きます",  # (its 一 is U+4E00: a zero byte, read as the other order's "N")
    "一番です。",
    "今日は雨でした。",
    "我们今天去公园。",
    "这本书非常有意思",
    "오늘은날씨가좋다",
]


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("text", SHORT)
def test_short_cjk_utf16_without_a_bom_nor_ascii(text: str, codec: str) -> None:
    data = text.encode(codec)
    g = guess_codecbox(data)
    decoded = decode_bytes(data)
    assert decoded.text == text, (decoded.how, g.sure)


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize(
    "text",
    [
        "私は毎朝七時に起きて、駅まで歩いて行きます。",  # (f070a41: both orders, "sure")
        "我们明天早上七点半在学校门口见面，然后一起去公园。",
    ],
)
def test_the_byte_order_of_longer_cjk_utf16_is_the_texts(text: str, codec: str) -> None:
    # Each code unit's two bytes of CJK text are both above 0x40: both orders may read
    # clean text; the scores tell (before, the first tried, little-endian, won "sure").
    data = text.encode(codec)
    decoded = decode_bytes(data)
    assert decoded.text == text, decoded.how


@pytest.mark.parametrize(
    ("text", "codecs"),
    [
        ("これは日本語のテキストです", ["shift_jis", "euc_jp", "cp932"]),
        ("我们今天下午去超市", ["gbk", "gb18030"]),
        ("今天天氣很好我們", ["big5"]),
        ("오늘은날씨가좋아서", ["euc_kr", "cp949", "johab"]),
    ],
)
def test_short_legacy_cjk_is_not_utf16(text: str, codecs: list[str]) -> None:
    for codec in codecs:
        data = text.encode(codec)
        g = guess_codecbox(data)
        assert g.encoding is not None and "16" not in g.encoding.name, (codec, g)
        assert decode_bytes(data).text == text, codec


def test_short_random_bytes_are_not_short_cjk_utf16() -> None:
    # 16 to 30 bytes with a control byte (the only ones the short rule reads): the CJK text
    # of common characters it asks for is not what random bytes make.
    rng = random.Random(18)
    hits = 0
    for _ in range(3000):
        data = rng.randbytes(rng.randrange(8, 16) * 2)
        for codec in ("utf-16-le", "utf-16-be"):
            try:
                text = data.decode(codec)
            except UnicodeDecodeError:
                continue
            hits += _common_cjk(text)
    assert hits == 0


def test_a_legacy_reading_of_cjk_bytes_is_not_common_cjk() -> None:
    # Shift_JIS read as UTF-16BE: every lead byte 0x81-0x9F is an ideograph's high byte
    # (U+8100 to U+9FFF, all assigned), but rare ones
    text = "ミリリットル、レモン"
    wrong = text.encode("shift_jis")[:16].decode("utf-16-be")
    assert not _common_cjk(wrong), wrong
    assert evidence(text.encode("shift_jis")) is None


# --- Thai: UTF-16 without a space has no zero byte, every other byte is 0x0E (SO) ----------

THAI = ["แม่ค้าใจดี", "ตลาดเช้า", "ผลไม้สดสด"]


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("text", THAI)
def test_short_thai_utf16_without_a_space(text: str, codec: str) -> None:
    # (before: "UTF-8 (valid UTF-8)", certain: all its bytes are below 0x80)
    data = text.encode(codec)
    guess = guess_codecbox(data)
    assert guess.encoding is not None and data.decode(guess.encoding.codec) == text, guess
    assert decode_bytes(data).text == text


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_four_thai_letters_in_utf16_are_not_certain_utf8(codec: str) -> None:
    # too short to be read as UTF-16 (under 8 code units): no answer is certain, and above
    # all not "valid UTF-8", whose text would be control characters
    data = "ตลาด".encode(codec)
    assert evidence(data) is None
    assert not guess_codecbox(data).sure


def test_ascii_text_with_a_few_controls_is_still_valid_utf8() -> None:
    # a form feed between pages, a DOS end-of-file mark: controls, but few
    data = b"page one\x0cpage two\r\nend of the report\r\n\x1a"
    assert evidence(data).rule.value == "valid UTF-8"


def test_thai_only_takes_real_thai_text() -> None:
    from codecbox.detection import _thai_only

    assert _thai_only("แม่ค้าใจดี")
    assert not _thai_only("\u0e48\u0e49ก")  # starts with a tone mark
    assert not _thai_only("ก\u0e48\u0e48")  # two tone marks stacked
    assert not _thai_only("แม่ ค้า")  # a space: its zero byte is the NUL pattern's
