"""codecbox as a distribution: the wheel installs and works alone, and the types check.

The library must be usable by an engineer who runs ``pip install codecbox`` and
nothing else: no Jupyter, no course data, no chardet. These tests build the wheel
from this checkout, install it (and only its one dependency) into a brand-new
virtual environment, and use it there, from a folder outside the checkout.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import textwrap
import venv
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = "Scripts" if os.name == "nt" else "bin"

# Runs inside the fresh environment, in an empty folder; prints one JSON line.
USE_THE_WHEEL = textwrap.dedent(
    r"""
    import codecs, importlib, json, pathlib, pkgutil, sys
    import codecbox
    from codecbox import (decode_bytes, decode_html, import_bytes, import_file, sniff,
                          sniff_file, transcode)

    report = {"file": codecbox.__file__, "modules": []}
    for info in pkgutil.walk_packages(codecbox.__path__, "codecbox."):
        importlib.import_module(info.name)
        report["modules"].append(info.name)
    page = decode_html('<meta charset="shift_jis">こんにちは'.encode("cp932"))
    report["html"] = [page.how, page.text[-5:]]
    report["bytes"] = decode_bytes("año".encode("cp1252"), declared="latin1").how
    src = pathlib.Path("export.txt")
    src.write_bytes("Factura nº 7: cañería\n".encode("cp1252"))
    report["transcode"] = str(transcode(src, "export.utf8.txt", "cp1252").target)
    report["utf8"] = pathlib.Path("export.utf8.txt").read_text(encoding="utf-8")
    report["sniff"] = [sniff(("한국어 " * 20).encode("cp949")).how, sniff_file(src).how]
    report["import"] = [import_bytes(codecs.BOM_UTF8 + b"hola").how,
                        import_file(src, origin="erp", origins={"erp": "cp1252"}).how]
    try:
        sniff(b"hola", detector="chardet")
    except ModuleNotFoundError as exc:
        report["chardet"] = str(exc)
    try:
        import chardet
        report["chardet_importable"] = True
    except ImportError:
        report["chardet_importable"] = False
    from codecbox import length, truncate
    report["length"] = [length("añ😀", u) for u in ("bytes", "utf16", "code_points")]
    report["truncate"] = truncate("añ😀", 3, "code_points")  # nothing to cut: no regex needed
    try:
        length("añ😀", "graphemes")
    except ModuleNotFoundError as exc:
        report["graphemes"] = str(exc)
    print(json.dumps(report, ensure_ascii=False))
    """
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> tuple[Path, str]:
    """The wheel built from a copy of this checkout, and everything the build printed.

    A copy, because setuptools leaves build/ and *.egg-info in the tree it builds, and a
    stale build/ can carry a deleted module into the next wheel.
    """
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(
        ROOT / "codecbox", src / "codecbox", ignore=shutil.ignore_patterns("__pycache__")
    )
    out = tmp_path_factory.mktemp("dist")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", out, src],
        capture_output=True,
        text=True,
        cwd=out,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    (found,) = out.glob("codecbox-*.whl")
    return found, build.stdout + build.stderr


def test_the_build_prints_no_warning(wheel):
    _, log = wheel
    warnings = [line for line in log.splitlines() if "warning" in line.lower()]
    assert not warnings, "\n".join(warnings)


def test_the_wheel_holds_the_library_only(wheel):
    path, _ = wheel
    names = zipfile.ZipFile(path).namelist()
    top = {name.split("/")[0] for name in names}
    assert {t for t in top if not t.endswith(".dist-info")} == {"codecbox"}
    assert "codecbox/py.typed" in names
    assert "codecbox/data/encodings.json" in names
    assert "codecbox/data/frequent.txt" in names  # (the detector's, read on first use)
    assert not [n for n in names if "curso" in n or n.startswith("tests")]


def test_the_wheel_declares_both_licenses(wheel):
    from codecbox.errors import EXTRAS  # (pyproject.toml's extras, test_the_extras_table...)

    path, _ = wheel
    with zipfile.ZipFile(path) as z:
        (meta_name,) = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        meta = Parser().parsestr(z.read(meta_name).decode("utf-8"))
        files = z.namelist()
    assert meta["License-Expression"] == "MIT AND CC-BY-4.0 AND Apache-2.0"
    notices = ["WHATWG-NOTICE.txt", "JIEBA-NOTICE.txt", "LANGDETECT-NOTICE.txt"]
    assert sorted(meta.get_all("License-File")) == sorted(
        ["LICENSE", *(f"codecbox/data/{name}" for name in notices)]
    )
    assert any(f.endswith("licenses/LICENSE") for f in files)
    assert any(f.endswith("licenses/codecbox/data/WHATWG-NOTICE.txt") for f in files)
    assert any(f.endswith("licenses/codecbox/data/JIEBA-NOTICE.txt") for f in files)
    assert any(f.endswith("licenses/codecbox/data/LANGDETECT-NOTICE.txt") for f in files)
    requires = meta.get_all("Requires-Dist")
    assert [r for r in requires if "extra ==" not in r] == ["charset-normalizer>=3.4"]
    assert meta.get_all("Provides-Extra") == list(EXTRAS)
    assert [r for r in requires if 'extra == "cli"' in r] == ['tqdm>=4.66; extra == "cli"']


def test_the_wheel_declares_the_command(wheel):
    path, _ = wheel
    with zipfile.ZipFile(path) as z:
        (name,) = [n for n in z.namelist() if n.endswith(".dist-info/entry_points.txt")]
        entry_points = z.read(name).decode("utf-8")
    assert "[console_scripts]\ncodecbox = codecbox.cli:main" in entry_points


def test_the_wheel_works_in_a_fresh_environment(wheel, tmp_path):
    """Install the wheel with no extras into a new venv and use every entry point there."""
    path, _ = wheel
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / BIN / ("python.exe" if os.name == "nt" else "python")
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--quiet"]
        + ["-c", ROOT / "constraints.txt", path],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    work = tmp_path / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    run = subprocess.run(
        [python, "-I", "-c", USE_THE_WHEEL], capture_output=True, text=True, cwd=work, env=env
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(run.stdout)
    assert Path(report["file"]).is_relative_to(env_dir), "imported the checkout, not the wheel"
    assert {m.rsplit(".", 1)[1] for m in report["modules"]} >= {
        "decoding",
        "detection",
        "errors",
        "importing",
        "labels",
        "rules",
        "sniffing",
        "streaming",
    }
    assert report["html"] == ["Shift_JIS (meta)", "こんにちは"]
    assert report["bytes"] == "windows-1252 (declared)"
    assert report["transcode"] == "UTF-8"
    assert report["utf8"] == "Factura nº 7: cañería\n"
    assert report["sniff"] == ["euc_kr (codecbox)", "windows-1252 (codecbox)"]
    assert report["import"] == ["UTF-8 (BOM)", "windows-1252 (source table)"]
    assert report["chardet_importable"] is False
    assert "pip install 'chardet>=7.0'" in report["chardet"]
    assert report["length"] == [7, 4, 3]  # without the graphemes extra, the other units work
    assert report["truncate"] == "añ😀"
    assert "pip install 'regex>=2024.4'" in report["graphemes"]

    # The command, from the console script the wheel installed, without the cli extra.
    command = env_dir / BIN / ("codecbox.exe" if os.name == "nt" else "codecbox")
    helped = subprocess.run([command, "--help"], capture_output=True, text=True, cwd=work, env=env)
    assert helped.returncode == 0, helped.stdout + helped.stderr
    assert helped.stdout.startswith("usage: codecbox")
    (work / "big.txt").write_bytes("año\n".encode("cp1252") * 2_000_000)  # 8 MB
    convert = [command, "convert", "big.txt", "big.utf8.txt", "--from", "cp1252"]
    done = subprocess.run(convert, capture_output=True, text=True, cwd=work, env=env)
    assert done.returncode == 0, done.stderr  # no terminal: no bar, and no need of tqdm
    assert (work / "big.utf8.txt").read_bytes() == "año\n".encode() * 2_000_000
    barred = subprocess.run(
        [*convert, "--progress", "on"], capture_output=True, text=True, cwd=work, env=env
    )
    assert barred.returncode == 2
    assert "needs tqdm: pip install 'tqdm>=4.66'" in barred.stderr
    module = subprocess.run(
        [python, "-I", "-m", "codecbox", "detect", "big.utf8.txt"],
        capture_output=True,
        text=True,
        cwd=work,
        env=env,
    )
    assert module.stdout == "big.utf8.txt: UTF-8 (valid UTF-8), certain\n", module.stderr
    chardet = subprocess.run(
        [command, "detect", "big.txt", "--detector", "chardet"],
        capture_output=True,
        text=True,
        cwd=work,
        env=env,
    )
    assert chardet.returncode == 2 and "pip install 'chardet>=7.0'" in chardet.stderr


def test_mypy_strict_is_clean_on_codecbox():
    """The library's annotations are complete and consistent (config: [tool.mypy])."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_extras_table_is_pyprojects():
    """install_hint() names what each extra installs; pyproject.toml is where extras live."""
    from codecbox.errors import EXTRAS

    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
    declared = dict(re.findall(r'^(\w+) = \["([^"]+)"\]', section, re.M))
    assert declared == EXTRAS


# --- the sdist, and every install line as written ------------------------------------------

#: What the sdist is built from: the files pyproject.toml and MANIFEST.in draw on.
SDIST_SOURCES = ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "MANIFEST.in",
                 "codecbox", "tests", "benchmarks", "data/corpus")  # fmt: skip
README = (ROOT / "README.md").read_text(encoding="utf-8")


def install_lines() -> list[str]:
    """Every ``pip install`` the README gives a reader (in a shell block or inline) and every
    one codecbox's messages and docstrings give, as written."""
    found = re.findall(r"^((?:python3 -m )?pip install [^#\n]*)", README, re.M)
    found += re.findall(r"`((?:python3 -m )?pip install [^`]+)`", README)
    for source in sorted((ROOT / "codecbox").glob("*.py")):
        found += re.findall(r"pip install '[^'{}]+'", source.read_text(encoding="utf-8"))
    from codecbox.errors import EXTRAS, install_hint

    found += [install_hint(extra) for extra in EXTRAS]
    return sorted({line.strip() for line in found})


def test_no_message_points_at_a_package_index_codecbox_is_not_on():
    assert not [line for line in install_lines() if "codecbox[" in line or "codecbox " in line]


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("sdist-src")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in SDIST_SOURCES:
        path, target = ROOT / name, src / name
        if path.is_dir():
            shutil.copytree(path, target, ignore=ignore)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    out = tmp_path_factory.mktemp("sdist")
    hook = "import sys; from setuptools import build_meta; build_meta.build_sdist(sys.argv[1])"
    build = subprocess.run(
        [sys.executable, "-c", hook, out], cwd=src, capture_output=True, text=True
    )
    assert build.returncode == 0, build.stdout + build.stderr
    (found,) = out.glob("codecbox-*.tar.gz")
    return found


def _names(sdist: Path) -> set[str]:
    with tarfile.open(sdist) as archive:
        return {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}


def test_the_sdist_carries_the_library_tests_and_their_data(sdist):
    names = _names(sdist)
    for needed in (
        "codecbox/__init__.py",
        "codecbox/data/encodings.json",
        "CHANGELOG.md",
        "LICENSE",
        "tests/conftest.py",
        "tests/lib/test_cli.py",
        "tests/lib/test_whatwg.py",
        "tests/oracles.py",
        "tests/whatwg_reference.py",
        "tests/course_scripts.py",
        "tests/vectors/html5lib-encoding/LICENSE",
        "benchmarks/undeclared.py",
        "benchmarks/data/documents/es.txt",
        "data/corpus/es/tuning.txt",
    ):
        assert needed in names, needed
    stray = ("curso/", "lessons/", "solutions/", "tests/test_", "tests/course/", "tests/browser/")
    assert not [n for n in names if n.startswith(stray)]
    assert not [n for n in names if "__pycache__" in n]


@pytest.fixture(scope="module")
def from_the_sdist(sdist, tmp_path_factory) -> tuple[Path, Path, dict[str, str]]:
    """The sdist unpacked, and a new venv where every install line ran there, as written
    (a reader types them in the folder of a clone, which the sdist is a copy of)."""
    work = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(sdist) as archive:
        if hasattr(tarfile, "data_filter"):
            archive.extractall(work, filter="data")
        else:  # Python 3.10 before 3.10.12
            archive.extractall(work)  # noqa: S202 (our own archive)
    (folder,) = work.iterdir()
    env_dir = tmp_path_factory.mktemp("sdist-venv") / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / BIN / ("python.exe" if os.name == "nt" else "python")
    failures = {}
    for line in install_lines():
        words = shlex.split(line)
        args = words[words.index("install") + 1 :]
        pip = [sys.executable, "-m", "pip", "--python", python, "install", "--quiet"]
        done = subprocess.run(
            [*pip, "-c", ROOT / "constraints.txt", *args],
            cwd=folder,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            failures[line] = done.stderr.strip().splitlines()[-1:]
    return folder, python, failures


def test_every_install_line_works_as_written(from_the_sdist):
    folder, python, failures = from_the_sdist
    assert not failures
    assert len(install_lines()) >= 5
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    used = subprocess.run(
        [python, "-I", "-c", "import codecbox, regex, tqdm, chardet; print(codecbox.__file__)"],
        capture_output=True,
        text=True,
        cwd=folder.parent,
        env=env,
    )
    assert used.returncode == 0, used.stderr
    assert Path(used.stdout.strip()).is_relative_to(python.parent.parent), "not the venv's"


def test_the_library_tests_pass_from_the_sdist(from_the_sdist):
    """What the README tells a packager to run, in the unpacked sdist. (.ci/run runs this on
    its main Python only: the other Pythons run tests/lib from the checkout.)"""
    folder, python, failures = from_the_sdist
    assert not failures
    (command,) = re.findall(r"`(python3 -m pytest [^`]+)`", README)
    words = shlex.split(command)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONHASHSEED"] = "0"
    run = subprocess.run([python, *words[1:]], capture_output=True, text=True, cwd=folder, env=env)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert re.search(r"\d+ passed", run.stdout.splitlines()[-1]), run.stdout[-500:]
