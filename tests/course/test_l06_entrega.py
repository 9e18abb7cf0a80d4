"""curso.l06.entrega, lesson 6's capstone: the supplier's bundle is built byte for byte the
same, every trap the lesson names is in its bytes, the reference solution (the one in
solutions/06_deteccion.ipynb) gives the clean table, and typical wrong solutions get a hint
from revisar(6), never an exception."""

from __future__ import annotations

import codecs
import csv
import io
import unicodedata
import zipfile
from decimal import Decimal
from pathlib import Path

import pytest

from codecbox import fix_mojibake, import_file
from curso.l06 import entrega
from curso.l06.checks import revisar

DECLARADAS = {"catálogo_españa.csv": "windows-1252", "pedido_japón.csv": "shift_jis"}
#: SHA-256 of the zip (its bytes do not depend on the machine, the clock or a random seed)
DIGEST = "803f77d63670f7dc2ec54ecd3e171564d8b8649dc892bf1d30a28666413b34a7"


def extract(folder: Path) -> Path:
    with zipfile.ZipFile(entrega.build(folder / "zip")) as z:
        z.extractall(folder / "entrega")
    return folder / "entrega"


def reference_solution(
    *, nfc=True, fix=True, decimal=True, declared=DECLARADAS, to_number=Decimal, folder=None
):
    """The solution notebook's code, with a switch for each step a student may miss."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        carpeta = extract(Path(folder or tmp))
        tabla = []
        for ruta in sorted(carpeta.iterdir()):
            nombre = unicodedata.normalize("NFC", ruta.name) if nfc else ruta.name
            texto = import_file(
                ruta, declared=declared.get(unicodedata.normalize("NFC", ruta.name))
            ).text
            delimitador = csv.Sniffer().sniff(texto.splitlines()[0], delimiters=",;\t").delimiter
            decimal_sep = "." if delimitador == "," else ","
            for fila in csv.DictReader(io.StringIO(texto, newline=""), delimiter=delimitador):
                precio = fila["precio"]
                if decimal:
                    miles = "," if decimal_sep == "." else "."
                    precio = precio.replace(miles, "").replace(decimal_sep, ".")
                else:  # every file read as from Spain: '.' thousands, ',' decimal
                    precio = precio.replace(".", "").replace(",", ".")
                producto = fix_mojibake(fila["producto"]).text if fix else fila["producto"]
                tabla.append(
                    {"archivo": nombre, "codigo": fila["codigo"], "producto": producto,
                     "precio": to_number(precio)}
                )  # fmt: skip
        return tabla


def test_the_bundle_is_the_same_bytes_every_time(tmp_path):
    first = entrega.build(tmp_path / "a").read_bytes()
    again = entrega.build(tmp_path / "a").read_bytes()  # rebuilt over itself
    other = entrega.build(tmp_path / "b").read_bytes()
    assert first == again == other == entrega.zip_bytes()
    assert entrega.digest() == DIGEST  # the same on every machine: stored, fixed dates, no seed


def test_every_trap_is_in_the_bytes(tmp_path):
    with zipfile.ZipFile(entrega.build(tmp_path)) as z:
        names = z.namelist()
        data = {unicodedata.normalize("NFC", n): z.read(n) for n in names}
    # names as a Mac zips them: NFD, not NFC, and the NFC names are the files'
    assert all(not unicodedata.is_normalized("NFC", n) for n in names)
    assert names == [unicodedata.normalize("NFD", f.name) for f in entrega.FILES]
    spain, mexico, japan, store = (data[f.name] for f in entrega.FILES)
    # windows-1252, not UTF-8; ';' and a decimal comma with a thousands dot
    assert spain.decode("cp1252").startswith("codigo;producto;precio\r\n")
    with pytest.raises(UnicodeDecodeError):
        spain.decode("utf-8")
    assert b";1.249,00\r\n" in spain
    # Excel's CSV UTF-8 in Mexico: BOM, ',', decimal point, a quoted thousands comma
    assert mexico.startswith(codecs.BOM_UTF8) and b',"2,450.00"\r\n' in mexico
    # the mojibake column: once and twice, and fix_mojibake undoes both
    text = mexico.decode("utf-8-sig")
    assert "PiÃ±a" in text and "jalapeÃƒÂ±os" in text
    assert fix_mojibake("jalapeÃƒÂ±os").text == "jalapeños"
    # Shift_JIS (CP932), not UTF-8, and the same bytes in both
    assert japan.decode("cp932").splitlines()[1] == "JP-01,緑茶,480"
    assert japan.decode("cp932") == japan.decode("shift_jis")
    with pytest.raises(UnicodeDecodeError):
        japan.decode("utf-8")
    # Excel's «Texto Unicode»: UTF-16LE with its BOM, tab-separated
    assert store.startswith(codecs.BOM_UTF16_LE)
    assert store[2:].decode("utf-16-le").startswith("codigo\tproducto\tprecio\r\n")


def test_the_reference_solution_gives_the_clean_table(capsys):
    tabla = reference_solution()
    key = lambda f: (f["archivo"], f["codigo"])  # noqa: E731
    assert sorted(tabla, key=key) == sorted(entrega.expected(), key=key)
    assert len(tabla) == 14
    revisar(6, {"tabla": tabla})
    assert capsys.readouterr().out.startswith("✓ Ejercicio 6: 14 filas de 4 archivos")


def test_the_expected_table_comes_from_the_rows_not_from_decoding():
    table = entrega.expected()
    coffee = "Café de Chiapas (saco de 20 kg)"
    assert {"archivo": "precios_méxico.csv", "codigo": "MX-03",
            "producto": coffee, "precio": Decimal("2450.00")} in table  # fmt: skip
    assert table[0]["precio"] == Decimal("1249.00")
    assert all(unicodedata.is_normalized("NFC", f["archivo"]) for f in table)


def hint(capsys, tabla) -> str:
    revisar(6, {"tabla": tabla})
    out = capsys.readouterr().out
    assert out.startswith("✗ Ejercicio 6: todavía no. Pista: "), out
    return out


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"nfc": False}, "clase 3"),
        ({"fix": False}, "mojibake"),
        ({"decimal": False}, "separador de miles"),
        ({"to_number": float}, "Decimal"),
        ({"declared": {**DECLARADAS, "pedido_japón.csv": "windows-1252"}}, "codificación"),
    ],
)
def test_typical_wrong_solutions_get_a_hint(capsys, options, words):
    text = hint(capsys, reference_solution(**options))
    assert words in text
    for row in entrega.expected():  # the hint names no right product nor price
        assert row["producto"] not in text.split("Pista:")[1]


def test_other_wrong_shapes_get_a_hint_not_an_exception(capsys):
    right = reference_solution()
    assert "lista" in hint(capsys, {"a": 1})
    assert "diccionario" in hint(capsys, [1, 2])
    with_bom = [{**right[0], "\ufeffcodigo": "ES-01"}]
    assert "BOM" in hint(capsys, with_bom)
    assert "claves" in hint(capsys, [{k: v for k, v in right[0].items() if k != "precio"}])
    assert "faltan las filas" in hint(capsys, right[:4])
    assert "repetidas" in hint(capsys, right + right[:1])
    assert "número de filas" in hint(capsys, right[:-1])
    assert "ningún archivo" in hint(capsys, [{**right[0], "archivo": "otro.csv"}])
    revisar(6, {})
    assert capsys.readouterr().out.startswith("… Ejercicio 6 sin resolver")
