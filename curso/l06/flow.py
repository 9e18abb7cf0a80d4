"""Lesson 6's import flow, said in Spanish: what :func:`codecbox.import_file` decided, and why.

``codecbox`` reports in English (``"windows-1252 (declared)"``, ``"quarantine (sample
too short: 5 bytes < 256)"``); the lesson shows the same facts in the course's language.

>>> from codecbox import import_bytes
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
import shutil
from collections.abc import Mapping
from pathlib import Path

from codecbox import DecodeError, Imported, Quarantined, Rule

__all__ = ["REASONS", "RULES", "describe", "reason", "write_files"]

#: Why an encoding was chosen, by rule.
RULES: dict[Rule, str] = {
    Rule.DECLARED: "porque se declaró",
    Rule.BOM: "por el BOM",
    Rule.VALID_UTF8: "porque es UTF-8 válido",
    Rule.SOURCE: "por la tabla de orígenes",
    Rule.DETECTED: "adivinada",
    Rule.HEADER: "por la cabecera HTTP",
    Rule.META: "por la etiqueta <meta>",
    Rule.META_PARSED: "por una etiqueta <meta> hallada al analizar la página",
    Rule.DEFAULT: "por omisión",
}

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
    """A reason from Python or codecbox, in Spanish when the lesson knows it."""
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
        parts.append(f"{result.encoding}, {RULES.get(result.rule, str(result.rule))}")
    parts.append(f"revisar: {'no' if result.confident else 'sí'}")
    where = _where(result.path, base)
    if where:
        parts.append(where)
    if isinstance(result, Imported):
        text = result.text if len(result.text) <= 20 else result.text[:20] + "…"
        parts.append(repr(text))
    return " · ".join(parts)


def write_files(folder: str | Path, files: Mapping[str, bytes]) -> None:
    """Empty ``folder`` and write ``files`` (name -> bytes) into it.

    The lesson's import cell calls it first, so the cell can run again: ``import_file``
    moves the files that need review into a quarantine folder, and a second run must
    start from the same files.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     (Path(tmp) / "viejo").mkdir()
    ...     write_files(tmp, {"a.txt": b"hola"})
    ...     sorted(p.name for p in Path(tmp).iterdir())
    ['a.txt']
    """
    base = Path(folder)
    base.mkdir(parents=True, exist_ok=True)
    for entry in base.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    for name, data in files.items():
        (base / name).write_bytes(data)
