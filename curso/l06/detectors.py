"""Lesson 6's two stdlib detectors, v1 and v2, as the published lesson describes them.

Both follow the published frame: a UTF-8 byte order mark gives ``utf-8-sig``, valid
UTF-8 gives ``utf-8``, otherwise each candidate decodes the bytes and the reading
with the best average character score wins (the earlier candidate on a tie).

* **v2** scores per byte with :data:`SCORE_ROWS`; :func:`guess_stdlib`, the same
  detector as codecbox shipped it until codecbox's own detector replaced it, also honours
  the UTF-16 and UTF-32 byte order marks, the published v2 only the UTF-8 one.
* :func:`guess_by_score` makes a detector of that shape (codecbox's :class:`Guess`, the
  ``Detector`` signature) from any scoring function; :func:`scorer` makes a cached
  per-character score from a row table and a category table.
* **v1** scores per character with a simpler table. The published lesson gave v1's
  rules in prose, not its code: this is a reconstruction from that prose, kept
  because its weakness is what the lesson measures.

>>> guess_v1("léfo".encode("cp1252")).how        # é + letter is a valid kanji
'Shift_JIS (v1)'
>>> guess_v2("léfo".encode("cp1252")).how        # v2 scores per byte and rewards é
'windows-1252 (v2)'
>>> guess_v2(b"\\xff\\xfe").encoding.codec         # only the UTF-8 BOM counts
'cp1252'
"""

from __future__ import annotations

import codecs
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache

from codecbox.detection import Guess, candidate_encodings
from codecbox.labels import Encoding, resolve
from codecbox.rules import Rule
from codecbox.sniffing import bom
from curso.render import Table

__all__ = [
    "ASCII_ROWS",
    "DEFAULT_CANDIDATES",
    "SCORE_CATEGORIES",
    "SCORE_ROWS",
    "ScoreRows",
    "V1_CATEGORIES",
    "V1_ROWS",
    "V2_CATEGORIES",
    "V2_ROWS",
    "char_score",
    "char_score_v1",
    "char_score_v2",
    "guess_by_score",
    "guess_stdlib",
    "guess_v1",
    "guess_v2",
    "mean_score_per_byte",
    "score_readings",
    "score_table",
    "scorer",
]

#: The legacy encodings v1, v2 and ``stdlib`` try when no candidates are given; on a tie
#: the earlier one wins.
DEFAULT_CANDIDATES: tuple[str, ...] = ("cp1252", "cp932", "euc_jp", "cp949")


def _decodes(data: bytes, codec: str, prefix: bool) -> str | None:
    """The text, or None if ``data`` is not valid in ``codec`` (as a prefix, if asked)."""
    try:
        if prefix:  # a character cut at the end is held back, not an error
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

#: v2's (and ``stdlib``'s) character scores.
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


#: The score of one character for v2: kana +2, common hangul +2, kanji +1.5...
char_score = scorer(SCORE_ROWS, SCORE_CATEGORIES)


def mean_score_per_byte(text: str, data: bytes) -> float:
    """v2's measure of a reading: character scores summed, divided by the bytes.

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
    names = candidate_encodings(DEFAULT_CANDIDATES if candidates is None else candidates)
    found = bom(data, keep=True) if boms else None
    if found is not None:
        return Guess(found[0], detector, Rule.BOM)
    if _decodes(data, "utf-8", prefix) is not None:
        return Guess(resolve("utf-8"), detector, Rule.VALID_UTF8)
    best: Encoding | None = None
    best_score = float("-inf")
    for enc in names:
        assert enc.codec is not None  # candidate_encodings refuses the replacement encoding
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
    """v2 with every byte order mark: decode with each candidate, keep the reading that
    looks most like text (codecbox's ``stdlib`` detector until codecbox's own replaced it).

    Without ``candidates`` it tries :data:`DEFAULT_CANDIDATES` (Western and East
    Asian code pages). Scores are per byte (:func:`mean_score_per_byte`), so Latin
    letters and smart quotes hold their own against CJK readings of the same bytes.
    With ``prefix=True`` the input is treated as the start of something longer,
    so a character cut at the end does not disqualify an encoding.

    >>> guess_stdlib("léfo".encode("cp1252")).how
    'windows-1252 (stdlib)'
    >>> g = guess_stdlib("한글".encode("cp949"))
    >>> g.encoding, g.rule.value, g.confidence
    (Encoding(name='EUC-KR', codec='cp949'), 'detected', None)
    >>> guess_stdlib(b"\\xef\\xbb\\xbfhola").encoding.codec
    'utf-8-sig'
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


# --- v1 and v2 --------------------------------------------------------------------------------

V1_ROWS: ScoreRows = ASCII_ROWS + (
    (0x3041, 0x30FF, 2.0),  # hiragana, katakana
    (0xAC00, 0xD7A3, 2.0),  # hangul syllables
    (0x4E00, 0x9FFF, 1.0),  # kanji / hanja
    (0xFF61, 0xFF9F, -1.0),  # half-width katakana: rare, typical of misread bytes
)
V1_CATEGORIES: dict[str, float] = {"Cc": -5.0, "Co": -5.0}  # controls, private use
char_score_v1 = scorer(V1_ROWS, V1_CATEGORIES)

#: v2's tables are the ones above (``stdlib``'s).
V2_ROWS: ScoreRows = SCORE_ROWS
V2_CATEGORIES: dict[str, float] = SCORE_CATEGORIES
char_score_v2 = char_score


def _mean_per_char(text: str, data: bytes) -> float:
    # A prefix may decode to no character at all (only a cut lead byte).
    return sum(char_score_v1(c) for c in text) / len(text) if text else 0.0


def _published(
    data: bytes,
    candidates: Sequence[str | Encoding] | None,
    prefix: bool,
    score: Callable[[str, bytes], float],
    name: str,
    metric: str,
) -> Guess:
    if data.startswith(codecs.BOM_UTF8):
        return Guess(resolve("utf-8-sig"), name, Rule.BOM)
    return guess_by_score(
        data, candidates, prefix=prefix, score=score, detector=name, metric=metric, boms=False
    )


def guess_v1(
    data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
) -> Guess:
    """The first detector: character-class scores averaged per character.

    Known weakness (kept on purpose, it is what the lesson measures): short
    Spanish or English cp1252 text loses to an East Asian reading, because é or
    ’ followed by a letter is a valid kanji (or hangul, worth even more).

    >>> "It’s".encode("cp1252").decode("cp949")
    'It뭩'
    >>> guess_v1("It’s".encode("cp1252")).how
    'EUC-KR (v1)'
    """
    return _published(data, candidates, prefix, _mean_per_char, "v1", "mean score per character")


def guess_v2(
    data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
) -> Guess:
    """The second detector: per-byte average, rewards Latin letters and smart quotes.

    >>> cut = ("한국어 " * 3).encode("cp949")[:5]
    >>> guess_v2(cut).encoding.codec, guess_v2(cut, prefix=True).encoding.codec
    ('cp1252', 'cp949')
    """
    return _published(data, candidates, prefix, mean_score_per_byte, "v2", "mean score per byte")


# --- the score tables, as the lesson shows them ---------------------------------------------

#: What each row of V1_ROWS and V2_ROWS covers, and (for rows whose score depends on
#: the character) how it scores, in the lesson's words.
ROW_NAMES: dict[tuple[int, int], str] = {
    (0x09, 0x0A): "tabulador, salto de línea",
    (0x0D, 0x0D): "retorno de carro",
    (0x20, 0x7E): "ASCII imprimible",
    (0x00, 0x7F): "otros controles ASCII",
    (0x3041, 0x30FF): "hiragana y katakana",
    (0xAC00, 0xD7A3): "sílabas hangul",
    (0x4E00, 0x9FFF): "kanji (hanja en coreano)",
    (0x3000, 0x303F): "puntuación japonesa y china",
    (0xFF01, 0xFF5E): "ASCII de ancho completo",
    (0x2010, 0x2026): "rayas, comillas tipográficas, …",
    (0xFF61, 0xFF9F): "katakana de medio ancho",
    (0x3131, 0x318E): "jamo sueltos",
    (0x00C0, 0x00FF): "letras latinas como é, ñ, ü",
}
_BY_FUNCTION = {
    "_hangul": "+2 si está en KS X 1001, -1 si no",
    "_latin1_letter": "+1 si es letra, 0 si no (×, ÷)",
}
_CATEGORY_NAMES = {"Cc": "controles", "Co": "uso privado", "Cn": "sin asignar"}


def _points(value: float | Callable[[str], float]) -> str:
    if callable(value):
        return _BY_FUNCTION[value.__name__]
    return f"{value:+g}"


def score_table(version: str = "v2") -> Table:
    """v1's or v2's character scores as a table: for each character, the first row that
    contains it decides; characters no row covers score by their Unicode category."""
    rows_of, categories = {"v1": (V1_ROWS, V1_CATEGORIES), "v2": (V2_ROWS, V2_CATEGORIES)}[version]
    rows = [
        (f"U+{lo:04X}", f"U+{hi:04X}", ROW_NAMES[(lo, hi)], _points(value))
        for lo, hi, value in rows_of
    ]
    by_category = ", ".join(_CATEGORY_NAMES[c] for c in categories)
    score = {f"{v:+g}" for v in categories.values()}
    rows.append(("", "", f"cualquier otro: {by_category}", "/".join(sorted(score))))
    rows.append(("", "", "cualquier otro carácter", "0"))
    caption = f"Puntos de {version} por carácter (decide la primera fila que lo contiene)"
    return Table(("desde", "hasta", "qué es", "puntos"), tuple(rows), caption)


def score_readings(data: bytes, candidates: Sequence[str] = DEFAULT_CANDIDATES) -> Table:
    """Each candidate's reading of ``data`` with v1's score (per character) and v2's (per byte).

    >>> print(score_readings("léfo".encode("cp1252"), ["cp1252", "cp932"]))
    candidata  lectura  v1 (por carácter)  v2 (por byte)
    cp1252     léfo                  0.75           1.00
    cp932      l馭o                  1.00           0.88
    """
    rows = []
    for codec in candidates:
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            rows.append((codec, "(no decodifica)", "—", "—"))
            continue
        v1 = sum(map(char_score_v1, text)) / len(text) if text else 0.0
        v2 = mean_score_per_byte(text, data)
        rows.append((codec, text, f"{v1:.2f}", f"{v2:.2f}"))
    header = ("candidata", "lectura", "v1 (por carácter)", "v2 (por byte)")
    return Table(header, tuple(rows), align="llrr", row_headers=True)
