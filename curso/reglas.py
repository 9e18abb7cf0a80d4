"""codecbox's results said in Spanish: the one vocabulary every lesson uses.

``codecbox`` reports in English (``"Shift_JIS (header)"``, ``"windows-1252 (declared)"``,
``"quarantine (sample too short: 5 bytes < 256)"``); the lessons show the same facts in the
course's language, always with the same words:

* :data:`REGLAS`: for each :class:`codecbox.Rule`, its short name (a table's cell,
  ``"Shift_JIS (cabecera)"``, see :func:`como`) and its causal phrase (a sentence,
  ``"windows-1252, porque se declaró"``, see :func:`describe`), both in one row;
* :func:`reason` (:data:`REASONS`): Python's and codecbox's reasons for a decode error or a
  quarantine;
* :func:`describe`: one line per import result (lessons 4 and 6).

A detector's answer is *adivinada* (lesson 6: detecting an encoding is guessing) and the
fallback is *por defecto*, in every lesson.

>>> from codecbox import decode_html, import_bytes
>>> como(decode_html(b"caf\\xe9", content_type="text/html; charset=windows-1252"))
'windows-1252 (cabecera)'
>>> describe(import_bytes("año".encode("cp1252"), declared="windows-1252"))
"windows-1252, porque se declaró · revisar: no · 'año'"
>>> describe(import_bytes(b"caf\\xe9", candidates=["cp1252"]))
'cuarentena: muestra demasiado corta (4 bytes < 256) · revisar: sí'
>>> try:
...     import_bytes(b"a\\xf1o", declared="utf-8")
... except UnicodeDecodeError as exc:
...     print(describe(exc))
error: el byte F1 (posición 1) no es UTF-8 válido: byte de continuación inválido
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from codecbox import DecodeError, Imported, Quarantined, Rule
from codecbox.rules import Decided

__all__ = ["REASONS", "REGLAS", "Regla", "como", "describe", "reason"]


class Regla(NamedTuple):
    """How the course says one :class:`codecbox.Rule`."""

    #: a few words, for a table's cell: ``"Shift_JIS (cabecera)"``
    nombre: str
    #: why the encoding was chosen, for a sentence: ``"Shift_JIS, por la cabecera HTTP"``
    motivo: str


#: Each rule's short name and causal phrase (``tests/course/test_reglas.py`` checks that
#: every member of :class:`codecbox.Rule` has both).
REGLAS: dict[Rule, Regla] = {
    Rule.BOM: Regla("BOM", "por el BOM"),
    Rule.HEADER: Regla("cabecera", "por la cabecera HTTP"),
    Rule.DECLARED: Regla("declarada", "porque se declaró"),
    Rule.XML: Regla("declaración XML", "por la declaración XML del archivo"),
    Rule.SOURCE: Regla("tabla de orígenes", "por la tabla de orígenes"),
    Rule.VALID_UTF8: Regla("UTF-8 válido", "porque es UTF-8 válido"),
    Rule.ESCAPES: Regla("secuencias de escape", "por sus secuencias de escape"),
    Rule.NUL_PATTERN: Regla("patrón de NUL", "por el patrón de sus bytes nulos"),
    Rule.MOSTLY_UTF8: Regla("casi UTF-8", "porque es UTF-8 salvo unos pocos bytes"),
    Rule.META: Regla("<meta>", "por la etiqueta <meta>"),
    Rule.META_PARSED: Regla(
        "<meta> al analizar", "por una etiqueta <meta> hallada al analizar la página"
    ),
    Rule.DETECTED: Regla("adivinada", "adivinada"),
    Rule.DEFAULT: Regla("por defecto", "por defecto"),
    Rule.BINARY: Regla("datos binarios", "porque son datos binarios, no texto"),
}


def como(decidido: Decided) -> str:
    """The encoding and the rule's short name, the Spanish form of codecbox's ``.how``.

    >>> from codecbox import decode_bytes
    >>> como(decode_bytes(b"\\xef\\xbb\\xbfhola"))
    'UTF-8 (BOM)'
    """
    return f"{decidido.encoding.name} ({REGLAS[decidido.rule].nombre})"


#: Python's and codecbox's reasons, in Spanish (anything else is shown as it is).
REASONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"invalid continuation byte"), "byte de continuación inválido"),
    (re.compile(r"invalid start byte"), "byte inicial inválido"),
    (re.compile(r"unexpected end of data"), "faltan bytes al final"),
    (re.compile(r"illegal multibyte sequence"), "secuencia de varios bytes ilegal"),
    (re.compile(r"incomplete multibyte sequence"), "secuencia de varios bytes incompleta"),
    (re.compile(r"character maps to <undefined>"), "el byte no es ningún carácter"),
    (re.compile(r"no candidate list: not guessing"), "sin lista de candidatos no adivina"),
    (
        re.compile(r"sample too short: (\d+) bytes < (\d+)"),
        r"muestra demasiado corta (\1 bytes < \2)",
    ),
    (re.compile(r"no candidate fits \((.*)\)"), r"no encaja ningún candidato (\1)"),
]


def reason(text: str) -> str:
    """A reason from Python or codecbox, in Spanish when the course knows it."""
    for pattern, spanish in REASONS:
        if pattern.fullmatch(text):
            return pattern.sub(spanish, text)
    return text


def _where(path: Path | None, folder: Path | None) -> str:
    if path is None:
        return ""
    if folder is not None:
        try:
            return str(Path(path).relative_to(folder))
        except ValueError:
            pass
    return str(path)


def describe(
    result: Imported | Quarantined | UnicodeDecodeError, folder: str | Path | None = None
) -> str:
    """One line: the encoding and why, whether a person should look, where the file is now
    (relative to ``folder``) and how the text starts."""
    base = None if folder is None else Path(folder)
    if isinstance(result, UnicodeDecodeError):
        bad = bytes(result.object[result.start : result.end]).hex(" ").upper()
        offset = result.offset if isinstance(result, DecodeError) else result.start
        one = result.end - result.start == 1
        what = (
            f"el byte {bad} (posición {offset}) no es"
            if one
            else (f"los bytes {bad} (posición {offset}) no son")
        )
        return f"error: {what} {result.encoding} válido: {reason(result.reason)}"
    parts = []
    if isinstance(result, Quarantined):
        parts.append(f"cuarentena: {reason(result.reason)}")
    else:
        parts.append(f"{result.encoding}, {REGLAS[result.rule].motivo}")
    parts.append(f"revisar: {'no' if result.confident else 'sí'}")
    where = _where(result.path, base)
    if where:
        parts.append(where)
    if isinstance(result, Imported):
        text = result.text if len(result.text) <= 20 else result.text[:20] + "…"
        parts.append(repr(text))
    return " · ".join(parts)
