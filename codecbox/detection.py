"""Guessing the encoding of bytes, as measured in lesson 6.

Bytes do not say which encoding produced them, so every detector here is a bet.
Two are the course's own stdlib detectors (``v1`` and ``v2``, exactly as
published); two wrap the libraries people actually use (charset-normalizer and
chardet) behind the same signature, so lessons can compare them side by side.

Every detector answers with a :class:`Guess` and never raises on odd bytes:
``Guess(encoding=None, ...)`` means "nothing fits", which a caller must handle.

>>> guess_v1("léfo".encode("cp1252")).how        # é + letter is a valid kanji
'cp932 (v1)'
>>> guess_v2("léfo".encode("cp1252")).how        # v2 scores per byte and rewards é
'cp1252 (v2)'
>>> guess_v2("한글".encode("cp949")).encoding
'cp949'
>>> guess_v2(b"\\xef\\xbb\\xbfhola").encoding
'utf-8-sig'
"""

from __future__ import annotations

import codecs
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from codecbox.errors import DecodeError

__all__ = [
    "DEFAULT_CANDIDATES",
    "DETECTORS",
    "Guess",
    "decode_prefix",
    "guess_chardet",
    "guess_charset_normalizer",
    "guess_v1",
    "guess_v2",
]

#: The legacy encodings of the lesson; on a tie the earlier one wins.
DEFAULT_CANDIDATES: tuple[str, ...] = ("cp1252", "cp932", "euc_jp", "cp949")

_BOM_UTF8 = codecs.BOM_UTF8


@dataclass(frozen=True)
class Guess:
    """A detector's answer: a Python codec name, or None when nothing fits."""

    encoding: str | None
    detector: str
    score: float | None = None

    @property
    def how(self) -> str:
        """Short label for tables and messages, e.g. ``"cp949 (v2)"``."""
        return f"{self.encoding or 'unknown'} ({self.detector})"


def decode_prefix(data: bytes, encoding: str) -> str:
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
    codecbox.errors.DecodeError: cannot decode byte ff at offset 1 as utf-8: invalid start byte
    """
    try:
        return codecs.getincrementaldecoder(encoding)().decode(data, final=False)
    except UnicodeDecodeError as exc:
        # The codec may report positions in a suffix of what it was fed (utf-8-sig
        # drops the BOM first); the suffix always ends where the input ends.
        raise DecodeError.wrap(exc, base=len(data) - len(exc.object)) from exc


def _codec_name(name: str) -> str:
    """Python's canonical name for ``name``; ValueError (naming it) if there is no such codec."""
    try:
        return codecs.lookup(name).name
    except LookupError:
        raise ValueError(f"unknown candidate encoding {name!r}: not a Python codec") from None


def _candidates(candidates: Sequence[str] | None) -> tuple[str, ...]:
    if isinstance(candidates, str):  # a bare "cp1252" would be iterated letter by letter
        raise TypeError("candidates must be a sequence of encoding names, not a str")
    names = DEFAULT_CANDIDATES if candidates is None else tuple(candidates)
    return tuple(_codec_name(name) for name in names)


def _decodes(data: bytes, encoding: str, prefix: bool) -> str | None:
    """The text, or None if ``data`` is not valid in ``encoding`` (as a prefix, if asked)."""
    try:
        return decode_prefix(data, encoding) if prefix else data.decode(encoding)
    except UnicodeDecodeError:
        return None


# --- character scores, one table per version --------------------------------------------------
#
# Rows are (first code point, last code point, score); the first row that contains the
# character wins, then the Unicode category table, else 0. A score may be a function of the
# character when a range is not uniform. Both tables reproduce the published if-chains.


def _hangul_v2(ch: str) -> float:
    # The 2,350 syllables of KS X 1001 sit at B0A1..C8FE in cp949; the other 8,822 are
    # rare in real text, and seeing them means the bytes were probably not cp949.
    b = ch.encode("cp949")
    return 2.0 if (b[0] >= 0xB0 and b[1] >= 0xA1) else -1.0


def _latin1_letter(ch: str) -> float:
    # é, ñ, ü...: letters of U+00C0..U+00FF count, × and ÷ do not.
    return 1.0 if unicodedata.category(ch).startswith("L") else 0.0


Score = float | Callable[[str], float]

_ASCII_ROWS: tuple[tuple[int, int, Score], ...] = (
    (0x09, 0x0A, 1.0),  # tab, line feed: ordinary text
    (0x0D, 0x0D, 1.0),  # carriage return
    (0x20, 0x7E, 1.0),  # printable ASCII
    (0x00, 0x7F, -5.0),  # other C0 controls and DEL
)

V1_ROWS: tuple[tuple[int, int, Score], ...] = _ASCII_ROWS + (
    (0x3041, 0x30FF, 2.0),  # hiragana, katakana
    (0xAC00, 0xD7A3, 2.0),  # hangul syllables
    (0x4E00, 0x9FFF, 1.0),  # kanji / hanja
    (0xFF61, 0xFF9F, -1.0),  # half-width katakana: rare, typical of misread bytes
)
V1_CATEGORIES: dict[str, float] = {"Cc": -5.0, "Co": -5.0}  # controls, private use

V2_ROWS: tuple[tuple[int, int, Score], ...] = _ASCII_ROWS + (
    (0x3041, 0x30FF, 2.0),  # kana
    (0xAC00, 0xD7A3, _hangul_v2),  # hangul: only the common ones score
    (0x4E00, 0x9FFF, 1.5),  # kanji / hanja
    (0x3000, 0x303F, 1.5),  # CJK punctuation
    (0xFF01, 0xFF5E, 1.5),  # full-width ASCII
    (0x2010, 0x2026, 1.0),  # dashes, smart quotes, ellipsis
    (0xFF61, 0xFF9F, -1.0),  # half-width katakana
    (0x3131, 0x318E, -1.0),  # hangul compatibility jamo
    (0x00C0, 0x00FF, _latin1_letter),  # é, ñ, ü
)
V2_CATEGORIES: dict[str, float] = {"Cc": -5.0, "Co": -5.0, "Cn": -5.0}


def _scorer(rows: tuple[tuple[int, int, Score], ...], categories: dict[str, float]):
    @lru_cache(maxsize=65536)
    def score(ch: str) -> float:
        o = ord(ch)
        for lo, hi, value in rows:
            if lo <= o <= hi:
                return value(ch) if callable(value) else value
        return categories.get(unicodedata.category(ch), 0.0)

    return score


char_score_v1 = _scorer(V1_ROWS, V1_CATEGORIES)
char_score_v2 = _scorer(V2_ROWS, V2_CATEGORIES)


def _stdlib_guess(
    data: bytes,
    candidates: Sequence[str] | None,
    prefix: bool,
    detector: str,
    average: Callable[[str, bytes], float],
) -> Guess:
    """The shared frame of v1 and v2: BOM, then UTF-8, then the best-scoring candidate."""
    names = _candidates(candidates)
    if data.startswith(_BOM_UTF8):
        return Guess("utf-8-sig", detector)
    if _decodes(data, "utf-8", prefix) is not None:
        return Guess("utf-8", detector)
    best, best_score = None, float("-inf")
    for name in names:
        text = _decodes(data, name, prefix)
        if text is None:
            continue
        score = average(text, data)
        if score > best_score:  # strict: on a tie the earlier candidate stays
            best, best_score = name, score
    return Guess(best, detector, None if best is None else best_score)


def _v1_average(text: str, data: bytes) -> float:
    # Per character; a prefix may decode to no character at all (only a cut lead byte).
    return sum(char_score_v1(c) for c in text) / len(text) if text else 0.0


def _v2_average(text: str, data: bytes) -> float:
    # Per byte, so one two-byte kanji cannot outweigh two one-byte Latin letters.
    return sum(char_score_v2(c) for c in text) / len(data)


def guess_v1(
    data: bytes, candidates: Sequence[str] | None = None, *, prefix: bool = False
) -> Guess:
    """Lesson 6's first detector: character-class scores averaged per character.

    Known weakness (kept on purpose, it is what the lesson measures): short
    Spanish or English cp1252 text loses to an East Asian reading, because é or
    ’ followed by a letter is a valid kanji (or hangul, worth even more).

    >>> "It’s".encode("cp1252").decode("cp949")
    'It뭩'
    >>> guess_v1("It’s".encode("cp1252")).how
    'cp949 (v1)'
    >>> guess_v1(b"plain ascii").how
    'utf-8 (v1)'
    """
    return _stdlib_guess(data, candidates, prefix, "v1", _v1_average)


def guess_v2(
    data: bytes, candidates: Sequence[str] | None = None, *, prefix: bool = False
) -> Guess:
    """Lesson 6's second detector: per-byte average, rewards Latin letters and smart quotes.

    With ``prefix=True`` the input is treated as the start of something longer,
    so a character cut at the end does not disqualify an encoding.

    >>> cut = ("한국어 " * 3).encode("cp949")[:5]
    >>> guess_v2(cut).how, guess_v2(cut, prefix=True).how
    ('cp1252 (v2)', 'cp949 (v2)')
    >>> guess_v2(b"a\\xf1o", candidates=["cp932", "cp1252"]).how
    'cp1252 (v2)'
    """
    return _stdlib_guess(data, candidates, prefix, "v2", _v2_average)


# --- library adapters -------------------------------------------------------------------------
#
# With ``candidates`` given, v1 and v2 still try the BOM and UTF-8 first; the candidates
# are the *legacy* fallbacks. The adapters keep that meaning by always adding UTF-8 (with
# and without BOM) to the list they pass to the library.


def _charset_normalizer_names(candidates: Sequence[str] | None) -> list[str] | None:
    from charset_normalizer.utils import iana_name

    if candidates is None:
        return None
    names = ["utf_8"]
    for given, name in zip(candidates, _candidates(candidates), strict=True):
        if name == "utf-8-sig":  # charset-normalizer reports it as utf_8 with a BOM
            continue
        try:
            names.append(iana_name(name, strict=True))
        except ValueError:
            raise ValueError(f"charset-normalizer does not support candidate {given!r}") from None
    return names


def guess_charset_normalizer(
    data: bytes, candidates: Sequence[str] | None = None, *, prefix: bool = False
) -> Guess:
    """Ask charset-normalizer (``from_bytes(...).best()``); score is its chaos (lower is better).

    charset-normalizer does *not* tolerate a prefix cut mid-character: it
    answers None, or a wrong single-byte code page. So with ``prefix=True`` it
    is also asked about the input minus its last 1, 2 and 3 bytes (one of those
    ends on a character boundary), and its own ranking picks the best answer.
    """
    from charset_normalizer import from_bytes

    isolation = _charset_normalizer_names(candidates)
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
    name = codecs.lookup(best.encoding).name
    if name == "utf-8" and best.bom:
        name = "utf-8-sig"
    return Guess(name, "charset-normalizer", best.chaos)


def _chardet_names(candidates: Sequence[str] | None) -> list[str] | None:
    from chardet.registry import lookup_encoding

    if candidates is None:
        return None
    names = ["utf-8-sig", "utf-8"]
    for given, name in zip(candidates, _candidates(candidates), strict=True):
        # chardet knows "euc-jp" but not Python's "euc_jp"
        known = lookup_encoding(name) or lookup_encoding(name.replace("_", "-"))
        if known is None:
            raise ValueError(f"chardet does not support candidate {given!r}")
        names.append(known)
    return names


def guess_chardet(
    data: bytes, candidates: Sequence[str] | None = None, *, prefix: bool = False
) -> Guess:
    """Ask chardet 7 (``chardet.detect``); score is its confidence (0..1).

    chardet only examines the first ``max_bytes`` anyway, so it already
    tolerates an input cut mid-character: ``prefix`` changes nothing here.
    Without candidates it reports decode-safe supersets (cp949 rather than
    euc_kr); with candidates it stays inside them. Note: when nothing fits,
    chardet answers cp1252 with confidence 0.10 (its ``no_match_encoding``),
    passed on as is (the score shows it); if cp1252 is not a candidate it
    answers None instead, with a ``UserWarning``.
    """
    import chardet

    include = _chardet_names(candidates)
    result = chardet.detect(
        data,
        include_encodings=include,
        prefer_superset=candidates is None,
    )
    name = result.get("encoding")
    if name is None:
        return Guess(None, "chardet", result.get("confidence"))
    return Guess(codecs.lookup(name).name, "chardet", result.get("confidence"))


DETECTORS: dict[str, Callable[..., Guess]] = {
    "v1": guess_v1,
    "v2": guess_v2,
    "charset-normalizer": guess_charset_normalizer,
    "chardet": guess_chardet,
}
