"""Lesson 1 (caracteres, puntos de código y bytes UTF-8): the explorer and the exercises' checks.

* :func:`explorer`: the classroom widget, a text box and an encoding selector, with
  the code points of the text and its bytes in the chosen encoding;
* :func:`in_encoding`: the bytes of a text in one encoding, one group per code point,
  the byte order mark apart, the code points the encoding cannot write marked;
* :data:`revisar`: the checks of the lesson's exercises (see :mod:`curso.checks`).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from curso.checks import Namespace, Pista, SinResolver, falta, revisor
from curso.inspection import codepoint
from curso.render import Table, View, display_width, pad, shown
from curso.views import chars, hexbytes
from curso.widgets import LiveWidget

__all__ = [
    "CODIFICACIONES",
    "Explorer",
    "InEncoding",
    "PREGUNTAS_EXPLORADOR",
    "TEXTOS_PREDICCION",
    "explorer",
    "in_encoding",
    "revisar",
]


# --- the bytes of a text in one encoding ---------------------------------------------------


@dataclass(frozen=True, repr=False)
class InEncoding(View):
    """``text`` written in ``encoding``: the BOM (if any), then the bytes of each code point.

    ``parts`` has one entry per code point: its bytes, or None if the encoding cannot
    write it.
    """

    text: str
    encoding: str
    bom: bytes
    parts: tuple[bytes | None, ...]

    @property
    def size(self) -> int:
        """Bytes written, BOM included (the code points that cannot be written add none)."""
        return len(self.bom) + sum(len(p) for p in self.parts if p is not None)

    @property
    def missing(self) -> tuple[str, ...]:
        """The code points the encoding cannot write, in order, without repeats."""
        out: list[str] = []
        for ch, part in zip(self.text, self.parts, strict=True):
            if part is None and ch not in out:
                out.append(ch)
        return tuple(out)

    @property
    def summary(self) -> str:
        n = self.size
        out = f"{n} byte{'' if n == 1 else 's'} en {self.encoding}"
        if self.bom:
            out += f" (los {len(self.bom)} primeros, {self.bom.hex(' ').upper()}, son el BOM)"
        if self.missing:
            shown_missing = ", ".join(f"{shown(ch)} ({codepoint(ch)})" for ch in self.missing)
            out += f"; {self.encoding} no puede escribir: {shown_missing}"
        return out

    def _cells(self) -> list[tuple[str, str]]:
        cells = [(f"[{self.bom.hex(' ').upper()}]", " BOM")] if self.bom else []
        for ch, part in zip(self.text, self.parts, strict=True):
            top = "[✗]" if part is None else f"[{part.hex(' ').upper()}]"
            cells.append((top, " " + shown(ch)))
        return cells

    def __str__(self) -> str:
        cells = self._cells()
        widths = [max(display_width(a), display_width(b)) for a, b in cells]
        top = " ".join(pad(a, n) for (a, _), n in zip(cells, widths, strict=True))
        low = " ".join(pad(b, n) for (_, b), n in zip(cells, widths, strict=True))
        return "\n".join([top.rstrip(), low.rstrip(), self.summary]).lstrip("\n")

    def _html(self) -> str:
        cells = self._cells()
        if not cells:
            return f"<p>{html.escape(self.summary)}</p>"
        header = tuple(a for a, _ in cells)
        row = tuple(b.strip() for _, b in cells)
        table = Table(header, (row,), caption=f"bytes escritos en {self.encoding}", mono=True)
        return table._html() + f"<p>{html.escape(self.summary)}</p>"


def in_encoding(text: str, encoding: str) -> InEncoding:
    """The bytes of ``text`` in ``encoding``, one group per code point.

    >>> in_encoding("año", "utf-16")
    [FF FE] [61 00] [F1 00] [6F 00]
     BOM     a       ñ       o
    8 bytes en utf-16 (los 2 primeros, FF FE, son el BOM)
    >>> in_encoding("a€😀", "cp1252")
    [61] [80] [✗]
     a    €    😀
    2 bytes en cp1252; cp1252 no puede escribir: 😀 (U+1F600)
    """
    bom = "".encode(encoding)  # what an encoder writes before any text: the BOM, or nothing
    parts: list[bytes | None] = []
    for ch in text:
        try:
            parts.append(ch.encode(encoding)[len(bom) :])
        except UnicodeEncodeError:
            parts.append(None)
    return InEncoding(text, encoding, bom, tuple(parts))


# --- the explorer --------------------------------------------------------------------------

#: The encodings the explorer offers: (label shown, codec name).
CODIFICACIONES: tuple[tuple[str, str], ...] = (
    ("utf-8", "utf-8"),
    ("utf-16 (con BOM)", "utf-16"),
    ("utf-16-le", "utf-16-le"),
    ("utf-16-be", "utf-16-be"),
    ("cp1252 (Windows, Europa occidental)", "cp1252"),
    ("latin-1", "latin-1"),
    ("cp932 (Windows, japonés)", "cp932"),
)


def _explore(text: str, encoding: str) -> list[Any]:
    if encoding == "utf-8":  # grouped as a UTF-8 reader groups them
        return [chars(text), hexbytes(text.encode("utf-8"), "utf-8")]
    return [chars(text), in_encoding(text, encoding)]


class Explorer(LiveWidget):
    """A text box and an encoding selector; below, the code points and the bytes."""

    def __init__(self, text: str = "año", encoding: str = "utf-8") -> None:
        codecs = [value for _, value in CODIFICACIONES]
        if encoding not in codecs:
            raise ValueError(f"codificación {encoding!r}: elige una de {', '.join(codecs)}")
        self.input = w.Text(value=text, description="Texto:", continuous_update=True)
        self.selector = w.Dropdown(
            options=list(CODIFICACIONES), value=encoding, description="Bytes en:"
        )
        self.selector.style.description_width = "initial"
        self.selector.layout.width = "max-content"
        controls = [self.input, self.selector]
        super().__init__(controls, controls, self._render, spaced=True)

    @property
    def text(self) -> str:
        return self.input.value

    @property
    def encoding(self) -> str:
        return self.selector.value

    def _render(self) -> list[Any]:
        return _explore(self.text, self.encoding)


def explorer(text: str = "año", encoding: str = "utf-8") -> Explorer:
    """Type text, see its code points, names, UTF-8 bytes and UTF-16 units, and its bytes.

    The bytes are shown in the encoding chosen in the selector (UTF-8 by default).

    >>> print(explorer("ñ"))
    carácter  punto de código  nombre Unicode                   UTF-8  UTF-16
    ñ         U+00F1           LATIN SMALL LETTER N WITH TILDE  C3 B1  00F1
    1 punto de código, 2 bytes en UTF-8, 1 unidad UTF-16
    <BLANKLINE>
    [C3 B1]
     ñ
    >>> print(explorer("€", "latin-1"))
    carácter  punto de código  nombre Unicode  UTF-8     UTF-16
    €         U+20AC           EURO SIGN       E2 82 AC  20AC
    1 punto de código, 3 bytes en UTF-8, 1 unidad UTF-16
    <BLANKLINE>
    [✗]
     €
    0 bytes en latin-1; latin-1 no puede escribir: € (U+20AC)
    """
    return Explorer(text, encoding)


# --- the exercises' checks -----------------------------------------------------------------

#: Exercise 1: the texts whose length and UTF-8 bytes the student predicts.
TEXTOS_PREDICCION = ("¿Qué?", "e\u0301", "文", "🎉")


def _nombre(texto: str) -> str:
    """How a check names a text: ``«e\\u0301»`` for the decomposed é, which looks like é."""
    return "«e\\u0301»" if texto == "e\u0301" else f"«{texto}»"


def _lista(ns: Namespace, name: str, n: int) -> list[Any]:
    value = ns[name]
    if not isinstance(value, list | tuple) or len(value) != n:
        raise Pista(f"`{name}` debe ser una lista de {n} números, uno por texto, en orden")
    return list(value)


def _ej1(ns: Namespace) -> str:
    falta(ns, "prediccion_len", "prediccion_bytes")
    n = len(TEXTOS_PREDICCION)
    lens, sizes = _lista(ns, "prediccion_len", n), _lista(ns, "prediccion_bytes", n)
    wrong = [_nombre(t) for t, p in zip(TEXTOS_PREDICCION, lens, strict=True) if p != len(t)]
    if wrong:
        raise Pista(
            f"revisa `prediccion_len` en {', '.join(wrong)}: `len` cuenta puntos de código, "
            "no lo que ves en pantalla ni los bytes"
        )
    pairs = zip(TEXTOS_PREDICCION, sizes, strict=True)
    wrong = [_nombre(t) for t, p in pairs if p != len(t.encode("utf-8"))]
    if wrong:
        raise Pista(
            f"revisa `prediccion_bytes` en {', '.join(wrong)}: busca cada punto de código en "
            "la tabla de plantillas de UTF-8 y suma sus bytes"
        )
    return "len cuenta puntos de código, y cada uno ocupa de 1 a 4 bytes en UTF-8"


def _es_continuacion(byte: int) -> bool:
    return byte >> 6 == 0b10


_TEXTOS_PARTIR = ("año €😀", "", "abc", "e\u0301", "¿Qué? 文字 🎉")


def _ej2(ns: Namespace) -> str:
    falta(ns, "es_continuacion", "partir_utf8")
    es_continuacion: Callable[[int], Any] = ns["es_continuacion"]
    for byte in range(256):
        if bool(es_continuacion(byte)) != _es_continuacion(byte):
            raise Pista(
                f"`es_continuacion(0x{byte:02X})` no da lo que debe: mira sus bits con "
                f'format(0x{byte:02X}, "08b") y compáralos con la plantilla 10xxxxxx'
            )
    partir_utf8: Callable[[bytes], Any] = ns["partir_utf8"]
    for texto in _TEXTOS_PARTIR:
        got = partir_utf8(texto.encode("utf-8"))
        if not isinstance(got, list) or not all(isinstance(p, bytes | bytearray) for p in got):
            raise Pista("`partir_utf8` debe devolver una lista de bytes, sin decodificarlos")
        if [bytes(p) for p in got] != [ch.encode("utf-8") for ch in texto]:
            raise Pista(
                f"con los bytes de {_nombre(texto)}, `partir_utf8` devolvió {got!r}: cada "
                "elemento de la lista debe tener los bytes de un punto de código, ni más ni menos"
            )
    return "un punto de código nuevo empieza en cada byte que no es de continuación"


#: Exercise 3: the questions answered with the explorer, and how to compute each answer.
PREGUNTAS_EXPLORADOR: dict[str, Callable[[], Any]] = {
    "bytes_utf8_de_é": lambda: len("\u00e9".encode("utf-8")),
    "unidades_utf16_de_😀": lambda: len("😀".encode("utf-16-le")) // 2,
    "bytes_utf16_de_año": lambda: len("año".encode("utf-16")),
    "byte_cp1252_de_€": lambda: "€".encode("cp1252")[0],
    "latin1_puede_escribir_€": lambda: in_encoding("€", "latin-1").missing == (),
}

_PISTAS_EXPLORADOR = {
    "bytes_utf8_de_é": "escribe é en la caja y mira la columna UTF-8: dos cifras son un byte",
    "unidades_utf16_de_😀": "mira la columna UTF-16: cada grupo de 4 cifras es una unidad",
    "bytes_utf16_de_año": "elige «utf-16 (con BOM)» y lee la última línea: ¿qué va antes de la a?",
    "byte_cp1252_de_€": "elige cp1252 y mira el byte que queda sobre el €; escríbelo como 0x..",
    "latin1_puede_escribir_€": "elige latin-1 y escribe €; la respuesta es True o False",
}


def _ej3(ns: Namespace) -> str:
    falta(ns, "respuestas_explorador")
    answers = ns["respuestas_explorador"]
    if not isinstance(answers, Mapping):
        raise Pista("`respuestas_explorador` debe ser un diccionario, como el de la plantilla")
    empty = [k for k in PREGUNTAS_EXPLORADOR if answers.get(k, ...) is ...]
    if len(empty) == len(PREGUNTAS_EXPLORADOR):
        raise SinResolver("completa las respuestas de `respuestas_explorador`")
    if empty:
        raise Pista(f"faltan respuestas: {', '.join(empty)}")
    wrong = []
    for key, answer in PREGUNTAS_EXPLORADOR.items():
        got, want = answers[key], answer()
        if got != want or type(got) is not type(want):
            wrong.append(key)
    if wrong:
        key = wrong[0]
        hint = _PISTAS_EXPLORADOR[key]
        if key == "bytes_utf8_de_é" and answers[key] == len("e\u0301".encode("utf-8")):
            hint = "esa es la é escrita como e + acento combinante; escríbela con tu teclado"
        others = f" (revisa también: {', '.join(wrong[1:])})" if wrong[1:] else ""
        raise Pista(f"{key}: {hint}{others}")
    return "UTF-16 pone un BOM delante, y cp1252 y latin-1 no escriben igual el €"


def _recortar(texto: str, limite: int) -> str:
    out = ""
    for ch in texto:
        if len((out + ch).encode("utf-8")) > limite:
            break
        out += ch
    return out


_TEXTOS_RECORTAR = ("Muñoz Ibáñez", "Pérez", "¿Qué? 文字 🎉", "e\u0301", "", "abc")


def _ej4(ns: Namespace) -> str:
    falta(ns, "recortar_utf8")
    recortar_utf8: Callable[[str, int], Any] = ns["recortar_utf8"]
    for texto in _TEXTOS_RECORTAR:
        for limite in range(len(texto.encode("utf-8")) + 3):
            call = f"recortar_utf8({texto!r}, {limite})".replace("\u0301", "\\u0301")
            try:
                got = recortar_utf8(texto, limite)
            except UnicodeDecodeError:
                raise Pista(
                    f"{call} lanzó UnicodeDecodeError: ¿en qué byte cayó el corte? "
                    'Míralo con hexbytes(..., "utf-8")'
                ) from None
            if not isinstance(got, str):
                kind = type(got).__name__
                raise Pista(f"{call} debe devolver un str (el texto recortado), no {kind}")
            size = len(got.encode("utf-8"))
            if "\ufffd" in got:
                raise Pista(f"{call} devolvió {got!r}: el corte partió un punto de código")
            if size > limite:
                raise Pista(f"{call} devolvió {got!r}, que ocupa {size} bytes: más que el límite")
            if not texto.startswith(got):
                raise Pista(f"{call} devolvió {got!r}, que no es el principio del texto")
            if got != _recortar(texto, limite):
                raise Pista(f"{call} devolvió {got!r}: cabe un punto de código más")
    return "el límite se cuenta en bytes, y el corte no puede caer dentro de un punto de código"


revisar = revisor({1: _ej1, 2: _ej2, 3: _ej3, 4: _ej4})
