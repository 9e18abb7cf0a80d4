"""How much a reading of some bytes looks like text: the scores behind the ``codecbox`` detector.

A *reading* is the text one candidate encoding makes of the bytes. The detector
(:func:`codecbox.detection.guess_codecbox`) decodes the bytes with every candidate and keeps
the reading with the highest :func:`score`; this module only scores text. A score is a sum
of points, one term per character plus penalties for pairs of neighbours, so it grows with
the evidence (a long text separates readings by many points, a 4-byte one by a few):

* each character by class (:func:`char_class`): ASCII and ordinary letters +1, kana and
  the 2,350 common hangul syllables +2, kanji/hanzi +1.5, rare symbols 0, box drawing -2,
  controls, private use and unassigned code points -8;
* neighbours: letters of two scripts inside one word (``aЯo``) -3, a lower-case letter
  followed by an upper-case one (``пРИВЕТ``) -2, a rare symbol touching a letter (``n¶o``)
  -1.5, a dash or a quote between two letters -1.5, a combining accent that follows no
  vowel -3, hangul words of more than 8 syllables (Korean separates words) -1.5 per extra
  syllable;
* the alphabet: the non-ASCII letters of each script are checked against the alphabets of
  the languages written in it (:data:`ALPHABETS`) and the best-fitting language is kept;
  every letter it does not use costs 2 points (``nińo żqué`` has no language, ``niño
  ¿qué`` is Spanish);
* the language of the encoding: kana read by a Chinese encoding (GB2312 and Big5 carry
  the kana too, so Japanese EUC-JP read as GBK keeps them) cost 2.5 each.

>>> score("El niño dijo: ¿qué tal?") > score("El nińo dijo: żqué tal?")
True
>>> score("Привет, мир") > score("пРИВЕТ, МИР")
True
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["ALPHABETS", "CLASS_POINTS", "char_class", "score", "uncovered_letters"]

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
    "o": 0.0,  # a letter of some other script
    "n": 0.5,  # a digit of some other script
}

_APOSTROPHES = "'’‘ʼ·"
_COMMON_PUNCT = "¿¡«»“”„…"
_DASHES = "–—―"
_RARE = "•‚‹›ªº"
_COMMON_SYMBOLS = "€£¥¢©®™§°₫₪№"
_CONTROLS_OK = "\t\n\r\f\v"


def _han_class(ch: str) -> str:
    for codec in ("gb2312", "big5", "euc_jp", "euc_kr"):
        try:
            ch.encode(codec)
        except UnicodeEncodeError:
            continue
        return "z"
    return "Z"


def _hangul_class(ch: str) -> str:
    # KS X 1001 puts its 2,350 syllables at B0A1..C8FE.
    b = ch.encode("cp949")
    return "k" if (b[0] >= 0xB0 and b[1] >= 0xA1) else "K"


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
    if ch in _COMMON_SYMBOLS:
        return "q"
    if ch in _RARE:
        return "s"
    if ch == "\xa0":
        return " "
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Co", "Cn", "Cs") or ch == "\ufffd":
        return "x"
    if 0xAC00 <= o <= 0xD7A3:
        return _hangul_class(ch)
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
    if cat.startswith("P") and 0x2010 <= o <= 0x205E:
        return "p"
    return "s"


class _ClassTable(dict[int, str]):
    """code point -> class letter, filled on first use (for str.translate)."""

    def __missing__(self, key: int) -> str:
        value = char_class(chr(key))
        self[key] = value
        return value


_CLASSES = _ClassTable()

# --- the alphabets ----------------------------------------------------------------------------

_LATIN_ALPHABETS = {
    "es": "áéíóúüñ¿¡",
    "pt": "áâãàçéêíóôõúü",
    "fr": "àâæçéèêëîïôœùûüÿ",
    "it": "àèéìíîòóùú",
    "ca": "àçèéíïòóúü",
    "gl": "áéíóúñü¿¡",
    "de": "äöüß",
    "nl": "áéëïóöüè",
    "da": "æøåé",
    "no": "æøåéèóôò",
    "sv": "åäöé",
    "fi": "äöåšž",
    "is": "áðéíóúýþæö",
    "fo": "áðíóúýæø",
    "et": "äõöüšž",
    "lv": "āčēģīķļņšūž",
    "lt": "ąčęėįšųūž",
    "pl": "ąćęłńóśźż",
    "cs": "áčďéěíňóřšťúůýž",
    "sk": "áäčďéíĺľňóôŕšťúýž",
    "sl": "čšž",
    "hr": "čćđšž",
    "hu": "áéíóöőúüű",
    "ro": "ăâîșțşţ",
    "tr": "çğıöşüâîû",
    "az": "çəğıöşü",
    "sq": "çë",
    "mt": "ċġħżàèìòù",
    "cy": "âêîôûŵŷáéíóúẁẃäëïöü",
    "ga": "áéíóú",
    "eu": "ñü¿¡",
    "eo": "ĉĝĥĵŝŭ",
    "vi": "àáâãèéêìíòóôõùúýăđĩũơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ",
}
_CYRILLIC_ALPHABETS = {
    "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "uk": "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
    "be": "абвгдеёжзійклмнопрстуўфхцчшыьэюя",
    "bg": "абвгдежзийклмнопрстуфхцчшщъьюя",
    "sr": "абвгдђежзијклљмнњопрстћуфхцчџш",
    "mk": "абвгдѓежзѕијклљмнњопрстќуфхцчџш",
}
_GREEK_ALPHABETS = {"el": "αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊϋΐΰ"}

#: Script -> language -> the lower-case non-ASCII letters it uses.
ALPHABETS: dict[str, dict[str, frozenset[str]]] = {
    "l": {k: frozenset(v) for k, v in _LATIN_ALPHABETS.items()},
    "c": {k: frozenset(v) for k, v in _CYRILLIC_ALPHABETS.items()},
    "g": {k: frozenset(v) for k, v in _GREEK_ALPHABETS.items()},
}
_SCRIPT_OF = {"l": "l", "L": "l", "c": "c", "C": "c", "g": "g", "G": "g", "p": "l"}


def uncovered_letters(letters: Counter[str]) -> int:
    """How many of these letters (non-ASCII, with their counts) the best-fitting language
    of their script does not use.

    >>> uncovered_letters(Counter("niñoqué")), uncovered_letters(Counter("nińożqué"))
    (0, 1)
    """
    lowered: Counter[str] = Counter()
    for ch, n in letters.items():
        low = ch.lower()
        if len(low) == 1:
            lowered[low] += n
    return sum(
        min(sum(lowered[ch] for ch in missing) for missing in script)
        for script in _misfits(frozenset(lowered))
    )


@lru_cache(maxsize=4096)
def _misfits(letters: frozenset[str]) -> tuple[tuple[frozenset[str], ...], ...]:
    """Per script present: the letters each of its languages leaves out (without repeats)."""
    by_script: dict[str, set[str]] = {}
    for ch in letters:
        script = _SCRIPT_OF.get(_CLASSES[ord(ch)])
        if script is not None:
            by_script.setdefault(script, set()).add(ch)
    return tuple(
        tuple({frozenset(present - alphabet) for alphabet in ALPHABETS[script].values()})
        for script, present in by_script.items()
    )


class _LetterTable(dict[int, str | None]):
    """code point -> the character if it counts for the alphabets, else None (deleted)."""

    def __missing__(self, key: int) -> str | None:
        ch = chr(key)
        value = ch if ch in "¿¡" or _CLASSES[key] in "lLcCgG" else None
        self[key] = value
        return value


_LETTERS = _LetterTable()


# --- the neighbour rules -----------------------------------------------------------------------

_LETTER = "aAlLcCgGrRhHtTuvkKjzZo"
_SCRIPT_MIX = re.compile(
    r"(?=([aAlL][cCgGrRhHtTuv]|[cCgGrRhHtTuv][aAlL]|[cC][gGrRhHtTuv]|[gGrRhHtTuv][cC]"
    r"|[gG][rRhHtTuv]|[rRhHtTuv][gG]|[rR][hHtTuv]|[hHtTuv][rR]|[hH][tTuv]|[tTuv][hH]))"
)
_STRAY_POINT = re.compile(r"(?<![hH])H|(?<![rR])R|(?<![tT])T|v(?![t])")
_THAI_CONSONANTS = re.compile(r"t{3,}")
_SANDWICH = re.compile(r"(?=([aA][zZjkKw][aA]))")
_SENTENCE = re.compile(r"[.!?]\s+(\w)")
_FINAL_FORM = re.compile(r"[ךםןףץς](?=\w)")
_FINAL_OK = re.compile(r"[ךםןףץς](?!\w)")
_CASE_FLIP = re.compile(r"(?=([al][L]|l[A]|c[C]|g[G]))")
_CAPITAL_INSIDE = re.compile(r"(?=([al]L[al]|lA[al]|cCc|gGg))")
_SYMBOL_TOUCH = re.compile(rf"(?=([sb][{_LETTER}]|[{_LETTER}][sb]))")
_PUNCT_INSIDE = re.compile(rf"(?=([{_LETTER}][pd.][{_LETTER}]|[{_LETTER}]d[ .]))")
_ISOLATED_CJK = re.compile(r"(?<=[aA])[zZjkKw](?=[^zZjkKwf])|(?<=[^zZjkKwf])[zZjkKw](?=[aA])")
_ODD_APOSTROPHE = re.compile(r"(?<=\w\w\w)(?<![lLtTuU])’(?!(?:s|t|ll|re|ve|d|m)\b)(?=\w)")
_LONG_HANGUL = re.compile(r"[kK]{9,}")
_HAN_SPACED = re.compile(r"(?=([zZj] [zZj]))")
_ACCENTS_AFTER = "aeiouyAEIOUYăâêôơưĂÂÊÔƠƯ"
_STRAY_MARK = re.compile(rf"(?<![{_ACCENTS_AFTER}])[\u0300-\u036f]")

#: Points of each neighbour rule, per occurrence.
PENALTIES: dict[str, float] = {
    "script mix": -3.0,
    "case flip": -2.0,
    "capital inside a word": -1.0,
    "symbol touching a letter": -1.5,
    "punctuation inside a word": -1.5,
    "hangul word too long": -1.5,
    "Thai consonants without a vowel": -1.5,
    "letter no language uses": -2.0,
    "stray combining accent": -3.0,
    "kana in a Chinese encoding": -2.5,
    "spaced hanzi in a Chinese encoding": -1.0,
    "CJK inside an ASCII word": -2.0,
    "one CJK character touching an ASCII word": -1.5,
    "apostrophe inside a word": -1.5,
    "sentence starting in lower case": -1.0,
    "sentence starting in upper case": 0.5,
    "final letter inside a word": -2.0,
    "final letter at the end of a word": 1.0,
}

#: Encodings whose readings are Chinese (kana there means the bytes were Japanese).
CHINESE = frozenset({"gbk", "gb2312", "gb18030", "big5", "big5hkscs", "cp950", "hz"})  # canonical


def _count(pattern: re.Pattern[str], classes: str) -> int:
    return len(pattern.findall(classes))


_PLAIN = frozenset("aA0 .'")


@dataclass(frozen=True)
class Base:
    """The per-character part of a score: the classes, which are present, the points, and
    the most the neighbour rules can add (only two rules give points)."""

    classes: str
    present: frozenset[str]
    points: float
    most_added: float


def base(text: str) -> Base:
    """:func:`score` before the neighbour rules and the alphabets."""
    classes = text.translate(_CLASSES)
    present = frozenset(classes)
    points = sum(CLASS_POINTS[c] * classes.count(c) for c in present)
    most = 0.0
    if "h" in present or "g" in present:
        most += classes.count("h") + classes.count("g")
    if present & _CASED:
        most += 0.5 * (text.count(".") + text.count("!") + text.count("?"))
    return Base(classes, present, points, most)


_CASED = frozenset("lLcCgG")
_CJK = frozenset("zZjkKw")
_SINGLE = frozenset("sb")
_INSIDE = frozenset("pd.")


def score(
    text: str,
    codec: str | None = None,
    first: Base | None = None,
    floor: float = -math.inf,
) -> float:
    """The points of one reading (see the module docstring); ``codec`` made the reading,
    ``first`` is its :func:`base` if already computed.

    ``floor``: a caller that only wants to know whether the score reaches it gets, as soon
    as the score is certainly below it, a value still above the exact score but below
    ``floor`` (the rules that give points run first, then those that take them away).

    >>> score("año", "cp1252"), score("a\\x96o", "cp1252")
    (3.0, -6.0)
    """
    b = base(text) if first is None else first
    classes, present = b.classes, b.present
    total = b.points
    if present <= _PLAIN:
        return total
    cased = present & _CASED
    # The rules that can give points.
    if cased:
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
    if present & _MARKS:
        total += PENALTIES["stray combining accent"] * len(_STRAY_POINT.findall(classes))
    if "m" in present:
        total += PENALTIES["stray combining accent"] * len(_STRAY_MARK.findall(text))
    if codec in CHINESE:
        total += PENALTIES["kana in a Chinese encoding"] * classes.count("j")
        total += PENALTIES["spaced hanzi in a Chinese encoding"] * _count(_HAN_SPACED, classes)
    if "t" in present:
        runs = sum(len(m) - 2 for m in _THAI_CONSONANTS.findall(classes))
        total += PENALTIES["Thai consonants without a vowel"] * runs
    if "k" in present or "K" in present:
        long_runs = sum(len(m) - 8 for m in _LONG_HANGUL.findall(classes))
        total += PENALTIES["hangul word too long"] * long_runs
    if "'" in present and "’" in text:
        total += PENALTIES["apostrophe inside a word"] * len(_ODD_APOSTROPHE.findall(text))
    if present & _SINGLE:
        total += PENALTIES["symbol touching a letter"] * _count(_SYMBOL_TOUCH, classes)
    if total < floor:
        return total
    total += PENALTIES["script mix"] * _count(_SCRIPT_MIX, classes)
    if present & _INSIDE:
        total += PENALTIES["punctuation inside a word"] * _count(_PUNCT_INSIDE, classes)
    if present & _CJK:
        total += PENALTIES["CJK inside an ASCII word"] * _count(_SANDWICH, classes)
        total += PENALTIES["one CJK character touching an ASCII word"] * _count(
            _ISOLATED_CJK, classes
        )
    if cased:
        if total < floor:
            return total
        total += PENALTIES["case flip"] * _count(_CASE_FLIP, classes)
        total += PENALTIES["capital inside a word"] * _count(_CAPITAL_INSIDE, classes)
        if total < floor:
            return total
        letters = Counter(text.translate(_LETTERS))
        total += PENALTIES["letter no language uses"] * uncovered_letters(letters)
    return total


_MARKS = frozenset("HRTv")


def scores(readings: Iterable[tuple[str, str]]) -> list[float]:
    """:func:`score` of each ``(text, codec)``."""
    return [score(text, codec) for text, codec in readings]
