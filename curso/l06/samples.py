"""The sample files of lesson 6, built from the course's own corpus.

Their figures are reproduced by construction, not confirmed independently.

The published lesson measured files we do not have. Its figures that depend
only on how characters fall on 4,096-byte chunk edges or on a 64 KiB cut can be
reproduced exactly with any text, provided the characters land where they
landed there. So each file here is the course corpus (``data/corpus/``) cycled
line by line, with a few ASCII spaces at the end of some lines: the *recipe*
(``data/samples/recipes.json``) says how many. :func:`search_recipes` found the
recipes by local search, aiming at the published figures
(``data/published/l06.toml``, ``[chunks]`` and ``[prefix]``); :func:`build` only
applies them, in well under a second, into a cache folder (``CODECBOX_CACHE`` or
``data/cache/``).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from codecbox.streaming import write_atomic
from curso.l06.detectors import guess_v2
from curso.paths import cache_dir, data_dir, paragraphs
from curso.published import cite

__all__ = [
    "CHUNK",
    "ChunkFigures",
    "build",
    "chunk_figures",
    "prefix_guesses",
    "published_cuts",
    "search_recipes",
]

#: The block size of the published chunk bug, and the three prefixes it cut (the published
#: lesson's, from data/published/l06.toml).
CHUNK: int = cite("l06", "chunks.chunk")
CUTS: tuple[int, ...] = tuple(cite("l06", "prefix.cuts"))
MB = 1_000_000
MIB = 1024 * 1024

#: name -> (corpus language, encoding, size in bytes)
FILES: dict[str, tuple[str, str, int]] = {
    "japanese_1mb_utf8.txt": ("ja", "utf-8", MB),
    "big_cp949_utf8.txt": ("ko", "utf-8", 10 * MIB),
    "big_cp932.txt": ("ja", "cp932", 10 * MIB),
    "big_cp949.txt": ("ko", "cp949", 10 * MIB),
}


def published_cuts() -> dict[str, tuple[str | None, ...]]:
    """What the published lesson's v2 answered on each cut of each file ("None": no answer)."""
    cited = cite("l06", "prefix")
    return {
        name: tuple(None if g == "None" else str(g) for g in cited[name.removesuffix(".txt")])
        for name in ("big_cp949_utf8.txt", "big_cp932.txt", "big_cp949.txt")
    }


def _text(lang: str, pads: list[int], start: int = 0) -> str:
    lines = paragraphs(lang)
    n = len(lines)
    return "".join(lines[(start + i) % n] + " " * pad + "\n" for i, pad in enumerate(pads))


def _fit(data: bytes, encoding: str, size: int) -> bytes:
    """Cut to ``size`` bytes on a character edge, then fill the rest with spaces."""
    text = data[:size].decode(encoding, errors="ignore")  # drops only a cut last character
    out = text.encode(encoding)
    return out + b" " * (size - len(out))


def _recipes() -> dict:
    return json.loads((data_dir() / "samples" / "recipes.json").read_text(encoding="utf-8"))


def _pads(recipe: dict) -> list[int]:
    pads = [0] * recipe["lines"]
    for index, pad in recipe["pads"].items():
        pads[int(index)] = pad
    return pads


def _content(name: str, recipe: dict) -> bytes:
    lang, encoding, size = FILES[name]
    text = _text(lang, _pads(recipe), recipe.get("start", 0))
    return _fit(text.encode(encoding), encoding, size)


def build(name: str) -> Path:
    """The path of a sample file, built into the cache on first use.

    ``"japanese_1mb_cp932.txt"`` is the same text as ``"japanese_1mb_utf8.txt"``.
    """
    path = cache_dir() / name
    if path.exists():
        return path
    recipes = _recipes()
    if name == "japanese_1mb_cp932.txt":
        text = build("japanese_1mb_utf8.txt").read_bytes().decode("utf-8")
        write_atomic(path, text.encode("cp932"))
    else:
        write_atomic(path, _content(name, recipes[name]))
    return path


# --- what the lesson measures ---------------------------------------------------------------


@dataclass(frozen=True)
class ChunkFigures:
    """Decoding 4,096-byte chunks one by one (the bug), measured."""

    encoding: str
    first_error_chunk: int | None  # the first chunk that fails in strict mode (from 0)
    first_error: str | None  # Python's message for it
    replacements: int  # U+FFFD with errors="replace"
    extra_chars: int  # output length minus the real text's length
    halfwidth: int  # half-width katakana (U+FF61-U+FF9F) the real text does not have


def chunk_figures(data: bytes, encoding: str, chunk: int = CHUNK) -> ChunkFigures:
    """Run the chunk bug strictly and with replacement, and count the damage."""
    pieces = [data[i : i + chunk] for i in range(0, len(data), chunk)]
    first_error_chunk, first_error = None, None
    for number, piece in enumerate(pieces):
        try:
            piece.decode(encoding)
        except UnicodeDecodeError as exc:
            first_error_chunk, first_error = number, str(exc)
            break
    out = "".join(piece.decode(encoding, errors="replace") for piece in pieces)
    real = data.decode(encoding)

    def halfwidth(s: str) -> int:
        return sum(0xFF61 <= ord(c) <= 0xFF9F for c in s)

    return ChunkFigures(
        encoding,
        first_error_chunk,
        first_error,
        out.count("\ufffd") - real.count("\ufffd"),
        len(out) - len(real),
        halfwidth(out) - halfwidth(real),
    )


def prefix_guesses(data: bytes, cuts=CUTS, prefix: bool = False) -> tuple[str | None, ...]:
    """v2's answer on each cut of ``data`` (strict, or as a prefix with ``prefix=True``)."""
    found = (guess_v2(data[:cut], prefix=prefix).encoding for cut in cuts)
    return tuple(None if enc is None else enc.codec for enc in found)


# --- finding the recipes (run once by authors: python -m curso.l06.samples) ------------


def _fails(data: bytes, encoding: str) -> bool:
    try:
        data.decode(encoding)
    except UnicodeDecodeError:
        return True
    return False


class _Layout:
    """Corpus lines plus trailing spaces, encoded, with per-chunk damage kept up to date.

    Moving one space from a line to a neighbour keeps the file's length and
    changes only the bytes between the two lines, so a search step re-measures
    two or three chunks instead of the whole file.
    """

    def __init__(self, lines: list[str], pads: list[int], encodings: tuple[str, ...]):
        self.lines, self.pads, self.encodings = lines, pads, encodings
        self.buf: dict[str, bytearray] = {}
        self.ends: dict[str, list[int]] = {}
        self.damage: dict[str, list[tuple[int, int, int]]] = {}
        for enc in encodings:
            self.buf[enc] = bytearray()
            self.ends[enc] = [0]
            for i in range(len(lines)):
                self.buf[enc] += self.line(i).encode(enc)
                self.ends[enc].append(len(self.buf[enc]))
            chunks = range((len(self.buf[enc]) + CHUNK - 1) // CHUNK)
            self.damage[enc] = [self._chunk(enc, k) for k in chunks]

    def line(self, i: int) -> str:
        return self.lines[i] + " " * self.pads[i] + "\n"

    def _chunk(self, enc: str, k: int) -> tuple[int, int, int]:
        out = bytes(self.buf[enc][k * CHUNK : (k + 1) * CHUNK]).decode(enc, errors="replace")
        return out.count("\ufffd"), len(out), sum(0xFF61 <= ord(c) <= 0xFF9F for c in out)

    def move(self, i: int, j: int, d: int) -> None:
        self.pads[i] += d
        self.pads[j] -= d
        for enc in self.encodings:
            ends = self.ends[enc]
            for x in range(i, j):
                ends[x + 1] = ends[x] + len(self.line(x).encode(enc))
            a, b = ends[i], ends[j + 1]
            self.buf[enc][a:b] = "".join(self.line(x) for x in range(i, j + 1)).encode(enc)
            for k in range(a // CHUNK, (b - 1) // CHUNK + 1):
                self.damage[enc][k] = self._chunk(enc, k)

    def totals(self, enc: str) -> tuple[int, int, int]:
        rows = self.damage[enc]
        return sum(r[0] for r in rows), sum(r[1] for r in rows), sum(r[2] for r in rows)


def _lines_for(lang: str, encoding: str, size: int, start: int = 0) -> tuple[list[str], int]:
    """Corpus lines that fit in ``size`` bytes with 2,000 to spare; the bytes left for spaces."""
    corpus = paragraphs(lang)
    lines, total = [], 0
    while True:
        line = corpus[(start + len(lines)) % len(corpus)]
        n = len((line + "\n").encode(encoding))
        if total + n > size - 2000:
            return lines, size - total
        lines.append(line)
        total += n


def _hill_climb(layout: _Layout, score: Callable[[], int], rng, lo: int, hi: int, steps: int):
    best = score()
    for _ in range(steps):
        if best == 0:
            break
        i = rng.randrange(lo, hi - 1)
        j = min(hi - 1, i + 1 + rng.randrange(2))
        d = rng.choice((1, -1))
        if layout.pads[i] + d < 0 or layout.pads[j] - d < 0:
            continue
        layout.move(i, j, d)
        new = score()
        if new <= best or rng.random() < 0.002:  # now and then a step back, to leave a dead end
            best = new
        else:
            layout.move(i, j, -d)
    return best


def _search_japanese(rng: random.Random) -> dict:
    """Spaces that put the chunk edges of the 1 MB Japanese file where the lesson's fell."""
    options = []  # (first corpus line, line with a テ, spaces needed before it)
    for start in range(len(paragraphs("ja"))):
        lines, spare = _lines_for("ja", "utf-8", MB, start)
        offsets = [0]  # CP932 offset of each line with no spaces added
        for line in lines[:200]:
            offsets.append(offsets[-1] + len((line + "\n").encode("cp932")))
        # Each テ (83 65 in CP932) early in the text that spaces could push onto byte 16,383.
        options += [
            (start, n, need)
            for n in range(1, 200)
            if offsets[n] < 4 * CHUNK
            for at in re.finditer("テ", lines[n])
            if 0
            <= (need := 4 * CHUNK - 1 - offsets[n] - len(lines[n][: at.start()].encode("cp932")))
            <= min(spare, 3 * n)
        ]
    for _ in range(5000):
        start, n, need = rng.choice(options)
        lines, spare = _lines_for("ja", "utf-8", MB, start)
        pads = [0] * len(lines)
        for _ in range(need):
            pads[rng.randrange(n)] += 1
        head = "".join(lines[i] + " " * pads[i] + "\n" for i in range(n + 1))
        u, c = head.encode("utf-8"), head.encode("cp932")
        if (
            not _fails(u[:CHUNK], "utf-8")
            and not _fails(u[CHUNK : 2 * CHUNK - 2], "utf-8")
            and u[2 * CHUNK - 2] & 0xF0 == 0xE0
            and not any(_fails(c[k * CHUNK : (k + 1) * CHUNK], "cp932") for k in range(3))
            and c[4 * CHUNK - 1 : 4 * CHUNK + 1] == b"\x83\x65"
        ):
            break
    else:
        raise RuntimeError("japanese_1mb: no start found")
    for _ in range(spare - need):  # the rest of the spaces: the UTF-8 file is exactly 1 MB
        pads[n + 1 + rng.randrange(len(lines) - n - 1)] += 1
    layout = _Layout(lines, pads, ("utf-8", "cp932"))
    target = cite("l06", "chunks")
    chars = sum(len(layout.line(i)) for i in range(len(lines)))

    def distance() -> int:
        uf, _, _ = layout.totals("utf-8")
        cf, clen, chw = layout.totals("cp932")
        extra = clen - chars
        # U+FFFD beyond the extra characters come from rare cuts (a trail byte that is also a
        # lead byte, then no valid trail): weight that difference so the walk keeps one.
        return (
            abs(uf - target["utf8_replacements"])
            + 4 * abs(cf - extra - 1)
            + abs(extra - target["cp932_extra_chars"])
            + abs(chw - target["cp932_halfwidth_katakana"])
        )

    left = _hill_climb(layout, distance, rng, n + 1, len(lines), 100000)
    if left:
        raise RuntimeError(f"japanese_1mb: no recipe found (distance {left})")
    pads = {str(i): p for i, p in enumerate(layout.pads) if p}
    return {"lines": len(lines), "start": start, "pads": pads}


def _search_cuts(name: str, rng: random.Random) -> dict:
    """Spaces just before 64 KiB so that the three cuts fall as the lesson's did."""
    lang, encoding, size = FILES[name]
    lines, _ = _lines_for(lang, encoding, size)
    lines.append(lines[len(lines) % len(paragraphs(lang))])  # one more: _fit cuts it
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len((line + "\n").encode(encoding)))
    last = next(i for i, end in enumerate(offsets) if end > max(CUTS)) - 1
    expected = published_cuts()[name]
    for _ in range(2000):
        pads = [0] * len(lines)
        for _ in range(rng.randrange(1, 40)):
            pads[last - rng.randrange(8)] += 1
        head = "".join(lines[i] + " " * pads[i] + "\n" for i in range(last + 3))
        data = head.encode(encoding)[: max(CUTS) + 8]
        cut_mid = tuple(_fails(data[:cut], encoding) for cut in CUTS)
        if cut_mid == tuple(e != encoding.replace("-", "") and e != encoding for e in expected):
            if prefix_guesses(data) == expected:
                return {"lines": len(lines), "pads": {str(i): p for i, p in enumerate(pads) if p}}
    raise RuntimeError(f"{name}: no recipe found")


def search_recipes(seed: int = 2026) -> dict:
    """Find every recipe again (a few seconds). Authors run this when the corpus changes."""
    rng = random.Random(seed)
    recipes = {name: _search_cuts(name, rng) for name in published_cuts()}
    for attempt in range(10):  # a walk can get stuck one step away: start again elsewhere
        try:
            recipes["japanese_1mb_utf8.txt"] = _search_japanese(rng)
            break
        except RuntimeError as exc:
            print(f"attempt {attempt}: {exc}")
    return recipes


if __name__ == "__main__":
    found = search_recipes()
    path = data_dir() / "samples" / "recipes.json"
    path.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {path}")
