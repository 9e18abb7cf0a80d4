"""Undo mojibake: UTF-8 text that was decoded with the wrong single-byte encoding, once or more.

``"año"`` stored as UTF-8 (``61 C3 B1 6F``) and read as windows-1252 becomes ``"aÃ±o"``.
The damage is reversible while every byte survived: encode the text back with the wrong
encoding, decode the bytes as UTF-8. :func:`fix_mojibake` does that for the wrong readings in
:data:`READINGS` (windows-1250 to 1257, ISO-8859-1, MacRoman, IBM437, IBM850), one to three
layers deep, run by run: only the runs of a text that look like UTF-8 read wrongly are
decoded, so clean text beside them stays as it is. The result is data (:class:`Repair`): the
text, the :class:`Step` s it took (each one a span and a reading), and why it stopped
(:class:`Reason`). :func:`apply_steps` replays the steps. The fixes are a table, not code: a
reading is a byte table built from a Python codec, and every step says which one it undid.

Also undone: the five bytes windows-1252 leaves undefined, read as C1 controls (a browser) or
lost as U+FFFD (the bytes are gone: the character becomes U+FFFD, and the repair says so);
a no-break space (byte A0) that became a space on the way (``Ã`` + space for ``à``); UTF-16
surrogate pairs encoded one by one (CESU-8), in bytes or left in the text.

A run is repaired only with evidence: the text around it (two characters each side) must
look less like mojibake after the repair than before (:func:`_cost`: case changes inside a
word, symbols glued to letters, letters of two scripts in one word, controls, unassigned
characters). Clean text never has that evidence, so it is left alone.

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
import operator
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from itertools import repeat

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

#: The encoding names a :class:`Step` can name (WHATWG labels where there is one).
WINDOWS_1252 = "windows-1252"
LATIN_1 = "ISO-8859-1"
#: A step that joins UTF-16 surrogate pairs left in the text (``"\\ud83d\\ude00"`` -> 😀).
SURROGATES = "UTF-16 surrogates"

#: The wrong readings :func:`fix_mojibake` undoes, in the order it prefers them on a tie:
#: name -> Python codec.
READINGS: dict[str, str] = {
    WINDOWS_1252: "cp1252",
    LATIN_1: "latin-1",
    "windows-1250": "cp1250",
    "ISO-8859-2": "iso8859_2",
    "windows-1251": "cp1251",
    "windows-1253": "cp1253",
    "windows-1254": "cp1254",
    "windows-1257": "cp1257",
    "macintosh": "mac_roman",
    "IBM437": "cp437",
    "IBM850": "cp850",
}

#: The five bytes Python's cp1252 codec leaves undefined. Browsers (the WHATWG
#: Encoding Standard) decode each one as the C1 control of the same number.
UNDEFINED_IN_WINDOWS_1252: tuple[int, ...] = tuple(
    b for b in range(0x80, 0xA0) if bytes([b]).decode("cp1252", "replace") == "\ufffd"
)

_LOST = "\ufffd"  # a character whose bytes are gone; written back as byte 1A, a placeholder
_LOST_SEQUENCE = re.compile(rb"(?:[\xc2-\xf4][\x80-\xbf\x1a]*)?\x1a[\x80-\xbf\x1a]*")
_CESU_PAIR = re.compile(rb"\xed[\xa0-\xaf][\x80-\xbf]\xed[\xb0-\xbf][\x80-\xbf]")
_SURROGATE_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")
# lead bytes after which a space may stand for byte A0 (as ftfy: à, NBSP, Š, Π, Р, ٠)
_A0_LEADS = (0xC2, 0xC3, 0xC5, 0xCE, 0xD0, 0xD9)
_ASCII = "".join(map(chr, range(128)))


def _class(chars: Iterable[str]) -> str:
    return "[" + "".join(re.escape(c) for c in sorted(set(chars))) + "]"


class _Reading:
    """A wrong reading as data: its 256 characters, their bytes, and the UTF-8 shape."""

    def __init__(self, name: str, table: str) -> None:
        self.name = name
        self.table = table  # byte -> character; an undefined byte -> the same code point
        self.nbsp = table[0xA0] == "\xa0"
        self.leads = frozenset(table[0xC2:0xF5])
        self.chars = frozenset(table + _LOST)
        self.as_first: frozenset[str] = frozenset()
        self.encoder = codecs.charmap_build(table)
        cont = table[0x80:0xC0] + _LOST
        c, c_sp = _class(cont), _class(cont + (" " if self.nbsp else ""))
        seq = f"{_class(table[0xC2:0xE0])}{c}|{_class(table[0xE0:0xF0])}{c_sp}{{2}}"
        seq += f"|{_class(table[0xF0:0xF5])}{c_sp}{{3}}"
        if self.nbsp:
            seq += f"|{_class(table[b] for b in _A0_LEADS)} "
        self.runs = re.compile(f"(?:{seq})+")
        # runs with only ASCII between them (group 1: there is some)
        self.stretches = re.compile(f"(?:{seq})+(?:([\\x00-\\x7f]+)(?:{seq})+)*")

    def encode(self, text: str) -> bytes:
        data: bytes = codecs.charmap_encode(text, "strict", self.encoder)[0]
        return data


def _table(codec: str) -> str:
    return "".join(bytes([b]).decode(codec, "replace").replace(_LOST, chr(b)) for b in range(256))


_READINGS = {name: _Reading(name, _table(codec)) for name, codec in READINGS.items()}
_FIRST = _READINGS[WINDOWS_1252]
for _r in _READINGS.values():  # the characters each reading writes as windows-1252 does
    _r.as_first = frozenset(c for c, f in zip(_r.table, _FIRST.table, strict=True) if c == f)
_ORDER = {name: i for i, name in enumerate(READINGS)}

# Clean text is rejected here, at C speed: a lead byte and a continuation byte under some
# reading, a space after a lead that can take byte A0, or a surrogate.
_ALL = _READINGS.values()
_SUSPECT = re.compile(
    _class(ch for r in _ALL for ch in r.table[0xC2:0xF5])
    + _class(ch for r in _ALL for ch in r.table[0x80:0xC0] + _LOST)
    + "|"
    + _class(r.table[b] for r in _ALL for b in _A0_LEADS)
    + " |[\ud800-\udfff]"
)


def _decode(data: bytes) -> tuple[str, str]:
    """UTF-8, or CESU-8 (surrogate pairs encoded one by one): the text and which it was."""
    if b"\x1a" in data:
        data = _LOST_SEQUENCE.sub("\ufffd".encode(), data)
    try:
        return data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        if not _CESU_PAIR.search(data):
            raise
    joined = _CESU_PAIR.sub(lambda m: _join(m.group().decode("utf-8", "surrogatepass")), data)
    return joined.decode("utf-8"), "CESU-8"


def _join(pair: str) -> bytes:
    return pair.encode("utf-16-le", "surrogatepass").decode("utf-16-le").encode()


def _alone(text: str, start: int, end: int) -> bool:
    """Is text[start:end] a word of its own, with a word right after the space after it?"""
    before = start == 0 or text[start - 1].isspace()
    return before and end < len(text) and not text[end].isspace()


def _undo(part: str, encoding: str, nbsp: bool, alone: bool) -> tuple[str, str]:
    """One layer undone on ``part``: the decoded text and the decoding used."""
    if encoding == SURROGATES:
        return _join(part).decode(), "UTF-16"
    if nbsp:
        part = part.replace(" ", "\xa0")
    text, decoding = _decode(_READINGS[encoding].encode(part.replace(_LOST, "\x1a")))
    if nbsp and alone and text == "à":
        text += " "  # French "à": its no-break space and the word space became one space
    return text, decoding


class Reason(str, Enum):
    """Why :func:`fix_mojibake` stopped; the value is how reports spell it."""

    #: nothing in the text looks like mojibake (any more)
    CLEAN = "clean"
    #: a U+FFFD is in the text: the bytes it replaced are lost, nothing can bring them back
    REPLACEMENT = "replacement"
    #: a run looks like mojibake, but no reading makes it look better
    IMPLAUSIBLE = "implausible"
    # Kept for callers of the whole-text fixer (codecbox <= 0.x); no longer reported, since
    # the repair goes run by run and these no longer stop it.
    UNENCODABLE = "unencodable"
    MIXED = "mixed"
    INVALID_UTF8 = "invalid UTF-8"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Step:
    """One layer undone on ``text[start:end]`` (``end`` None: to the end of the text):
    encode as ``encoding``, decode as UTF-8."""

    #: the encoding the UTF-8 bytes were wrongly read as: a key of READINGS, or SURROGATES
    encoding: str
    start: int = 0
    end: int | None = None
    #: spaces in the span stand for byte A0 (a no-break space that became a space)
    nbsp: bool = False
    #: how the bytes were decoded: "UTF-8", "CESU-8" (surrogate pairs joined) or "UTF-16"
    decoding: str = "UTF-8"

    def __post_init__(self) -> None:
        if self.encoding not in _READINGS and self.encoding != SURROGATES:
            raise ValueError(
                f"a step encodes as one of {', '.join(READINGS)}, not {self.encoding!r}"
            )

    def apply(self, text: str) -> str:
        """The step on ``text``, strictly: UnicodeEncodeError or UnicodeDecodeError if it
        does not apply."""
        end = len(text) if self.end is None else self.end
        alone = _alone(text, self.start, end)
        fixed, _ = _undo(text[self.start : end], self.encoding, self.nbsp, alone)
        return text[: self.start] + fixed + text[end:]

    def __str__(self) -> str:
        where = "" if (self.start, self.end) == (0, None) else f"{self.start}-{self.end}: "
        how = " (spaces as no-break spaces)" if self.nbsp else ""
        if self.encoding == SURROGATES:
            return f"{where}join UTF-16 surrogate pairs"
        return f"{where}encode as {self.encoding}{how}, decode as {self.decoding}"


@dataclass(frozen=True)
class Repair:
    """What :func:`fix_mojibake` did: the result, the steps, and why it stopped."""

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
        """How many characters are U+FFFD in the result: their bytes were lost before."""
        return self.text.count(_LOST)


def apply_steps(text: str, steps: Iterable[Step]) -> str:
    """Replay the steps of a :class:`Repair` on ``text``, strictly (like ftfy's ``apply_plan``).

    >>> apply_steps("Ã±", [Step(WINDOWS_1252)])
    'ñ'
    >>> apply_steps("x ÐŸ y", [Step(WINDOWS_1252, 2, 4)])
    'x П y'
    """
    for step in steps:
        text = step.apply(text)
    return text


# --- evidence: how mojibake-like a stretch of text is ---------------------------------------
#
# Each character is mapped (str.translate, at C speed) to a class, and the rules are regular
# expressions over the string of classes. Classes: a A (ASCII lower, upper), l L (other Latin
# lower, upper), v (other Latin letter), g G (Greek), c C (Cyrillic), y Y (other cased
# scripts), h (Hebrew), r (Arabic), k (CJK: Han, kana, Hangul), t (Thai), o (other letters),
# m (a combining mark of any script), H R T (Hebrew, Arabic, Thai marks), M (other marks),
# 0 (digit), _ (space), ( [ (opening, ASCII or not), ) ] (closing), . , (ordinary
# punctuation, ASCII or not), * (™ ® ©), $ (other symbol), ! (never in text).

_ORDINARY = frozenset(".,;:!?'\"’)]}»”…-–—/%&*@#_+=<>|\\~^`$")
_OPENING = frozenset("([{«“‘„¿¡")
_CLOSING = frozenset(")]}»”")
# characters frequent in mojibake and rare beside letters in real text
_ODD = frozenset("¤¦¨¯´¸¬\xadƒˆ˜‰‹›†‡¹³ª¼½¾¶§¢¥•√∂∆∏∑∫≈≠≤≥◊⌐ﬁﬂ·µ¿¡")
_LATIN_EXT_B_OK = frozenset("ƠơƯưȘșȚțǍǎǏǐǑǒǓǔƏə")
_SCRIPTS = {
    "LATIN": "lLv",
    "GREEK": "gGg",
    "CYRILLIC": "cCc",
    "ARMENIAN": "yYy",
    "GEORGIAN": "yYy",
    "HEBREW": "hhh",
    "ARABIC": "rrr",
    "THAI": "ttt",
    "CJK": "kkk",
    "HIRAGANA": "kkk",
    "KATAKANA": "kkk",
    "HANGUL": "kkk",
    "DEVANAGARI": "ooo",
}
_MARKS = {"HEBREW": "H", "ARABIC": "R", "THAI": "T", "COMBINING": "m"}
_LETTERS = "aAlLvgGcCyYhrkto"


def _classify(ch: str) -> tuple[str, int]:
    """The class of ``ch`` and the cost of the character itself."""
    cat = unicodedata.category(ch)
    name = unicodedata.name(ch, "?").split()[0]
    cost = int(ch in _ODD)
    if ch.isascii() and (ch.isprintable() or ch.isspace()):
        cls = "a" if ch.islower() else "A" if ch.isupper() else "0" if ch.isdigit() else "_"
        if not ch.isalnum() and not ch.isspace():
            cls = "(" if ch in _OPENING else ")" if ch in _CLOSING else "."
        return cls, 0
    if cat[0] == "L":
        forms = _SCRIPTS.get(name, "ooo")  # small, capital, other
        cls = forms[0] if cat == "Ll" else forms[1] if cat in ("Lu", "Lt") else forms[2]
        cost += name not in _SCRIPTS
        cost += 0x180 <= ord(ch) < 0x250 and ch not in _LATIN_EXT_B_OK
        return cls, cost
    if cat[0] == "M":
        return _MARKS.get(name, "M"), cost + (name not in _SCRIPTS and name not in _MARKS)
    if cat in ("Cc", "Cn", "Co", "Cs"):
        return "!", 3
    if cat == "Nd":
        return "0", cost
    if cat[0] == "Z":
        return "_", cost
    if ch in _OPENING:
        return "[", cost
    if ch in _CLOSING:
        return "]", cost
    return ("," if ch in _ORDINARY else "*" if ch in "™®©" else "$"), cost


class _Table(dict[int, str]):
    """A str.translate table that classifies a character the first time it is seen: two
    characters, its class and its own cost ("-123")."""

    def __missing__(self, code: int) -> str:
        cls, cost = _classify(chr(code))
        self[code] = found = cls + "-123"[min(cost, 3)]
        return found


_CLASSES = _Table()


_LAT, _GRE = "aAlLv", "gG"
_GROUPS = [_LAT, _GRE, "cC", "yY", "h", "r", "k", "t", "o"]
_ANY = "".join(_GROUPS)
_NON_LATIN = _ANY.replace(_LAT, "").replace(_GRE, "")
# The rules on two neighbours, as patterns over two classes; weight 1, then weight 2.
_RULES = (
    (
        f"[{_LAT}][{_GRE}]|[{_GRE}][{_LAT}]",  # a Greek letter in a Latin word (μm): common
        "[al][AL]|gG|cC|yY",  # a capital after a small letter
        f"[{_ANY}][$\\[(]",  # a symbol or an opening bracket right after a letter
        f"[$*\\])][{_ANY}]",  # a symbol or a closing bracket right before a letter
        "0[lLvk]",  # a digit, then a letter that is not ASCII
        "[$*][$*,\\[\\]]|[.,()\\[\\]][$*]",  # two signs not ASCII, one of them a symbol
    ),
    (
        *(f"[{g}][{_ANY.replace(g, '')}]" for g in _GROUPS[2:]),  # two scripts in one word
        f"[{_LAT}][{_NON_LATIN}]|[{_GRE}][{_NON_LATIN}]",
        f"[^{_ANY}mHRTM]m|[^hHm]H|[^rRm]R|[^tTm]T|[{_ANY[:-1]}]M",  # a mark on a wrong base
        "0[gGcCyYhrto]",  # a digit, then a letter of a script that does not write words so
    ),
)
_CLASS_NAMES = _ANY + "mHRTM0_([)].,*$!"
_PAIR_COST = {
    a + b: cost
    for a in _CLASS_NAMES
    for b in _CLASS_NAMES
    if (cost := sum(w for w, rules in enumerate(_RULES, 1) if re.fullmatch("|".join(rules), a + b)))
}
# a small letter after two capitals (weight 1), and (group 1, weight 2) a letter of a script
# that seldom writes one-letter words, alone
_TRIPLES = re.compile(f"[AL][AL][al]|GGg|CCc|YYy|(?<![{_ANY}mHRTM])([hrto])(?![{_ANY}mHRTM])")


def _cost(text: str) -> int:
    """How mojibake-like ``text`` looks: a sum over its characters and neighbours."""
    both = text.translate(_CLASSES)
    classes, costs = both[::2], both[1::2]
    total = costs.count("1") + 2 * costs.count("2") + 3 * costs.count("3")
    found = _TRIPLES.findall(classes)
    total += len(found) + len(found) - found.count("")  # the lone letters weigh 2
    pairs = map(operator.add, classes, classes[1:])
    return total + sum(map(_PAIR_COST.get, pairs, repeat(0)))


# --- the fixer ----------------------------------------------------------------------------

#: A reading with this much evidence in a line also repairs its runs that look no worse.
LINE_EVIDENCE = 2
#: How many characters of a long text, at most, are weighed to repair it whole.
WHOLE_SAMPLE = 64
_COSTS: dict[str, int] = {}


def _cached_cost(text: str) -> int:
    found = _COSTS.get(text)
    if found is None:
        if len(_COSTS) > 50_000:
            _COSTS.clear()
        found = _COSTS[text] = _cost(text)
    return found


_Layer = tuple[str, bool, str]  # encoding, nbsp, decoding


@dataclass(frozen=True)
class _Run:
    """A run to repair: where, the layers undone (the first on text[start:end], each next
    one on the whole result of the one before), the result, and the evidence (``gain``: how
    much less mojibake-like the run looks in context, ``cost``: how much it did before)."""

    start: int
    end: int
    layers: tuple[_Layer, ...]
    texts: tuple[str, ...]  # the run after each layer
    gain: int
    cost: int
    stretch: int = 0  # where the stretch it was found in starts (see _runs)


def _try(reading: _Reading, part: str, nbsp: bool, alone: bool) -> tuple[str, str] | None:
    try:
        return _undo(part, reading.name, nbsp, alone)
    except UnicodeError:
        return None


def _deepen(
    text: str, context: tuple[str, str], first: _Layer, fixed: str, stretch: bool = False
) -> _Run:
    """text (a run, or a stretch of runs and ASCII) repaired by ``first``, then by up to two
    more layers while the whole result decodes again; the depth kept is the one that looks
    best. A stretch is weighed from its first character that is not ASCII (the text before
    it stays as it is), and the text before the repair on at most WHOLE_SAMPLE characters
    from there: mojibake shows at once, and the gain is then a lower bound."""
    left, right = context
    skip = max(0, len(text) - len(text.lstrip(_ASCII)) - 2) if stretch else 0

    def cost(t: str, sample: int = len(text)) -> int:
        return _cached_cost(left + t[skip : skip + sample] + right)

    before = cost(text, WHOLE_SAMPLE if stretch else len(text))
    layers, texts = [first], [fixed]
    best = (cost(fixed), 1)
    while best[0] and len(layers) < 3 and (stretch or " " not in fixed) and _SUSPECT.search(fixed):
        for r in dict.fromkeys((_READINGS[layers[-1][0]], *_ALL)):
            fits = set(fixed) <= r.chars if stretch else r.runs.fullmatch(fixed)
            deeper = fits and _try(r, fixed, False, False)
            if deeper and deeper[0] != fixed:
                fixed = deeper[0]
                layers.append((r.name, False, deeper[1]))
                texts.append(fixed)
                best = min(best, (cost(fixed), len(layers)))
                break
        else:
            break
    after, depth = best
    return _Run(0, len(text), tuple(layers[:depth]), tuple(texts[:depth]), before - after, before)


def _runs(reading: _Reading, text: str, start: int, end: int) -> Iterator[_Run]:
    """The runs of text[start:end] in the shape of UTF-8 under ``reading`` that decode; a
    stretch of runs with only ASCII between them is tried first as one run."""
    for m in reading.stretches.finditer(text, start, end):
        s, e = m.span()
        context = (text[max(0, s - 2) : s], text[e : e + 2])
        if m.group(1) is not None and (found := _try(reading, m.group(), False, False)):
            run = _deepen(m.group(), context, (reading.name, False, found[1]), found[0], True)
            if run.gain > 0 and not _quiet(reading, text, s, e):
                yield _Run(s, e, run.layers, run.texts, run.gain, run.cost, s)
                continue
        for r in reading.runs.finditer(text, s, e):
            for run in _one_run(reading, text, *r.span()):
                yield _Run(run.start, run.end, run.layers, run.texts, run.gain, run.cost, s)


_SHORT: dict[tuple[str, str, bool], tuple[int, str]] = {}  # a short run in context -> gain, result


def _quiet(reading: _Reading, text: str, start: int, end: int, repaired: str = "") -> bool:
    """Does a short run of text[start:end] (one character, the size of the traps) look no
    worse as it is? Not counted: a run that becomes a letter of the script most of the
    ``repaired`` text is written in, and was not written in it."""
    script = ""
    for m in reading.runs.finditer(text, start, end):
        s, e = m.span()
        if e - s <= 3:
            key = (reading.name, text[max(0, s - 2) : e + 2], _alone(text, s, e))
            if (found := _SHORT.get(key)) is None:
                runs = list(_one_run(reading, text, s, e))
                found = _SHORT[key] = (runs[0].gain, runs[0].texts[-1]) if runs else (1, "")
                if len(_SHORT) > 50_000:
                    _SHORT.clear()
            gain, fixed = found
            if gain > 0:
                continue
            script = script or (_script(repaired) if repaired else "")
            before, after = _classes(m.group()), _classes(fixed)
            if not (script and any(c in script for c in after)) or any(c in script for c in before):
                return True
    return False


def _classes(text: str) -> str:
    return text.translate(_CLASSES)[::2]


def _script(text: str) -> str:
    """The classes of the script most letters of ``text`` are written in."""
    classes = _classes(text)
    return max(_GROUPS, key=lambda group: sum(classes.count(c) for c in group))


def _one_run(reading: _Reading, text: str, s: int, e: int) -> Iterator[_Run]:
    part = text[s:e]
    nbsp = reading.nbsp and " " in part
    found = _try(reading, part, nbsp, _alone(text, s, e))
    if found is not None:
        context = (text[max(0, s - 2) : s], text[e : e + 2])
        run = _deepen(part, context, (reading.name, nbsp, found[1]), found[0])
        yield _Run(s, e, run.layers, run.texts, run.gain, run.cost)
    elif e - s >= 3 and _LOST not in part:  # one bad sequence: try each side of it
        try:
            _decode(reading.encode(part.replace(" ", "\xa0")))
        except UnicodeDecodeError as exc:  # one byte per character: offsets agree
            for m in reading.runs.finditer(text, s, s + exc.start):
                yield from _one_run(reading, text, *m.span())
            for m in reading.runs.finditer(text, s + exc.end, e):
                yield from _one_run(reading, text, *m.span())
        except UnicodeEncodeError:
            pass


def _whole_line(text: str, chars: set[str]) -> _Run | None:
    """The whole text as one run, if some reading decodes all of it with evidence (the
    common case, and the fast one), and none of its short runs (one character, the
    size of the traps) looks better as it is."""
    best, seen, reading = None, set(), None
    for r in _ALL:
        if not chars <= r.chars or (r is not _FIRST and chars <= r.as_first):
            continue  # it cannot read the text, or reads it as windows-1252 does
        found = _try(r, text, False, False)
        if found is not None and found[0] not in seen:
            seen.add(found[0])
            run = _deepen(text, ("", ""), (r.name, False, found[1]), found[0], True)
            if run.gain >= LINE_EVIDENCE and (best is None or run.gain > best.gain):
                best, reading = run, r
                if run.gain == run.cost:
                    break  # it looks like clean text: no reading can do better
    if best is None or reading is None:
        return None
    if _quiet(reading, text, 0, len(text), best.texts[-1][:WHOLE_SAMPLE]):
        return None
    return best


def _plan(text: str) -> tuple[list[_Run], list[_Run]]:
    """The runs to repair in one pass, left to right, and the runs left in doubt."""
    chars = set(text)
    whole = _whole_line(text, chars)
    if whole is not None:
        return [whole], []
    readings = [r for r in _ALL if not r.leads.isdisjoint(chars)]
    suspect = _SUSPECT.search(text)
    first = max(0, suspect.start() - 1) if suspect else 0
    coverage = {r.name: len("".join(r.runs.findall(text, first))) for r in readings}
    readings.sort(key=lambda r: -coverage[r.name])  # stable: the order of READINGS on a tie
    chosen: list[_Run] = [
        _Run(m.start(), m.end(), ((SURROGATES, False, "UTF-16"),), (f,), 9, 9)
        for m in _SURROGATE_PAIR.finditer(text)
        for f in [_join(m.group()).decode()]
    ]
    doubtful: list[_Run] = []
    for reading in readings:  # the reading that covers most first; the next ones fill gaps
        if not coverage[reading.name]:
            break
        edges = [0, *(x for r in sorted(chosen, key=lambda r: r.start) for x in (r.start, r.end))]
        gaps = zip(
            edges[::2], [*edges[1::2], len(text)], strict=True
        )  # between the runs already chosen
        runs = [r for start, end in gaps for r in _runs(reading, text, start, end)]
        # The reading's evidence in the line (a lost no-break space is never evidence alone).
        # With enough, a run that looks no worse repaired is repaired too if a run of its
        # stretch has evidence of its own, or if it is a lost no-break space.
        total = sum(max(r.gain, 0) for r in runs if not r.layers[0][1])
        strong = total >= LINE_EVIDENCE
        backed = {r.stretch for r in runs if r.gain > 0 and not r.layers[0][1]}
        for r in runs:
            least = 0 if strong and (r.stretch in backed or r.layers[0][1]) else 1
            if total > 0 and r.gain >= least and (strong or not r.layers[0][1]):
                chosen.append(r)
            elif r.gain == 0 < r.cost:
                doubtful.append(r)
    return sorted(chosen, key=lambda r: r.start), doubtful


def mojibake_score(text: str) -> int:
    """How many characters one layer of repair would take out of ``text`` (one per
    character of two UTF-8 bytes, two per character of three): 0 for text with nothing
    that looks like mojibake.

    >>> mojibake_score("aÃ±o"), mojibake_score("año"), mojibake_score("aÃƒÂ±o")
    (1, 0, 2)
    >>> mojibake_score("«PERÚ»"), mojibake_score("â€œ")  # DA BB: Arabic, in a Latin word
    (0, 2)
    """
    if not _SUSPECT.search(text):
        return 0
    return sum(max(0, r.end - r.start - len(r.texts[0])) for r in _plan(text)[0])


def _whole_text(text: str, steps: list[Step], result: str) -> list[Step] | None:
    """The same repair as whole-text steps, one per layer, if there is one: such steps
    replay on other text damaged the same way."""
    if any(s.nbsp or s.encoding == SURROGATES for s in steps):
        return None
    if not set(text) <= _READINGS[steps[0].encoding].chars:
        return None
    whole = Step(steps[0].encoding, decoding=steps[0].decoding)
    layers: list[Step] = []
    current = text
    while current != result and len(layers) < 3:
        try:
            current = whole.apply(current)
        except UnicodeError:
            return None
        layers.append(whole)
    return layers if current == result else None


def fix_mojibake(text: str, *, max_layers: int = 3) -> Repair:
    """Undo UTF-8 read with a wrong single-byte encoding, run by run, up to ``max_layers``
    layers in the same place.

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
    current = text
    doubtful: list[_Run] = []
    for _ in range(max_layers):
        if not _SUSPECT.search(current):
            break
        chosen, doubtful = _plan(current)
        if not chosen:
            break
        if not steps and len(chosen) == 1 and chosen[0].end - chosen[0].start == len(current):
            # the whole text, every layer it had tried already: whole-text steps
            steps = [Step(e, nbsp=n, decoding=d) for e, n, d in chosen[0].layers]
            current = chosen[0].texts[-1]
            break
        pieces, shift, last = [], 0, 0
        for run in chosen:
            at, size = run.start + shift, run.end - run.start
            for (encoding, nbsp, decoding), after in zip(run.layers, run.texts, strict=True):
                steps.append(Step(encoding, at, at + size, nbsp, decoding))
                size = len(after)
            pieces += [current[last : run.start], run.texts[-1]]
            shift += size - (run.end - run.start)
            last = run.end
        current = "".join(pieces) + current[last:]
        doubtful = []
    whole = _whole_text(text, steps, current) if steps and steps[0].end is not None else None
    done = tuple(steps if whole is None else whole)
    if _LOST in current:
        return Repair(text, current, done, Reason.REPLACEMENT, current.index(_LOST))
    if doubtful:
        return Repair(text, current, done, Reason.IMPLAUSIBLE, doubtful[0].start)
    return Repair(text, current, done, Reason.CLEAN)


def fix_lines(lines: Iterable[str]) -> Iterator[Repair]:
    """:func:`fix_mojibake` on each line of a stream, one at a time (bounded memory: a
    command can repair a file of any size). Line endings pass through unchanged.

    >>> [r.text for r in fix_lines(["aÃ±o\\n", "ok\\n"])]
    ['año\\n', 'ok\\n']
    """
    for line in lines:
        yield fix_mojibake(line)
