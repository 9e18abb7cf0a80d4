"""Lesson 4's apparatus: the data files, reading and writing CSV, the reader widget, the checks.

Each check answers ✓ for the course's solution, «sin resolver» for an empty namespace, and
a hint (not ✓) for plausible wrong answers; ``revisar(n, estricto=True)`` raises
``AssertionError`` unless the answer is right.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest
from check_contract import contract

from codecbox import Rule, import_file
from codecbox.sniffing import bom
from codecbox.streaming import write_atomic
from curso import l04
from curso.l04 import (
    ARCHIVOS,
    CODIFICACIONES_ESCRIBIR,
    CODIFICACIONES_LEER,
    CSV_PREDICCION,
    MUESTRA,
    PREGUNTAS_LECTOR,
    REGIONES,
    bom_de,
    cargar,
    carpeta_datos,
    contenido,
    escribir_datos,
    filas_de,
    guardar_csv,
    importe,
    lector,
    lectura,
    leer_csv,
    linea_registro,
    registro,
    revisar,
    tabla_archivos,
    tabla_regiones,
)

# --- the data files ---------------------------------------------------------------------------


def test_the_committed_files_are_what_the_generator_writes(tmp_path):
    written = escribir_datos(tmp_path)
    assert [p.name for p in written] == [a.nombre for a in ARCHIVOS]
    committed = sorted(p.name for p in carpeta_datos().iterdir())
    assert committed == sorted(a.nombre for a in ARCHIVOS)
    for archivo, path in zip(ARCHIVOS, written, strict=True):
        assert path.read_bytes() == (carpeta_datos() / archivo.nombre).read_bytes(), archivo.nombre
        assert path.read_bytes() == contenido(archivo)


def test_each_file_is_written_as_its_system_writes():
    for archivo in ARCHIVOS:
        data = (carpeta_datos() / archivo.nombre).read_bytes()
        assert (bom(data) is not None) == archivo.bom
        assert data.count(archivo.fin_de_linea.encode(archivo.codificacion)) >= len(archivo.filas)
    by_name = {a.nombre: (carpeta_datos() / a.nombre).read_bytes() for a in ARCHIVOS}
    assert "€".encode("cp1252") in by_name["contable_1252.csv"]
    assert "“".encode("cp1252") in by_name["contable_1252.csv"]
    assert "Ñ".encode("cp850") in by_name["dos_850.csv"]
    assert "🍍".encode() in by_name["tienda_bom.csv"]
    assert by_name["excel_unicode.txt"].startswith(b"\xff\xfei\x00d\x00\t\x00")
    with pytest.raises(UnicodeEncodeError):
        "€".encode("cp850")  # why the DOS file writes EUR


def test_filas_de_reads_back_the_generator_rows():
    for archivo in ARCHIVOS:
        rows = filas_de(archivo)
        assert list(rows[0]) == list(archivo.filas[0])
        assert [tuple(r.values()) for r in rows] == list(archivo.filas[1:])


def test_the_import_policy_decides_each_file_as_the_lesson_says():
    decided = {}
    for archivo in ARCHIVOS:
        result = import_file(carpeta_datos() / archivo.nombre, candidates=["cp1252", "cp850"])
        decided[archivo.nombre] = (result.encoding.codec, result.rule, result.confident)
    assert decided == {
        "contable_1252.csv": ("cp1252", Rule.DETECTED, False),
        "tienda_bom.csv": ("utf-8", Rule.BOM, True),
        "web_utf8.csv": ("utf-8", Rule.VALID_UTF8, True),
        "dos_850.csv": ("cp850", Rule.DETECTED, False),  # right, not sure: the lesson shows why
        "excel_unicode.txt": ("utf-16-le", Rule.BOM, True),
    }
    origins = {"caja_dos": "cp850"}
    dos = import_file(carpeta_datos() / "dos_850.csv", origin="caja_dos", origins=origins)
    assert dos.rule is Rule.SOURCE and "Ñandú" in dos.text


def test_tabla_archivos():
    table = tabla_archivos()
    assert [row[0] for row in table.rows] == [a.nombre for a in ARCHIVOS]
    assert table.rows[1][2] == "EF BB BF 69 64 3B"


# --- reading, numbers, SQLite, writing --------------------------------------------------------


def test_bom_de():
    assert bom_de("utf-8") == b"\xef\xbb\xbf"
    assert bom_de("utf-16-le") == b"\xff\xfe"
    assert bom_de("utf-16-be") == b"\xfe\xff"
    assert bom_de("cp1252") == bom_de("cp850") == b""


def test_leer_csv_sniffs_the_header_and_keeps_crlf_in_fields():
    text = 'id;nota\r\n1;"dos\r\nlíneas; y un punto y coma"\r\n'
    assert leer_csv(text) == [{"id": "1", "nota": "dos\r\nlíneas; y un punto y coma"}]
    assert leer_csv("a,b\n1,2\n") == [{"a": "1", "b": "2"}]
    assert leer_csv("a\tb\r\n1\t2\r\n") == [{"a": "1", "b": "2"}]
    assert leer_csv("a;b\n1;2\n", ",") == [{"a;b": "1;2"}]


@pytest.mark.parametrize(
    ("texto", "valor"),
    [("1.249,90", "1249.90"), ("3,75", "3.75"), ("3.80", "3.80"), (" 12 ", "12"), ("0,5", "0.5")],
)
def test_importe(texto, valor):
    assert importe(texto) == Decimal(valor)


def test_importe_refuses_what_is_not_a_price():
    with pytest.raises(ValueError, match="no es un importe"):
        importe("doce")


def test_cargar_keeps_every_character():
    base = sqlite3.connect(":memory:")
    rows = [{"id": "1", "producto": "Piña 🍍", "precio": "1.249,90", "nota": "€ “x”"}]
    assert cargar(base, "t", "a.csv", rows) == 1
    assert base.execute("SELECT * FROM t").fetchall() == [("a.csv", 1, "Piña 🍍", 124990, "€ “x”")]
    with pytest.raises(ValueError):
        cargar(base, "t; DROP TABLE t", "a.csv", rows)


def test_the_regions_decimal_separators_are_cldrs():
    """The lesson teaches Excel's column separator by region: its table must be CLDR's."""
    from babel import Locale
    from babel.numbers import get_decimal_symbol

    for codigo, nombre, decimal in REGIONES:
        assert get_decimal_symbol(codigo) == decimal, codigo
        assert Locale.parse(codigo).get_territory_name("es") == nombre, codigo
    # both kinds are in the table: Spain's comma and Mexico's point
    assert {decimal for _, _, decimal in REGIONES} == {",", "."}
    rows = tabla_regiones().rows
    assert ("México", "es_MX", ".", "12.50") in rows and ("España", "es_ES", ",", "12,50") in rows


@pytest.mark.parametrize("excel", [True, False])
def test_guardar_csv_round_trip(tmp_path, excel):
    rows = filas_de(ARCHIVOS[1]) + filas_de(ARCHIVOS[0])
    path = tmp_path / "x.csv"
    size = guardar_csv(path, rows, excel=excel)
    data = path.read_bytes()
    assert len(data) == size
    assert data.startswith(bom_de("utf-8")) == excel
    text = data.decode("utf-8-sig")
    assert text.split("\r\n", 1)[0] == (
        "id;producto;precio;nota" if excel else "id,producto,precio,nota"
    )
    assert leer_csv(text) == rows
    assert [p.name for p in tmp_path.iterdir()] == ["x.csv"]  # write_atomic leaves nothing else


def test_registro_and_linea_registro(tmp_path):
    log = tmp_path / "log.jsonl"
    records = [
        {"file": "/x/a.csv", "status": "imported", "encoding": "UTF-8", "rule": "BOM",
         "confident": True, "destination": "/y/utf8/a.csv", "policy": {"quarantine": None}},
        {"file": "/x/b.csv", "status": "undecided", "encoding": None, "rule": None,
         "confident": False, "destination": None, "policy": {"quarantine": "/y/revisar"}},
    ]  # fmt: skip
    log.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    table = registro(log)
    assert table.rows == (
        ("a.csv", "imported", "UTF-8", "BOM", "sí", "utf8"),
        ("b.csv", "undecided", "None", "None", "no", ""),
    )
    assert linea_registro(log)["destination"] == "a.csv"
    second = linea_registro(log, 1)
    assert second["file"] == "b.csv" and second["policy"] == {"quarantine": "revisar"}


# --- the reader widget ------------------------------------------------------------------------

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


@pytest.mark.parametrize(
    ("escribir", "bom", "leer", "cabecera"),
    [
        ("utf-8", True, "utf-8", "\ufeffid"),
        ("utf-8", True, "utf-8-sig", "id"),
        ("utf-8", False, "utf-8-sig", "id"),
        ("utf-8", True, "latin-1", "ï»¿id"),
        ("utf-8", True, "cp1252", None),  # 0x8D of the emoji is no character in cp1252
        ("utf-16-le", True, "utf-16", "id"),
        ("utf-16-le", True, "utf-16-le", "\ufeffid"),
        ("utf-16-be", True, "utf-16", "id"),
        ("utf-16-le", True, "utf-8", None),
        ("cp1252", False, "cp1252", None),  # cannot write the emoji
    ],
)
def test_lectura(escribir, bom, leer, cabecera):
    assert lectura(escribir, bom, leer).cabecera == cabecera


def test_lectura_text_names_what_happened():
    assert 'fila["id"]: KeyError' in str(lectura("utf-8", True, "utf-8"))
    assert "fila[\"id\"]: '1'" in str(lectura("utf-8", True, "utf-8-sig"))
    assert "error: utf-8 no puede leer FF (byte 0)" in str(lectura("utf-16-le", True, "utf-8"))
    assert "no puede escribir «🍍»" in str(lectura("cp850", True, "cp850"))
    assert "cp850 no tiene BOM" in str(lectura("cp850", True, "cp850"))
    sin_emoji = lectura("cp1252", True, "cp1252", "id;nombre\r\n1;Peña\r\n")
    assert "cp1252 no tiene BOM" in str(sin_emoji) and sin_emoji.cabecera == "id"
    assert "<table" in lectura("utf-8", True, "utf-8")._repr_html_()


def test_lectura_refuses_unknown_encodings():
    with pytest.raises(ValueError):
        lectura("klingon", False, "utf-8")


def test_every_offered_combination_renders():
    for escribir in CODIFICACIONES_ESCRIBIR:
        for leer in CODIFICACIONES_LEER:
            for con_bom in (True, False):
                assert str(lectura(escribir, con_bom, leer)).startswith("escribir: ")


def test_lector_follows_its_controls():
    view = lector()
    bundle = view._repr_mimebundle_()
    assert WIDGET_MIME in bundle
    assert bundle["text/plain"] == str(lectura("utf-8", True, "utf-8"))
    before = view.output.value
    view.leer.value = "utf-8-sig"
    assert view.output.value != before
    assert "KeyError" not in str(view)
    view.bom.value = False
    view.escribir.value = "utf-16-le"
    assert "error" in str(view)


# --- the exercises' checks ----------------------------------------------------------------------


def _leer_proveedor(ruta):
    with open(ruta, encoding="utf-8-sig", newline="") as archivo:
        return list(csv.DictReader(archivo, delimiter=";"))


def _escribir_para_excel(ruta, cabecera, filas, decimal):
    delimitador = ";" if decimal == "," else ","
    texto = io.StringIO()
    escritor = csv.writer(texto, delimiter=delimitador)
    escritor.writerow(cabecera)
    escritor.writerows(filas)
    write_atomic(ruta, texto.getvalue().encode("utf-8-sig"))


SOLVED = {
    1: {"prediccion_bytes": [9, 12, 18, 16]},
    2: {"leer_proveedor": _leer_proveedor},
    3: {
        "respuestas_lector": {
            "cabecera_bom_leida_latin1": "ï»¿id",
            "cabecera_utf16le_bom_leida_utf16le": "\ufeffid",
            "bytes_utf16le_con_bom": 74,
            "cp1252_puede_escribirla": False,
        }
    },
    4: {"escribir_para_excel": _escribir_para_excel},
}


def _answers(**changes) -> dict:
    return {"respuestas_lector": {**SOLVED[3]["respuestas_lector"], **changes}}


def _reader(encoding, newline):
    def leer(ruta):
        with open(ruta, encoding=encoding, newline=newline) as archivo:
            return list(csv.DictReader(archivo, delimiter=";"))

    return leer


def _writer(encoding="utf-8-sig", delimiter=None, lineterminator="\r\n", sep=False):
    """A writer; ``delimiter`` None: the region's (``;`` for a decimal comma, else ``,``)."""

    def escribir(ruta, cabecera, filas, decimal):
        delimitador = delimiter or (";" if decimal == "," else ",")
        texto = io.StringIO()
        if sep:
            texto.write(f"sep={delimitador}\r\n")
        escritor = csv.writer(texto, delimiter=delimitador, lineterminator=lineterminator)
        escritor.writerow(cabecera)
        escritor.writerows(filas)
        write_atomic(ruta, texto.getvalue().encode(encoding))

    return escribir


def _by_hand(ruta, cabecera, filas, decimal):
    delimitador = ";" if decimal == "," else ","
    lines = [delimitador.join(cabecera)] + [delimitador.join(f) for f in filas]
    Path(ruta).write_bytes(("\r\n".join(lines) + "\r\n").encode("utf-8-sig"))


# Plausible wrong answers: (exercise, namespace, a word the hint must contain).
WRONG = [
    # 1: the BOM forgotten, UTF-16's BOM forgotten, characters counted instead of bytes
    (1, {"prediccion_bytes": [9, 9, 18, 16]}, "posición 2"),
    (1, {"prediccion_bytes": [9, 12, 16, 16]}, "posición 3"),
    (1, {"prediccion_bytes": [8, 11, 18, 16]}, "posición 1"),
    (1, {"prediccion_bytes": [9, 12, 18, 18]}, "utf-16-le no escribe BOM"),
    (1, {"prediccion_bytes": [9, 12]}, "lista de 4"),
    (1, {"prediccion_bytes": ["9", "12", "18", "16"]}, "entero"),
    # 2: the bug itself, half fixes, another delimiter, not a list of dicts
    (2, {"leer_proveedor": _reader("utf-8", None)}, "primera clave"),
    (2, {"leer_proveedor": _reader("utf-8", "")}, "primera clave"),
    (2, {"leer_proveedor": _reader("utf-8-sig", None)}, "newline"),
    (
        2,
        {
            "leer_proveedor": lambda r: list(
                csv.DictReader(open(r, encoding="utf-8-sig", newline=""))
            )
        },
        "delimitador",
    ),
    (
        2,
        {"leer_proveedor": lambda r: Path(r).read_text(encoding="utf-8-sig")},
        "lista de diccionarios",
    ),
    (2, {"leer_proveedor": lambda r: _leer_proveedor(r)[:1]}, "no son las del archivo"),
    # 3: the BOM as it is seen, not as it is read; bytes without the BOM; types
    (3, _answers(cabecera_bom_leida_latin1="id"), "latin-1"),
    (3, _answers(cabecera_utf16le_bom_leida_utf16le="id"), "utf-16-le"),
    (3, _answers(bytes_utf16le_con_bom=72), "cuántos bytes"),
    (3, _answers(bytes_utf16le_con_bom="74"), "número entero"),
    (3, _answers(cp1252_puede_escribirla="no"), "True o False"),
    (3, _answers(cp1252_puede_escribirla=True, bytes_utf16le_con_bom=72), "revisa también"),
    (3, _answers(cp1252_puede_escribirla=...), "faltan respuestas"),
    (3, {"respuestas_lector": ["ï»¿id"]}, "diccionario"),
    # 4: no BOM, one separator for every region (`;` or `,`), LF line ends, written by hand,
    # nothing written, the region not taken
    (4, {"escribir_para_excel": _writer(encoding="utf-8")}, "BOM"),
    (4, {"escribir_para_excel": _writer(delimiter=";")}, "separador decimal es '.'"),
    (4, {"escribir_para_excel": _writer(delimiter=",")}, "separador decimal es ','"),
    (4, {"escribir_para_excel": _writer(lineterminator="\n")}, "lineterminator"),
    (4, {"escribir_para_excel": _by_hand}, "csv.writer"),
    (4, {"escribir_para_excel": lambda ruta, cabecera, filas, decimal: None}, "no escribió"),
    (4, {"escribir_para_excel": _writer(encoding="utf-16")}, "BOM de UTF-8"),
    (4, {"escribir_para_excel": lambda ruta, cabecera, filas: None}, "cuatro argumentos"),
]


test_solved, test_unsolved, test_wrong = contract(revisar, SOLVED, WRONG)


def test_the_cp1252_writer_is_reported_not_raised(capsys):
    revisar(4, {"escribir_para_excel": _writer(encoding="cp1252")})
    assert capsys.readouterr().out.startswith("✗ Ejercicio 4: tu código lanzó UnicodeEncodeError")


def test_templates_left_as_they_are_are_unsolved(capsys):
    revisar(1, {"prediccion_bytes": [...] * 4})
    template = {key: ... for key in PREGUNTAS_LECTOR}
    revisar(3, {"respuestas_lector": template})
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("… Ejercicio 1 sin resolver")
    assert out[1].startswith("… Ejercicio 3 sin resolver")


def test_other_good_answers_are_accepted(capsys):
    """A sep= line is fine for Excel; a reader built on the bytes works as well."""
    revisar(4, {"escribir_para_excel": _writer(sep=True)}, estricto=True)

    def from_bytes(ruta):
        text = Path(ruta).read_bytes().decode("utf-8-sig")
        return list(csv.DictReader(io.StringIO(text, newline=""), delimiter=";"))

    revisar(2, {"leer_proveedor": from_bytes}, estricto=True)
    assert capsys.readouterr().out == ""


def test_hints_do_not_give_the_answer_away(capsys):
    revisar(1, {"prediccion_bytes": [9, 9, 18, 16]})
    assert "12" not in capsys.readouterr().out
    revisar(3, _answers(bytes_utf16le_con_bom=72))
    assert "74" not in capsys.readouterr().out


def test_the_checks_agree_with_python():
    assert [
        len(CSV_PREDICCION.encode(c)) for c in ("utf-8", "utf-8-sig", "utf-16", "utf-16-le")
    ] == (SOLVED[1]["prediccion_bytes"])
    assert {k: f() for k, f in PREGUNTAS_LECTOR.items()} == SOLVED[3]["respuestas_lector"]
    assert len(bom_de("utf-16-le") + MUESTRA.encode("utf-16-le")) == 74


# --- codecbox.read_csv in the lesson ----------------------------------------------------------


def test_sin_pandas_here_and_in_a_browser(monkeypatch):
    pytest.importorskip("pandas")
    assert l04.sin_pandas() is None
    monkeypatch.setattr(l04.importlib.util, "find_spec", lambda name: None)
    assert "no está instalado" in l04.sin_pandas()
    monkeypatch.setattr(l04.sys, "platform", "emscripten")
    assert l04.sin_pandas() == l04.SIN_PANDAS_NAVEGADOR


def test_procedencia_names_the_file_only():
    pytest.importorskip("pandas")
    from codecbox import read_csv

    df = read_csv(carpeta_datos() / "tienda_bom.csv", sep=";")
    assert df.attrs["codecbox"]["file"] == str(carpeta_datos() / "tienda_bom.csv")
    assert l04.procedencia(df) == {**df.attrs["codecbox"], "file": "tienda_bom.csv"}
    assert df.attrs["codecbox"]["file"].endswith("/l04/tienda_bom.csv")  # not changed
    assert l04.procedencia(read_csv(b"a\n1\n"))["file"] is None
