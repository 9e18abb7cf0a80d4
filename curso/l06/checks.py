"""The self-checks of lesson 6's exercises: ``revisar(n)`` says ✓, gives a hint, or waits.

Each check reads the names the exercise asks the student to define and recomputes the
right answer itself (from the same samples and files the lesson uses), so it stays right
if a library version changes a count. Hints say where to look, not what to write.

1. explore a widget: ``respuestas_explorador``, what the accuracy explorer shows;
2. a small experiment: ``lista_osaka``, ``aciertos_por_defecto``, ``aciertos_osaka``;
3. open the black box: ``mi_puntuacion`` (the published v2's ``char_score`` with one rule
   changed) and ``aciertos_variante``, what it gets right on the held-out split; the check
   says whether it was measured there and reports the figure, not whether it improved;
4. find the bug: ``contar_letra_bien(ruta, enc, letra)``;
5. predict the output: ``llamadas_vacias``;
6. the capstone: ``tabla``, the supplier's bundle (:mod:`curso.l06.entrega`) as one clean table.

>>> revisar(5, {})
… Ejercicio 5 sin resolver: falta definir `llamadas_vacias`.
>>> revisar(5, {"llamadas_vacias": "cinco"})
✗ Ejercicio 5: todavía no. Pista: escribe un número entero: cuántas de las llamadas devuelven ''.
"""

from __future__ import annotations

import codecs
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from functools import lru_cache
from typing import Any

from codecbox import resolve
from curso.checks import Namespace, Pista, SinResolver, falta, revisor
from curso.l06 import accuracy, entrega, explorer, listing, samples
from curso.l06.detectors import DEFAULT_CANDIDATES, guess_v2

__all__ = ["EXPLORER_QUESTIONS", "FRASE", "OSAKA_CASES", "VARIANT_LENGTH", "revisar"]

# --- 1: the explorer ------------------------------------------------------------------------

KO = ("ko", "cp949")
EN = ("en", "cp1252")
EUC = ("ja", "euc_jp")
CP949_FIRST = explorer.ORDERS[1]


def _first_perfect(case: tuple[str, str], column: str, order: Sequence[str]) -> int | None:
    """The first length at which ``column`` gets every sample right."""
    for length in accuracy.LENGTHS:
        if explorer.counts(case, length, order)[column] == accuracy.N:
            return length
    return None


def _most_guessed(case: tuple[str, str], length: int, column: str) -> str | None:
    found: dict[str | None, int] = {}
    for _, guess in explorer.misses(case, length, column):
        found[guess] = found.get(guess, 0) + 1
    return max(found, key=lambda g: found[g]) if found else None


def _worst_length(case: tuple[str, str], column: str) -> int:
    by_length = {n: explorer.counts(case, n)[column] for n in accuracy.LENGTHS}
    return min(by_length, key=lambda n: by_length[n])


#: key -> (how to find the answer in the explorer, the hint when it is wrong)
EXPLORER_QUESTIONS: dict[str, tuple[Callable[[], Any], str]] = {
    "coreano_v2": (
        lambda: _first_perfect(KO, "stdlib v2", DEFAULT_CANDIDATES),
        "elige «Coreano, CP949» con el primer orden y ve subiendo la longitud hasta que la fila "
        "de stdlib v2 diga 200 de 200",
    ),
    "coreano_v2_cp949_primero": (
        lambda: _first_perfect(KO, "stdlib v2", CP949_FIRST),
        "lo mismo que en «coreano_v2», pero con el orden que pone cp949 primero",
    ),
    "ingles_charset_normalizer": (
        lambda: _most_guessed(EN, 4, accuracy.CN_LIST),
        "con «Inglés, Windows-1252» y 4 caracteres, mira la columna «apuestas en los fallos» "
        "de charset-normalizer (con lista): ¿qué codificación aparece más veces?",
    ),
    "eucjp_chardet_peor": (
        lambda: _worst_length(EUC, accuracy.CHARDET_LIST),
        "con «Japonés, EUC-JP» y el primer orden, anota los aciertos de chardet (con lista) en "
        "cada longitud: ¿dónde son menos? (más texto no siempre es mejor)",
    ),
}


def _codec(name: object) -> str | None:
    """The encoding a name means (its codecbox name: "cp932" and "Shift_JIS" are one)."""
    if not isinstance(name, str):
        return None
    for label in (True, False):
        try:
            return resolve(name, label=label).name
        except (LookupError, ValueError):
            continue
    return None


def _same(given: object, right: object) -> bool:
    if isinstance(right, str):
        return _codec(given) is not None and _codec(given) == _codec(right)
    return isinstance(given, int) and not isinstance(given, bool) and given == right


def ej1(ns: Namespace) -> str:
    falta(ns, "respuestas_explorador")
    given = ns["respuestas_explorador"]
    if not isinstance(given, dict):
        raise Pista("`respuestas_explorador` tiene que ser un diccionario con las cuatro claves")
    missing = [k for k in EXPLORER_QUESTIONS if given.get(k, ...) is ...]
    if len(missing) == len(EXPLORER_QUESTIONS):
        raise SinResolver("completa las cuatro respuestas de `respuestas_explorador`")
    if missing:
        raise Pista("te falta responder " + ", ".join(f"«{k}»" for k in missing))
    for key, (answer, hint) in EXPLORER_QUESTIONS.items():
        if not _same(given[key], answer()):
            raise Pista(f"revisa «{key}»: {hint}")
    return (
        "el orden decide los empates de v2 (en coreano, con cp949 primero acierta todo ya con "
        "4 caracteres); charset-normalizer (con lista) lee el inglés corto como japonés; y "
        "chardet (con lista) acierta menos con 8 caracteres de EUC-JP que con 4"
    )


# --- 2: a candidate list for a supplier ---------------------------------------------------

OSAKA_CASES = (("ja", "cp932"), ("ja", "euc_jp"))


def _osaka_samples() -> list[accuracy.Sample]:
    return [m for case in OSAKA_CASES for m in accuracy.samples(*case, 4)]


def _right(muestras: list[accuracy.Sample], candidates: Sequence[str] | None) -> int:
    return sum(accuracy.is_correct(m, guess_v2(m.data, candidates)) for m in muestras)


def ej2(ns: Namespace) -> str:
    falta(ns, "lista_osaka", "aciertos_por_defecto", "aciertos_osaka")
    lista = ns["lista_osaka"]
    if isinstance(lista, str) or not isinstance(lista, Sequence):
        raise Pista('`lista_osaka` es una lista de nombres, por ejemplo ["cp1252", "cp949"]')
    if not lista or not all(isinstance(x, str) for x in lista):
        raise Pista("`lista_osaka` tiene que tener al menos un nombre de codificación (texto)")
    unknown = [x for x in lista if _codec(x) is None]
    if unknown:
        raise Pista(f"{unknown[0]!r} no es una codificación que Python conozca")
    muestras = _osaka_samples()
    por_defecto = _right(muestras, None)
    if ns["aciertos_por_defecto"] != por_defecto:
        raise Pista(
            "recuenta con la lista por defecto (`guess_v2(m.data)`, sin segundo argumento), "
            f"sobre las {len(muestras)} muestras: las de CP932 y las de EUC-JP juntas"
        )
    osaka = _right(muestras, list(lista))
    if ns["aciertos_osaka"] != osaka:
        raise Pista(
            "`aciertos_osaka` no coincide con lo que acierta `guess_v2` con `lista_osaka`: "
            "¿pasaste la lista como segundo argumento?"
        )
    if osaka < len(muestras):
        codecs_ = {_codec(x) for x in lista}
        if not {"Shift_JIS", "EUC-JP"} <= codecs_:
            raise Pista(
                "falta una de las dos codificaciones que manda el proveedor, o está la familia "
                "en lugar de la variante (recuerda la trampa 3)"
            )
        raise Pista(
            f"todavía fallan {len(muestras) - osaka}: ¿qué candidatas de tu lista no "
            "necesita este proveedor?"
        )
    shown = ", ".join(lista)
    return (
        f"con {shown}, v2 acierta {osaka} de {len(muestras)}, frente a {por_defecto} con la "
        "lista por defecto: quitar las regiones de las que nunca recibes datos elimina los "
        "fallos del japonés corto"
    )


# --- 3: change a rule of v2, measure on the held-out split ----------------------------------

#: The exercise measures on the samples of this length (all five legacy cases, 200 each).
VARIANT_LENGTH = 4


@lru_cache(maxsize=2)
def variant_samples(split: str) -> tuple[accuracy.Sample, ...]:
    """The 1,000 samples of 4 characters of one corpus split (200 per legacy case)."""
    return tuple(
        m for case in accuracy.CASES for m in accuracy.samples(*case, VARIANT_LENGTH, split=split)
    )


@lru_cache(maxsize=2)
def _reading_chars(split: str) -> frozenset[str]:
    """Every character of every candidate's reading of the split's samples."""
    found: set[str] = set()
    for m in variant_samples(split):
        for codec in listing.CANDIDATES:
            try:
                found.update(m.data.decode(codec))
            except UnicodeDecodeError:
                continue
    return frozenset(found)


def variant_right(split: str, score: Callable[[str], float] = listing.char_score) -> int:
    """How many samples of ``split`` the published v2 gets right with ``score``."""
    return sum(
        accuracy.is_correct(m, listing.guess(m.data, score=score)) for m in variant_samples(split)
    )


def ej3(ns: Namespace) -> str:
    falta(ns, "mi_puntuacion", "aciertos_variante")
    score = ns["mi_puntuacion"]
    if not callable(score):
        raise Pista(
            "`mi_puntuacion` tiene que ser una función de un carácter: def mi_puntuacion(ch)"
        )
    given = ns["aciertos_variante"]
    if not isinstance(given, int) or isinstance(given, bool):
        raise Pista("`aciertos_variante` es un número entero: cuántas muestras acierta tu variante")
    chars = _reading_chars("heldout") | _reading_chars("tuning")
    if all(score(c) == listing.char_score(c) for c in chars):
        raise Pista(
            "`mi_puntuacion` da los mismos puntos que `char_score` a todos los caracteres de las "
            "muestras: cambia una regla (un rango, unos puntos) y vuelve a medir"
        )
    held = variant_right("heldout", score)
    total = len(variant_samples("heldout"))
    if given != held:
        if given == variant_right("tuning", score):
            raise Pista(
                'esa cifra es la de la parte de ajuste (`split="tuning"`), la que se puede mirar '
                "al diseñar: mide tu variante en la parte reservada, que la regla no vio"
            )
        if given == variant_right("heldout"):
            raise Pista(
                "esa cifra es la de v2 sin cambios: ¿pasaste `score=mi_puntuacion` a `guess`?"
            )
        raise Pista(
            f"recuenta: las {total:,} muestras de {VARIANT_LENGTH} caracteres de la parte "
            "reservada (200 por caso), con `listing.guess(m.data, score=mi_puntuacion)`"
        )
    v2 = variant_right("heldout")
    tuned, v2_tuned = variant_right("tuning", score), variant_right("tuning")
    return (
        f"tu variante acierta {held:,} de {total:,} muestras reservadas; v2, {v2:,}. "
        f"En la parte de ajuste, {tuned:,} frente a {v2_tuned:,}: la cifra que cuenta es la "
        "reservada, mejore o no"
    )


# --- 4: the lost letters --------------------------------------------------------------------


def _chunked_count(path, encoding: str, letter: str, size: int = samples.CHUNK) -> int:
    """``contar_letra`` from the lesson, the buggy one: each chunk decoded on its own."""
    total = 0
    with open(path, "rb") as f:
        while chunk := f.read(size):
            total += chunk.decode(encoding, errors="replace").count(letter)
    return total


def ej4(ns: Namespace) -> str:
    falta(ns, "contar_letra_bien")
    contar = ns["contar_letra_bien"]
    if not callable(contar):
        raise Pista("`contar_letra_bien` tiene que ser una función: def contar_letra_bien(...)")
    cases = [
        (samples.build("japanese_1mb_utf8.txt"), "utf-8", "の"),
        (samples.build("japanese_1mb_cp932.txt"), "cp932", "テ"),
    ]
    for path, encoding, letter in cases:
        right = path.read_bytes().decode(encoding).count(letter)
        got = contar(path, encoding, letter)
        if got == right:
            continue
        if got == _chunked_count(path, encoding, letter):
            raise Pista(
                "da lo mismo que `contar_letra`: cada bloque se sigue decodificando por su "
                "cuenta. ¿Cómo puede un bloque guardar los bytes de un carácter sin terminar "
                "para el bloque siguiente?"
            )
        raise Pista(
            f"con el archivo {encoding} y la letra {letter} cuentas {got!r}; cuenta lo mismo "
            "sobre el archivo entero leído de una vez y compara"
        )
    right = cases[0][0].read_bytes().decode("utf-8").count("の")
    return (
        f"cuentas {right:,} の, como en el archivo entero: los bytes de una の partida entre "
        "dos bloques esperan al bloque siguiente"
    )


# --- 5: predict the output ------------------------------------------------------------------

FRASE = "¿Año nuevo? ¡Señor Muñoz!"


def _empty_calls(text: str) -> int:
    decoder = codecs.getincrementaldecoder("utf-8")()
    return [decoder.decode(bytes([b])) for b in text.encode("utf-8")].count("")


def ej5(ns: Namespace) -> str:
    falta(ns, "llamadas_vacias")
    given = ns["llamadas_vacias"]
    if not isinstance(given, int) or isinstance(given, bool):
        raise Pista("escribe un número entero: cuántas de las llamadas devuelven ''")
    right = _empty_calls(FRASE)
    two_bytes = [c for c in FRASE if len(c.encode("utf-8")) == 2]
    if given == right:
        shown = ", ".join(two_bytes)
        return (
            f"{right} llamadas devuelven '': las del primer byte de {shown}. El decodificador "
            "guarda ese byte hasta que llega el segundo, así que hasta un bloque de 1 byte "
            "es seguro"
        )
    if given == 0:
        raise Pista(
            "cuando llega el primer byte de `ñ` (C3), ¿puede el decodificador devolver ya la `ñ`?"
        )
    if given == 2 * right:
        raise Pista("en un carácter de 2 bytes solo espera la llamada del primer byte")
    if given > 2 * right:
        raise Pista(
            "los bytes ASCII salen en la misma llamada en que llegan; solo esperan los "
            "caracteres de más de un byte"
        )
    raise Pista("cuenta los caracteres de la frase que ocupan más de un byte en UTF-8")


# --- 6: the capstone, the supplier's bundle as one clean table ------------------------------

KEYS = ("archivo", "codigo", "producto", "precio")


def _rows(tabla: object) -> list[Mapping[str, Any]]:
    if isinstance(tabla, (str, bytes, Mapping)) or not isinstance(tabla, Sequence):
        raise Pista("`tabla` es una lista con un diccionario por fila")
    if not all(isinstance(fila, Mapping) for fila in tabla):
        raise Pista("cada elemento de `tabla` es un diccionario (una fila)")
    for fila in tabla:
        if any(isinstance(k, str) and k.startswith("\ufeff") for k in fila):
            raise Pista(
                "una clave empieza con un carácter invisible, U+FEFF: ¿cómo se lee un archivo que "
                "trae BOM? (clase 4)"
            )
        if set(fila) != set(KEYS):
            shown = ", ".join(KEYS)
            raise Pista(
                f"cada fila tiene exactamente estas claves: {shown} (tienes {sorted(fila)})"
            )
    return list(tabla)


def ej6(ns: Namespace) -> str:
    falta(ns, "tabla")
    filas = _rows(ns["tabla"])
    expected = entrega.expected()
    names = {f.name for f in entrega.FILES}
    for fila in filas:
        nombre = fila["archivo"]
        if nombre in names:
            continue
        if isinstance(nombre, str) and unicodedata.normalize("NFC", nombre) in names:
            raise Pista(
                f"el nombre {nombre!r} se ve igual que uno de la entrega pero no es igual: "
                "¿en qué forma escribe los nombres un zip hecho en una Mac? (clase 3)"
            )
        raise Pista(f"{nombre!r} no es el nombre de ningún archivo de la entrega")
    by_key = {(f["archivo"], f["codigo"]): f for f in filas}
    if len(by_key) != len(filas):
        raise Pista("hay filas repetidas (el mismo archivo y el mismo código dos veces)")
    for file in entrega.FILES:
        theirs = [f for f in filas if f["archivo"] == file.name]
        if not theirs:
            raise Pista(f"faltan las filas de «{file.name}»: ¿lo leíste? ¿qué decidió import_file?")
        if len(theirs) != len(file.rows):
            raise Pista(f"«{file.name}» tiene otro número de filas: ¿leíste la cabecera como fila?")
    for want in expected:
        got = by_key.get((want["archivo"], want["codigo"]))
        where = f"la fila {want['codigo']} de «{want['archivo']}»"
        if got is None:
            raise Pista(f"no encuentro {where}: ¿leíste bien la columna codigo?")
        producto = got["producto"]
        if producto != want["producto"]:
            file = next(f for f in entrega.FILES if f.name == want["archivo"])
            if any(producto == entrega.damage(str(want["producto"]), k) for k in (1, 2, 3)):
                raise Pista(
                    f"el producto de {where} sigue con mojibake: UTF-8 leído como windows-1252 "
                    "antes de llegar a ti, una vez o más (clase 2)"
                )
            if file.encoding not in ("utf-8-sig", "utf-16"):
                raise Pista(
                    f"el producto de {where} no es el que se escribió: ¿con qué codificación "
                    "escribe ese sistema, según el proveedor?"
                )
            raise Pista(f"el producto de {where} no es el que se escribió")
        precio = got["precio"]
        if not isinstance(precio, Decimal):
            raise Pista(f"el precio de {where} es {type(precio).__name__}: usa Decimal (clase 4)")
        if precio != want["precio"]:
            raise Pista(
                f"el precio de {where} no es el del archivo: ¿qué separador decimal y qué "
                "separador de miles usa la región de ese archivo?"
            )
    fixed = sum(1 for f in entrega.FILES for row in f.rows if row[3])
    return (
        f"{len(expected)} filas de {len(entrega.FILES)} archivos en 4 codificaciones, con los "
        f"nombres en NFC, {fixed} productos reparados y cada precio con el separador de su "
        "región: una tabla limpia"
    )


revisar = revisor({1: ej1, 2: ej2, 3: ej3, 4: ej4, 5: ej5, 6: ej6})
