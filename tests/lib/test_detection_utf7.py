"""UTF-7 (RFC 2152): ASCII bytes whose ``+...-`` runs are base64 UTF-16 (``caf+AOk-``). Before,
codecbox read it as "valid UTF-8" (certain) and gave the runs back as they are. Browsers never
decode it (a script could hide in it): only files get it, tentative. The sentences are this
file's own."""

from __future__ import annotations

import base64
import random

import pytest

from codecbox import decode_bytes
from codecbox.decoding import decide
from codecbox.detection import guess_codecbox
from codecbox.rules import Rule

SENTENCES = {
    "fr": "Le boulanger du village ouvre sa boutique à six heures; les enfants achètent des "
    "croissants avant l’école.",
    "de": "Die Bäckerei öffnet früh, und die Straße füllt sich mit dem Duft von Brötchen.",
    "ru": "Рыбак вернулся в порт рано утром с полной лодкой.",
    "el": "Ο ψαράς γύρισε στο λιμάνι νωρίς το πρωί.",
    "he": "הילדים הלכו לים ביום שישי.",
    "th": "วันนี้อากาศดีมาก เราไปเดินเล่นที่สวน",
    "vi": "Tôi đi chợ mua rau và cá cho bữa tối.",
    "zh": "我们在一个小城市住了一年。",
    "ko": "오늘은 날씨가 좋아서 공원에 갔습니다.",
}


@pytest.mark.parametrize("lang", list(SENTENCES))
def test_utf7_text_is_read_as_utf7(lang: str) -> None:
    text = SENTENCES[lang]
    data = text.encode("utf-7")
    assert data.isascii()
    g = guess_codecbox(data)
    assert g.encoding is not None and g.encoding.name == "utf-7", g.how
    assert g.rule is Rule.DETECTED and g.sure and not g.confident
    decoded = decode_bytes(data)
    assert decoded.text == text and decoded.rule is Rule.DETECTED


def test_one_character_is_not_sure() -> None:
    g = guess_codecbox("Un café".encode("utf-7"))
    assert g.encoding is not None and g.encoding.name == "utf-7"
    assert not g.sure and g.runner_up is not None and g.runner_up.name == "UTF-8"


def test_pages_and_candidates_leave_it_out() -> None:
    data = SENTENCES["de"].encode("utf-7")
    assert decide(data, web=True).encoding.name != "utf-7"
    assert decode_bytes(data, candidates=["cp1252"]).encoding.name != "utf-7"
    assert guess_codecbox(data, ["utf-7", "cp1252"]).encoding.name == "utf-7"


_RNG = random.Random("utf-7 traps")
ASCII_TRAPS = [
    b"C++ is a language; a+b-c = 0",
    b"https://example.org/search?q=foo+bar+baz&x=1",
    b"call +4930123456 or +1-202-555-0100",
    b"x = y+z;\nw=a+b-1\n",
    b"+-+-+ table +-+-+",
    b"1+1=2, 2+2=4",
    *(base64.b64encode(bytes(_RNG.randrange(256) for _ in range(n))) for n in (30, 57, 300)),
]


@pytest.mark.parametrize("data", ASCII_TRAPS)
def test_ascii_with_plus_signs_stays_valid_utf8(data: bytes) -> None:
    g = guess_codecbox(data)
    assert g.encoding is not None and g.encoding.name == "UTF-8", g.how
    assert g.rule is Rule.VALID_UTF8


def test_random_base64_is_never_utf7() -> None:
    """Base64 lines whose ``+`` starts a run that decodes: rare ideographs, other scripts,
    or ending at the padding. (2,000 lines here; 80,000 were checked when written.)"""
    rng = random.Random("base64")
    for _ in range(2000):
        data = base64.b64encode(bytes(rng.randrange(256) for _ in range(rng.randrange(3, 200))))
        if rng.random() < 0.5:
            data = b"x +" + data + b"- y"
        g = guess_codecbox(data)
        assert g.encoding is None or g.encoding.name != "utf-7", data


@pytest.mark.parametrize(
    "text",
    [
        "Prix\xa0: 10\xa0€ par personne, réservation à l’accueil.",  # (no-break spaces)
        "Документ № 5 от 1 января — подписан.",  # (№)
        "این برنامه می‌تواند فایل‌ها را باز کند.",  # (Persian's zero-width non-joiner)
        "表格︰名稱 ─ 說明 ─ 預設值，請參閱手冊。",  # (a CJK compatibility form, box drawing)
    ],
)
def test_utf7_text_with_the_signs_text_writes(text: str) -> None:
    # (was valid UTF-8: a no-break space, №, a joiner or ─ was outside the blocks allowed)
    g = guess_codecbox(text.encode("utf-7"))
    assert g.encoding is not None and g.encoding.name.lower() == "utf-7", g.how


def test_one_character_of_a_rarer_script_from_three_base64_letters_is_no_utf7() -> None:
    # +CZE- is a Bengali letter, +DQ8- a Malayalam one: alone, only the common scripts count
    for data in (b"lsfgs +CZE- wupm", b"mlb xnk +DQ8- mmmvokrp"):
        g = guess_codecbox(data)
        assert g.encoding is not None and g.encoding.name == "UTF-8", g.how
