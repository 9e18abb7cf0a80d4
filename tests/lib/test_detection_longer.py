"""Snippets of 64 to 256 characters where codecbox's detector trailed chardet (issue 18), on
sentences written for these tests (not benchmark text)."""

from __future__ import annotations

import pytest

from codecbox import guessing
from codecbox.detection import guess_codecbox

# "Two friends came from Izmir and met at the pier in Istanbul. First they bought simit."
TURKISH_CAPITALS = (
    "İki arkadaş İzmir'den gelip İstanbul'da İskele'de buluştu. İlk iş olarak simit aldılar."
)
# "A petition must be filed for the first day; if the system cancels it, try again."
TURKISH_UPPER = (
    "İLK GÜN İÇİN DİLEKÇE VERİLMESİ GEREKİYOR; SİSTEM İŞLEMİ İPTAL EDERSE YENİDEN DENEYİN."
)


def _right(text: str, codec: str) -> bool:
    data = text.encode(codec)
    g = guess_codecbox(data)
    return g.encoding is not None and data.decode(g.encoding.codec) == text


def test_turkish_dotted_capital_i_is_i_to_the_letter_rule() -> None:
    # The shares were counted in lower-cased text without combining marks: "İ".lower() is
    # "i" and a combining dot, so İ is i there. Read as a letter of its own, İ was a letter
    # no language uses (2 points each, and its pairs), and windows-1252's Ý won.
    assert guessing.fold("İSTANBUL") == "istanbul"
    assert guessing.letter_points("DİKKAT İSTANBUL") == guessing.letter_points("dikkat istanbul")
    assert guessing.letters_of(guessing.letter_vector("İ")) == (0.0, True)  # (still cased)
    for text in (TURKISH_CAPITALS, TURKISH_UPPER):
        assert _right(text, "cp1254")
        for start in range(0, len(text) - 64 + 1, 3):
            assert _right(text[start : start + 64], "cp1254"), start


def test_letter_alone_next_to_a_digit_is_a_currency_sign_misread() -> None:
    # windows-1252's £ is Ł in windows-1250 and Ј in windows-1251: a price "£3.50" read so is
    # a letter alone glued to a number, which text seldom writes (a letter was worth a point
    # more than the sign, and the prior's half point was all windows-1252 had).
    lone = guessing.PENALTIES["letter alone next to a digit"]
    assert guessing.score("were Ł3.50 a") == guessing.score("were L3.50 a") + lone
    assert guessing.score("ao 2ş e") == guessing.score("ao 2s e") + lone
    for word in ("3ème", "Łódź 2024", "A5", "№5"):  # (not alone, or not a letter)
        assert not guessing._pattern(guessing._LONE_LETTER_BY_DIGIT).findall(
            guessing.base(word).classes
        )
    prices = (
        "Strawberries were £3.50 a punnet and cherries £4.20 — dearer than last year’s. "
        "“Worth it,” said Ann."
    )
    assert _right(prices, "cp1252")


def test_arabic_punctuation_without_arabic_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    # windows-1256 reads ¡ º ¿ as the Arabic comma, semicolon and question mark: worth a
    # point as Arabic, against º's nothing as a rare symbol, in a text with no Arabic letter.
    odd = guessing.PENALTIES["Arabic punctuation without Arabic letters"]
    assert guessing.score("ao 2؛ e") == guessing.score("ao 2x e") + odd
    arabic = guessing.score("كتب، ثم؟")
    monkeypatch.setitem(guessing.PENALTIES, "Arabic punctuation without Arabic letters", -9.0)
    assert guessing.score("كتب، ثم؟") == arabic  # (after Arabic words: not counted)
    assert guessing.score("ao 2؛ e") == guessing.score("ao 2x e") - 9.0
    floors = "A fila do 1º andar andava devagar; subi ao 2º e depois ao 3º sem ver ninguém."
    assert _right(floors, "cp1252")


def test_iso_8859_2_letter_against_a_rare_sign_or_a_tie() -> None:
    # windows-1250's prior was a point over ISO-8859-2's: exactly what ą (a letter) is worth
    # over ± (a rare symbol, windows-1250's reading of the same byte) when nothing else
    # differs, so such snippets were a tie (margin 0.009); so also ž against ľ, two letters
    # of Central European text.
    for text in (
        "ą pod oknem, a potem wrócił do pracy.",
        "Datoteka se ne može otvoriti.",
        "Ova opcija ispiše sve retke.",
    ):
        assert _right(text, "iso8859_2"), text
    # (windows-1250 text keeps its better prior: ś and ź are C1 controls in ISO-8859-2)
    assert _right("Jaś i Staś poszli do kina, a potem na pączki.", "cp1250")


def test_apostrophe_rules_apply_when_apostrophes_are_all_there_is() -> None:
    # A reading whose only non-ASCII characters are apostrophes or middle dots (cp437's ß is
    # mac-roman's ·: "Stra·e") left the scorer before the rules on them, as plain ASCII.
    odd = guessing.PENALTIES["apostrophe inside a word"]
    assert guessing.score("Stra·e") == guessing.score("Stra'e") + odd
    assert guessing.score("cel·la") == guessing.score("cel'la")  # (Catalan l·l)
    assert guessing.score("it’s fine, don’t") == guessing.score("it's fine, don't")
