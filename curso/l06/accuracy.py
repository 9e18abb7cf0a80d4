"""How often is a detector right? Lesson 6's measurement, rerun on the course's held-out corpus.

The published lesson drew random substrings of 4, 8, 16, 64 and 256 characters, encoded
them in a legacy encoding, asked each detector, and counted a guess as right only if
decoding with it gives back exactly the original text. This module repeats that method on
the course's own held-out paragraphs (``data/corpus/<lang>/heldout.txt``), for the two
stdlib detectors of the lesson and for charset-normalizer and chardet, each in two
configurations that the lesson always names apart: without a candidate list ("sin lista")
and with the same candidates as v1 and v2 ("con lista").

The method, precisely (so that every machine gets the same numbers):

* Text: the paragraphs of one language's held-out file (:func:`curso.paths.paragraphs`)
  joined with line feeds, as :func:`held_out_text` returns it. A sample may
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
library versions, so a notebook rerun costs a file read. The published figures it prints
beside its own come from ``data/published/l06.toml`` (:mod:`curso.published`).

>>> s = samples("es", "cp1252", 4, n=3)
>>> [len(x.text) for x in s], all(not x.text.isascii() for x in s)
([4, 4, 4], True)
>>> is_correct(Sample("año", "cp1252", b"a\\xf1o"), "cp932")   # a + a private-use char
False
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import random
import sys
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import codecbox.detection
from codecbox.detection import Guess, guess_chardet, guess_charset_normalizer
from codecbox.labels import resolve
from codecbox.streaming import write_atomic
from curso import paths
from curso.l06 import detectors
from curso.l06.detectors import DEFAULT_CANDIDATES, guess_v1, guess_v2
from curso.paths import LANGS, corpus_file, paragraphs
from curso.published import cite
from curso.render import COLORS, Plot, Series, Table, View, clip, visible

__all__ = [
    "CASES",
    "CHARDET_LIST",
    "CHARDET_NO_LIST",
    "CN_LIST",
    "CN_NO_LIST",
    "CASE_KEYS",
    "CASE_LABELS",
    "COLUMNS",
    "LANGS",
    "LENGTHS",
    "N",
    "PUBLISHED_LENGTHS",
    "SEED",
    "Misses",
    "Results",
    "Sample",
    "cache_key",
    "held_out_text",
    "is_correct",
    "is_utf8",
    "measure",
    "cited_count",
    "plot",
    "published_table",
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
#: How data/published/l06.toml names each case.
CASE_KEYS: dict[Case, str] = {
    ("es", "cp1252"): "es",
    ("en", "cp1252"): "en",
    ("ja", "cp932"): "ja_cp932",
    ("ja", "euc_jp"): "ja_euc_jp",
    ("ko", "cp949"): "ko",
}
LANG_LABELS: dict[str, str] = {"es": "Español", "en": "Inglés", "ja": "Japonés", "ko": "Coreano"}
#: The UTF-8 cases: every language, encoded as UTF-8.
UTF8_CASES: tuple[Case, ...] = tuple((lang, "utf-8") for lang in LANGS)

LENGTHS: tuple[int, ...] = (4, 8, 16, 64, 256)
N = 200
SEED = 2026
#: Give up on a cell after this many draws per wanted sample (the corpus cannot supply it).
MAX_DRAWS_PER_SAMPLE = 1000
#: Bump when the method or the JSON layout changes: old caches are then ignored.
CACHE_VERSION = 1

#: The names of the two configurations of each library, as every table, plot, explorer
#: and answer of the lesson spells them: without a candidate list (every encoding the
#: library knows) and with v1's and v2's list (DEFAULT_CANDIDATES, after UTF-8). They
#: disagree a lot on short text, so they are never called by the bare library name.
CN_NO_LIST = "charset-normalizer (sin lista)"
CN_LIST = "charset-normalizer (con lista)"
CHARDET_NO_LIST = "chardet (sin lista)"
CHARDET_LIST = "chardet (con lista)"

#: The detector columns, in table order; each one maps bytes to a Guess.
COLUMNS: dict[str, Callable[[bytes], Guess]] = {
    "stdlib v1": guess_v1,
    "stdlib v2": guess_v2,
    CN_NO_LIST: guess_charset_normalizer,
    CN_LIST: functools.partial(guess_charset_normalizer, candidates=DEFAULT_CANDIDATES),
    CHARDET_NO_LIST: guess_chardet,
    CHARDET_LIST: functools.partial(guess_chardet, candidates=DEFAULT_CANDIDATES),
}

# --- the published figures --------------------------------------------------------------------
#
# CITATIONS of the published lesson 6 (its own corpus, its own random draw, PHP 8.5.6 on a
# Mac), NOT measurements of this repository: they are printed beside our measurements,
# always marked "(publicado)". They live in data/published/l06.toml.

#: The lengths the published lesson reported (tables for 4 and 16, a sentence for 256).
PUBLISHED_LENGTHS: tuple[int, ...] = tuple(cite("l06", "accuracy.published_lengths"))
#: Published column -> its key in data/published/l06.toml
_PUBLISHED_KEYS = {
    "stdlib v1": "v1",
    "stdlib v2": "v2",
    "PHP lista A": "php_a",
    "PHP lista B": "php_b",
}


def cited_count(column: str, case: Case, length: int) -> int:
    """The published number of right guesses out of 200 (``column``: one of
    "stdlib v1", "stdlib v2", "PHP lista A", "PHP lista B")."""
    return int(cite("l06", f"accuracy.{length}.{_PUBLISHED_KEYS[column]}.{CASE_KEYS[case]}"))


# --- corpus and samples -----------------------------------------------------------------------


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


def codec_of(encoding: str) -> str:
    codec = resolve(encoding).codec
    if codec is None:
        raise ValueError(f"{encoding!r} has no decoder")
    return codec


def samples(
    lang: str,
    encoding: str,
    length: int,
    n: int = N,
    rng: random.Random | None = None,
    *,
    split: str = "heldout",
) -> list[Sample]:
    """Draw ``n`` held-out substrings of ``length`` code points that ``encoding`` stores exactly.

    The method (paragraph choice, filters, draw order) is the module docstring's; ``rng``
    defaults to the cell's own generator, so the result depends only on the arguments and
    the corpus. Raises ValueError if the corpus cannot supply ``n`` such samples.
    ``split="tuning"`` draws the same way from the other part of the corpus, the one a
    detector's rules may be designed on (lesson 6's exercise 3); the measurement never does.

    >>> [s.text for s in samples("es", "cp1252", 8, n=2)] == [
    ...     s.text for s in samples("es", "cp1252", 8, n=2)]
    True
    """
    encoding = codec_of(encoding)
    if length < 1 or n < 0:
        raise ValueError(f"need length >= 1 and n >= 0, got length={length}, n={n}")
    if rng is None:
        rng = _rng(lang, encoding, length)
    text_all = held_out_text(lang) if split == "heldout" else "\n".join(paragraphs(lang, split))
    total = len(text_all) - length + 1  # possible start positions
    if n and total <= 0:
        raise ValueError(f"the {lang} {split} text is shorter than {length} characters")
    kept: list[Sample] = []
    draws = 0
    while len(kept) < n:
        if draws >= MAX_DRAWS_PER_SAMPLE * n:
            raise ValueError(
                f"the {lang} {split} corpus supplied only {len(kept)} of {n} non-ASCII "
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
        guessed_encoding = (
            None if guessed_encoding.encoding is None else guessed_encoding.encoding.codec
        )
    if guessed_encoding is None:
        return False
    try:
        return sample.data.decode(guessed_encoding) == sample.text
    except (UnicodeDecodeError, LookupError):
        return False


def is_utf8(data: bytes) -> bool:
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


def _version(module: str) -> str:
    try:
        return str(__import__(module).__version__)
    except ImportError:
        return "not installed"


def _digest(path: str | os.PathLike[str]) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def cache_key(columns: Sequence[str], lengths: Sequence[int], n: int) -> str:
    """SHA-256 of everything the numbers depend on.

    That is: the held-out corpus files, :data:`CACHE_VERSION`, the method's constants, the
    column names, the source of the detectors (``codecbox/detection.py``, every module of
    ``codecbox`` and its letter data ``frequent.txt``, and ``curso/l06/detectors.py``), the
    versions of charset-normalizer and chardet, Python's major.minor and its Unicode database.
    """
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
        "detection": _digest(codecbox.detection.__file__),
        # (the detector's scores, tables and letter data live beside it: a change there
        # changes the figures as much)
        "library": [_digest(p) for p in sorted(Path(codecbox.__file__).parent.glob("*.py"))],
        "frequent": _digest(Path(codecbox.__file__).parent / "data" / "frequent.txt"),
        "detectors": _digest(detectors.__file__),
        "charset_normalizer": _version("charset_normalizer"),
        "chardet": _version("chardet"),
        "python": list(sys.version_info[:2]),
        "unicode": unicodedata.unidata_version,
    }
    for lang in LANGS:
        parts[f"corpus/{lang}"] = _digest(corpus_file(lang, "heldout"))
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


def run_cell(
    detect: Callable[[bytes], Guess], cell_samples: Sequence[Sample]
) -> tuple[int, tuple[Miss, ...]]:
    correct = 0
    misses: list[Miss] = []
    for s in cell_samples:
        found = detect(s.data).encoding
        guess = None if found is None else found.codec
        if is_correct(s, guess):
            correct += 1
        else:
            misses.append((s.text, guess))
    return correct, tuple(misses)


Progress = Callable[[int, int], object]


def _compute(
    columns: Mapping[str, Callable[[bytes], Guess]],
    lengths: Sequence[int],
    n: int,
    key: str,
    progress: Progress | None = None,
) -> Results:
    cases = [*CASES, *UTF8_CASES]
    cells = [(column, case, length) for column in columns for case in cases for length in lengths]
    total = len(cases) * len(lengths) + len(cells)  # draws, then detector cells
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    drawn: dict[tuple[Case, int], list[Sample]] = {}
    for case in cases:
        for length in lengths:
            drawn[(case, length)] = samples(case[0], case[1], length, n)
            step()
    legacy = [s for case in CASES for length in lengths for s in drawn[(case, length)]]
    answers: list[tuple[int, tuple[Miss, ...]]] = []
    for c, case, length in cells:
        answers.append(run_cell(columns[c], drawn[(case, length)]))
        step()
    correct = {cell: a[0] for cell, a in zip(cells, answers, strict=True)}
    misses = {cell: a[1] for cell, a in zip(cells, answers, strict=True)}
    return Results(
        columns=tuple(columns),
        lengths=tuple(lengths),
        n=n,
        correct=correct,
        misses=misses,
        legacy_valid_utf8=sum(is_utf8(s.data) for s in legacy),
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
    progress: Progress | None = None,
) -> Results:
    """Run every column on every sample of every case and length, plus the UTF-8 samples.

    With ``cache=True`` (and only the default column functions, looked up by name) a
    result saved under the same :func:`cache_key` is returned instead of measuring;
    otherwise the result is computed and saved atomically (a cache folder that cannot be
    written is skipped). Cold, the full measurement takes 10 to 20 s on one core.

    ``progress``, if given, is called as ``progress(done, total)`` after each step of
    the measurement (a lesson passes :func:`curso.widgets.barra`); it is never called
    when the cache answers.
    """
    lengths = tuple(lengths)
    key = cache_key(list(columns), lengths, n)
    cacheable = cache and all(COLUMNS.get(name) is fn for name, fn in columns.items())
    folder = Path(cache_dir) if cache_dir is not None else paths.cache_dir()
    path = _cache_path(folder, key)
    if cacheable:
        cached = _load(path, key)
        if cached is not None:
            return cached
    results = _compute(columns, lengths, n, key, progress)
    if cacheable:
        _store(path, results)
    return results


# --- tables -----------------------------------------------------------------------------------


def _fmt(n: int) -> str:
    return f"{n:,}"  # 4,000: the lesson's thousands separator


PHP_COLUMNS = ("PHP lista A", "PHP lista B")
_PUBLISHED_NOTE = (
    "(publicado) = cifras citadas de la clase 6 publicada (PHP 8.5.6, sus propios textos y "
    "su propio sorteo), no medidas aquí; — = la clase no publicó esa longitud."
)


def _table(
    header: Sequence[str], rows: Sequence[Sequence[str]], caption: str, *notes: str
) -> Table:
    """The measurement's tables: first column a row header, cited columns greyed."""
    muted = frozenset(i for i, h in enumerate(header) if h.endswith("(publicado)"))
    body = tuple(tuple(r) for r in rows)
    return Table(tuple(header), body, caption, notes, row_headers=True, muted=muted)


def table(results: Results, length: int, *, published: bool = True) -> Table:
    """Correct guesses out of ``n`` per case (rows) and detector (columns) for one length.

    With ``published=True`` two more columns cite PHP's figures from the published lesson
    (4, 16 and 256 characters; "—" for the lengths it did not publish), marked as such.
    """
    if length not in results.lengths:
        raise ValueError(f"length {length} was not measured (measured: {results.lengths})")
    header = ["Caso", *results.columns]
    if published:
        header += [f"{php} (publicado)" for php in PHP_COLUMNS]
    rows = []
    for case in CASES:
        row = [CASE_LABELS[case], *(str(results.count(c, case, length)) for c in results.columns)]
        if published:
            for php in PHP_COLUMNS:
                cited = length in PUBLISHED_LENGTHS
                row.append(str(cited_count(php, case, length)) if cited else "—")
        rows.append(row)
    caption = f"Aciertos sobre {results.n}, muestras de {length} caracteres (corpus reservado)"
    return _table(header, rows, caption, *([_PUBLISHED_NOTE] if published else []))


def published_table(results: Results, length: int) -> Table:
    """The published lesson's counts beside ours, for one length it published (4, 16, 256).

    v1 and v2 measured here and cited from there; PHP's two lists cited only (where PHP
    is installed, :mod:`curso.l06.php` measures them: ``php.accuracy_table``).
    """
    if length not in PUBLISHED_LENGTHS:
        raise ValueError(f"the published lesson has no figures for length {length}")
    header = ["Caso"]
    for column in ("stdlib v1", "stdlib v2"):
        header += [f"{column} (aquí)", f"{column} (publicado)"]
    header += [f"{php} (publicado)" for php in PHP_COLUMNS]
    rows = []
    for case in CASES:
        row = [CASE_LABELS[case]]
        for column in ("stdlib v1", "stdlib v2"):
            row += [
                str(results.count(column, case, length)),
                str(cited_count(column, case, length)),
            ]
        row += [str(cited_count(php, case, length)) for php in PHP_COLUMNS]
        rows.append(row)
    caption = (
        f"Aciertos sobre {results.n}, muestras de {length} caracteres: aquí y en la clase publicada"
    )
    note = (
        "(aquí) = medido en este cuaderno, corpus del curso; (publicado) = cifras citadas "
        "de la clase publicada (sus textos, su sorteo, PHP 8.5.6)."
    )
    return _table(header, rows, caption, note)


def utf8_table(results: Results) -> Table:
    """UTF-8 samples guessed right per detector, and how many legacy samples were valid UTF-8."""
    total = results.utf8_total
    rows = [(c, f"{_fmt(results.utf8_correct(c))} de {_fmt(total)}") for c in results.columns]
    cited = int(cite("l06", "accuracy.utf8_correct"))
    for name in ("stdlib v1", "stdlib v2", *PHP_COLUMNS):
        rows.append((f"{name} (publicado)", f"{_fmt(cited)} de {_fmt(cited)}"))
    valid = int(cite("l06", "accuracy.legacy_valid_utf8"))
    of = int(cite("l06", "accuracy.legacy_samples_claimed"))
    note = (
        f"Muestras antiguas que eran UTF-8 válido: {_fmt(results.legacy_valid_utf8)} de "
        f"{_fmt(results.legacy_total)} (publicado: {_fmt(valid)} de {_fmt(of)})."
    )
    caption = "Muestras UTF-8 (4 idiomas, todas las longitudes)"
    return _table(("Detector", "UTF-8 correctas"), rows, caption, note)


# --- misses -----------------------------------------------------------------------------------


def _reading(data: bytes, guess: str | None) -> str:
    if guess is None:
        return "(sin respuesta)"
    try:
        return visible(data.decode(guess))
    except (UnicodeDecodeError, LookupError) as exc:
        return f"error: {getattr(exc, 'reason', exc)}"


def case_label(case: Case) -> str:
    """How the lesson names a case: "Japonés, CP932", "Coreano, UTF-8"."""
    return CASE_LABELS.get(case) or f"{LANG_LABELS[case[0]]}, UTF-8"


@dataclass(frozen=True, repr=False)
class Misses(View):
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

    def table(self) -> Table:
        encoding = self.case[1]
        body = []
        for text, guess in self.rows:
            data = text.encode(encoding)
            hexed = data.hex(" ").upper()
            body.append(
                (
                    clip(visible(text), 24),
                    clip(hexed, 30),
                    guess or "—",
                    clip(_reading(data, guess), 24),
                )
            )
        caption = (
            f"{self.column}, {case_label(self.case)}, {self.length} caracteres: "
            f"{self.total} fallos"
            + (f" (se muestran {len(self.rows)})" if len(self.rows) < self.total else "")
        )
        return _table(("texto", "bytes", "apuesta", "leído como"), body, caption)

    def __str__(self) -> str:
        return str(self.table())

    def _html(self) -> str:
        return self.table()._html()


def wrong(results: Results, column: str, case: Case, length: int, limit: int | None = 10) -> Misses:
    """The first ``limit`` misses of one cell (all with ``limit=None``), in drawing order."""
    cell = (column, (case[0], codec_of(case[1])), length)
    if cell not in results.misses:
        raise KeyError(f"no measured cell {cell!r}")
    every = results.misses[cell]
    kept = every if limit is None else every[:limit]
    return Misses(column, cell[1], length, len(every), tuple(kept))


# --- plot -------------------------------------------------------------------------------------


def plot(results: Results, case: Case | None = None, *, published: bool = True) -> Plot:
    """Accuracy (% right) against sample length, one line per detector.

    Averaged over the five legacy cases, or for one ``case``. With ``published=True``
    the published v1/v2 figures (4, 16, 256 characters) appear as hollow markers.
    The picture is :class:`curso.render.Plot`'s SVG: no plotting library.
    """
    cases = CASES if case is None else ((case[0], codec_of(case[1])),)
    x = tuple(results.lengths)

    def percent(values: Sequence[int], n: int) -> float:
        return 100.0 * sum(values) / (len(values) * n)

    series = []
    rows = []
    for i, column in enumerate(results.columns):
        y = tuple(
            percent([results.count(column, c, length) for c in cases], results.n) for length in x
        )
        series.append(Series(x, y, column, COLORS[i % len(COLORS)]))
        rows.append((column, *(f"{v:.1f}" for v in y)))
    if published:
        n_cited = int(cite("l06", "accuracy.n"))
        for i, column in enumerate(results.columns):
            if column not in ("stdlib v1", "stdlib v2"):
                continue
            px = tuple(PUBLISHED_LENGTHS)
            py = tuple(percent([cited_count(column, c, n) for c in cases], n_cited) for n in px)
            color = COLORS[i % len(COLORS)]
            series.append(Series(px, py, f"{column} (publicado)", color, hollow=True))
    what = "promedio de los 5 casos" if case is None else CASE_LABELS.get(cases[0], str(cases[0]))
    title = "Acierto de la detección según la longitud del texto"
    header = ("% de aciertos", *(f"{n} car." for n in x))
    summary = Table(header, tuple(rows))
    return Plot(
        tuple(series),
        f"{title} ({what})\n" + str(summary),
        title=title,
        xlabel="caracteres por muestra (escala logarítmica)",
        ylabel=f"% de aciertos ({what})",
        log2=True,
        xticks=tuple((v, str(v)) for v in x),
        ylim=(0, 103),
    )
