"""Lesson 3 (normalización Unicode y nombres de archivo): its views, data, widget and checks.

* :func:`puntos` and :func:`tabla_formas`: a text's code points, and the four normalization
  forms of several texts side by side;
* :func:`comparar` and :func:`normalizador`: the classroom widget, two text boxes with the
  four forms of each, their code points and lengths, and whether the two are equal under
  each form;
* :func:`productos`, :data:`ESTRATEGIAS`, :func:`tabla_productos`, :func:`tabla_dedup`: the
  lesson's small data set (product names from two sources, ``data/l03/productos.csv``)
  and how many distinct names each comparison key leaves;
* :func:`tabla_orden`: code point order against the Unicode Collation Algorithm (pyuca);
* :func:`parecidos`: Unicode's confusables (via confusable_homoglyphs) for a text;
* :data:`revisar`: the checks of the lesson's exercises (see :mod:`curso.checks`).
"""

from __future__ import annotations

import csv
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import ipywidgets as w
import pyuca
from confusable_homoglyphs import categories, confusables

from curso.checks import Namespace, Pista, SinResolver, falta, revisor
from curso.inspection import codepoint
from curso.paths import data_dir
from curso.render import Table, View, con_escapes, visible
from curso.widgets import LiveWidget

__all__ = [
    "ESTRATEGIAS",
    "FORMAS",
    "PARES_PREDICCION",
    "PREGUNTAS_NORMALIZADOR",
    "Comparacion",
    "Fila",
    "Normalizador",
    "clave_uca",
    "comparar",
    "distintos",
    "normalizador",
    "parecidos",
    "parecidos_a",
    "productos",
    "puntos",
    "revisar",
    "tabla_dedup",
    "tabla_formas",
    "tabla_orden",
    "tabla_productos",
    "version_uca",
]

#: The four normalization forms, in the order the lesson shows them.
FORMAS: tuple[str, ...] = ("NFC", "NFD", "NFKC", "NFKD")


def _norm(forma: str, texto: str) -> str:
    return unicodedata.normalize(forma, texto)  # type: ignore[arg-type]


def puntos(texto: str, limite: int | None = None) -> str:
    """The code points of ``texto`` as ``U+XXXX``, separated by spaces.

    With ``limite``, at most that many are written, then how many were left out.

    >>> puntos("e\\u0301")
    'U+0065 U+0301'
    >>> puntos("１，０００", limite=2)
    'U+FF11 U+FF0C … (+3)'
    """
    shown_points = [codepoint(ch) for ch in texto]
    if limite is not None and len(shown_points) > limite:
        rest = len(shown_points) - limite
        return " ".join(shown_points[:limite]) + f" … (+{rest})"
    return " ".join(shown_points)


# --- the four forms of several texts -------------------------------------------------------


def tabla_formas(textos: Iterable[str]) -> Table:
    """One row per text: its code points, then each form as text with its length.

    >>> print(tabla_formas(["\\ufb01", "①"]))
    texto  puntos de código  NFC    NFD    NFKC    NFKD
    ﬁ      U+FB01            ﬁ (1)  ﬁ (1)  fi (2)  fi (2)
    ①      U+2460            ① (1)  ① (1)  1 (1)   1 (1)
    (entre paréntesis, cuántos puntos de código tiene el resultado)
    """
    rows = []
    for texto in textos:
        cells = [f"{visible(_norm(f, texto))} ({len(_norm(f, texto))})" for f in FORMAS]
        rows.append((visible(texto), puntos(texto, limite=3), *cells))
    return Table(
        ("texto", "puntos de código", *FORMAS),
        tuple(rows),
        notes=("(entre paréntesis, cuántos puntos de código tiene el resultado)",),
        mono=True,
    )


# --- the widget: two texts, four forms -----------------------------------------------------


def _si(flag: bool) -> str:
    return "sí" if flag else "no"


_SIN = "sin normalizar"
_LIMITE_PUNTOS = 8


@dataclass(frozen=True, repr=False)
class Comparacion(View):
    """Two texts, each as typed and in the four forms, and whether they are equal under each."""

    a: str
    b: str

    def forma(self, texto: str, forma: str) -> str:
        return texto if forma == _SIN else _norm(forma, texto)

    def iguales(self, forma: str) -> bool:
        """Whether A and B are equal once both are in ``forma`` (or as typed)."""
        return self.forma(self.a, forma) == self.forma(self.b, forma)

    @property
    def formas_iguales(self) -> tuple[str, ...]:
        """The forms under which A and B are equal."""
        return tuple(f for f in FORMAS if self.iguales(f))

    def tabla(self, cual: str) -> Table:
        texto = self.a if cual == "A" else self.b
        rows = []
        for forma in (_SIN, *FORMAS):
            result = self.forma(texto, forma)
            points = puntos(result, limite=_LIMITE_PUNTOS)
            rows.append((forma, visible(result), points, str(len(result))))
        header = ("forma", "texto", "puntos de código", "len")
        caption = f"{cual} = «{visible(texto)}»"
        return Table(header, tuple(rows), caption=caption, align="lllr", mono=True)

    def veredicto(self) -> Table:
        columns = (_SIN, *FORMAS)
        row = ("¿A == B?", *(_si(self.iguales(f)) for f in columns))
        return Table(("", *columns), (row,), row_headers=True, mono=True)

    def __str__(self) -> str:
        return "\n\n".join(str(t) for t in (self.tabla("A"), self.tabla("B"), self.veredicto()))

    def _html(self) -> str:
        return "".join(t._html() for t in (self.tabla("A"), self.tabla("B"), self.veredicto()))


def comparar(a: str, b: str) -> Comparacion:
    """The four forms of ``a`` and of ``b``, and whether they are equal under each.

    >>> comparacion = comparar("\\u00e9", "e\\u0301")
    >>> comparacion.iguales("sin normalizar"), comparacion.formas_iguales
    (False, ('NFC', 'NFD', 'NFKC', 'NFKD'))
    >>> print(comparar("ﬁ", "fi"))
    A = «ﬁ»
    forma           texto  puntos de código  len
    sin normalizar  ﬁ      U+FB01              1
    NFC             ﬁ      U+FB01              1
    NFD             ﬁ      U+FB01              1
    NFKC            fi     U+0066 U+0069       2
    NFKD            fi     U+0066 U+0069       2
    <BLANKLINE>
    B = «fi»
    forma           texto  puntos de código  len
    sin normalizar  fi     U+0066 U+0069       2
    NFC             fi     U+0066 U+0069       2
    NFD             fi     U+0066 U+0069       2
    NFKC            fi     U+0066 U+0069       2
    NFKD            fi     U+0066 U+0069       2
    <BLANKLINE>
              sin normalizar  NFC  NFD  NFKC  NFKD
    ¿A == B?  no              no   no   sí    sí
    """
    return Comparacion(a, b)


class Normalizador(LiveWidget):
    """Two text boxes; below, the four forms of each and whether they are equal under each.

    The boxes accept ``\\uXXXX`` escapes, so a decomposed é can be typed as ``e\\u0301``.
    """

    def __init__(self, a: str = "\u00e9", b: str = "e\\u0301") -> None:
        self.input_a = w.Text(value=a, description="A:", continuous_update=True)
        self.input_b = w.Text(value=b, description="B:", continuous_update=True)
        controls = [self.input_a, self.input_b]
        super().__init__(controls, controls, self._render, spaced=True)

    @property
    def a(self) -> str:
        return con_escapes(self.input_a.value)

    @property
    def b(self) -> str:
        return con_escapes(self.input_b.value)

    def _render(self) -> Comparacion:
        return comparar(self.a, self.b)


def normalizador(a: str = "\u00e9", b: str = "e\\u0301") -> Normalizador:
    r"""The classroom widget: type two texts, see their four forms and where they are equal.

    >>> print(str(normalizador("\u212b", r"\u00c5")).splitlines()[-1])
    ¿A == B?  no              sí   sí   sí    sí
    """
    return Normalizador(a, b)


# --- the data set: product names from two sources ------------------------------------------


@dataclass(frozen=True)
class Fila:
    """One row of ``data/l03/productos.csv``: where the name came from, the name as it came,
    and which product it really is (annotated by hand)."""

    fuente: str
    nombre: str
    producto: int


def productos() -> tuple[Fila, ...]:
    """The rows of ``data/l03/productos.csv``, in file order.

    >>> filas = productos()
    >>> len(filas), len({f.producto for f in filas}), sorted({f.fuente for f in filas})
    (23, 9, ['proveedor', 'web'])
    """
    path = data_dir() / "l03" / "productos.csv"
    with path.open(encoding="utf-8", newline="") as fh:
        return tuple(
            Fila(row["fuente"], row["nombre"], int(row["producto"])) for row in csv.DictReader(fh)
        )


def _nfc_casefold(texto: str) -> str:
    return _norm("NFC", texto).casefold()


def _nfkc_casefold(texto: str) -> str:
    return _norm("NFKC", texto).casefold()


def _nfkc_casefold_espacios(texto: str) -> str:
    return " ".join(_norm("NFKC", texto).casefold().split())


#: The comparison keys the lesson tries, from none to the one it recommends for matching.
ESTRATEGIAS: dict[str, Callable[[str], str]] = {
    "tal cual": lambda texto: texto,
    "NFC": lambda texto: _norm("NFC", texto),
    "NFC + lower": lambda texto: _norm("NFC", texto).lower(),
    "NFC + casefold": _nfc_casefold,
    "NFKC + casefold": _nfkc_casefold,
    "NFKC + casefold + espacios": _nfkc_casefold_espacios,
}


def distintos(nombres: Iterable[str], clave: Callable[[str], str]) -> int:
    """How many distinct names are left once each is replaced by its key."""
    return len({clave(n) for n in nombres})


def tabla_productos(filas: Sequence[Fila]) -> Table:
    """The rows as the lesson shows them: invisible characters spelled out, length, NFC or not.

    >>> print(tabla_productos([Fila("web", "Té\\u00a0verde", 5)]))
    fuente  nombre           len  ¿NFC?  producto
    web     Té<U+00A0>verde    8  sí            5
    """
    rows = tuple(
        (
            f.fuente,
            visible(f.nombre),
            str(len(f.nombre)),
            _si(unicodedata.is_normalized("NFC", f.nombre)),
            str(f.producto),
        )
        for f in filas
    )
    header = ("fuente", "nombre", "len", "¿NFC?", "producto")
    return Table(header, rows, align="llrlr", mono=True)


def tabla_dedup(
    nombres: Sequence[str], estrategias: Mapping[str, Callable[[str], str]] = ESTRATEGIAS
) -> Table:
    """How many distinct names each comparison key leaves.

    >>> print(tabla_dedup(["Té", "te\\u0301", "TÉ"], {"tal cual": str, "NFC": ESTRATEGIAS["NFC"]}))
    clave     nombres distintos
    tal cual                  3
    NFC                       3
    """
    rows = tuple((name, str(distintos(nombres, key))) for name, key in estrategias.items())
    return Table(("clave", "nombres distintos"), rows, align="lr")


# --- sorting: code points against the Unicode Collation Algorithm --------------------------


@cache
def _collator() -> Any:
    return pyuca.Collator()


def clave_uca(texto: str) -> tuple[int, ...]:
    """The sort key of ``texto`` under the Unicode Collation Algorithm with the DUCET (pyuca).

    >>> sorted(["Zaragoza", "árbol", "azul"], key=clave_uca)
    ['árbol', 'azul', 'Zaragoza']
    """
    return tuple(_collator().sort_key(texto))


def version_uca() -> str:
    """The version of the DUCET table pyuca's default collator loads."""
    return str(_collator().UCA_VERSION)


def tabla_orden(palabras: Iterable[str]) -> Table:
    """``sorted()`` (code point order) beside the UCA order, one word per row.

    >>> print(tabla_orden(["ñu", "nube", "Oso"]))
    sorted() (puntos de código)  pyuca (DUCET)
    Oso                          ñu
    nube                         nube
    ñu                           Oso
    """
    words = list(palabras)
    rows = tuple(zip(sorted(words), sorted(words, key=clave_uca), strict=True))
    return Table(("sorted() (puntos de código)", "pyuca (DUCET)"), rows)


# --- confusables -----------------------------------------------------------------------------


def parecidos(texto: str, preferidas: Sequence[str] = (), limite: int = 3) -> Table:
    """The characters of ``texto`` that Unicode's confusables data says look like others.

    ``preferidas`` are the scripts the text should be in (``["latin"]``): then only the
    characters that are not in those scripts and look like one that is are listed. At most
    ``limite`` look-alikes are written per character, then how many more there are.

    >>> print(parecidos("p\\u0430pa", ["latin"]))
    carácter  punto de código  escritura  se parece a
    а         U+0430           CYRILLIC   a (U+0061, LATIN SMALL LETTER A)
    """
    found = confusables.is_confusable(texto, greedy=True, preferred_aliases=list(preferidas))
    rows = []
    for item in found or []:
        char, homoglyphs = item["character"], item["homoglyphs"]
        looks = "; ".join(f"{h['c']} ({puntos(h['c'])}, {h['n']})" for h in homoglyphs[:limite])
        if len(homoglyphs) > limite:
            looks += f"; … (+{len(homoglyphs) - limite})"
        rows.append((char, codepoint(char), item["alias"], looks))
    header = ("carácter", "punto de código", "escritura", "se parece a")
    return Table(header, tuple(rows), mono=True)


def parecidos_a(caracter: str) -> int:
    """How many characters Unicode's confusables data lists as look-alikes of ``caracter``."""
    return len(confusables.confusables_data.get(caracter, []))


# --- the exercises' checks -----------------------------------------------------------------

#: Exercise 1: the pairs whose equality under NFC and NFKC the student predicts.
PARES_PREDICCION: tuple[tuple[str, str], ...] = (
    ("\u00d1and\u00fa", "N\u0303andu\u0301"),
    ("\u212b", "\u00c5"),
    ("\ufb01esta", "fiesta"),
    ("\uff11\uff12", "12"),
    ("x\u00b2", "x2"),
    ("\u301c", "\uff5e"),
)


def _sin_llenar(value: Any) -> bool:
    """A template answer left as it is: ``...``, or a list that still holds ``...``."""
    if value is ...:
        return True
    return isinstance(value, list | tuple) and any(v is ... for v in value)


def _predicciones(ns: Namespace, name: str) -> list[Any]:
    value = ns[name]
    n = len(PARES_PREDICCION)
    if not isinstance(value, list | tuple) or len(value) != n:
        raise Pista(f"`{name}` debe ser una lista de {n} valores True o False, uno por par")
    if not all(isinstance(v, bool) for v in value):
        raise Pista(f"cada valor de `{name}` es True o False (sin comillas)")
    return list(value)


def _ej1(ns: Namespace) -> str:
    falta(ns, "prediccion_nfc", "prediccion_nfkc")
    if _sin_llenar(ns["prediccion_nfc"]) or _sin_llenar(ns["prediccion_nfkc"]):
        raise SinResolver("cambia cada ... de las plantillas por True o False")
    for name, forma, why in (
        ("prediccion_nfc", "NFC", "NFC solo junta lo que Unicode declara equivalente canónico"),
        ("prediccion_nfkc", "NFKC", "NFKC junta además las variantes de compatibilidad"),
    ):
        got = _predicciones(ns, name)
        want = [_norm(forma, a) == _norm(forma, b) for a, b in PARES_PREDICCION]
        wrong = [str(i + 1) for i, (g, x) in enumerate(zip(got, want, strict=True)) if g != x]
        if wrong:
            pairs = ", ".join(wrong)
            raise Pista(f"revisa `{name}` en el par {pairs} (contando desde 1): {why}")
    return "NFC iguala lo equivalente; NFKC, además, lo que solo se parece por compatibilidad"


#: Exercise 2: the questions answered with the widget, and how to compute each answer.
PREGUNTAS_NORMALIZADOR: dict[str, Callable[[], Any]] = {
    "puntos_nfd_de_ệ": lambda: len(_norm("NFD", "\u1ec7")),
    "puntos_nfkc_de_㎏": lambda: len(_norm("NFKC", "\u338f")),
    "formas_iguales_ℌ_H": lambda: set(comparar("\u210c", "H").formas_iguales),
    "formas_iguales_ohmio_omega": lambda: set(comparar("\u2126", "\u03a9").formas_iguales),
}

_PISTAS_NORMALIZADOR = {
    "puntos_nfd_de_ệ": "escribe ệ en A y lee la columna len de la fila NFD",
    "puntos_nfkc_de_㎏": "escribe ㎏ en A y lee la columna len de la fila NFKC",
    "formas_iguales_ℌ_H": "escribe ℌ en A y H en B, y mira la fila «¿A == B?»",
    "formas_iguales_ohmio_omega": r"escribe \u2126 en A y \u03a9 en B, y mira «¿A == B?»",
}


def _formas(value: Any) -> set[str] | None:
    """A list of form names as the set of their upper-case names; None if it is not one."""
    if not isinstance(value, list | tuple | set | frozenset):
        return None
    if not all(isinstance(v, str) and v.strip().upper() in FORMAS for v in value):
        return None
    return {v.strip().upper() for v in value}


def _ej2(ns: Namespace) -> str:
    falta(ns, "respuestas_normalizador")
    answers = ns["respuestas_normalizador"]
    if not isinstance(answers, Mapping):
        raise Pista("`respuestas_normalizador` debe ser un diccionario, como el de la plantilla")
    empty = [k for k in PREGUNTAS_NORMALIZADOR if _sin_llenar(answers.get(k, ...))]
    if len(empty) == len(PREGUNTAS_NORMALIZADOR):
        raise SinResolver("completa las respuestas de `respuestas_normalizador`")
    if empty:
        raise Pista(f"faltan respuestas: {', '.join(empty)}")
    wrong = []
    for key, answer in PREGUNTAS_NORMALIZADOR.items():
        want, got = answer(), answers[key]
        if isinstance(want, set):
            forms = _formas(got)
            if forms is None:
                raise Pista(f'{key}: escribe una lista de nombres de forma, como ["NFC", "NFD"]')
            got = forms
        elif not isinstance(got, int) or isinstance(got, bool):
            raise Pista(f"{key}: la respuesta es un número entero")
        if got != want:
            wrong.append(key)
    if wrong:
        others = f" (revisa también: {', '.join(wrong[1:])})" if wrong[1:] else ""
        raise Pista(f"{wrong[0]}: {_PISTAS_NORMALIZADOR[wrong[0]]}{others}")
    return "las formas K juntan lo que solo se parece; el ohmio y la omega son el mismo carácter"


def _buscar(nombres: Sequence[str], buscado: str) -> str | None:
    if buscado in nombres:
        return buscado
    wanted = _norm("NFC", buscado)
    return next((n for n in nombres if _norm("NFC", n) == wanted), None)


def _nfd(texto: str) -> str:
    return _norm("NFD", texto)


#: Exercise 3: (listing, name looked for) cases, with what each tests.
_CASOS_BUSCAR: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (tuple(_nfd(n) for n in ("Muñoz_2024.pdf", "Peña_2024.pdf")), "Muñoz_2024.pdf", "NFD"),
    (("Muñoz_2024.pdf", "Peña_2024.pdf"), _nfd("Peña_2024.pdf"), "NFC"),
    (("Muñoz_2024.pdf", "léeme.txt"), "léeme.txt", "igual"),
    ((_nfd("Muñoz_2024.pdf"),), "Ibáñez_2024.pdf", "ausente"),
    (("nota①.txt",), "nota1.txt", "nfkc"),
    (("Muñoz.txt",), "muñoz.txt", "mayúsculas"),
    ((_nfd("Peña.txt"), "Peña.txt"), "Peña.txt", "idéntico"),
    ((), "Peña.txt", "vacía"),
)


def _mostrar(texto: str) -> str:
    """How a check names a text: its NFD form spelled with escapes, so it can be told apart."""
    if unicodedata.is_normalized("NFC", texto):
        return repr(texto)
    return "'" + texto.encode("ascii", "backslashreplace").decode("ascii") + "'"


def _ej3(ns: Namespace) -> str:
    falta(ns, "buscar_archivo")
    buscar_archivo: Callable[[list[str], str], Any] = ns["buscar_archivo"]
    for nombres, buscado, kind in _CASOS_BUSCAR:
        listing = "[" + ", ".join(_mostrar(n) for n in nombres) + "]"
        call = f"buscar_archivo({listing}, {_mostrar(buscado)})"
        got = buscar_archivo(list(nombres), buscado)
        want = _buscar(nombres, buscado)
        if got == want and type(got) is type(want):
            continue
        if want is None:
            why = {
                "nfkc": "NFKC junta nombres que son archivos distintos (① no es 1)",
                "mayúsculas": "en Linux, Muñoz.txt y muñoz.txt son dos archivos distintos",
            }.get(kind, "ese nombre no está en la carpeta")
            raise Pista(f"{call} devolvió {got!r}, y debe devolver None: {why}")
        if got is None:
            raise Pista(
                f"{call} devolvió None, pero el archivo está: compara sus puntos de código con "
                "puntos() o chars()"
            )
        if got not in nombres:
            raise Pista(
                f"{call} devolvió {_mostrar(str(got))}, que no está en la lista: para abrir el "
                "archivo hace falta su nombre tal como está en la carpeta"
            )
        if buscado in nombres:
            raise Pista(
                f"{call} devolvió {_mostrar(str(got))}: hay un nombre idéntico al buscado, "
                "devuelve ese"
            )
        raise Pista(f"{call} devolvió {_mostrar(str(got))}, que no es el archivo buscado")
    return "se compara normalizado (NFC) y se abre con el nombre que de verdad está en la carpeta"


#: Exercise 4: pairs outside the data set that a good key must join, or keep apart.
_JUNTAR_EXTRA = (("Straße", "STRASSE"), ("  Ñandú ", _nfd("ñandú")))
_SEPARAR_EXTRA = (("año", "ano"), ("Piña 1 kg", "Pina 1 kg"))


def _por_que_distintos(a: str, b: str) -> str:
    """A hint on what still tells apart two names of the same product."""
    if _norm("NFC", a) == _norm("NFC", b):
        return (
            "son el mismo texto con distintos puntos de código: mira sus puntos de código con "
            "chars()"
        )
    if _norm("NFC", a).lower() == _norm("NFC", b).lower():
        return "difieren en mayúsculas"
    if _norm("NFC", a).casefold() == _norm("NFC", b).casefold():
        return "lower() no basta aquí: ¿qué método de str está hecho para comparar sin mayúsculas?"
    if _norm("NFKC", a).casefold() == _norm("NFKC", b).casefold():
        return (
            "difieren en caracteres de compatibilidad (dígitos de ancho completo, espacio duro): "
            "NFC no los cambia"
        )
    return "difieren en los espacios"


def _ej4(ns: Namespace) -> str:
    falta(ns, "clave_producto")
    clave_producto: Callable[[str], Any] = ns["clave_producto"]
    filas = productos()
    keys = {}
    for fila in filas:
        key = clave_producto(fila.nombre)
        if not isinstance(key, str):
            kind = type(key).__name__
            raise Pista(f"clave_producto debe devolver un str, y devolvió {kind}")
        keys[fila.nombre] = key
    # The Cyrillic А of one row is not a normalization problem: it may stay apart.
    latin = [f for f in filas if not any(categories.alias(c) == "CYRILLIC" for c in f.nombre)]
    for x in filas:
        for y in filas:
            if x.producto != y.producto and keys[x.nombre] == keys[y.nombre]:
                raise Pista(
                    f"la clave junta {_mostrar(x.nombre)} y {_mostrar(y.nombre)}, que son "
                    "productos distintos"
                )
    for x in latin:
        for y in latin:
            if x.producto == y.producto and keys[x.nombre] != keys[y.nombre]:
                why = _por_que_distintos(x.nombre, y.nombre)
                raise Pista(
                    f"{_mostrar(x.nombre)} y {_mostrar(y.nombre)} son el mismo producto y tienen "
                    f"claves distintas: {why}"
                )
    for a, b in _JUNTAR_EXTRA:
        if clave_producto(a) != clave_producto(b):
            why = _por_que_distintos(a, b)
            raise Pista(f"{_mostrar(a)} y {_mostrar(b)} deben tener la misma clave: {why}")
    for a, b in _SEPARAR_EXTRA:
        if clave_producto(a) == clave_producto(b):
            raise Pista(
                f"la clave junta {_mostrar(a)} y {_mostrar(b)}: quitar las tildes cambia la "
                "palabra en español"
            )
    return "NFKC iguala la compatibilidad, casefold las mayúsculas (también ß) y split los espacios"


revisar = revisor({1: _ej1, 2: _ej2, 3: _ej3, 4: _ej4})
