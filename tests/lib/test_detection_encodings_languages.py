"""A reading's best language is one its encoding can write (guessing.blocked): computed from
the codecs and codecbox/data/frequent.txt, charged in the letter rule of the pages' readings."""

from __future__ import annotations

import pytest

from codecbox import guessing
from codecbox.detection import guess_codecbox


def _languages(codec: str) -> set[str]:
    """The Latin languages ``codec`` is not charged for."""
    model = guessing._letters()
    first, langs = model.slots["l"]
    block = guessing.blocked(codec)
    return {
        lang for field, lang in enumerate(langs, first) if not (block >> (32 * field)) & 0xFFFFFFFF
    }


def test_what_each_code_page_writes() -> None:
    cp1252 = _languages("cp1252")
    assert {"es", "pt", "fr", "is", "fo", "de", "da", "sv"} <= cp1252
    assert not {"cs", "sk", "pl", "tr", "lt", "lv", "ro", "vi"} & cp1252
    assert {"tr", "es", "pt"} <= _languages("cp1254") and "is" not in _languages("cp1254")
    assert {"lt", "lv", "pl"} <= _languages("cp1257") and "es" not in _languages("cp1257")
    # Romanian's ș and ț as ş and ţ, Vietnamese's ộ as ô and a dot below.
    assert {"cs", "sk", "pl", "hu", "ro"} <= _languages("cp1250")
    assert "vi" in _languages("cp1258")
    # A page that writes no Latin language blocks none.
    assert guessing.blocked("koi8_r") == guessing.blocked("cp1251") == 0


@pytest.mark.parametrize(
    "text",
    [
        "Í gær fórum við í bæinn og keyptum ferskan fisk og rúgbrauð.",
        "Ayer por la mañana compramos pan, jamón y unas naranjas en el mercado.",
        "Ontem à tarde a avó preparou um bolo de maçã e café com leite.",
        "Hier après-midi, nous avons goûté une crème brûlée près du château.",
    ],
)
def test_languages_cp1252_writes_cost_nothing_more(text: str) -> None:
    folded, letters = guessing.fold(text), guessing.letters_in(text)
    block = guessing.blocked("cp1252")
    words = guessing.text_words(text)
    assert block and guessing.folded_points(folded, letters, block, words=words) == (
        guessing.letter_points(text)
    )


def test_a_language_cp1252_cannot_write_costs_more() -> None:
    # Czech letters cp1252 has (ý, í, á): the reading's best language, Czech, is charged.
    text = "výborný mýdlový týden"
    folded, letters = guessing.fold(text), guessing.letters_in(text)
    plain = guessing.letter_points(text)
    words = guessing.text_words(text)
    charged = guessing.folded_points(folded, letters, guessing.blocked("cp1252"), words=words)
    assert plain - guessing.UNWRITTEN <= charged < plain
    assert guessing.folded_points(folded, letters, guessing.blocked("cp1250"), words=words) == plain


@pytest.mark.parametrize(
    ("text", "codec"),
    [
        ("Í gær fórum við í bæinn og keyptum ferskan fisk og rúgbrauð.", "cp1252"),
        ("Ayer por la mañana compramos pan, jamón y unas naranjas en el mercado.", "cp1252"),
        ("Ontem à tarde a avó preparou um bolo de maçã e café com leite.", "cp1252"),
        ("Babcia upiekła szarlotkę, więc zjedliśmy ją z bitą śmietaną.", "cp1250"),
        ("Vecmāmiņa cepa pīrāgus, un bērni skrēja pa dārzu līdz vakaram.", "cp1257"),
    ],
)
def test_windows_stay_right(text: str, codec: str) -> None:
    for size in (32, 48):
        for start in range(0, len(text) - size + 1, 4):
            data = text[start : start + size].encode(codec)
            if data.isascii():
                continue
            guess = guess_codecbox(data)
            assert guess.encoding is not None and guess.encoding.codec is not None
            assert data.decode(guess.encoding.codec) == text[start : start + size], (start, size)


@pytest.mark.parametrize(
    ("text", "codec"),
    [
        # Turkish ı is windows-1252's ý (Czech, Slovak: windows-1252 cannot write them).
        ("bah kızı", "cp1254"),
        ("sabah kızım ", "cp1254"),
        ("n sabah kızım il", "cp1254"),
        ("h kızım ile birlikte paz", "cp1254"),
        # Latvian ā is windows-1252's â, ē its º...: Latvian is not windows-1252's.
        ("ar vecmā", "cp1257"),
        ("t svaigus dā", "cp1257"),
        ("c bērni slido pa", "cp1257"),
        ("astaigāties ar s", "cp1257"),
        ("ziet pastaigāties ar sav", "cp1257"),
    ],
)
def test_a_language_the_page_cannot_write_loses(text: str, codec: str) -> None:
    # Snippets of sentences written for this test, read as windows-1252 before the charge
    # was 10/16 of a point.
    data = text.encode(codec)
    guess = guess_codecbox(data)
    assert guess.encoding is not None and guess.encoding.codec is not None
    assert data.decode(guess.encoding.codec) == text, guess.encoding.name
