"""Lesson 2's file for ``codecbox fix``: ``data/l02/pedidos.csv``, orders from two systems.

Some of its rows went through a program that read UTF-8 as windows-1252, a whole row or
only one column, once or twice; the others are clean, one of them with what a repair must
leave alone (``SÃO PAULO``, a Portuguese capital Ã; ``×``). :data:`PEDIDOS` says, line by
line, what was written and which parts were damaged; :func:`contenido` builds the file's
bytes from it, and ``tests/course/test_l02.py`` checks that the committed file is exactly
that.

>>> escritas()[3], llegadas()[3]
('1043;Ana Ibáñez;Peñíscola;«llamar antes»', '1043;Ana Ibáñez;Peñíscola;Â«llamar antesÂ»')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from curso.paths import data_dir

__all__ = ["PEDIDOS", "Roto", "contenido", "escritas", "llegadas", "ruta_pedidos"]


@dataclass(frozen=True)
class Roto:
    """A part of a line whose UTF-8 was read as windows-1252 ``veces`` times."""

    texto: str
    veces: int = 1

    def leido(self) -> str:
        texto = self.texto
        for _ in range(self.veces):
            texto = texto.encode("utf-8").decode("cp1252")
        return texto


#: The file, line by line: clean parts (str) and damaged parts (:class:`Roto`).
PEDIDOS: tuple[tuple[str | Roto, ...], ...] = (
    ("id;cliente;ciudad;nota",),
    ("1041;Jorge Muñoz;Logroño;entregado",),
    (Roto("1042;Raúl Peña;Málaga;pendiente"),),
    ("1043;Ana Ibáñez;Peñíscola;", Roto("«llamar antes»")),
    ("1044;", Roto("José", 2), " Núñez;Cádiz;", Roto("pagó en efectivo")),
    ("1045;Paulo Araújo;SÃO PAULO;2 × 12 €",),
)


def escritas() -> list[str]:
    """The lines as they were written (no line ending)."""
    return ["".join(p if isinstance(p, str) else p.texto for p in linea) for linea in PEDIDOS]


def llegadas() -> list[str]:
    """The lines as they reached us: what the file holds (no line ending)."""
    return ["".join(p if isinstance(p, str) else p.leido() for p in linea) for linea in PEDIDOS]


def contenido() -> bytes:
    """The bytes of ``pedidos.csv``: the lines as they reached us, in UTF-8, each ending in LF."""
    return "".join(f"{linea}\n" for linea in llegadas()).encode("utf-8")


def ruta_pedidos() -> Path:
    """``data/l02/pedidos.csv``."""
    return data_dir() / "l02" / "pedidos.csv"
