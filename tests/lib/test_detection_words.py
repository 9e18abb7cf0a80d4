"""The language of a text's ASCII words (guessing.WORD_WEIGHT), and two symbol rules that the
words made matter: a low quotation mark closing a word, a currency sign between letters.
Sentences written for these tests (not benchmark text)."""

from __future__ import annotations

import pytest

from codecbox import guessing
from codecbox.detection import guess_codecbox

# "It is not possible to create the folder," (legacy Romanian: ă is ã in windows-1252, and
# Portuguese writes ã; "nu este" is Romanian). windows-1252 before the words counted.
ROMANIAN = "Nu este posibil să se creeze directorul,"


def test_romanian_words_make_a_breve_romanian() -> None:
    g = guess_codecbox(ROMANIAN.encode("cp1250"))
    assert g.encoding is not None and g.encoding.name == "windows-1250"


def test_word_vector_charges_the_languages_the_words_do_not_fit() -> None:
    words = guessing.word_vector(["nu", "este", "posibil", "se", "directorul"])
    assert guessing._field(words, "ro") == 0
    assert 0 < guessing._field(words, "pt") <= guessing.WORD_CAP
    # One word shared by languages is under WORD_MIN: nothing is charged.
    assert guessing.word_vector(["no"]) == 0
    assert guessing.word_vector([]) == 0


def test_a_word_touching_a_byte_above_127_is_no_word() -> None:
    # (the same words in every single-byte reading: "niciodat\xe3" is no word)
    assert guessing.byte_words(b"nu este niciodat\xe3") == guessing.word_vector(["nu", "este"])
    assert guessing.text_words("nu este niciodată") == guessing.word_vector(["nu", "este"])


def test_a_low_quotation_mark_closing_a_word_costs() -> None:
    # A DOS page's é is ‚ in windows-1252, at a word's end: German and Polish open with it.
    closing = guessing.score("Ayer compr‚ unas zapatillas", "cp1252")
    opening = guessing.score("Ayer sagte er ‚ja‘ dazu", "cp1252")
    plain = guessing.score("Ayer compr, unas zapatillas", "cp1252")
    assert closing < plain + guessing.PENALTIES["quotation mark inside a word"]
    assert opening > guessing.score("Ayer sagte er‚ ja‘ dazu", "cp1252")


def test_a_currency_sign_between_letters_touches_two() -> None:
    # (the space is worth a point; "compa€ero" touches two letters, "compa€ ero" one)
    inside = guessing.score("Mi compa€ero de piso", "iso8859_15")
    after = guessing.score("Mi compa€ ero de piso", "iso8859_15")
    assert inside - after == pytest.approx(guessing.PENALTIES["symbol touching a letter"] - 1)


# "All the options are read from the configuration file at start-up. It can also be used not to
# load any file, giving "NONE" as the name. See the help page for more details on the options
# available and their use." (windows-1258 before: its byte F2 is a combining dot below, "Pụ")
ITALIAN_PUO = (
    "Tutte le opzioni sono lette dal file di configurazione all'avvio.\nPuò anche essere usato "
    'per non caricare alcun file, dando come nome "NONE".\nVedere la pagina di aiuto per '
    "ulteriori dettagli sulle opzioni disponibili e sul loro uso."
)


def test_a_combining_mark_of_windows_1258_and_its_letter_are_one_letter() -> None:
    g = guess_codecbox(ITALIAN_PUO.encode("cp1252"))
    assert g.encoding is not None and g.encoding.name == "windows-1252"
