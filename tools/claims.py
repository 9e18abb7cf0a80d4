"""The lessons' hidden claims: what each Markdown cell asserts, cites and puts in bold.

nbval never reads Markdown, so a number typed into prose could silently go stale.
Authors put a hidden claim under the sentence::

    El carácter ñ ocupa **2 bytes** en UTF-8.
    <!-- assert: len("ñ".encode("utf-8")) == 2 -->

or, for a figure quoted from a published lesson, a citation of its entry in
``data/published/lNN.toml``::

    La clase publicada midió **894 ms**. <!-- cita: prefix.whole_ms -->

This module reads those comments; ``conftest.py`` evaluates the asserts in nbval's
own kernel, right where they stand, and ``tests/notebooks/test_claims.py`` applies
the rules below without running anything:

* an assert conjunct that only compares literals (``143 > 107``, ``len(b"a") == 1``)
  checks nothing, and is refused;
* every figure in bold is backed, in the same cell, by an assert that computes it from
  the kernel's state or by a cited published figure, compared **as a number**
  (``**150**`` is not backed by 1500, ``**8**`` not by ``utf-8``);
* every cited key exists.

>>> unbacked_figures("Ocupa **4 bytes**. <!-- assert: len(palabra.encode()) == 4 -->", "l06")
[]
>>> unbacked_figures("Son **150**. <!-- assert: total == 1500 -->", "l06")
['**150** (150)']
>>> literal_conjuncts('len(b"a") == 1 and len(palabra) == 3')
['len(b\\'a\\') == 1']
"""

from __future__ import annotations

import ast
import builtins
import codecs
import re
from collections.abc import Iterator
from typing import Any

from curso.published import cite

CLAIM = re.compile(r"<!--\s*assert:\s*(.*?)\s*-->", re.S)
CITATION = re.compile(r"<!--\s*cita:\s*(.*?)\s*-->", re.S)
COMMENT = re.compile(r"<!--.*?-->", re.S)
BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)

# A figure as prose writes it: U+00F1, 0x82, #3, 1,114,112, 15.6, 0.0002, 4.
_FIGURE = re.compile(
    r"U\+(?P<cp>[0-9A-Fa-f]{4,6})"
    r"|0x(?P<hex>[0-9A-Fa-f]+)"
    r"|(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
)
_BUILTINS = set(dir(builtins))


def claims(source: str) -> list[str]:
    """The ``<!-- assert: ... -->`` expressions of a Markdown cell, in order."""
    return CLAIM.findall(source)


def cited_keys(source: str) -> list[str]:
    """The keys named by the ``<!-- cita: ... -->`` comments of a Markdown cell."""
    return [k.strip() for c in CITATION.findall(source) for k in c.split(",") if k.strip()]


def lesson_of(name: str) -> str:
    """``06_deteccion.ipynb`` -> ``"l06"``: the published figures a notebook may cite."""
    return "l" + name.split("_", 1)[0]


# --- literal-only conjuncts -------------------------------------------------------------------


def _conjuncts(node: ast.expr) -> Iterator[ast.expr]:
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        for value in node.values:
            yield from _conjuncts(value)
    else:
        yield node


def _literal_only(node: ast.expr) -> bool:
    """True if ``node`` reads nothing from the kernel: builtins and ASCII literals only.

    A non-ASCII string (``"ñ".encode()``) counts as data: it is the example being
    measured, and what Python does with it is the fact.
    """
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute):
            return False
        if isinstance(n, ast.Name) and n.id not in _BUILTINS:
            return False
        if isinstance(n, ast.Constant) and isinstance(n.value, str | bytes):
            if not n.value.isascii():
                return False
    return True


def parse(expr: str) -> ast.expr:
    return ast.parse(expr.strip(), mode="eval").body


def literal_conjuncts(expr: str) -> list[str]:
    """The conjuncts of ``expr`` that compare only literals (each a defect)."""
    return [ast.unparse(c) for c in _conjuncts(parse(expr)) if _literal_only(c)]


# --- figures ----------------------------------------------------------------------------------


_STRIP = ".,;:()[]{}¿?¡!«»\"'`*×"


def _value(m: re.Match[str]) -> float:
    if m["cp"]:
        return int(m["cp"], 16)
    if m["hex"]:
        return int(m["hex"], 16)
    return float(m["num"].replace(",", ""))


def figure(token: str) -> float | None:
    """The number a whole token writes (``4``, ``1,114,112``, ``0x82``, ``U+00F1``, ``#3``).

    None for anything else, such as ``utf-8``, ``cp1252``, ``3.9.6`` or ``4094-4095``.
    """
    m = _FIGURE.fullmatch(token.strip(_STRIP).removeprefix("#"))
    return None if m is None else _value(m)


def figures_in(text: str) -> list[float]:
    """The figures written as whole words in ``text`` (``"180 de 200"``: 180 and 200)."""
    found = (figure(word) for word in text.split())
    return [f for f in found if f is not None]


def _constants(node: ast.expr) -> Iterator[Any]:
    for n in ast.walk(node):
        if isinstance(n, ast.Constant):
            yield n.value


def backing(expr: str) -> tuple[set[float], str]:
    """What one assert can back: the numbers in its computing conjuncts, and their text.

    A number backs a figure only if it stands in a conjunct that reads the kernel's
    state (a literal-only conjunct backs nothing): as a literal, inside a string
    literal (``"180 de 200"``), or as a byte in a bytes literal is not counted.
    """
    numbers: set[float] = set()
    texts: list[str] = []
    for conjunct in _conjuncts(parse(expr)):
        if _literal_only(conjunct):
            continue
        texts.append(ast.unparse(conjunct))
        for value in _constants(conjunct):
            if isinstance(value, bool):
                continue
            if isinstance(value, int | float):
                numbers.add(float(value))
            elif isinstance(value, str):
                numbers.update(figures_in(value))
    return numbers, " ".join(texts)


def _flatten(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _flatten(v)]
    if isinstance(value, list):
        return [x for v in value for x in _flatten(v)]
    return [value]


def cited(source: str, lesson: str) -> tuple[set[float], str]:
    """What the cell's citations back: the cited values (KeyError for a missing key)."""
    values = [x for key in cited_keys(source) for x in _flatten(cite(lesson, key))]
    numbers = {float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)}
    for v in values:
        if isinstance(v, str):
            numbers.update(figures_in(v))
    return numbers, " ".join(str(v) for v in values)


def _is_encoding_name(token: str) -> bool:
    """``UTF-8``, ``cp1252``, ``latin-1`` contain digits but are names, not figures."""
    if token.isdigit():
        return False
    try:
        codecs.lookup(token)
    except LookupError:
        return False
    return True


#: ``U+FFFD``: a figure, though it may have no decimal digit.
_CODE_POINT = re.compile(r"U\+[0-9A-Fa-f]{4,6}")
#: ``EF BB BF``: bytes written in hexadecimal, figures though they may have no decimal digit.
_HEX_BYTES = re.compile(r"[0-9A-F]{2}(?: [0-9A-F]{2})+")


def unbacked_figures(source: str, lesson: str) -> list[str]:
    """Bold figures of a Markdown cell that no computing assert or cited figure backs.

    A token that is a number (``4``, ``1,114,112``, ``15.7``, ``0x82``, ``U+00F1``,
    ``#3``) must equal a backing number; any other token with a digit (``3.9.6``,
    ``C3``) must appear in a backing assert's or citation's text, and so must a run of
    bytes in hexadecimal (``EF BB BF``), whole and in order.
    """
    numbers: set[float] = set()
    texts: list[str] = []
    for expr in claims(source):
        n, t = backing(expr)
        numbers |= n
        texts.append(t)
    n, t = cited(source, lesson)
    numbers |= n
    texts.append(t)
    text = " ".join(texts).lower()
    prose = COMMENT.sub("", source)
    missing = []
    for span in BOLD.findall(prose):
        run = span.strip(_STRIP)
        if _HEX_BYTES.fullmatch(run):  # bytes, even letters only: the whole run, in order
            if run.lower() not in text:
                missing.append(f"**{span}** ({run})")
            continue
        for raw in span.split():
            token = raw.strip(_STRIP)
            if _is_encoding_name(token) or not (
                any(ch.isdigit() for ch in token) or _CODE_POINT.fullmatch(token)
            ):
                continue  # words; a code point is a figure even without a decimal digit
            value = figure(token)
            if value is not None:
                if value not in numbers:
                    missing.append(f"**{span}** ({token})")
            elif token.lower() not in text:
                missing.append(f"**{span}** ({token})")
    return missing
