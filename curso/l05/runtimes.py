"""Lesson 5's cross-check: the same texts measured by the string APIs of other languages.

Each language has a short program in ``programs/`` that reads one text per line (its UTF-8
bytes in hexadecimal, so no text can break the format) and prints one line of counts per
text, separated by tabs, in the order of its :class:`Measure` list. :func:`run` compiles
the programs that need it (cached under ``curso.paths.cache_dir() / "l05"``, keyed by a
hash of the source, the compiler's version and the command), runs them and returns one
:class:`Result` per runtime; a language that is not installed, or whose program does not
build or run, comes back with ``skipped`` saying why; in a browser (Pyodide), which starts
neither processes nor threads, every runtime comes back skipped (:data:`IN_BROWSER`).
:func:`compare` sets the results against what ``codecbox.length`` counts, and :data:`KNOWN`
documents the disagreements that are real behaviour of a runtime (not bugs of this
apparatus), with their sources.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from curso.paths import cache_dir
from curso.render import Table, visible

__all__ = [
    "IN_BROWSER",
    "KNOWN",
    "PROGRAMS",
    "RUNTIMES",
    "UNITS",
    "Disagreement",
    "Known",
    "Measure",
    "Result",
    "Runtime",
    "compare",
    "expected",
    "run",
    "source",
    "tabla",
]

#: What a length can count: UTF-8 bytes, UTF-16 code units, code points, grapheme clusters.
UNITS: tuple[str, ...] = ("bytes", "utf16", "code_points", "graphemes")

#: The folder with one program per language.
PROGRAMS = Path(__file__).resolve().parent / "programs"

#: Why no runtime is run in a browser (Pyodide, ``sys.platform == "emscripten"``): it cannot
#: start a compiler or a program, nor the threads :func:`run` uses.
IN_BROWSER = "no disponible en el navegador, que no ejecuta programas"

VERSION_TIMEOUT = 30.0
BUILD_TIMEOUT = 180.0
RUN_TIMEOUT = 60.0


@dataclass(frozen=True)
class Measure:
    """One way a language measures a string, and what it counts per its documentation."""

    expression: str
    unit: str

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(f"unknown unit {self.unit!r}: expected one of {', '.join(UNITS)}")


@dataclass(frozen=True)
class Runtime:
    """A language, the key that names it here and the measures its program prints."""

    key: str
    language: str
    measures: tuple[Measure, ...]
    #: the program's file name in :data:`PROGRAMS`
    program: str = field(default="", compare=False)


RUNTIMES: tuple[Runtime, ...] = (
    Runtime(
        "node",
        "JavaScript (Node.js)",
        (
            Measure('Buffer.byteLength(s, "utf8")', "bytes"),
            Measure("s.length", "utf16"),
            Measure("[...s].length", "code_points"),
            Measure("[...new Intl.Segmenter().segment(s)].length", "graphemes"),
        ),
        "length.js",
    ),
    Runtime(
        "java",
        "Java",
        (
            Measure("s.getBytes(UTF_8).length", "bytes"),
            Measure("s.length()", "utf16"),
            Measure("s.codePointCount(0, s.length())", "code_points"),
            Measure("BreakIterator.getCharacterInstance()", "graphemes"),
            Measure('Pattern.compile("\\\\X").matcher(s).results().count()', "graphemes"),
        ),
        "Length.java",
    ),
    Runtime(
        "rust",
        "Rust",
        (
            Measure("s.len()", "bytes"),
            Measure("s.encode_utf16().count()", "utf16"),
            Measure("s.chars().count()", "code_points"),
        ),
        "length.rs",
    ),
    Runtime(
        "go",
        "Go",
        (
            Measure("len(s)", "bytes"),
            Measure("len(utf16.Encode([]rune(s)))", "utf16"),
            Measure("utf8.RuneCountInString(s)", "code_points"),
        ),
        "length.go",
    ),
    Runtime(
        "c",
        "C",
        (
            Measure("strlen(s)", "bytes"),
            Measure("mbstowcs(NULL, s, 0)", "code_points"),
        ),
        "length.c",
    ),
    Runtime(
        "php",
        "PHP",
        (
            Measure("strlen($s)", "bytes"),
            Measure('strlen(mb_convert_encoding($s, "UTF-16LE", "UTF-8")) / 2', "utf16"),
            Measure('mb_strlen($s, "UTF-8")', "code_points"),
            Measure("grapheme_strlen($s)", "graphemes"),
        ),
        "length.php",
    ),
    Runtime(
        "swift",
        "Swift",
        (
            Measure("s.utf8.count", "bytes"),
            Measure("s.utf16.count", "utf16"),
            Measure("s.unicodeScalars.count", "code_points"),
            Measure("s.count", "graphemes"),
        ),
        "length.swift",
    ),
)

_BY_KEY = {runtime.key: runtime for runtime in RUNTIMES}


@dataclass(frozen=True)
class Result:
    """What one runtime measured: one count per text for each expression, or why not."""

    runtime: Runtime
    version: str | None
    values: dict[str, tuple[int, ...]] | None
    skipped: str | None


def source(key: str) -> str:
    """The program of the runtime ``key``, as the lesson can show it."""
    return (PROGRAMS / _BY_KEY[key].program).read_text(encoding="utf-8")


# --- finding the tools ------------------------------------------------------------------


def _which(name: str, *extra: Path) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for path in extra:
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    return None


def _cargo_bin() -> list[Path]:
    homes = [os.environ.get("CARGO_HOME"), str(Path.home() / ".cargo"), "/root/.cargo"]
    return [Path(home) / "bin" / "rustc" for home in homes if home]


#: runtime key -> the programs it needs (the first one builds or interprets)
_TOOLS: dict[str, tuple[tuple[str, tuple[Path, ...]], ...]] = {
    "node": (("node", ()),),
    "java": (("javac", ()), ("java", ())),
    "rust": (("rustc", ()),),
    "go": (("go", (Path("/usr/lib/go/bin/go"), Path("/usr/local/go/bin/go"))),),
    "c": (("cc", ()),),
    "php": (("php", ()),),
    "swift": (("swiftc", ()),),
}


def _tools(key: str) -> list[str] | str:
    """The paths of the runtime's tools, or why it cannot run (Spanish)."""
    paths = []
    for name, extra in _TOOLS[key]:
        more = tuple(_cargo_bin()) if name == "rustc" else extra
        path = _which(name, *more)
        if path is None:
            return f"no está instalado: no se encuentra el programa «{name}»"
        paths.append(path)
    return paths


def _tail(text: str, lines: int = 3) -> str:
    kept = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return " / ".join(kept[-lines:]) or "(sin mensaje)"


def _output(
    command: Sequence[str], *, timeout: float = VERSION_TIMEOUT, env: dict[str, str] | None = None
) -> str:
    """stdout + stderr of a short command (a version query)."""
    done = subprocess.run(
        list(command),
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=timeout,
        check=True,
        stdin=subprocess.DEVNULL,
        env=env,
    )
    return done.stdout + done.stderr


def _go_env(tools_home: Path) -> dict[str, str]:
    """Go writes its build cache under HOME unless told otherwise: use the course cache."""
    env = dict(os.environ)
    env.update(
        GOCACHE=str(tools_home / "go-build"),
        GOPATH=str(tools_home / "gopath"),
        HOME=str(tools_home),
        GOFLAGS="",
        GO111MODULE="off",
        GOTOOLCHAIN="local",
        CGO_ENABLED="0",
    )
    return env


def _version(key: str, tools: list[str], home: Path) -> str:
    tool = tools[0]
    if key == "node":
        return _output([tool, "-p", 'process.version + " (ICU " + process.versions.icu + ")"'])
    if key == "java":
        text = _output([tools[1], "-version"])
        match = re.search(r'^(\S+) version "([^"]+)"', text, re.M)
        return f"{match[1]} {match[2]}" if match else _tail(text, 1)
    if key == "rust":
        text = _output([tool, "--version"])
        match = re.match(r"rustc \S+", text)
        return match[0] if match else _tail(text, 1)
    if key == "go":
        text = _output([tool, "version"], env=_go_env(home))
        match = re.search(r"go\d\S*", text)
        return match[0] if match else _tail(text, 1)
    if key == "c":
        text = _output([tool, "--version"])
        first = text.splitlines()[0]
        clang = re.search(r"clang version (\S+)", first)
        if clang:
            return f"clang {clang[1]}"
        return f"gcc {first.split()[-1]}" if "Free Software Foundation" in text else first
    if key == "php":
        code = (
            'echo "PHP ", PHP_VERSION, defined("INTL_ICU_VERSION")'
            ' ? " (ICU " . INTL_ICU_VERSION . ")" : " (sin intl)";'
        )
        return _output([tool, "-r", code])
    if key == "swift":
        return _tail(_output([tool, "--version"]), 1)
    raise KeyError(key)


# --- building (cached) ------------------------------------------------------------------


def _build_commands(key: str, tools: list[str], src: Path, out: Path) -> list[list[str]] | None:
    """How to build ``src`` into the folder ``out``; None for an interpreted language."""
    if key == "java":
        return [[tools[0], "-encoding", "UTF-8", "-d", str(out), str(src)]]
    if key == "rust":
        return [[tools[0], "-O", "-o", str(out / "length"), str(src)]]
    if key == "go":
        return [[tools[0], "build", "-o", str(out / "length"), str(src)]]
    if key == "c":
        return [[tools[0], "-O2", "-std=c11", "-o", str(out / "length"), str(src)]]
    if key == "swift":
        return [[tools[0], "-O", "-o", str(out / "length"), str(src)]]
    return None


def _run_command(key: str, tools: list[str], src: Path, built: Path | None) -> list[str]:
    if key == "node":
        return [tools[0], str(src)]
    if key == "php":
        return [tools[0], "-f", str(src)]
    assert built is not None
    if key == "java":
        return [tools[1], "-cp", str(built), "Length"]
    return [str(built / "length")]


def _remove_stale(folder: Path, pattern: str, older_than: float = 3600) -> None:
    """Remove build folders left by a killed process (older than an hour)."""
    now = time.time()
    for path in folder.glob(pattern):
        with contextlib.suppress(OSError):
            if now - path.stat().st_mtime > older_than:
                shutil.rmtree(path, ignore_errors=True)


def _build(key: str, tools: list[str], version: str, home: Path) -> Path | str | None:
    """The folder with the built program (cached), None if nothing to build, or why not."""
    src = PROGRAMS / _BY_KEY[key].program
    probe = _build_commands(key, tools, src, Path("OUT"))
    if probe is None:
        return None
    digest = hashlib.sha256()
    digest.update(src.read_bytes())
    digest.update(version.encode())
    digest.update(repr(probe).encode())
    final = home / f"{key}-{digest.hexdigest()[:16]}"
    if final.is_dir():
        return final
    _remove_stale(home, f".{key}-build-*")
    tmp = Path(tempfile.mkdtemp(prefix=f".{key}-build-", dir=home))
    try:
        env = _go_env(home) if key == "go" else None
        for command in _build_commands(key, tools, src, tmp) or []:
            done = subprocess.run(
                command,
                capture_output=True,
                text=True,
                encoding="utf-8",
                errors="replace",
                timeout=BUILD_TIMEOUT,
                cwd=tmp,
                env=env,
                stdin=subprocess.DEVNULL,
            )
            if done.returncode != 0:
                return f"no compila: {_tail(done.stderr + done.stdout)}"
        os.chmod(tmp, 0o755)
        try:
            os.rename(tmp, final)  # atomic; fails if another process got there first
        except OSError:
            if not final.is_dir():
                raise
        return final
    except subprocess.TimeoutExpired:
        return f"la compilación tardó más de {BUILD_TIMEOUT:.0f} s"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# --- running ----------------------------------------------------------------------------


def _run_one(runtime: Runtime, texts: Sequence[str], home: Path) -> Result:
    tools = _tools(runtime.key)
    if isinstance(tools, str):
        return Result(runtime, None, None, tools)
    try:
        version: str | None = _version(runtime.key, tools, home).strip()
    except (OSError, subprocess.SubprocessError) as error:
        return Result(runtime, None, None, f"no responde a la pregunta de versión: {error}")
    try:
        built = _build(runtime.key, tools, version or "", home)
    except OSError as error:
        return Result(runtime, version, None, f"no se puede compilar en la caché: {error}")
    if isinstance(built, str):
        return Result(runtime, version, None, built)
    src = PROGRAMS / runtime.program
    stdin = "".join(text.encode("utf-8").hex() + "\n" for text in texts)
    try:
        done = subprocess.run(
            _run_command(runtime.key, tools, src, built),
            input=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=RUN_TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return Result(runtime, version, None, f"el programa tardó más de {RUN_TIMEOUT:.0f} s")
    except OSError as error:
        return Result(runtime, version, None, f"el programa no arranca: {error}")
    if done.returncode != 0:
        return Result(runtime, version, None, f"el programa falló: {_tail(done.stderr)}")
    lines = done.stdout.splitlines()
    width = len(runtime.measures)
    rows = [line.split("\t") for line in lines]
    if len(rows) != len(texts) or any(len(row) != width for row in rows):
        return Result(
            runtime,
            version,
            None,
            f"salida inesperada: {len(rows)} líneas para {len(texts)} textos",
        )
    try:
        numbers = [tuple(int(cell) for cell in row) for row in rows]
    except ValueError:
        return Result(runtime, version, None, f"salida inesperada: {_tail(done.stdout, 1)}")
    values = {
        measure.expression: tuple(row[i] for row in numbers)
        for i, measure in enumerate(runtime.measures)
    }
    return Result(runtime, version, values, None)


def run(texts: Sequence[str], *, only: Iterable[str] | None = None) -> list[Result]:
    """Compile (cached in curso.paths.cache_dir()/l05, keyed by the source's hash) and run each
    runtime's program on the texts; one Result per runtime in RUNTIMES order.

    ``only`` restricts the run to those runtime keys (KeyError for an unknown one). In a
    browser every runtime is skipped with :data:`IN_BROWSER`, and nothing is started.
    """
    texts = list(texts)
    for text in texts:
        text.encode("utf-8")  # UnicodeEncodeError for a lone surrogate: it has no UTF-8
    keys = None if only is None else set(only)
    if keys is not None and keys - _BY_KEY.keys():
        raise KeyError(f"unknown runtimes: {', '.join(sorted(keys - _BY_KEY.keys()))}")
    chosen = [r for r in RUNTIMES if keys is None or r.key in keys]
    if sys.platform == "emscripten":
        return [Result(runtime, None, None, IN_BROWSER) for runtime in chosen]
    home = cache_dir() / "l05"
    home.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(lambda runtime: _run_one(runtime, texts, home), chosen))


# --- comparing ---------------------------------------------------------------------------


def expected(texts: Sequence[str]) -> dict[str, tuple[int, ...]]:
    """What ``codecbox.length`` counts for each text, per unit of :data:`UNITS`."""
    from codecbox.length import UNITS as LIBRARY_UNITS
    from codecbox.length import length

    assert LIBRARY_UNITS == UNITS
    return {unit: tuple(length(text, unit) for text in texts) for unit in LIBRARY_UNITS}


def _version_numbers(version: str | None) -> tuple[int, ...] | None:
    match = re.search(r"\d+(?:\.\d+)*", version or "")
    return tuple(int(part) for part in match[0].split(".")) if match else None


@dataclass(frozen=True)
class Known:
    """A documented disagreement: a runtime's real behaviour, explained, with its source."""

    why: str
    url: str
    #: the first version of the runtime that no longer disagrees (None: every version)
    fixed_in: tuple[int, ...] | None = None

    def applies(self, version: str | None) -> bool:
        """Whether this runtime version is expected to disagree."""
        if self.fixed_in is None:
            return True
        numbers = _version_numbers(version)
        return numbers is None or numbers < self.fixed_in


_JAVA_BREAKITERATOR = Known(
    why=(
        "Hasta Java 19, BreakIterator.getCharacterInstance() sigue reglas propias y antiguas, "
        "no los grupos de grafemas extendidos de UAX #29: separa el modificador de tono de "
        "piel, las piezas unidas con ZWJ y los dos indicadores regionales de una bandera. "
        "Java 20 lo cambió (JDK-8291660, «Grapheme support in BreakIterator»)."
    ),
    url="https://bugs.openjdk.org/browse/JDK-8291660",
    fixed_in=(20,),
)
_JAVA_REGEX_GB9C = Known(
    why=(
        "El \\X de las expresiones regulares de Java 17 sigue UAX #29 de Unicode 13: no tiene "
        "la regla GB9c (Unicode 15.1) que deja en un solo grafema la consonante + virama + "
        "consonante de la escritura devanagari («स्ते»), así que cuenta un grafema más. "
        "Java 22 la incorporó (JDK-8296246, datos de Unicode 15.1)."
    ),
    url="https://bugs.openjdk.org/browse/JDK-8296246",
    fixed_in=(22,),
)

#: (runtime key, expression, text) -> why that runtime's count differs from codecbox's.
KNOWN: dict[tuple[str, str, str], Known] = {
    ("java", "BreakIterator.getCharacterInstance()", "👍🏽"): _JAVA_BREAKITERATOR,
    ("java", "BreakIterator.getCharacterInstance()", "👩\u200d👩\u200d👧"): _JAVA_BREAKITERATOR,
    ("java", "BreakIterator.getCharacterInstance()", "🇪🇸"): _JAVA_BREAKITERATOR,
    ("java", 'Pattern.compile("\\\\X").matcher(s).results().count()', "नमस्ते"): _JAVA_REGEX_GB9C,
}


@dataclass(frozen=True)
class Disagreement:
    """A count of a runtime that differs from codecbox's, and its explanation if documented."""

    runtime: Runtime
    expression: str
    text: str
    got: int
    expected: int
    known: Known | None


def compare(results: Iterable[Result], texts: Sequence[str]) -> list[Disagreement]:
    """Every count that differs from :func:`expected`, in runtime, measure and text order."""
    texts = list(texts)
    want = expected(texts)
    found = []
    for result in results:
        if result.values is None:
            continue
        for measure in result.runtime.measures:
            counts = result.values[measure.expression]
            for text, got, ought in zip(texts, counts, want[measure.unit], strict=True):
                if got != ought:
                    known = KNOWN.get((result.runtime.key, measure.expression, text))
                    if known is not None and not known.applies(result.version):
                        known = None
                    found.append(
                        Disagreement(result.runtime, measure.expression, text, got, ought, known)
                    )
    return found


def _label(text: str) -> str:
    """A column title for a text: visible, and marked when it is not in NFC."""
    if not text:
        return '""'
    label = visible(text)
    if not unicodedata.is_normalized("NFC", text):
        label += " (NFD)" if unicodedata.is_normalized("NFD", text) else " (sin normalizar)"
    return label


def tabla(results: Sequence[Result], texts: Sequence[str]) -> Table:
    """The comparison as a table: one row per measure, one column per text.

    A count that differs from codecbox's shows both («2≠1»); a documented one is marked «*».
    """
    texts = list(texts)
    want = expected(texts)
    disagreements = {(d.runtime.key, d.expression, d.text): d for d in compare(results, texts)}
    header = ("lenguaje", "expresión", "cuenta", *(_label(text) for text in texts))
    rows: list[tuple[str, ...] | None] = [
        ("Python (codecbox)", f'length(s, "{unit}")', unit, *(str(n) for n in want[unit]))
        for unit in UNITS
    ]
    notes = []
    for result in results:
        rows.append(None)
        if result.values is None:
            skipped = f"(omitido: {result.skipped})"
            rows.append((result.runtime.language, skipped, "", *("" for _ in texts)))
            continue
        for measure in result.runtime.measures:
            cells = []
            for text, got in zip(texts, result.values[measure.expression], strict=True):
                d = disagreements.get((result.runtime.key, measure.expression, text))
                mark = "" if d is None else f"≠{d.expected}" + ("*" if d.known else "")
                cells.append(f"{got}{mark}")
            rows.append((result.runtime.language, measure.expression, measure.unit, *cells))
    if any(d.known for d in disagreements.values()):
        notes.append("* desacuerdo documentado: ver runtimes.KNOWN")
    return Table(
        header,
        tuple(rows),
        caption="La longitud de cada texto según cada lenguaje",
        notes=tuple(notes),
        align="lll" + "r" * len(texts),
        mono=True,
    )
