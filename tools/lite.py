"""The course with nothing installed: a JupyterLite site in ``build/lite/``.

    python3 course.py lite [--out DIR] [--lessons NN ...]

JupyterLite (``jupyterlite-core``) with the Pyodide kernel (``jupyterlite-pyodide-kernel``):
the lessons open and run in the browser, served by any static file server
(``python3 -m http.server -d build/lite``). Everything comes from the package registries,
and the built site needs no network:

* **npm**: the package ``pyodide`` at the kernel's pinned version (the core runtime:
  ``pyodide.mjs``, ``pyodide.asm.wasm``, ``python_stdlib.zip``, ``pyodide-lock.json``), served
  from ``static/pyodide/``;
* **PyPI**: the pure-Python wheels the kernel loads from Pyodide's lock at start (micropip,
  IPython and its dependencies, jedi, parso), the ones lessons 1 and 6 need from it
  (charset-normalizer, wcwidth) and the lessons' packages that are in the lock, at the lock's
  versions, except charset-normalizer, at this environment's (:data:`LOCK_AT_OUR_VERSION`);
  the lock's ``file_name`` and ``sha256`` (and ``version``) are rewritten for them, since
  Pyodide checks every wheel it loads. Also from PyPI, for piplite (``pypi/``): comm,
  ipywidgets, jupyterlab_widgets and the lessons' packages that are not in the lock (lesson 3:
  pyuca, confusable-homoglyphs; lesson 5: uniseg, PyMySQL; lesson 6: chardet), at this
  environment's versions;
* **this checkout**: the wheels of ``codecbox`` and of ``curso`` (``pip wheel --no-deps``);
  the curso wheel carries the course's ``data/`` (not its cache) as ``curso/data/``, where
  ``curso.paths.data_dir()`` finds it.

Downloads are cached in ``curso.paths.cache_dir() / "lite"``; a second build needs no
network. The site's files have the course's folders, so that what the lessons' text names
is there and every relative link works as it does in JupyterLab (:data:`FOLDERS`):
``lessons/`` and ``solutions/`` hold lite-only copies of the notebooks (the checkout's are not
changed) with one cell added at the top that installs the course with ``%pip install``
(piplite, from the wheels shipped in the site; the package index is never asked) and a note
that says so; the copies have no stored outputs. ``docs/`` holds the glossary every lesson
links to (``../docs/glosario.md``), and ``data/`` the course's data files (all but the
cache), for the student to open: the lessons read the copy inside the curso wheel. The
sources the lessons name for reading are there too (:data:`SOURCES`): ``curso/`` (the
lessons' code, as in the wheel), ``benchmarks/`` (its scripts, not their data) and
``constraints/`` (the locks lesson 6 cites).

What runs, checked by ``tests/browser/test_lite.py`` (every output equal to the stored one):
all six lessons, to the end. Lessons 2, 4 and 5 needed things a browser lacks:

* **Lesson 2**: ``servidor(PAGINAS)`` serves pages from ``http.server`` on 127.0.0.1 in a
  thread; in the browser ``listen`` fails (``OSError: [Errno 138] Not supported``) and
  Pyodide cannot start threads. Under Pyodide, ``curso.l02.server.servidor`` hands each
  request to the same handler in memory, and ``requests`` parses the same response bytes
  and headers; the copy says so before that cell (:data:`LITE_CELLS`). It installs ftfy
  (PyPI) and requests (lock).
* **Lesson 4**: the cell that runs ``python -m codecbox import`` with subprocess: a browser
  has no processes (``OSError: [Errno 138] emscripten does not support processes``). The
  copy runs the same command line in the kernel instead (``sin_procesos``, a lite-only cell
  that says so; :func:`lite_source`); codecbox's import log and copies do without
  ``fcntl.flock`` and ``os.link``, which Pyodide lacks. ``sqlite3`` is in Pyodide's core.
* **Lesson 5**: grapheme clusters come from ``uniseg`` (pure Python, PyPI), which
  ``codecbox.length`` uses where ``regex`` cannot be imported; it also installs PyMySQL (PyPI),
  which ``curso.l05.mariadb`` imports. Two parts cannot run in a browser: the comparison with
  seven other languages (``runtimes.run`` compiles and runs programs with subprocess, in
  threads) and the MariaDB server (``mariadb.server`` starts ``mariadbd``). Under Pyodide
  ``runtimes.run`` starts nothing and returns every language skipped, and
  ``mariadb.available`` gives the reason, both «no disponible en el navegador, …»
  (``runtimes.IN_BROWSER``, ``mariadb.IN_BROWSER``), so the two cells (``# NBVAL_IGNORE_OUTPUT``)
  run unchanged and print it; the copy says why before each (:data:`LITE_CELLS`). The rest
  (the four lengths, the cuts, SQLite's ``length``, the widget) runs as in JupyterLab.
* **Lesson 6**: its code cells run unchanged since its plot is curso's own SVG
  (``curso.render.Plot``, no matplotlib). It installs chardet (PyPI) and charset-normalizer
  (lock): codecbox imports them inside ``guess_chardet`` and ``guess_charset_normalizer``,
  where the kernel does not see the import. In the browser ``shutil.which`` finds no
  ``iconv``, ``cat`` or ``php``, so the cells that would run them with subprocess say the
  command is missing, the PHP ones with only the published figures (all these cells are
  ``# NBVAL_IGNORE_OUTPUT``); the copy says why before the ``iconv`` cell and before the
  first PHP cell (:data:`LITE_CELLS`). Measuring the accuracy (``accuracy.measure``: 6 detector
  columns, 5,000 samples) takes 65 to 75 s in headless Chromium here, the whole lesson 75 to
  85 s after the kernel is ready (the second ``measure`` reads the first one's cache).

The wasm32 wheels (regex, numpy, matplotlib, …) are only on Pyodide's own CDN, which this
build does not use, and the lessons do without them (lesson 5: uniseg for regex; lesson 6:
curso's SVG for matplotlib). Tried: PyPI has none for Pyodide's platform (``pip download
--platform pyemscripten_2026_0_wasm32 --implementation cp --abi cp314 --python-version
3.14`` of regex, numpy, matplotlib: "from versions: none"; their PyPI files have no
wasm32, emscripten or pyodide tag); npm's ``pyodide`` is the core without them, and
``@pyodide/pyodide`` stops at 0.17.1 (Python 3.8); building them needs Emscripten 5.0.3
(Debian has 3.1.6) and pyodide-build's cross-build environment, which is not in a registry.

The build is atomic (a temporary folder, renamed over ``build/lite``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

from folders import replace_folder

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "build" / "lite"
#: What the kernel loads from Pyodide's lock at start, and what lesson 1 uses from it.
LOCK_ROOTS = ("micropip", "ipython", "jedi", "charset-normalizer", "wcwidth")
#: Packages of Pyodide's lock shipped at this environment's version (``constraints.txt``'s pin)
#: instead of the lock's: the stored outputs were made with it. charset-normalizer's guesses on
#: short samples differ between 3.4.7 (Pyodide 314.0.6's lock) and 3.5.2: with 3.4.7 several
#: counts of lesson 6's accuracy table change (EUC-JP, 4 characters, no list: 5 hits, not 12).
LOCK_AT_OUR_VERSION = ("charset-normalizer",)
#: piplite wheels from PyPI at this environment's versions (not in Pyodide's lock).
PIPLITE_FROM_PYPI = ("comm", "ipywidgets", "jupyterlab_widgets")
#: The lessons in the site: the ones that run to the end in the browser (see the docstring).
LESSONS = ("01", "02", "03", "04", "05", "06")
#: What a lesson's first cell installs besides the course's wheels. A package of Pyodide's
#: lock comes from PyPI at the lock's version (this environment's for
#: :data:`LOCK_AT_OUR_VERSION`), with its dependencies in the lock; any other from PyPI at this
#: environment's version, for piplite.
LESSON_WHEELS: dict[str, tuple[str, ...]] = {
    "02": ("ftfy", "requests"),
    "03": ("pyuca", "confusable-homoglyphs"),
    "05": ("uniseg", "pymysql"),
    "06": ("chardet", "charset-normalizer"),
}
INSTALL = "%pip install --no-deps codecbox codecbox-curso ipywidgets jupyterlab_widgets"
#: The folders of ``data/`` that go into the site (inside the curso wheel, and as the folder
#: ``data/`` of its files): all but the cache.
DATA_SKIP = ("cache",)
#: The course's folders in the site's files, as in the checkout: the lessons and their
#: solutions (lite copies), the Markdown pages of ``docs/`` the lessons link to, and ``data/``.
FOLDERS = ("lessons", "solutions", "docs", "data", "curso", "benchmarks", "constraints")
#: The folders of sources the lessons name, copied for reading, and what of each stays out.
SOURCES = {
    "curso": ("*.egg-info", "__pycache__", "*.pyc"),
    "benchmarks": ("data", "__pycache__", "*.pyc"),
    "constraints": (),
}
#: The pages of ``docs/`` in the site: the glossary (the teacher's guide is for the web site).
DOCS = ("glosario.md",)
PACKAGE_DATA = 'curso = ["py.typed"]'
PACKAGE_DATA_LITE = 'curso = ["py.typed", "data/**/*"]'
#: Lessons 2 and 4 run ``python -m codecbox fix`` and ``import`` with subprocess; a browser has
#: no processes. Their lite copies run the same command line in the kernel's Python instead,
#: through a function defined in a cell of its own, announced in Spanish (see :func:`lite_source`).
SUBPROCESS_CALL = "subprocess.run(orden, capture_output=True, text=True)"
IN_PROCESS_CALL = "sin_procesos(orden, text=True)  # en JupyterLab: " + SUBPROCESS_CALL
#: Lesson 2's calls: bytes out (the repaired file), in a folder of their own.
SUBPROCESS_CALL_02 = "subprocess.run(orden, capture_output=True, cwd=carpeta)"
IN_PROCESS_CALL_02 = "sin_procesos(orden, cwd=carpeta)  # en JupyterLab: " + SUBPROCESS_CALL_02
#: The lite copy's replacements, by lesson.
IN_PROCESS = {
    "02": (SUBPROCESS_CALL_02, IN_PROCESS_CALL_02),
    "04": (SUBPROCESS_CALL, IN_PROCESS_CALL),
}
IN_PROCESS_NOTE = (
    "**En el navegador (JupyterLite).** Aquí no se puede lanzar otro programa: el navegador no "
    "tiene procesos. La celda siguiente, que solo está en la copia para el navegador, define "
    "`sin_procesos(orden)`: ejecuta la orden `python -m codecbox …` dentro de este mismo "
    "Python (`codecbox.cli.main`, con los mismos argumentos, en la carpeta `cwd` si se da) y "
    "devuelve lo que devolvería `subprocess.run` con `capture_output=True`: las dos salidas como "
    "bytes, o como texto con `text=True`. Las celdas que lanzan `codecbox` la usan en su lugar; "
    "en JupyterLab, la clase lanza el programa de verdad."
)
IN_PROCESS_CODE = '''\
import contextlib
import io
import os

from codecbox.cli import main as codecbox_main


def sin_procesos(orden, cwd=None, text=False):
    """python -m codecbox ARGS dentro de este Python: lo que daría subprocess.run."""
    if orden[1:3] != ["-m", "codecbox"]:
        raise ValueError(f"solo python -m codecbox, no {orden!r}")
    salida, errores = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(salida, encoding="utf-8", write_through=True)
    err = io.TextIOWrapper(errores, encoding="utf-8", write_through=True)
    with contextlib.chdir(cwd or os.getcwd()):
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            codigo = codecbox_main(orden[3:])
            out.flush()
            err.flush()
    dos = (salida.getvalue(), errores.getvalue())
    if text:
        dos = (dos[0].decode("utf-8"), dos[1].decode("utf-8"))
    return subprocess.CompletedProcess(orden, codigo, *dos)'''
SERVER_NOTE = (
    "**En el navegador (JupyterLite).** Aquí Python no puede abrir un puerto ni arrancar un "
    "hilo, así que no hay servidor en 127.0.0.1: en esta copia, `servidor` entrega cada "
    "petición de `requests` al mismo manejador HTTP, en memoria, y `requests` lee su "
    "respuesta (los mismos bytes y las mismas cabeceras) como si llegara por la red."
)
#: Lesson 6 runs ``iconv``, ``cat`` and ``php`` with subprocess when they are installed; in the
#: browser ``shutil.which`` finds none, and its cells say so (the PHP ones with how to install
#: PHP, which a browser cannot do): these notes say why.
ICONV_NOTE = (
    "**En el navegador (JupyterLite).** Aquí no hay comando `iconv`: el navegador no puede "
    "lanzar otros programas. La celda siguiente lo dice y no prueba nada; en JupyterLab, con "
    "`iconv` instalado, lo prueba. Por lo mismo, en la medición de velocidad de más abajo las "
    "filas de `iconv` y `cat` quedan vacías."
)
PHP_NOTE = (
    "**En el navegador (JupyterLite).** Aquí no hay PHP, ni se puede instalar: el navegador no "
    "puede lanzar `php` ni ningún otro programa. Las cuatro celdas de PHP que siguen dicen que "
    "no está y muestran de PHP solo las cifras publicadas. Para medir con tu PHP, abre la clase "
    "en JupyterLab con PHP instalado: las instrucciones que dan son para eso."
)
#: Lesson 5 compares its lengths with programs in seven languages, compiled and run with
#: subprocess in threads, and starts a MariaDB server: in the browser ``curso.l05`` skips them
#: (``runtimes.IN_BROWSER``, ``mariadb.IN_BROWSER``) and its cells say so; these notes say why.
RUNTIMES_NOTE = (
    "**En el navegador (JupyterLite).** Aquí no se comparan los otros lenguajes: el navegador "
    "no puede compilar ni lanzar otros programas (`node`, `java`, `rustc`, `go`, `cc`, `php`, "
    "`swiftc`). La celda siguiente no mide nada: cada lenguaje aparece como «no se comparó», "
    "no disponible en el navegador. Lo que debería dar cada expresión está en la tabla de "
    "longitudes de más arriba, columna por unidad, y lo que puede no coincidir, explicado "
    "debajo. Para compararlo de verdad, abre la clase en JupyterLab con esos lenguajes "
    "instalados."
)
MARIADB_NOTE = (
    "**En el navegador (JupyterLite).** Aquí no hay MariaDB, ni se puede instalar: el "
    "navegador no puede arrancar un servidor ni ningún otro programa. La celda siguiente dice "
    "que no está disponible en el navegador y no prueba nada; la tabla documentada de arriba "
    "vale igual. Para comprobarla con un servidor de verdad, abre la clase en JupyterLab, en "
    "un equipo con MariaDB instalado."
)
#: Lite-only cells put before a cell of a lesson: (lesson, a text in that cell) -> (a note in
#: Spanish, and a code cell or None). Lesson 2's note says what ``servidor`` does in Pyodide;
#: lesson 5's, why no other language nor MariaDB runs; lesson 6's, why there is no ``iconv``
#: nor PHP.
LITE_CELLS: dict[tuple[str, str], tuple[str, str | None]] = {
    ("02", "with servidor(PAGINAS) as sitio:"): (SERVER_NOTE, None),
    ("02", '"fix", "--explain"'): (IN_PROCESS_NOTE, IN_PROCESS_CODE),
    ("04", SUBPROCESS_CALL): (IN_PROCESS_NOTE, IN_PROCESS_CODE),
    ("05", "resultados = runtimes.run(TEXTS)"): (RUNTIMES_NOTE, None),
    ("05", "motivo = mariadb.available()"): (MARIADB_NOTE, None),
    ("06", 'iconv = shutil.which("iconv")'): (ICONV_NOTE, None),
    ("06", "instalado = php.available()"): (PHP_NOTE, None),
}
#: The first note of every copy.
LITE_NOTE = (
    "**En el navegador (JupyterLite).** Esta copia de la clase se ejecuta sin instalar nada: "
    "la celda de abajo instala `codecbox` y el código del curso desde las ruedas que vienen "
    "con el sitio. Ejecútala primero (o *Run → Run All Cells*). El sitio tiene las carpetas "
    "del curso, como en JupyterLab: `lessons/` (las clases), `solutions/` (las mismas clases "
    "resueltas), `docs/` (el glosario) y `data/` (los datos de las clases, para que los abras "
    "y los mires; el código del curso lee su propia copia, que viaja dentro de él: "
    "`curso.paths.data_dir()` dice dónde)."
)
CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
#: Lab extensions of this environment that make no sense without a Jupyter server.
DISABLED_EXTENSIONS = ("@jupyter/nbgrader",)
SOURCE_DATE_EPOCH = 1_700_000_000


class Unavailable(RuntimeError):
    """A registry could not be reached (and the cache does not hold what is needed)."""


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def cache_root() -> Path:
    from curso.paths import cache_dir

    path = cache_dir() / "lite"
    path.mkdir(parents=True, exist_ok=True)
    return path


def run(*args: object, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise subprocess.CalledProcessError(
            result.returncode, result.args, result.stdout, result.stderr
        )
    return result


def pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def fetch_pyodide(cache: Path) -> Path:
    """The npm tarball of ``pyodide`` (npm checks its integrity), cached; its unpacked folder."""
    ver = pyodide_version()
    unpacked = cache / f"pyodide-{ver}"
    if (unpacked / "package" / "pyodide-lock.json").exists():
        return unpacked / "package"
    npm = shutil.which("npm")
    if npm is None:
        raise Unavailable("npm is not installed (it fetches the pyodide package)")
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        try:
            run(
                npm, "pack", f"pyodide@{ver}", "--pack-destination", tmp, "--loglevel=error",
                "--fetch-retries=1", "--fetch-timeout=60000", cwd=cache,
            )  # fmt: skip
        except subprocess.CalledProcessError as exc:
            message = f"npm pack pyodide@{ver} failed: {exc.stderr.strip()[-500:]}"
            raise Unavailable(message) from None
        (tarball,) = Path(tmp).glob("pyodide-*.tgz")
        with tarfile.open(tarball) as tar:
            try:
                tar.extractall(Path(tmp) / "x", filter="data")
            except TypeError:  # a Python from before the extraction filters (3.10.11-)
                tar.extractall(Path(tmp) / "x")  # noqa: S202 (npm checked the tarball)
        try:  # another build may have unpacked it meanwhile
            (Path(tmp) / "x").rename(unpacked)
        except OSError:
            if not (unpacked / "package" / "pyodide-lock.json").exists():
                raise
    return unpacked / "package"


def lock_closure(lock: dict, roots: tuple[str, ...]) -> list[str]:
    packages = lock["packages"]
    by_norm = {norm(name): name for name in packages}
    seen: list[str] = []
    stack = list(roots)
    while stack:
        name = by_norm[norm(stack.pop())]
        if name not in seen:
            seen.append(name)
            stack.extend(packages[name]["depends"])
    return sorted(seen)


def fetch_wheels(cache: Path, requirements: list[str], python: str) -> dict[str, Path]:
    """Pure-Python wheels from PyPI (``pip download``), cached; normalized name -> file."""
    wheels = cache / "wheels"
    wheels.mkdir(exist_ok=True)

    def have() -> dict[str, Path]:
        found = {}
        for path in wheels.glob("*.whl"):
            name, ver = path.name.split("-")[:2]
            found[f"{norm(name)}=={ver}"] = path
        return found

    def key(requirement: str) -> str:
        name, ver = requirement.split("==")
        return f"{norm(name)}=={ver}"

    missing = [r for r in requirements if key(r) not in have()]
    if missing:
        with tempfile.TemporaryDirectory(dir=cache) as tmp:  # complete files only in the cache
            try:
                run(
                    sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary", ":all:", "--platform", "any", "--implementation", "py",
                    "--abi", "none", "--python-version", python, "--dest", tmp,
                    "--retries", "1", "--timeout", "30", *missing,
                )  # fmt: skip
            except subprocess.CalledProcessError as exc:
                message = f"pip download {' '.join(missing)}: {exc.stderr.strip()[-800:]}"
                raise Unavailable(message) from None
            for path in Path(tmp).glob("*.whl"):
                path.replace(wheels / path.name)
    found = have()
    return {r: found[key(r)] for r in requirements}


def own_wheels(dest: Path) -> list[Path]:
    """The wheels of codecbox and curso (``pip wheel --no-deps``), built from copies of their
    sources in a temporary folder, so setuptools leaves no ``build/`` in the checkout.

    The curso wheel also carries the course's ``data/`` (all but the cache) as ``curso/data/``,
    where :func:`curso.paths.data_dir` looks when there is no checkout around the package: the
    copy's ``pyproject.toml`` lists it as package data (``curso/pyproject.toml`` is unchanged).
    """
    litter = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "*.pyc")
    with tempfile.TemporaryDirectory() as tmp:
        library, course = Path(tmp) / "codecbox", Path(tmp) / "curso"
        library.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            shutil.copy2(ROOT / name, library / name)
        shutil.copytree(ROOT / "codecbox", library / "codecbox", ignore=litter)
        shutil.copytree(ROOT / "curso", course, ignore=litter)
        shutil.copytree(
            ROOT / "data", course / "data", ignore=shutil.ignore_patterns(*DATA_SKIP, "*.pyc")
        )
        pyproject = course / "pyproject.toml"
        text = pyproject.read_text(encoding="utf-8")
        if text.count(PACKAGE_DATA) != 1:
            raise RuntimeError(f"curso/pyproject.toml has no line {PACKAGE_DATA!r} to extend")
        pyproject.write_text(text.replace(PACKAGE_DATA, PACKAGE_DATA_LITE), encoding="utf-8")
        for project in (library, course):
            run(
                sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                "--no-build-isolation", "--wheel-dir", dest, project,
            )  # fmt: skip
    return sorted(dest.glob("*.whl"))


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lite_source(number: str, source: str) -> str:
    """A code cell of lesson ``number`` as its lite copy has it (nearly all are unchanged)."""
    call, in_process = IN_PROCESS.get(number, ("", ""))
    return source.replace(call, in_process) if call and call in source else source


def lite_notebook(source: Path, dest: Path, number: str) -> None:
    """A copy of a lesson for the browser: outputs cleared, an install cell first, the cells of
    :data:`LITE_CELLS` and the changes of :func:`lite_source` (the lite-only cells have ids
    ``lite-…``)."""
    import nbformat

    nb = nbformat.read(source, as_version=4)
    cells = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
            for n, ((lesson, text), (note, code)) in enumerate(LITE_CELLS.items()):
                if lesson == number and text in cell.source:
                    cells.append(nbformat.v4.new_markdown_cell(note, id=f"lite-note-{n}"))
                    if code is not None:
                        cells.append(nbformat.v4.new_code_cell(code, id=f"lite-code-{n}"))
            cell.source = lite_source(number, cell.source)
        cells.append(cell)
    install = " ".join((INSTALL, *LESSON_WHEELS.get(number, ())))
    note = nbformat.v4.new_markdown_cell(LITE_NOTE, id="lite-note")
    cells[1:1] = [note, nbformat.v4.new_code_cell(install, id="lite-install")]
    nb.cells = cells
    nb.metadata["kernelspec"] = {
        "display_name": "Python (Pyodide)",
        "language": "python",
        "name": "python",
    }
    nbformat.write(nb, dest)


def copy_contents(contents: Path, lessons: tuple[str, ...]) -> None:
    """The site's files (:data:`FOLDERS`): the notebooks of ``lessons`` from ``lessons/`` and
    ``solutions/`` as lite copies, the pages :data:`DOCS`, ``data/`` without the cache and
    the sources of :data:`SOURCES`."""
    for kind in FOLDERS[:2]:
        (contents / kind).mkdir()
        for number in lessons:
            (source,) = (ROOT / kind).glob(f"{number}_*.ipynb")
            lite_notebook(source, contents / kind / source.name, number)
    (contents / "docs").mkdir()
    for name in DOCS:
        shutil.copy2(ROOT / "docs" / name, contents / "docs" / name)
    skip = shutil.ignore_patterns(*DATA_SKIP, "*.pyc", "__pycache__")
    shutil.copytree(ROOT / "data", contents / "data", ignore=skip)
    for folder, left_out in SOURCES.items():
        skip = shutil.ignore_patterns(*left_out)
        shutil.copytree(ROOT / folder, contents / folder, ignore=skip)


def build(out: Path = DEFAULT_OUT, lessons: tuple[str, ...] = LESSONS) -> Path:
    """Build the JupyterLite site into ``out`` atomically; return ``out``.

    ``lessons``: the lesson numbers to include (the ones that run in the browser).
    Raises :class:`Unavailable` when a registry is unreachable and the cache is empty.
    """
    out = Path(out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    cache = cache_root()
    core = fetch_pyodide(cache)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = ".".join(lock["info"]["python"].split(".")[:2])
    extras = sorted({name for number in lessons for name in LESSON_WHEELS.get(number, ())})
    locked = {norm(name) for name in lock["packages"]}
    in_lock = lock_closure(lock, (*LOCK_ROOTS, *(e for e in extras if norm(e) in locked)))
    ours = {norm(name) for name in LOCK_AT_OUR_VERSION}
    for name in in_lock:
        if norm(name) in ours:
            lock["packages"][name]["version"] = version(name)
    lock_reqs = [f"{name}=={lock['packages'][name]['version']}" for name in in_lock]
    from_pypi = (*PIPLITE_FROM_PYPI, *(e for e in extras if norm(e) not in locked))
    pip_reqs = [f"{name}=={version(name)}" for name in from_pypi]
    wheels = fetch_wheels(cache, lock_reqs + pip_reqs, python)

    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        lite_dir, contents, site = tmp / "src", tmp / "src" / "contents", tmp / "site"
        static = lite_dir / "static" / "pyodide"
        pypi = lite_dir / "pypi"
        for folder in (static, pypi, contents):
            folder.mkdir(parents=True)
        for name in CORE_FILES:
            shutil.copy2(core / name, static / name)
        for name, req in zip(in_lock, lock_reqs, strict=True):
            wheel = wheels[req]
            shutil.copy2(wheel, static / wheel.name)
            entry = lock["packages"][name]
            entry["file_name"], entry["sha256"] = wheel.name, sha256(wheel)
        (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
        for req in pip_reqs:
            shutil.copy2(wheels[req], pypi / wheels[req].name)
        own_wheels(pypi)
        settings = {
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "Curso de texto y codificación",
                "exposeAppInBrowser": True,
                "disabledExtensions": list(DISABLED_EXTENSIONS),
                "litePluginSettings": {
                    "@jupyterlite/pyodide-kernel-extension:kernel": {
                        "disablePyPIFallback": True,
                    }
                },
            },
        }
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(settings, indent=2))
        copy_contents(contents, lessons)
        run(
            sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", lite_dir,
            "--contents", contents, "--output-dir", site, "--no-sourcemaps",
            "--apps", "lab", "--source-date-epoch", SOURCE_DATE_EPOCH,
            cwd=lite_dir,
        )  # fmt: skip
        replace_folder(site, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="course.py lite", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="default: build/lite")
    parser.add_argument(
        "--lessons",
        nargs="+",
        default=list(LESSONS),
        metavar="NN",
        help=f"the lessons to include (default: the ones that run: {' '.join(LESSONS)})",
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        out = build(args.out, tuple(args.lessons))
    except Unavailable as exc:
        print(f"lite: cannot build: {exc}", file=sys.stderr)
        return 1
    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files) / 1e6
    print(
        f"lite: {len(files)} files, {size:.0f} MB in {out} ({time.monotonic() - started:.0f} s);"
        f" serve it with: python3 -m http.server -d {out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
