"""Third-party test files for the detection benchmark: EVALUATION ONLY, never tuning.

They are not committed (chardet's test feeds are "copyright its respective publisher"): the
sdist of a pinned version is fetched once with ``pip download`` (the ordinary PyPI client),
checked against its sha256, and the test folder is unpacked into the cache
(``$CODECBOX_CACHE`` or ``data/cache/``, gitignored) under ``detection-external/``.

* ``chardet`` 5.2.0, ``tests/<label>/...``: the folder name is the file's encoding, with a
  language suffix for single-byte code pages (``windows-1250-hungarian``); mapped to a Python
  codec by :data:`CHARDET_LABELS`. Folders with no Python codec (EUC-TW) are dropped.
* ``charset-normalizer`` 3.4.0, ``data/sample-*.txt``: the expected encoding is the one its own
  ``tests/test_full_detection.py`` names for the file (read from the same sdist).

A file is dropped (and counted) when its label cannot be trusted: it does not decode strictly
with the labelled codec, or a single-byte ISO/KOI8/Mac/DOS label gives C1 control characters.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tarfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import suite

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Source:
    name: str  # the distribution's name on PyPI
    version: str
    sha256: str
    filename: str
    licence: str  # where its licence says what the files are


SOURCES = {
    "chardet": Source(
        "chardet",
        "5.2.0",
        "1b3b6ff479a8c414bc3fa2c0852995695c4a026dcd6d0633b2dd092ca39c1cf7",
        "chardet-5.2.0.tar.gz",
        "LGPL-2.1 (LICENSE); tests/README.txt: feeds 'copyright its respective publisher'",
    ),
    "charset-normalizer": Source(
        "charset-normalizer",
        "3.4.0",
        "223217c3d4f82c3ac5e29032b3f1c2eb0fb591b72161f86d93f5719079dae93e",
        "charset_normalizer-3.4.0.tar.gz",
        "MIT (LICENSE); data/NOTICE.md: Wikipedia (CC-BY-SA) or public domain",
    ),
    # benchmarks/repair.py's second held-out set: ftfy's own tests/test_cases.json
    "ftfy": Source(
        "ftfy",
        "6.3.1",
        "9b3c3d90f84fb267fe64d375a07b7f8912d817cf86009ae134aa03e1819506ec",
        "ftfy-6.3.1.tar.gz",
        "Apache-2.0 (LICENSE.txt); tests/test_cases.json: ftfy's authors",
    ),
}

#: chardet's test folder name (lower case, language suffix removed) -> Python codec.
CHARDET_LABELS = {
    "ascii": "ascii",
    "big5": "big5",
    "cp932": "cp932",
    "cp949": "cp949",
    "euc-jp": "euc_jp",
    "euc-kr": "euc_kr",
    "gb2312": "gb2312",
    "ibm855": "cp855",
    "ibm866": "cp866",
    "iso-2022-jp": "iso2022_jp",
    "iso-2022-kr": "iso2022_kr",
    "iso-8859-1": "latin_1",
    "iso-8859-2": "iso8859_2",
    "iso-8859-5": "iso8859_5",
    "iso-8859-6": "iso8859_6",
    "iso-8859-7": "iso8859_7",
    "iso-8859-9": "iso8859_9",
    "johab": "johab",
    "koi8-r": "koi8_r",
    "maccyrillic": "mac_cyrillic",
    "macroman": "mac_roman",
    "shift_jis": "shift_jis",
    "tis-620": "tis_620",
    "utf-16": "utf-16",
    "utf-16be": "utf-16-be",
    "utf-16le": "utf-16-le",
    "utf-32": "utf-32",
    "utf-32be": "utf-32-be",
    "utf-32le": "utf-32-le",
    "utf-8": "utf-8",
    "utf-8-sig": "utf-8-sig",
    "windows-1250": "cp1250",
    "windows-1251": "cp1251",
    "windows-1252": "cp1252",
    "windows-1254": "cp1254",
    "windows-1255": "cp1255",
    "windows-1256": "cp1256",
}
_C1 = re.compile("[\x80-\x9f]")
_C1_SUSPECT = re.compile(r"iso8859|latin_1|koi8|mac_|cp8|tis_620")


def cache_dir() -> Path:
    base = os.environ.get("CODECBOX_CACHE") or str(ROOT / "data" / "cache")
    return Path(base) / "detection-external"


def fetch(key: str) -> tuple[Path | None, str]:
    """The unpacked sdist of ``SOURCES[key]`` (fetching it if needed), or None and why not."""
    src = SOURCES[key]
    root = cache_dir()
    done = root / f"{src.name}-{src.version}.ok"
    unpacked = root / f"{src.name}-{src.version}"
    if done.exists():
        return unpacked, "cached"
    root.mkdir(parents=True, exist_ok=True)
    archive = root / src.filename
    if not archive.exists():
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--no-binary",
            ":all:",
            "--quiet",
            "-d",
            str(root),
            f"{src.name}=={src.version}",
        ]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return None, f"pip download failed: {exc}"
        if proc.returncode or not archive.exists():
            return None, "pip download failed: " + (proc.stderr.strip().splitlines() or ["?"])[-1]
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    if digest != src.sha256:
        return None, f"sha256 mismatch for {archive.name}: {digest}"
    top = archive.name[: -len(".tar.gz")]
    with tarfile.open(archive) as tar:
        wanted = [
            m
            for m in tar.getmembers()
            if m.isfile()
            and (m.name.startswith((f"{top}/tests/", f"{top}/data/")) or m.name == f"{top}/LICENSE")
        ]
        for m in wanted:
            m.name = m.name[len(top) + 1 :]
        tar.extractall(unpacked, members=wanted, filter="data")
    done.write_text(digest + "\n")
    return unpacked, "fetched"


@dataclass
class Loaded:
    items: list[suite.Item] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)


def _item(source: str, name: str, codec: str, data: bytes, out: Loaded) -> None:
    try:
        text = data.decode(codec)
    except (UnicodeDecodeError, LookupError):
        out.dropped[f"{source}: does not decode as its label"] += 1
        return
    if _C1_SUSPECT.search(suite.normal(codec).replace("-", "_")) and _C1.search(text):
        out.dropped[f"{source}: C1 controls under a single-byte label"] += 1
        return
    if text.startswith("\ufeff"):
        text = text[1:]
    out.items.append(
        suite.Item(
            f"{source} {name}",
            text,
            codec,
            data,
            group=f"{source} {codec}",
            category="external real files",
            source=source,
        )
    )


def load(fetch_missing: bool = True) -> Loaded:
    """Every usable external file, in a fixed order, with the drops counted."""
    out = Loaded()
    for key in ("chardet", "charset-normalizer"):  # the detection suites (ftfy's: repair.py)
        where, how = fetch(key) if fetch_missing else (None, "not fetched")
        if where is None:
            out.notes.append(f"{key}: skipped ({how})")
            continue
        out.notes.append(f"{key} {SOURCES[key].version}: {how}, {SOURCES[key].licence}")
        if key == "chardet":
            for path in sorted((where / "tests").rglob("*")):
                if not path.is_file() or path.parent == where / "tests":
                    continue
                folder = path.relative_to(where / "tests").parts[0].lower()
                label = (
                    re.sub(r"-(?:[a-z]+)$", "", folder) if folder not in CHARDET_LABELS else folder
                )
                codec = CHARDET_LABELS.get(label)
                if codec is None:
                    out.dropped[f"chardet: no Python codec for {folder}"] += 1
                    continue
                _item("chardet", f"{folder}/{path.name}", codec, path.read_bytes(), out)
        elif key == "charset-normalizer":
            test = (where / "tests" / "test_full_detection.py").read_text(encoding="utf-8")
            for fname, codec in re.findall(r"\('(sample-[^']+)', '([^']+)', '\w+'\)", test):
                path = where / "data" / fname
                if path.exists():
                    _item("charset-normalizer", fname, codec, path.read_bytes(), out)
    return out
