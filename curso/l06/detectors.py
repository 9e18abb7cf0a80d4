"""Lesson 6's two stdlib detectors, v1 and v2, as the published lesson describes them.

Both follow the published frame: a UTF-8 byte order mark gives ``utf-8-sig``, valid
UTF-8 gives ``utf-8``, otherwise each candidate decodes the bytes and the reading
with the best average character score wins (the earlier candidate on a tie).

* **v2** scores per byte with the table that became codecbox's ``stdlib`` detector
  (:data:`codecbox.detection.SCORE_ROWS`); codecbox's version also honours the
  UTF-16 and UTF-32 byte order marks, the published v2 only the UTF-8 one.
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
from collections.abc import Callable, Sequence

from codecbox.detection import (
    ASCII_ROWS,
    DEFAULT_CANDIDATES,
    SCORE_CATEGORIES,
    SCORE_ROWS,
    Guess,
    ScoreRows,
    char_score,
    guess_by_score,
    mean_score_per_byte,
    scorer,
)
from codecbox.labels import Encoding, resolve
from codecbox.rules import Rule
from curso.render import Table

__all__ = [
    "DEFAULT_CANDIDATES",
    "V1_CATEGORIES",
    "V1_ROWS",
    "V2_CATEGORIES",
    "V2_ROWS",
    "char_score_v1",
    "char_score_v2",
    "guess_v1",
    "guess_v2",
    "score_readings",
    "score_table",
]

V1_ROWS: ScoreRows = ASCII_ROWS + (
    (0x3041, 0x30FF, 2.0),  # hiragana, katakana
    (0xAC00, 0xD7A3, 2.0),  # hangul syllables
    (0x4E00, 0x9FFF, 1.0),  # kanji / hanja
    (0xFF61, 0xFF9F, -1.0),  # half-width katakana: rare, typical of misread bytes
)
V1_CATEGORIES: dict[str, float] = {"Cc": -5.0, "Co": -5.0}  # controls, private use
char_score_v1 = scorer(V1_ROWS, V1_CATEGORIES)

#: v2's tables are codecbox's stdlib detector's.
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
