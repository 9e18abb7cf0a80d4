"""Snippets of 64 to 256 characters where codecbox's detector trailed chardet (issue 18), on
sentences written for these tests (not benchmark text)."""

from __future__ import annotations

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
