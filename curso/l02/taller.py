"""Lesson 2's classroom widget: write a text in one encoding, read it in another, repair it.

:func:`vista_taller` computes what the widget shows (usable without widgets, and what the
plain-text fallback prints): the bytes as the writer grouped them, the same bytes as the
reader groups them (that is where mojibake comes from), the text read and its non-ASCII
code points, and, with «Reparar» pressed, what ``codecbox.fix_mojibake`` does with it.
:func:`taller` wraps it in a text box, two dropdowns and a toggle button.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from codecbox import fix_mojibake
from curso.inspection import codepoint
from curso.l02.mojibake import explicar
from curso.render import View, shown, visible
from curso.views import hexbytes
from curso.widgets import LiveWidget

__all__ = ["CODIFICACIONES_TALLER", "Taller", "leer_como", "taller", "vista_taller"]

#: The encodings offered: (label shown, Python codec).
CODIFICACIONES_TALLER: tuple[tuple[str, str], ...] = (
    ("UTF-8", "utf-8"),
    ("windows-1252 (Windows, Europa occidental)", "cp1252"),
    ("latin-1 (ISO-8859-1)", "latin-1"),
    ("windows-1250 (Windows, Europa central)", "cp1250"),
    ("cp932 (Shift_JIS de Windows)", "cp932"),
    ("shift_jis (el estricto de Python)", "shift_jis"),
    ("cp949 (EUC-KR de Windows)", "cp949"),
)
_CODECS = [codec for _, codec in CODIFICACIONES_TALLER]


@dataclass(frozen=True, repr=False)
class Bloque(View):
    """A titled part of the workshop's view."""

    titulo: str
    contenido: Any = None

    def __str__(self) -> str:
        return self.titulo if self.contenido is None else f"{self.titulo}\n{self.contenido}"

    def _html(self) -> str:
        head = f"<p><b>{html.escape(self.titulo)}</b></p>"
        if self.contenido is None:
            return head
        method = getattr(self.contenido, "_repr_html_", None)
        body = method() if method else f"<pre>{html.escape(str(self.contenido))}</pre>"
        return head + body


def leer_como(texto: str, escribir: str, leer: str) -> str | None:
    """``texto`` written in ``escribir`` and read back as ``leer`` (errors="replace").

    None when ``escribir`` cannot write the text.

    >>> leer_como("año", "utf-8", "cp1252"), leer_como("€", "latin-1", "utf-8")
    ('aÃ±o', None)
    """
    try:
        data = texto.encode(escribir)
    except UnicodeEncodeError:
        return None
    return data.decode(leer, errors="replace")


def vista_taller(texto: str, escribir: str, leer: str, reparar: bool = False) -> list[Any]:
    """What the workshop shows for these settings (a list of views).

    >>> for parte in vista_taller("año", "utf-8", "cp1252", reparar=True):
    ...     print(parte)
    escrito como utf-8: 4 bytes
    [61] [C3 B1] [6F]
     a    ñ       o
    leído como cp1252: «aÃ±o»
    [61] [C3] [B1] [6F]
     a    Ã    ±    o
    puntos de código no ASCII leídos: U+00C3 U+00B1
    reparar:
    texto:     aÃ±o
    paso 1:    codificar como windows-1252, decodificar como UTF-8 → año
    se detuvo: no queda nada que parezca mojibake
    ✓ es otra vez el texto escrito
    """
    for codec in (escribir, leer):
        if codec not in _CODECS:
            raise ValueError(f"codificación {codec!r}: elige una de {', '.join(_CODECS)}")
    try:
        data = texto.encode(escribir)
    except UnicodeEncodeError as exc:
        ch = exc.object[exc.start]
        return [Bloque(f"{escribir} no puede escribir «{shown(ch)}» ({codepoint(ch)})")]
    leido = data.decode(leer, errors="replace")
    raros = list(dict.fromkeys(ch for ch in leido if not ch.isascii()))
    shown_cps = " ".join(codepoint(ch) for ch in raros[:8]) + (" …" if len(raros) > 8 else "")
    partes: list[Any] = [
        Bloque(f"escrito como {escribir}: {len(data)} bytes", hexbytes(data, escribir)),
        Bloque(f"leído como {leer}: «{visible(leido)}»", hexbytes(data, leer)),
        Bloque(f"puntos de código no ASCII leídos: {shown_cps or '(ninguno)'}"),
    ]
    if reparar:
        reparacion = fix_mojibake(leido)
        igual = (
            "✓ es otra vez el texto escrito"
            if reparacion.text == texto
            else "✗ no es el texto escrito"
        )
        partes += [Bloque("reparar:", explicar(reparacion)), Bloque(igual)]
    return partes


class Taller(LiveWidget):
    """A text box, «Escribir como», «Leer como» and «Reparar»; below, the view."""

    def __init__(self, texto: str = "año", escribir: str = "utf-8", leer: str = "cp1252") -> None:
        vista_taller(texto, escribir, leer)  # refuse unknown encodings now
        self.input = w.Text(value=texto, description="Texto:", continuous_update=True)
        self.escribir = w.Dropdown(
            options=list(CODIFICACIONES_TALLER), value=escribir, description="Escribir como:"
        )
        self.leer = w.Dropdown(
            options=list(CODIFICACIONES_TALLER), value=leer, description="Leer como:"
        )
        for dropdown in (self.escribir, self.leer):
            dropdown.style.description_width = "initial"
            dropdown.layout.width = "max-content"
        self.reparar = w.ToggleButton(value=False, description="Reparar", icon="wrench")
        controls = [self.input, self.escribir, self.leer, self.reparar]
        super().__init__(controls, controls, self._render, spaced=True)

    def _render(self) -> list[Any]:
        return vista_taller(
            self.input.value, self.escribir.value, self.leer.value, self.reparar.value
        )


def taller(texto: str = "año", escribir: str = "utf-8", leer: str = "cp1252") -> Taller:
    """The mojibake workshop (see :func:`vista_taller` for what it shows).

    >>> print(taller("€", "latin-1"))
    latin-1 no puede escribir «€» (U+20AC)
    """
    return Taller(texto, escribir, leer)
