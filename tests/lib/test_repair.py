"""codecbox.repair: mojibake undone layer by layer, as data, and never made worse.

The properties: realistic clean text comes back unchanged; the same text encoded as
UTF-8 and decoded as windows-1252 (as browsers define it, or as Python's cp1252 when that
decodes) or ISO-8859-1, once or twice, is repaired exactly, one step per layer; text that
lost bytes (a U+FFFD) is never touched; and on any text at all, whatever the fixer does is
a chain of strict steps, each less mojibake-like than the one before.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import codecbox
from codecbox.repair import (
    LATIN_1,
    UNDEFINED_IN_WINDOWS_1252,
    WINDOWS_1252,
    Reason,
    Repair,
    Step,
    apply_steps,
    fix_mojibake,
    mojibake_score,
)

CP1252, LATIN1 = Step(WINDOWS_1252), Step(LATIN_1)


def browser_1252(data: bytes) -> str:
    """windows-1252 as the WHATWG Encoding Standard decodes it: every byte is a character."""
    return "".join(
        chr(b) if b in UNDEFINED_IN_WINDOWS_1252 else bytes([b]).decode("cp1252") for b in data
    )


READINGS = {
    "browser windows-1252": browser_1252,
    "ISO-8859-1": lambda data: data.decode("latin-1"),
}


def mojibake(text: str, reading: str = "browser windows-1252") -> str:
    return READINGS[reading](text.encode("utf-8"))


# --- realistic text: words in one script each, with the punctuation around them -------------

LOWER = "abcdefghijklmnopqrstuvwxyzáéíóúüñçàèò"
CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
GREEK = "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ"
CJK = "日本語のテキスト漢字かなカナ文字化け한국어텍스트中文字符"
words = st.one_of(
    st.text(LOWER, min_size=2, max_size=9),
    st.text(LOWER.upper(), min_size=2, max_size=9),  # «PERÚ», AQUÍ…
    st.text(LOWER, min_size=2, max_size=8).map(str.capitalize),
    st.text(CYRILLIC, min_size=2, max_size=9),
    st.text(GREEK, min_size=2, max_size=9),
    st.text(CJK, min_size=1, max_size=6),
    st.sampled_from(["12", "1.º", "3.ª", "50 %", "2×3", "5 €", "10 °C", "😀", "🎉", "Straße"]),
)
tokens = st.tuples(
    st.sampled_from(["", "", "", "¿", "¡", "«", "“", "(", "‘", "—"]),
    words,
    st.sampled_from(["", "", "", "?", "!", "»", "”", ")", "…", ",", ".", ";", ":", "’", "—"]),
).map("".join)
sentences = st.lists(tokens, min_size=1, max_size=8).flatmap(
    lambda ts: st.sampled_from([" ", "\n", " — ", " · "]).map(lambda sep: sep.join(ts))
)


@given(sentences)
def test_clean_text_is_left_unchanged(text):
    r = fix_mojibake(text)
    assert (r.text, r.steps, r.reason) == (text, (), Reason.CLEAN)
    assert not r.changed


@given(sentences, st.sampled_from(sorted(READINGS)))
def test_one_wrong_reading_is_undone_exactly(text, reading):
    broken = mojibake(text, reading)
    r = fix_mojibake(broken)
    assert r.text == text
    assert len(r.steps) == (0 if text.isascii() else 1)
    assert r.reason is Reason.CLEAN
    assert apply_steps(broken, r.steps) == text


@given(sentences, st.sampled_from(sorted(READINGS)), st.sampled_from(sorted(READINGS)))
def test_two_wrong_readings_are_undone_exactly(text, first, second):
    broken = mojibake(mojibake(text, first), second)
    r = fix_mojibake(broken)
    assert r.text == text
    assert len(r.steps) == (0 if text.isascii() else 2)


@given(sentences)
def test_pythons_cp1252_repaired_when_it_decodes_and_left_alone_when_it_replaced(text):
    data = text.encode("utf-8")
    try:
        broken = data.decode("cp1252")
    except UnicodeDecodeError:
        lossy = data.decode("cp1252", errors="replace")
        r = fix_mojibake(lossy)
        assert (r.text, r.steps, r.reason) == (lossy, (), Reason.REPLACEMENT)
        assert r.position == lossy.index("\ufffd")
    else:
        assert fix_mojibake(broken).text == text


# --- any text at all: a chain of strict steps, each one less mojibake-like --------------------


def chain(r: Repair) -> list[str]:
    texts = [r.original]
    for step in r.steps:
        texts.append(step.apply(texts[-1]))  # strict: raises if the step did not apply
    return texts


@given(st.text())
def test_any_text_steps_are_strict_and_each_one_is_better(text):
    r = fix_mojibake(text)
    texts = chain(r)
    assert texts[-1] == r.text
    scores = [mojibake_score(t) for t in texts]
    assert scores == sorted(set(scores), reverse=True), scores
    if r.reason is Reason.CLEAN:
        assert scores[-1] == 0
    if "\ufffd" in text:
        assert not r.changed


@given(st.text(), st.sampled_from(sorted(READINGS)))
def test_mojibake_of_any_text_is_undone_or_left_alone(text, reading):
    """Never a third text: the repair gives back the original, or nothing changes."""
    assume(not fix_mojibake(text).changed)
    broken = mojibake(text, reading)
    assert fix_mojibake(broken).text in (text, broken)


# --- the cases the lesson shows ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("broken", "fixed", "steps"),
    [
        ("aÃ±o", "año", [CP1252]),
        ("Â¿QuÃ©?", "¿Qué?", [CP1252]),
        ("Â¡OlÃ©!", "¡Olé!", [CP1252]),
        ("â€œ", "“", [CP1252]),
        ("aÃƒÂ±o", "año", [CP1252, CP1252]),
        ("Ã\x81ngel", "Ángel", [CP1252]),  # a browser read 81 as U+0081
        ("â\x80\x9cHolaâ\x80\x9d", "“Hola”", [LATIN1]),  # requests' ISO-8859-1
        ("ÐŸÑ€Ð¸Ð²ÐµÑ‚", "Привет", [CP1252]),
        ("ðŸ˜€", "😀", [CP1252]),
    ],
)
def test_repairs(broken, fixed, steps):
    r = fix_mojibake(broken)
    assert (r.text, list(r.steps), r.reason, r.position) == (fixed, steps, Reason.CLEAN, None)
    assert r.changed and r.original == broken


@pytest.mark.parametrize(
    ("text", "reason", "position"),
    [
        ("año", Reason.CLEAN, None),
        ("«PERÚ»", Reason.CLEAN, None),  # DA BB would be an Arabic letter inside a Latin word
        ("AQUÍ…", Reason.CLEAN, None),
        ("Muńoz", Reason.CLEAN, None),  # windows-1250's mistake, not UTF-8 mojibake
        ("Ã\ufffdngel", Reason.REPLACEMENT, 1),
        ("Precio: 5€ — aÃ±o", Reason.INVALID_UTF8, 9),
        ("aÃ±o 日本", Reason.UNENCODABLE, 5),
        ("â€œHolaâ\x80\x9d", Reason.MIXED, 8),
        ("aÃ±o PERÚ»", Reason.IMPLAUSIBLE, 8),
        ("Appleã\x81® Ã±", Reason.IMPLAUSIBLE, 5),
        ("2×¾", Reason.CLEAN, None),  # D7 BE is unassigned
    ],
)
def test_where_it_stops(text, reason, position):
    r = fix_mojibake(text)
    assert (r.text, r.steps, r.reason, r.position) == (text, (), reason, position)


def test_the_five_undefined_bytes():
    assert UNDEFINED_IN_WINDOWS_1252 == (0x81, 0x8D, 0x8F, 0x90, 0x9D)
    for b in UNDEFINED_IN_WINDOWS_1252:
        with pytest.raises(UnicodeDecodeError):
            bytes([b]).decode("cp1252")
        assert CP1252.apply(("Ã" + chr(b)) if b < 0xA0 else "") == bytes([0xC3, b]).decode()


def test_steps_are_data():
    assert str(CP1252) == "encode as windows-1252, decode as UTF-8"
    assert str(LATIN1) == "encode as ISO-8859-1, decode as UTF-8"
    assert CP1252 == Step("windows-1252") and hash(CP1252) == hash(Step("windows-1252"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        CP1252.encoding = LATIN_1  # type: ignore[misc]
    with pytest.raises(ValueError, match="windows-1252"):
        Step("cp1250")
    with pytest.raises(UnicodeEncodeError):
        LATIN1.apply("â€œ")  # € is not in ISO-8859-1
    with pytest.raises(UnicodeDecodeError):
        CP1252.apply("año")  # F1 6F is not UTF-8
    assert apply_steps("SeÃƒÂ±al", fix_mojibake("aÃƒÂ±o").steps) == "Señal"
    assert apply_steps("sin cambios", []) == "sin cambios"
    assert str(Reason.INVALID_UTF8) == "invalid UTF-8"


def test_exported_from_codecbox():
    for name in ("Repair", "fix_mojibake"):  # (the rest is codecbox.repair's)
        assert getattr(codecbox, name) is getattr(codecbox.repair, name)
        assert name in codecbox.__all__
