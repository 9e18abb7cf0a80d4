"""Lesson 2's web pages: what requests' ``.text`` makes of them, and what a browser would.

* :data:`PAGINAS`: seven small pages, each declaring (or not) its encoding in one way;
* :func:`tabla_paginas`: for each page fetched, ``.text`` beside ``codecbox.decode_html``;
* :func:`tabla_etiquetas`: what Python and a browser decode under the same legacy label.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from codecbox import Decoded, resolve
from codecbox.labels import PYTHON_CODECS
from curso.l02.server import Pagina
from curso.reglas import como
from curso.render import Table, View, visible

__all__ = ["PAGINAS", "Descarga", "Descargas", "tabla_etiquetas", "tabla_paginas"]


def _html(texto: str, meta: str | None = None) -> str:
    head = f'<meta charset="{meta}">' if meta else ""
    return f"<!doctype html><html><head>{head}<title>l02</title></head><p>{texto}</p></html>"


def _pagina(texto: str, encoding: str, content_type: str, meta: str | None = None) -> Pagina:
    cuerpo = _html(texto, meta).encode(encoding)
    return Pagina(cuerpo, content_type, texto)


#: The pages the lesson serves: name -> page. Only the last two decode right with ``.text``.
PAGINAS: dict[str, Pagina] = {
    "meta-utf8": _pagina("Café y año", "utf-8", "text/html", meta="utf-8"),
    "bom-utf8": _pagina("¡Olé!", "utf-8-sig", "text/html"),
    "iso-8859-1": _pagina("Precio: 12 €", "cp1252", "text/html; charset=ISO-8859-1"),
    "shift_jis": _pagina("1,000～2,000円", "cp932", "text/html; charset=Shift_JIS"),
    "euc-kr": _pagina("똠방각하", "cp949", "text/html; charset=EUC-KR"),
    "gb2312": _pagina("朱镕基", "gbk", "text/html; charset=gb2312"),
    "windows-1251": _pagina("Привет, мир", "cp1251", "text/html; charset=windows-1251"),
}

_PARAGRAPH = re.compile(r"<p>(.*?)</p>", re.S)
_CHARSET = re.compile(r"charset=([^;\s]+)", re.I)


def _charset(content_type: str) -> str:
    """The charset label exactly as the header writes it (not resolved)."""
    found = _CHARSET.search(content_type)
    return found.group(1) if found else "(ninguno)"


def _parrafo(text: str) -> str:
    found = _PARAGRAPH.search(text)
    return found.group(1) if found else text


@dataclass(frozen=True)
class Descarga:
    """One page fetched: what requests' ``.text`` said and what ``decode_html`` said."""

    nombre: str
    pagina: Pagina
    #: requests' ``.encoding`` (from the header, ISO-8859-1 for text/* without a charset)
    encoding_requests: str | None
    #: requests' ``.text``
    text: str
    decodificada: Decoded

    @property
    def text_bien(self) -> bool:
        return _parrafo(self.text) == self.pagina.texto

    @property
    def decode_bien(self) -> bool:
        return _parrafo(self.decodificada.text) == self.pagina.texto

    @property
    def regla(self) -> str:
        """The encoding and the rule that chose it, e.g. ``"Shift_JIS (cabecera)"``."""
        return como(self.decodificada)


def _marca(bien: bool, texto: str) -> str:
    return f"{'✓' if bien else '✗'} {visible(_parrafo(texto))}"


@dataclass(frozen=True, repr=False)
class Descargas(View):
    """The pages fetched, as a table: ``.text`` against ``decode_html``."""

    filas: tuple[Descarga, ...]

    def fila(self, nombre: str) -> Descarga:
        (found,) = [f for f in self.filas if f.nombre == nombre]
        return found

    @property
    def mal_text(self) -> int:
        return sum(not f.text_bien for f in self.filas)

    @property
    def mal_decode(self) -> int:
        return sum(not f.decode_bien for f in self.filas)

    def table(self) -> Table:
        rows = tuple(
            (
                f.nombre,
                _charset(f.pagina.content_type),
                _marca(f.text_bien, f.text),
                _marca(f.decode_bien, f.decodificada.text),
                f.regla,
            )
            for f in self.filas
        )
        header = ("página", "charset en la cabecera", ".text", "decode_html", "decidió")
        notes = ("✓: el texto de la página; ✗: otro texto.",)
        return Table(header, rows, notes=notes, mono=True)

    def __str__(self) -> str:
        return str(self.table())

    def _html(self) -> str:
        return self.table()._html()


def tabla_paginas(descargas: Iterable[tuple[str, Any, Decoded]]) -> Descargas:
    """``(name, requests response, decode_html result)`` per page -> the comparison table.

    The response is read at once (``.encoding``, ``.text``), so the table can be shown after
    the server has stopped.
    """
    filas = []
    for nombre, respuesta, decodificada in descargas:
        pagina = PAGINAS[nombre]
        filas.append(Descarga(nombre, pagina, respuesta.encoding, respuesta.text, decodificada))
    return Descargas(tuple(filas))


def tabla_etiquetas(etiquetas: Sequence[str]) -> Table:
    """For each label: Python's codec of that name, what a browser decodes instead, and
    the Python codec closest to the browser's decoder (codecbox decodes it exactly).

    >>> print(tabla_etiquetas(["latin1"]))
    etiqueta  Python lee  un navegador lee  el codec de Python más cercano
    latin1    iso8859-1   windows-1252      cp1252
    """
    rows = []
    for label in etiquetas:
        browser = resolve(label, label=True)
        nearest = str(PYTHON_CODECS[browser.name])
        rows.append((label, codecs.lookup(label).name, browser.name, nearest))
    header = ("etiqueta", "Python lee", "un navegador lee", "el codec de Python más cercano")
    return Table(header, tuple(rows), mono=True)
