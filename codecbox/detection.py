"""Guessing the encoding of bytes, with one signature for every detector.

Bytes do not say which encoding produced them, so every detector is a bet. Three
share the :class:`Detector` signature here:

* ``stdlib`` (:func:`guess_stdlib`): a small detector built on Python's codecs. A byte
  order mark decides, then valid UTF-8, then each candidate codec (by default
  :data:`DEFAULT_CANDIDATES`) decodes the bytes and the reading whose characters look
  most like real text, scored per byte (:func:`char_score`), wins;
* ``charset-normalizer`` (:func:`guess_charset_normalizer`), a dependency of codecbox;
* ``chardet`` (:func:`guess_chardet`), installed with ``pip install 'codecbox[chardet]'``.

Every detector answers with a :class:`Guess` and never raises on odd bytes:
``Guess(encoding=None, ...)`` means "nothing fits", which a caller must handle.
:func:`guess_by_score` builds a detector of the same shape from any scoring function.

>>> guess_stdlib("léfo".encode("cp1252")).how
'windows-1252 (stdlib)'
>>> g = guess_stdlib("한글".encode("cp949"))
>>> g.encoding, g.rule.value, g.confidence
(Encoding(name='EUC-KR', codec='cp949'), 'detected', None)
>>> guess_stdlib(b"\\xef\\xbb\\xbfhola").encoding.codec
'utf-8-sig'
"""

from __future__ import annotations

import codecs
import importlib.util
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from codecbox.errors import DecodeError
from codecbox.labels import Encoding, resolve
from codecbox.rules import Rule
from codecbox.sniffing import bom

__all__ = [
    "ASCII_ROWS",
    "DEFAULT_CANDIDATES",
    "DETECTORS",
    "SCORE_CATEGORIES",
    "SCORE_ROWS",
    "Detector",
    "ScoreRows",
    "Guess",
    "char_score",
    "decode_prefix",
    "detector_for",
    "guess_by_score",
    "guess_chardet",
    "guess_charset_normalizer",
    "guess_stdlib",
    "mean_score_per_byte",
    "scorer",
]

#: The legacy encodings ``stdlib`` tries when no candidates are given; on a tie the
#: earlier one wins.
DEFAULT_CANDIDATES: tuple[str, ...] = ("cp1252", "cp932", "euc_jp", "cp949")


@dataclass(frozen=True)
class Guess:
    """A detector's answer, or ``encoding=None`` when nothing fits.

    ``rule`` says how the detector decided (:attr:`Rule.BOM`, :attr:`Rule.VALID_UTF8`
    or :attr:`Rule.DETECTED`). ``confidence`` is the detector's own probability in
    [0, 1], or None when it has none (``stdlib`` scores, it does not estimate).
    ``raw`` is the detector's native metric under its own name, e.g.
    ``("chaos", 0.02)`` for charset-normalizer (lower is better) or
    ``("mean score per byte", 1.0)`` for ``stdlib`` (higher is better): compare
    raw metrics only within one detector.
    """

    encoding: Encoding | None
    detector: str
    rule: Rule = Rule.DETECTED
    confidence: float | None = None
    raw: tuple[str, float] | None = None

    @property
    def confident(self) -> bool:
        """True only when a byte order mark or valid UTF-8 decided, never for a guess."""
        return self.encoding is not None and self.rule.certain

    @property
    def how(self) -> str:
        """Short label for tables and messages, e.g. ``"EUC-KR (stdlib)"``."""
        return f"{self.encoding or 'unknown'} ({self.detector})"


class Detector(Protocol):
    """What every detector is: bytes (and optional candidates) in, a :class:`Guess` out.

    ``prefix=True`` says the bytes are the start of a longer input, so a character
    cut at the end must not disqualify an encoding.
    """

    def __call__(
        self,
        data: bytes,
        candidates: Sequence[str | Encoding] | None = None,
        *,
        prefix: bool = False,
    ) -> Guess: ...


def decode_prefix(data: bytes, encoding: str | Encoding) -> str:
    """Decode the *start* of a longer input: a character cut at the end is not an error.

    ``data[:65536]`` splits a multibyte character most of the time; strict
    decoding would then call valid UTF-8 invalid. An incremental decoder with
    ``final=False`` holds the unfinished bytes back instead. Bytes that are
    wrong wherever the input continues still raise (a :class:`DecodeError`).

    >>> decode_prefix("año".encode("utf-8")[:2], "utf-8")
    'a'
    >>> decode_prefix(b"a\\xffb", "utf-8")
    Traceback (most recent call last):
    ...
    codecbox.errors.DecodeError: cannot decode byte ff at offset 1 as UTF-8: invalid start byte
    """
    enc = resolve(encoding)
    if enc.codec is None:
        raise ValueError(f"{enc.name} has no decoder")
    try:
        return codecs.getincrementaldecoder(enc.codec)().decode(data, final=False)
    except UnicodeDecodeError as exc:
        # The codec may report positions in a suffix of what it was fed (utf-8-sig
        # drops the BOM first); the suffix always ends where the input ends.
        base = len(data) - len(exc.object)
        raise DecodeError.wrap(exc, base=base, encoding=enc.name) from exc


def _candidates(candidates: Sequence[str | Encoding] | None) -> tuple[Encoding, ...]:
    if isinstance(candidates, str):  # a bare "cp1252" would be iterated letter by letter
        raise TypeError("candidates must be a sequence of encoding names, not a str")
    names = DEFAULT_CANDIDATES if candidates is None else tuple(candidates)
    out = tuple(resolve(name) for name in names)
    for enc in out:
        if enc.codec is None:
            raise ValueError(f"{enc.name} cannot be a candidate: it has no decoder")
    return out


def _decodes(data: bytes, codec: str, prefix: bool) -> str | None:
    """The text, or None if ``data`` is not valid in ``codec`` (as a prefix, if asked)."""
    try:
        if prefix:
            return codecs.getincrementaldecoder(codec)().decode(data, final=False)
        return data.decode(codec)
    except UnicodeError:  # BOM-less utf-16/utf-32 raise the base class
        return None


# --- character scores ---------------------------------------------------------------------
#
# Rows are (first code point, last code point, score); the first row that contains the
# character wins, then the Unicode category table, else 0. A score may be a function of
# the character when a range is not uniform.


def _hangul(ch: str) -> float:
    # The 2,350 syllables of KS X 1001 sit at B0A1..C8FE in cp949; the other 8,822 are
    # rare in real text, and seeing them means the bytes were probably not cp949.
    b = ch.encode("cp949")
    return 2.0 if (b[0] >= 0xB0 and b[1] >= 0xA1) else -1.0


def _latin1_letter(ch: str) -> float:
    # é, ñ, ü...: letters of U+00C0..U+00FF count, × and ÷ do not.
    return 1.0 if unicodedata.category(ch).startswith("L") else 0.0


Score = float | Callable[[str], float]
ScoreRows = tuple[tuple[int, int, Score], ...]

#: Printable ASCII and the usual whitespace are text; other controls are not.
ASCII_ROWS: ScoreRows = (
    (0x09, 0x0A, 1.0),  # tab, line feed: ordinary text
    (0x0D, 0x0D, 1.0),  # carriage return
    (0x20, 0x7E, 1.0),  # printable ASCII
    (0x00, 0x7F, -5.0),  # other C0 controls and DEL
)

#: The ``stdlib`` detector's character scores.
SCORE_ROWS: ScoreRows = ASCII_ROWS + (
    (0x3041, 0x30FF, 2.0),  # kana
    (0xAC00, 0xD7A3, _hangul),  # hangul: only the common ones score
    (0x4E00, 0x9FFF, 1.5),  # kanji / hanja
    (0x3000, 0x303F, 1.5),  # CJK punctuation
    (0xFF01, 0xFF5E, 1.5),  # full-width ASCII
    (0x2010, 0x2026, 1.0),  # dashes, smart quotes, ellipsis
    (0xFF61, 0xFF9F, -1.0),  # half-width katakana
    (0x3131, 0x318E, -1.0),  # hangul compatibility jamo
    (0x00C0, 0x00FF, _latin1_letter),  # é, ñ, ü
)
#: Scores by Unicode category for characters no row covers: controls, private use, unassigned.
SCORE_CATEGORIES: dict[str, float] = {"Cc": -5.0, "Co": -5.0, "Cn": -5.0}


def scorer(rows: ScoreRows, categories: dict[str, float]) -> Callable[[str], float]:
    """A cached per-character score function from a row table and a category table."""

    @lru_cache(maxsize=65536)
    def score(ch: str) -> float:
        o = ord(ch)
        for lo, hi, value in rows:
            if lo <= o <= hi:
                return value(ch) if callable(value) else value
        return categories.get(unicodedata.category(ch), 0.0)

    return score


#: The score of one character for ``stdlib``: kana +2, common hangul +2, kanji +1.5...
char_score = scorer(SCORE_ROWS, SCORE_CATEGORIES)


def mean_score_per_byte(text: str, data: bytes) -> float:
    """``stdlib``'s measure of a reading: character scores summed, divided by the bytes.

    Per byte, so one two-byte kanji cannot outweigh two one-byte Latin letters.
    """
    return sum(char_score(c) for c in text) / len(data)


def guess_by_score(
    data: bytes,
    candidates: Sequence[str | Encoding] | None,
    *,
    prefix: bool,
    score: Callable[[str, bytes], float],
    detector: str,
    metric: str = "score",
    boms: bool = True,
) -> Guess:
    """A detector made of a scoring function: BOM, then valid UTF-8, then the best reading.

    Every candidate that decodes ``data`` (as a prefix if ``prefix``) is scored with
    ``score(text, data)``; the highest wins, and on a tie the earlier candidate stays.
    ``boms=False`` skips the byte order marks (the bytes then go to UTF-8 and the
    candidates as they are).

    >>> def vowels(text, data):
    ...     return sum(c in "aeiouáéíóú" for c in text) / len(data)
    >>> guess_by_score("canción".encode("cp1252"), ["cp1252", "cp1251"], prefix=False,
    ...                score=vowels, detector="vowels").how
    'windows-1252 (vowels)'
    """
    names = _candidates(candidates)
    found = bom(data, keep=True) if boms else None
    if found is not None:
        return Guess(found[0], detector, Rule.BOM)
    if _decodes(data, "utf-8", prefix) is not None:
        return Guess(resolve("utf-8"), detector, Rule.VALID_UTF8)
    best: Encoding | None = None
    best_score = float("-inf")
    for enc in names:
        assert enc.codec is not None  # _candidates refuses the replacement encoding
        text = _decodes(data, enc.codec, prefix)
        if text is None:
            continue
        value = score(text, data)
        if value > best_score:  # strict: on a tie the earlier candidate stays
            best, best_score = enc, value
    if best is None:
        return Guess(None, detector)
    return Guess(best, detector, raw=(metric, best_score))


def guess_stdlib(
    data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
) -> Guess:
    """Decode with each candidate and keep the reading that looks most like text.

    Without ``candidates`` it tries :data:`DEFAULT_CANDIDATES` (Western and East
    Asian code pages). Scores are per byte (:func:`mean_score_per_byte`), so Latin
    letters and smart quotes hold their own against CJK readings of the same bytes.
    With ``prefix=True`` the input is treated as the start of something longer,
    so a character cut at the end does not disqualify an encoding.

    >>> cut = ("한국어 " * 3).encode("cp949")[:5]
    >>> guess_stdlib(cut).how, guess_stdlib(cut, prefix=True).how
    ('windows-1252 (stdlib)', 'EUC-KR (stdlib)')
    >>> guess_stdlib(b"a\\xf1o", candidates=["cp932", "cp1252"]).encoding.codec
    'cp1252'
    """
    return guess_by_score(
        data,
        candidates,
        prefix=prefix,
        score=mean_score_per_byte,
        detector="stdlib",
        metric="mean score per byte",
    )


# --- library adapters -------------------------------------------------------------------------
#
# With ``candidates`` given, ``stdlib`` still tries the BOM and UTF-8 first; the candidates
# are the *legacy* fallbacks. The adapters keep that meaning by always adding UTF-8 (with
# and without BOM) to the list they pass to the library.


def _rule(data: bytes, encoding: Encoding) -> Rule:
    """How a library detector's answer was justified, judged from the bytes."""
    for keep in (True, False):
        found = bom(data, keep=keep)
        if found is not None and found[0].codec == encoding.codec:
            return Rule.BOM
    return Rule.VALID_UTF8 if encoding.codec == "utf-8" else Rule.DETECTED


def _library_names(
    candidates: Sequence[str | Encoding] | None,
    known: Callable[[str], str | None],
    library: str,
    utf8: list[str],
) -> list[str] | None:
    """``utf8`` plus the candidates, as names a detector library knows (ValueError if not)."""
    if candidates is None:
        return None
    names = list(utf8)
    for given, enc in zip(candidates, _candidates(candidates), strict=True):
        assert enc.codec is not None
        if enc.codec == "utf-8-sig":  # the libraries report it as UTF-8 with a BOM
            continue
        name = known(enc.codec) or known(enc.codec.replace("_", "-"))
        if name is None:
            raise ValueError(f"{library} does not support candidate {given!r}")
        names.append(name)
    return names


def guess_charset_normalizer(
    data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
) -> Guess:
    """Ask charset-normalizer (``from_bytes(...).best()``).

    ``confidence`` is ``1 - chaos`` (as charset-normalizer's own ``detect()`` reports
    it) and ``raw`` is ``("chaos", chaos)``, where lower is better.

    charset-normalizer does *not* tolerate a prefix cut mid-character: it
    answers None, or a wrong single-byte code page. So with ``prefix=True`` it
    is also asked about the input minus its last 1, 2 and 3 bytes (one of those
    ends on a character boundary), and its own ranking picks the best answer.
    """
    from charset_normalizer import from_bytes
    from charset_normalizer.utils import iana_name

    def known(name: str) -> str | None:
        try:
            return iana_name(name, strict=True)
        except ValueError:
            return None

    isolation = _library_names(candidates, known, "charset-normalizer", ["utf_8"])
    cuts = range(max(1, min(4, len(data)))) if prefix else range(1)
    matches = []
    for cut in cuts:
        # explain=False (the default) keeps charset-normalizer's logger silent.
        best = from_bytes(data[: len(data) - cut], cp_isolation=isolation, explain=False).best()
        if best is not None:
            matches.append(best)
    if not matches:
        return Guess(None, "charset-normalizer")
    best = min(matches)  # its own order: less chaos first, then coherence; stable on ties
    enc = resolve(best.encoding)
    if enc.codec == "utf-8" and best.bom:
        enc = resolve("utf-8-sig")
    chaos = float(best.chaos)
    return Guess(enc, "charset-normalizer", _rule(data, enc), 1.0 - chaos, ("chaos", chaos))


_CHARDET_EXTRA = "the 'chardet' detector needs chardet: pip install 'codecbox[chardet]'"


def _require_chardet() -> None:
    if importlib.util.find_spec("chardet") is None:
        raise ModuleNotFoundError(_CHARDET_EXTRA, name="chardet")


def guess_chardet(
    data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
) -> Guess:
    """Ask chardet 7 (``chardet.detect``); ``confidence`` is chardet's own (0..1).

    Needs the ``chardet`` extra (``pip install 'codecbox[chardet]'``); without it
    this raises ``ModuleNotFoundError`` saying so. chardet only examines the first
    ``max_bytes`` anyway, so it already tolerates an input cut mid-character:
    ``prefix`` changes nothing here. Without candidates it reports decode-safe
    supersets (cp949 rather than euc_kr); with candidates it stays inside them.
    Note: when nothing fits, chardet answers cp1252 with confidence 0.10 (its
    ``no_match_encoding``), passed on as is (the confidence shows it); if cp1252 is
    not a candidate it answers None instead, with a ``UserWarning``.
    """
    _require_chardet()
    import chardet
    from chardet.registry import lookup_encoding

    def known(name: str) -> str | None:
        found = lookup_encoding(name)
        return None if found is None else str(found)

    include = _library_names(candidates, known, "chardet", ["utf-8-sig", "utf-8"])
    result = chardet.detect(data, include_encodings=include, prefer_superset=candidates is None)
    name = result.get("encoding")
    found = result.get("confidence")
    confidence = None if found is None else float(found)
    raw = None if confidence is None else ("confidence", confidence)
    if name is None:
        return Guess(None, "chardet", Rule.DETECTED, confidence, raw)
    enc = resolve(str(name))
    return Guess(enc, "chardet", _rule(data, enc), confidence, raw)


#: Detectors by name, for the functions that take ``detector="..."``.
DETECTORS: dict[str, Detector] = {
    "stdlib": guess_stdlib,
    "charset-normalizer": guess_charset_normalizer,
    "chardet": guess_chardet,
}


def detector_for(detector: str | Detector) -> Detector:
    """A detector by name (one of :data:`DETECTORS`), or the callable itself.

    Fails at once: an unknown name is a ``ValueError``, and ``"chardet"`` without the
    extra installed is a ``ModuleNotFoundError`` that names the extra.

    >>> detector_for("stdlib") is guess_stdlib
    True
    >>> detector_for("v9")
    Traceback (most recent call last):
    ...
    ValueError: unknown detector 'v9'; known: stdlib, charset-normalizer, chardet
    """
    if callable(detector):
        return detector
    try:
        found = DETECTORS[detector]
    except (KeyError, TypeError):
        known = ", ".join(DETECTORS)
        raise ValueError(f"unknown detector {detector!r}; known: {known}") from None
    if found is guess_chardet:
        _require_chardet()
    return found
