"""Declared web pages: codecbox's decode_html against w3lib's html_to_unicode.

.venv/bin/python benchmarks/declared_pages.py              # best of 11 passes over 378 pages
.venv/bin/python benchmarks/declared_pages.py --repeat 25

It builds 378 pages of about 5 KB from the repository's texts (the 23 languages of
``benchmarks/data/documents/`` and the four of ``data/corpus/*/heldout.txt``, two pages each
per kind), in each language's legacy encoding and in UTF-8, declared in four ways:

* **header**: ``Content-Type: text/html; charset=...``, no ``<meta>``;
* **meta, top**: ``<meta charset>`` right after ``<head>``, header ``text/html``;
* **meta, ~800 B in**: ``<meta http-equiv="Content-Type" content="...">`` after a title,
  two other ``<meta>``, links, a comment, a ``<script>`` and a ``<style>`` (some 700 to 1000
  bytes into the page, inside the prescan's 1024), header ``text/html``;
* **undeclared UTF-8**: no charset anywhere, header ``text/html``.

For each kind it prints pages per second for ``decode_html(body, content_type)`` and
``w3lib.encoding.html_to_unicode(content_type, body)``, the ratio (above 1: codecbox is
faster) and on how many pages the two texts are identical. A last table times the
``<meta>`` scans alone on the "~800 B in" and the undeclared pages:
``codecbox.sniffing.prescan`` (the HTML Standard's prescan) and
``w3lib.encoding.html_body_declared_encoding`` (a regular expression over 4 KB), and
``codecbox.sniffing.html_meta`` (the prescan, then the tokenizer's view of the page, which
decode_html also runs).

Timings depend on the machine and its load: compare the ratios, not the figures.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and this file would stand in
# for the standard library's ``html`` module, which codecbox imports.
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    del sys.path[0]

import argparse  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402

from w3lib.encoding import html_body_declared_encoding, html_to_unicode  # noqa: E402

from codecbox.decoding import decode_html  # noqa: E402
from codecbox.sniffing import html_meta, prescan  # noqa: E402

HERE = Path(__file__).resolve().parent
DOCUMENTS = HERE / "data" / "documents"
CORPUS = HERE.parent / "data" / "corpus"

#: language -> (the label a page declares, the Python codec that writes its bytes)
LEGACY: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("ru", "uk", "bg"), ("windows-1251", "cp1251")),
    **dict.fromkeys(("pl", "cs", "hu"), ("windows-1250", "cp1250")),
    **dict.fromkeys(("es", "fr", "de", "pt", "en"), ("windows-1252", "cp1252")),
    **dict.fromkeys(("lt", "lv"), ("windows-1257", "cp1257")),
    "el": ("windows-1253", "cp1253"),
    "tr": ("windows-1254", "cp1254"),
    "he": ("windows-1255", "cp1255"),
    "ar": ("windows-1256", "cp1256"),
    "vi": ("windows-1258", "cp1258"),
    "th": ("windows-874", "cp874"),
    "zh-hans": ("gbk", "gbk"),
    "zh-hant": ("big5", "big5"),
    "ja": ("shift_jis", "cp932"),
    "ko": ("euc-kr", "euc_kr"),
}
#: The data/corpus languages, and their legacy encodings when not the same as above.
CORPUS_LEGACY = {
    "en": LEGACY["en"],
    "es": LEGACY["es"],
    "ja": ("euc-jp", "euc_jp"),
    "ko": LEGACY["ko"],
}
KINDS = ("header", "meta, top", "meta, ~800 B in", "undeclared UTF-8")
PAGE_SIZE = 5000


@dataclass(frozen=True)
class Page:
    """One benchmark page: how it is declared, the HTTP header, its bytes."""

    kind: str
    name: str
    content_type: str
    body: bytes
    late_meta_at: int = -1  # where the "~800 B in" <meta> starts


def _encode(text: str, codec: str) -> bytes:
    # What a page in a legacy encoding does with a character it cannot store.
    return text.encode(codec, "xmlcharrefreplace")


def page(kind: str, lang: str, text: str, label: str, codec: str, shift: int) -> Page:
    """A ~5 KB page of ``text`` (its paragraphs rotated by ``shift``) in ``codec``."""
    paragraphs = [p.strip() for p in text.splitlines() if p.strip()]
    paragraphs = paragraphs[shift % len(paragraphs) :] + paragraphs[: shift % len(paragraphs)]
    title = paragraphs[0][:40]
    description = " ".join(paragraphs)[:80].replace('"', "'")
    top = f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n'
    if kind == "meta, top":
        top += f'<meta charset="{label}">\n'
    head = (
        f"<title>{title}</title>\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="description" content="{description}">\n'
        '<link rel="stylesheet" href="/static/css/site.css?v=20240611">\n'
        '<link rel="icon" type="image/png" href="/static/img/favicon-32.png" sizes="32x32">\n'
        "<!-- analytics: loaded after the content -->\n"
        "<script>window.dataLayer = window.dataLayer || [];"
        ' function gtag() { dataLayer.push(arguments); } gtag("js", new Date());</script>\n'
        "<style>body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 42em }"
        " .nav a { padding: 0 .5em }</style>\n"
    )
    late = ""
    if kind == "meta, ~800 B in":
        late = f'<meta http-equiv="Content-Type" content="text/html; charset={label}">\n'
    nav = '</head>\n<body>\n<nav class="nav"><a href="/">Inicio</a> <a href="/blog/">Blog</a>'
    nav += ' <a href="/about/">About</a></nav>\n<main>\n'
    start = _encode(top + head, codec)
    body = [start, _encode(late + nav, codec)]
    size = sum(map(len, body))
    i = 0
    while size < PAGE_SIZE - 30:
        chunk = _encode(f'<p class="text">{paragraphs[i % len(paragraphs)]}</p>\n', codec)
        body.append(chunk)
        size += len(chunk)
        i += 1
    body.append(b"</main>\n</body>\n</html>\n")
    content_type = f"text/html; charset={label}" if kind == "header" else "text/html"
    late_at = len(start) if late else -1
    return Page(kind, f"{lang} {label}", content_type, b"".join(body), late_at)


def pages() -> list[Page]:
    """The 378 pages: 27 texts x 2 rotations x (3 declared kinds x 2 encodings + undeclared)."""
    texts: list[tuple[str, str, tuple[str, str]]] = []
    for lang, legacy in LEGACY.items():
        texts.append((lang, (DOCUMENTS / f"{lang}.txt").read_text(encoding="utf-8"), legacy))
    for lang, legacy in CORPUS_LEGACY.items():
        raw = (CORPUS / lang / "heldout.txt").read_text(encoding="utf-8")
        texts.append((lang, raw[:6000], legacy))
    out = []
    for lang, text, (label, codec) in texts:
        for shift in (0, 3):
            for kind in KINDS[:3]:
                out.append(page(kind, lang, text, label, codec, shift))
                out.append(page(kind, lang, text, "utf-8", "utf-8", shift))
            out.append(page(KINDS[3], lang, text, "utf-8", "utf-8", shift))
    return out


def _codecbox(p: Page) -> str:
    return decode_html(p.body, p.content_type).text


def _w3lib(p: Page) -> str:
    return html_to_unicode(p.content_type, p.body)[1]


def rates(
    functions: Sequence[Callable[[Page], object]], items: Sequence[Page], repeat: int
) -> list[float]:
    """Pages per second of each function, from its fastest of ``repeat`` passes over
    ``items``; the passes alternate between the functions, so that a change in the
    machine's load affects them alike."""
    best = [float("inf")] * len(functions)
    for _ in range(repeat):
        for i, function in enumerate(functions):
            start = time.perf_counter()
            for item in items:
                function(item)
            best[i] = min(best[i], time.perf_counter() - start)
    return [len(items) / seconds for seconds in best]


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    line = "  ".join(f"{{:{'<' if i == 0 else '>'}{w}}}" for i, w in enumerate(widths))
    print(line.format(*header))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line.format(*row))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=11, help="passes; the fastest counts")
    args = parser.parse_args(argv)
    every = pages()
    late = [p for p in every if p.kind == KINDS[2]]
    sizes = [len(p.body) for p in every]
    offsets = [p.late_meta_at for p in late]
    print(
        f"{len(every)} pages of {min(sizes):,}-{max(sizes):,} bytes; the late <meta> starts at "
        f"byte {min(offsets)}-{max(offsets)}; best of {args.repeat} passes\n"
    )
    rows = []
    same_total = 0
    declared = "declared (first 3)"  # the pages that say their encoding: the target's measure
    for kind in (*KINDS, declared, "all"):
        if kind == "all":
            items = every
        elif kind == declared:
            items = [p for p in every if p.kind != KINDS[3]]
        else:
            items = [p for p in every if p.kind == kind]
        ours, theirs = rates((_codecbox, _w3lib), items, args.repeat)
        same = sum(_codecbox(p) == _w3lib(p) for p in items)
        same_total = same if kind == "all" else same_total
        rows.append(
            (
                kind,
                str(len(items)),
                f"{ours:,.0f}",
                f"{theirs:,.0f}",
                f"{ours / theirs:.2f}×",
                f"{same}/{len(items)}",
            )
        )
    _table(("pages", "n", "codecbox/s", "w3lib/s", "ratio", "same text"), rows)

    print("\nThe <meta> scans alone (µs per page):\n")
    scans: list[tuple[str, Callable[[Page], object]]] = [
        ("codecbox.sniffing.prescan", lambda p: prescan(p.body)),
        ("w3lib html_body_declared_encoding", lambda p: html_body_declared_encoding(p.body)),
        ("codecbox.sniffing.html_meta (prescan + parser)", lambda p: html_meta(p.body)),
    ]
    undeclared = [p for p in every if p.kind == KINDS[3]]
    speeds = [rates([f for _, f in scans], items, args.repeat) for items in (late, undeclared)]
    _table(
        ("scan", "meta, ~800 B in", "undeclared UTF-8"),
        [
            (name, f"{1e6 / a:.1f}", f"{1e6 / b:.1f}")
            for (name, _), a, b in zip(scans, *speeds, strict=True)
        ],
    )
    return 0 if same_total == len(every) else 1


if __name__ == "__main__":
    raise SystemExit(main())
