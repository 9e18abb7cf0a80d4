"""HP Roman-8 text read as Mac Roman (its grave accents are Mac Roman's » … and no-break space
glued to words) and as EBCDIC with short lines: two symbol rules, the gate's line ends and
HP Roman-8's prior (-3). Sentences written for these tests (not benchmark text)."""

from __future__ import annotations

import pytest

from codecbox import guessing
from codecbox.detection import guess_codecbox

# Italian: "It will be possible to use the program; it is not done to open a new window,
# and it can be started more times than that." à è ò ù at the ends of words.
ITALIAN = (
    "Sarà possibile usare il programma anche senza la finestra principale; non è fatto per "
    "aprire una nuova finestra, ma può essere avviato più volte. La città è grande e la "
    "libertà di scelta sarà sempre garantita: ciò che conta è la qualità del lavoro."
)


def test_italian_in_hp_roman8_is_hp_roman8() -> None:
    # (was macintosh: "Sar» possibile", "non … fatto", "pu\xa0 essere", "pi\xcb volte")
    data = ITALIAN.encode("hp_roman8")
    g = guess_codecbox(data)
    assert g.encoding is not None and g.encoding.name == "hp-roman8", g


@pytest.mark.parametrize(
    ("text", "worse"),
    [
        ("e sar» di", "e sarà di"),  # a guillemet that closes what nothing opened
        ("e pu\xa0 usare", "e può usare"),  # a no-break space glued to a word, then a space
    ],
)
def test_a_symbol_reading_of_a_grave_accent_costs(text: str, worse: str) -> None:
    # each rule costs 1.5; the letters' own reading costs Italian's shares (ò: 1.5, à: 0)
    assert guessing.score(text) <= guessing.score(worse)
    assert guessing.score(text) == len(text) - 1.5


@pytest.mark.parametrize(
    "text",
    [
        "dice «ciao» e va",  # French, glued
        "dice « ciao » e va",  # French, spaced
        "sagt »Hallo« und",  # German
        "säger »hej» och",  # Swedish
    ],
)
def test_guillemets_that_pair_cost_nothing(text: str) -> None:
    assert guessing.score(text) == guessing.score(text.replace("«", '"').replace("»", '"'))


def test_french_no_break_spaces_around_a_word_cost_nothing() -> None:
    # (a conversion that lost the guillemets of «\xa0override\xa0» keeps both spaces)
    text = "le fichier \xa0override\xa0 est lu"
    assert guessing.score(text) == guessing.score(text.replace("\xa0", " "))


def test_ebcdic_with_short_lines_passes_the_gate() -> None:
    # 0x40 is EBCDIC's space, 0x25 its line feed: a page of short lines has few spaces
    lines = ["NOM", "", "", "fichier", "", "", "DESCRIPTION", "", "", "Le fichier est lu.", ""]
    text = "\n".join(lines * 4)
    data = text.encode("cp500")
    assert data.count(0x40) * 16 < len(data)  # (the spaces alone fail the gate)
    g = guess_codecbox(data)
    assert g.encoding is not None and g.encoding.name in ("cp500", "cp037", "cp1140"), g
    assert text.encode("cp500").decode(g.encoding.codec or "") == text


@pytest.mark.parametrize("mark", ["®", "™"])
def test_a_trade_mark_before_a_letter_costs_and_after_one_does_not(mark: str) -> None:
    # ISO-8859-4's Ž is windows-1252's ® ("®ürii"), Mac Roman's ô windows-1257's ™ ("h™l");
    # text writes them after a name ("Brand™")
    after, before = guessing.score(f"a ürii{mark} b"), guessing.score(f"a {mark}ürii b")
    assert after - before == -guessing.PENALTIES["symbol touching a letter"]
