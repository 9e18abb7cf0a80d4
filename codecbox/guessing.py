"""How much a reading of some bytes looks like text: the scores behind the ``codecbox`` detector.

A *reading* is the text one candidate encoding makes of the bytes; the detector
(:func:`codecbox.detection.guess_codecbox`) keeps the one with the highest :func:`score`. A
score is a sum of points, one term per character plus penalties for pairs of neighbours
(:data:`PENALTIES`), so it grows with the evidence:

* each character by class (:func:`char_class`, :data:`CLASS_POINTS`): ASCII and ordinary
  letters +1, kana and common hangul +2, box drawing -2, controls and unassigned -8...;
* neighbours: letters of two scripts in one word (``aЯo``) or a Cyrillic letter alone among
  Latin words (``й PATHETiC``), a case flip (``пРИВЕТ``), a rare
  symbol touching a letter (``n¶o``), a stray combining accent, too long hangul words...;
* a reading whose letters of a script are all capitals (``ПРИВЕТ``: once, not per letter);
* the letters: how often real text uses each non-ASCII letter, and each pair of neighbours
  with one, in the language of its script that fits best (:func:`letter_points`: 45
  languages; ``niño ¿qué`` is Spanish, ``nińo żqué`` no language); a Latin letter costs for
  at most :data:`REPEATS` of its occurrences (a column of ``Muñoz`` is no more Latvian ``ņ``
  than four); and from 64 letters on, a Latin reading with fewer non-ASCII letters than its
  language writes pays for the ones missing (:data:`DENSITY_WEIGHT`: Italian's "più" among
  a hundred letters is not Czech's "piů"); and the common ASCII words of a Latin text say
  its language, whose letters are then cheaper (:data:`WORD_WEIGHT`: "nu este ...
  niciodată" is Romanian, not Portuguese "niciodatã");
* the language of the encoding: kana in a Chinese reading, spaced hanzi or kanji, rare
  ideographs and hangul.

The classes of a single-byte reading come from its bytes (:func:`byte_classes`), and the
cheap strong rules are part of :func:`base`, so the detector can leave out the readings
whose bound is already beaten.

>>> score("El niño dijo: ¿qué tal?") > score("El nińo dijo: żqué tal?")
True
"""

from __future__ import annotations

import math
import re
import sys
import unicodedata
from array import array
from collections import _count_elements  # type: ignore[attr-defined]  # (Counter's, in C)
from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import permutations
from operator import add, mul
from typing import NamedTuple, TypeVar

from codecbox.table import CJK

__all__ = ["CLASS_POINTS", "char_class", "letter_points", "score"]

_T = TypeVar("_T")

# --- the classes ----------------------------------------------------------------------------
#
# One letter per class, so a whole text becomes a string of classes with str.translate and
# every neighbour rule is a regular expression over that string (C speed, no Python loop).

#: Points per character of each class.
CLASS_POINTS: dict[str, float] = {
    "a": 1.0,  # ASCII lower-case letter
    "A": 1.0,  # ASCII upper-case letter
    "0": 1.0,  # ASCII digit
    " ": 1.0,  # whitespace
    ".": 1.0,  # ASCII punctuation and symbols
    "'": 1.0,  # apostrophes: ' ’ ‘ ʼ and the middle dot of l·l
    "l": 1.0,  # non-ASCII Latin lower-case letter
    "L": 1.0,  # non-ASCII Latin upper-case letter
    "c": 1.0,  # Cyrillic lower-case
    "C": 1.0,  # Cyrillic upper-case
    "g": 1.0,  # Greek lower-case
    "G": 1.0,  # Greek upper-case
    "r": 1.0,  # Arabic (letters and marks)
    "h": 1.0,  # Hebrew (letters and points)
    "t": 1.0,  # Thai consonant
    "u": 1.0,  # any other Thai letter or sign (vowels written after the consonant...)
    "v": 1.0,  # Thai vowel written before its consonant (เ แ โ ใ ไ)
    "T": 1.0,  # Thai vowel or tone mark written above or below a letter
    "H": 0.0,  # Hebrew point (niqqud): rare in everyday text
    "R": 0.0,  # Arabic vowel mark (harakat)
    "m": 1.0,  # a Latin combining accent (windows-1258 writes Vietnamese tones so)
    "k": 2.0,  # hangul syllable of KS X 1001 (the 2,350 in common use)
    "K": -1.0,  # any other hangul syllable or a lone jamo
    "j": 2.0,  # hiragana, katakana
    "z": 1.5,  # CJK ideograph in a national standard (GB2312, Big5, JIS X 0208, KS X 1001)
    "Z": 0.5,  # any other CJK ideograph
    "w": -1.0,  # half-width katakana: rare in text, typical of bytes misread as Shift_JIS
    "f": 1.5,  # CJK punctuation, full-width forms
    "p": 1.0,  # common punctuation: ¿ ¡ « » “ ” „ …
    "d": 1.0,  # dashes: – —
    "q": 0.5,  # common symbols: € £ ¥ ¢ © ® ™ § ° ₫ ₪
    "s": 0.0,  # rare symbols: ¤ ¦ ¨ ¬ ¯ ´ ¸ ¹ ² ³ ¼ ½ ¾ × ÷ ± µ ¶ † ‡ ‰ ‹ › ...
    "b": -2.0,  # box drawing, blocks, shapes: what KOI8 and IBM866 bytes become elsewhere
    "x": -8.0,  # controls, private use, unassigned, U+FFFD: no real text has them
    "X": -3.0,  # a C1 control: the five bytes windows-1252 leaves undefined read as browsers do
    "o": 0.0,  # a letter of some other script
    "n": 0.5,  # a digit of some other script
}

_APOSTROPHES = "'’‘ʼ·"
_COMMON_PUNCT = "¿¡«»“”„…"
_DASHES = "–—―"
_RARE = "•‚‹›ªº†‡‰‗‖"
_COMMON_SYMBOLS = "€£¥¢©®™§°₫₪№"
_CONTROLS_OK = "\t\n\r\f\v"
#: Thai signs that everyday Thai text seldom writes (phinthu and the marks of Pali and
#: Sanskrit spellings, old punctuation), rare symbols: windows-874's bytes D A, E D-E F and
#: F A-F B, where other code pages put common letters (Arabic's ع, Greek's ν ο).
_RARE_THAI = "\u0e3a\u0e4d\u0e4e\u0e4f\u0e5a\u0e5b"
#: Full-width forms that CJK text seldom writes (other bytes read as EUC-JP or GB2312 make
#: them: Thai "กแม่" is "＝争"), worth a common symbol's points, not CJK punctuation's.
_RARE_FULL_WIDTH = "＂＇＝＼＾＿｀｛｜｝⦅⦆"


def _han_class(ch: str) -> str:
    """``z`` for an ideograph of a national standard, else ``Z``."""
    for codec in ("gb2312", "big5", "euc_jp", "euc_kr"):
        try:
            ch.encode(codec)
        except UnicodeEncodeError:
            continue
        return "z"
    return "Z"


def char_class(ch: str) -> str:
    """The class of one character: a key of :data:`CLASS_POINTS`.

    >>> [char_class(c) for c in "añ Я¶┤€あ한"]
    ['a', 'l', ' ', 'C', 's', 'b', 'q', 'j', 'k']
    """
    o = ord(ch)
    if o < 0x80:
        if ch.isalpha():
            return "a" if ch.islower() else "A"
        if ch.isdigit():
            return "0"
        if ch == " " or ch in _CONTROLS_OK:
            return " "
        if ch == "'":
            return "'"
        return "x" if o < 0x20 or o == 0x7F else "."
    if ch in _APOSTROPHES:
        return "'"
    if ch in _COMMON_PUNCT:
        return "p"
    if ch in _DASHES:
        return "d"
    if ch in _COMMON_SYMBOLS or ch in _RARE_FULL_WIDTH:
        return "q"
    if ch in _RARE:
        return "s"
    if ch == "\xa0":
        return " "
    if 0x80 <= o <= 0x9F:
        return "X"
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Co", "Cn", "Cs") or ch == "\ufffd":
        return "x"
    if 0xAC00 <= o <= 0xD7A3:  # (KS X 1001 puts its 2,350 syllables at B0A1..C8FE)
        b = ch.encode("cp949")
        return "k" if (b[0] >= 0xB0 and b[1] >= 0xA1) else "K"
    if 0x3131 <= o <= 0x318E or 0x1100 <= o <= 0x11FF:
        return "K"
    if 0x3041 <= o <= 0x30FF:
        return "j"
    if 0xFF61 <= o <= 0xFF9F:
        return "w"
    if 0x4E00 <= o <= 0x9FFF:
        return _han_class(ch)
    if 0x3400 <= o <= 0x4DBF or 0x20000 <= o <= 0x3FFFF or 0xF900 <= o <= 0xFAFF:
        return "Z"
    if 0x3000 <= o <= 0x303F or 0xFF01 <= o <= 0xFF60 or 0xFFE0 <= o <= 0xFFE6:
        return "f"
    if 0x2500 <= o <= 0x25FF:
        return "b"
    if 0x0300 <= o <= 0x036F:
        return "m"
    if 0x0590 <= o <= 0x05FF or 0xFB1D <= o <= 0xFB4F:
        return "H" if cat == "Mn" else "h"
    if 0x0600 <= o <= 0x06FF or 0xFB50 <= o <= 0xFEFF:
        return "R" if cat == "Mn" else "r"
    if 0x0E00 <= o <= 0x0E7F:
        if ch in _RARE_THAI:
            return "s"
        if 0x0E40 <= o <= 0x0E44:
            return "v"
        if cat == "Mn":
            return "T"
        return "t" if 0x0E01 <= o <= 0x0E2E else "u"
    if cat.startswith("L"):
        name = unicodedata.name(ch, "")
        upper = cat == "Lu" or cat == "Lt"
        if name.startswith("LATIN"):
            return "L" if upper else "l"
        if name.startswith("CYRILLIC"):
            return "C" if upper else "c"
        if name.startswith("GREEK"):
            return "G" if upper else "g"
        return "o"
    if cat == "Nd":
        return "n"
    if cat.startswith("P") and 0x2010 <= o <= 0x203B:  # (from ‼ on: rare, JIS X 0213's ⁇)
        return "p"
    return "s"


class _Lazy(dict[int, _T]):
    """code point -> ``compute`` of its character, filled on first use (for str.translate)."""

    def __init__(self, compute: Callable[[str], _T]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: int) -> _T:
        value = self[key] = self.compute(chr(key))
        return value


_CLASSES = _Lazy(char_class)

# --- the letters of a language ----------------------------------------------------------------

#: A letter costs ``LETTER_WEIGHT`` times log10 of its share of its best language's letters
#: over :data:`COMMON_LETTER`'s (at most 0, at least the penalty of a letter no language
#: uses); a pair of neighbours with a non-ASCII letter (a space for a word's edge)
#: ``PAIR_WEIGHT`` times log10 of its share over ``COMMON_PAIR``, at least ``RARE_PAIR``.
#: The shares: :func:`_frequent_rows` (gettext catalogues of 47 languages of the Latin,
#: Cyrillic, Greek, Arabic, Hebrew and Thai scripts); tuned on the tuning split only.
LETTER_WEIGHT = 1.5
#: The share of a common letter, by script (Latin: many languages use few non-ASCII letters).
COMMON_LETTER = {"l": 0.005, "c": 0.01, "g": 0.01, "r": 0.01, "h": 0.01, "t": 0.01}
#: Scripts whose letters cost for at most :data:`REPEATS` occurrences of each distinct one: a
#: Latin text that repeats a word (a column of names) says little more about its accents than
#: the word a few times, and the prior of its encoding must not wear away.
CAPPED_SCRIPTS = frozenset("l")
REPEATS = 4
PAIR_WEIGHT = 0.5
COMMON_PAIR = 0.0003
RARE_PAIR = -1.0
#: Class -> its script, for the letters.
_LETTER_SCRIPT = {"l": "l", "L": "l", "c": "c", "C": "c", "g": "g", "G": "g", "r": "r"}
_LETTER_SCRIPT.update({"h": "h", "t": "t", "u": "t", "v": "t"})
_SCRIPTED = frozenset(_LETTER_SCRIPT)
_UNIT = 32  # penalties add up in 1/32 of a point, one 32-bit field per language
#: Too few accents for the language: a Latin reading with ``k`` non-ASCII letters among ``n``
#: letters costs, in each language of the Latin script, ``DENSITY_WEIGHT`` times the log10
#: likelihood ratio of ``k`` under the text's own share ``k / n`` and under the language's
#: share ``p`` of non-ASCII letters (the sum of its letters' shares), when ``k / n < p`` (the
#: binomial deviance, one-sided): Italian with one "più" and one "perché" in 100 letters is
#: Italian (p 1 %), not Czech with "piů" (p 12 %). Counted from :data:`DENSITY_MIN` letters
#: on, and over at most :data:`DENSITY_LETTERS` (a longer text's deviance scaled down: the
#: prior of an encoding must not wear away in a long text of few accents).
DENSITY_WEIGHT = 1.0
DENSITY_MIN = 64
DENSITY_LETTERS = 160
#: The language of the words: a Latin reading costs, in each language, ``WORD_WEIGHT`` times
#: what the text's common words (``words`` rows of frequent.txt: the most common words of
#: ASCII letters in a language's catalogues, each worth log10 of its share over
#: :data:`WORD_FLOOR`) are worth in the language they fit best less what they are worth in
#: this one, at most :data:`WORD_CAP`. The ASCII words are the same in every reading (a word
#: touching a byte above 127 is no word), so only the letters of the language they point to
#: are cheaper: Romanian's "nu este ... niciodată" is not Portuguese "niciodatã".
#: Words count from :data:`WORD_MIN` distinct common words (one word, and a shared one most
#: of all, Spanish and Portuguese "no", says little). Chosen on the tuning splits of
#: benchmarks/detection.py and benchmarks/installed.py (weights 0.25-0.75, 60-500 words, a
#: minimum worth of 0-4 points or of two words: installed tune 98.7 -> 98.9 %, Romanian +4.0,
#: Portuguese snippets -0.4 against a minimum worth of 3).
WORD_WEIGHT = 0.25
WORD_CAP = 2.0
WORD_FLOOR = 0.0003
WORD_MIN = 2
_WORTH_UNIT = 1024  # (a word's worth, in 1/1024 points: the sums of a text stay integers)


def fold_char(ch: str) -> str | None:
    """One character as :func:`fold` reads it: in lower case if a letter, nothing (None) if a
    combining mark, else a space (the text the shares were counted in: lower-cased, then
    without combining marks, so Turkish ``İ``, whose lower case is ``i`` and a combining dot,
    is ``i``).

    >>> fold_char("Ş"), fold_char("é"), fold_char("!"), fold_char("\u0301"), fold_char("İ")
    ('ş', 'é', ' ', None, 'i')
    """
    if ch.isalpha():
        low = ch.lower()
        if len(low) > 1:
            low = "".join(c for c in low if not unicodedata.category(c).startswith("M"))
        return low if len(low) == 1 else ch
    return None if unicodedata.category(ch).startswith("M") else " "


_FOLD = _Lazy(fold_char)


def _frequent_rows() -> list[list[str]]:
    """The rows (language, kind, characters) of ``codecbox/data/frequent.txt``, made by
    tools/frequent_characters.py from real text."""
    from codecbox.whatwg import data_file

    lines = data_file("frequent.txt").decode("utf-8").splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith("#")]


#: Languages that write a letter with either of two marks, for letters and for pairs:
#: Romanian's ș and ț have a comma below in Unicode's form (its catalogues, ISO-8859-16) and
#: a cedilla in the older code pages (windows-1250, ISO-8859-2): either form costs what the
#: commoner one does. The letter ţ alone stays rare: it is windows-1250's byte FE, which is
#: ž in windows-1257 and þ in windows-1252, and short Lithuanian and Icelandic read as
#: Romanian (tune --n 150: Romanian +5.8 points, Lithuanian -8.5, Icelandic -2.4); its pairs
#: and ş: Romanian 83.8 -> 85.2 %, nothing lower.
EITHER_MARK: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "ro": (("ș", "ş"), ("șț", "şţ")),
}


def _either_mark(lang: str, shares: dict[str, float], pairs: bool = False) -> dict[str, float]:
    """``shares`` (of letters, or of ``pairs``) with each key of a letter of
    :data:`EITHER_MARK` in both forms.

    >>> _either_mark("ro", {"ș": 0.0081, "ş": 0.0007, "ț": 0.0089})
    {'ș': 0.0081, 'ş': 0.0081, 'ț': 0.0089}
    >>> _either_mark("ro", {"ți": 0.00675}, pairs=True)
    {'ți': 0.00675, 'ţi': 0.00675}
    """
    if lang not in EITHER_MARK:
        return shares
    one, other = EITHER_MARK[lang][pairs]
    swap = str.maketrans(one + other, other + one)
    both = dict(shares)
    for key, share in shares.items():
        twin = key.translate(swap)
        both[twin] = max(share, shares.get(twin, 0.0))
    return both


class _Letters:
    """The shares as integers that add up: field 0 counts the cased letters, then each script
    has a field per language, a letter's or a pair's penalty in 1/32 points; a reading's
    penalty in a script is its smallest field there (its best language)."""

    def __init__(self) -> None:
        self.letters: dict[str, dict[str, float]] = {}
        self.pairs: dict[str, dict[str, float]] = {}
        words: dict[str, dict[str, float]] = {}
        for lang, kind, found in _frequent_rows():
            if kind == "letters":
                letters = {x[0]: int(x[1:]) / 10_000 for x in found.split()}
                self.letters[lang] = _either_mark(lang, letters)
            elif kind == "pairs":
                pairs = {x[:2].replace("_", " "): int(x[2:]) / 100_000 for x in found.split()}
                self.pairs[lang] = _either_mark(lang, pairs, pairs=True)
            elif kind == "words":
                for x in found.split():
                    word = x.rstrip("0123456789")
                    words.setdefault(lang, {})[word] = int(x[len(word) :]) / 100_000
        languages: dict[str, list[str]] = {}
        for lang, shares in self.letters.items():  # a language's script: most of its letters'
            scripts = [_script(ch) for ch in shares]
            languages.setdefault(max(set(scripts), key=scripts.count), []).append(lang)
        self.slots: dict[str, tuple[int, list[str]]] = {}  # script -> (first field, languages)
        fields = 1
        for script, langs in languages.items():
            self.slots[script] = (fields, langs)
            fields += len(langs)
        #: per script: (the shift of its first field, its languages, the mask of its fields)
        self.masks = sorted(
            (32 * first, len(langs), (1 << (32 * len(langs))) - 1)
            for first, langs in self.slots.values()
        )
        self.vectors: dict[str, int] = {}
        #: A letter or a pair -> (field, script, share) of each language that has it:
        #: a vector is the script's vector of letters (or pairs) no language uses, those fields
        #: changed (most keys are in a few languages; a script has up to 33).
        self.found: dict[str, list[tuple[int, str, float]]] = {}
        #: The fields of the scripts of :data:`CAPPED_SCRIPTS`, all bits set.
        self.capped_mask = sum(
            ((1 << (32 * len(langs))) - 1) << (32 * first)
            for script, (first, langs) in self.slots.items()
            if script in CAPPED_SCRIPTS
        )
        #: The Latin script's languages, each with its field and share of non-ASCII letters.
        first, langs = self.slots.get("l", (0, []))
        self.latin = range(first, first + len(langs))
        #: A common word -> (field, its worth) in each Latin language that has it.
        #: A common word (as ``str`` and as ``bytes``) -> its worth in each Latin language, in
        #: 1/:data:`_WORTH_UNIT` points, packed (one 32-bit field each, the first language's
        #: lowest).
        self.words: dict[str | bytes, int] = {}
        for field, lang in enumerate(langs, first):
            for word, share in words.get(lang, {}).items():
                if share > WORD_FLOOR:
                    worth = round(_WORTH_UNIT * math.log10(share / WORD_FLOOR))
                    packed = self.words.get(word, 0) + (worth << (32 * (field - first)))
                    self.words[word] = self.words[word.encode("ascii")] = packed
        self.rates = [
            (field, sum(self.letters[lang].values())) for field, lang in enumerate(langs, first)
        ]
        self.densities: dict[tuple[int, int], int] = {}
        #: script -> the sum of 1 << 32 * field over its fields
        self.ones: dict[str, int] = {}
        for script, (first, langs) in self.slots.items():
            self.ones[script] = sum(1 << (32 * field) for field in range(first, first + len(langs)))
            for field, lang in enumerate(langs, first):
                for shares in (self.letters[lang], self.pairs.get(lang, {})):
                    for key, share in shares.items():
                        self.found.setdefault(key, []).append((field, script, share))

    def fields(self, key: str) -> tuple[str, int, dict[int, int]]:
        """The script of a letter (lower case) or of a pair of neighbours, the field of the
        languages of that script that lack it, and the field of each language that has it."""
        script = _script(key if len(key) == 1 else key[0] if key[0] > "\x7f" else key[1])
        if script not in self.slots:
            return script, 0, {}
        if len(key) == 1:
            weight, common = LETTER_WEIGHT, COMMON_LETTER[script]
            rare = PENALTIES["letter no language uses"]
        else:
            weight, common, rare = PAIR_WEIGHT, COMMON_PAIR, RARE_PAIR
        fields = {}
        for field, where, share in self.found.get(key, ()):
            if where == script and share:
                points = weight * math.log10(share / common)
                fields[field] = round(-_UNIT * min(0.0, max(rare, points)))
        return script, round(-_UNIT * rare), fields

    def vector(self, key: str) -> int:
        """The integer of a letter (lower case) or of a pair of neighbours."""
        found = self.vectors.get(key)
        if found is not None:
            return found
        script, unused, fields = self.fields(key)
        found = 0
        if script in self.slots:
            found = unused * self.ones[script]
            for field, used in fields.items():
                found += (used - unused) << (32 * field)
        self.vectors[key] = found
        return found

    def density(self, k: int, n: int) -> int:
        """The integer of ``k`` non-ASCII letters among ``n`` Latin letters (see
        :data:`DENSITY_WEIGHT`)."""
        found = self.densities.get((k, n))
        if found is not None:
            return found
        found = 0
        if n >= DENSITY_MIN:
            share, scale = k / n, min(1.0, DENSITY_LETTERS / n)
            for field, rate in self.rates:
                if share < rate < 1.0:
                    dev = (n - k) * math.log10((1 - share) / (1 - rate))
                    if k:
                        dev += k * math.log10(share / rate)
                    found += round(_UNIT * DENSITY_WEIGHT * scale * dev) << (32 * field)
        if len(self.densities) > 4096:
            self.densities.clear()
        self.densities[(k, n)] = found
        return found

    def points(self, vector: int) -> float:
        """What the letters (and pairs) whose integers add up to ``vector`` cost."""
        total = 0
        for shift, n, mask in self.masks:  # (in the order of their fields)
            rest = vector >> shift
            if not rest:
                break  # (no letter of this script or of the ones after it)
            part = rest & mask
            if part:  # (a script without letters in the reading costs nothing)
                if n > 1:  # (its best language)
                    part = min(memoryview(part.to_bytes(4 * n, sys.byteorder)).cast("I"))
                total += part
        return -total / _UNIT


def _script(ch: str) -> str:
    return _LETTER_SCRIPT.get(_CLASSES[ord(ch)], "")


@lru_cache(maxsize=1)
def _letters() -> _Letters:
    return _Letters()


def letter_points(text: str, words: int | None = None) -> float:
    """What the letters of ``text`` and their neighbours cost in the language of each script
    that fits them best (see :data:`LETTER_WEIGHT`): 0 for common letters, less for rare ones.
    ``words``: :func:`word_vector` of its words, if the caller knows it.

    >>> letter_points("El niño"), letter_points("El nińo")  # ń: Polish, but not with ñ
    (-0.65625, -1.59375)
    """
    if words is None:
        words = text_words(text)
    return folded_points(text.translate(_FOLD), letters_in(text), words=words)


def fold(text: str) -> str:
    """``text`` as the letter rule reads it: each letter in lower case, each combining mark
    left out, anything else a space (:func:`folded_points`).

    >>> fold("¡Hola, Ñu!")
    ' hola  ñu '
    """
    return text.translate(_FOLD)


def least_cost(key: str) -> float:
    """The least the letter rule takes for each occurrence of one letter or one pair of
    neighbours (folded), in the language of its script that uses it most: summed over a text,
    a bound of the rule (nothing for a letter of :data:`CAPPED_SCRIPTS`, which costs for a
    few occurrences only).

    >>> least_cost("é") == least_cost("a") == least_cost("ÿ") == 0, least_cost("ûk")
    (True, 1.0)
    >>> least_cost("ё"), letters_of(letter_vector("ÿ"))[0]
    (0.25, -2.0)
    """
    model = _letters()
    if len(key) == 1 and _script(key) in CAPPED_SCRIPTS:
        return 0.0
    # (what :meth:`_Letters.points` would read of the key's vector, without making it)
    script, unused, fields = model.fields(key)
    if script not in model.slots:
        return 0.0
    least = min(fields.values(), default=unused)
    if len(fields) < len(model.slots[script][1]):  # (a language of the script lacks it)
        least = min(least, unused)
    return least / _UNIT


#: A word of ASCII letters (two or more) touching no other letter nor a byte above 127: the
#: same word in every single-byte reading.
_BYTE_WORD = rb"(?<![A-Za-z\x80-\xff])[A-Za-z]{2,}(?![A-Za-z\x80-\xff])"
_TEXT_WORD = r"(?<![A-Za-z\x80-\U0010ffff])[A-Za-z]{2,}(?![A-Za-z\x80-\U0010ffff])"


def word_languages(text: str) -> tuple[str, ...]:
    """The Latin-script languages whose common words fit the ASCII words of ``text`` best;
    none if it has fewer than :data:`WORD_MIN` common words.

    >>> word_languages("voilà le travail de la nuit"), word_languages("tout")
    (('fr',), ())
    """
    vector = text_words(text)
    if not vector:
        return ()
    first, langs = _letters().slots["l"]
    return tuple(
        lang for k, lang in enumerate(langs, first) if not (vector >> (32 * k)) & 0xFFFFFFFF
    )


def word_vector(words: Iterable[str] | Iterable[bytes]) -> int:
    """The integer of a text's ASCII ``words``, in lower case (see :data:`WORD_WEIGHT`): in
    each Latin language, what the words are worth in the language they fit best less what
    they are worth in it, at most :data:`WORD_CAP`; 0 under :data:`WORD_MIN` distinct common
    words.

    >>> v = word_vector(["nu", "este", "aproape"])
    >>> _field(v, "ro"), _field(v, "pt") > 0
    (0.0, True)
    """
    counts: dict[str | bytes, int] = {}
    _count_elements(counts, words)  # (each distinct word once: a page repeats its words)
    model = _letters()
    table = model.words
    total = matched = 0
    for word, n in counts.items():
        packed = table.get(word)
        if packed is not None:
            matched += 1
            total += packed * n
    if matched < WORD_MIN:
        return 0
    size = len(model.latin)
    found = array("I")
    found.frombytes(total.to_bytes(4 * size, "little"))
    if sys.byteorder != "little":
        found.byteswap()
    best = max(found)
    scale = _UNIT * WORD_WEIGHT / _WORTH_UNIT
    cap = _UNIT * WORD_CAP
    costs = array("I", [round(min(cap, scale * (best - worth))) for worth in found])
    if sys.byteorder != "little":
        costs.byteswap()
    return int.from_bytes(costs.tobytes(), "little") << (32 * model.latin.start)


def text_words(text: str) -> int:
    """:func:`word_vector` of the words of ``text``."""
    return word_vector(map(str.lower, _pattern(_TEXT_WORD).findall(text)))


def byte_words(data: bytes) -> int:
    """:func:`word_vector` of the words of single-byte ``data`` (the same in every reading)."""
    return word_vector(_byte_pattern(_BYTE_WORD).findall(data.lower()))


def _field(vector: int, lang: str) -> float:
    """A Latin language's field of a letters vector, in points (for the examples)."""
    first, langs = _letters().slots["l"]
    return ((vector >> (32 * (first + langs.index(lang)))) & 0xFFFFFFFF) / _UNIT


def folded_points(
    folded: str,
    letters: int | None = None,
    block: int = 0,
    ascii_letters: int | None = None,
    words: int = 0,
) -> float:
    """:func:`letter_points` of a text already folded (:func:`fold`); ``letters``, if given,
    is the sum of the :func:`letter_vector` of its characters, known to the caller; ``block``
    is added to it (:func:`blocked`); ``ascii_letters``, if given, is how many ASCII letters
    the text had before the caller shortened it (see :data:`DENSITY_WEIGHT`); ``words`` is
    :func:`word_vector` of the text's words, added too.

    >>> folded_points(fold("El niño"), words=text_words("El niño")) == letter_points("El niño")
    True
    """
    if folded.isascii():
        return 0.0
    model = _letters()
    get = model.vectors.__getitem__
    # Every two neighbours with a non-ASCII character (two ASCII ones cost nothing: their
    # integer is 0): found by a regex in mostly ASCII text, where they are few, else all of
    # them made and the zeros left out of the sum (each addition of these long integers
    # copies one). The same integers either way, so the same sum.
    ascii_part = folded.encode("ascii", "ignore")
    non_ascii = len(folded) - len(ascii_part)
    if non_ascii * 4 < len(folded):
        pairs = _pattern(_NON_ASCII_PAIRS).findall(folded)
    else:
        pairs = list(map(add, folded, folded[1:]))
    if letters is None:
        letters = letters_in(folded)
    try:
        total = letters + sum(filter(None, map(get, pairs)))
    except KeyError:  # (a pair not seen yet)
        for key in set(pairs).difference(model.vectors):
            model.vector(key)
        total = letters + sum(filter(None, map(get, pairs)))
    if ascii_letters is None:
        ascii_letters = len(ascii_part) - ascii_part.count(b" ")
    if ascii_letters + non_ascii >= DENSITY_MIN:  # (else too few letters to count: 0)
        k = len(_pattern(_LATIN_LETTER).findall(folded))
        total += model.density(k, ascii_letters + k)
    return model.points(total + block + words)


#: A non-ASCII letter of the Latin script (folded: lower case).
_LATIN_LETTER = r"[\u00c0-\u024f\u1e00-\u1eff]"


#: Two neighbours of which one is not ASCII (each pair once: looked at, not taken).
_NON_ASCII_PAIRS = r"(?s)(?=([^\x00-\x7f].|.[^\x00-\x7f]))"


def letters_in(text: str) -> int:
    """The :func:`letter_vector` of ``text``'s letters as the letter rule adds them up (each
    occurrence, but at most :data:`REPEATS` of each distinct letter of a script of
    :data:`CAPPED_SCRIPTS`): :func:`letters_of` reads what they cost.

    >>> cost = [letters_of(letters_in(" año" * n))[0] for n in (1, 4, 40)]
    >>> cost[0] * 4 == cost[1] == cost[2] < 0
    True
    >>> letters_of(letters_in(" щи" * 4)) == letters_of(letters_in(" щи" * 40))  # (Cyrillic)
    False
    """
    counts: dict[str, int] = {}
    _count_elements(counts, text)
    tokens = sum(map(mul, map(letter_vector, counts), counts.values()))
    excess = [(letter_vector(ch), n - REPEATS) for ch, n in counts.items() if n > REPEATS]
    return mixed(tokens, excess)


def mixed(tokens: int, excess: list[tuple[int, int]]) -> int:
    """The letters' vector of a text from the sum of the :func:`letter_vector` of each of its
    characters (``tokens``) and, for each character seen more than :data:`REPEATS` times, its
    vector and the occurrences over that: the fields of :data:`CAPPED_SCRIPTS` count at most
    :data:`REPEATS` of each.

    >>> v = letter_vector("ñ")
    >>> letters_of(mixed(v * 9, [(v, 5)])) == letters_of(v * 4) == letters_of(mixed(v * 4, []))
    True
    """
    over = sum(vector * n for vector, n in excess if n > 0)
    if not over:
        return tokens
    mask = _letters().capped_mask
    return (tokens & ~mask) | ((tokens - over) & mask)


@lru_cache(maxsize=4096)  # (a function of the character alone: a text repeats its letters)
def letter_vector(ch: str) -> int:
    """``ch`` as an integer that adds up: :func:`letters_of` reads the sum over a reading's
    characters (the letters' part of :func:`letter_points`: a bound, the pairs only lower it).

    >>> letters_of(letter_vector("ā") + letter_vector("ą"))  # no language has both
    (-2.0, True)
    """
    cased = 1 if _CLASSES[ord(ch)] in _CASED else 0
    low = ch.translate(_FOLD)
    if not low or low <= "\x7f":
        return cased  # (an ASCII letter, or one the rule reads as one: Turkish İ is i)
    return cased + _letters().vector(low)


#: A language is one a reading's encoding can write (:func:`blocked`) if the encoding has at
#: least this share of the occurrences of the language's frequent letters (by
#: :func:`_frequent_rows`: windows-1252 writes 72 % of Czech's, 33 % of Turkish's).
WRITES = 0.9
#: What reading a text in a language its encoding cannot write costs, once (points). Tuned on
#: the tuning split (--n 150, with the running-text rows): 10/16 of a point gains Turkish
#: +4.7, Latvian +6.3, Polish +4.2 and +4.7, Vietnamese +2.0 points, snippets of 4 characters
#: +1.9, costing Portuguese 1.0; 12/16 costs Portuguese 4.9 and 1 point 11.3 (and snippets of
#: 64 characters 0.7), whose pairs with ã (manhã, pães) are in neither source's Portuguese and
#: lean on Vietnamese, which windows-1252 cannot write; 1/16 (the first try) gained 0.6 on
#: the shortest snippets only.
UNWRITTEN = 10 / 16


#: Latin languages of few writers, what a page's reading whose best language is one of them
#: costs, once (points, in :func:`charged`): Icelandic's and Faroese's ð, þ and ý are
#: the bytes of Turkish's ğ, ş and ı (windows-1254) and of Lithuanian's š and ž (windows-1257)
#: in windows-1252, where they beat those code pages' priors. Tuned on the tuning split (--n
#: 150): 1/2 point gains Lithuanian +4.5 points, Turkish +1.3, Vietnamese +0.1, nothing else
#: moving (1 point: Lithuanian +6.3; 3/2: +9.2); of the 3,666 messages of the Icelandic gettext
#: catalogue that windows-1252 writes (the shares' own text) 7 more are then misread, 16 at 1.
SCARCE: dict[str, float] = {"is": 0.5, "fo": 0.5}


#: Code pages made for a few Latin languages, which text in another language seldom used:
#: a reading in one of them whose best language is another costs :data:`FOREIGN` points,
#: once (in :func:`charged`). IBM's Baltic page (cp775) writes Polish's ż where cp850 and
#: cp437 write Spanish's ñ (byte A4): ``mañana`` is ``mażana`` there, and Polish was
#: written in cp852 in DOS, not in cp775. windows-1257 (both codecs) writes Polish too,
#: whose ł is Italian's ù there (``più`` read ``pił``), but Polish was written in
#: windows-1250: tune --n 150 with Italian, Romanian, Croatian, Slovak, Slovene, Serbian,
#: Danish, Swedish, Icelandic, Estonian and Finnish added, all snippets 95.5 -> 96.1 %,
#: Italian 73.0 -> 86.8, Czech 96.2 -> 99.4, Turkish 80.8 -> 84.0, none lower.
NATIVE: dict[str, tuple[str, ...]] = {
    "cp775": ("lt", "lv", "et"),
    "cp1257": ("lt", "lv", "et"),
    "whatwg_windows_1257": ("lt", "lv", "et"),
}
FOREIGN = 1.0


@lru_cache(maxsize=512)
def _spellings(ch: str) -> tuple[str, ...]:
    """The ways an encoding may write the letter ``ch``: whole, or as a letter and combining
    marks (windows-1258 writes ể as ê and a hook), a comma below as a cedilla (Romanian's ș
    as ş in windows-1250).

    >>> [len(s) for s in _spellings("ș")], [len(s) for s in _spellings("ộ")]  # (ô ọ o, marks)
    ([1, 2], [1, 2, 3, 2, 3])
    """
    nfd = unicodedata.normalize("NFD", ch).replace("\u0326", "\u0327")
    found: dict[str, None] = {}
    for marks in permutations(nfd[1:]):  # (ộ: ô and a dot below)
        spelt = nfd[0] + "".join(marks)
        for k in range(len(nfd), 0, -1):
            found[unicodedata.normalize("NFC", spelt[:k]) + spelt[k:]] = None
    return tuple(found)


@lru_cache(maxsize=1)
def _latin_spellings() -> tuple[dict[str, tuple[str, ...]], str]:
    """The :func:`_spellings` of each letter of the Latin languages, and their characters."""
    model = _letters()
    langs = model.slots["l"][1]
    spellings = {ch: _spellings(ch) for lang in langs for ch in model.letters[lang]}
    return spellings, "".join({c: None for found in spellings.values() for s in found for c in s})


def _encodable(codec: str, chars: str) -> set[str]:
    """The characters of ``chars`` that ``codec`` encodes, each alone (a single-byte codec
    encodes a text when it encodes each of its characters: all asked in one call, each
    character one byte, ``?`` where not encoded; else one by one).

    >>> sorted(_encodable("cp1252", "ñńé?"))
    ['?', 'é', 'ñ']
    """
    try:
        out = chars.encode(codec, "replace")
    except LookupError:
        return set()
    if len(out) == len(chars):
        return {ch for ch, b in zip(chars, out, strict=True) if b != 0x3F or ch == "?"}
    found = set()
    for ch in chars:
        try:
            ch.encode(codec)
        except UnicodeError:
            continue
        found.add(ch)
    return found


@lru_cache(maxsize=256)
def blocked(codec: str) -> int:
    """What the Latin languages ``codec`` cannot write (less than :data:`WRITES` of their
    frequent letters' occurrences) cost a reading in it: :data:`UNWRITTEN` in their fields,
    added to a reading's vector (nothing where it writes none of them, as a Cyrillic page).

    >>> slovak = letter_vector("ť") + letter_vector("ý")  # Czech and Slovak use ý often
    >>> letters_of(slovak + blocked("cp1252"))[0] < letters_of(slovak)[0]
    True
    >>> letters_of(slovak + blocked("cp1250")) == letters_of(slovak), blocked("koi8_r")
    (True, 0)
    """
    model = _letters()
    first, langs = model.slots["l"]  # (Persian is written in windows-1256 with Arabic's yeh)
    spellings, chars = _latin_spellings()
    ok = _encodable(codec, chars)  # (all the characters of all the spellings asked at once)
    writes = {ch: any(map(ok.issuperset, found)) for ch, found in spellings.items()}
    fields = []
    for field, lang in enumerate(langs, first):
        shares = model.letters[lang]
        written = sum(share for ch, share in shares.items() if writes[ch])
        if written < WRITES * sum(shares.values()):
            fields.append(field)
    if len(fields) == len(langs):
        return 0
    return sum(round(_UNIT * UNWRITTEN) << (32 * field) for field in fields)


@lru_cache(maxsize=256)
def charged(codec: str) -> int:
    """What a page's reading in ``codec`` pays in each Latin language, added to its letters'
    vector: :func:`blocked`'s charge and :data:`SCARCE` (nothing for a page that writes none
    of them, as a Cyrillic page).

    >>> thorn = letter_vector("þ")  # (Icelandic's, or Lithuanian's ž in windows-1257's byte)
    >>> letters_of(thorn + charged("cp1252"))[0] - letters_of(thorn)[0] == -SCARCE["is"]
    True
    >>> charged("koi8_r")
    0
    """
    block = blocked(codec)
    if not block:
        return 0
    first, langs = _letters().slots["l"]
    native = NATIVE.get(codec.lower().replace("-", "_"))
    scarce = (
        round(_UNIT * (SCARCE.get(lang, 0.0) + (FOREIGN if native and lang not in native else 0)))
        << (32 * f)
        for f, lang in enumerate(langs, first)
    )
    return block + sum(scarce)


def letters_of(vector: int) -> tuple[float, bool]:
    """What the letters whose :func:`letter_vector` add up to ``vector`` cost, and whether a
    cased letter is among them.

    >>> letters_of(letter_vector("ñ")), letters_of(0)
    ((-0.65625, True), (0.0, False))
    """
    return _letters().points(vector), bool(vector & 0xFFFFFFFF)


# --- the neighbour rules -----------------------------------------------------------------------

_LETTER = "aAlLcCgGrRhHtTuvkKjzZo"
#: A mark with no letter of its script before it, or a Thai vowel written before its consonant
#: with something else after it; Thai ones at the edges of a text not (a cut in a syllable).
_STRAY_POINT = re.compile(r"(?<![hH])H|(?<![rR])R|(?<=[^tT])T|v(?=[^t])")
_THAI_CONSONANTS = re.compile(r"t{3,}")
_THAI_MARK = "\u0e31\u0e34-\u0e3a\u0e47-\u0e4e"
#: Two Thai marks on one letter: Thai stacks a tone mark (or the thanthakhat) on a vowel
#: written above or below, nothing else (``ั้`` but not ``ัํ``, ``่ั``).
_THAI_STACK = f"(?=[{_THAI_MARK}][{_THAI_MARK}])"
_THAI_STACK_OK = "[\u0e31\u0e34-\u0e39][\u0e48-\u0e4c]"


#: Mai han-akat (the short a written above) followed by neither a consonant nor a mark, a
#: tone mark between or not (Thai closes it: ``กัน``, ``กั้น``, ``ตัว``; a mark after it is
#: :func:`_odd_thai_stacks`'s, the end of a text a cut syllable).
_OPEN_HAN_AKAT = f"\u0e31[\u0e48-\u0e4b]?(?=[^\u0e01-\u0e2e{_THAI_MARK}])"


def _odd_thai_stacks(text: str) -> int:
    """How many neighbours are two Thai marks that Thai does not stack.

    >>> _odd_thai_stacks("กั้น"), _odd_thai_stacks("กัํ่")
    (0, 2)
    """
    return len(_pattern(_THAI_STACK).findall(text)) - len(_pattern(_THAI_STACK_OK).findall(text))


#: One or two CJK characters between two ASCII letters (Polish "łyśmy" read as Big5 is two
#: ideographs between "i" and "y"; real text puts one or two CJK characters in a Latin word
#: seldom). (The rules' patterns start with the class they count, which the re module skips
#: to fast, and look around after it: tests/lib/test_detection_work.py has their first form.)
_SANDWICH = re.compile(r"[aA](?=[zZjkKw]{1,2}[aA])")
_SENTENCE = re.compile(r"[.!?]\s+(?=[^\x00-\x7f])(\w)")  # (only non-ASCII starts count)
_FINAL_FORM = re.compile(r"[ךםןףץς](?=\w)")
_FINAL_OK = re.compile(r"[ךםןףץς](?!\w)")
_CAPITAL_INSIDE = re.compile(r"(?=([al]L[al]|lA[al]|cCc|gGg))")
#: One CJK character touching an ASCII letter with no CJK on its other side (the start or
#: the end of the text counts as no CJK: Polish "śmy " read as Big5 is "鄉y ").
_ISOLATED_CJK = re.compile(
    r"[zZjkKw](?:(?<=[aA][zZjkKw])(?![zZjkKwf])|(?<![zZjkKwf][zZjkKw])(?=[aA]))"
)
#: ¿ or ¡ right after a letter or a digit, or before a space: Spanish opens a question or
#: an exclamation with them (``¿qué?``), what other bytes read as windows-1252 need not.
_ODD_INVERTED = r"(?<=[^\W_])[¿¡]|[¿¡](?=\s)"
#: A letter of a cased script (Latin, Greek, Cyrillic) on both sides: what the rules on
#: characters inside a word look for (Hebrew writes ” between letters for its gershayim:
#: ``צה”ל``).
_CASED_LETTER = (
    "A-Za-z\u00aa\u00b5\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0370-\u03ff\u0400-\u04ff"
)
#: A quotation mark between two such letters: text opens and closes a quotation at a word's
#: edge; DOS letters read as windows-1252 make them inside words (the bytes of ö and ä are
#: ” and „ there: ``fr”hlich``, ``w„hrend``).
_QUOTE_INSIDE = rf"[„“”«»](?<=[{_CASED_LETTER}].)(?=[{_CASED_LETTER}])"
#: A low quotation mark closing a word: text opens a quotation with it (German „so“, Polish
#: „tak”), after a space; a DOS page's é read as windows-1252 is ‚ at a word's end
#: (``compr‚ unas``, ``Perch‚ non``).
_LOW_QUOTE_CLOSING = rf"[‚„](?<=[{_CASED_LETTER}].)(?![{_CASED_LETTER}])"
#: A no-break space between two lower-case letters: text puts it between words (``10 000``,
#: ``M. Dupont``, before French ``:``); á of a DOS page is byte A0, a no-break space in
#: windows-1252 and the ISO-8859 pages (``pl tanos``).
_NBSP_INSIDE = r"\xa0(?<=[a-z\u00df-\u00f6\u00f8-\u00ff].)(?=[a-z\u00df-\u00f6\u00f8-\u00ff])"
#: A no-break space after a lower-case letter and before an ordinary space or line end: a space
#: typed twice, one of them a no-break one, is seldom glued to a word (Mac Roman's byte CA,
#: Italian's ò in HP Roman-8: ``pu\xa0 usare`` for ``può usare``).
_NBSP_BESIDE_SPACE = r"\xa0(?<=[a-z\u00df-\u00f6\u00f8-\u00ff].)(?=[ \t\r\n])"
#: ... unless a no-break space also opens a word somewhere: typography that spaces words with
#: them (French ``«\xa0mot\xa0»``, its guillemets lost in a conversion).
_NBSP_OPENING = r"(?<![^\s])\xa0"
#: Guillemets that close (after a letter, before none) and any other (that open: after no
#: letter): closing ones beyond the opening ones close nothing (Mac Roman's byte C8 is
#: HP Roman-8's à: ``sar» di`` for ``sarà di``; French «mot», « mot », Swedish »ord» and
#: German »Wort« pair).
_GUILLEMET_CLOSING = rf"[«»](?<=[{_CASED_LETTER}].)(?![{_CASED_LETTER}])"
#: A non-ASCII Latin capital alone between two lower-case words (on classes): text writes a
#: lone capital at a sentence's start or as an initial; Italian's è in a DOS page is Š in
#: windows-1252 (``nonno Š nato``).
_LONE_CAPITAL = r"[LCcGgrho](?<=[al] .)(?= [al])"
#: A full-width form or CJK punctuation between two ASCII letters (on classes): a DOS
#: page's ü before an ASCII letter is a Shift_JIS symbol (``M］chen``); Japanese text puts
#: them between words or beside its own characters.
_FULL_WIDTH_INSIDE = r"f(?<=[aA]f)(?=[aA])"
#: A currency sign, § or © right before or after a letter (``€5``, ``5 €``, ``© 2024``:
#: digits and spaces; not ° №, which text writes next to letters: ``°C``, ``N°``), and ®
#: or ™ right before one (they follow a name: ``Brand™``; ISO-8859-4's Ž is windows-1252's
#: ®, ``®ürii``, Mac Roman's ô windows-1257's ™, ``h™l``).
_MONEY_AFTER = r"(?<=[^\W\d_])[€£¥¢§©₫₪]"
_MONEY_BEFORE = r"[€£¥¢§©₫₪®™](?=[^\W\d_])"
#: A middle dot between two letters but in Catalan's l·l (Greek writes it after a word, as
#: its semicolon; bytes misread make it anywhere: ``·f·b·Δ``).
_ODD_MIDDLE_DOT = r"(?<=[^\W\d_])(?<![lL])·(?=[^\W\d_])|(?<=[^\W\d_])·(?![lL])(?=[^\W\d_])"


@lru_cache(maxsize=4)
def _byte_pattern(source: bytes) -> re.Pattern[bytes]:
    """:func:`_pattern` for a pattern of bytes."""
    return re.compile(source)


@lru_cache(maxsize=32)
def _pattern(source: str) -> re.Pattern[str]:
    """A rule's pattern, compiled on first use (``import codecbox`` compiles few: see
    tests/lib/test_startup.py).

    >>> _pattern(_ODD_INVERTED).findall("¿¡ 1,000¿ø")
    ['¡', '¿']
    """
    return re.compile(source)


#: A non-ASCII Latin, Cyrillic or Greek letter with no letter on either side, touching a
#: digit: what a currency sign before a price becomes in another code page (windows-1252's
#: "£3.50" is "Ł3.50" in windows-1250, "Ј3.50" in windows-1251; "€5" is "Ђ5"), which text
#: seldom writes (on classes).
_LONE_LETTER_BY_DIGIT = r"[lLcCgG](?<![aAlLcCgGm][lLcCgG])(?![aAlLcCgGm])(?:(?<=0[lLcCgG])|(?=0))"
#: The Arabic comma, semicolon and question mark (windows-1256's bytes of ¡, º and ¿): Arabic
#: text puts them after Arabic words; in a reading without Arabic letters they are other
#: bytes (Portuguese "2º andar" is "2؛ andar").
_ARABIC_PUNCTUATION = "،؛؟"
#: In classes: a Cyrillic letter between two characters that are not (not at an end: a
#: snippet cuts words), and a Cyrillic word (the rule costs only in a text without one)
_LONE_CYRILLIC = "(?<=[^cC])[cC](?=[^cC])"
_CYRILLIC_WORD = "[cC][cC]"
#: … right after a letter and before a lower-case word, with or without a space between
_ELLIPSIS_INSIDE = "(?<=[^\\W\\d_])…(?= ?[a-zà-ÿ])"
#: ‘ between two letters, but as an apostrophe typed so: after an elided word (l‘homme, d‘un:
#: one letter, then a vowel or h) or before a contraction (don‘t, it‘s)
_ODD_OPENING_QUOTE = (
    r"(?<=[^\W\d_])‘(?=[^\W\d_])(?!(?:s|t|ll|re|ve|d|m)\b)"
    r"(?!(?<=\b[cdjlmnstCDJLMNST]‘)[aeiouhyàâäéèêëîïôöûüAEIOUHY])(?!(?<=\bqu‘)[aeiouh])"
)
_ODD_APOSTROPHE = re.compile(r"(?<=\w\w\w)(?<![lLtTuU])’(?!(?:s|t|ll|re|ve|d|m)\b)(?=\w)")
_LONG_HANGUL = re.compile(r"[kK]{9,}")
_HAN_SPACED = re.compile(r"[zZj](?= [zZj])")
_KANJI_SPACED = re.compile(r"[zZ](?= [zZ])")
_ACCENTS_AFTER = "aeiouyAEIOUYăâêôơưĂÂÊÔƠƯ"
_STRAY_MARK = re.compile(rf"(?<![{_ACCENTS_AFTER}])[\u0300-\u036f]")

#: What box drawing (U+2500 to U+257F, of class ``b``) gets back in a Chinese, Japanese or
#: Korean reading where it draws, touching only box drawing, white space or an end: it costs
#: as much as it is worth elsewhere (what KOI8's letters become in IBM866...), but DOS-era
#: CJK files draw banners and tables with it (a Johab file's ``┌──┐``): worth nothing
#: there, neither for nor against. (Not one among letters, as Thai's ``จก`` read as EUC-JP
#: makes; nor the shapes of class ``b``: the CJK standards put ``●`` and ``■`` in their
#: first rows, which Thai's ``ก`` and ``ข`` read as EUC-JP or GBK make.)
BOX_IN_CJK = -CLASS_POINTS["b"]
_CJK_LANGUAGES = frozenset({"zh", "ja", "ko"})
_BOX_DRAWING = "(?<![^\u2500-\u257f\\s])[\u2500-\u257f](?![^\u2500-\u257f\\s])"

#: What the box drawing and blocks of a DOS page (class ``b``) get back where they draw: in
#: a word of class ``b`` alone (between white space or an end) that holds one character three
#: times or more in a row (``╔════╗``: a run of 6 or more is cut to 4 to 7,
#: :func:`codecbox.detection._collapse`), or two shades in a row (a banner's ``║▓▒░``), or
#: two or more blocks, shades and ``■`` (``▄█▀``, ``░▒▓█``), or is one of ``║ │ ░ ▒ ▓ █ ■``
#: alone (a frame's side, a bullet): worth a character of text, as in an ANSI-art line or a
#: frame. (A half block alone is no bullet: ``▐`` is what KOI8-R makes of Mac Roman's ``è``,
#: Italian's "is".) KOI8-R's lower-case words read in IBM866 or cp437 are words of box
#: drawing too (its bytes C0 to DF: ``╨╥╔╫┼╘``), but never with a letter three times or with
#: shades, seldom only of ``шэщчъ`` (``█▄▌▐▀``): they still cost; and so do Korean and
#: Chinese double bytes read in a DOS page (leading bytes B0 to C8 make ``░▒▓│┤╡``..., not
#: alone).
DRAWING = 1.0 - CLASS_POINTS["b"]
#: A word of class ``b`` alone: between the white space of class `` `` or an end (not
#: ``\\s``, which takes controls and U+0085 in too).
_DRAWING_WORD = "(?<![^ \\t\\n\\r\\f\\v\\xa0])[\u2500-\u25ff]+(?![^ \\t\\n\\r\\f\\v\\xa0])"
_DRAWS = "(.)\\1\\1|[░▒▓][░▒▓]|^[\u2580-\u25a0][\u2580-\u25a0]+$|^[║│░▒▓█■]$"


def draws(text: str) -> bool:
    """Whether some box drawing or blocks of ``text`` draw (:func:`_drawing`)."""
    return "\u2500" <= max(text, default="") and _drawing(text) > 0


def _drawing(text: str) -> int:
    """How many characters of ``text`` draw (:data:`DRAWING`).

    >>> _drawing("║ Hallo ║ ╔═══╗ ▄█▀ ╨╥╔╫┼╘ ╙╦╧ x═══ ┤")
    10
    """
    draws = _pattern(_DRAWS).search
    return sum(len(w) for w in _pattern(_DRAWING_WORD).findall(text) if draws(w))


#: Points of each neighbour rule, per occurrence.
PENALTIES: dict[str, float] = {
    "script mix": -3.0,
    "case flip": -2.0,
    "capital inside a word": -1.0,
    # Tuned on the tuning split (--n 150): -0.75 is the least that beats windows-1251's prior
    # over KOI8-R's (0.5 point) in most short snippets (KOI8-R Russian 87.7 -> 96.2 %); -1 and
    # -1.5 gain 0.1 and 0.5 more but cost texts in capitals more (of 4 characters, in
    # windows-1251: 86 % right with no charge, 27 % at -0.75, 7 % at -1.5).
    "only capitals": -0.75,
    "symbol touching a letter": -1.5,
    "letter alone next to a digit": -1.5,
    "Arabic punctuation without Arabic letters": -1.5,
    # (a CJK sign then costs 1 point, as half-width katakana do; tune: -1.5 to -4 alike,
    # Greek snippets +0.2 point, one document)
    "CJK signs without CJK writing": -2.5,
    # (tune: installed.py documents +2, detection.py +1, no snippet changed; -3: +1 more
    # document, but informal text writes "e poi… niente")
    "ellipsis inside a sentence, glued to a word": -1.5,
    "punctuation inside a word": -1.5,
    "hangul word too long": -1.5,
    "Thai consonants without a vowel": -1.5,
    "letter no language uses": -2.0,
    "stray combining accent": -3.0,
    "kana in a Chinese encoding": -2.5,
    "spaced hanzi in a Chinese encoding": -1.0,
    "spaced kanji in a Japanese encoding": -1.0,
    "CJK inside an ASCII word": -2.0,
    "one CJK character touching an ASCII word": -1.5,
    "apostrophe inside a word": -1.5,
    "inverted mark that opens nothing": -1.5,
    "quotation mark inside a word": -1.5,
    "no-break space inside a word": -1.5,
    "no-break space before a space": -1.5,
    "closing quotation mark that nothing opened": -1.5,
    "capital alone between lower-case words": -1.5,
    # (a Western DOS page read as IBM866: cp437's à é ⌐ alone are Е В й; tune: no snippet or
    # document changed, 2 more documents sure; -3 the same)
    "Cyrillic letters alone in Latin text": -1.5,
    "sentence starting in lower case": -1.0,
    "sentence starting in upper case": 0.5,
    "final letter inside a word": -2.0,
    "final letter at the end of a word": 1.0,
    "hangul syllable rare in Korean text": -1.5,
    "ideograph rare in the text of the reading's language": -1.0,
    "hanja in a Korean reading": -3.0,
}


def language_of(codec: str | None) -> str:
    """``"zh"``, ``"ja"`` or ``"ko"`` for a Chinese, Japanese or Korean codec, else ``""``
    (:data:`codecbox.table.CJK`): the only way the codec of a reading changes its score.

    >>> language_of("gb18030"), language_of("euc_jp"), language_of("cp1252")
    ('zh', 'ja', '')
    """
    return "" if codec is None else CJK.get(codec.lower().replace("-", "_"), "")


# The pair rules, counted with str.count (two different characters cannot overlap themselves),
# at a fraction of a regular expression's time.
_SCRIPT_OF_CLASS = str.maketrans(
    {c: " " for c in CLASS_POINTS}
    | dict.fromkeys("aAlL", "1")
    | dict.fromkeys("cC", "2")
    | dict.fromkeys("gG", "3")
    | dict.fromkeys("rR", "4")
    | dict.fromkeys("hH", "5")
    | dict.fromkeys("tTuv", "6")
)
_TOUCH = str.maketrans(
    {c: " " for c in CLASS_POINTS}
    | dict.fromkeys(_LETTER, "w")
    | dict.fromkeys("sb", "s")
    | dict.fromkeys("pd.", "p")
)
_CASE_PAIRS = ("aL", "lL", "lA", "cC", "gG")
#: Readings with at least so many capitals of one script and no lower-case letter of it pay
#: "only capitals" once (:func:`_only_capitals`).
ONLY_CAPITALS = 2
#: Per script with case: its capitals' class, its lower-case classes, the classes counted.
_CAPITALS = (("C", "c", "C"), ("G", "g", "G"), ("L", "al", "LA"))


def _only_capitals(classes: str, present: frozenset[str]) -> bool:
    """Whether the letters of a script with case (Cyrillic, Greek, Latin with ASCII's) are
    all capitals, at least :data:`ONLY_CAPITALS` of them. KOI8-R writes the lower case where
    windows-1251 (and windows-1253 its Greek capitals) writes the capitals: lower-case Russian
    in one reads as all-capital Russian (or Greek) in the other, which texts write much more
    seldom; once per reading, so that a real title in capitals loses only a short tie.

    >>> _only_capitals("CCC C", frozenset("C ")), _only_capitals("Cccc", frozenset("Cc"))
    (True, False)
    >>> _only_capitals(" L ", frozenset("L ")), _only_capitals("LAA", frozenset("LA"))
    (False, True)
    """
    for upper, lower, counted in _CAPITALS:
        if upper in present and not any(c in present for c in lower):
            if sum(map(classes.count, counted)) >= ONLY_CAPITALS:
                return True
    return False


_CJK_TOUCH = str.maketrans(
    {c: " " for c in CLASS_POINTS} | dict.fromkeys("aA", "a") | dict.fromkeys("zZjkKw", "z")
)


def _bytes_table(table: dict[int, str]) -> bytes:
    """A ``str.translate`` table of classes as a ``bytes.translate`` one (the classes are
    ASCII: translating their bytes is much faster)."""
    return bytes(ord(table.get(b, chr(b))) for b in range(256))


_SCRIPT_BYTES = _bytes_table(_SCRIPT_OF_CLASS)
#: For the rule on punctuation inside a word: a letter becomes ``w``, the rest ``_`` but
#: punctuation, dashes and spaces.
_PUNCT_BYTES = _bytes_table(
    {ord(c): "_" for c in CLASS_POINTS}
    | {ord(c): "w" for c in _LETTER}
    | {ord(c): c for c in "pd. "}
)


#: A letter followed by punctuation or a dash then a letter (looked at, not taken: in ``a.b.c``
#: twice), or by a dash then a space or a full stop; on ``_PUNCT_BYTES``.
_PUNCT_INSIDE = re.compile(rb"w[pd.](?=w)|wd(?=[ .])")


def _punctuation_inside(classes: str) -> int:
    """How many times :data:`_PUNCT_INSIDE` is found."""
    return len(_PUNCT_INSIDE.findall(classes.encode("ascii").translate(_PUNCT_BYTES)))


_TOUCH_BYTES = _bytes_table(_TOUCH)
_CJK_TOUCH_BYTES = _bytes_table(_CJK_TOUCH)


def _script_mix(classes: str) -> int:
    """How many neighbours are letters of two scripts (Latin, Cyrillic, Greek, Arabic,
    Hebrew, Thai)."""
    scripts = classes.encode("ascii").translate(_SCRIPT_BYTES)
    present = [x for x in b"123456" if x in scripts]
    return sum(
        scripts.count(bytes((x, y))) + scripts.count(bytes((y, x)))
        for i, x in enumerate(present)
        for y in present[i + 1 :]
    )


_PLAIN = frozenset("aA0 .'")
#: Non-ASCII Latin, Cyrillic and Greek letters (``e``) and CJK characters (``z``), for
#: :func:`_cjk_mix`; anything else a space.
_CJK_MIX_BYTES = _bytes_table(
    {ord(c): " " for c in CLASS_POINTS}
    | {ord(c): "e" for c in "lLcCgG"}
    | {ord(c): "z" for c in "zZjkKw"}
)
_OTHER_LETTERS = frozenset("lLcCgG")


def _cjk_mix(classes: str) -> int:
    """How many neighbours are a CJK character and a non-ASCII Latin, Cyrillic or Greek
    letter (``и交``: the Cyrillic of JIS X 0208 next to a kanji, what other bytes read as
    EUC-JP make; real text puts a space or punctuation between them).

    >>> _cjk_mix("czjj"), _cjk_mix("zz l")
    (1, 0)
    """
    mixed = classes.encode("ascii").translate(_CJK_MIX_BYTES)
    return mixed.count(b"ez") + mixed.count(b"ze")


class Base(NamedTuple):
    """The per-character part of a score: the classes, which are present, the points, and the
    most the neighbour rules can add."""

    classes: str
    present: frozenset[str]
    points: float
    most_added: float
    #: The cheap neighbour rules, already counted (two scripts in a word, case flips and
    #: capitals inside words): part of the score, and of its bound.
    known: float = 0.0


_CLASS_LETTERS = tuple(CLASS_POINTS)


def _present(classes: str) -> frozenset[str]:
    """The classes in ``classes`` (a long one is searched for each class: faster)."""
    if len(classes) < 64:
        return frozenset(classes)
    return frozenset(c for c in _CLASS_LETTERS if c in classes)


def base(text: str, classes: str | None = None) -> Base:
    """:func:`score` before the neighbour rules and the letters; ``classes``, if given, is
    ``text`` already translated to classes (see :func:`byte_classes`).

    >>> b = base("Año 2024")
    >>> b.classes, b.points
    ('Ala 0000', 8.0)
    """
    if classes is None:
        classes = text.translate(_CLASSES)
    present = _present(classes)
    extra, final, cased, mixed, pairs = _facts(present)
    # Most classes are worth one point: count the others only.
    points = float(len(classes))
    for c, p in extra:
        points += p * classes.count(c)
    most = 0.0
    if "b" in present:  # (box drawing that draws, at most: :data:`DRAWING`, BOX_IN_CJK)
        most += max(DRAWING, BOX_IN_CJK) * classes.count("b")
    if final:
        most += classes.count("h") + classes.count("g")
    if cased:
        most += 0.5 * (text.count(".") + text.count("!") + text.count("?"))
    known = 0.0
    if mixed:
        known += PENALTIES["script mix"] * _script_mix(classes)
    if present & _CJK and present & _OTHER_LETTERS:
        known += PENALTIES["script mix"] * _cjk_mix(classes)
    if pairs:
        flips = 0
        for pair in pairs:
            flips += classes.count(pair)
        if flips:
            known += PENALTIES["case flip"] * flips
            known += PENALTIES["capital inside a word"] * len(_CAPITAL_INSIDE.findall(classes))
    return Base(classes, present, points, most, known)


@lru_cache(maxsize=4096)
def _facts(
    present: frozenset[str],
) -> tuple[tuple[tuple[str, float], ...], bool, bool, bool, tuple[str, ...]]:
    """What :func:`base` needs to know of the classes present: those not worth one point (and
    what they add), whether final forms, cased letters, two scripts are possible, and the
    case-flip pairs."""
    extra = tuple((c, _EXTRA[c]) for c in sorted(present & _NOT_ONE))
    mixed = sum(1 for script in _SCRIPTS if present & script) > 1
    pairs = tuple(p for p in _CASE_PAIRS if p[0] in present and p[1] in present)
    final = "h" in present or "g" in present
    return extra, final, bool(present & _CASED), mixed, pairs


_CASED = frozenset("lLcCgG")
_UPPER = frozenset("LCG")
_EXTRA = {c: p - 1.0 for c, p in CLASS_POINTS.items() if p != 1.0}
_NOT_ONE = frozenset(_EXTRA)


@lru_cache(maxsize=64)
def byte_classes(codec: str) -> bytes:
    """For a single-byte ``codec``: the class of each byte's character (``x`` if undefined),
    as a table for ``bytes.translate``.

    >>> data = "año".encode("cp1252")
    >>> data.translate(byte_classes("cp1252")), data.translate(byte_classes("cp1251"))
    (b'ala', b'aca')
    """
    every = bytes(range(256)).decode(codec, "replace")
    table = bytearray()
    for b in range(256):
        ch = every[b] if len(every) == 256 else "\ufffd"  # (else not a character a byte)
        if ch == "\ufffd":  # undefined, or more than one character: ask the byte alone
            try:
                ch = bytes([b]).decode(codec)
            except UnicodeDecodeError:
                table += b"x"
                continue
        table += _CLASSES[ord(ch)].encode("ascii") if len(ch) == 1 else b"x"
    return bytes(table)


_SCRIPTS = (frozenset("aAlL"), frozenset("cC"), frozenset("gG"), frozenset("rRhHtTuv"))
_CJK = frozenset("zZjkKw")
#: CJK punctuation and full-width forms, half-width katakana; and the classes of CJK writing
_CJK_SIGNS = frozenset("fw")
_CJK_WRITING = frozenset("zZjkK")
_SINGLE = frozenset("sb")
_INSIDE = frozenset("pd.")


def score(
    text: str,
    codec: str | None = None,
    first: Base | None = None,
    floor: float = -math.inf,
) -> float:
    """The points of one reading (see the module docstring); ``codec`` made the reading,
    ``first`` is its :func:`base` if already computed. Once the score is certainly below
    ``floor``, a value above the exact score but below ``floor`` is returned.

    >>> score("año", "cp1252"), score("a\\x96o", "cp1252")
    (2.34375, -1.0)
    """
    return _score(text, language_of(codec), base(text) if first is None else first, floor)


def _score(
    text: str,
    language: str,
    b: Base,
    floor: float = -math.inf,
    cjk: float | None = None,
    letters: float | None = None,
    words: int | None = None,
) -> float:
    """:func:`score` of a reading in ``language`` whose :func:`base` is ``b``; ``cjk`` and
    ``letters``: :func:`cjk_points` and :func:`letter_points`, if the caller knows them;
    ``words``: :func:`word_vector` of the text's words, if known."""
    classes, present = b.classes, b.present
    total = b.points + b.known
    if "\xa0" in text:  # (before the plain texts' return: its class is a space's)
        total += PENALTIES["no-break space inside a word"] * len(
            _pattern(_NBSP_INSIDE).findall(text)
        )
        if not _pattern(_NBSP_OPENING).search(text):
            total += PENALTIES["no-break space before a space"] * len(
                _pattern(_NBSP_BESIDE_SPACE).findall(text)
            )
    if "b" in present:
        if language in _CJK_LANGUAGES:
            total += BOX_IN_CJK * len(_pattern(_BOX_DRAWING).findall(text))
        else:
            total += DRAWING * _drawing(text)
    if present <= _PLAIN and ("'" not in present or text.isascii()):
        return total  # (but ’ and · inside words are for the apostrophe rules below)
    cased = present & _CASED
    # The rules that can give points.
    if cased and ("." in text or "!" in text or "?" in text):  # (what _SENTENCE needs)
        for m in _SENTENCE.finditer(text):
            start = m.group(1)
            if not start.isascii():
                if start.islower():
                    total += PENALTIES["sentence starting in lower case"]
                elif start.isupper():
                    total += PENALTIES["sentence starting in upper case"]
    if "h" in present or "g" in present:
        total += PENALTIES["final letter inside a word"] * len(_FINAL_FORM.findall(text))
        total += PENALTIES["final letter at the end of a word"] * len(_FINAL_OK.findall(text))
    # The rules that take points away, cheapest first.
    if present & _UPPER and _only_capitals(classes, present):
        total += PENALTIES["only capitals"]
    if present & _MARKS:
        total += PENALTIES["stray combining accent"] * len(_STRAY_POINT.findall(classes))
    if "m" in present:
        total += PENALTIES["stray combining accent"] * len(_STRAY_MARK.findall(text))
    if "TT" in classes:
        total += PENALTIES["stray combining accent"] * _odd_thai_stacks(text)
    if "\u0e31" in text:
        total += PENALTIES["stray combining accent"] * len(_pattern(_OPEN_HAN_AKAT).findall(text))
    if cjk is not None:
        total += cjk
    elif present & _CJK_COMMON:
        total += _rare_cjk(text, classes, language)
    if language == "zh":
        if cjk is None:
            total += PENALTIES["kana in a Chinese encoding"] * classes.count("j")
        if "z " in classes or "Z " in classes or "j " in classes:
            spaced = len(_HAN_SPACED.findall(classes))
            total += PENALTIES["spaced hanzi in a Chinese encoding"] * spaced
    elif language == "ja" and ("z " in classes or "Z " in classes):
        spaced = len(_KANJI_SPACED.findall(classes))
        total += PENALTIES["spaced kanji in a Japanese encoding"] * spaced
    if "t" in present:
        runs = sum(len(m) - 2 for m in _THAI_CONSONANTS.findall(classes))
        total += PENALTIES["Thai consonants without a vowel"] * runs
    if "k" in present or "K" in present:
        long_runs = sum(len(m) - 8 for m in _LONG_HANGUL.findall(classes))
        total += PENALTIES["hangul word too long"] * long_runs
    if "'" in present and "’" in text:
        total += PENALTIES["apostrophe inside a word"] * len(_ODD_APOSTROPHE.findall(text))
    if "'" in present and "‘" in text:
        total += PENALTIES["apostrophe inside a word"] * len(
            _pattern(_ODD_OPENING_QUOTE).findall(text)
        )
    if "'" in present and "·" in text:
        total += PENALTIES["apostrophe inside a word"] * len(
            _pattern(_ODD_MIDDLE_DOT).findall(text)
        )
    if "q" in present:
        # (each side, as for the other symbols: ``compa€ero`` touches two letters)
        touching = len(_pattern(_MONEY_AFTER).findall(text)) + len(
            _pattern(_MONEY_BEFORE).findall(text)
        )
        total += PENALTIES["symbol touching a letter"] * touching
    if "0" in present and cased:
        total += PENALTIES["letter alone next to a digit"] * len(
            _pattern(_LONE_LETTER_BY_DIGIT).findall(classes)
        )
    if "…" in text:  # (cp850's and cp437's à is windows-1252's …: "aprir… tutti")
        total += PENALTIES["ellipsis inside a sentence, glued to a word"] * len(
            _pattern(_ELLIPSIS_INSIDE).findall(text)
        )
    if language in _CJK_LANGUAGES and present & _CJK_SIGNS and not present & _CJK_WRITING:
        # (a lead byte of a Western page with an ASCII letter after it: cp850's "für" as
        # Shift_JIS "f〉", é + n as a full-width ｂ)
        total += PENALTIES["CJK signs without CJK writing"] * sum(map(classes.count, _CJK_SIGNS))
    if ("c" in present or "C" in present) and "a" in present:
        lone = len(_pattern(_LONE_CYRILLIC).findall(classes))
        if lone and not _pattern(_CYRILLIC_WORD).search(classes):
            total += PENALTIES["Cyrillic letters alone in Latin text"] * lone
    if "r" in present:
        marks = sum(map(text.count, _ARABIC_PUNCTUATION))
        if marks and marks == classes.count("r"):
            total += PENALTIES["Arabic punctuation without Arabic letters"] * marks
    if "p" in present and ("¿" in text or "¡" in text):
        total += PENALTIES["inverted mark that opens nothing"] * len(
            _pattern(_ODD_INVERTED).findall(text)
        )
    if "p" in present and ("„" in text or "“" in text or "”" in text or "«" in text or "»" in text):
        total += PENALTIES["quotation mark inside a word"] * len(
            _pattern(_QUOTE_INSIDE).findall(text)
        )
    if "‚" in text or "„" in text:
        total += PENALTIES["quotation mark inside a word"] * len(
            _pattern(_LOW_QUOTE_CLOSING).findall(text)
        )
    if "p" in present and ("«" in text or "»" in text):
        closing = len(_pattern(_GUILLEMET_CLOSING).findall(text))
        unpaired = 2 * closing - text.count("«") - text.count("»")
        if unpaired > 0:
            total += PENALTIES["closing quotation mark that nothing opened"] * unpaired
    if present & _LONE and " " in present:
        total += PENALTIES["capital alone between lower-case words"] * len(
            _pattern(_LONE_CAPITAL).findall(classes)
        )
    if "f" in present and ("a" in present or "A" in present):
        total += PENALTIES["CJK inside an ASCII word"] * len(
            _pattern(_FULL_WIDTH_INSIDE).findall(classes)
        )
    touch = b""
    if present & _SINGLE or present & _INSIDE:
        touch = classes.encode("ascii").translate(_TOUCH_BYTES)
    if present & _SINGLE:
        total += PENALTIES["symbol touching a letter"] * (touch.count(b"sw") + touch.count(b"ws"))
    if total < floor:
        return total
    if present & _INSIDE and (b"wpw" in touch or ("d" in present and b"wp" in touch)):
        total += PENALTIES["punctuation inside a word"] * _punctuation_inside(classes)
    if cjk is None and present & _CJK and ("a" in present or "A" in present):
        total += _touching_cjk(classes)
    if present & _SCRIPTED:
        if total < floor:
            return total
        total += letter_points(text, words) if letters is None else letters
    return total


# --- bounds a detector can add up byte by byte ------------------------------------------------
#
# A single-byte reading's score is at most the sum of :func:`char_bound` over its characters
# and of :func:`pair_points` over its neighbours (the other rules only take points away).


def char_bound(ch: str) -> float:
    """The most one character can bring to a score: its class's points, and what the rules
    that give points could add (a final form that ends a word, a sentence end).

    >>> char_bound("a"), char_bound("ς"), char_bound("."), char_bound("\\x00")
    (1.0, 2.0, 1.5, -8.0)
    """
    cls = _CLASSES[ord(ch)]
    out = CLASS_POINTS[cls]
    if cls == "b":  # (where it draws, :data:`DRAWING`; :func:`pair_points` takes it back)
        out += DRAWING
    if cls in "hg":
        out += PENALTIES["final letter at the end of a word"]
    if ch in ".!?":
        out += PENALTIES["sentence starting in upper case"]
    return out


def pair_points(pair: str) -> float:
    """What the rules on two neighbours only take for one pair of classes (two scripts in a
    word, a case flip, a symbol touching a letter): part of every score, exactly; and half
    of :data:`DRAWING` for box drawing touching anything but box drawing or white space
    (:func:`char_bound` counts it, but it does not draw there: a side each).

    >>> pair_points("aa"), pair_points("ac"), pair_points("lL"), pair_points("ls")
    (0.0, -3.0, -2.0, -1.5)
    >>> pair_points("bb"), pair_points("b "), pair_points("bc")
    (0.0, 0.0, -3.0)
    """
    out = 0.0
    scripts = pair.translate(_SCRIPT_OF_CLASS)
    if " " not in scripts and scripts[0] != scripts[1]:
        out += PENALTIES["script mix"]
    if pair in _CASE_PAIRS:
        out += PENALTIES["case flip"]
    if pair.translate(_TOUCH) in ("sw", "ws"):
        out += PENALTIES["symbol touching a letter"]
    if "b" in pair and " " not in pair and pair != "bb":
        out -= DRAWING / 2  # (box drawing that touches it does not draw: half, one side each)
    return out


_MARKS = frozenset("HRTv")
_LONE = frozenset("LCcGgrho")
_CJK_COMMON = frozenset("kz")


def _touching_cjk(classes: str) -> float:
    """What the rules on CJK characters in or next to an ASCII word take."""
    near = classes.encode("ascii").translate(_CJK_TOUCH_BYTES)
    if b"az" not in near and b"za" not in near:
        return 0.0
    total = PENALTIES["CJK inside an ASCII word"] * len(_SANDWICH.findall(classes))
    isolated = len(_ISOLATED_CJK.findall(classes))
    return total + PENALTIES["one CJK character touching an ASCII word"] * isolated


def cjk_points(text: str, b: Base, language: str) -> float:
    """What the rules on CJK characters take from a reading in ``language`` whose
    :func:`base` is ``b`` (rare hangul or ideographs, kana in a Chinese reading, a CJK
    character in or next to an ASCII word): a closer bound for a caller.

    >>> cjk_points("a漢b", base("a漢b"), "zh"), cjk_points("año", base("año"), "")
    (-3.5, 0.0)
    """
    classes, present = b.classes, b.present
    total = 0.0
    if present & _CJK_COMMON:
        total += _rare_cjk(text, classes, language)
    if language == "zh":
        total += PENALTIES["kana in a Chinese encoding"] * classes.count("j")
    if present & _CJK and ("a" in present or "A" in present):
        total += _touching_cjk(classes)
    return total


#: Ranked frequent characters: language -> (first, last). The rows of ``frequent.txt`` list
#: the most frequent first (Chinese: jieba's word list and software messages; Japanese and
#: Korean: software messages); a character's rank is its best in the language's rows. An
#: ideograph (or hangul syllable) ranked below ``first`` costs nothing, one ranked from
#: ``first`` on a share of the rare one's penalty that grows with the log of its rank, in
#: :data:`RANK_STEPS` steps, to the whole penalty near ``last``. Bytes of another script read
#: as GB2312, Big5 or EUC-KR make characters of the standard's most used level (GB2312's
#: 3,755 ideographs, Big5's 5,401, KS X 1001's 2,350 syllables), but seldom the few hundred
#: that make most of a text. Chosen on the tune split.
RANKED: dict[str, tuple[int, int]] = {"zh": (500, 4000), "ja": (300, 1000), "ko": (300, 1000)}
RANK_STEPS = 4


@lru_cache(maxsize=1)
def _frequent() -> dict[str, dict[int, int | str | None]]:
    """``"ko"``, ``"zh"`` or ``"ja"`` -> a ``str.translate`` table deleting its frequent
    hangul or ideographs (:func:`_frequent_rows`) and, for a language of :data:`RANKED`,
    turning the less frequent into ``chr(k)``, ``k`` the steps of the penalty they cost
    (1 to :data:`RANK_STEPS` - 1; past ``last`` they are left as they are: rare). Any other
    character maps to itself, added on first use (a character a table lacks costs
    ``str.translate`` an exception each time)."""
    ranks: dict[str, dict[str, int]] = {"ko": {}, "zh": {}, "ja": {}}
    for lang, kind, found in _frequent_rows():
        if kind in ("hangul", "han"):
            best = ranks["zh" if lang.startswith("zh") else lang]
            for rank, ch in enumerate(found):
                best[ch] = min(rank, best.get(ch, rank))
    tables: dict[str, dict[int, int | str | None]] = {}
    for lang, best in ranks.items():
        table: dict[int, int | str | None] = _Lazy(ord)
        first, last = RANKED.get(lang, (len(best) + 1, len(best) + 2))
        for ch, rank in best.items():
            share = math.log(max(rank, first) / first) / math.log(last / first)
            step = round(RANK_STEPS * share)
            if step < RANK_STEPS:
                table[ord(ch)] = chr(step) if step else None
        tables[lang] = table
    return tables


def _rarity(text: str, found: int, language: str) -> float:
    """How many of the ``found`` ideographs (or hangul) of ``text`` are rare in ``language``,
    those of :data:`RANKED` counting by their share of the penalty."""
    kept = text.translate(_frequent()[language])
    rare = float(found - (len(text) - len(kept)))
    for mark, share in _STEP_SHARES:
        n = kept.count(mark)
        if n:
            n -= text.count(mark)
            rare -= n * share
    return max(0.0, rare)


def _rare_cjk(text: str, classes: str, language: str) -> float:
    """The points lost by hangul that Korean text seldom uses and by ideographs seldom used
    in a Chinese or Japanese reading's language (bytes of one CJK encoding read by another
    make characters of the standard, but rarely common ones)."""
    total = 0.0
    hangul = classes.count("k")
    if hangul:
        total += PENALTIES["hangul syllable rare in Korean text"] * _rarity(text, hangul, "ko")
    ideographs = classes.count("z")
    if ideographs and language == "ko":
        total += PENALTIES["hanja in a Korean reading"] * ideographs
    elif ideographs and language in ("zh", "ja"):
        rare = _rarity(text, ideographs, language)
        total += PENALTIES["ideograph rare in the text of the reading's language"] * rare
    return total


_IDEOGRAPHS = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff]"
_HANGUL = r"[\uac00-\ud7a3]"


def common_share(text: str, language: str) -> tuple[int, int]:
    """How many ideographs (Chinese, Japanese) or hangul syllables (Korean) ``text`` holds in
    ``language`` (``"zh"``, ``"ja"``, ``"ko"``: :func:`language_of`), and how many of them
    are among that language's frequent ones (:func:`_frequent`, the rare end of a ranked list
    left out: most of the ideographs or hangul of real text; bytes of another script read as
    CJK make mostly rare ones); ``(0, 0)`` for any other language.

    >>> common_share("我们去公园散步", "zh"), common_share("彡犌溴翣", "zh")
    ((7, 7), (4, 0))
    """
    if language not in ("zh", "ja", "ko"):
        return 0, 0
    found = len(_pattern(_HANGUL if language == "ko" else _IDEOGRAPHS).findall(text))
    if not found:
        return 0, 0
    kept = text.translate(_frequent()[language])
    partly = sum(kept.count(step) - text.count(step) for step in _STEPS if step in kept)
    return found, len(text) - len(kept) + partly


_STEPS = tuple(map(chr, range(1, RANK_STEPS)))
#: Each step's mark (:func:`_frequent`) and the share of the rare one's penalty it spares.
_STEP_SHARES = tuple((chr(step), 1.0 - step / RANK_STEPS) for step in range(1, RANK_STEPS))
