"""Lesson 2 (mojibake: por qué aparece ``Ã±`` y cómo arreglarlo): its tables, pages and widget.

* :mod:`curso.l02.mojibake`: the tables of the lesson (the usual pairs, the error handlers,
  a repair said in Spanish, ``codecbox.fix_mojibake`` beside ftfy);
* :mod:`curso.l02.trozos`: a repair shown piece by piece (which part of the line was
  repaired, by which steps, and what was left alone);
* :mod:`curso.l02.pedidos`: ``data/l02/pedidos.csv``, the file the lesson repairs with
  ``codecbox fix``, and how it was made;
* :mod:`curso.l02.server`: a web server on 127.0.0.1 for one cell, always stopped;
* :mod:`curso.l02.web`: the pages it serves, requests' ``.text`` beside ``decode_html``,
  and what legacy labels mean to Python and to a browser;
* :mod:`curso.l02.taller`: the classroom widget (write as one encoding, read as another,
  all of the text or only the parts between brackets; repair, piece by piece);
* :mod:`curso.l02.checks`: ``revisar(n)``, the self-checks of the lesson's exercises.

The repair tool itself is the library's: :func:`codecbox.fix_mojibake`.
"""

from curso.l02.checks import revisar
from curso.l02.mojibake import (
    CASOS,
    FICHA,
    comparar_con_ftfy,
    confusiones_1250,
    explicar,
    lectura_navegador,
    tabla_manejadores,
    tabla_pares,
)
from curso.l02.pedidos import ruta_pedidos
from curso.l02.server import servidor
from curso.l02.taller import taller
from curso.l02.trozos import por_trozos
from curso.l02.web import PAGINAS, tabla_etiquetas, tabla_paginas

__all__ = [
    "CASOS",
    "FICHA",
    "PAGINAS",
    "comparar_con_ftfy",
    "confusiones_1250",
    "explicar",
    "lectura_navegador",
    "por_trozos",
    "revisar",
    "ruta_pedidos",
    "servidor",
    "tabla_etiquetas",
    "tabla_manejadores",
    "tabla_pares",
    "tabla_paginas",
    "taller",
]
