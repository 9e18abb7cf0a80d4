"""Undo mojibake: UTF-8 text that was decoded as windows-1252 or ISO-8859-1, once or more.

``"año"`` stored as UTF-8 (``61 C3 B1 6F``) and read as windows-1252 becomes ``"aÃ±o"``.
The damage is reversible while every byte survived: encode the text back with the wrong
encoding, decode the bytes as UTF-8. :func:`fix_mojibake` does that, one layer at a time,
and returns the result as data (:class:`Repair`): the text, the :class:`Step` s it took,
and why it stopped (:class:`Reason`). :func:`apply_steps` replays the steps on other text
damaged the same way. ftfy (``ftfy.fix_and_explain``) is the production tool with the same
idea and many more heuristics; this module is deliberately small and conservative.

It never makes text worse. A step is taken only if

* every character can be written back in the wrong encoding (no U+FFFD, which means the
  bytes were already lost, and nothing outside windows-1252 or ISO-8859-1),
* the bytes decode strictly as UTF-8,
* every character the step decodes looks like a repair (:func:`mojibake_score`), and
* the result scores lower than the text.

>>> r = fix_mojibake("aÃƒÂ±o")
>>> r.text, [str(s) for s in r.steps], r.reason.value
('año', ['encode as windows-1252, decode as UTF-8', 'encode as windows-1252, decode as UTF-8'], \
'clean')
>>> apply_steps("SeÃƒÂ±al", r.steps)
'Señal'
>>> r = fix_mojibake("Ã\\ufffdngel")
>>> r.text, r.steps, r.reason.value, r.position
('Ã\\ufffdngel', (), 'replacement', 1)
>>> fix_mojibake("«PERÚ»").changed
False
"""

from __future__ import annotations

import codecs
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "LATIN_1",
    "UNDEFINED_IN_WINDOWS_1252",
    "WINDOWS_1252",
    "Reason",
    "Repair",
    "Step",
    "apply_steps",
    "fix_mojibake",
    "mojibake_score",
]

#: The encoding names a :class:`Step` can name.
WINDOWS_1252 = "windows-1252"
LATIN_1 = "ISO-8859-1"

#: The five bytes Python's cp1252 codec leaves undefined. Browsers (the WHATWG
#: Encoding Standard) decode each one as the C1 control of the same number.
UNDEFINED_IN_WINDOWS_1252: tuple[int, ...] = tuple(
    b for b in range(0x80, 0xA0) if bytes([b]).decode("cp1252", "replace") == "\ufffd"
)

# windows-1252 as browsers define it: Python's cp1252, with the five undefined bytes
# mapped to U+0081, U+008D, U+008F, U+0090 and U+009D (as in ISO-8859-1).
_WINDOWS_1252_TABLE = "".join(
    chr(b) if b in UNDEFINED_IN_WINDOWS_1252 else bytes([b]).decode("cp1252") for b in range(256)
)
_WINDOWS_1252_ENCODING = codecs.charmap_build(_WINDOWS_1252_TABLE)

# Every character either wrong reading can produce -> its byte. ISO-8859-1 gives
# U+0000-U+00FF; windows-1252 adds its 27 letters and signs in 0x80-0x9F.
_BYTE_OF: dict[str, int] = {chr(b): b for b in range(256)}
_BYTE_OF.update({ch: b for b, ch in enumerate(_WINDOWS_1252_TABLE)})


def _encode(text: str, encoding: str) -> bytes:
    if encoding == WINDOWS_1252:
        return codecs.charmap_encode(text, "strict", _WINDOWS_1252_ENCODING)[0]
    if encoding == LATIN_1:
        return text.encode("latin-1")
    raise ValueError(f"a step encodes as {WINDOWS_1252!r} or {LATIN_1!r}, not {encoding!r}")


class Reason(str, Enum):
    """Why :func:`fix_mojibake` stopped; the value is how reports spell it."""

    #: nothing in the text looks like mojibake (any more)
    CLEAN = "clean"
    #: a U+FFFD is in the text: the bytes it replaced are lost, nothing can bring them back
    REPLACEMENT = "replacement"
    #: a character neither windows-1252 nor ISO-8859-1 has (the text is not one wrong reading)
    UNENCODABLE = "unencodable"
    #: ISO-8859-1 controls (U+0080-U+009F) beside windows-1252 signs: two different readings
    MIXED = "mixed"
    #: the bytes written back are not valid UTF-8 (clean text beside broken, or a byte lost)
    INVALID_UTF8 = "invalid UTF-8"
    #: UTF-8 would decode, but would also change characters that do not look like mojibake
    IMPLAUSIBLE = "implausible"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Step:
    """One layer undone: encode the text as ``encoding``, decode the bytes as UTF-8."""

    #: the encoding the UTF-8 bytes were wrongly read as: WINDOWS_1252 or LATIN_1
    encoding: str

    def __post_init__(self) -> None:
        if self.encoding not in (WINDOWS_1252, LATIN_1):
            raise ValueError(f"a step encodes as {WINDOWS_1252!r} or {LATIN_1!r}")

    def apply(self, text: str) -> str:
        """The step on ``text``, strictly: UnicodeEncodeError or UnicodeDecodeError if it
        does not apply."""
        return _encode(text, self.encoding).decode("utf-8")

    def __str__(self) -> str:
        return f"encode as {self.encoding}, decode as UTF-8"


@dataclass(frozen=True)
class Repair:
    """What :func:`fix_mojibake` did: the result, the steps, and why it stopped."""

    #: the text as it was given
    original: str
    #: the text after the steps (``original`` if no step was taken)
    text: str
    #: the steps taken, in order; :func:`apply_steps` replays them
    steps: tuple[Step, ...]
    #: why no further step was taken
    reason: Reason
    #: where in ``text`` the reason was found (None when the text is clean)
    position: int | None = None

    @property
    def changed(self) -> bool:
        return self.text != self.original


def apply_steps(text: str, steps: Iterable[Step]) -> str:
    """Replay the steps of a :class:`Repair` on ``text``, strictly (like ftfy's ``apply_plan``).

    >>> apply_steps("Ã±", [Step(WINDOWS_1252)])
    'ñ'
    """
    for step in steps:
        text = step.apply(text)
    return text


# --- how mojibake-like a text is ----------------------------------------------------------


# The accents of the letters U+00C0-U+017F, as combining marks (U+0301 in "e\u0301"):
# decomposed text (NFD) read as windows-1252 is still a repair of a Latin word.
_ACCENTS = frozenset(
    chr(int(part, 16))
    for cp in range(0xC0, 0x180)
    for part in unicodedata.decomposition(chr(cp)).split()[1:]
)


def _plausible(decoded: str, after_letter: bool) -> bool:
    """Does decoding this sequence look like a repair?

    Never if it gives an unassigned code point. Right after a letter of the text itself
    (``R`` in ``PERÚ»``) the sequence is part of a word, and a repair of a word gives a
    character of Latin-1 or Latin Extended-A (``aÃ±o``), one of their accents, or a sign
    from U+2000 up (``palabraâ€”``), never a letter of another script (``PERÚ»`` would
    become ``PERڻ``, with an Arabic letter).
    """
    category = unicodedata.category(decoded)
    if category == "Cn":
        return False
    if not after_letter:
        return True
    code = ord(decoded)
    return code < 0x180 or decoded in _ACCENTS or (code >= 0x2000 and category[0] not in "LMC")


def _sequences(text: str) -> Iterable[tuple[int, int, str, bool]]:
    """(start, length, decoded, plausible) for each run of ``text`` whose bytes under the
    wrong readings form one valid UTF-8 multibyte character."""
    i, n = 0, len(text)
    previous_in_sequence = False
    while i < n:
        lead = _BYTE_OF.get(text[i])
        size = 2 if lead is not None and 0xC2 <= lead <= 0xDF else 0
        if lead is not None and 0xE0 <= lead <= 0xEF:
            size = 3
        elif lead is not None and 0xF0 <= lead <= 0xF4:
            size = 4
        if size and i + size <= n:
            raw = [_BYTE_OF.get(ch) for ch in text[i : i + size]]
            if None not in raw:
                try:
                    decoded = bytes(b for b in raw if b is not None).decode("utf-8")
                except UnicodeDecodeError:
                    pass
                else:
                    after_letter = i > 0 and text[i - 1].isalpha() and not previous_in_sequence
                    yield i, size, decoded, _plausible(decoded, after_letter)
                    i += size
                    previous_in_sequence = True
                    continue
        previous_in_sequence = False
        i += 1


def mojibake_score(text: str) -> int:
    """How many runs of ``text`` look like one UTF-8 character read as windows-1252 or
    ISO-8859-1 (``Ã±``, ``â€œ``, ``ðŸ˜€``) and would make sense decoded.

    >>> mojibake_score("aÃ±o"), mojibake_score("año"), mojibake_score("aÃƒÂ±o")
    (1, 0, 2)
    >>> mojibake_score("«PERÚ»")  # DA BB is UTF-8 for an Arabic letter, inside a Latin word
    0
    """
    return sum(plausible for _, _, _, plausible in _sequences(text))


# --- the fixer ----------------------------------------------------------------------------


def _next_step(text: str) -> Step | tuple[Reason, int | None]:
    """The step that undoes one layer of ``text``, or why there is none (and where)."""
    if "\ufffd" in text:
        return Reason.REPLACEMENT, text.index("\ufffd")
    score = mojibake_score(text)
    if score == 0:
        return Reason.CLEAN, None
    for encoding in (WINDOWS_1252, LATIN_1):
        try:
            data = _encode(text, encoding)
        except UnicodeEncodeError:
            continue
        break
    else:
        outside = [i for i, ch in enumerate(text) if ch not in _BYTE_OF]
        if outside:
            return Reason.UNENCODABLE, outside[0]
        # every character is in one reading or the other, but not all in the same one
        controls = [i for i, ch in enumerate(text) if ch not in _WINDOWS_1252_TABLE]
        return Reason.MIXED, controls[0]
    try:
        fixed = data.decode("utf-8")  # one byte per character: byte offsets are text offsets
    except UnicodeDecodeError as exc:
        return Reason.INVALID_UTF8, exc.start
    for start, _, _, plausible in _sequences(text):
        if not plausible:
            return Reason.IMPLAUSIBLE, start
    if mojibake_score(fixed) >= score:  # never happens (see the tests): the rule, stated
        return Reason.IMPLAUSIBLE, 0
    return Step(encoding)


def fix_mojibake(text: str) -> Repair:
    """Undo UTF-8 read as windows-1252 or ISO-8859-1, as many times as it happened.

    Each layer is undone only under the rules in the module's docstring, so clean text
    comes back unchanged and a text that cannot be repaired whole is left as it is, with
    the :class:`Reason` and the position that stopped it.

    >>> r = fix_mojibake("Â¿QuÃ©?")
    >>> r.text, r.reason.value, len(r.steps)
    ('¿Qué?', 'clean', 1)
    >>> r = fix_mojibake("5€ y aÃ±o")  # a clean € (byte 80) cannot start a UTF-8 character
    >>> r.changed, r.reason.value, r.position
    (False, 'invalid UTF-8', 1)
    """
    steps: list[Step] = []
    current = text
    while True:
        found = _next_step(current)
        if not isinstance(found, Step):
            reason, position = found
            return Repair(text, current, tuple(steps), reason, position)
        steps.append(found)
        current = found.apply(current)
