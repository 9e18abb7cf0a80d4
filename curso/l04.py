"""Lesson 4 (CSV, el BOM y Excel): its data, views, widget and checks.

* :data:`ARCHIVOS` and :func:`escribir_datos`: the suppliers' files of ``data/l04/``, written
  deterministically (the committed files are what :func:`escribir_datos` writes);
* :func:`leer_csv`, :func:`filas_de`, :func:`importe`, :func:`tabla_archivos`: reading them
  with :mod:`csv` once the encoding is known, and the decimal comma;
* :func:`cargar`: the rows into an SQLite table;
* :data:`REGIONES` and :func:`tabla_regiones`: the decimal separator of Spanish-speaking
  regions (CLDR), which decides the column separator Excel expects there;
* :func:`registro`: the JSON-lines log of ``codecbox import`` as a table;
* :func:`sin_pandas` and :func:`procedencia`: whether ``codecbox.read_csv`` can run here,
  and what it keeps in ``df.attrs["codecbox"]``, the file by its name;
* :func:`lectura` and :func:`lector`: the classroom widget, a CSV written in one encoding
  (with or without a BOM) and read in another, as :mod:`csv` gets its header and first row;
* :data:`revisar`: the checks of the lesson's exercises (see :mod:`curso.checks`).
"""

from __future__ import annotations

import csv
import importlib.util
import inspect
import io
import json
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import ipywidgets as w

from codecbox.sniffing import BOMS
from codecbox.streaming import write_atomic
from curso.checks import Namespace, Pista, SinResolver, falta, revisor
from curso.paths import data_dir
from curso.render import Table, View, clip, visible
from curso.views import hexbytes
from curso.widgets import LiveWidget

__all__ = [
    "ARCHIVOS",
    "CODIFICACIONES_ESCRIBIR",
    "CODIFICACIONES_LEER",
    "CSV_PREDICCION",
    "MUESTRA",
    "PREGUNTAS_LECTOR",
    "REGIONES",
    "Archivo",
    "Lectura",
    "bom_de",
    "cargar",
    "carpeta_datos",
    "contenido",
    "escribir_datos",
    "filas_de",
    "guardar_csv",
    "importe",
    "lector",
    "lectura",
    "leer_csv",
    "linea_registro",
    "procedencia",
    "registro",
    "revisar",
    "sin_pandas",
    "tabla_archivos",
    "tabla_regiones",
]

# --- the suppliers' files ------------------------------------------------------------------

CABECERA: tuple[str, ...] = ("id", "producto", "precio", "nota")


@dataclass(frozen=True)
class Archivo:
    """One file of ``data/l04/``: who wrote it, how, and its rows (header first)."""

    nombre: str
    origen: str
    codificacion: str  # the Python codec that writes it
    bom: bool
    delimitador: str
    fin_de_linea: str
    filas: tuple[tuple[str, ...], ...]


#: The five files, as the systems that exported them would write them.
ARCHIVOS: tuple[Archivo, ...] = (
    Archivo(
        "contable_1252.csv",
        "el sistema contable viejo (Windows, windows-1252)",
        "cp1252",
        False,
        ";",
        "\r\n",
        (
            CABECERA,
            ("1", "Turrón de Jijona", "12,50", "“Oferta” de Navidad"),
            ("2", "Piña en almíbar", "3,75", "Precio en € sin IVA"),
            ("3", "Jamón ibérico", "1.249,90", "Pieza de 8 kg — envío aparte"),
            ("4", "Café de Colombia", "7,20", "‘Tueste natural’, 250 g"),
            ("5", "Aceite de oliva", "9,95", "Botella de 1 l; cosecha 2024"),
            ("6", "Queso manchego", "18,40", "Curado, 12 meses"),
        ),
    ),
    Archivo(
        "tienda_bom.csv",
        "la tienda en línea (UTF-8 con BOM)",
        "utf-8",
        True,
        ";",
        "\r\n",
        (
            CABECERA,
            ("1", "Piña 🍍", "2,99", "Fruta de temporada"),
            ("2", "Café ☕ en grano", "11,50", "Nota de cata:\r\nchocolate y avellana"),
            ("3", "Año Nuevo: lote", "45,00", "Incluye cava y turrón 🎉"),
        ),
    ),
    Archivo(
        "web_utf8.csv",
        "el catálogo web (UTF-8 sin BOM)",
        "utf-8",
        False,
        ",",
        "\n",
        (
            CABECERA,
            ("1", "Piña en almíbar", "3.80", "Lata de 500 g"),
            ("2", "Ñoquis de patata", "2.15", "Pasta fresca"),
            ("3", "Té verde", "4.10", "Origen: Japón"),
        ),
    ),
    Archivo(
        "dos_850.csv",
        "el terminal de caja de DOS (cp850)",
        "cp850",
        False,
        ";",
        "\r\n",
        (
            CABECERA,
            ("1", "Ñandú de peluche", "15,00", "Juguete nº 3; precio en EUR"),
            ("2", "Pimentón de la Vera", "3,40", "Lata de 75 g, ½ picante"),
            ("3", "Mazapán de Toledo", "6,90", "Caja de 200 g"),
            ("4", "Sobrasada de Mallorca", "8,25", "Pieza pequeña"),
            ("5", "Miel de azahar", "5,60", "Tarro de ½ kg"),
            ("6", "Alubias de Tolosa", "4,75", "Bolsa de 1 kg, cosecha nueva"),
        ),
    ),
    Archivo(
        "excel_unicode.txt",
        "una hoja de Excel guardada como «Texto Unicode» (UTF-16LE con BOM, tabuladores)",
        "utf-16-le",
        True,
        "\t",
        "\r\n",
        (
            CABECERA,
            ("1", "Piña colada", "4,50", "Sin alcohol"),
            ("2", "Crème brûlée", "3,20", "Postre francés"),
        ),
    ),
)


def bom_de(codificacion: str) -> bytes:
    """The byte order mark of ``codificacion`` from codecbox's table; ``b""`` if it has none.

    >>> bom_de("utf-8").hex(" "), bom_de("utf-16-le").hex(" "), bom_de("cp1252")
    ('ef bb bf', 'ff fe', b'')
    """
    for mark, announced, _codec, _web in BOMS:
        if announced == codificacion:
            return mark
    return b""


def contenido(archivo: Archivo) -> bytes:
    """The bytes of one file: the rows through :mod:`csv`, encoded, with the BOM if it has one.

    >>> contenido(ARCHIVOS[1])[:5]
    b'\\xef\\xbb\\xbfid'
    """
    text = io.StringIO()
    writer = csv.writer(text, delimiter=archivo.delimitador, lineterminator=archivo.fin_de_linea)
    writer.writerows(archivo.filas)
    data = text.getvalue().encode(archivo.codificacion)
    return (bom_de(archivo.codificacion) if archivo.bom else b"") + data


def escribir_datos(carpeta: str | Path) -> list[Path]:
    """Write the five files into ``carpeta`` (atomically) and return their paths."""
    folder = Path(carpeta)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for archivo in ARCHIVOS:
        path = folder / archivo.nombre
        write_atomic(path, contenido(archivo))
        paths.append(path)
    return paths


def carpeta_datos() -> Path:
    """``data/l04/``, where the course keeps the five files."""
    return data_dir() / "l04"


def tabla_archivos(carpeta: str | Path | None = None) -> Table:
    """The files of ``carpeta`` (``data/l04/`` by default): size, first bytes and who wrote them."""
    folder = carpeta_datos() if carpeta is None else Path(carpeta)
    rows = []
    for archivo in ARCHIVOS:
        data = (folder / archivo.nombre).read_bytes()
        rows.append((archivo.nombre, str(len(data)), str(hexbytes(data[:6])), archivo.origen))
    header = ("archivo", "bytes", "primeros bytes", "lo exportó")
    return Table(header, tuple(rows), align="lrll", mono=True)


# --- reading --------------------------------------------------------------------------------


def leer_csv(texto: str, delimitador: str | None = None) -> list[dict[str, str]]:
    r"""Las filas de un CSV ya decodificado, como diccionarios (la clase 4 muestra este código).

    Si no se da el delimitador, se olfatea en la primera línea, la cabecera: con el archivo
    entero, los ``\r\n`` y los campos entre comillas confunden a ``csv.Sniffer``.

    >>> leer_csv("id;precio\r\n1;3,75\r\n")
    [{'id': '1', 'precio': '3,75'}]
    """
    if delimitador is None:
        cabecera = texto.splitlines()[0] if texto else ""
        delimitador = csv.Sniffer().sniff(cabecera, delimiters=";,\t").delimiter
    # newline="": los \r\n de dentro de un campo entre comillas llegan intactos
    return list(csv.DictReader(io.StringIO(texto, newline=""), delimiter=delimitador))


def filas_de(archivo: Archivo, carpeta: str | Path | None = None) -> list[dict[str, str]]:
    """A file of ``data/l04/`` read the right way: its encoding (BOM dropped), ``newline=""``."""
    folder = carpeta_datos() if carpeta is None else Path(carpeta)
    codec = "utf-8-sig" if archivo.codificacion == "utf-8" else archivo.codificacion
    text = (folder / archivo.nombre).read_bytes().decode(codec).removeprefix("\ufeff")
    return leer_csv(text, archivo.delimitador)


def importe(texto: str) -> Decimal:
    """Un precio tal como lo escribe el archivo, como número: ``1.249,90`` y ``3.80`` por igual.

    Si hay una coma, es el separador decimal (y los puntos separan los miles); si no, el
    punto es el decimal (la clase 4 muestra este código).

    >>> importe("1.249,90"), importe("3,75"), importe("3.80")
    (Decimal('1249.90'), Decimal('3.75'), Decimal('3.80'))
    """
    limpio = texto.strip()
    if "," in limpio:
        limpio = limpio.replace(".", "").replace(",", ".")
    try:
        return Decimal(limpio)
    except InvalidOperation:
        raise ValueError(f"no es un importe: {texto!r}") from None


# --- into SQLite ----------------------------------------------------------------------------


def cargar(
    conexion: sqlite3.Connection, tabla: str, archivo: str, filas: Iterable[Mapping[str, str]]
) -> int:
    """Insert rows (``id``, ``producto``, ``precio``, ``nota``) into ``tabla``; returns how many.

    The table is created if needed; ``precio`` is stored in cents, as an integer.
    """
    if not tabla.isidentifier():
        raise ValueError(f"table name {tabla!r}")
    conexion.execute(
        f"CREATE TABLE IF NOT EXISTS {tabla} "
        "(archivo TEXT, id INTEGER, producto TEXT, centimos INTEGER, nota TEXT)"
    )
    values = [
        (archivo, int(f["id"]), f["producto"], int(importe(f["precio"]) * 100), f["nota"])
        for f in filas
    ]
    conexion.executemany(f"INSERT INTO {tabla} VALUES (?, ?, ?, ?, ?)", values)
    return len(values)


# --- writing --------------------------------------------------------------------------------

#: Spanish-speaking regions: (CLDR locale, name in Spanish, decimal separator), as CLDR has
#: them (tests/course/test_l04.py checks them against babel). Excel separates a CSV's columns
#: with Windows's list separator, ``;`` where the decimal separator is a comma.
REGIONES: tuple[tuple[str, str, str], ...] = (
    ("es_ES", "España", ","),
    ("es_AR", "Argentina", ","),
    ("es_CL", "Chile", ","),
    ("es_CO", "Colombia", ","),
    ("es_MX", "México", "."),
    ("es_PE", "Perú", "."),
    ("es_US", "Estados Unidos", "."),
    ("es_419", "Latinoamérica", "."),
)


def tabla_regiones(regiones: Sequence[tuple[str, str, str]] = REGIONES) -> Table:
    """Each region's decimal separator, and a price written with it.

    >>> print(tabla_regiones(REGIONES[:1]))
    región  código  separador decimal  un precio
    España  es_ES   ,                  12,50
    """
    rows = tuple(
        (nombre, codigo, decimal, f"12{decimal}50") for codigo, nombre, decimal in regiones
    )
    header = ("región", "código", "separador decimal", "un precio")
    return Table(header, rows, mono=True)


def guardar_csv(ruta: str | Path, filas: Sequence[Mapping[str, str]], *, excel: bool) -> int:
    """Write rows (dictionaries with the same keys) as CSV, atomically; returns the bytes.

    ``excel=True``: UTF-8 with a BOM and ``;`` (what Excel opens as is where the decimal
    separator is a comma, as in the rows' prices; see :data:`REGIONES`);
    ``excel=False``: UTF-8 without a BOM and ``,`` (what other tools expect). Lines end in
    ``\\r\\n``, :mod:`csv`'s default.
    """
    text = io.StringIO()
    header = list(filas[0]) if filas else []
    writer = csv.DictWriter(text, fieldnames=header, delimiter=";" if excel else ",")
    writer.writeheader()
    writer.writerows(filas)
    data = text.getvalue().encode("utf-8-sig" if excel else "utf-8")
    write_atomic(ruta, data)
    return len(data)


# --- the import command's log ---------------------------------------------------------------


def linea_registro(ruta: str | Path, n: int = 0) -> dict[str, Any]:
    """Line ``n`` of the import log, with every path shortened to its file name."""
    record: dict[str, Any] = json.loads(Path(ruta).read_text(encoding="utf-8").splitlines()[n])
    for key in ("file", "destination"):
        if isinstance(record.get(key), str):
            record[key] = Path(record[key]).name
    policy = record.get("policy")
    if isinstance(policy, dict) and isinstance(policy.get("quarantine"), str):
        record["policy"] = {**policy, "quarantine": Path(policy["quarantine"]).name}
    return record


def registro(ruta: str | Path) -> Table:
    """The JSON-lines log of ``codecbox import``, one row per line (file names only)."""
    rows = []
    for line in Path(ruta).read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        destination = record.get("destination")
        rows.append(
            (
                Path(record["file"]).name,
                record["status"],
                str(record["encoding"]),
                str(record["rule"]),
                "sí" if record["confident"] else "no",
                "" if destination is None else Path(destination).parent.name,
            )
        )
    header = ("archivo", "status", "encoding", "rule", "¿seguro?", "carpeta")
    return Table(header, tuple(rows), mono=True)


# --- pandas: codecbox.read_csv ---------------------------------------------------------------

#: Why ``codecbox.read_csv`` does not run in the browser: JupyterLite's Pyodide here has no
#: numpy, so no pandas (``tools/lite.py`` says why its wasm32 wheels are not in the site).
SIN_PANDAS_NAVEGADOR = "no disponible en el navegador, donde este Pyodide no trae pandas"


def sin_pandas() -> str | None:
    """None when pandas can be imported here; otherwise why not, in Spanish."""
    if importlib.util.find_spec("pandas") is not None:
        return None
    if sys.platform == "emscripten":
        return SIN_PANDAS_NAVEGADOR
    return "pandas no está instalado (pip install 'pandas>=2.2')"


def procedencia(df: Any) -> dict[str, Any]:
    """``df.attrs["codecbox"]`` (how ``codecbox.read_csv`` decided), the file by its name only,
    as :func:`linea_registro` shortens the import log's paths."""
    info = dict(df.attrs["codecbox"])
    if isinstance(info.get("file"), str):
        info["file"] = Path(info["file"]).name
    return info


# --- the widget: written one way, read another ----------------------------------------------

#: What the widget writes: a header and one row, as a supplier would.
MUESTRA = "id;producto;precio\r\n1;Piña 🍍;3,75\r\n"

#: Encodings offered for writing (with a BOM or not) and for reading.
CODIFICACIONES_ESCRIBIR: tuple[str, ...] = ("utf-8", "utf-16-le", "utf-16-be", "cp1252", "cp850")
CODIFICACIONES_LEER: tuple[str, ...] = (
    "utf-8",
    "utf-8-sig",
    "utf-16",
    "utf-16-le",
    "cp1252",
    "latin-1",
    "cp850",
)


@dataclass(frozen=True, repr=False)
class Lectura(View):
    """A CSV sample written in one encoding (with or without a BOM) and read in another."""

    texto: str
    escribir: str
    bom: bool
    leer: str

    @property
    def marca(self) -> bytes:
        return bom_de(self.escribir) if self.bom else b""

    @property
    def datos(self) -> bytes | None:
        """The bytes written; None if ``escribir`` cannot write the text."""
        try:
            return self.marca + self.texto.encode(self.escribir)
        except UnicodeEncodeError:
            return None

    def filas(self) -> list[list[str]]:
        """The rows as :mod:`csv` reads them (UnicodeDecodeError if the bytes do not decode)."""
        assert self.datos is not None
        text = self.datos.decode(self.leer)
        return list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))

    @property
    def cabecera(self) -> str | None:
        """The first header as read, or None when writing or reading fails."""
        try:
            rows = self.filas()
        except (AssertionError, UnicodeDecodeError):
            return None
        return rows[0][0] if rows and rows[0] else ""

    def _lineas(self) -> list[tuple[str, str]]:
        lines = []
        note = ""
        if self.bom and not self.marca:
            note = f" ({self.escribir} no tiene BOM: se escribe sin él)"
        data = self.datos
        if data is None:
            bad = next(ch for ch in self.texto if not _puede(ch, self.escribir))
            lines.append(("escrito", f"{self.escribir} no puede escribir «{bad}»{note}"))
            return lines
        shown = str(hexbytes(data[:12])) + (" …" if len(data) > 12 else "")
        lines.append(("escrito", f"{len(data)} bytes en {self.escribir}{note}: {shown}"))
        try:
            rows = self.filas()
        except UnicodeDecodeError as exc:
            bad = data[exc.start : exc.end].hex(" ").upper()
            lines.append(("leído", f"error: {self.leer} no puede leer {bad} (byte {exc.start})"))
            return lines
        header = rows[0] if rows else []
        first = rows[1] if len(rows) > 1 else []
        lines.append(("cabecera", clip(repr(header), 60)))
        lines.append(("primera fila", clip(repr(first), 60)))
        record = dict(zip(header, first, strict=False))
        got = f"'{visible(record['id'])}'" if "id" in record else "KeyError: 'id'"
        lines.append(('fila["id"]', got))
        return lines

    @property
    def titulo(self) -> str:
        return f"escribir: {self.escribir}{' + BOM' if self.bom else ''} · leer: {self.leer}"

    def __str__(self) -> str:
        return "\n".join([self.titulo, *(f"{a}: {b}" for a, b in self._lineas())])

    def _html(self) -> str:
        return Table(("", ""), tuple(self._lineas()), caption=self.titulo, mono=True)._html()


def _puede(ch: str, codificacion: str) -> bool:
    try:
        ch.encode(codificacion)
    except UnicodeEncodeError:
        return False
    return True


def lectura(escribir: str, bom: bool, leer: str, texto: str = MUESTRA) -> Lectura:
    """``texto`` written as ``escribir`` (with its BOM if ``bom``) and read back as ``leer``.

    >>> print(lectura("utf-8", True, "utf-8"))
    escribir: utf-8 + BOM · leer: utf-8
    escrito: 42 bytes en utf-8: EF BB BF 69 64 3B 70 72 6F 64 75 63 …
    cabecera: ['\\ufeffid', 'producto', 'precio']
    primera fila: ['1', 'Piña 🍍', '3,75']
    fila["id"]: KeyError: 'id'
    """
    for codec in (escribir, leer):
        if codec not in CODIFICACIONES_ESCRIBIR + CODIFICACIONES_LEER:
            raise ValueError(f"codificación {codec!r} no está en el lector")
    return Lectura(texto, escribir, bom, leer)


class Lector(LiveWidget):
    """«Escribir en», «con BOM» and «Leer como»; below, what :mod:`csv` gets."""

    def __init__(self, escribir: str = "utf-8", bom: bool = True, leer: str = "utf-8") -> None:
        lectura(escribir, bom, leer)  # refuse unknown encodings now
        self.escribir = w.Dropdown(
            options=list(CODIFICACIONES_ESCRIBIR), value=escribir, description="Escribir en:"
        )
        self.bom = w.Checkbox(value=bom, description="con BOM")
        self.leer = w.Dropdown(
            options=list(CODIFICACIONES_LEER), value=leer, description="Leer como:"
        )
        for dropdown in (self.escribir, self.leer):
            dropdown.style.description_width = "initial"
        controls = [self.escribir, self.bom, self.leer]
        super().__init__(controls, controls, self._render, spaced=True)

    def _render(self) -> Lectura:
        return lectura(self.escribir.value, self.bom.value, self.leer.value)


def lector(escribir: str = "utf-8", bom: bool = True, leer: str = "utf-8") -> Lector:
    """The classroom widget (see :func:`lectura` for what it shows).

    >>> print(str(lector("cp1252", False, "utf-8")).splitlines()[1])
    escrito: cp1252 no puede escribir «🍍»
    """
    return Lector(escribir, bom, leer)


# --- the exercises' checks -----------------------------------------------------------------

#: Exercise 1: the text whose size in bytes the student predicts, and the encodings.
CSV_PREDICCION = "id;año\r\n"
_CODIFICACIONES_PREDICCION = ("utf-8", "utf-8-sig", "utf-16", "utf-16-le")


def _sin_llenar(value: Any) -> bool:
    if value is ...:
        return True
    return isinstance(value, list | tuple) and any(v is ... for v in value)


def _ej1(ns: Namespace) -> str:
    falta(ns, "prediccion_bytes")
    value = ns["prediccion_bytes"]
    if _sin_llenar(value):
        raise SinResolver("cambia cada ... de la plantilla por un número")
    n = len(_CODIFICACIONES_PREDICCION)
    if not isinstance(value, list | tuple) or len(value) != n:
        raise Pista(f"`prediccion_bytes` debe ser una lista de {n} números, uno por codificación")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise Pista("cada valor de `prediccion_bytes` es un número entero")
    why = {
        "utf-8": "la ñ ocupa 2 bytes en UTF-8, y \\r\\n son dos caracteres",
        "utf-8-sig": "utf-8-sig escribe el BOM antes del texto",
        "utf-16": "el codec utf-16 de Python escribe un BOM, y cada carácter de este texto "
        "ocupa una unidad de 2 bytes",
        "utf-16-le": "utf-16-le no escribe BOM",
    }
    for i, (got, codec) in enumerate(zip(value, _CODIFICACIONES_PREDICCION, strict=True)):
        if got != len(CSV_PREDICCION.encode(codec)):
            raise Pista(f"revisa la posición {i + 1} ({codec}): {why[codec]}")
    return "el BOM son 3 bytes en UTF-8 y 2 en UTF-16; utf-16-le y utf-16-be no lo escriben"


def _filas_correctas(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as fh:
        return list(csv.DictReader(fh, delimiter=";"))


def _ej2(ns: Namespace) -> str:
    falta(ns, "leer_proveedor")
    leer_proveedor: Callable[[Path], Any] = ns["leer_proveedor"]
    tienda = next(a for a in ARCHIVOS if a.nombre == "tienda_bom.csv")
    with tempfile.TemporaryDirectory() as tmp:
        con_bom = Path(tmp) / "con_bom.csv"
        sin_bom = Path(tmp) / "sin_bom.csv"
        con_bom.write_bytes(contenido(tienda))
        sin_bom.write_bytes(contenido(tienda).removeprefix(bom_de("utf-8")))
        for path, which in ((con_bom, "con BOM"), (sin_bom, "sin BOM")):
            got = leer_proveedor(path)
            want = _filas_correctas(path)
            if not isinstance(got, list) or not all(isinstance(r, Mapping) for r in got):
                raise Pista("leer_proveedor debe devolver una lista de diccionarios, uno por fila")
            got = [dict(r) for r in got]
            if got == want:
                continue
            keys = list(got[0]) if got else []
            if keys and keys[0] != "id" and keys[0].endswith("id"):
                raise Pista(
                    f"con el archivo {which}, la primera clave es {keys[0]!r}: mira qué "
                    "carácter tiene delante y qué codificación lo quita al leer"
                )
            if keys and keys != list(want[0]):
                raise Pista(f"con el archivo {which}, las claves son {keys}: ¿qué delimitador?")
            if len(got) == len(want) and [r.get("id") for r in got] == [r["id"] for r in want]:
                raise Pista(
                    f"con el archivo {which}, una nota de varias líneas cambió sus fines de "
                    "línea: ¿con qué newline hay que abrir un archivo para csv?"
                )
            raise Pista(f"con el archivo {which}, las filas no son las del archivo")
    return "utf-8-sig quita el BOM si está y no hace nada si no está; csv quiere newline=''"


#: Exercise 3: the questions answered with the widget, and how to compute each answer.
PREGUNTAS_LECTOR: dict[str, Callable[[], Any]] = {
    "cabecera_bom_leida_latin1": lambda: lectura("utf-8", True, "latin-1").cabecera,
    "cabecera_utf16le_bom_leida_utf16le": lambda: lectura("utf-16-le", True, "utf-16-le").cabecera,
    "bytes_utf16le_con_bom": lambda: len(lectura("utf-16-le", True, "utf-16").datos or b""),
    "cp1252_puede_escribirla": lambda: lectura("cp1252", False, "cp1252").datos is not None,
}

_PISTAS_LECTOR = {
    "cabecera_bom_leida_latin1": "elige utf-8 con BOM, lee como latin-1 y copia la cabecera",
    "cabecera_utf16le_bom_leida_utf16le": "elige utf-16-le con BOM y lee como utf-16-le",
    "bytes_utf16le_con_bom": "elige utf-16-le con BOM y mira cuántos bytes se escribieron",
    "cp1252_puede_escribirla": "elige escribir en cp1252 y lee la línea «escrito»",
}

_TIPOS_LECTOR = {
    "cabecera_bom_leida_latin1": str,
    "cabecera_utf16le_bom_leida_utf16le": str,
    "bytes_utf16le_con_bom": int,
    "cp1252_puede_escribirla": bool,
}


def _ej3(ns: Namespace) -> str:
    falta(ns, "respuestas_lector")
    answers = ns["respuestas_lector"]
    if not isinstance(answers, Mapping):
        raise Pista("`respuestas_lector` debe ser un diccionario, como el de la plantilla")
    empty = [k for k in PREGUNTAS_LECTOR if answers.get(k, ...) is ...]
    if len(empty) == len(PREGUNTAS_LECTOR):
        raise SinResolver("completa las respuestas de `respuestas_lector`")
    if empty:
        raise Pista(f"faltan respuestas: {', '.join(empty)}")
    wrong = []
    for key, answer in PREGUNTAS_LECTOR.items():
        kind, got = _TIPOS_LECTOR[key], answers[key]
        if not isinstance(got, kind) or (kind is int and isinstance(got, bool)):
            what = {str: "un str", int: "un número entero", bool: "True o False"}[kind]
            raise Pista(f"{key}: la respuesta es {what}")
        if got != answer():
            wrong.append(key)
    if wrong:
        others = f" (revisa también: {', '.join(wrong[1:])})" if wrong[1:] else ""
        raise Pista(f"{wrong[0]}: {_PISTAS_LECTOR[wrong[0]]}{others}")
    return "un BOM leído con el codec equivocado se queda pegado a la primera cabecera"


#: Exercise 4: rows the student's writer must keep intact, by the region's decimal separator.
_FILAS_EXCEL: dict[str, tuple[tuple[str, ...], ...]] = {
    ",": (
        ("Piña 🍍", "2,99", "Fruta; de temporada"),
        ("Café «de origen»", "11,50", 'Nota "de cata":\nchocolate'),
        ("Jamón ibérico", "1.249,90", "Precio en €"),
    ),
    ".": (
        ("Piña 🍍", "2.99", "Fruta, de temporada"),
        ("Café «de origen»", "11.50", 'Nota "de cata":\nchocolate; suave'),
        ("Jamón ibérico", "1,249.90", "Precio en €"),
    ),
}
_CABECERA_EXCEL = ("producto", "precio", "nota")
#: The column separator Excel takes (Windows's list separator) by the decimal separator.
_DELIMITADOR_EXCEL = {",": ";", ".": ","}


def _parametros(funcion: Callable[..., Any]) -> int | None:
    try:
        return len(inspect.signature(funcion).parameters)
    except (TypeError, ValueError):
        return None


def _ej4(ns: Namespace) -> str:
    falta(ns, "escribir_para_excel")
    escribir: Callable[[Path, Sequence[str], Sequence[Sequence[str]], str], Any] = ns[
        "escribir_para_excel"
    ]
    if _parametros(escribir) not in (None, 4):
        raise Pista(
            "escribir_para_excel recibe cuatro argumentos: ruta, cabecera, filas y decimal "
            "(el separador decimal de la región)"
        )
    for decimal, delimitador in _DELIMITADOR_EXCEL.items():
        _ej4_region(escribir, decimal, delimitador)
    return (
        "utf-8-sig, el separador de listas de la región y \\r\\n: lo que Excel abre sin "
        "preguntar, con coma decimal y con punto decimal"
    )


def _ej4_region(
    escribir: Callable[[Path, Sequence[str], Sequence[Sequence[str]], str], Any],
    decimal: str,
    delimitador: str,
) -> None:
    filas = _FILAS_EXCEL[decimal]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "para_excel.csv"
        escribir(path, _CABECERA_EXCEL, [list(r) for r in filas], decimal)
        if not path.exists():
            raise Pista("escribir_para_excel no escribió el archivo que se le pasó en `ruta`")
        data = path.read_bytes()
        leftovers = [p.name for p in Path(tmp).iterdir() if p != path]
    if leftovers:
        raise Pista(f"quedaron otros archivos en la carpeta ({', '.join(leftovers)})")
    if not data.startswith(bom_de("utf-8")):
        raise Pista(
            "el archivo no empieza por el BOM de UTF-8: ¿con qué codificación se escribe el "
            "BOM en Python?"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Pista("después del BOM, el archivo no es UTF-8 válido") from None
    if text.startswith("sep="):
        text = text.split("\r\n", 1)[-1]
    if "\r\n" not in text:
        raise Pista("las líneas no terminan en \\r\\n: ¿cambiaste el lineterminator de csv?")
    first = text.split("\r\n", 1)[0]
    if first != delimitador.join(_CABECERA_EXCEL):
        raise Pista(
            f"con decimal={decimal!r}, la cabecera quedó como {first!r}: ¿qué delimitador usa "
            f"Excel donde el separador decimal es {decimal!r}?"
        )
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimitador))
    if rows != [list(_CABECERA_EXCEL), *map(list, filas)]:
        raise Pista("al leer el archivo con csv no salen las mismas filas: usa csv.writer")


revisar = revisor({1: _ej1, 2: _ej2, 3: _ej3, 4: _ej4})
