"""How often is a detector right? Lesson 6's measurement, rerun on the course's held-out corpus.

The published lesson drew random substrings of 4, 8, 16, 64 and 256 characters, encoded
them in a legacy encoding, asked each detector, and counted a guess as right only if
decoding with it gives back exactly the original text. This module repeats that method on
the course's own held-out paragraphs (``data/corpus/<lang>/heldout.txt``), for the two
stdlib detectors of the lesson and for charset-normalizer and chardet (unrestricted, and
restricted to the same candidates as v1 and v2).

The method, precisely (so that every machine gets the same numbers):

* Text: the paragraphs of one language's held-out file (its non-blank lines, surrounding
  whitespace removed) joined with line feeds, as :func:`held_out_text` returns it. A sample may
  span a paragraph break, as a piece of a real file would: the Japanese and Korean
  paragraphs are 200-260 characters long, so 256-character samples must cross them.
* Drawing: one generator per cell, ``random.Random(f"{SEED}-{lang}-{encoding}-{length}")``
  (a ``str`` seed is hashed with SHA-512, so it ignores ``PYTHONHASHSEED``); each draw is
  one ``rng.randrange(len(text) - length + 1)``, the start. Draws are with replacement.
* Filters, in this order: drop pure-ASCII samples (any guess decodes them right), samples
  the encoding cannot represent, and samples that do not survive ``encode``/``decode``
  unchanged. Keep drawing until ``n`` are kept (at most ``MAX_DRAWS_PER_SAMPLE * n`` draws).
* UTF-8: the same, per language, encoded as UTF-8 (4 languages x 5 lengths x 200 = 4,000).

:func:`measure` caches its :class:`Results` as JSON (``CODECBOX_CACHE`` or ``data/cache/``),
keyed by the corpus, this module's :data:`CACHE_VERSION`, the detectors' source and the
library versions, so a notebook rerun costs a file read.

>>> s = samples("es", "cp1252", 4, n=3)
>>> [len(x.text) for x in s], all(not x.text.isascii() for x in s)
([4, 4, 4], True)
>>> is_correct(Sample("año", "cp1252", b"a\\xf1o"), "cp932")   # a + a private-use char
False
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import hashlib
import html
import io
import json
import os
import random
import sys
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codecbox.corpus import cache_dir, data_dir
from codecbox.detection import (
    DEFAULT_CANDIDATES,
    Guess,
    guess_chardet,
    guess_charset_normalizer,
    guess_v1,
    guess_v2,
)
from codecbox.inspection import display_width, text_table, visible
from codecbox.streaming import write_atomic
from codecbox.widgets import LiveWidget

__all__ = [
    "CASES",
    "CASE_LABELS",
    "COLUMNS",
    "LANGS",
    "LENGTHS",
    "N",
    "ORDERS",
    "PUBLISHED",
    "PUBLISHED_UTF8",
    "SEED",
    "AccuracyExplorer",
    "Misses",
    "Results",
    "Sample",
    "Table",
    "accuracy_explorer",
    "cache_key",
    "corpus_text",
    "explore",
    "held_out_text",
    "is_correct",
    "measure",
    "paragraphs",
    "plot",
    "samples",
    "table",
    "utf8_table",
    "wrong",
]

Case = tuple[str, str]  # (language, Python codec name)

#: The five legacy cases of the published tables, in their order.
CASES: tuple[Case, ...] = (
    ("es", "cp1252"),
    ("en", "cp1252"),
    ("ja", "cp932"),
    ("ja", "euc_jp"),
    ("ko", "cp949"),
)
CASE_LABELS: dict[Case, str] = {
    ("es", "cp1252"): "Español, Windows-1252",
    ("en", "cp1252"): "Inglés, Windows-1252",
    ("ja", "cp932"): "Japonés, CP932",
    ("ja", "euc_jp"): "Japonés, EUC-JP",
    ("ko", "cp949"): "Coreano, CP949",
}
LANGS: tuple[str, ...] = ("es", "en", "ja", "ko")
LANG_LABELS: dict[str, str] = {"es": "Español", "en": "Inglés", "ja": "Japonés", "ko": "Coreano"}
#: The UTF-8 cases: every language, encoded as UTF-8.
UTF8_CASES: tuple[Case, ...] = tuple((lang, "utf-8") for lang in LANGS)

LENGTHS: tuple[int, ...] = (4, 8, 16, 64, 256)
N = 200
SEED = 2026
SPLITS = ("tuning", "heldout")
#: Give up on a cell after this many draws per wanted sample (the corpus cannot supply it).
MAX_DRAWS_PER_SAMPLE = 1000
#: Bump when the method or the JSON layout changes: old caches are then ignored.
CACHE_VERSION = 1

#: The detector columns, in table order; each one maps bytes to a Guess. "restringido"
#: means the same candidate list as v1 and v2 (DEFAULT_CANDIDATES, after UTF-8).
COLUMNS: dict[str, Callable[[bytes], Guess]] = {
    "stdlib v1": guess_v1,
    "stdlib v2": guess_v2,
    "charset-normalizer": guess_charset_normalizer,
    "charset-normalizer (restringido)": functools.partial(
        guess_charset_normalizer, candidates=DEFAULT_CANDIDATES
    ),
    "chardet": guess_chardet,
    "chardet (restringido)": functools.partial(guess_chardet, candidates=DEFAULT_CANDIDATES),
}

# --- the published figures --------------------------------------------------------------------
#
# CITATIONS of the published lesson 6 (its own corpus, its own random draw, PHP 8.5.6 on a
# Mac), NOT measurements of this repository: they are printed beside our measurements,
# always marked "(publicado)". Correct guesses out of 200 per cell.

PHP_A = "PHP lista A (publicado)"  # UTF-8, SJIS-win, EUC-JP, UHC, Windows-1252
PHP_B = "PHP lista B (publicado)"  # UTF-8, UHC, Windows-1252, SJIS-win, EUC-JP
PUBLISHED_N = 200
PUBLISHED: dict[int, dict[str, dict[Case, int]]] = {
    4: {  # "Aciertos sobre 200, muestras de 4 caracteres"
        "stdlib v1": {
            ("es", "cp1252"): 107,
            ("en", "cp1252"): 135,
            ("ja", "cp932"): 60,
            ("ja", "euc_jp"): 195,
            ("ko", "cp949"): 200,
        },
        "stdlib v2": {
            ("es", "cp1252"): 200,
            ("en", "cp1252"): 200,
            ("ja", "cp932"): 185,
            ("ja", "euc_jp"): 195,
            ("ko", "cp949"): 199,
        },
        "PHP lista A": {
            ("es", "cp1252"): 153,
            ("en", "cp1252"): 135,
            ("ja", "cp932"): 200,
            ("ja", "euc_jp"): 200,
            ("ko", "cp949"): 47,
        },
        "PHP lista B": {
            ("es", "cp1252"): 170,
            ("en", "cp1252"): 135,
            ("ja", "cp932"): 200,
            ("ja", "euc_jp"): 60,
            ("ko", "cp949"): 200,
        },
    },
    16: {  # "Muestras de 16 caracteres"
        "stdlib v1": {
            ("es", "cp1252"): 117,
            ("en", "cp1252"): 125,
            ("ja", "cp932"): 80,
            ("ja", "euc_jp"): 200,
            ("ko", "cp949"): 200,
        },
        "stdlib v2": {
            ("es", "cp1252"): 200,
            ("en", "cp1252"): 200,
            ("ja", "cp932"): 200,
            ("ja", "euc_jp"): 200,
            ("ko", "cp949"): 200,
        },
        "PHP lista A": {
            ("es", "cp1252"): 166,
            ("en", "cp1252"): 125,
            ("ja", "cp932"): 200,
            ("ja", "euc_jp"): 200,
            ("ko", "cp949"): 132,
        },
        "PHP lista B": {
            ("es", "cp1252"): 200,
            ("en", "cp1252"): 200,
            ("ja", "cp932"): 200,
            ("ja", "euc_jp"): 152,
            ("ko", "cp949"): 200,
        },
    },
    256: {  # "Con 256 caracteres todos los detectores acertaron 200/200 salvo dos casos:
        #     v1 y la lista A de PHP acertaron solo 179 veces el inglés en CP1252."
        "stdlib v1": {
            ("es", "cp1252"): 200,
            ("en", "cp1252"): 179,
            ("ja", "cp932"): 200,
            ("ja", "euc_jp"): 200,
            ("ko", "cp949"): 200,
        },
        "stdlib v2": {
            ("es", "cp1252"): 200,
            ("en", "cp1252"): 200,
            ("ja", "cp932"): 200,
            ("ja", "euc_jp"): 200,
            ("ko", "cp949"): 200,
        },
        "PHP lista A": {
            ("es", "cp1252"): 200,
            ("en", "cp1252"): 179,
            ("ja", "cp932"): 200,
            ("ja", "euc_jp"): 200,
            ("ko", "cp949"): 200,
        },
        "PHP lista B": {
            ("es", "cp1252"): 200,
            ("en", "cp1252"): 200,
            ("ja", "cp932"): 200,
            ("ja", "euc_jp"): 200,
            ("ko", "cp949"): 200,
        },
    },
}
#: "Las 4,000 muestras UTF-8 fueron correctas para todos": (correct, total) per detector.
PUBLISHED_UTF8: dict[str, tuple[int, int]] = {
    "stdlib v1": (4000, 4000),
    "stdlib v2": (4000, 4000),
    "PHP lista A": (4000, 4000),
    "PHP lista B": (4000, 4000),
}
#: "De nuestras 10,000 muestras antiguas ..., 0 eran UTF-8 válido": (valid, total).
#: (The method section counts 9,000 samples in all, 5,000 of them legacy.)
PUBLISHED_LEGACY_VALID_UTF8: tuple[int, int] = (0, 10000)

# --- corpus and samples -----------------------------------------------------------------------


def corpus_dir() -> Path:
    """``data/corpus`` of the course checkout (beside the ``codecbox`` package)."""
    return data_dir() / "corpus"


def _corpus_path(lang: str, split: str) -> Path:
    if lang not in LANGS:
        raise ValueError(f"unknown corpus language {lang!r}: expected one of {', '.join(LANGS)}")
    if split not in SPLITS:
        raise ValueError(f"unknown corpus split {split!r}: expected 'heldout' or 'tuning'")
    return corpus_dir() / lang / f"{split}.txt"


def corpus_text(lang: str, split: str = "heldout") -> str:
    """The text of one corpus file: one paragraph per line, UTF-8.

    Raises FileNotFoundError (naming the path) outside a course checkout.
    """
    path = _corpus_path(lang, split)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(
            f"course corpus file not found: {path} (lesson 6 measures data/corpus/{lang}/"
            f"{split}.txt of the course repository; run from a checkout, not an installed copy)"
        ) from None


def paragraphs(lang: str, split: str = "heldout") -> tuple[str, ...]:
    """The paragraphs of one corpus file: its non-blank lines, surrounding whitespace removed."""
    return tuple(line.strip() for line in corpus_text(lang, split).splitlines() if line.strip())


def held_out_text(lang: str) -> str:
    """The text samples are drawn from: the held-out paragraphs joined with line feeds."""
    return "\n".join(paragraphs(lang, "heldout"))


@dataclass(frozen=True)
class Sample:
    """One measured sample: the text, the encoding it was saved in, and its bytes."""

    text: str
    encoding: str
    data: bytes


def _rng(lang: str, encoding: str, length: int) -> random.Random:
    # A str seed goes through SHA-512 (seed version 2): the same on every machine and
    # for every PYTHONHASHSEED.
    return random.Random(f"{SEED}-{lang}-{encoding}-{length}")


def _codec(encoding: str) -> str:
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        raise ValueError(f"unknown encoding {encoding!r}: not a Python codec") from None


def samples(
    lang: str,
    encoding: str,
    length: int,
    n: int = N,
    rng: random.Random | None = None,
) -> list[Sample]:
    """Draw ``n`` held-out substrings of ``length`` code points that ``encoding`` stores exactly.

    The method (paragraph choice, filters, draw order) is the module docstring's; ``rng``
    defaults to the cell's own generator, so the result depends only on the arguments and
    the corpus. Raises ValueError if the corpus cannot supply ``n`` such samples.

    >>> [s.text for s in samples("es", "cp1252", 8, n=2)] == [
    ...     s.text for s in samples("es", "cp1252", 8, n=2)]
    True
    """
    encoding = _codec(encoding)
    if length < 1 or n < 0:
        raise ValueError(f"need length >= 1 and n >= 0, got length={length}, n={n}")
    if rng is None:
        rng = _rng(lang, encoding, length)
    text_all = held_out_text(lang)
    total = len(text_all) - length + 1  # possible start positions
    if n and total <= 0:
        raise ValueError(f"the {lang} held-out text is shorter than {length} characters")
    kept: list[Sample] = []
    draws = 0
    while len(kept) < n:
        if draws >= MAX_DRAWS_PER_SAMPLE * n:
            raise ValueError(
                f"the {lang} held-out corpus supplied only {len(kept)} of {n} non-ASCII "
                f"{length}-character samples that {encoding} represents ({draws} draws)"
            )
        draws += 1
        start = rng.randrange(total)
        text = text_all[start : start + length]
        if text.isascii():
            continue
        try:
            data = text.encode(encoding)
        except UnicodeEncodeError:
            continue
        if data.decode(encoding) != text:  # e.g. a character the codec maps elsewhere
            continue
        kept.append(Sample(text, encoding, data))
    return kept


def is_correct(sample: Sample, guessed_encoding: str | Guess | None) -> bool:
    """True only if decoding the sample's bytes with the guess gives back exactly its text.

    A guess of the right *family* counts (latin-1 for cp1252 text without € or smart
    quotes decodes the same); no guess, an unknown codec or a decode error do not.

    >>> s = Sample("año", "cp1252", "año".encode("cp1252"))
    >>> is_correct(s, "cp1252"), is_correct(s, "latin-1"), is_correct(s, "utf-8")
    (True, True, False)
    >>> is_correct(s, None), is_correct(s, "cp932")   # no guess; a + a private-use char
    (False, False)
    """
    if isinstance(guessed_encoding, Guess):
        guessed_encoding = guessed_encoding.encoding
    if guessed_encoding is None:
        return False
    try:
        return sample.data.decode(guessed_encoding) == sample.text
    except (UnicodeDecodeError, LookupError):
        return False


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


# --- results and cache ------------------------------------------------------------------------

Cell = tuple[str, Case, int]  # (column, (lang, encoding), length)
Miss = tuple[str, "str | None"]  # (sample text, guessed encoding)


@dataclass(frozen=True)
class Results:
    """Everything :func:`measure` counted.

    ``correct[(column, case, length)]`` is the number of right guesses out of ``n``;
    ``case`` is one of :data:`CASES` or a UTF-8 case ``(lang, "utf-8")``.
    ``misses`` holds, per cell, every wrong ``(text, guess)`` in drawing order.
    """

    columns: tuple[str, ...]
    lengths: tuple[int, ...]
    n: int
    correct: dict[Cell, int]
    misses: dict[Cell, tuple[Miss, ...]]
    legacy_valid_utf8: int  #: legacy samples whose bytes are also valid UTF-8
    legacy_total: int
    key: str = field(default="", compare=False)

    def count(self, column: str, case: Case, length: int) -> int:
        return self.correct[(column, case, length)]

    def utf8_correct(self, column: str) -> int:
        """Right guesses on all UTF-8 samples (every language and length) for one column."""
        return sum(
            self.correct[(column, case, length)] for case in UTF8_CASES for length in self.lengths
        )

    @property
    def utf8_total(self) -> int:
        return len(UTF8_CASES) * len(self.lengths) * self.n

    def to_json(self) -> dict[str, Any]:
        cells = []
        for (column, (lang, encoding), length), correct in self.correct.items():
            misses = self.misses[(column, (lang, encoding), length)]
            cells.append(
                {
                    "column": column,
                    "lang": lang,
                    "encoding": encoding,
                    "length": length,
                    "correct": correct,
                    "misses": [list(m) for m in misses],
                }
            )
        return {
            "key": self.key,
            "cache_version": CACHE_VERSION,
            "columns": list(self.columns),
            "lengths": list(self.lengths),
            "n": self.n,
            "legacy_valid_utf8": self.legacy_valid_utf8,
            "legacy_total": self.legacy_total,
            "cells": cells,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Results:
        correct: dict[Cell, int] = {}
        misses: dict[Cell, tuple[Miss, ...]] = {}
        for c in obj["cells"]:
            cell = (c["column"], (c["lang"], c["encoding"]), int(c["length"]))
            correct[cell] = int(c["correct"])
            misses[cell] = tuple((text, guess) for text, guess in c["misses"])
        return cls(
            columns=tuple(obj["columns"]),
            lengths=tuple(int(x) for x in obj["lengths"]),
            n=int(obj["n"]),
            correct=correct,
            misses=misses,
            legacy_valid_utf8=int(obj["legacy_valid_utf8"]),
            legacy_total=int(obj["legacy_total"]),
            key=obj["key"],
        )


def default_cache_dir() -> Path:
    """``$CODECBOX_CACHE`` if set, else ``data/cache`` of the checkout (gitignored)."""
    return cache_dir()


def _version(module: str) -> str:
    try:
        return str(__import__(module).__version__)
    except ImportError:
        return "not installed"


def cache_key(columns: Sequence[str], lengths: Sequence[int], n: int) -> str:
    """SHA-256 of everything the numbers depend on.

    That is: the held-out corpus files, :data:`CACHE_VERSION`, the method's constants, the
    column names, the source of ``codecbox/detection.py``, the versions of
    charset-normalizer and chardet, Python's major.minor and its Unicode database.
    """
    from codecbox import detection

    parts: dict[str, Any] = {
        "cache_version": CACHE_VERSION,
        "seed": SEED,
        "max_draws": MAX_DRAWS_PER_SAMPLE,
        "cases": [list(c) for c in CASES],
        "langs": list(LANGS),
        "columns": list(columns),
        "lengths": list(lengths),
        "n": n,
        "candidates": list(DEFAULT_CANDIDATES),
        "detection": hashlib.sha256(Path(detection.__file__).read_bytes()).hexdigest(),
        "charset_normalizer": _version("charset_normalizer"),
        "chardet": _version("chardet"),
        "python": list(sys.version_info[:2]),
        "unicode": unicodedata.unidata_version,
    }
    for lang in LANGS:
        path = _corpus_path(lang, "heldout")
        try:
            parts[f"corpus/{lang}"] = hashlib.sha256(path.read_bytes()).hexdigest()
        except FileNotFoundError:
            corpus_text(lang)  # raises the explanatory error
    blob = json.dumps(parts, sort_keys=True, ensure_ascii=True).encode("ascii")
    return hashlib.sha256(blob).hexdigest()


def _cache_path(directory: Path, key: str) -> Path:
    return directory / f"accuracy-{key[:24]}.json"


def _load(path: Path, key: str) -> Results | None:
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
        if obj.get("key") != key or obj.get("cache_version") != CACHE_VERSION:
            return None
        return Results.from_json(obj)
    except (OSError, ValueError, KeyError, TypeError):
        return None  # missing or damaged: measure again


def _store(path: Path, results: Results) -> None:
    """Write atomically; a cache that cannot be written is skipped (the numbers stand)."""
    text = json.dumps(results.to_json(), ensure_ascii=False, indent=0)
    with contextlib.suppress(OSError):
        write_atomic(path, text.encode("utf-8"))


def _run_cell(
    detect: Callable[[bytes], Guess], cell_samples: Sequence[Sample]
) -> tuple[int, tuple[Miss, ...]]:
    correct = 0
    misses: list[Miss] = []
    for s in cell_samples:
        guess = detect(s.data).encoding
        if is_correct(s, guess):
            correct += 1
        else:
            misses.append((s.text, guess))
    return correct, tuple(misses)


def _compute(
    columns: Mapping[str, Callable[[bytes], Guess]],
    lengths: Sequence[int],
    n: int,
    key: str,
) -> Results:
    cases = [*CASES, *UTF8_CASES]
    drawn = {
        (case, length): samples(case[0], case[1], length, n) for case in cases for length in lengths
    }
    legacy = [s for case in CASES for length in lengths for s in drawn[(case, length)]]
    cells = [(column, case, length) for column in columns for case in cases for length in lengths]
    answers = [_run_cell(columns[c], drawn[(case, length)]) for c, case, length in cells]
    correct = {cell: a[0] for cell, a in zip(cells, answers, strict=True)}
    misses = {cell: a[1] for cell, a in zip(cells, answers, strict=True)}
    return Results(
        columns=tuple(columns),
        lengths=tuple(lengths),
        n=n,
        correct=correct,
        misses=misses,
        legacy_valid_utf8=sum(_is_utf8(s.data) for s in legacy),
        legacy_total=len(legacy),
        key=key,
    )


def measure(
    columns: Mapping[str, Callable[[bytes], Guess]] = COLUMNS,
    lengths: Sequence[int] = LENGTHS,
    n: int = N,
    *,
    cache: bool = True,
    cache_dir: str | os.PathLike[str] | None = None,
) -> Results:
    """Run every column on every sample of every case and length, plus the UTF-8 samples.

    With ``cache=True`` (and only the default column functions, looked up by name) a
    result saved under the same :func:`cache_key` is returned instead of measuring;
    otherwise the result is computed and saved atomically (a cache folder that cannot be
    written is skipped). Cold, the full measurement takes about 15 s on one core.
    """
    lengths = tuple(lengths)
    key = cache_key(list(columns), lengths, n)
    cacheable = cache and all(COLUMNS.get(name) is fn for name, fn in columns.items())
    path = _cache_path(Path(cache_dir) if cache_dir is not None else default_cache_dir(), key)
    if cacheable:
        cached = _load(path, key)
        if cached is not None:
            return cached
    results = _compute(columns, lengths, n, key)
    if cacheable:
        _store(path, results)
    return results


# --- tables -----------------------------------------------------------------------------------


def _fmt(n: int) -> str:
    return f"{n:,}"  # 4,000: the lesson's thousands separator


@dataclass(frozen=True)
class Table:
    """A small table with a caption and an optional note: plain text and HTML forms."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""
    note: str = ""

    def __str__(self) -> str:
        parts = [self.caption] if self.caption else []
        parts.append(text_table(self.header, self.rows))
        if self.note:
            parts.append(self.note)
        return "\n".join(parts)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        out = ['<table class="codecbox">']
        if self.caption:
            out.append(f"<caption>{html.escape(self.caption)}</caption>")
        out.append("<thead><tr>")
        out.extend(f"<th>{html.escape(h)}</th>" for h in self.header)
        out.append("</tr></thead><tbody>")
        for row in self.rows:
            first, *rest = row
            cells = "".join(f'<td style="text-align: right">{html.escape(c)}</td>' for c in rest)
            out.append(f"<tr><th>{html.escape(first)}</th>{cells}</tr>")
        out.append("</tbody></table>")
        if self.note:
            out.append(f"<p><small>{html.escape(self.note)}</small></p>")
        return "".join(out)


_PUBLISHED_NOTE = (
    "(publicado) = cifras citadas de la clase 6 publicada (PHP 8.5.6, sus propios textos y "
    "su propio sorteo), no medidas aquí; — = la clase no publicó esa longitud."
)


def table(results: Results, length: int, *, published: bool = True) -> Table:
    """Correct guesses out of ``n`` per case (rows) and detector (columns) for one length.

    With ``published=True`` two more columns cite PHP's figures from the published lesson
    (4, 16 and 256 characters; "—" for the lengths it did not publish), marked as such.
    """
    if length not in results.lengths:
        raise ValueError(f"length {length} was not measured (measured: {results.lengths})")
    header = ["Caso", *results.columns]
    if published:
        header += [PHP_A, PHP_B]
    rows = []
    for case in CASES:
        row = [CASE_LABELS[case], *(str(results.count(c, case, length)) for c in results.columns)]
        if published:
            figures = PUBLISHED.get(length)
            for php in ("PHP lista A", "PHP lista B"):
                row.append(str(figures[php][case]) if figures else "—")
        rows.append(tuple(row))
    caption = f"Aciertos sobre {results.n}, muestras de {length} caracteres (corpus reservado)"
    return Table(tuple(header), tuple(rows), caption, _PUBLISHED_NOTE if published else "")


def utf8_table(results: Results) -> Table:
    """UTF-8 samples guessed right per detector, and how many legacy samples were valid UTF-8."""
    total = results.utf8_total
    rows = [(c, f"{_fmt(results.utf8_correct(c))} de {_fmt(total)}") for c in results.columns]
    for name, (ok, of) in PUBLISHED_UTF8.items():
        rows.append((f"{name} (publicado)", f"{_fmt(ok)} de {_fmt(of)}"))
    valid, of = PUBLISHED_LEGACY_VALID_UTF8
    note = (
        f"Muestras antiguas que eran UTF-8 válido: {_fmt(results.legacy_valid_utf8)} de "
        f"{_fmt(results.legacy_total)} (publicado: {_fmt(valid)} de {_fmt(of)})."
    )
    caption = "Muestras UTF-8 (4 idiomas, todas las longitudes)"
    return Table(("Detector", "UTF-8 correctas"), tuple(rows), caption, note)


# --- misses -----------------------------------------------------------------------------------


def _clip(text: str, width: int = 24) -> str:
    if display_width(text) <= width:
        return text
    out = ""
    for ch in text:
        if display_width(out + ch) > width - 1:
            break
        out += ch
    return out + "…"


def _reading(data: bytes, guess: str | None) -> str:
    if guess is None:
        return "(sin respuesta)"
    try:
        return visible(data.decode(guess))
    except (UnicodeDecodeError, LookupError) as exc:
        return f"error: {getattr(exc, 'reason', exc)}"


@dataclass(frozen=True)
class Misses:
    """Wrong guesses of one cell: each sample's text, its bytes, the guess and what it reads."""

    column: str
    case: Case
    length: int
    total: int  #: every miss in the cell (``rows`` may show fewer)
    rows: tuple[Miss, ...]

    def __iter__(self) -> Iterator[Miss]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def guesses(self) -> dict[str | None, int]:
        """How often each wrong encoding was guessed, over the rows shown."""
        out: dict[str | None, int] = {}
        for _, guess in self.rows:
            out[guess] = out.get(guess, 0) + 1
        return out

    def _table(self) -> Table:
        encoding = self.case[1]
        body = []
        for text, guess in self.rows:
            data = text.encode(encoding)
            hexed = data.hex(" ").upper()
            body.append(
                (
                    _clip(visible(text)),
                    _clip(hexed, 30),
                    guess or "—",
                    _clip(_reading(data, guess)),
                )
            )
        label = CASE_LABELS.get(self.case) or f"{LANG_LABELS[self.case[0]]}, UTF-8"
        caption = f"{self.column}, {label}, {self.length} caracteres: {self.total} fallos" + (
            f" (se muestran {len(self.rows)})" if len(self.rows) < self.total else ""
        )
        return Table(("texto", "bytes", "apuesta", "leído como"), tuple(body), caption)

    def __str__(self) -> str:
        return str(self._table())

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return self._table()._repr_html_()


def wrong(results: Results, column: str, case: Case, length: int, limit: int | None = 10) -> Misses:
    """The first ``limit`` misses of one cell (all with ``limit=None``), in drawing order."""
    cell = (column, (case[0], _codec(case[1])), length)
    if cell not in results.misses:
        raise KeyError(f"no measured cell {cell!r}")
    every = results.misses[cell]
    shown = every if limit is None else every[:limit]
    return Misses(column, cell[1], length, len(every), tuple(shown))


# --- plot -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plot:
    """A matplotlib figure that a notebook shows as a PNG, and as its numbers in plain text.

    A bare ``Figure`` (no pyplot) only shows ``<Figure ...>``; this shows the picture in
    JupyterLab and a table of the plotted percentages where images do not count (nbval
    compares text, a terminal prints text).
    """

    figure: Any
    summary: str

    def _repr_png_(self) -> bytes:
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", dpi=100, metadata={"Software": None})
        return buf.getvalue()

    def __repr__(self) -> str:
        return self.summary


def plot(results: Results, case: Case | None = None, *, published: bool = True) -> Plot:
    """Accuracy (% right) against sample length, one line per detector.

    Averaged over the five legacy cases, or for one ``case``. With ``published=True``
    the published v1/v2 figures (4, 16, 256 characters) appear as hollow markers.
    Uses ``matplotlib.figure.Figure`` directly: no pyplot state, works with Agg.
    """
    from matplotlib.figure import Figure

    cases = CASES if case is None else ((case[0], _codec(case[1])),)
    fig = Figure(figsize=(7.5, 4.2), layout="constrained")
    ax = fig.add_subplot()
    x = list(results.lengths)

    def percent(values: Sequence[int], n: int) -> float:
        return 100.0 * sum(values) / (len(values) * n)

    rows = []
    for i, column in enumerate(results.columns):
        y = [percent([results.count(column, c, length) for c in cases], results.n) for length in x]
        ax.plot(x, y, marker="o", color=f"C{i}", label=column)
        rows.append((column, *(f"{v:.1f}" for v in y)))
    if published:
        for i, column in enumerate(results.columns):
            if column not in ("stdlib v1", "stdlib v2"):
                continue
            px = sorted(PUBLISHED)
            py = [
                percent([PUBLISHED[length][column][c] for c in cases], PUBLISHED_N) for length in px
            ]
            ax.plot(
                px,
                py,
                linestyle="none",
                marker="o",
                markersize=10,
                markerfacecolor="none",
                color=f"C{i}",
                label=f"{column} (publicado)",
            )
    ax.set_xscale("log", base=2)
    ax.set_xticks(x, [str(v) for v in x])
    ax.minorticks_off()
    ax.set_ylim(0, 103)
    ax.set_xlabel("caracteres por muestra (escala logarítmica)")
    what = "promedio de los 5 casos" if case is None else CASE_LABELS.get(cases[0], str(cases[0]))
    ax.set_ylabel(f"% de aciertos ({what})")
    ax.set_title("Acierto de la detección según el largo del texto")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small", loc="lower right")
    header = ("% de aciertos", *(f"{n} car." for n in x))
    return Plot(fig, f"{ax.get_title()} ({what})\n" + text_table(header, rows))


# --- classroom explorer -----------------------------------------------------------------------

#: Candidate orders offered by the explorer (the first is DEFAULT_CANDIDATES).
ORDERS: tuple[tuple[str, ...], ...] = (
    ("cp1252", "cp932", "euc_jp", "cp949"),
    ("cp949", "cp1252", "cp932", "euc_jp"),
    ("cp932", "euc_jp", "cp949", "cp1252"),
)
EXPLORER_COLUMNS: dict[str, Callable[..., Guess]] = {
    "stdlib v2": guess_v2,
    "charset-normalizer": guess_charset_normalizer,
}


@functools.lru_cache(maxsize=256)
def _explore(case: Case, length: int, order: tuple[str, ...], n: int) -> Results:
    drawn = samples(case[0], case[1], length, n)
    correct: dict[Cell, int] = {}
    misses: dict[Cell, tuple[Miss, ...]] = {}
    for name, detect in EXPLORER_COLUMNS.items():
        cell = (name, case, length)
        correct[cell], misses[cell] = _run_cell(functools.partial(detect, candidates=order), drawn)
    legacy = case[1] != "utf-8"
    return Results(
        columns=tuple(EXPLORER_COLUMNS),
        lengths=(length,),
        n=n,
        correct=correct,
        misses=misses,
        legacy_valid_utf8=sum(_is_utf8(s.data) for s in drawn) if legacy else 0,
        legacy_total=len(drawn) if legacy else 0,
    )


def explore(
    case: Case,
    length: int,
    order: Sequence[str] = DEFAULT_CANDIDATES,
    n: int = N,
    limit: int | None = 10,
) -> list[Any]:
    """v2 and charset-normalizer with candidate list ``order`` on one case and length.

    Returns a summary table and, per detector with misses, up to ``limit`` of them (all
    with ``limit=None``). Cached in memory
    per (case, length, order, n).
    """
    case = (case[0], _codec(case[1]))
    order = tuple(_codec(o) for o in order)
    res = _explore(case, length, order, n)
    label = CASE_LABELS.get(case) or f"{LANG_LABELS[case[0]]}, UTF-8"
    rows = tuple((c, f"{res.count(c, case, length)} de {n}") for c in res.columns)
    summary = Table(
        ("Detector", "aciertos"),
        rows,
        f"{label}, {length} caracteres, candidatos: {', '.join(order)}",
    )
    return [
        summary,
        *(wrong(res, c, case, length, limit) for c in res.columns if res.misses[(c, case, length)]),
    ]


class AccuracyExplorer(LiveWidget):
    """Pick a case, a length and a candidate order; see how v2 and charset-normalizer do."""

    def __init__(
        self,
        case: Case = ("ja", "cp932"),
        length: int = 4,
        order: Sequence[str] = DEFAULT_CANDIDATES,
        n: int = N,
    ) -> None:
        import ipywidgets as w

        self.n = n
        self.case_input = w.Dropdown(
            options=[(CASE_LABELS[c], c) for c in CASES], value=tuple(case), description="Caso:"
        )
        self.length_input = w.Dropdown(options=list(LENGTHS), value=length, description="Largo:")
        orders = list(ORDERS)
        if tuple(order) not in orders:
            orders.append(tuple(order))
        self.order_input = w.Dropdown(
            options=[(", ".join(o), o) for o in orders], value=tuple(order), description="Orden:"
        )
        controls = (self.case_input, self.length_input, self.order_input)
        layout = [w.HBox([self.case_input, self.length_input]), self.order_input]
        super().__init__(layout, controls, self.view)

    def view(self) -> list[Any]:
        return explore(
            self.case_input.value, self.length_input.value, self.order_input.value, self.n
        )


def accuracy_explorer(
    case: Case = ("ja", "cp932"),
    length: int = 4,
    order: Sequence[str] = DEFAULT_CANDIDATES,
    n: int = N,
) -> AccuracyExplorer:
    """The classroom widget: case, length and candidate order in, accuracy and misses out."""
    return AccuracyExplorer(case, length, order, n)
