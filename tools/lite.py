"""The course with nothing installed: a JupyterLite site in ``build/lite/``.

    python3 course.py lite [--out DIR]

JupyterLite (``jupyterlite-core``) with the Pyodide kernel (``jupyterlite-pyodide-kernel``):
the lessons open and run in the browser, served by any static file server
(``python3 -m http.server -d build/lite``). Everything comes from the package registries,
and the built site needs no network:

* **npm**: the package ``pyodide`` at the kernel's pinned version (the core runtime:
  ``pyodide.mjs``, ``pyodide.asm.wasm``, ``python_stdlib.zip``, ``pyodide-lock.json``), served
  from ``static/pyodide/``;
* **PyPI**: the pure-Python wheels the kernel loads from Pyodide's lock at start (micropip,
  IPython and its dependencies, jedi, parso) and the ones lesson 1 needs from it
  (charset-normalizer, wcwidth), at the lock's versions; the lock's ``file_name`` and
  ``sha256`` are rewritten for them, since Pyodide checks every wheel it loads. Also from
  PyPI, for piplite (``pypi/``): comm, ipywidgets and jupyterlab_widgets at this
  environment's versions;
* **this checkout**: the wheels of ``codecbox`` and of ``curso`` (``pip wheel --no-deps``).

Downloads are cached in ``curso.paths.cache_dir() / "lite"``; a second build needs no
network. The lessons are lite-only copies (``lessons/`` is not changed) with one cell added
at the top that installs the course with ``%pip install`` (piplite, from the wheels shipped
in the site; the package index is never asked). The copies have no stored outputs.

What the browser cannot have: the wasm32 wheels of Pyodide's lock (numpy, matplotlib,
regex, …) are in neither registry package, so lessons that need them (and lessons that read
the course's ``data/``) do not run to the end in this build; lesson 1 does.

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

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "build" / "lite"
#: What the kernel loads from Pyodide's lock at start, and what lesson 1 uses from it.
LOCK_ROOTS = ("micropip", "ipython", "jedi", "charset-normalizer", "wcwidth")
#: piplite wheels from PyPI at this environment's versions (not in Pyodide's lock).
PIPLITE_FROM_PYPI = ("comm", "ipywidgets", "jupyterlab_widgets")
#: The lessons in the site, and what each installs in its first cell.
INSTALL = "%pip install --no-deps codecbox codecbox-curso ipywidgets jupyterlab_widgets"
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
    sources in a temporary folder, so setuptools leaves no ``build/`` in the checkout."""
    litter = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "*.pyc")
    with tempfile.TemporaryDirectory() as tmp:
        library, course = Path(tmp) / "codecbox", Path(tmp) / "curso"
        library.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            shutil.copy2(ROOT / name, library / name)
        shutil.copytree(ROOT / "codecbox", library / "codecbox", ignore=litter)
        shutil.copytree(ROOT / "curso", course, ignore=litter)
        for project in (library, course):
            run(
                sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                "--no-build-isolation", "--wheel-dir", dest, project,
            )  # fmt: skip
    return sorted(dest.glob("*.whl"))


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lite_notebook(source: Path, dest: Path) -> None:
    """A copy of a lesson for the browser: outputs cleared, an install cell first."""
    import nbformat

    nb = nbformat.read(source, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    install = nbformat.v4.new_code_cell(INSTALL, id="lite-install")
    note = nbformat.v4.new_markdown_cell(
        "**En el navegador (JupyterLite).** Esta copia de la clase se ejecuta sin instalar "
        "nada: la celda de abajo instala `codecbox` y el código del curso desde las ruedas "
        "que vienen con el sitio. Ejecútala primero (o *Run → Run All Cells*).",
        id="lite-note",
    )
    nb.cells[1:1] = [note, install]
    nb.metadata["kernelspec"] = {
        "display_name": "Python (Pyodide)",
        "language": "python",
        "name": "python",
    }
    nbformat.write(nb, dest)


def build(out: Path = DEFAULT_OUT, lessons: tuple[str, ...] = ("01",)) -> Path:
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
    in_lock = lock_closure(lock, LOCK_ROOTS)
    lock_reqs = [f"{name}=={lock['packages'][name]['version']}" for name in in_lock]
    pip_reqs = [f"{name}=={version(name)}" for name in PIPLITE_FROM_PYPI]
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
        for number in lessons:
            (source,) = (ROOT / "lessons").glob(f"{number}_*.ipynb")
            lite_notebook(source, contents / source.name)
        run(
            sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", lite_dir,
            "--contents", contents, "--output-dir", site, "--no-sourcemaps",
            "--apps", "lab", "--source-date-epoch", SOURCE_DATE_EPOCH,
            cwd=lite_dir,
        )  # fmt: skip
        old = out.with_name(f".{out.name}-old")
        shutil.rmtree(old, ignore_errors=True)
        if out.exists():
            out.rename(old)
        site.rename(out)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="course.py lite", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="default: build/lite")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        out = build(args.out)
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
