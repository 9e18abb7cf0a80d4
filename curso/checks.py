"""Self-checks for the exercises: ✓, a hint that does not give the answer away, or «sin resolver».

Each lesson module defines one check per exercise and exposes ``revisar`` built with
:func:`revisor`; a notebook's check cell is then one line::

    revisar(2)

A check is a function of the notebook's namespace (the names the student defined). It
returns the ✓ message, or raises :class:`SinResolver` when the exercise has not been
attempted (a name is missing, a placeholder is left) or :class:`Pista` when the answer
is wrong, with a hint. ``revisar`` prints the outcome and never raises, so an unsolved
exercise does not stop *Run All*. For grading (nbgrader's hidden tests),
``revisar(n, estricto=True)`` raises ``AssertionError`` unless the answer is right, and
prints nothing when it is.

>>> def ej1(ns):
...     if "respuesta" not in ns:
...         raise SinResolver("define `respuesta`")
...     if ns["respuesta"] != 4:
...         raise Pista("cuenta los bytes, no las letras")
...     return "son 4 bytes"
>>> revisar = revisor({1: ej1})
>>> revisar(1, {})
… Ejercicio 1 sin resolver: define `respuesta`.
>>> revisar(1, {"respuesta": 3})
✗ Ejercicio 1: todavía no. Pista: cuenta los bytes, no las letras.
>>> revisar(1, {"respuesta": 4})
✓ Ejercicio 1: son 4 bytes.
>>> revisar(1, {"respuesta": 3}, estricto=True)
Traceback (most recent call last):
...
AssertionError: Ejercicio 1: cuenta los bytes, no las letras
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any, Protocol

__all__ = ["Pista", "SinResolver", "falta", "revisor"]

Namespace = Mapping[str, Any]
Check = Callable[[Namespace], str]


class SinResolver(Exception):
    """The exercise has not been attempted yet (the message says what is missing)."""


class Pista(Exception):
    """The answer is wrong; the message is a hint that does not give the answer away."""


def falta(ns: Namespace, *names: str) -> None:
    """Raise :class:`SinResolver` unless every name is defined (and not ``...``) in ``ns``."""
    missing = [n for n in names if ns.get(n, ...) is ...]
    if missing:
        shown = ", ".join(f"`{n}`" for n in missing)
        raise SinResolver(f"falta definir {shown}")


class Revisar(Protocol):
    def __call__(
        self, ejercicio: int, ns: Namespace | None = None, *, estricto: bool = False
    ) -> None: ...


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?", "»")) else text + "."


def revisor(checks: Mapping[int, Check]) -> Revisar:
    """The ``revisar(n)`` of a lesson, from its checks by exercise number."""

    def revisar(ejercicio: int, ns: Namespace | None = None, *, estricto: bool = False) -> None:
        if ejercicio not in checks:
            known = ", ".join(map(str, sorted(checks)))
            raise ValueError(f"no hay ejercicio {ejercicio} (hay: {known})")
        if ns is None:  # the notebook's names: the caller's globals
            ns = sys._getframe(1).f_globals
        name = f"Ejercicio {ejercicio}"
        try:
            done = checks[ejercicio](ns)
        except (SinResolver, Pista) as exc:
            if estricto:
                raise AssertionError(f"{name}: {exc}") from None
            if isinstance(exc, SinResolver):
                print(f"… {name} sin resolver: {_sentence(str(exc))}")
            else:
                print(f"✗ {name}: todavía no. Pista: {_sentence(str(exc))}")
            return
        except Exception as exc:  # the student's code raised: say so, do not stop the lesson
            if estricto:
                raise AssertionError(f"{name}: {type(exc).__name__}: {exc}") from exc
            print(f"✗ {name}: tu código lanzó {type(exc).__name__}: {exc}")
            return
        if not estricto:
            print(f"✓ {name}: {_sentence(done)}")

    return revisar
