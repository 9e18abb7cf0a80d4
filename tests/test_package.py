"""codecbox as a distribution: the wheel installs and works alone, and the types check.

The library must be usable by an engineer who runs ``pip install codecbox`` and
nothing else: no Jupyter, no course data, no chardet. These tests build the wheel
from this checkout, install it (and only its one dependency) into a brand-new
virtual environment, and use it there, from a folder outside the checkout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
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
    assert not [n for n in names if "curso" in n or n.startswith("tests")]


def test_the_wheel_declares_both_licenses(wheel):
    path, _ = wheel
    with zipfile.ZipFile(path) as z:
        (meta_name,) = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        meta = Parser().parsestr(z.read(meta_name).decode("utf-8"))
        files = z.namelist()
    assert meta["License-Expression"] == "MIT AND CC-BY-4.0"
    assert sorted(meta.get_all("License-File")) == sorted(
        ["LICENSE", "codecbox/data/WHATWG-NOTICE.txt"]
    )
    assert any(f.endswith("licenses/LICENSE") for f in files)
    assert any(f.endswith("licenses/codecbox/data/WHATWG-NOTICE.txt") for f in files)
    requires = meta.get_all("Requires-Dist")
    assert [r for r in requires if "extra ==" not in r] == ["charset-normalizer>=3.4"]
    assert meta.get_all("Provides-Extra") == ["chardet", "cli", "graphemes"]
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
        "inspection",
        "labels",
        "rules",
        "sniffing",
        "streaming",
    }
    assert report["html"] == ["Shift_JIS (meta)", "こんにちは"]
    assert report["bytes"] == "windows-1252 (declared)"
    assert report["transcode"] == "UTF-8"
    assert report["utf8"] == "Factura nº 7: cañería\n"
    assert report["sniff"] == ["EUC-KR (codecbox)", "windows-1252 (codecbox)"]
    assert report["import"] == ["UTF-8 (BOM)", "windows-1252 (source table)"]
    assert report["chardet_importable"] is False
    assert "pip install 'codecbox[chardet]'" in report["chardet"]
    assert report["length"] == [7, 4, 3]  # without the graphemes extra, the other units work
    assert report["truncate"] == "añ😀"
    assert "pip install 'codecbox[graphemes]'" in report["graphemes"]

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
    assert "needs tqdm: pip install 'codecbox[cli]'" in barred.stderr
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
    assert chardet.returncode == 2 and "pip install 'codecbox[chardet]'" in chardet.stderr


def test_mypy_strict_is_clean_on_codecbox():
    """The library's annotations are complete and consistent (config: [tool.mypy])."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
