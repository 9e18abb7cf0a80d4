"""Lesson 6's PHP side, run for real when PHP is installed: a small bridge to ``php``.

The published lesson measured PHP 8.5.6's ``mb_detect_encoding`` with two candidate
lists, its three "traps", the per-chunk ``mb_convert_encoding`` bug and the speed of
``mb_convert_encoding`` and ``iconv()``. This module runs the same calls through the
PHP scripts in ``programs/`` (one process per task, bytes in as hexadecimal JSON on
stdin, JSON out on stdout) and returns what they print, so the lesson can set it
beside the published figures (``data/published/l06.toml``).

Where PHP (with mbstring) is not installed, :func:`available` returns None and
:func:`missing` says why and how to install it; the lesson then shows the published
figures only. A PHP that fails or prints something unexpected raises :class:`PhpError`
(it is not silently turned into "absent").

``mb_detect_encoding``'s scoring was rewritten in PHP 8.1 and changes between versions,
so every result carries the PHP version that produced it; the accuracy run is cached
under :func:`curso.paths.cache_dir` keyed by that version, the script and the corpus.

>>> LISTS["PHP lista A"]
('UTF-8', 'SJIS-win', 'EUC-JP', 'UHC', 'Windows-1252')
>>> CODECS["UHC"], CODECS["SJIS-win"]
('cp949', 'cp932')
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import shutil
import statistics
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codecbox.streaming import write_atomic
from curso import paths
from curso.l06 import accuracy, samples, speed
from curso.published import cite
from curso.render import Table, visible

__all__ = [
    "CODECS",
    "INSTALL",
    "LISTS",
    "PROGRAMS",
    "TRAPS",
    "ChunkBug",
    "Php",
    "PhpError",
    "PhpSpeed",
    "Trap",
    "accuracy_table",
    "available",
    "chunk_bug",
    "chunk_table",
    "measure_accuracy",
    "missing",
    "run",
    "speed_table",
    "speeds",
    "trap_table",
    "traps",
]

#: The folder with the PHP scripts this module runs.
PROGRAMS = Path(__file__).resolve().parent / "programs"

VERSION_TIMEOUT = 20.0
RUN_TIMEOUT = 300.0

#: How to get PHP with mbstring, as the lesson says it.
INSTALL = (
    "Para ejecutarlo aquí instala PHP con mbstring: en Debian o Ubuntu, "
    "`sudo apt-get install php-cli php-mbstring`; en macOS, `brew install php`; en Windows, "
    "el ZIP de windows.php.net con `extension=mbstring` en php.ini."
)

#: The published lesson's two candidate lists, in its order.
LISTS: dict[str, tuple[str, ...]] = {
    "PHP lista A": tuple(cite("l06", "accuracy.php_a")),
    "PHP lista B": tuple(cite("l06", "accuracy.php_b")),
}

#: mbstring's names -> the Python codec that decodes the same bytes (for :func:`is_correct`).
CODECS: dict[str, str] = {
    "UTF-8": "utf-8",
    "SJIS-win": "cp932",
    "EUC-JP": "euc_jp",
    "UHC": "cp949",
    "Windows-1252": "cp1252",
    "ASCII": "ascii",
    "ISO-8859-1": "latin-1",
}

#: Python codec -> (mbstring name, iconv name) for the conversion files.
_NAMES = {
    "cp932": ("SJIS-win", "CP932"),
    "cp949": ("UHC", "CP949"),
    "cp1252": ("Windows-1252", "CP1252"),
    "utf-8": ("UTF-8", "UTF-8"),
}


class PhpError(RuntimeError):
    """PHP is installed but a script failed, timed out or printed something unexpected."""


@dataclass(frozen=True)
class Php:
    """The PHP this module runs: its executable, version and loaded extensions."""

    executable: str
    version: str
    extensions: frozenset[str]

    @property
    def label(self) -> str:
        return f"PHP {self.version}"


def _executable() -> str | None:
    return os.environ.get("COURSE_PHP") or shutil.which("php")


@functools.lru_cache(maxsize=8)
def _probe(exe: str) -> Php | str:
    code = "echo json_encode([PHP_VERSION, get_loaded_extensions()]);"
    try:
        done = subprocess.run(
            [exe, "-r", code], capture_output=True, timeout=VERSION_TIMEOUT, check=False
        )
        version, extensions = json.loads(done.stdout)
    except (OSError, subprocess.SubprocessError, ValueError, TypeError) as exc:
        return f"`{exe}` no responde como PHP ({exc.__class__.__name__})"
    loaded = frozenset(str(e).lower() for e in extensions)
    if "mbstring" not in loaded:
        return f"PHP {version} no tiene la extensión mbstring"
    return Php(exe, str(version), loaded)


def available() -> Php | None:
    """The installed PHP with mbstring (``COURSE_PHP`` or ``php`` on the PATH), or None."""
    exe = _executable()
    if exe is None:
        return None
    found = _probe(exe)
    return found if isinstance(found, Php) else None


def missing() -> str | None:
    """None if PHP with mbstring is here; otherwise why not (in Spanish, for the lesson)."""
    exe = _executable()
    if exe is None:
        return "PHP no está instalado"
    found = _probe(exe)
    return None if isinstance(found, Php) else found


def _absent() -> str:
    """The note a table carries when PHP did not run."""
    return f"{missing() or 'PHP no se ejecutó'}: solo las cifras publicadas. {INSTALL}"


def run(script: str, payload: Mapping[str, Any], *, timeout: float = RUN_TIMEOUT) -> Any:
    """Run ``programs/<script>`` with ``payload`` as JSON on stdin; return its JSON output.

    Raises :class:`PhpError` if PHP is missing, the script fails or times out, or its
    output is not JSON.
    """
    php = available()
    if php is None:
        raise PhpError(missing() or "PHP no está disponible")
    command = [php.executable, "-d", "display_errors=stderr", str(PROGRAMS / script)]
    data = json.dumps(payload).encode("utf-8")
    try:
        done = subprocess.run(
            command, input=data, capture_output=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired as exc:
        raise PhpError(f"{script}: sin respuesta en {timeout:.0f} s") from exc
    if done.returncode != 0:
        err = done.stderr.decode("utf-8", "replace").strip()[-500:]
        raise PhpError(f"{script} terminó con el código {done.returncode}: {err}")
    try:
        return json.loads(done.stdout)
    except ValueError as exc:
        text = done.stdout[:200].decode("utf-8", "replace")
        raise PhpError(f"{script} no devolvió JSON: {text!r}") from exc


# --- the three traps --------------------------------------------------------------------------


@dataclass(frozen=True)
class Trap:
    """One call of the traps script: the trap it belongs to, the PHP code, what was published."""

    id: str
    trap: int
    code: str
    #: as the published lesson printed it (``traps.outputs`` in data/published/l06.toml;
    #: None: it did not print this call)
    published: str | None


def _published(trap: str) -> str:
    return str(cite("l06", f"traps.outputs.{trap}"))


_SJIS = '$b = mb_convert_encoding("文字化け", "SJIS-win", "UTF-8")'
#: The calls of programs/traps.php, in its order, with the published outputs (PHP 8.5.6).
TRAPS: tuple[Trap, ...] = (
    Trap("detect_order", 1, 'implode(", ", mb_detect_order())', _published("detect_order")),
    Trap("sjis_default", 1, "mb_detect_encoding($b)", _published("sjis_default")),
    Trap(
        "fffe_loose",
        1,
        'mb_detect_encoding("\\xff\\xfe", ["UTF-8", "ASCII"])',
        _published("fffe_loose"),
    ),
    Trap(
        "fffe_strict",
        1,
        'mb_detect_encoding("\\xff\\xfe", ["UTF-8", "ASCII"], true)',
        _published("fffe_strict"),
    ),
    Trap(
        "sjis_strict",
        1,
        'mb_detect_encoding($b, ["UTF-8", "SJIS-win"], true)',
        _published("sjis_strict"),
    ),
    Trap("its_a", 2, 'mb_detect_encoding("It\\x92s", $A, true)', None),
    Trap("its_b", 2, 'mb_detect_encoding("It\\x92s", $B, true)', None),
    Trap("hangul_a", 2, 'mb_detect_encoding("\\xc7\\xd1\\xb1\\xdb", $A, true)', None),
    Trap("hangul_b", 2, 'mb_detect_encoding("\\xc7\\xd1\\xb1\\xdb", $B, true)', None),
    Trap(
        "hola_latin1_first",
        3,
        'mb_detect_encoding("\\x93Hola\\x94", ["ISO-8859-1", "Windows-1252"], true)',
        None,
    ),
    Trap(
        "hola_from_latin1", 3, 'mb_convert_encoding("\\x93Hola\\x94", "UTF-8", "ISO-8859-1")', None
    ),
    Trap(
        "hola_from_1252", 3, 'mb_convert_encoding("\\x93Hola\\x94", "UTF-8", "Windows-1252")', None
    ),
)


def traps() -> dict[str, str] | None:
    """What this PHP prints (``var_dump``) for each call of :data:`TRAPS`; None without PHP."""
    if available() is None:
        return None
    out = run("traps.php", {})
    return {row["id"]: row["output"] for row in out["rows"]}


def trap_table(outputs: Mapping[str, str] | None = None, trap: int | None = None) -> Table:
    """The traps' calls, the published output (PHP 8.5.6) and this PHP's, side by side.

    ``outputs`` is :func:`traps`'s answer (None: published column only, and how to
    install PHP). ``trap`` keeps the rows of one trap.
    """
    php = available() if outputs is not None else None
    here = php.label if php is not None else "PHP (aquí)"
    published = f"PHP {cite('l06', 'source.php')} (publicado)"
    header = ["Trampa", "Llamada", published] + ([here] if outputs is not None else [])
    rows = []
    for t in TRAPS:
        if trap is not None and t.trap != trap:
            continue
        row = [str(t.trap), t.code, t.published or "—"]
        if outputs is not None:
            row.append(visible(outputs[t.id]))
        rows.append(tuple(row))
    notes = [
        f"$b = bytes Shift_JIS de 文字化け ({_SJIS}); $A y $B = las listas A y B; "
        "— = la clase publicada no imprimió esa llamada."
    ]
    if outputs is None:
        notes.append(_absent())
    caption = "mb_detect_encoding y mb_convert_encoding: lo publicado y lo de aquí"
    return Table(tuple(header), tuple(rows), caption, tuple(notes), mono=True, muted=frozenset({2}))


# --- accuracy with lists A and B --------------------------------------------------------------


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _accuracy_key(php: Php, lengths: Sequence[int], n: int) -> str:
    parts = {
        "php": php.version,
        "script": _digest(PROGRAMS / "detect.php"),
        "lists": {k: list(v) for k, v in LISTS.items()},
        "samples": accuracy.cache_key(["php"], lengths, n),  # corpus, method, Python
    }
    blob = json.dumps(parts, sort_keys=True).encode("ascii")
    return hashlib.sha256(blob).hexdigest()


def measure_accuracy(
    lengths: Sequence[int] = accuracy.LENGTHS,
    n: int = accuracy.N,
    *,
    cache: bool = True,
    cache_dir: str | os.PathLike[str] | None = None,
) -> accuracy.Results | None:
    """``mb_detect_encoding`` in strict mode with lists A and B on the lesson's samples.

    The samples are :func:`curso.l06.accuracy.samples`, the same as the Python
    detectors'; one PHP process answers all of them. A guess is right if decoding with
    its Python codec (:data:`CODECS`) gives back exactly the text, the published method.
    Returns :class:`curso.l06.accuracy.Results` with the columns "PHP lista A" and
    "PHP lista B", or None without PHP. Cached by PHP version, script and corpus.
    """
    php = available()
    if php is None:
        return None
    lengths = tuple(lengths)
    key = _accuracy_key(php, lengths, n)
    folder = Path(cache_dir) if cache_dir is not None else paths.cache_dir()
    path = folder / f"accuracy-php-{key[:24]}.json"
    if cache:
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            obj = json.loads(path.read_text(encoding="utf-8"))
            if obj.get("key") == key:
                return accuracy.Results.from_json(obj)
    cases = [*accuracy.CASES, *accuracy.UTF8_CASES]
    drawn = {(c, k): accuracy.samples(c[0], c[1], k, n) for c in cases for k in lengths}
    flat = [s for group in drawn.values() for s in group]
    out = run(
        "detect.php", {"lists": LISTS, "strict": True, "samples": [s.data.hex() for s in flat]}
    )
    correct: dict[tuple[str, accuracy.Case, int], int] = {}
    misses: dict[tuple[str, accuracy.Case, int], tuple[tuple[str, str | None], ...]] = {}
    for column in LISTS:
        answers = iter(out["answers"][column])
        for (case, length), group in drawn.items():
            right, wrong = 0, []
            for s in group:
                found = next(answers)
                codec = None if found is None else CODECS.get(found, found)
                if accuracy.is_correct(s, codec):
                    right += 1
                else:
                    wrong.append((s.text, codec))
            correct[(column, case, length)] = right
            misses[(column, case, length)] = tuple(wrong)
    legacy = [s for (case, _), group in drawn.items() if case in accuracy.CASES for s in group]
    results = accuracy.Results(
        columns=tuple(LISTS),
        lengths=lengths,
        n=n,
        correct=correct,
        misses=misses,
        legacy_valid_utf8=sum(accuracy.is_utf8(s.data) for s in legacy),
        legacy_total=len(legacy),
        key=key,
    )
    if cache:
        text = json.dumps(results.to_json(), ensure_ascii=False, indent=0)
        with contextlib.suppress(OSError):
            write_atomic(path, text.encode("utf-8"))
    return results


def accuracy_table(results: accuracy.Results | None, length: int) -> Table:
    """Lists A and B: measured here (if PHP ran) beside the published counts, for one length."""
    php = available() if results is not None else None
    here = f"({php.label})" if php is not None else "(aquí)"
    header = ["Caso"]
    for column in LISTS:
        header += ([f"{column} {here}"] if results is not None else []) + [f"{column} (publicado)"]
    rows = []
    cited = length in accuracy.PUBLISHED_LENGTHS
    for case in accuracy.CASES:
        row = [accuracy.CASE_LABELS[case]]
        for column in LISTS:
            if results is not None:
                row.append(str(results.count(column, case, length)))
            row.append(str(accuracy.cited_count(column, case, length)) if cited else "—")
        rows.append(tuple(row))
    muted = frozenset(i for i, h in enumerate(header) if h.endswith("(publicado)"))
    notes = [
        "Modo estricto (true), sobre las mismas 200 muestras por caso que v1 y v2; "
        f"(publicado) = PHP {cite('l06', 'source.php')}, sus textos y su sorteo; "
        "— = la clase no publicó esa longitud."
    ]
    if results is None:
        notes.append(_absent())
    caption = f"mb_detect_encoding, aciertos sobre 200, muestras de {length} caracteres"
    return Table(tuple(header), tuple(rows), caption, tuple(notes), row_headers=True, muted=muted)


# --- the per-chunk bug ------------------------------------------------------------------------


@dataclass(frozen=True)
class ChunkBug:
    """``mb_convert_encoding`` on each 4,096-byte ``fread`` block of one file."""

    encoding: str  #: Python codec of the file
    question_marks: int  #: ``?`` in the output beyond those of the whole conversion
    split: int  #: characters whose bytes straddle a block border (each one is lost)
    extra_chars: int  #: characters in the output beyond those of the whole conversion
    identical: bool  #: chunked output == whole conversion
    filter_identical: bool  #: the ``convert.iconv`` stream filter == whole conversion


def _split_chars(data: bytes, encoding: str, chunk: int) -> int:
    """Characters whose bytes straddle a block border (each one is lost by the bug)."""
    starts = set()
    offset = 0
    for ch in data.decode(encoding):
        starts.add(offset)
        offset += len(ch.encode(encoding))
    return sum(border not in starts for border in range(chunk, len(data), chunk))


def chunk_bug(chunk: int = samples.CHUNK) -> dict[str, ChunkBug] | None:
    """The published PHP bug on the course's two 1 MB Japanese files; None without PHP."""
    if available() is None:
        return None
    files = {
        "utf-8": samples.build("japanese_1mb_utf8.txt"),
        "cp932": samples.build("japanese_1mb_cp932.txt"),
    }
    payload = {
        "chunk": chunk,
        "files": [
            {"path": str(p), "encoding": _NAMES[enc][0], "iconv": _NAMES[enc][1]}
            for enc, p in files.items()
        ],
    }
    out = run("chunks.php", payload)
    result = {}
    for (enc, p), row in zip(files.items(), out["files"], strict=True):
        result[enc] = ChunkBug(
            encoding=enc,
            question_marks=int(row["question_marks"]),
            split=_split_chars(p.read_bytes(), enc, chunk),
            extra_chars=int(row["chars_chunked"]) - int(row["chars_whole"]),
            identical=bool(row["identical"]),
            filter_identical=bool(row["filter_identical"]),
        )
    return result


def chunk_table(bugs: Mapping[str, ChunkBug] | None) -> Table:
    """The chunk bug: ``?`` added, characters lost and the stream filter, here and published."""
    php = available() if bugs is not None else None
    published = {
        "utf-8": cite("l06", "chunks.php_question_marks_utf8"),
        "cp932": cite("l06", "chunks.php_question_marks_cp932"),
    }
    here = php.label if php is not None else "aquí"
    header = ["Archivo de 1 MB", "? de más (publicado)"]
    if bugs is not None:
        header += [f"? de más ({here})", "caracteres partidos", "caracteres de más", "filtro"]
    rows = []
    for enc in ("utf-8", "cp932"):
        row = [enc.upper(), str(published[enc])]
        if bugs is not None:
            b = bugs[enc]
            same = "idéntico" if b.filter_identical else "distinto"
            row += [str(b.question_marks), str(b.split), str(b.extra_chars), same]
        rows.append(tuple(row))
    notes = [
        "mb_convert_encoding(…, 'UTF-8', …) sobre cada bloque de 4,096 bytes de fread; "
        "filtro = convert.iconv.…/UTF-8 en el handle, comparado con la conversión completa."
    ]
    if bugs is None:
        notes.append(_absent())
    caption = "El bug por bloques en PHP"
    return Table(tuple(header), tuple(rows), caption, tuple(notes), muted=frozenset({1}))


# --- speed ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PhpSpeed:
    """PHP's conversion of one 10 MiB file to UTF-8 (medians, seconds)."""

    encoding: str
    mb_convert_encoding: float
    iconv: float
    identical: bool  #: mb_convert_encoding, iconv() and Python gave the same bytes
    check_first: float  #: mb_check_encoding on a new string
    check_again: float  #: the same string, a second time
    utf8_bytes: int


def speeds(repeat: int = 3) -> dict[str, PhpSpeed] | None:
    """Time ``mb_convert_encoding`` and ``iconv()`` on lesson 6's 10 MiB files; None without PHP."""
    if available() is None:
        return None
    files = {enc: speed.text_file(enc) for enc in speed.ENCODINGS}
    payload = {
        "repeat": repeat,
        "files": [
            {"path": str(p), "mb": _NAMES[e][0], "iconv": _NAMES[e][1]} for e, p in files.items()
        ],
    }
    out = run("speed.php", payload)
    result = {}
    for (enc, p), row in zip(files.items(), out["files"], strict=True):
        python = p.read_bytes().decode(enc).encode("utf-8")
        same = bool(row["identical"]) and row["sha256"] == hashlib.sha256(python).hexdigest()
        result[enc] = PhpSpeed(
            encoding=enc,
            mb_convert_encoding=float(row["mb_convert_encoding"]),
            iconv=float(row["iconv"]),
            identical=same,
            check_first=float(row["check_first"]),
            check_again=float(row["check_again"]),
            utf8_bytes=int(row["utf8_bytes"]),
        )
    return result


def _ms(seconds: float | None) -> str:
    return "—" if seconds is None else f"{seconds * 1000:.1f} ms"


def speed_table(measured: Mapping[str, PhpSpeed] | None, python: speed.SpeedTable | None) -> Table:
    """PHP's conversion speeds beside Python's and the iconv command's, here and published."""
    php = available() if measured is not None else None
    header = ["Conversión a UTF-8"]
    for enc in speed.ENCODINGS:
        header += [f"{enc.upper()} (aquí)", f"{enc.upper()} (publicado)"]
    methods = {
        "python": "Python decode/encode",
        "php_mb_convert_encoding": "PHP mb_convert_encoding",
        "php_iconv": "PHP iconv()",
        "iconv": "comando iconv",
    }
    rows = []
    for method, label in methods.items():
        row = [label]
        for enc in speed.ENCODINGS:
            here: float | None = None
            if method in ("python", "iconv") and python is not None:
                timing = python.get(method, enc)
                here = None if timing is None else timing.seconds
            elif measured is not None and method == "php_mb_convert_encoding":
                here = measured[enc].mb_convert_encoding
            elif measured is not None and method == "php_iconv":
                here = measured[enc].iconv
            row += [_ms(here), f"{speed.published_ms(method, enc)} ms"]
        rows.append(tuple(row))
    muted = frozenset(i for i, h in enumerate(header) if h.endswith("(publicado)"))
    notes = ["(publicado) = Apple M1 Pro, macOS, PHP 8.5.6, mediana de 5; aquí, mediana de 3."]
    if php is not None and measured is not None:
        first = statistics.median(s.check_first for s in measured.values())
        again = statistics.median(s.check_again for s in measured.values())
        notes.append(
            f"{php.label}: mb_check_encoding de la salida UTF-8, {first * 1000:.2f} ms con una "
            f"cadena nueva y {again * 1000:.4f} ms al repetir con la misma."
        )
    else:
        notes.append(_absent())
    caption = "Convertir 10 MiB a UTF-8: Python, PHP y el comando iconv"
    return Table(tuple(header), tuple(rows), caption, tuple(notes), row_headers=True, muted=muted)
