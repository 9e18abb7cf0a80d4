"""How double-byte encodings work, counted with Python's codecs: lead and trail bytes.

CP932 (Shift_JIS as Windows writes it), EUC-JP and CP949 keep ASCII in one byte and
write each Japanese or Korean character with two: a *lead* byte that announces «a
two-byte character follows» and a *trail* byte that completes it. Of the 65,536
possible byte pairs, only some form a character; this module counts them, and finds
the lead and trail bytes, by asking the codec about every pair.

>>> valid_pairs("cp932")
9604
>>> ranges(lead_bytes("cp932")), ranges(trail_bytes("cp932"))
('81–84, 87–9F, E0–EA, ED–EE, F0–FC', '40–7E, 80–FC')
>>> print(table(["cp932"]))
codificación  pares que son un carácter  primer byte                        segundo byte
cp932         9,604 de 65,536            81–84, 87–9F, E0–EA, ED–EE, F0–FC  40–7E, 80–FC
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from curso.render import Table

__all__ = ["lead_bytes", "pairs", "ranges", "table", "trail_bytes", "valid_pairs"]


@functools.cache
def pairs(codec: str) -> tuple[tuple[int, int], ...]:
    """Every pair of bytes (of the 65,536) that ``codec`` decodes strictly to one character."""
    found = []
    for lead in range(256):
        for trail in range(256):
            try:
                text = bytes((lead, trail)).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                found.append((lead, trail))
    return tuple(found)


def valid_pairs(codec: str) -> int:
    """How many of the 65,536 byte pairs are one character in ``codec``."""
    return len(pairs(codec))


def lead_bytes(codec: str) -> frozenset[int]:
    """The bytes that begin some two-byte character."""
    return frozenset(lead for lead, _ in pairs(codec))


def trail_bytes(codec: str) -> frozenset[int]:
    """The bytes that end some two-byte character."""
    return frozenset(trail for _, trail in pairs(codec))


def ranges(values: Iterable[int]) -> str:
    """Byte values as hex ranges: ``{0x40, 0x41, 0x42, 0x80}`` -> ``"40–42, 80"``.

    >>> ranges([0x40, 0x41, 0x42, 0x80])
    '40–42, 80'
    >>> ranges([])
    '—'
    """
    out: list[str] = []
    run: list[int] = []
    for value in sorted(set(values)):
        if run and value != run[-1] + 1:
            out.append(_run(run))
            run = []
        run.append(value)
    if run:
        out.append(_run(run))
    return ", ".join(out) or "—"


def _run(run: list[int]) -> str:
    return f"{run[0]:02X}" if len(run) == 1 else f"{run[0]:02X}–{run[-1]:02X}"


def table(codecs: Sequence[str]) -> Table:
    """Per codec: the pairs that are a character, and the lead and trail bytes, as ranges."""
    header = ("codificación", "pares que son un carácter", "primer byte", "segundo byte")
    rows = tuple(
        (
            codec,
            f"{valid_pairs(codec):,} de {256 * 256:,}",
            ranges(lead_bytes(codec)),
            ranges(trail_bytes(codec)),
        )
        for codec in codecs
    )
    return Table(header, rows, row_headers=True)
