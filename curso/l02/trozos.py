"""A repair shown piece by piece: which part of the line was repaired, how, and what was left.

``codecbox.fix_mojibake`` returns its :class:`codecbox.repair.Step` s in the order they were
taken, each on the text the steps before it left (so a later step's ``start``/``end`` count
characters of a shorter text). :func:`trozos` replays them and maps each one back onto the
line as it was given: the line cut into pieces, each left alone or repaired by a chain of
steps. :func:`por_trozos` shows them as a table, in Spanish.

>>> print(por_trozos("Precio: 5€ — aÃ±o"))
dónde         leído             queda        cómo
texto[0:14]   «Precio: 5€ — a»  (sin tocar)
texto[14:16]  «Ã±»              «ñ»          codificar como windows-1252, decodificar como UTF-8
texto[16:17]  «o»               (sin tocar)
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from codecbox import Repair, fix_mojibake
from codecbox.repair import SURROGATES, Step
from curso.render import Table, View, visible

__all__ = ["PorTrozos", "Trozo", "paso_en_español", "por_trozos", "trozos"]


def paso_en_español(paso: Step) -> str:
    """What one step does, in the course's words (without its span).

    >>> from codecbox.repair import Step
    >>> paso_en_español(Step("windows-1252", 3, 5))
    'codificar como windows-1252, decodificar como UTF-8'
    >>> paso_en_español(Step("windows-1252", nbsp=True))
    'codificar como windows-1252 (los espacios, como espacios duros), decodificar como UTF-8'
    """
    if paso.encoding == SURROGATES:
        return "unir los pares de sustitutos UTF-16"
    duros = " (los espacios, como espacios duros)" if paso.nbsp else ""
    return f"codificar como {paso.encoding}{duros}, decodificar como {paso.decoding}"


@dataclass(frozen=True)
class Trozo:
    """A piece of the line as given, ``original[inicio:fin]``, and what became of it.

    ``pasos`` is empty for a piece left alone; otherwise the steps that repaired it, in
    order, each with ``True`` when it covered only part of the piece.
    """

    inicio: int
    fin: int
    antes: str
    despues: str
    pasos: tuple[tuple[Step, bool], ...] = ()

    @property
    def reparado(self) -> bool:
        return bool(self.pasos)

    def como(self) -> str:
        """The chain of steps in Spanish ("" for a piece left alone)."""
        out: list[list[str | int]] = []  # [description, times]
        for paso, parcial in self.pasos:
            said = paso_en_español(paso) + (" (en una parte)" if parcial else "")
            if out and out[-1][0] == said:
                out[-1][1] = int(out[-1][1]) + 1
            else:
                out.append([said, 1])
        return "; luego ".join(f"{s}{f' ({n} veces)' if n != 1 else ''}" for s, n in out)


@dataclass
class _Pieza:
    inicio: int  # in the original
    fin: int
    texto: str  # what it is now
    pasos: tuple[tuple[Step, bool], ...]


def _partir(piezas: list[_Pieza], en: int) -> None:
    """Cut the piece left alone that ``en`` (a position in the current text) falls inside."""
    pos = 0
    for i, p in enumerate(piezas):
        if pos < en < pos + len(p.texto) and not p.pasos:
            k = en - pos
            piezas[i : i + 1] = [
                _Pieza(p.inicio, p.inicio + k, p.texto[:k], ()),
                _Pieza(p.inicio + k, p.fin, p.texto[k:], ()),
            ]
            return
        pos += len(p.texto)


def trozos(reparacion: Repair) -> tuple[Trozo, ...]:
    """The line ``reparacion.original`` cut into the pieces left alone and those repaired.

    Each step is replayed (strictly, as :func:`codecbox.repair.apply_steps` does) on the
    text the steps before it left; a piece is never cut inside a repair, so a step that
    covers part of an earlier repair joins it (and the steps of both make its chain).
    The pieces' ``antes`` join into the original, their ``despues`` into the repaired text.

    >>> hechos = trozos(fix_mojibake("5€ y aÃ±o"))
    >>> [(t.inicio, t.fin, t.antes, t.despues, t.reparado) for t in hechos]
    [(0, 6, '5€ y a', '5€ y a', False), (6, 8, 'Ã±', 'ñ', True), (8, 9, 'o', 'o', False)]
    """
    original = reparacion.original
    piezas = [_Pieza(0, len(original), original, ())] if original else []
    for paso in reparacion.steps:
        actual = "".join(p.texto for p in piezas)
        s, e = paso.start, len(actual) if paso.end is None else paso.end
        despues = paso.apply(actual)
        _partir(piezas, s)
        _partir(piezas, e)
        pos, dentro = 0, []
        for i, p in enumerate(piezas):
            if pos < e and pos + len(p.texto) > s:
                dentro.append((i, pos))
            pos += len(p.texto)
        if not dentro:  # an empty span: nothing of the line is in it
            continue
        (a, desde), (b, _) = dentro[0], dentro[-1]
        hasta = desde + sum(len(p.texto) for p in piezas[a : b + 1])
        juntas = piezas[a : b + 1]
        varias = len(juntas) > 1  # an earlier repair that is now part of a larger piece
        pasos = tuple((q, parcial or varias) for p in juntas for q, parcial in p.pasos)
        pasos += ((paso, desde < s or hasta > e),)
        texto = despues[desde : hasta + len(despues) - len(actual)]
        piezas[a : b + 1] = [_Pieza(juntas[0].inicio, juntas[-1].fin, texto, pasos)]
    out: list[Trozo] = []
    for p in piezas:
        if out and not p.pasos and not out[-1].pasos:  # two pieces left alone: one piece
            last = out.pop()
            out.append(Trozo(last.inicio, p.fin, last.antes + p.texto, last.despues + p.texto))
        else:
            out.append(Trozo(p.inicio, p.fin, original[p.inicio : p.fin], p.texto, p.pasos))
    return tuple(out)


@dataclass(frozen=True, repr=False)
class PorTrozos(View):
    """The pieces of a repaired line as a table: where, what was read, what it is now, how."""

    reparacion: Repair

    def tabla(self) -> Table:
        filas = []
        entera = len(self.trozos) == 1 and len(self.reparacion.original) > 0
        for t in self.trozos:
            donde = f"texto[{t.inicio}:{t.fin}]"
            if entera and t.reparado and all(p.end is None for p, _ in t.pasos):
                donde = "la línea entera"
            queda = f"«{visible(t.despues)}»" if t.reparado else "(sin tocar)"
            filas.append((donde, f"«{visible(t.antes)}»", queda, t.como()))
        notas: tuple[str, ...] = ()
        perdidos = self.reparacion.lost if self.reparacion.changed else 0
        if perdidos == 1:
            notas = ("«�»: 1 carácter cuyos bytes ya se habían perdido; sigue así.",)
        elif perdidos:
            notas = (f"«�»: {perdidos} caracteres cuyos bytes ya se habían perdido; siguen así.",)
        return Table(("dónde", "leído", "queda", "cómo"), tuple(filas), notes=notas, mono=True)

    @property
    def trozos(self) -> tuple[Trozo, ...]:
        return trozos(self.reparacion)

    def __str__(self) -> str:
        if not self.reparacion.original:
            return "(línea vacía)"
        return str(self.tabla())

    def _html(self) -> str:
        if not self.reparacion.original:
            return f"<p>{html.escape(str(self))}</p>"
        return self.tabla()._html()


def por_trozos(reparacion: Repair | str) -> PorTrozos:
    """Show a repair piece by piece (a text is repaired first with ``fix_mojibake``)."""
    if isinstance(reparacion, str):
        reparacion = fix_mojibake(reparacion)
    return PorTrozos(reparacion)
