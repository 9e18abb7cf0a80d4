"""Lesson 5 (la longitud de un string en ocho lenguajes): its texts, tables, widget and checks.

* :data:`TEXTS` and :data:`NOMBRES`: the strings the lesson measures (also run by
  :mod:`curso.l05.runtimes` in the other languages);
* :data:`LENGUAJES` and :func:`tabla_lenguajes`: which expression of which language counts
  which unit; :func:`tabla_longitudes`: every text in every unit, from :mod:`codecbox.length`;
* :func:`cortar` and :func:`tabla_cortes`: what cutting at ``n`` does in each model (a byte
  sequence split, a lone surrogate, a broken emoji family, half a flag);
* :func:`tabla_programas` and :func:`resumen_ejecucion`: the check against the real languages
  (:mod:`curso.l05.runtimes`);
* :func:`medidor`: the classroom widget, a text and a limit, the length and the cut in each
  language;
* :data:`revisar`: the checks of the lesson's exercises (see :mod:`curso.checks`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from codecbox.length import UNITS, Unit, graphemes, length, truncate
from curso.checks import Namespace, Pista, SinResolver, falta, revisor
from curso.render import Table, View, con_escapes, display_width, visible
from curso.widgets import LiveWidget

__all__ = [
    "FAMILIA",
    "LENGUAJES",
    "NOMBRES",
    "PREGUNTAS_MEDIDOR",
    "TEXTOS_PREDICCION",
    "TEXTS",
    "UNIDADES",
    "Corte",
    "Lenguaje",
    "Medidor",
    "cortar",
    "medidor",
    "recortar_con_error",
    "revisar",
    "tabla_cortes",
    "tabla_lenguajes",
    "tabla_longitudes",
    "resumen_ejecucion",
    "tabla_programas",
    "medir",
    "Medicion",
    "FACEPALM",
    "LENGUAJES_COMPLETAR",
]

FAMILIA = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # mujer, ZWJ, mujer, ZWJ, niña

#: The lesson's strings, each with how the lesson names it (escapes say what is inside).
NOMBRES: dict[str, str] = {
    "a\u00f1o": "año (NFC)",
    "an\u0303o": "año (NFD)",
    "\ud55c\uae00": "한글 (sílabas)",
    unicodedata.normalize("NFD", "\ud55c\uae00"): "한글 (jamo)",
    "\U0001f600": "😀",
    "\U0001f44d\U0001f3fd": "👍🏽",
    FAMILIA: "👩‍👩‍👧",
    "\U0001f1ea\U0001f1f8": "🇪🇸",
    "e\u0301": "é (e + acento)",
    "\u0928\u092e\u0938\u094d\u0924\u0947": "नमस्ते",
}
#: The strings the lesson measures, in the order of its tables.
TEXTS: list[str] = list(NOMBRES)

#: How the lesson names each unit of :mod:`codecbox.length`.
UNIDADES: dict[str, str] = {
    "bytes": "bytes UTF-8",
    "utf16": "unidades UTF-16",
    "code_points": "puntos de código",
    "graphemes": "grafemas",
}


def _unidad(unit: str) -> Unit:
    if unit not in UNITS:
        raise ValueError(f"unidad {unit!r}: elige una de {', '.join(UNITS)}")
    return unit  # type: ignore[return-value]


# --- what each language counts ---------------------------------------------------------------


@dataclass(frozen=True)
class Lenguaje:
    """One language's usual length and usual cut, and the unit both count in.

    ``ejecutado`` is False for a language the course does not run here (C#): its row is
    documented, with the same unit as Java's and JavaScript's.
    """

    nombre: str
    largo: str
    corte: str
    unidad: Unit
    ejecutado: bool = True
    #: what the cut does when it falls inside a character, if it does not just cut
    si_parte: str = ""


#: The nine rows of the lesson's languages: the eight the course runs, and C# (documented).
LENGUAJES: tuple[Lenguaje, ...] = (
    Lenguaje("Python", "len(s)", "s[:n]", "code_points"),
    Lenguaje("JavaScript", "s.length", "s.slice(0, n)", "utf16"),
    Lenguaje("Java", "s.length()", "s.substring(0, n)", "utf16"),
    Lenguaje("C#", "s.Length", "s.Substring(0, n)", "utf16", ejecutado=False),
    Lenguaje("Go", "len(s)", "s[:n]", "bytes"),
    Lenguaje("Rust", "s.len()", "&s[..n]", "bytes", si_parte="pánico: not a char boundary"),
    Lenguaje("C", "strlen(s)", 'printf("%.*s", n, s)', "bytes"),
    Lenguaje("PHP", "strlen($s)", "substr($s, 0, $n)", "bytes"),
    Lenguaje("Swift", "s.count", "String(s.prefix(n))", "graphemes"),
)


def tabla_lenguajes(lenguajes: Sequence[Lenguaje] = LENGUAJES) -> Table:
    """Which expression counts which unit, in each language.

    >>> print(tabla_lenguajes(LENGUAJES[3:5]))
    lenguaje  longitud  recorte            cuenta           fuente
    C#        s.Length  s.Substring(0, n)  unidades UTF-16  solo documentado
    Go        len(s)    s[:n]              bytes UTF-8      se ejecuta
    """
    rows = tuple(
        (
            leng.nombre,
            leng.largo,
            leng.corte,
            UNIDADES[leng.unidad],
            "se ejecuta" if leng.ejecutado else "solo documentado",
        )
        for leng in lenguajes
    )
    return Table(("lenguaje", "longitud", "recorte", "cuenta", "fuente"), rows, mono=True)


def _nombre(texto: str) -> str:
    return NOMBRES.get(texto, visible(texto))


def tabla_longitudes(textos: Iterable[str] = TEXTS) -> Table:
    """Each text's length in the four units of :mod:`codecbox.length`, and its terminal width.

    >>> tabla = tabla_longitudes(["a\\u00f1o", FAMILIA])
    >>> tabla.header[1:]
    ('bytes UTF-8', 'unidades UTF-16', 'puntos de código', 'grafemas', 'columnas')
    >>> [row[1:] for row in tabla.rows]
    [('4', '3', '3', '3', '3'), ('18', '8', '5', '1', '2')]
    >>> print(tabla.notes[0])
    bytes UTF-8: Go, Rust, C, PHP; unidades UTF-16: JavaScript, Java, C#; puntos de código: Python; grafemas: Swift; columnas: wcwidth.wcswidth
    """  # noqa: E501
    rows = tuple(
        (
            _nombre(texto),
            *(str(length(texto, unit)) for unit in UNITS),
            str(display_width(texto)),
        )
        for texto in textos
    )
    quien = "; ".join(f"{UNIDADES[unit]}: " + ", ".join(_lenguajes_de(unit)) for unit in UNITS)
    header = ("texto", *(UNIDADES[u] for u in UNITS), "columnas")
    return Table(header, rows, notes=(quien + "; columnas: wcwidth.wcswidth",), align="lrrrrr")


def _lenguajes_de(unit: str) -> list[str]:
    return [leng.nombre for leng in LENGUAJES if leng.unidad == unit]


# --- cutting at n in each model --------------------------------------------------------------


@dataclass(frozen=True)
class Corte:
    """What a naive cut at ``n`` units leaves of a text, and what went wrong, if anything.

    ``texto`` is what a program would print (bytes that do not decode shown as ``\\xNN``);
    ``problema`` is empty when the cut fell between grapheme clusters.
    """

    unidad: Unit
    n: int
    texto: str
    problema: str

    @property
    def sano(self) -> bool:
        return not self.problema


def _grafemas_partidos(original: str, prefix: str) -> str:
    """Empty if ``prefix`` ends between clusters of ``original``; else what was broken."""
    clusters = graphemes(original)
    done = 0
    for cluster in clusters:
        if done == len(prefix):
            return ""
        if done + len(cluster) > len(prefix):
            piece = prefix[done:]
            return f"grafema partido: de {visible(cluster)} queda {visible(piece)}"
        done += len(cluster)
    return ""


def cortar(texto: str, n: int, unidad: str) -> Corte:
    """Cut ``texto`` at ``n`` units the naive way (``s[:n]`` in that unit) and diagnose it.

    >>> cortar("a\\u00f1o", 2, "bytes")
    Corte(unidad='bytes', n=2, texto='a\\\\xc3', problema='UTF-8 partido: error o U+FFFD')
    >>> cortar("\\U0001f600!", 1, "utf16").problema
    'sustituto suelto U+D83D: par sustituto partido'
    >>> cortar("\\U0001f1ea\\U0001f1f8", 1, "code_points").problema
    'grafema partido: de 🇪🇸 queda 🇪'
    >>> cortar(FAMILIA, 1, "graphemes").sano
    True
    """  # noqa: E501
    unit = _unidad(unidad)
    if unit == "bytes":
        data = texto.encode("utf-8")[:n]
        try:
            prefix = data.decode("utf-8")
        except UnicodeDecodeError:
            shown = data.decode("utf-8", "backslashreplace")
            return Corte(unit, n, shown, "UTF-8 partido: error o U+FFFD")
    elif unit == "utf16":
        units = texto.encode("utf-16-le", "surrogatepass")[: 2 * n]
        prefix = units.decode("utf-16-le", "surrogatepass")
        if prefix and 0xD800 <= ord(prefix[-1]) <= 0xDBFF:
            lone = f"U+{ord(prefix[-1]):04X}"
            return Corte(
                unit, n, visible(prefix), f"sustituto suelto {lone}: par sustituto partido"
            )
    elif unit == "code_points":
        prefix = texto[:n]
    else:
        prefix = "".join(graphemes(texto)[:n])
    return Corte(unit, n, prefix, _grafemas_partidos(texto, prefix))


def tabla_cortes(texto: str, n: int, unidades: Sequence[str] = UNITS) -> Table:
    """The naive cut at ``n`` in each unit, and the safe one (:func:`codecbox.length.truncate`).

    >>> rows = tabla_cortes("a\\u00f1o", 2, ["bytes", "code_points"]).rows
    >>> rows  # doctest: +NORMALIZE_WHITESPACE
    (('bytes UTF-8', 'Go, Rust, C, PHP', 'a\\\\xc3',
      'UTF-8 partido: error o U+FFFD', 'a'),
     ('puntos de código', 'Python', 'añ', 'nada: cae entre grafemas', 'añ'))
    """
    rows = []
    for unidad in unidades:
        corte = cortar(texto, n, unidad)
        safe = truncate(texto, n, corte.unidad)
        rows.append(
            (
                UNIDADES[unidad],
                ", ".join(_lenguajes_de(unidad)),
                corte.texto,
                corte.problema or "nada: cae entre grafemas",
                visible(safe),
            )
        )
    header = ("unidad", "lenguajes", "corte ingenuo", "qué pasó", "truncate")
    caption = f"«{visible(texto)}» cortado a {n}"
    return Table(header, tuple(rows), caption=caption, mono=True)


# --- the live check against the real languages ----------------------------------------------


def tabla_programas() -> Table:
    """The expressions :mod:`curso.l05.runtimes` runs, and the unit each counts.

    The counts each should give are those of :func:`tabla_longitudes`, column by unit.

    >>> tabla_programas().rows[0]
    ('JavaScript (Node.js)', 'Buffer.byteLength(s, "utf8")', 'bytes UTF-8')
    """
    from curso.l05.runtimes import RUNTIMES

    rows = tuple(
        (runtime.language, measure.expression, UNIDADES[measure.unit])
        for runtime in RUNTIMES
        for measure in runtime.measures
    )
    return Table(("lenguaje", "expresión", "cuenta"), rows, mono=True)


def resumen_ejecucion(resultados: Sequence[Any], textos: Sequence[str]) -> str:
    """What a live run compared, in Spanish: per runtime its version and how many counts
    agree with codecbox, each disagreement (with its documented reason), and who was absent.
    """
    from curso.l05.runtimes import compare

    disagreements = compare(resultados, textos)
    lines = []
    for result in resultados:
        name = result.runtime.language
        if result.values is None:
            lines.append(f"✗ {name}: no se comparó ({result.skipped})")
            continue
        total = len(result.runtime.measures) * len(textos)
        own = [d for d in disagreements if d.runtime.key == result.runtime.key]
        lines.append(f"✓ {name} ({result.version}): {total - len(own)} de {total} cuentas iguales")
        for d in own:
            why = f"documentado: {d.known.url}" if d.known else "¡sin explicar!"
            lines.append(
                f"    {d.expression} con {_nombre(d.text)}: {d.got}, no {d.expected} ({why})"
            )
    return "\n".join(lines)


# --- the widget: a text, a limit, every language --------------------------------------------


@dataclass(frozen=True, repr=False)
class Medicion(View):
    """A text's length in each language, and what each language's usual cut at ``n`` leaves."""

    texto: str
    n: int

    def tabla(self) -> Table:
        rows = []
        for leng in LENGUAJES:
            corte = cortar(self.texto, self.n, leng.unidad)
            problema = corte.problema
            if problema and leng.si_parte and leng.unidad == "bytes" and not corte.sano:
                if problema.startswith("UTF-8"):
                    problema = leng.si_parte
            nombre = leng.nombre + ("" if leng.ejecutado else " (documentado)")
            rows.append(
                (
                    nombre,
                    leng.largo,
                    str(length(self.texto, leng.unidad)),
                    leng.corte,
                    corte.texto,
                    problema or "bien",
                )
            )
        header = ("lenguaje", "longitud", "valor", "recorte", "resultado", "¿roto?")
        caption = f"«{visible(self.texto)}», n = {self.n}"
        notes = (f"columnas en una terminal: {display_width(self.texto)}",)
        return Table(header, tuple(rows), caption=caption, notes=notes, mono=True, align="llrlll")

    def __str__(self) -> str:
        return str(self.tabla())

    def _html(self) -> str:
        return self.tabla()._html()


def medir(texto: str, n: int) -> Medicion:
    """The widget's view without the widget.

    >>> [row[4:] for row in medir("a\\u00f1o", 2).tabla().rows[4:6]]
    [('a\\\\xc3', 'UTF-8 partido: error o U+FFFD'), ('a\\\\xc3', 'pánico: not a char boundary')]
    """  # noqa: E501
    return Medicion(texto, n)


class Medidor(LiveWidget):
    """A text box and a limit; below, the length and the usual cut at that limit in each
    language. The box accepts ``\\uXXXX`` escapes, as lesson 3's normalizer does."""

    def __init__(self, texto: str = FAMILIA + " hola", n: int = 4) -> None:
        self.input = w.Text(value=texto, description="Texto:", continuous_update=True)
        # A number box, not a slider: ipywidgets' slider handle has no accessible name.
        self.limite = w.BoundedIntText(
            value=n,
            min=0,
            max=30,
            description="n:",
            tooltip="el límite n, de 0 a 30",
            continuous_update=True,
        )
        controls = [self.input, self.limite]
        super().__init__(controls, controls, self._render, spaced=True)

    @property
    def texto(self) -> str:
        return con_escapes(self.input.value)

    def _render(self) -> Medicion:
        return medir(self.texto, self.limite.value)


def medidor(texto: str = FAMILIA + " hola", n: int = 4) -> Medidor:
    """The classroom widget: type a text and a limit n; see each language's length and cut.

    >>> print(str(medidor("a\\u00f1o", 2)).splitlines()[2].split())
    ['Python', 'len(s)', '3', 's[:n]', 'añ', 'bien']
    """
    return Medidor(texto, n)


# --- the exercises' checks -----------------------------------------------------------------

#: Exercise 1: the texts whose Python ``len`` and JavaScript ``.length`` the student predicts.
TEXTOS_PREDICCION: tuple[str, ...] = (FAMILIA, "\U0001f1ea\U0001f1f8", "e\u0301", "\ud55c\uae00")


def _sin_llenar(value: Any) -> bool:
    if value is ...:
        return True
    return isinstance(value, list | tuple) and any(v is ... for v in value)


def _ej1(ns: Namespace) -> str:
    falta(ns, "prediccion_python", "prediccion_js")
    if _sin_llenar(ns["prediccion_python"]) or _sin_llenar(ns["prediccion_js"]):
        raise SinResolver("cambia cada ... de las plantillas por un número")
    n = len(TEXTOS_PREDICCION)
    for name, unit, why in (
        ("prediccion_python", "code_points", "len cuenta puntos de código: míralos con chars()"),
        (
            "prediccion_js",
            "utf16",
            "un punto de código fuera del plano básico ocupa dos unidades UTF-16",
        ),
    ):
        got = ns[name]
        if not isinstance(got, list | tuple) or len(got) != n:
            raise Pista(f"`{name}` debe ser una lista de {n} números, uno por texto")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in got):
            raise Pista(f"cada valor de `{name}` es un número entero")
        want = [length(t, unit) for t in TEXTOS_PREDICCION]  # type: ignore[arg-type]
        wrong = [str(i + 1) for i, (g, x) in enumerate(zip(got, want, strict=True)) if g != x]
        if wrong:
            raise Pista(f"revisa `{name}` en el texto {', '.join(wrong)} (desde 1): {why}")
    return "Python cuenta puntos de código y JavaScript unidades UTF-16; ninguno, lo que ves"


#: Exercise 3: what the student reads in the widget, and how to compute each answer.
FACEPALM = "\U0001f926\U0001f3fc\u200d\u2642\ufe0f"  # 🤦🏼‍♂️, the one in Sivonen's title
PREGUNTAS_MEDIDOR: dict[str, Callable[[], Any]] = {
    "javascript_🤦🏼‍♂️": lambda: length(FACEPALM, "utf16"),
    "rust_🤦🏼‍♂️": lambda: length(FACEPALM, "bytes"),
    "swift_🤦🏼‍♂️": lambda: length(FACEPALM, "graphemes"),
    "python_corta_🇪🇸🇲🇽_a_3": lambda: "\U0001f1ea\U0001f1f8\U0001f1f2",
}
_PISTAS_MEDIDOR = {
    "javascript_🤦🏼‍♂️": "escribe 🤦🏼‍♂️ en el medidor y lee la columna valor de JavaScript",
    "rust_🤦🏼‍♂️": "lee la columna valor de Rust: cuenta bytes",
    "swift_🤦🏼‍♂️": "lee la columna valor de Swift",
    "python_corta_🇪🇸🇲🇽_a_3": "escribe 🇪🇸🇲🇽, pon n en 3 y copia el resultado de Python",
}


def _ej3(ns: Namespace) -> str:
    falta(ns, "respuestas_medidor")
    answers = ns["respuestas_medidor"]
    if not isinstance(answers, Mapping):
        raise Pista("`respuestas_medidor` debe ser un diccionario, como el de la plantilla")
    empty = [k for k in PREGUNTAS_MEDIDOR if answers.get(k, ...) is ...]
    if len(empty) == len(PREGUNTAS_MEDIDOR):
        raise SinResolver("completa las respuestas de `respuestas_medidor`")
    if empty:
        raise Pista(f"faltan respuestas: {', '.join(empty)}")
    wrong = []
    for key, answer in PREGUNTAS_MEDIDOR.items():
        want, got = answer(), answers[key]
        if isinstance(want, int) and (not isinstance(got, int) or isinstance(got, bool)):
            raise Pista(f"{key}: la respuesta es un número entero")
        if isinstance(want, str) and not isinstance(got, str):
            raise Pista(f"{key}: la respuesta es un texto (entre comillas)")
        if got != want:
            wrong.append(key)
    if wrong:
        others = f" (revisa también: {', '.join(wrong[1:])})" if wrong[1:] else ""
        raise Pista(f"{wrong[0]}: {_PISTAS_MEDIDOR[wrong[0]]}{others}")
    units, size = length(FACEPALM, "utf16"), length(FACEPALM, "bytes")
    return (
        f"🤦🏼‍♂️ son {units} unidades UTF-16, {size} bytes y un grafema; y s[:3] parte una bandera"
    )


def recortar_con_error(texto: str, limite: int) -> str:
    """The bug of exercise 2: cut the UTF-8 bytes and drop the incomplete sequence at the end.

    It never raises and never leaves U+FFFD, so it looks right; it splits grapheme clusters.
    """
    return texto.encode("utf-8")[:limite].decode("utf-8", errors="ignore")


#: Exercise 2: texts the fixed function is tried on, each cut at every limit.
_TEXTOS_RECORTAR = (
    "Muñoz Ibáñez",
    FAMILIA + " hola",
    "¡Olé! \U0001f1ea\U0001f1f8\U0001f1f2\U0001f1fd",
    "cafe\u0301 \U0001f44d\U0001f3fd",
    "\u0928\u092e\u0938\u094d\u0924\u0947",
    "",
)


def _mostrar(texto: str) -> str:
    """How a check names a text: in quotes, with invisible characters spelled out."""
    shown = f'"{visible(texto)}"'
    return shown if unicodedata.is_normalized("NFC", texto) else shown + " (en NFD)"


def _ej2(ns: Namespace) -> str:
    falta(ns, "recortar_bytes")
    recortar_bytes: Callable[[str, int], Any] = ns["recortar_bytes"]
    for texto in _TEXTOS_RECORTAR:
        for limite in range(length(texto, "bytes") + 2):
            call = f"recortar_bytes({_mostrar(texto)}, {limite})"
            got = recortar_bytes(texto, limite)
            if not isinstance(got, str):
                raise Pista(f"{call} debe devolver un str, no {type(got).__name__}")
            if not texto.startswith(got):
                raise Pista(f"{call} devolvió {_mostrar(got)}, que no es el principio del texto")
            size = length(got, "bytes")
            if size > limite:
                unit = "byte" if size == 1 else "bytes"
                raise Pista(f"{call} devolvió {_mostrar(got)}, {size} {unit}: más que el límite")
            broken = _grafemas_partidos(texto, got)
            if broken:
                raise Pista(f"{call}: {broken}; corta solo entre grafemas (graphemes())")
            if got != truncate(texto, limite, "bytes"):
                raise Pista(f"{call} devolvió {_mostrar(got)}: cabe un grafema más")
    return "se corta entre grafemas, y el límite se mide en bytes de lo que queda"


def _largo_como(lenguaje: str, texto: str) -> int:
    for leng in LENGUAJES:
        if leng.nombre == lenguaje:
            return length(texto, leng.unidad)
    raise KeyError(lenguaje)


#: Exercise 4: the languages whose length the student's function reproduces.
LENGUAJES_COMPLETAR = ("Python", "JavaScript", "Go", "Swift")
_PISTAS_COMPLETAR = {
    "Python": "Python cuenta puntos de código",
    "JavaScript": "JavaScript cuenta unidades UTF-16: ¿tu codificación pone un BOM delante?",
    "Go": "Go cuenta los bytes de UTF-8",
    "Swift": "Swift cuenta grafemas: graphemes() los separa",
}


def _ej4(ns: Namespace) -> str:
    falta(ns, "largo_como")
    largo_como: Callable[[str, str], Any] = ns["largo_como"]
    for lenguaje in LENGUAJES_COMPLETAR:
        for texto in (*TEXTS, FACEPALM, "hola", ""):
            got = largo_como(lenguaje, texto)
            want = _largo_como(lenguaje, texto)
            if got != want or isinstance(got, bool):
                call = f'largo_como("{lenguaje}", {_mostrar(texto)})'
                raise Pista(f"{call} dio {got!r}: {_PISTAS_COMPLETAR[lenguaje]}")
    return "cuatro lenguajes, cuatro unidades: bytes, unidades UTF-16, puntos de código, grafemas"


revisar = revisor({1: _ej1, 2: _ej2, 3: _ej3, 4: _ej4})
