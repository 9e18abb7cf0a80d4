"""Lesson 6's capstone: a supplier's bundle, deliberately dirty, built byte for byte the same.

A price list comes from four places of one supplier, zipped on a Mac: the names inside the
zip are in NFD (``ñ`` is ``n`` + U+0303), as macOS writes them. The four files:

* ``catálogo_españa.csv``: the old accounting system in Spain, windows-1252, ``;`` and a
  decimal comma (as Excel where the decimal separator is a comma: ``1.249,00``), CRLF;
* ``precios_méxico.csv``: Excel's «CSV UTF-8» in Mexico: a UTF-8 BOM, ``,`` and a decimal
  point (``"2,450.00"``, quoted because it holds the delimiter); its ``producto`` column
  went through a system that read UTF-8 as windows-1252 (two rows once, one twice) before
  Excel saved it;
* ``pedido_japón.csv``: the Osaka shop's system, Shift_JIS (Windows' CP932), ``,``, prices
  in yen without decimals;
* ``inventario_almacén.txt``: Excel's «Texto Unicode» export from the warehouse in Spain:
  UTF-16LE with its BOM, tab-separated, decimal comma.

:func:`build` writes the zip (no compression, fixed dates: the same bytes on every machine
and every run, no randomness, no network) into the course cache; :func:`expected` is the
clean table the lesson's exercise asks for, from the rows as they were written, not from
decoding the files. ``tests/course/test_l06_entrega.py`` checks both, and that every trap
is in the bytes.

>>> [f.name for f in FILES][:2]
['catálogo_españa.csv', 'precios_méxico.csv']
>>> len(expected()), expected()[4]["producto"]
(14, 'Piña en almíbar')
"""

from __future__ import annotations

import codecs
import csv
import hashlib
import io
import unicodedata
import zipfile
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from codecbox.streaming import write_atomic
from curso.paths import cache_dir

__all__ = ["COLUMNS", "FILES", "ZIP_NAME", "File", "build", "damage", "expected", "file_bytes"]

COLUMNS = ("codigo", "producto", "precio")
ZIP_NAME = "entrega_proveedor.zip"
#: Every entry's date in the zip (a fixed one, so the bytes do not depend on the clock).
DATE = (2026, 11, 30, 9, 15, 0)


def damage(text: str, times: int) -> str:
    """UTF-8 read as windows-1252 ``times`` times: the mojibake of lesson 2.

    >>> damage("Piña", 1), damage("Piña", 2)
    ('PiÃ±a', 'PiÃƒÂ±a')
    """
    for _ in range(times):
        text = text.encode("utf-8").decode("cp1252")
    return text


@dataclass(frozen=True)
class File:
    """One file of the bundle: its name (NFC), how it is written, and its rows as meant."""

    name: str
    encoding: str  # a Python codec; "utf-8-sig" and "utf-16" write their BOM
    delimiter: str
    decimal: str
    #: (codigo, producto, precio as written in the file, times the product was damaged)
    rows: tuple[tuple[str, str, str, int], ...]

    @property
    def thousands(self) -> str:
        """The thousands separator that goes with the decimal one (Excel writes prices as it
        shows them: ``1.249,00`` in Spain, ``2,450.00`` in Mexico)."""
        return "." if self.decimal == "," else ","

    def text(self) -> str:
        """The file's text as its producer wrote it (CRLF, as Excel and Windows write)."""
        out = io.StringIO()
        writer = csv.writer(out, delimiter=self.delimiter, lineterminator="\r\n")
        writer.writerow(COLUMNS)
        for code, product, price, times in self.rows:
            writer.writerow((code, damage(product, times), price))
        return out.getvalue()


FILES: tuple[File, ...] = (
    File(
        "catálogo_españa.csv",
        "cp1252",
        ";",
        ",",
        (
            ("ES-01", "Jamón ibérico (pieza)", "1.249,00", 0),
            ("ES-02", "Aceite de oliva «virgen extra»", "8,75", 0),
            ("ES-03", "Turrón de Jijona", "6,40", 0),
            ("ES-04", "Queso manchego", "12,50", 0),
        ),
    ),
    File(
        "precios_méxico.csv",
        "utf-8-sig",
        ",",
        ".",
        (
            ("MX-01", "Piña en almíbar", "35.90", 1),
            ("MX-02", "Chiles jalapeños, en escabeche", "28.50", 2),
            ("MX-03", "Café de Chiapas (saco de 20 kg)", "2,450.00", 0),
            ("MX-04", "Mazapán de cacahuate", "64.00", 1),
        ),
    ),
    File(
        "pedido_japón.csv",
        "cp932",
        ",",
        ".",
        (
            ("JP-01", "緑茶", "480", 0),
            ("JP-02", "醤油", "320", 0),
            ("JP-03", "わさび", "250", 0),
        ),
    ),
    File(
        "inventario_almacén.txt",
        "utf-16",
        "\t",
        ",",
        (
            ("AL-01", "Galletas María", "2,35", 0),
            ("AL-02", "Ñoquis de patata", "3,10", 0),
            ("AL-03", "Té verde", "4,05", 0),
        ),
    ),
)


def file_bytes(file: File) -> bytes:
    """The bytes of one file as the supplier's program saved them."""
    data = file.text().encode(file.encoding)
    if file.encoding == "utf-16" and not data.startswith(codecs.BOM_UTF16_LE):
        # Python writes UTF-16 in the machine's byte order; Excel writes little-endian.
        data = codecs.BOM_UTF16_LE + file.text().encode("utf-16-le")
    return data


def zip_bytes() -> bytes:
    """The zip as a Mac makes it: names in NFD, stored (no compression), fixed dates."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for file in FILES:
            info = zipfile.ZipInfo(unicodedata.normalize("NFD", file.name), DATE)
            info.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
            info.create_system = 3  # Unix, as macOS records it
            z.writestr(info, file_bytes(file))
    return out.getvalue()


def build(directory: str | Path | None = None) -> Path:
    """Write the zip into ``directory`` (default: the course cache) and return its path.

    Written only when missing or different, atomically; the same bytes every time.
    """
    folder = Path(directory) if directory is not None else cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / ZIP_NAME
    data = zip_bytes()
    if not path.exists() or path.read_bytes() != data:
        write_atomic(path, data)
    return path


def digest() -> str:
    """SHA-256 of the zip's bytes (the same on every machine)."""
    return hashlib.sha256(zip_bytes()).hexdigest()


def expected() -> list[dict[str, object]]:
    """The clean table: one dict per row of every file, in the files' order.

    ``archivo`` is the file's name in NFC, ``producto`` the product as meant (no mojibake),
    ``precio`` a :class:`~decimal.Decimal` read with the file's decimal separator.
    """
    return [
        {
            "archivo": file.name,
            "codigo": code,
            "producto": product,
            "precio": Decimal(price.replace(file.thousands, "").replace(file.decimal, ".")),
        }
        for file in FILES
        for code, product, price, _ in file.rows
    ]
