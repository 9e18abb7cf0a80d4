"""Undo mojibake: UTF-8 text decoded with the wrong single-byte encoding, once or more.

``"año"`` stored as UTF-8 (``61 C3 B1 6F``) and read as windows-1252 becomes ``"aÃ±o"``:
encode it back with the wrong encoding, decode the bytes as UTF-8. :func:`fix_mojibake` does
that for each wrong reading of :data:`READINGS`, one to three layers deep, run by run (only
the runs in the shape of UTF-8 read wrongly; clean text beside them stays). Also undone:
bytes a reading leaves undefined, kept as C1 controls or lost as U+FFFD (then the character
stays one U+FFFD: :attr:`Repair.lost`); a no-break space turned into a space (``Ã`` + space
for ``à``); UTF-16 surrogate pairs encoded one by one (CESU-8), or left in the text.

The fixes are data: the :class:`Step` s of a :class:`Repair` say which span was decoded how,
and :func:`apply_steps` replays them. A run is repaired only with evidence: it must look less
like mojibake after the repair, with two characters of context each side (:func:`_cost`: a
capital inside a word, symbols glued to letters, two scripts in one word, controls, rare
characters), and a run repaired as one character must fit where it lands (:func:`_fits`).

>>> r = fix_mojibake("aÃƒÂ±o")
>>> r.text, [str(s) for s in r.steps], r.reason.value
('año', ['encode as windows-1252, decode as UTF-8', 'encode as windows-1252, decode as UTF-8'], \
'clean')
>>> apply_steps("SeÃƒÂ±al", r.steps)
'Señal'
>>> r = fix_mojibake("Precio: 5€ — aÃ±o")
>>> r.text, [str(s) for s in r.steps]
('Precio: 5€ — año', ['14-16: encode as windows-1252, decode as UTF-8'])
>>> fix_mojibake("«PERÚ»").changed, fix_mojibake("IRMÃ»").changed
(False, False)
>>> fix_mojibake("РџСЂРёРІРµС‚ and ÄŒeÅ¡tina").text
'Привет and Čeština'
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cached_property, lru_cache
from operator import getitem
from typing import NamedTuple

from codecbox.guessing import word_languages

__all__ = [
    "LATIN_1",
    "READINGS",
    "UNDEFINED_IN_WINDOWS_1252",
    "WINDOWS_1252",
    "Reason",
    "Repair",
    "Step",
    "apply_steps",
    "fix_lines",
    "fix_mojibake",
    "mojibake_score",
]

WINDOWS_1252 = "windows-1252"
LATIN_1 = "ISO-8859-1"
#: The encoding of a step that joins UTF-16 surrogate pairs left in the text.
SURROGATES = "UTF-16 surrogates"
#: The encoding of a step that reads ``â€?`` as one lost character (U+FFFD, as ftfy does):
#: windows-1252 read E2 80 as ``â€`` and a third byte it does not define (9D of ”, 8D of a
#: joiner...), which a conversion that could not write it made ``?`` (as MySQL does).
LOST_AS_QUESTION = "windows-1252, a byte written ?"

#: The wrong readings undone (WHATWG or IANA name -> Python codec), preferred in this order.
READINGS: dict[str, str] = {
    **{WINDOWS_1252: "cp1252", LATIN_1: "latin-1", "windows-1250": "cp1250"},
    **{"ISO-8859-2": "iso8859_2", "windows-1251": "cp1251", "windows-1253": "cp1253"},
    **{"windows-1254": "cp1254", "windows-1257": "cp1257", "macintosh": "mac_roman"},
    **{"IBM437": "cp437", "IBM850": "cp850"},
}

#: The five bytes Python's cp1252 codec leaves undefined; browsers (the WHATWG Encoding
#: Standard) decode each one as the C1 control of the same number.
UNDEFINED_IN_WINDOWS_1252: tuple[int, ...] = tuple(
    b for b in range(0x80, 0xA0) if bytes([b]).decode("cp1252", "replace") == "\ufffd"
)

#: A reading with this much evidence in a line also repairs its runs that look no worse.
LINE_EVIDENCE = 2
#: How many characters of a long stretch are weighed before its repair (a lower bound).
SAMPLE = 64

_LOST = "\ufffd"  # a character whose bytes are gone; written back as byte 1A, a placeholder
#: What a repair writes for a character it knows is lost (``â€?``) until the last pass: no
#: reading writes it, so a later pass cannot take it into a run (``€`` + a lost ``”`` is not
#: one character with a lost byte); U+FFFD then. (A noncharacter: if the text has one, U+FFFD.)
_SEALED = "\ufdd0"
_LOST_SEQUENCE = re.compile(
    rb"(?:[\xc2-\xdf]|[\xe0-\xef][\x80-\xbf]?|[\xf0-\xf4][\x80-\xbf]{0,2})?\x1a[\x80-\xbf\x1a]{0,2}"
)
_CESU_PAIR = re.compile(rb"\xed[\xa0-\xaf][\x80-\xbf]\xed[\xb0-\xbf][\x80-\xbf]")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")  # no text has
_C1 = re.compile("[\x80-\x9f]+")
_C3_CAPITALS = re.compile("[\xc0-\xd6\xd8-\xdf]")  # and ß
_SURROGATE_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")
_A0_LEADS = (0xC2, 0xC3, 0xC5, 0xCE, 0xD0, 0xD9)  # after these a space may be A0 (as ftfy)
_ASCII_HEAD = re.compile("\\A[\x00-\x7f]+")
_ASCII = frozenset(map(chr, range(128)))


def _class(chars: Iterable[str]) -> str:
    return "[" + re.escape("".join(sorted(set(chars)))) + "]"


class _Reading:
    """A wrong reading as data: its 256 characters, their bytes, and the shape of UTF-8."""

    def __init__(self, name: str, codec: str) -> None:
        whole = bytes(range(256)).decode(codec, "replace")
        table = "".join(chr(b) if c == _LOST else c for b, c in enumerate(whole))
        self.name, self.table = name, table  # an undefined byte -> the same code point
        self.nbsp = table[0xA0] == "\xa0"
        self.leads, self.chars = frozenset(table[0xC2:0xF5]), frozenset(table + _LOST)
        self.encoder = codecs.charmap_build(table)
        cont = table[0x80:0xC0] + _LOST
        c, c3 = _class(cont), _class(cont + " " * self.nbsp)
        seq = f"{_class(table[0xC2:0xE0])}{c}|{_class(table[0xE0:0xF0])}{c3}{{2}}"
        seq += f"|{(four := f'{_class(table[0xF0:0xF5])}{c3}{{3}}')}"
        seq += f"|{_class(table[b] for b in _A0_LEADS)} " if self.nbsp else ""
        # (each pattern begins by a lookahead for a lead: the regex engine then skips to one)
        first = "(?=" + _class(table[0xC2:0xF5] + "".join(table[b] for b in _A0_LEADS)) + ")"
        self._patterns = first, seq, four

    # The patterns, compiled when first used (some 30 ms for all readings' at import).
    @cached_property
    def runs(self) -> re.Pattern[str]:
        first, seq, _ = self._patterns
        return re.compile(f"{first}(?:{seq})+")

    @cached_property
    def long(self) -> re.Pattern[str]:
        """A run of more than 3 characters."""
        first, seq, four = self._patterns
        return re.compile(f"{first}(?:(?:{seq}){{2}}|{four})")

    @cached_property
    def stretches(self) -> re.Pattern[str]:
        """Runs with only ASCII between them (group 1: some ASCII)."""
        first, seq, _ = self._patterns
        return re.compile(f"{first}(?:{seq})+(?:([\\x00-\\x7f]+)(?:{seq})+)*")


_READINGS = {name: _Reading(name, codec) for name, codec in READINGS.items()}
_ALL, _FIRST = list(_READINGS.values()), _READINGS[WINDOWS_1252]
# the readings to try after one: that one again first, then all in order
_AFTER = {name: tuple(dict.fromkeys((r, *_ALL))) for name, r in _READINGS.items()}
# Clean text passes at C speed: no lead then continuation, lead then space (A0), surrogate.
_LEADS = _class(ch for r in _ALL for ch in r.table[0xC2:0xF5])
_SUSPECT = re.compile(
    f"(?={_LEADS[:-1]}\x80-\x9f\ud800-\udfff])(?:{_LEADS}"  # the engine skips to a lead
    + _class(ch for r in _ALL for ch in r.table[0x80:0xC0] + _LOST)
    + f"|{_class(r.table[b] for r in _ALL for b in _A0_LEADS)} |[\x80-\x9f\ud800-\udfff])"
)


def _signature(r: _Reading, others: str) -> tuple[bool, bytes]:
    """How ``r`` writes a text whose characters are ``others`` ("?" for one it cannot write,
    which a character that is not ASCII never becomes): two readings with the same signature
    find the same runs in the text, decoded the same."""
    return r.nbsp, codecs.charmap_encode(others, "replace", r.encoder)[0]


def _decode(data: bytes) -> tuple[str, str]:
    """UTF-8, or CESU-8 (surrogate pairs encoded one by one): the text and which it was."""
    if b"\x1a" in data:
        data = _LOST_SEQUENCE.sub(_LOST.encode(), data)
    try:
        return data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        if not _CESU_PAIR.search(data):
            raise
    joined = _CESU_PAIR.sub(lambda m: _join(m.group().decode("utf-8", "surrogatepass")), data)
    return joined.decode("utf-8"), "CESU-8"


def _join(pair: str) -> bytes:
    return pair.encode("utf-16-le", "surrogatepass").decode("utf-16-le").encode()


# what follows "à" in one word: Portuguese às, àquele, àquela, àquilo; Vietnamese endings
_JOINED = re.compile('(?:s|quel[ae]s?|quilos?|n[gh]?|[moiuy])(?=[\\s.,;:!?)»”"]|\\Z)')


_A_INSIDE = frozenset({"es", "ca"})


def _alone(text: str, s: int, e: int) -> bool:
    """Is text[s:e] a word of its own (no letter before it), or the end of one (voilà, città)
    followed by a common word (:func:`codecbox.guessing.common_word`), with a word right
    after it that does not go with "à"? If text[s:e] is "à" with its no-break space lost, the
    word space after it was lost too (the two became one space: ``voilÃ le`` is "voilà le").
    Inside a word, "à" is no word (``GrÃ cia``: "cia" is no common word; thành)."""
    if e >= len(text) or not text[e].isalnum() or _JOINED.match(text, e):
        return False
    if s == 0 or not text[s - 1].isalpha():
        return True
    # after a letter: the end of a word (voilà, già) if a common word follows (voilà le)
    # after a letter: the end of a word (voilà, città, nhà), but in Spanish or Catalan text,
    # which write no à at a word's end before another word (Catalan's Gràcia, català)
    return _A_INSIDE.isdisjoint(word_languages(text))


_GRAVE_BEFORE_MORE = re.compile("Ã (?=[^\x00-\x7f])")


def _undo(
    part: str, encoding: str, nbsp: bool, alone: bool, decoding: str = "UTF-8"
) -> tuple[str, str]:
    """One layer undone on ``part``: the decoded text and the decoding used."""
    if encoding == SURROGATES:
        return _join(part).decode(), "UTF-16"
    if encoding == LOST_AS_QUESTION:
        if part != "â€?":
            raise UnicodeDecodeError("utf-8", part.encode(), 0, len(part), "not â€?")
        return _LOST, "UTF-8"
    if decoding == WINDOWS_1252:  # windows-1252 read as ISO-8859-1: C1 controls
        return part.encode("latin-1").decode("cp1252"), decoding
    if nbsp:  # (each space a lost no-break one; after "à" before another character not
        # ASCII, also the word space: à ends a word, nhÃ Ä‘á»\x8dc is "nhà đọc")
        part = _GRAVE_BEFORE_MORE.sub("\x00", part).replace(" ", "\xa0").replace("\x00", "Ã\xa0 ")
    data = codecs.charmap_encode(part.replace(_LOST, "\x1a"), "strict", _READINGS[encoding].encoder)
    text, decoding = _decode(data[0])
    if nbsp and alone and text == "à":
        text += " "  # its no-break space and the word space after it became one space
    return text, decoding


class Reason(str, Enum):
    """Why :func:`fix_mojibake` stopped; the value is how reports spell it.

    >>> fix_mojibake("cafÃ©").reason, str(fix_mojibake("5 Î¼m").reason)
    (<Reason.CLEAN: 'clean'>, 'implausible')
    """

    #: nothing in the text looks like mojibake (any more)
    CLEAN = "clean"
    #: a U+FFFD is in the text: the bytes it replaced are lost, nothing can bring them back
    REPLACEMENT = "replacement"
    #: a run looks like mojibake, but no reading makes it look better
    IMPLAUSIBLE = "implausible"
    # reported by the whole-text fixer of codecbox <= 0.x; kept for its callers
    UNENCODABLE = "unencodable"
    MIXED = "mixed"
    INVALID_UTF8 = "invalid UTF-8"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Step:
    """One layer undone on text[start:end] (``end`` None: to the end of the text): encode
    as ``encoding``, decode as ``decoding``.

    >>> str(Step(WINDOWS_1252, 2, 4)), str(Step(SURROGATES, 7, 9))
    ('2-4: encode as windows-1252, decode as UTF-8', '7-9: join UTF-16 surrogate pairs')
    """

    #: the encoding the UTF-8 bytes were wrongly read as: a key of READINGS, or SURROGATES
    encoding: str
    start: int = 0
    end: int | None = None
    #: the spaces in the span stand for byte A0 (a no-break space that became a space)
    nbsp: bool = False
    #: "UTF-8", "CESU-8" (surrogate pairs encoded one by one), "UTF-16", or windows-1252
    #: (text in windows-1252 read as ISO-8859-1: its C1 controls)
    decoding: str = "UTF-8"

    def __post_init__(self) -> None:
        if self.encoding not in _READINGS and self.encoding not in (SURROGATES, LOST_AS_QUESTION):
            raise ValueError(f"{self.encoding!r} is not one of {', '.join(READINGS)}")

    def apply(self, text: str) -> str:
        """The step on ``text``, strictly: UnicodeError if it does not apply.

        >>> Step(WINDOWS_1252, 2, 4).apply("x ÐŸ y")
        'x П y'
        >>> Step(WINDOWS_1252).apply("año")  # F1 6F is no UTF-8
        Traceback (most recent call last):
        UnicodeDecodeError: 'utf-8' codec can't decode byte 0xf1 in position 1: invalid \
continuation byte
        """
        s, e = self.start, len(text) if self.end is None else self.end
        fixed = _undo(text[s:e], self.encoding, self.nbsp, _alone(text, s, e), self.decoding)[0]
        return text[:s] + fixed + text[e:]

    def __str__(self) -> str:
        where = "" if (self.start, self.end) == (0, None) else f"{self.start}-{self.end}: "
        if self.encoding == SURROGATES:
            return f"{where}join UTF-16 surrogate pairs"
        if self.encoding == LOST_AS_QUESTION:
            return f"{where}read â€? as one lost character (its last byte was written ?)"
        how = " (spaces as no-break spaces)" if self.nbsp else ""
        return f"{where}encode as {self.encoding}{how}, decode as {self.decoding}"


@dataclass(frozen=True)
class Repair:
    """What :func:`fix_mojibake` did: the result, the steps, and why it stopped.

    >>> r = fix_mojibake("Ã\ufffdngel y cafÃ©")  # the second byte of Á was lost
    >>> r.text, r.changed, r.lost, r.reason.value, r.position
    ('\ufffdngel y café', True, 1, 'replacement', 0)
    """

    #: the text as it was given
    original: str
    #: the text after the steps (``original`` if no step was taken)
    text: str
    #: the steps taken, in order; :func:`apply_steps` replays them on ``original``
    steps: tuple[Step, ...]
    #: why no further step was taken
    reason: Reason
    #: where in ``text`` the reason was found (None when the text is clean)
    position: int | None = None

    @property
    def changed(self) -> bool:
        return self.text != self.original

    @property
    def lost(self) -> int:
        """How many characters of the result are U+FFFD: their bytes were lost before."""
        return self.text.count(_LOST)


def apply_steps(text: str, steps: Iterable[Step]) -> str:
    """Replay the steps of a :class:`Repair` on ``text``, strictly (like ftfy's ``apply_plan``).

    >>> apply_steps("Ã±", [Step(WINDOWS_1252)]), apply_steps("x ÐŸ y", [Step(WINDOWS_1252, 2, 4)])
    ('ñ', 'x П y')
    """
    for step in steps:
        text = step.apply(text)
    return text


# --- evidence: how mojibake-like a stretch of text looks ------------------------------------
#
# Each character maps (str.translate, at C speed) to its class and its own cost. Classes:
# a A (ASCII small, capital), l L v (other Latin: small, capital, neither), g G (Greek),
# c C (Cyrillic), y Y (other cased scripts), h r k t o (Hebrew, Arabic, CJK, Thai, other
# letters), m H R T M (marks: any script, Hebrew, Arabic, Thai, other), 0 (digit), _ (space),
# ( [ and ) ] (opening and closing, ASCII or not), . , (other punctuation, ASCII or not),
# * (™ ® ©), $ (other symbols), ! (never in text: controls, unassigned, private use).

# (´ closes too: typed for a quotation mark's end, „scars´, as ftfy's case has it)
_OPENING, _CLOSING = frozenset("([{«“‘„¿¡"), frozenset(")]}»”´")
_ORDINARY = frozenset(".,;:!?'\"’…-–—/%&*@#_+=<>|\\~^`$")
#: Letters that sit inside ASCII words: small Greek ones (IL2Rγc, TNFαR) and the ligatures of
#: Latin letters that typesetting and PDFs leave in text (signiﬁcantly)
_IN_ASCII_WORDS = frozenset(map(chr, [*range(0x3B1, 0x3CA), *range(0xFB00, 0xFB07)]))
_ODD = frozenset("¤¦¨¯´¸¬\xadƒˆ˜‰‹›†‡¹³ª¼½¾¶§¢¥•√∂∆∏∑∫≈≠≤≥◊⌐ﬁﬂ·µ¿¡")  # mojibake's, mostly
# rare letters: Latin Extended-B but for Vietnamese, Romanian, pinyin and schwa; IPA; archaic
# or extended Greek and Cyrillic; phonetic extensions
_RARE = re.compile(
    "(?![ƠơƯưȘșȚțǍǎǏǐǑǒǓǔƏə])[\u017f-\u02ff\u0370-\u0385\u03cf-\u03ff\u0460-\u048f"
    "\u0500-\u052f\u1d00-\u1dbf]"
)
_SCRIPTS = {  # first word of a letter's name -> its classes: small, capital, other
    **dict.fromkeys(("CJK", "HIRAGANA", "KATAKANA", "HANGUL"), "kkk"),
    **{"ARMENIAN": "yYy", "GEORGIAN": "yYy", "LATIN": "lLv", "GREEK": "gGg", "CYRILLIC": "cCc"},
    **{"HEBREW": "hhh", "ARABIC": "rrr", "THAI": "ttt", "DEVANAGARI": "ooo"},
}
_MARKS = {"HEBREW": "H", "ARABIC": "R", "THAI": "T", "COMBINING": "m"}


def _classify(ch: str) -> tuple[str, int]:
    """The class of ``ch`` and the cost of the character itself."""
    cat, name = unicodedata.category(ch), unicodedata.name(ch, "?").split()[0]
    cost = int(ch in _ODD)
    if ch.isascii() and (ch.isprintable() or ch.isspace()):
        word = "a" if ch.islower() else "A" if ch.isupper() else "0" if ch.isdigit() else "_"
        sign = "(" if ch in _OPENING else ")" if ch in _CLOSING else "."
        return (word if ch.isalnum() or ch.isspace() else sign), 0
    if cat[0] == "L":
        forms = _SCRIPTS.get(name, "ooo")
        cost += name not in _SCRIPTS or cat == "Lm" or bool(_RARE.match(ch))
        return forms[0] if cat == "Ll" else forms[1] if cat in ("Lu", "Lt") else forms[2], cost
    if cat[0] == "M":
        if "\u0334" <= ch <= "\u0338":  # (overlays: a stroke or a slash through any sign,
            return "_", cost  # letter or digit: as a space between them, they cost nothing)
        return _MARKS.get(name, "M"), cost + (name not in _SCRIPTS and name not in _MARKS)
    if cat in ("Cc", "Cn", "Co", "Cs"):
        return "!", 3
    if cat == "Nd" or cat[0] == "Z":
        return "0" if cat == "Nd" else "_", cost
    sign = "[" if ch in _OPENING else "]" if ch in _CLOSING else "," if ch in _ORDINARY else "$"
    return ("*" if ch in "™®©" else sign), cost


_LAT, _GRE = "aAlLv", "gG"
_GROUPS = [_LAT, _GRE, "cC", "yY", "h", "r", "k", "t", "o"]
_ANY = "".join(_GROUPS)
_FAR = _ANY[7:]  # neither Latin nor Greek
# The rules on two neighbours, as patterns of two classes: weight 1, then weight 2.
_RULES = (
    (
        f"[{_LAT}][{_GRE}]|[{_GRE}][{_LAT}]",  # a Greek letter in a Latin word (μm): common
        "[al][AL]|gG|cC|yY",  # a capital after a small letter
        f"[{_ANY}][$\\[(]|[$*\\])][{_ANY}]",  # a symbol or a bracket glued to a letter
        "0[lLvk]",  # a digit, then a letter that is not ASCII
        "[$*][$*,\\[\\]]|[.,()\\[\\]][$*]",  # two signs not ASCII, one of them a symbol
    ),
    (
        *(f"[{g}][{_ANY.replace(g, '')}]" for g in _GROUPS[2:]),  # two scripts in one word
        f"[{_LAT}{_GRE}][{_FAR}]",
        f"[^{_ANY}mHRTM]m|[^hHm]H|[^rRm]R|[^tTm]T|[{_ANY[:-1]}]M",  # a mark on a wrong base
        "0[gGcCyYhrto]",  # a digit, then a letter of a script that does not write so
    ),
)
_NAMES = _ANY + "mHRTM0_([)].,*$!"  # 32 classes
# A character's code: one ASCII character, 4 × its class's place in _NAMES + its own cost.
_CODES: dict[int, str] = {}  # code point -> its code (ASCII from the start, others when met)
_CLASS = {code: _NAMES[code // 4] for code in range(128)}  # code -> its class
# A small letter after two capitals (UUu, GGg, CCc, YYy): 1; a letter of a script that
# seldom writes one-letter words (o), alone (not by another letter: x): 2. On shapes:
_SHAPES = {**dict.fromkeys("AL", "U"), **dict.fromkeys("al", "u"), **dict.fromkeys("hrto", "o")}
_SHAPE = {
    code: _SHAPES.get(c, c if c in "GgCcYy" else "x" if c in _ANY + "mHRTM" else ".")
    for code, c in _CLASS.items()
}
_LONE = re.compile("o(?<![UuGgCcYyox]o)(?![UuGgCcYyox])")


def _code(ch: str) -> str:
    cls, cost = _classify(ch)
    return chr(4 * _NAMES.index(cls) + min(cost, 3))


def _pair_costs() -> list[list[int]]:
    """Two codes (a row for the first) -> the cost of the pair plus the first one's own."""
    rules = [re.compile("|".join(r)) for r in _RULES]
    pair = {
        a + b: sum(w for w, r in enumerate(rules, 1) if r.fullmatch(a + b))
        for a in _NAMES
        for b in _NAMES
    }
    return [[a % 4 + pair[_CLASS[a] + _CLASS[b]] for b in range(128)] for a in range(128)]


_CODES.update((b, _code(chr(b))) for b in range(128))
_END = _code(" ")  # after the last character: a space costs nothing with anything
_COSTS: dict[str, int] = {}
_SHORT = 24  # shorter text is weighed by _ROWS, longer by _TABLES (the same numbers)
_ROWS = _pair_costs()


_Tables = tuple[bytes, bytes, bytes, int]


def _pair_tables() -> list[_Tables]:
    """Each rule's weight, and three tables of bytes: a code -> its class's row (times 16),
    a code -> its class's column, a row plus a column -> 1 if a pair of classes there is
    one the rule weighs. Classes alike for a rule share a row (or a column); each rule has
    no more than 16 of either, so a pair of codes is one byte: a text's pairs are weighed
    by bytes.translate and bytes.count, with the rows and columns added as integers."""
    tables = []
    for weight, rule in enumerate(_RULES, 1):
        pattern = re.compile("|".join(rule))
        hit = {(a, b): bool(pattern.fullmatch(a + b)) for a in _NAMES for b in _NAMES}
        rows = {a: tuple(hit[a, b] for b in _NAMES) for a in _NAMES}
        cols = {b: tuple(hit[a, b] for a in _NAMES) for b in _NAMES}
        row = {v: i for i, v in enumerate(dict.fromkeys(rows.values()))}
        col = {v: i for i, v in enumerate(dict.fromkeys(cols.values()))}
        if max(len(row), len(col)) > 16:
            raise ValueError(f"rule {weight}: {len(row)} rows, {len(col)} columns; 16 at most")
        hits = bytearray(256)
        for a, b in hit:
            hits[16 * row[rows[a]] + col[cols[b]]] = hit[a, b]
        by_row = bytes(16 * row[rows[_CLASS[c]]] if c < 128 else 0 for c in range(256))
        by_col = bytes(col[cols[_CLASS[c]]] if c < 128 else 0 for c in range(256))
        tables.append((by_row, by_col, bytes(hits), weight))
    return tables


_TABLES = _pair_tables()
_OWN = bytes(c % 4 for c in range(256))  # a code -> its character's own cost
_NO_OWN = bytes(c for c in range(256) if not c % 4)


#: A UTF-8 sequence of three or four bytes as windows-1252 or ISO-8859-1 spell it (a lead
#: â or ï, the blocks of punctuation, symbols and full-width forms, or ð, emoji's, then its
#: continuation bytes 80-BF: ``âœ”`` for ✔, ``ï¼Œ`` for ，) of a symbol or
#: punctuation: text hardly ever has two or three of those after such a letter, fewer still
#: spelling a symbol (each costs :data:`MULTI_BYTE_COST`; French ``«Châ…»`` spells ⅻ, a
#: number, and costs nothing).
_CONTINUATION = "".join(
    dict.fromkeys(
        bytes(range(0x80, 0xC0)).decode("cp1252", "ignore")
        + bytes(range(0x80, 0xC0)).decode("latin-1")
    )
)
_MULTI_BYTE = re.compile(f"[âï][{_CONTINUATION}]{{2}}|ð[{_CONTINUATION}]{{3}}")
MULTI_BYTE_COST = 2


@lru_cache(maxsize=4096)
def _spelt_symbol(seq: str) -> bool:
    """Is ``seq`` (a match of :data:`_MULTI_BYTE`) a symbol's or a punctuation mark's UTF-8?"""
    try:
        ch = bytes(ord(c) if c <= "\xff" else c.encode("cp1252")[0] for c in seq).decode()
    except (UnicodeError, ValueError):
        return False
    return len(ch) == 1 and unicodedata.category(ch)[0] in "SP"


def _cost(text: str) -> int:
    """How mojibake-like ``text`` looks: a sum over its characters and neighbours."""
    if (found := _COSTS.get(text)) is not None:
        return found
    coded = text.translate(_CODES)
    if not coded.isascii():  # a character seen for the first time
        _CODES.update((ord(c), _code(c)) for c in set(coded) if c > "\x7f")
        coded = text.translate(_CODES)
    data, n = (coded + _END).encode(), len(coded)
    if n < _SHORT:  # each character with the one after it, by rows (fewer calls on short text)
        found = sum(map(getitem, map(_ROWS.__getitem__, data), data[1:]))
    else:  # or by bytes (the same sum): the own costs, then the pairs each rule weighs
        first, second = data[:-1], data[1:]
        found = sum(first.translate(_OWN, _NO_OWN))  # (the codes without one deleted)
        for by_row, by_col, hits, weight in _TABLES:
            pairs = int.from_bytes(first.translate(by_row), "big")
            pairs += int.from_bytes(second.translate(by_col), "big")  # (no carry: < 256)
            found += weight * pairs.to_bytes(n, "big").translate(hits).count(1)
    shape = coded.translate(_SHAPE)
    found += shape.count("UUu") + shape.count("GGg") + shape.count("CCc") + shape.count("YYy")
    found += 2 * len(_LONE.findall(shape)) if "o" in shape else 0
    if ("â" in text or "ï" in text or "ð" in text) and (spelt := _MULTI_BYTE.findall(text)):
        found += MULTI_BYTE_COST * sum(map(_spelt_symbol, spelt))
    if len(_COSTS) > 50_000:
        _COSTS.clear()
    _COSTS[text] = found
    return found


_GROUP = {c: frozenset(g) for g in _GROUPS for c in g}  # a letter's class -> its script's
# a code -> "l" (a small Latin letter), "_" (a space or punctuation that is no symbol), "x"
# (anything else, or a character with a cost of its own): in a window of these only, no rule
# costs anything, and a letter with another beside it fits
_EASY = {
    c: "x" if c % 4 else "l" if k in "al" else "_" if k in "_.," else "x" for c, k in _CLASS.items()
}


def _fits(text: str, at: int, part: str) -> bool:
    """Is text[at], the run ``part`` repaired as one character, evidence? Yes if ``part`` has
    what no text has (a control, U+FFFD, a surrogate); else, in a window that looks clean, if
    it is a sign of three bytes, a common letter with a letter of its script within two
    characters, or a sign attached as signs are (opening before a letter, closing after one,
    others by a digit)."""
    if _LOST in part or _CONTROL.search(part):
        return True
    window, k = text[max(0, at - 2) : at + 3], min(at, 2)
    if len(part) > 2 and text[at] > "\u07ff" and unicodedata.category(text[at])[0] in "PS":
        # three bytes or more that spell a sign, glued to ASCII as it may be (``ku♫~``)
        if (window[:k] + window[k + 1 :]).isascii():
            return True
    sides = window[k - 1 : k] + window[k + 1 : k + 2] if k else ""
    if len(sides) == 2 and sides.isascii() and sides.isalnum() and text[at] in _IN_ASCII_WORDS:
        return True  # (IL2Rγc, a name of science; signiﬁcantly, a PDF's ligature)
    if (coded := window.translate(_CODES)).isascii():  # the common case, without _cost:
        easy = coded.translate(_EASY)  # small Latin letters and plain punctuation cost 0
        if easy[k] == "l" and "x" not in easy and "l" in easy[:k] + easy[k + 1 :]:
            return True
    cost = _cost(window)
    if not coded.isascii():  # (_cost has coded its characters now)
        coded = window.translate(_CODES)
    classes, own = coded.translate(_CLASS), [ord(c) % 4 for c in coded]
    cls, before, after = classes[k], classes[:k], classes[k + 1 :]
    # each character's own cost aside (a sign may be one mojibake makes often), but a letter's
    if cost and (cost > sum(own) or cls in _GROUP and own[k]):
        return False
    if text[at] > "\u07ff" and unicodedata.category(text[at])[0] in "PS":
        return True
    if "\u0334" <= text[at] <= "\u0338":
        return True  # (an overlay through the sign before it, in a window that looks clean)
    if cls in _GROUP:
        return not _GROUP[cls].isdisjoint(before + after)
    if cls == "$":
        return "0" in before[-1:] + after[:1]
    return after[:1] in _GROUP if cls == "[" else cls == "]" and before[-1:] in _GROUP


# --- the fixer ----------------------------------------------------------------------------

_Layer = tuple[str, bool, str]  # encoding, nbsp, decoding


class _Run(NamedTuple):
    """A run to repair: where, the layers undone (each on the result of the one before), the
    text after each, its evidence (``gain``: how much less mojibake-like it looks) and cost.
    (A named tuple: one is made for each run tried, faster than a dataclass.)"""

    start: int
    end: int
    layers: tuple[_Layer, ...]
    texts: tuple[str, ...]
    gain: int
    cost: int
    stretch: int  # where the stretch it was found in starts (see _runs)


def _try(r: _Reading, part: str, nbsp: bool = False, alone: bool = False) -> tuple[str, str] | None:
    try:
        return _undo(part, r.name, nbsp, alone)
    except UnicodeError:
        return None


def _deepen(
    text: str,
    s: int,
    e: int,
    first: _Layer,
    fixed: str,
    at: int,
    whole: bool,
    cost: int = -1,
    lower: bool = False,
) -> _Run:
    """text[s:e] (found in a stretch that starts ``at``) repaired by ``first``, then by up to
    two more layers while the result decodes again; the depth kept is the one that looks best.
    A stretch is weighed ``whole`` from its first character that is not ASCII, and before
    the repair on SAMPLE characters; the whole text is weighed whole (``cost``: before, or
    at most that if ``lower``: then weighed whole when the evidence seems too little)."""
    left, right, part = text[max(0, s - 2) : s], text[e : e + 2], text[s:e]
    skip = max(0, len(part) - len(_ASCII_HEAD.sub("", part, 1)) - 2) if cost < 0 < whole else 0
    sample = part[skip : skip + (SAMPLE if whole else len(part))]
    before = cost if cost >= 0 else _cost(left + sample + right)
    layers, texts = [first], [fixed]
    best = (_cost(left + fixed[skip:] + right), 1)
    while best[0] and len(layers) < 3 and (whole or " " not in fixed) and _SUSPECT.search(fixed):
        chars = set(fixed).difference(_ASCII)
        for r in _AFTER[layers[-1][0]]:
            fits = chars <= r.chars if whole else r.runs.fullmatch(fixed)
            deeper = _try(r, fixed) if fits else None
            if deeper and deeper[0] != fixed:
                fixed = deeper[0]
                layers.append((r.name, False, deeper[1]))
                texts.append(fixed)
                best = min(best, (_cost(left + fixed[skip:] + right), len(layers)))
                break
        else:
            break
    (after, depth), fixed = best, texts[best[1] - 1]  # a control that was not there: no repair
    new = _CONTROL.search(fixed) and len(_CONTROL.findall(fixed)) > len(_CONTROL.findall(part))
    gain = -1 if new else before - after
    if lower and not new and gain < LINE_EVIDENCE:  # (text[s:e] is the whole text)
        before = _cost(part)
        gain = before - after
    return _Run(s, e, tuple(layers[:depth]), tuple(texts[:depth]), gain, before, at)


def _runs(reading: _Reading, text: str, start: int, end: int) -> Iterator[_Run]:
    """The runs of text[start:end] that ``reading`` repairs: a stretch (runs with ASCII
    between them) as one run if it has evidence and its runs of one character fit, else
    run by run (those that decode)."""
    for m in reading.stretches.finditer(text, start, end):
        s, e = m.span()
        if m.group(1) is not None and (found := _try(reading, m.group())):
            run = _deepen(text, s, e, (reading.name, False, found[1]), found[0], s, True)
            if run.gain > 0 and _all_fit(reading, text, s, e, run):
                yield run
                continue
        for a, b in (r.span() for r in reading.runs.finditer(text, s, e)):
            nbsp = reading.nbsp and " " in text[a:b]
            if (found := _try(reading, text[a:b], nbsp, _alone(text, a, b))) is not None:
                yield _deepen(text, a, b, (reading.name, nbsp, found[1]), found[0], s, False)


def _whole(text: str, chars: set[str], others: str, cost: int, lower: bool) -> _Run | None:
    """The whole text (its characters not ASCII: ``chars``, joined in ``others``; how
    mojibake-like: ``cost``, or at least that if ``lower``) as one run (the common case, and
    the fast one), if a reading decodes all of it with evidence, its runs of one character
    fitting. (A run's ``gain`` and ``cost`` may then be as much lower: readings are ranked
    by how mojibake-like they leave the text.)"""
    best, reading, seen, rank = None, _FIRST, set(), (0, 0)
    for r in _ALL:
        if not chars <= r.chars or (sig := _signature(r, others)) in seen:
            continue  # it cannot write the text, or writes it as a reading tried before
        seen.add(sig)
        if (found := _try(r, text)) is not None:
            layer = (r.name, False, found[1])
            run = _deepen(text, 0, len(text), layer, found[0], 0, True, cost, lower)
            lower, cost = lower and run.cost == cost, run.cost  # (weighed whole now?)
            if run.gain < LINE_EVIDENCE:
                continue
            # as much evidence, and fewer capitals of C3 80-9F (É for é: C3 89 or C3 A9?)
            mine = (run.gain - run.cost, -len(_C3_CAPITALS.findall(run.texts[-1])))
            if best is None or mine > rank:
                best, reading, rank = run, r, mine
                if run.gain == run.cost and not mine[1]:
                    break  # it looks like clean text: no reading can do better
    return best if best is not None and _all_fit(reading, text, 0, len(text), best) else None


def _apply(text: str, runs: list[_Run]) -> tuple[str, list[int]]:
    """``text`` with the runs (in order) repaired, and where each one starts in it."""
    pieces, at, shift, last = [], [], 0, 0
    for r in runs:
        at.append(r.start + shift)
        pieces += [text[last : r.start], r.texts[-1]]
        shift, last = shift + len(r.texts[-1]) - (r.end - r.start), r.end
    return "".join(pieces) + text[last:], at


#: Runs chosen for what they are, not for how they read in the line (a surrogate pair, a lost
#: character written ``?``): they need not fit (``cambié”`` ends a word with one)
_OWN_EVIDENCE = frozenset({SURROGATES, LOST_AS_QUESTION})


def _spaced(run: _Run) -> _Run:
    return run._replace(texts=(" ",))


def _fitting(text: str, runs: list[_Run]) -> list[_Run]:
    """The runs but those of one character that do not fit in the text as repaired (but
    :data:`_OWN_EVIDENCE`'s)."""
    runs = sorted(runs, key=lambda r: r.start)
    while any(len(r.texts[-1].rstrip(" ")) == 1 for r in runs):
        # (a lost character is a space to its neighbours: ``cambié”`` fits as ``cambié``)
        fixed, at = _apply(
            text, [_spaced(r) if r.layers[0][0] == LOST_AS_QUESTION else r for r in runs]
        )
        kept = [
            r
            for r, a in zip(runs, at, strict=True)
            if len(r.texts[-1].rstrip(" ")) > 1
            or r.layers[0][0] in _OWN_EVIDENCE
            or _fits(fixed, a, text[r.start : r.end])
        ]
        if len(kept) == len(runs):
            break
        runs = kept
    return runs


def _all_fit(reading: _Reading, text: str, s: int, e: int, run: _Run) -> bool:
    """text[s:e] repaired whole as ``run``: does each of its runs of one character fit?"""
    if len(run.layers) > 1 or reading.long.search(text, s, e):
        return True
    fixed, shift = text[:s] + run.texts[0] + text[e:], 0
    easy = fixed.translate(_CODES).translate(_EASY)  # (a character not coded yet stays)
    for m in reading.runs.finditer(text, s, e):
        at = m.start() - shift
        window = easy[max(0, at - 2) : at + 3]
        small = window.count("l")  # a small Latin letter among those, as _fits finds
        if not (small > 1 and easy[at] == "l" and small + window.count("_") == len(window)):
            if not _fits(fixed, at, m.group()):
                return False
        shift += m.end() - m.start() - 1
    return True


_HEAD = 24  # how far past its first character that is not ASCII a text is weighed at first


def _at_least(text: str) -> tuple[int, bool]:
    """_cost(text), or (True) a lower bound of it: the cost of its start, up to a space some
    _HEAD characters past its first character that is not ASCII, when that leaves as much
    unweighed. Each term of that sum is one of _cost(text)'s (all are 0 or more): the last
    character is weighed with a space after it, the space that follows it in the text."""
    head = _ASCII_HEAD.match(text)
    k = text.find(" ", (head.end() if head else 0) + _HEAD, len(text) - _HEAD)
    return (_cost(text[:k]), True) if k > 0 else (_cost(text), False)


def _plan(text: str, lost: str = _LOST) -> tuple[list[_Run], list[_Run]]:
    """The runs to repair in one pass, left to right, and the runs left in doubt; ``lost``:
    what a lost character (``â€?``) is written as."""
    cost, lower = _at_least(text)
    if lower and cost < LINE_EVIDENCE:
        cost, lower = _cost(text), False
    if not cost and _A_GRAVE not in text:
        return [], []  # nothing in it looks like mojibake: no run can look better repaired
    chars = set(text).difference(_ASCII)  # (every reading writes ASCII as ASCII)
    others = "".join(chars)
    if cost >= LINE_EVIDENCE and (whole := _whole(text, chars, others, cost, lower)) is not None:
        return [whole], []
    pairs, joined = _SURROGATE_PAIR.finditer(text), ((SURROGATES, False, "UTF-16"),)
    chosen = [_Run(*m.span(), joined, (_join(m.group()).decode(),), 9, 9, 0) for m in pairs]
    spans = [m.span() for m in re.finditer("â€\\?", text)]
    chosen += [
        _Run(a, b, ((LOST_AS_QUESTION, False, "UTF-8"),), (lost,), 9, 9, 0) for a, b in spans
    ]
    chosen.sort(key=lambda r: r.start)
    # the reading that covers most of the text first; each next one looks between the runs
    alike = {_signature(r, others): r for r in reversed(_ALL) if not r.leads.isdisjoint(chars)}
    readings = sorted(alike.values(), key=_ALL.index)  # of readings alike, the first
    coverage = {r.name: len("".join(r.runs.findall(text))) for r in readings}
    doubtful: list[_Run] = []
    for reading in sorted(readings, key=lambda r: -coverage[r.name]):
        if not coverage[reading.name]:
            break
        before, gaps = len(chosen), [(0, len(text))]
        if chosen:  # the gaps between the runs chosen (in order) where the reading has a run
            edges = [0, *(x for r in chosen for x in (r.start, r.end)), len(text)]
            between = zip(edges[::2], edges[1::2], strict=True)
            gaps = [(a, b) for a, b in between if reading.runs.search(text, a, b)]
        runs = [r for start, end in gaps for r in _runs(reading, text, start, end)]
        # The reading's evidence in the line (a lost no-break space is none). With enough, a
        # run that looks no worse is repaired too if it is a lost no-break space or in a
        # stretch with evidence.
        total = sum(max(r.gain, 0) for r in runs if not _only_nbsp(r))
        backed = {r.stretch for r in runs if r.gain > 0 and not _only_nbsp(r)}
        strong = total >= LINE_EVIDENCE
        for r in runs:
            least = 0 if strong and (r.stretch in backed or r.layers[0][1]) else 1
            if total > 0 and r.gain >= least and (strong or not _only_nbsp(r)):
                chosen.append(r)
            elif r.gain > 0 and _grave(text, r) or r.gain == 0 and _inside(text, r):
                chosen.append(r)
            elif r.gain == 0 < r.cost:
                doubtful.append(r)
        chosen = _fitting(text, chosen) if len(chosen) > before else chosen
    return _controls(text, chosen), doubtful


def _only_nbsp(run: _Run) -> bool:
    """Is ``run`` a lost no-break space and the one character it made (``Ã `` for à, ``Ð ``
    for Р), which is no evidence; a longer run with one (``Ð ÑƒÑ\ufffd`` for ``Ру\ufffd``)
    has its other characters'?"""
    return run.layers[0][1] and len(run.texts[-1].strip()) <= 1


def _grave(text: str, run: _Run) -> bool:
    """Is ``run`` "Ã" + a space that was A0: "à", the commonest lost no-break space (as ftfy
    takes it), and not between letters (voilà le, or Gràcia)?"""
    if not run.layers[0][1] or run.texts[0].rstrip(" ") != "à":
        return False
    return not text[run.end : run.end + 1].isalnum() or _alone(text, run.start, run.end)


_A_GRAVE = "Ã\xa0"  # à (C3 A0) read as windows-1252 or ISO-8859-1, its A0 kept


def _inside(text: str, run: _Run) -> bool:
    """Is ``run`` "Ã" + a real no-break space inside a word (a letter before, a small one
    after: Gàidhlig, Cànan) or alone as a word (ART TRIP à l'office), which looks like
    nothing to :func:`_cost`? No text breaks a word with a no-break space, nor has Ã as a
    word; one after a word of two or more capitals is one between words (IRMÃ, MAÇÃ, in
    Portuguese written in capitals)."""
    s, e = run.start, run.end
    if text[s:e] != _A_GRAVE or e >= len(text):
        return False
    if text[e] == " ":  # "à" and the word space after it
        return s == 0 or text[s - 1].isspace()
    if not text[e].islower():
        return False
    capitals = s > 1 and text[s - 2].isupper() and text[s - 1].isupper()
    return s > 0 and text[s - 1].isalpha() and not capitals


def _controls(text: str, chosen: list[_Run]) -> list[_Run]:
    """The runs chosen and, between them, the runs of C1 controls that windows-1252 decodes
    (text in windows-1252 read as ISO-8859-1: no text has C1 controls), in order."""
    edges, found = [0, *(x for r in chosen for x in (r.start, r.end)), len(text)], []
    for a, b in zip(edges[::2], edges[1::2], strict=True):
        for m in _C1.finditer(text, a, b):
            try:
                fixed = m.group().encode("latin-1").decode("cp1252")
            except UnicodeDecodeError:
                continue  # (a byte windows-1252 leaves undefined)
            s, e = m.span()
            left, right = text[max(0, s - 2) : s], text[e : e + 2]
            before = _cost(left + m.group() + right)
            if (gain := before - _cost(left + fixed + right)) > 0:
                layers = ((LATIN_1, False, WINDOWS_1252),)
                found.append(_Run(s, e, layers, (fixed,), gain, before, s))
    return sorted(chosen + found, key=lambda r: r.start) if found else chosen


def mojibake_score(text: str) -> int:
    """How many characters one layer of repair would take out of ``text`` (one per
    character of two UTF-8 bytes, two per character of three).

    >>> mojibake_score("aÃ±o"), mojibake_score("año"), mojibake_score("aÃƒÂ±o")
    (1, 0, 2)
    >>> mojibake_score("«PERÚ»"), mojibake_score("â€œ")  # DA BB: Arabic, in a Latin word
    (0, 2)
    """
    if not _SUSPECT.search(text):
        return 0
    return sum(max(0, r.end - r.start - len(r.texts[0])) for r in _plan(text)[0])


_WHOLE: dict[_Layer, Step] = {}  # the steps of whole texts, made once (a Step is frozen)


def _whole_step(layer: _Layer) -> Step:
    step = _WHOLE[layer] = Step(layer[0], nbsp=layer[1], decoding=layer[2])
    return step


def fix_mojibake(text: str, *, max_layers: int = 3) -> Repair:
    """Undo UTF-8 read with a wrong single-byte encoding, run by run, up to ``max_layers``
    layers in the same place. A text repaired whole gets whole-text steps.

    >>> r = fix_mojibake("Â¿QuÃ©?")
    >>> r.text, r.reason.value, len(r.steps)
    ('¿Qué?', 'clean', 1)
    >>> r = fix_mojibake("Ã\\ufffdngel")  # the second byte of Á was lost
    >>> r.text, r.reason.value, r.position, r.lost
    ('\\ufffdngel', 'replacement', 0, 1)
    >>> fix_mojibake("Tiáº¿ng Viá»‡t").text
    'Tiếng Việt'
    """
    steps: list[Step] = []
    current, doubtful = text, list[_Run]()
    lost = _LOST if _SEALED in text else _SEALED
    for _ in range(max_layers):
        if not _SUSPECT.search(current):
            break
        chosen, doubtful = _plan(current, lost)
        if not steps and len(chosen) == 1 and chosen[0].end - chosen[0].start == len(current):
            steps = [_WHOLE.get(layer) or _whole_step(layer) for layer in chosen[0].layers]
            current = chosen[0].texts[-1]
            break  # every layer the whole text had was undone already
        if not chosen:
            break
        fixed, starts = _apply(current, chosen)
        for run, at in zip(chosen, starts, strict=True):
            size = run.end - run.start
            for (encoding, nbsp, decoding), after in zip(run.layers, run.texts, strict=True):
                steps.append(Step(encoding, at, at + size, nbsp, decoding))
                size = len(after)
        current, doubtful = fixed, []
    current = current.replace(_SEALED, _LOST) if lost == _SEALED else current
    if _LOST in current:
        return Repair(text, current, tuple(steps), Reason.REPLACEMENT, current.index(_LOST))
    if doubtful:
        return Repair(text, current, tuple(steps), Reason.IMPLAUSIBLE, doubtful[0].start)
    return Repair(text, current, tuple(steps), Reason.CLEAN)


def fix_lines(lines: Iterable[str]) -> Iterator[Repair]:
    """:func:`fix_mojibake` on each line of a stream, one at a time: a command repairs a
    file of any size in bounded memory. Line endings pass through.

    >>> [r.text for r in fix_lines(["aÃ±o\\n", "ok\\n"])]
    ['año\\n', 'ok\\n']
    """
    for line in lines:
        yield fix_mojibake(line)
