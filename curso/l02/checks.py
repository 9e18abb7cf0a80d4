"""Lesson 2's self-checks: ``revisar(n)`` for each exercise (see :mod:`curso.checks`).

1. predict: how many characters each text's mojibake has, or None for Python's error;
2. fill in: ``diagnosticar(crudo)`` names what happened to some bytes;
3. bug hunt: ``reparar(texto)`` undoes mojibake without breaking clean text;
4. explore: questions answered with the workshop widget (the last one, on a line broken
   only in part, with its repair shown piece by piece).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from codecbox import fix_mojibake
from curso.checks import Namespace, Pista, SinResolver, falta, revisor
from curso.inspection import codepoint
from curso.l02.taller import leer_como, linea_leida
from curso.l02.trozos import trozos

__all__ = [
    "DIAGNOSTICOS",
    "MUESTRAS_DIAGNOSTICO",
    "PREGUNTAS_TALLER",
    "TEXTOS_PREDICCION",
    "TEXTO_TROZOS",
    "diagnostico",
    "largo_mojibake",
    "revisar",
]

# --- 1. predict ------------------------------------------------------------------------------

#: Exercise 1: the texts whose mojibake the student predicts.
TEXTOS_PREDICCION = ("mañana", "€", "ÁFRICA", "Ñandú")


def largo_mojibake(texto: str) -> int | None:
    """Characters of ``texto``'s UTF-8 read as Python's cp1252; None if Python refuses."""
    try:
        return len(texto.encode("utf-8").decode("cp1252"))
    except UnicodeDecodeError:
        return None


def _ej1(ns: Namespace) -> str:
    falta(ns, "prediccion_mojibake")
    got = ns["prediccion_mojibake"]
    n = len(TEXTOS_PREDICCION)
    if not isinstance(got, list | tuple) or len(got) != n:
        raise Pista(f"`prediccion_mojibake` debe ser una lista de {n} valores, uno por texto")
    for texto, guess in zip(TEXTOS_PREDICCION, got, strict=True):
        want = largo_mojibake(texto)
        if guess == want and type(guess) is type(want):
            continue
        if want is None:
            raise Pista(
                f"«{texto}»: busca sus bytes UTF-8 en la tabla de pares; "
                "¿alguno es de los que windows-1252 no define?"
            )
        if guess is None:
            raise Pista(f"«{texto}»: ninguno de sus bytes está entre los cinco sin definir")
        raise Pista(
            f"«{texto}»: cuenta los bytes UTF-8 de cada carácter; windows-1252 hace un "
            "carácter de cada byte"
        )
    return "windows-1252 hace un carácter de cada byte, salvo de los cinco que no define"


# --- 2. diagnose a hex dump ------------------------------------------------------------------

#: The four answers of ``diagnosticar``.
DIAGNOSTICOS = ("perdido", "otra", "mojibake", "utf-8")


def diagnostico(crudo: bytes) -> str:
    """The exercise's rules, in order: EF BF BD, not UTF-8, Ã/Â/â€ in the text, else UTF-8."""
    if b"\xef\xbf\xbd" in crudo:
        return "perdido"
    try:
        texto = crudo.decode("utf-8")
    except UnicodeDecodeError:
        return "otra"
    if any(marca in texto for marca in ("Ã", "Â", "â€")):
        return "mojibake"
    return "utf-8"


#: Exercise 2: the bytes ``diagnosticar`` is tried on.
MUESTRAS_DIAGNOSTICO: tuple[bytes, ...] = (
    "año".encode("utf-8"),
    "año".encode("cp1252"),
    "aÃ±o".encode("utf-8"),
    "aÃƒÂ±o".encode("utf-8"),
    "a\ufffdo".encode("utf-8"),
    b"hola",
    b"",
    "¿Qué?".encode("cp1252"),
    "Â¡OlÃ©!".encode("utf-8"),
    "â€œHola".encode("utf-8"),
    "文字".encode("utf-8"),
    "文字".encode("cp932"),
    "Ã\ufffdngel".encode("utf-8"),
)


def _ej2(ns: Namespace) -> str:
    falta(ns, "diagnosticar")
    diagnosticar: Callable[[bytes], Any] = ns["diagnosticar"]
    for crudo in MUESTRAS_DIAGNOSTICO:
        got = diagnosticar(crudo)
        shown = crudo.hex(" ").upper() or "(ningún byte)"
        if got not in DIAGNOSTICOS:
            options = ", ".join(repr(d) for d in DIAGNOSTICOS)
            raise Pista(f"con {shown} devolvió {got!r}: debe devolver uno de {options}")
        if got != diagnostico(crudo):
            raise Pista(
                f"con los bytes {shown} devolvió {got!r}. Aplica las reglas en orden: "
                "EF BF BD, luego si decodifica como UTF-8, luego Ã, Â o â€ en el texto"
            )
    return "EF BF BD es un U+FFFD guardado, y C3 83 o C2 delatan mojibake guardado como UTF-8"


# --- 3. repair without breaking --------------------------------------------------------------

_REPARACIONES = (
    ("aÃ±o", "año"),
    ("Â¿QuÃ©?", "¿Qué?"),
    ("â€œHola", "“Hola"),
    ("aÃƒÂ±o", "año"),
    ("año", "año"),
    ("hola", "hola"),
    ("", ""),
    ("Muñoz 文字", "Muñoz 文字"),
    ("Ã\ufffdngel", "Ã\ufffdngel"),
)


def _ej3(ns: Namespace) -> str:
    falta(ns, "reparar")
    reparar: Callable[[str], Any] = ns["reparar"]
    for texto, want in _REPARACIONES:
        call = f"reparar({texto!r})"
        try:
            got = reparar(texto)
        except UnicodeError as exc:
            raise Pista(
                f"{call} lanzó {type(exc).__name__}: si la vuelta atrás falla, el texto no "
                "era mojibake (o ya perdió bytes); devuélvelo como está"
            ) from None
        if got == want:
            continue
        if texto == want:
            raise Pista(
                f"{call} devolvió {got!r}: cambió un texto que no había que tocar. "
                '¿Usas errors="replace"?'
            )
        if isinstance(got, str) and got == texto.encode("cp1252").decode("utf-8"):
            raise Pista(f"{call} devolvió {got!r}: una vuelta atrás deshace una sola capa")
        raise Pista(f"{call} devolvió {got!r}, y debía devolver {want!r}")
    return "se deshace capa a capa mientras la vuelta atrás sea estricta, y se para al fallar"


# --- 4. the workshop -------------------------------------------------------------------------

#: Exercise 4, last question: the text typed in the workshop (only ``[año]`` travels wrongly).
TEXTO_TROZOS = "Precio: 5€ — [año]"


def _reparados(texto: str) -> str:
    """The pieces of the workshop's line (UTF-8 read as cp1252) that the repair changes, as
    the workshop's column «dónde» writes them."""
    linea = linea_leida(texto, "utf-8", "cp1252") or ""
    hechos = [t for t in trozos(fix_mojibake(linea)) if t.reparado]
    return ", ".join(f"texto[{t.inicio}:{t.fin}]" for t in hechos)


#: Exercise 4: the questions answered with the widget, and how to compute each answer.
PREGUNTAS_TALLER: dict[str, Callable[[], Any]] = {
    "letra_en_lugar_de_ñ": lambda: (leer_como("Muñoz", "cp1252", "cp1250") or "")[2],
    "reparar_arregla_1250": lambda: (
        fix_mojibake(leer_como("Muñoz", "cp1252", "cp1250") or "").text == "Muñoz"
    ),
    "repara_Ángel_leído_como_1252": lambda: (
        fix_mojibake(leer_como("Ángel", "utf-8", "cp1252") or "").text == "Ángel"
    ),
    "repara_Ángel_leído_como_latin1": lambda: (
        fix_mojibake(leer_como("Ángel", "utf-8", "latin-1") or "").text == "Ángel"
    ),
    "punto_de_código_en_shift_jis": lambda: codepoint(leer_como("～", "cp932", "shift_jis") or " "),
    "trozo_reparado": lambda: _reparados(TEXTO_TROZOS),
}

_PISTAS_TALLER = {
    "letra_en_lugar_de_ñ": "escribe Muñoz, «Escribir como» windows-1252, «Leer como» windows-1250",
    "reparar_arregla_1250": "con Muñoz leído como windows-1250, pulsa «Reparar»: ¿vuelve la ñ?",
    "repara_Ángel_leído_como_1252": "escribe Ángel como UTF-8, léelo como windows-1252 y repara",
    "repara_Ángel_leído_como_latin1": "ahora léelo como latin-1 y repara",
    "punto_de_código_en_shift_jis": (
        "escribe ～ como cp932, léelo como shift_jis y mira la línea de puntos de código; "
        'escríbelo como texto, por ejemplo "U+0041"'
    ),
    "trozo_reparado": (
        f"escribe {TEXTO_TROZOS} (con los corchetes), como UTF-8 leído como windows-1252, pulsa "
        "«Reparar» y copia la columna «dónde» de la fila reparada, como texto"
    ),
}


def _ej4(ns: Namespace) -> str:
    falta(ns, "respuestas_taller")
    answers = ns["respuestas_taller"]
    if not isinstance(answers, Mapping):
        raise Pista("`respuestas_taller` debe ser un diccionario, como el de la plantilla")
    empty = [k for k in PREGUNTAS_TALLER if answers.get(k, ...) is ...]
    if len(empty) == len(PREGUNTAS_TALLER):
        raise SinResolver("completa las respuestas de `respuestas_taller`")
    if empty:
        raise Pista(f"faltan respuestas: {', '.join(empty)}")
    wrong = []
    for key, answer in PREGUNTAS_TALLER.items():
        got, want = answers[key], answer()
        if isinstance(got, str) and isinstance(want, str) and key.startswith("punto"):
            got = got.strip().upper()
        if isinstance(got, str) and key == "trozo_reparado":
            got = got.replace(" ", "")
        if got != want or type(got) is not type(want):
            wrong.append(key)
    if wrong:
        others = f" (revisa también: {', '.join(wrong[1:])})" if wrong[1:] else ""
        raise Pista(f"{wrong[0]}: {_PISTAS_TALLER[wrong[0]]}{others}")
    return (
        "la reparación deshace, trozo a trozo, UTF-8 leído con una codificación de un byte "
        "equivocada, y no inventa los bytes perdidos"
    )


revisar = revisor({1: _ej1, 2: _ej2, 3: _ej3, 4: _ej4})
