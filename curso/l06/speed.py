"""How fast is converting to UTF-8? Lesson 6's speed table, measured on this machine.

Three ways to convert 10 MiB of real text in CP932, CP949 and CP1252 to UTF-8:

* Python's codecs in memory: ``data.decode(enc).encode("utf-8")``;
* the system's ``iconv`` command (``iconv -f CP932 -t UTF-8 file``, output
  captured), which includes starting the process and reading the file; ``cat``
  of the same file is timed as the baseline for that overhead;
* codecbox's streaming :func:`codecbox.transcode` to a temporary file
  (chunked, atomic, with an ``fsync``).

Plus the UTF-8 validation of the CP932 file's UTF-8 output (about 15.6 MB):
``data.decode("utf-8")``. Every figure is the median of 5 runs, and the three
outputs are compared byte for byte.

The published lesson's figures (one Apple M1 Pro, macOS libiconv) are citations,
kept in ``data/published/l06.toml`` (``[speed]``) and shown beside the measured
ones. Exact speeds belong in ``benchmarks/convert.py``, not in tests: only
ratios with a wide margin should be claimed in prose.

>>> published_ms("iconv", "cp932"), published_ms("python", "cp932")
(284, 36)
"""

from __future__ import annotations

import codecs
import contextlib
import hashlib
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from codecbox.streaming import transcode, write_atomic
from curso.paths import cache_dir, paragraphs
from curso.published import cite
from curso.render import Table, View

__all__ = [
    "DEFAULT_SIZE",
    "ENCODINGS",
    "LANGUAGES",
    "METHODS",
    "SpeedTable",
    "Timing",
    "conversion_table",
    "make_text_file",
    "median_time",
    "published_ms",
    "published_ratios",
    "published_table",
    "ratios",
    "text_file",
]

DEFAULT_SIZE: int = cite("l06", "speed.size_mib") * 1024 * 1024
"""10 MiB, the size of each file in the published table."""

ENCODINGS = ("cp932", "cp949", "cp1252")
"""The table's columns, as Python codec names."""

LANGUAGES = {"cp932": "ja", "cp949": "ko", "cp1252": "es"}
"""Which corpus language fills a file in each encoding."""

ICONV_NAMES = {"cp932": "CP932", "cp949": "CP949", "cp1252": "CP1252"}
"""Names for the ``iconv`` command (GNU and macOS iconv both know these)."""

METHODS = {
    "python": "Python decode/encode",
    "iconv": "comando iconv",
    "transcode": "codecbox transcode",
    "cat": "cat (referencia)",
}
"""The measured rows: method id -> label shown in the lesson."""

# --- Citations -------------------------------------------------------------
# Figures quoted from the published lesson 6 ("Velocidad de conversión con
# 10 MiB"), kept in data/published/l06.toml. They were NOT measured here: one
# Apple M1 Pro, macOS, PHP 8.5.6, macOS libiconv.

CITATION = (
    "Lección 6 publicada, «Velocidad de conversión con 10 MiB»: Apple M1 Pro, "
    "macOS; 10 MiB por archivo, mediana de 5 ejecuciones"
)
#: The cited rows that were not measured here, with their labels.
PUBLISHED_ONLY = {
    "php_mb_convert_encoding": "PHP mb_convert_encoding",
    "php_iconv": "PHP iconv()",
}


def published_ms(method: str, encoding: str) -> int | None:
    """A cited conversion time in ms (``method``: python, iconv, php_mb_convert_encoding,
    php_iconv), or None if the published table has no such cell."""
    table = cite("l06", "speed").get(method)
    value = table.get(encoding) if isinstance(table, dict) else None
    return None if value is None else int(value)


_MB = 1_000_000  # the lesson's MB and MB/s are decimal
_MIB = 1024 * 1024
_FORMAT_VERSION = "1"  # bump when make_text_file's layout changes, to rebuild caches


# --- Sample files ----------------------------------------------------------


def _encoded_paragraphs(encoding: str, lang: str) -> list[bytes]:
    """Each paragraph plus a newline, encoded strictly.

    Paragraphs the encoding cannot hold are left out.
    """
    out = []
    for paragraph in paragraphs(lang):
        with contextlib.suppress(UnicodeEncodeError):
            out.append((paragraph + "\n").encode(encoding))
    if not out:
        raise ValueError(f"no {lang!r} corpus paragraph can be encoded in {encoding}")
    return out


def _build(encoding: str, size: int, lang: str) -> bytes:
    """Repeat the paragraphs up to ``size`` bytes, ending on a whole character."""
    if size < 0:
        raise ValueError(f"size must not be negative, got {size}")
    pieces = _encoded_paragraphs(encoding, lang)
    cycle = b"".join(pieces)
    whole, rest = divmod(size, len(cycle))
    parts = [cycle * whole]
    for piece in pieces:  # whole paragraphs of the next cycle
        if len(piece) > rest:
            break
        parts.append(piece)
        rest -= len(piece)
    else:
        piece = b""
    if rest:  # the start of the next paragraph, character by character
        encoder = codecs.getincrementalencoder(encoding)("strict")
        for char in piece.decode(encoding):
            encoded = encoder.encode(char)
            if len(encoded) > rest:
                break
            parts.append(encoded)
            rest -= len(encoded)
        # A 2-byte character did not fit in the last byte: pad with newlines when
        # they are one byte (every ASCII-compatible encoding), so the size is exact.
        newline = "\n".encode(encoding)
        if len(newline) == 1:
            parts.append(newline * rest)
    return b"".join(parts)


def make_text_file(
    path: str | os.PathLike,
    encoding: str,
    size: int = DEFAULT_SIZE,
    lang: str | None = None,
) -> Path:
    """Write ``size`` bytes of real text in ``encoding`` to ``path`` atomically; return the path.

    The text is the course corpus (``lang``; by default ja for cp932, ko for
    cp949, es for cp1252) repeated paragraph by paragraph, one a line, always
    in the same order: the same arguments give the same bytes. The file ends
    on a whole character and decodes strictly; for ASCII-compatible encodings
    its size is exactly ``size`` (a last byte too small for a 2-byte
    character becomes a newline).
    """
    name = codecs.lookup(encoding).name
    lang = lang or LANGUAGES.get(name)
    if lang is None:
        raise ValueError(f"no default corpus language for {encoding!r}; pass lang=")
    path = Path(path)
    write_atomic(path, _build(name, size, lang))
    return path


def text_file(encoding: str, size: int = DEFAULT_SIZE, lang: str | None = None) -> Path:
    """The cached sample file for ``encoding`` (see :func:`make_text_file`), built on first use.

    The file name includes a digest of the corpus, so editing the corpus
    builds a new file (and removes the stale one).
    """
    name = codecs.lookup(encoding).name
    lang = lang or LANGUAGES.get(name)
    if lang is None:
        raise ValueError(f"no default corpus language for {encoding!r}; pass lang=")
    digest = hashlib.sha256(
        "\n".join([_FORMAT_VERSION, *paragraphs(lang)]).encode("utf-8")
    ).hexdigest()[:12]
    folder = cache_dir()
    stem = f"speed-{lang}-{name}-{size}"
    path = folder / f"{stem}-{digest}.txt"
    if not path.is_file():
        make_text_file(path, name, size, lang)
        for old in folder.glob(f"{stem}-*.txt"):
            if old != path:
                with contextlib.suppress(OSError):
                    old.unlink()
    return path


# --- Timing ----------------------------------------------------------------


def _runs(fn: Callable[[], object], repeat: int, clock: Callable[[], float]) -> list[float]:
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    runs = []
    for _ in range(repeat):
        start = clock()
        fn()
        runs.append(clock() - start)
    return runs


def median_time(
    fn: Callable[[], object], repeat: int = 5, *, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Call ``fn()`` ``repeat`` times and return the median duration in seconds."""
    return statistics.median(_runs(fn, repeat, clock))


@dataclass(frozen=True)
class Timing:
    """One cell of the table: a method on one file, median of ``runs`` (seconds).

    ``seconds`` is None when the method could not run here (``note`` says why).
    ``nbytes`` is the size of the input, which is what MB/s is computed from.
    """

    method: str
    encoding: str
    seconds: float | None
    nbytes: int
    runs: tuple[float, ...] = ()
    note: str = ""

    @property
    def ms(self) -> float | None:
        return None if self.seconds is None else self.seconds * 1000

    @property
    def mb_per_s(self) -> float | None:
        if self.seconds is None:
            return None
        return self.nbytes / _MB / self.seconds if self.seconds > 0 else float("inf")


def _timing(method, encoding, fn, nbytes, repeat, clock) -> Timing:
    runs = _runs(fn, repeat, clock)
    return Timing(method, encoding, statistics.median(runs), nbytes, tuple(runs))


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    version = ".".join(map(str, sys.version_info[:3]))
    return f"{platform.system()} {platform.machine()}, {cpu}, Python {version}"


def _tool_version(exe: str | None) -> str | None:
    if exe is None:
        return None
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    first = (out.stdout or out.stderr).strip().splitlines()
    return first[0] if first else None


@dataclass(frozen=True, repr=False)
class SpeedTable(View):
    """Measured conversion times, with the published ones beside them.

    ``timings[(method, encoding)]`` is a :class:`Timing` for each method of
    :data:`METHODS`; ``validation`` times ``data.decode("utf-8")`` on the UTF-8
    output of the first encoding (CP932 by default, about 15.6 MB).
    ``identical[encoding]`` says whether the outputs of the methods in
    ``compared[encoding]`` were byte-identical.
    """

    encodings: tuple[str, ...]
    timings: dict[tuple[str, str], Timing]
    validation: Timing | None
    identical: dict[str, bool]
    compared: dict[str, tuple[str, ...]]
    sizes: dict[str, int]
    repeat: int
    machine: str = ""
    iconv_version: str | None = None
    files: dict[str, str] = field(default_factory=dict)
    published: bool = True  #: show the cited «M1 Pro*» columns and rows

    def get(self, method: str, encoding: str) -> Timing | None:
        return self.timings.get((method, encoding))

    def ms(self, method: str, encoding: str) -> float | None:
        timing = self.get(method, encoding)
        return None if timing is None else timing.ms

    # -- rendering --

    def _header(self) -> list[str]:
        header = ["Conversión a UTF-8"]
        for enc in self.encodings:
            header += [enc.upper(), "M1 Pro*"] if self.published else [enc.upper()]
        return header

    def _rows(self) -> list[list[str]]:
        rows = []
        for method, label in METHODS.items():
            row = [label]
            for enc in self.encodings:
                timing = self.get(method, enc)
                row.append(_fmt_ms(timing.ms if timing else None))
                if not self.published:
                    continue
                if method == "cat":
                    row.append(_fmt_published(cite("l06", "speed.cat_ms")))
                else:
                    row.append(_fmt_published(published_ms(method, enc)))
            rows.append(row)
        if self.published:
            for method, label in PUBLISHED_ONLY.items():
                row = [label]
                for enc in self.encodings:
                    row += ["(no medido)", _fmt_published(published_ms(method, enc))]
                rows.append(row)
        return rows

    def _speed_rows(self) -> list[list[str]]:
        rows = []
        for method in ("python", "iconv", "transcode"):
            row = [f"{METHODS[method]}, MB/s"]
            for enc in self.encodings:
                timing = self.get(method, enc)
                row.append(_fmt_rate(timing.mb_per_s if timing else None))
                if not self.published:
                    continue
                ms = published_ms(method, enc)
                row.append(
                    _fmt_rate(
                        cite("l06", "speed.size_mib") * _MIB / _MB / (ms / 1000) if ms else None
                    )
                )
            rows.append(row)
        return rows

    def _notes(self) -> list[str]:
        sizes = ", ".join(f"{enc.upper()} {self.sizes[enc]:,} B" for enc in self.encodings)
        notes = [
            f"Mediana de {self.repeat} ejecuciones, en ms (MB/s sobre los bytes de entrada, "
            "MB = 10^6 B).",
            f"Archivos: {sizes}.",
        ]
        if self.validation is not None and self.validation.seconds is not None:
            v = self.validation
            pv = cite("l06", "speed.validation")
            note = (
                f'Validar UTF-8 (data.decode("utf-8")): {v.nbytes / _MB:.1f} MB en '
                f"{v.ms:.1f} ms ({v.mb_per_s:,.0f} MB/s)"
            )
            if self.published:
                note += (
                    f"; publicado: {pv['mb']} MB en {pv['ms']} ms "
                    f"({pv['mb'] / (pv['ms'] / 1000):,.0f} MB/s)"
                )
            notes.append(note + ".")
        same = []
        for enc in self.encodings:
            methods = " = ".join(self.compared.get(enc, ()))
            verdict = "idénticas" if self.identical.get(enc) else "DISTINTAS"
            same.append(f"{enc.upper()} {verdict} ({methods})")
        notes.append("Salidas byte a byte: " + "; ".join(same) + ".")
        for timing in self.timings.values():
            if timing.note:
                notes.append(f"{METHODS.get(timing.method, timing.method)}: {timing.note}")
        notes = list(dict.fromkeys(notes))
        notes.append(
            "La fila del comando iconv incluye arrancar el proceso y leer el archivo; "
            "cat del mismo archivo mide ese costo. transcode escribe un archivo "
            "temporal con fsync."
        )
        measured = f"Medido en: {self.machine}"
        if self.iconv_version:
            measured += f"; {self.iconv_version}"
        notes.append(measured + ".")
        if self.published:
            notes.append(
                f"* Cita, no medido aquí: {CITATION}. El cat publicado (4 ms) es "
                "una sola cifra para «el mismo archivo»."
            )
        return notes

    def table(self) -> Table:
        header = tuple(self._header())
        rows = [*map(tuple, self._rows()), None, *map(tuple, self._speed_rows())]
        # the cited «M1 Pro*» columns
        muted = frozenset(range(2, len(header), 2)) if self.published else frozenset()
        align = "l" + "r" * (len(header) - 1)
        return Table(header, tuple(rows), notes=tuple(self._notes()), align=align, muted=muted)

    def __str__(self) -> str:
        return str(self.table())

    def _html(self) -> str:
        return self.table()._html()


def _fmt_ms(ms: float | None) -> str:
    if ms is None:
        return "—"
    return f"{ms:.0f} ms" if ms >= 100 else f"{ms:.1f} ms"


def _fmt_published(ms: float | None) -> str:
    """A cited figure, written as the lesson wrote it."""
    return "—" if ms is None else f"{ms:g} ms"


def _fmt_rate(rate: float | None) -> str:
    return "—" if rate is None else f"{rate:,.0f}"


# --- The table ---------------------------------------------------------------


def _sources(sources) -> list[tuple[str, Path | None]]:
    """Normalize to (codec name, path or None) pairs."""
    if isinstance(sources, str):
        sources = [sources]
    if isinstance(sources, Mapping):
        items = list(sources.items())
    else:
        items = [(s, None) if isinstance(s, str) else tuple(s) for s in sources]
    out = []
    for enc, path in items:
        out.append((codecs.lookup(enc).name, None if path is None else Path(path)))
    return out


def conversion_table(
    sources: Iterable[str] | Mapping[str, str | os.PathLike] = ENCODINGS,
    *,
    repeat: int = 5,
    size: int = DEFAULT_SIZE,
    iconv: str | None = "iconv",
    workdir: str | os.PathLike | None = None,
    clock: Callable[[], float] = time.perf_counter,
    published: bool = True,
    progress: Callable[[int, int], object] | None = None,
) -> SpeedTable:
    """Measure the conversion of each source to UTF-8 by every method of :data:`METHODS`.

    ``sources`` is encoding names (their cached :func:`text_file` of ``size``
    bytes is used), or a mapping / pairs of ``encoding -> path``. ``iconv``
    is the command to run (None, or not installed: that row is None with a
    note instead of failing). The transcode output goes to a temporary
    directory inside ``workdir`` (default: the system's). ``published=False``
    leaves the cited «M1 Pro*» figures out of the table. ``progress``, if given,
    is called as ``progress(done, total)`` after each method on each file.
    """
    pairs = [(enc, path or text_file(enc, size)) for enc, path in _sources(sources)]
    total = len(pairs) * len(METHODS) + 1  # every method on every file, then validation
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    iconv_exe = shutil.which(iconv) if iconv else None
    cat_exe = shutil.which("cat")
    timings: dict[tuple[str, str], Timing] = {}
    identical: dict[str, bool] = {}
    compared: dict[str, tuple[str, ...]] = {}
    sizes: dict[str, int] = {}
    files: dict[str, str] = {}
    utf8_sample: bytes | None = None

    with tempfile.TemporaryDirectory(prefix="codecbox-speed-", dir=workdir) as tmp:
        for enc, path in pairs:
            data = path.read_bytes()
            n = len(data)
            sizes[enc], files[enc] = n, str(path)
            outputs: dict[str, bytes] = {}

            def python(data=data, enc=enc):
                return data.decode(enc).encode("utf-8")

            outputs["python"] = python()
            timings["python", enc] = _timing("python", enc, python, n, repeat, clock)
            step()
            if utf8_sample is None:
                utf8_sample = outputs["python"]

            if iconv_exe is None:
                note = f"«{iconv}» no está instalado" if iconv else "no se midió"
                timings["iconv", enc] = Timing("iconv", enc, None, n, note=note)
            else:
                cmd = [iconv_exe, "-f", ICONV_NAMES.get(enc, enc.upper()), "-t", "UTF-8", path]
                first = subprocess.run(cmd, capture_output=True)
                if first.returncode != 0:
                    err = first.stderr.decode("utf-8", "replace").strip()
                    timings["iconv", enc] = Timing(
                        "iconv", enc, None, n, note=f"falló con {enc.upper()}: {err}"
                    )
                else:
                    outputs["iconv"] = first.stdout

                    def run_iconv(cmd=cmd):
                        return subprocess.run(cmd, capture_output=True, check=True)

                    timings["iconv", enc] = _timing("iconv", enc, run_iconv, n, repeat, clock)
            step()

            dst = Path(tmp) / f"{enc}.utf-8.txt"

            def run_transcode(path=path, dst=dst, enc=enc):
                return transcode(path, dst, enc)

            timings["transcode", enc] = _timing("transcode", enc, run_transcode, n, repeat, clock)
            outputs["transcode"] = dst.read_bytes()
            dst.unlink()
            step()

            if cat_exe is None:
                timings["cat", enc] = Timing("cat", enc, None, n, note="«cat» no está instalado")
            else:

                def run_cat(cmd=(cat_exe, path)):
                    return subprocess.run(cmd, capture_output=True, check=True)

                timings["cat", enc] = _timing("cat", enc, run_cat, n, repeat, clock)
            step()

            compared[enc] = tuple(outputs)
            identical[enc] = len(set(outputs.values())) == 1

    validation = None
    if utf8_sample is not None:

        def validate(data=utf8_sample):
            return data.decode("utf-8")

        validation = _timing("validation", "utf-8", validate, len(utf8_sample), repeat, clock)
    step()

    return SpeedTable(
        encodings=tuple(enc for enc, _ in pairs),
        timings=timings,
        validation=validation,
        identical=identical,
        compared=compared,
        sizes=sizes,
        repeat=repeat,
        machine=_machine(),
        iconv_version=_tool_version(iconv_exe),
        files=files,
        published=published,
    )


# --- Ratios the lesson may claim --------------------------------------------


def _div(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b == 0:
        return None
    return a / b


def ratios(table: SpeedTable) -> dict:
    """The ratios the lesson may claim, measured: per encoding unless noted.

    * ``iconv_over_python``: iconv command time / Python codecs time (>1: iconv slower);
    * ``iconv_minus_cat_over_python``: the same after subtracting ``cat`` of
      the file (process start and reading), i.e. roughly the conversion alone;
    * ``transcode_over_python``: codecbox streaming transcode / in-memory codecs;
    * ``python_mb_s``, ``iconv_mb_s``, ``transcode_mb_s``: throughput (MB/s of input);
    * ``validation_mb_s``, ``validation_mb``: UTF-8 validation throughput and size;
    * ``iconv_over_python_min`` / ``_max``: over the encodings (None if iconv missing).

    Values are None where a method did not run.
    """
    encs = table.encodings

    def per(fn):
        return {enc: fn(enc) for enc in encs}

    def sec(method, enc):
        timing = table.get(method, enc)
        return None if timing is None else timing.seconds

    def rate(method, enc):
        timing = table.get(method, enc)
        return None if timing is None else timing.mb_per_s

    def minus(a, b):
        return None if a is None or b is None else a - b

    out = {
        "iconv_over_python": per(lambda e: _div(sec("iconv", e), sec("python", e))),
        "iconv_minus_cat_over_python": per(
            lambda e: _div(minus(sec("iconv", e), sec("cat", e)), sec("python", e))
        ),
        "transcode_over_python": per(lambda e: _div(sec("transcode", e), sec("python", e))),
        "python_mb_s": per(lambda e: rate("python", e)),
        "iconv_mb_s": per(lambda e: rate("iconv", e)),
        "transcode_mb_s": per(lambda e: rate("transcode", e)),
        "validation_mb_s": table.validation.mb_per_s if table.validation else None,
        "validation_mb": table.validation.nbytes / _MB if table.validation else None,
    }
    values = [v for v in out["iconv_over_python"].values() if v is not None]
    out["iconv_over_python_min"] = min(values) if values else None
    out["iconv_over_python_max"] = max(values) if values else None
    return out


def published_ratios() -> dict:
    """The same ratios computed from the cited M1 Pro figures (``data/published/l06.toml``).

    >>> r = published_ratios()
    >>> round(r["iconv_over_python"]["cp932"], 1), round(r["validation_mb_s"])
    (7.9, 1515)
    """
    ms = {m: {e: published_ms(m, e) for e in ENCODINGS} for m in ("python", "iconv")}
    mb = cite("l06", "speed.size_mib") * _MIB / _MB
    cat = cite("l06", "speed.cat_ms")
    validation = cite("l06", "speed.validation")
    encs = ENCODINGS
    out = {
        "iconv_over_python": {e: ms["iconv"][e] / ms["python"][e] for e in encs},
        "iconv_minus_cat_over_python": {e: (ms["iconv"][e] - cat) / ms["python"][e] for e in encs},
        "python_mb_s": {e: mb / (ms["python"][e] / 1000) for e in encs},
        "iconv_mb_s": {e: mb / (ms["iconv"][e] / 1000) for e in encs},
        "validation_mb_s": validation["mb"] / (validation["ms"] / 1000),
        "validation_mb": validation["mb"],
    }
    out["iconv_over_python_min"] = min(out["iconv_over_python"].values())
    out["iconv_over_python_max"] = max(out["iconv_over_python"].values())
    return out


def published_table() -> Table:
    """The published conversion times (ms, one Apple M1 Pro), cited, with nothing measured.

    >>> print(published_table().rows[0])
    ('Python decode/encode', '36 ms', '33 ms', '10 ms')
    """
    rows = []
    for method, label in {**METHODS, **PUBLISHED_ONLY}.items():
        if method == "transcode":
            continue
        if method == "cat":
            cells = [_fmt_published(cite("l06", "speed.cat_ms"))] * len(ENCODINGS)
        else:
            cells = [_fmt_published(published_ms(method, enc)) for enc in ENCODINGS]
        rows.append((label, *cells))
    header = ("Conversión a UTF-8 (publicado)", *(enc.upper() for enc in ENCODINGS))
    return Table(header, tuple(rows), notes=(f"Cita, no medido aquí: {CITATION}.",), align="lrrr")
