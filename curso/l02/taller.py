"""Lesson 2's classroom widget: write a text in one encoding, read it in another, repair it.

:func:`vista_taller` computes what the widget shows (usable without widgets, and what the
plain-text fallback prints): the bytes as the writer grouped them, the same bytes as the
reader groups them (that is where mojibake comes from), the text read and its non-ASCII
code points, and, with «Reparar» pressed, what ``codecbox.fix_mojibake`` does with it.
:func:`taller` wraps it in a text box, two dropdowns and a toggle button.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from codecbox import fix_mojibake
from curso.inspection import codepoint
from curso.l02.mojibake import motivo
from curso.l02.trozos import por_trozos
from curso.render import View, shown, visible
from curso.views import hexbytes
from curso.widgets import LiveWidget

__all__ = [
    "CODIFICACIONES_TALLER",
    "Taller",
    "leer_como",
    "linea_leida",
    "partes",
    "taller",
    "vista_taller",
]

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
#: A part of the text between brackets travels with the wrong encoding (see :func:`partes`).
_ROTO = re.compile(r"\[([^\[\]]+)\]")
#: How many broken parts get their bytes shown.
_PARTES_CON_BYTES = 2


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


def partes(texto: str) -> list[tuple[str, bool]]:
    """``texto`` cut into (part, broken?): the parts written between ``[`` and ``]`` travel
    with the wrong encoding and the rest stays as typed; with no ``[…]``, all of it travels.

    >>> partes("5€ y [año]"), partes("año")
    ([('5€ y ', False), ('año', True)], [('año', True)])
    """
    out: list[tuple[str, bool]] = []
    last = 0
    for m in _ROTO.finditer(texto):
        if m.start() > last:
            out.append((texto[last : m.start()], False))
        out.append((m.group(1), True))
        last = m.end()
    if not out:
        return [(texto, True)]
    if last < len(texto):
        out.append((texto[last:], False))
    return out


def linea_leida(texto: str, escribir: str, leer: str) -> str | None:
    """The line as it arrives: the parts of :func:`partes` that travel written in
    ``escribir`` and read as ``leer``, the others as typed. None if ``escribir`` cannot.

    >>> linea_leida("5€ y [año]", "utf-8", "cp1252")
    '5€ y aÃ±o'
    """
    leidas = [leer_como(p, escribir, leer) if roto else p for p, roto in partes(texto)]
    return None if None in leidas else "".join(p for p in leidas if p is not None)


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
    reparar, trozo a trozo:
    dónde            leído   queda  cómo
    la línea entera  «aÃ±o»  «año»  codificar como windows-1252, decodificar como UTF-8
    se detuvo: no queda nada que parezca mojibake
    ✓ es otra vez el texto escrito

    Between ``[`` and ``]``, only that part travels with the wrong encoding:

    >>> print(vista_taller("5€ y [año]", "utf-8", "cp1252", reparar=True)[-3])
    reparar, trozo a trozo:
    dónde       leído     queda        cómo
    texto[0:6]  «5€ y a»  (sin tocar)
    texto[6:8]  «Ã±»      «ñ»          codificar como windows-1252, decodificar como UTF-8
    texto[8:9]  «o»       (sin tocar)
    """
    for codec in (escribir, leer):
        if codec not in _CODECS:
            raise ValueError(f"codificación {codec!r}: elige una de {', '.join(_CODECS)}")
    cortado = partes(texto)
    escrito = "".join(p for p, _ in cortado)
    rotas = [p for p, roto in cortado if roto]
    entera = len(cortado) == 1
    partes_vista: list[Any] = []
    leidas = []
    for parte in rotas:
        try:
            data = parte.encode(escribir)
        except UnicodeEncodeError as exc:
            ch = exc.object[exc.start]
            return [Bloque(f"{escribir} no puede escribir «{shown(ch)}» ({codepoint(ch)})")]
        leido = data.decode(leer, errors="replace")
        leidas.append(leido)
        if len(leidas) > _PARTES_CON_BYTES:
            continue  # the bytes of the first parts only: the view stays short
        antes = "escrito" if entera else f"«{visible(parte)}» escrito"
        partes_vista += [
            Bloque(f"{antes} como {escribir}: {len(data)} bytes", hexbytes(data, escribir)),
            Bloque(f"leído como {leer}: «{visible(leido)}»", hexbytes(data, leer)),
        ]
    if len(rotas) > _PARTES_CON_BYTES:
        mas = len(rotas) - _PARTES_CON_BYTES
        partes_vista.append(Bloque(f"(y {mas} parte{'s' if mas > 1 else ''} más entre corchetes)"))
    siguiente = iter(leidas)
    linea = "".join(next(siguiente) if roto else p for p, roto in cortado)
    if not entera:
        partes_vista.append(Bloque(f"la línea que llega: «{visible(linea)}»"))
    raros = list(dict.fromkeys(ch for leido in leidas for ch in leido if not ch.isascii()))
    shown_cps = " ".join(codepoint(ch) for ch in raros[:8]) + (" …" if len(raros) > 8 else "")
    partes_vista.append(Bloque(f"puntos de código no ASCII leídos: {shown_cps or '(ninguno)'}"))
    if reparar:
        reparacion = fix_mojibake(linea)
        igual = (
            "✓ es otra vez el texto escrito"
            if reparacion.text == escrito
            else "✗ no es el texto escrito"
        )
        partes_vista += [
            Bloque("reparar, trozo a trozo:", por_trozos(reparacion)),
            Bloque(f"se detuvo: {motivo(reparacion)}"),
            Bloque(igual),
        ]
    return partes_vista


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
