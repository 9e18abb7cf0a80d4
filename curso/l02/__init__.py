"""Lesson 2 (mojibake: por qué aparece ``Ã±`` y cómo arreglarlo): its tables, pages and widget.

* :mod:`curso.l02.mojibake`: the tables of the lesson (the usual pairs, the error handlers,
  a repair said in Spanish, ``codecbox.fix_mojibake`` beside ftfy);
* :mod:`curso.l02.server`: a web server on 127.0.0.1 for one cell, always stopped;
* :mod:`curso.l02.web`: the pages it serves, requests' ``.text`` beside ``decode_html``,
  and what legacy labels mean to Python and to a browser;
* :mod:`curso.l02.taller`: the classroom widget (write as one encoding, read as another,
  repair);
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
from curso.l02.server import servidor
from curso.l02.taller import taller
from curso.l02.web import PAGINAS, tabla_etiquetas, tabla_paginas

__all__ = [
    "CASOS",
    "FICHA",
    "PAGINAS",
    "comparar_con_ftfy",
    "confusiones_1250",
    "explicar",
    "lectura_navegador",
    "revisar",
    "servidor",
    "tabla_etiquetas",
    "tabla_manejadores",
    "tabla_pares",
    "tabla_paginas",
    "taller",
]
