"""Too few accents for the language (guessing.DENSITY_WEIGHT): Italian with one "più" and one
"perché" among a hundred letters is not Czech with "piů", though each letter alone fits Czech
better. Sentences written for these tests (not benchmark text)."""

from __future__ import annotations

import math

from codecbox import guessing
from codecbox.detection import guess_codecbox

# "Last night we stayed home because it rained a lot, and the film we watched was longer than
# expected, but none of us was bored." (windows-1250 before the density term, margin 1.4)
ITALIAN = (
    "Ieri sera siamo rimasti a casa perché pioveva molto, e il film che abbiamo visto era più "
    "lungo del previsto, ma nessuno di noi si annoiava."
)
# "This year we were in the mountains at grandmother's, who lives in a small village. Every
# morning we went to the forest for mushrooms and in the evening we played cards."
CZECH = (
    "Letos jsme byli na horách u babičky, která bydlí v malé vesnici. Každé ráno jsme chodili "
    "do lesa na houby a večer jsme hráli karty."
)


def _field(vector: int, lang: str) -> float:
    """A language's field of a letter vector, in points."""
    model = guessing._letters()
    first, langs = model.slots["l"]
    return ((vector >> (32 * (first + langs.index(lang)))) & 0xFFFFFFFF) / guessing._UNIT


def test_italian_with_two_accents_is_windows_1252() -> None:
    g = guess_codecbox(ITALIAN.encode("cp1252"))
    assert g.encoding is not None and g.encoding.name == "windows-1252"


def test_czech_with_its_accents_stays_windows_1250() -> None:
    g = guess_codecbox(CZECH.encode("cp1250"))
    assert g.encoding is not None and g.encoding.name == "windows-1250"


def test_density_is_the_one_sided_binomial_deviance() -> None:
    model = guessing._letters()
    rate = dict(zip(model.slots["l"][1], (r for _, r in model.rates), strict=True))
    k, n = 2, 110
    expected = (n - k) * math.log10((1 - k / n) / (1 - rate["cs"])) + k * math.log10(
        (k / n) / rate["cs"]
    )
    scale = min(1.0, guessing.DENSITY_LETTERS / n)
    got = _field(model.density(k, n), "cs")
    assert abs(got - guessing.DENSITY_WEIGHT * scale * expected) <= 1 / guessing._UNIT
    assert got > 1.0  # Czech writes about one letter in eight with a mark
    assert _field(model.density(k, n), "it") == 0  # Italian's share is below 2 in 110
    # Under DENSITY_MIN letters nothing is counted; a text of the language's own share pays
    # nothing; a long text pays what DENSITY_LETTERS letters of the same share would.
    assert model.density(0, guessing.DENSITY_MIN - 1) == 0
    assert _field(model.density(round(rate["cs"] * 1000) + 1, 1000), "cs") == 0
    long = _field(model.density(20, 1600), "cs")
    assert long == _field(model.density(2, 160), "cs") > 0


def test_density_uses_the_ascii_letters_of_the_whole_window() -> None:
    # The detector reads a page's window with its ASCII runs cut (detection._reduce): the
    # letters counted are the window's, not the cut text's.
    folded = guessing.fold(" più ")
    assert guessing.folded_points(folded) == guessing.folded_points(folded, ascii_letters=2)
    assert guessing.folded_points(folded, ascii_letters=200) < guessing.folded_points(folded)
