"""Lesson 2's tables about mojibake itself, in Spanish: pairs, error handlers, repairs.

* :func:`tabla_pares`: what each character becomes when its UTF-8 bytes are read as
  windows-1252 and as latin-1, computed with Python's codecs;
* :func:`tabla_manejadores`: the error handlers of ``encode`` and ``decode`` side by side,
  each on the same two inputs, with what each one costs;
* :func:`explicar`: a :class:`codecbox.Repair` said in Spanish (steps and why it stopped);
* :func:`comparar_con_ftfy`: ``codecbox.fix_mojibake`` beside ftfy on :data:`CASOS`;
* :data:`FICHA`: a customer record that charset-normalizer reads as windows-1250.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

import ftfy

from codecbox import Repair, decode_bytes, fix_mojibake
from codecbox.repair import UNDEFINED_IN_WINDOWS_1252, Reason
from curso.inspection import codepoint
from curso.paths import paragraphs
from curso.render import Table, View, visible

__all__ = [
    "CASOS",
    "FICHA",
    "MANEJADORES",
    "Caso",
    "Comparacion",
    "Confusiones",
    "Explicacion",
    "comparar_con_ftfy",
    "confusiones_1250",
    "explicar",
    "lectura_navegador",
    "motivo",
    "tabla_manejadores",
    "tabla_pares",
]


def lectura_navegador(data: bytes) -> str:
    """``data`` read as windows-1252 the way browsers read it (WHATWG Encoding Standard).

    Python's ``cp1252`` refuses the five bytes it leaves undefined; a browser turns each
    into the invisible control character of the same number.

    >>> lectura_navegador("Ángel".encode("utf-8"))
    'Ã\\x81ngel'
    """
    return "".join(
        chr(b) if b in UNDEFINED_IN_WINDOWS_1252 else bytes([b]).decode("cp1252") for b in data
    )


# --- the usual pairs ---------------------------------------------------------------------


def _cp1252(data: bytes) -> str:
    out = []
    for b in data:
        if b in UNDEFINED_IN_WINDOWS_1252:
            out.append(f"[{b:02X}?]")
        else:
            out.append(visible(bytes([b]).decode("cp1252")))
    return "".join(out)


def tabla_pares(caracteres: str) -> Table:
    """Each character, its UTF-8 bytes, and what windows-1252 and latin-1 read there.

    >>> print(tabla_pares("ñÁ"))
    carácter  UTF-8  leído como windows-1252  leído como latin-1
    ñ         C3 B1  Ã±                       Ã±
    Á         C3 81  Ã[81?]                   Ã\\x81
    [81?]: un byte que windows-1252 deja sin definir (Python da error).
    """
    rows = []
    for ch in caracteres:
        data = ch.encode("utf-8")
        rows.append((ch, data.hex(" ").upper(), _cp1252(data), visible(data.decode("latin-1"))))
    notes = ()
    if any(b in UNDEFINED_IN_WINDOWS_1252 for ch in caracteres for b in ch.encode("utf-8")):
        notes = ("[81?]: un byte que windows-1252 deja sin definir (Python da error).",)
    header = ("carácter", "UTF-8", "leído como windows-1252", "leído como latin-1")
    return Table(header, tuple(rows), notes=notes, mono=True)


# --- the error handlers ------------------------------------------------------------------

#: The handlers shown, and what each one costs.
MANEJADORES: dict[str, str] = {
    "strict": "nada: un error te avisa",
    "replace": "se pierde el dato, sin aviso",
    "ignore": "se pierde sin dejar rastro",
    "backslashreplace": "nada, pero el texto lleva \\x..",
    "xmlcharrefreplace": "solo codifica; vale en HTML y XML",
    "surrogateescape": "nada: guarda el byte y lo devuelve",
}

#: What the table encodes (into latin-1) and decodes (as UTF-8): a euro, and a cp1252 ñ.
TEXTO_A_CODIFICAR = "12 €"
BYTES_A_DECODIFICAR = "año".encode("cp1252")


def _encode(handler: str) -> str:
    try:
        return repr(TEXTO_A_CODIFICAR.encode("latin-1", errors=handler))
    except UnicodeEncodeError:
        return "UnicodeEncodeError"


def _decode(handler: str) -> str:
    try:
        return repr(BYTES_A_DECODIFICAR.decode("utf-8", errors=handler))
    except UnicodeDecodeError:
        return "UnicodeDecodeError"
    except TypeError:  # xmlcharrefreplace only knows how to encode
        return "(no sirve)"


def tabla_manejadores() -> Table:
    """Each error handler on ``"12 €"`` encoded as latin-1 and ``61 F1 6F`` decoded as UTF-8.

    >>> t = tabla_manejadores()
    >>> t.rows[1][1:3]
    ("b'12 ?'", "'a\\ufffdo'")
    """
    rows = tuple((h, _encode(h), _decode(h), cost) for h, cost in MANEJADORES.items())
    header = (
        "errors=",
        f'"{TEXTO_A_CODIFICAR}" a latin-1',
        f"{BYTES_A_DECODIFICAR.hex(' ').upper()} como UTF-8",
        "qué cuesta",
    )
    return Table(header, rows, mono=True)


# --- a repair, in Spanish -----------------------------------------------------------------

_STEP = "codificar como {}, decodificar como UTF-8"


def motivo(r: Repair) -> str:
    """Why ``fix_mojibake`` stopped, in Spanish (and where, if it says)."""
    where = r.position
    ch = r.text[where] if where is not None and where < len(r.text) else ""
    at = f"«{visible(ch)}» ({codepoint(ch)}, posición {where})" if ch else ""
    if r.reason is Reason.CLEAN:
        return "no queda nada que parezca mojibake"
    if r.reason is Reason.REPLACEMENT:
        return f"hay un U+FFFD en la posición {where}: los bytes que reemplazó se perdieron"
    if r.reason is Reason.IMPLAUSIBLE:
        return f"{at} parece mojibake, pero ninguna lectura lo deja con mejor pinta"
    if r.reason is Reason.UNENCODABLE:
        return f"{at} no existe en windows-1252 ni en latin-1: no es una sola lectura equivocada"
    if r.reason is Reason.MIXED:
        return f"{at} es de latin-1 y hay signos de windows-1252: dos lecturas distintas"
    if r.reason is Reason.INVALID_UTF8:
        return f"desde {at} los bytes no son UTF-8 válido (texto sano junto a texto roto)"
    return f"también cambiaría {at}, que no parece mojibake"


@dataclass(frozen=True, repr=False)
class Explicacion(View):
    """A :class:`codecbox.Repair` said in Spanish: the text after each step, and the stop."""

    reparacion: Repair

    def lines(self) -> list[tuple[str, str]]:
        r = self.reparacion
        out = [("texto", visible(r.original))]
        current = r.original
        for i, step in enumerate(r.steps, 1):
            current = step.apply(current)
            where = "" if step.end is None else f"texto[{step.start}:{step.end}]: "
            out.append((f"paso {i}", f"{where}{_STEP.format(step.encoding)} → {visible(current)}"))
        out.append(("se detuvo", motivo(r)))
        return out

    def __str__(self) -> str:
        return "\n".join(f"{k + ':':<11}{v}" for k, v in self.lines())

    def _html(self) -> str:
        rows = "".join(
            f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in self.lines()
        )
        return f'<table class="codecbox"><tbody>{rows}</tbody></table>'


def explicar(reparacion: Repair | str) -> Explicacion:
    """Say in Spanish what ``fix_mojibake`` did (a text is repaired first).

    >>> explicar("aÃƒÂ±o")
    texto:     aÃƒÂ±o
    paso 1:    codificar como windows-1252, decodificar como UTF-8 → aÃ±o
    paso 2:    codificar como windows-1252, decodificar como UTF-8 → año
    se detuvo: no queda nada que parezca mojibake
    """
    if isinstance(reparacion, str):
        reparacion = fix_mojibake(reparacion)
    return Explicacion(reparacion)


# --- codecbox beside ftfy ---------------------------------------------------------------


@dataclass(frozen=True)
class Caso:
    """A damaged text, and the text it should be (None when nobody can know it)."""

    nombre: str
    texto: str
    esperado: str


#: A customer record: long Spanish windows-1252 that charset-normalizer reads as windows-1250
#: (codecbox's default detector reads it right).
FICHA = (
    "Cliente: Jorge Muñoz Ibáñez. Dirección: calle de la Montaña 12, Logroño. Pedido de "
    "cañerías y señales para el año que viene; entrega en el almacén de Peñíscola."
)


@dataclass(frozen=True, repr=False)
class Confusiones(View):
    """How many paragraphs of the corpus a detector read as windows-1250."""

    leidos_1250: int
    total: int

    def __str__(self) -> str:
        return (
            f"{self.leidos_1250} de {self.total} párrafos en español del corpus, escritos en "
            "windows-1252, salen como windows-1250"
        )


def confusiones_1250(detector: str = "charset-normalizer") -> Confusiones:
    """Lesson 6's held-out Spanish paragraphs in windows-1252, decoded by ``decode_bytes``
    with nothing declared and ``detector`` deciding: how many come out windows-1250."""
    found = [
        decode_bytes(p.encode("cp1252"), detector=detector).encoding.name
        for p in paragraphs("es", "heldout")
    ]
    return Confusiones(found.count("windows-1250"), len(found))


#: Realistic damage, one case per way of failing.
CASOS: tuple[Caso, ...] = (
    Caso("una vez", "año".encode("utf-8").decode("cp1252"), "año"),
    Caso(
        "dos veces", "año".encode("utf-8").decode("cp1252").encode("utf-8").decode("cp1252"), "año"
    ),
    Caso("comillas (navegador)", lectura_navegador("“Hola”".encode("utf-8")), "“Hola”"),
    Caso("ruso", "Привет".encode("utf-8").decode("cp1252"), "Привет"),
    Caso("japonés tras iPhone", lectura_navegador("iPhoneの画面".encode("utf-8")), "iPhoneの画面"),
    Caso("sano y roto juntos", "5€ y " + "año".encode("utf-8").decode("cp1252"), "5€ y año"),
    Caso("con U+FFFD", "Ángel".encode("utf-8").decode("cp1252", errors="replace"), "Ángel"),
    Caso("mayúsculas sanas", "CAFÉ…", "CAFÉ…"),
    Caso("windows-1250", "Muñoz".encode("cp1252").decode("cp1250"), "Muñoz"),
)


@dataclass(frozen=True)
class FilaComparacion:
    caso: Caso
    codecbox: Repair
    ftfy: str
    ftfy_pasos: int

    @property
    def bien_codecbox(self) -> bool:
        return self.codecbox.text == self.caso.esperado

    @property
    def bien_ftfy(self) -> bool:
        return self.ftfy == self.caso.esperado


def _celda(texto: str, original: str, bien: bool) -> str:
    shown = "(sin cambios)" if texto == original else visible(texto)
    return f"{'✓' if bien else '✗'} {shown}"


@dataclass(frozen=True, repr=False)
class Comparacion(View):
    """codecbox and ftfy on the same cases: what each returns, and whether it is right."""

    filas: tuple[FilaComparacion, ...]

    @property
    def bien_codecbox(self) -> int:
        return sum(f.bien_codecbox for f in self.filas)

    @property
    def bien_ftfy(self) -> int:
        return sum(f.bien_ftfy for f in self.filas)

    def fila(self, nombre: str) -> FilaComparacion:
        (found,) = [f for f in self.filas if f.caso.nombre == nombre]
        return found

    def table(self) -> Table:
        rows = tuple(
            (
                f.caso.nombre,
                visible(f.caso.texto),
                _celda(f.codecbox.text, f.caso.texto, f.bien_codecbox),
                _celda(f.ftfy, f.caso.texto, f.bien_ftfy),
            )
            for f in self.filas
        )
        n = len(self.filas)
        notes = (
            f"✓: el texto correcto. codecbox acierta {self.bien_codecbox} de {n}; "
            f"ftfy, {self.bien_ftfy} de {n}.",
        )
        header = ("caso", "texto dañado", "codecbox.fix_mojibake", "ftfy.fix_text")
        return Table(header, rows, notes=notes, mono=True)

    def __str__(self) -> str:
        return str(self.table())

    def _html(self) -> str:
        return self.table()._html()


def comparar_con_ftfy(casos: Sequence[Caso] = CASOS) -> Comparacion:
    """Repair each case with ``codecbox.fix_mojibake`` and with ftfy (default settings).

    >>> c = comparar_con_ftfy([Caso("una vez", "aÃ±o", "año")])
    >>> c.bien_codecbox, c.bien_ftfy
    (1, 1)
    """
    filas = []
    for caso in casos:
        explained = ftfy.fix_and_explain(caso.texto)
        steps = len(explained.explanation or [])
        filas.append(FilaComparacion(caso, fix_mojibake(caso.texto), explained.text, steps))
    return Comparacion(tuple(filas))
