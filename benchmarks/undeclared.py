"""Undeclared, non-UTF-8 web pages: which detector reads them as a browser would?

.venv/bin/python benchmarks/undeclared.py              # both halves, every detector installed
.venv/bin/python benchmarks/undeclared.py --half a --only codecbox --repeat 5

The pages are built here, deterministically (fixed seeds), from the repository's own texts:
``benchmarks/data/documents/*.txt`` and ``data/corpus/*/`` (English, Spanish, Japanese,
Korean). Each is a realistic HTML page of a few KB (a doctype, a head with a ``<title>``,
a viewport ``<meta>``, a stylesheet and a script, navigation, an article of paragraphs
of the language's text, a footer) with **no charset declaration anywhere**, encoded in
one of ten legacy encodings and never valid UTF-8. 20 pages per encoding, 200 in all:

=============  =========================  ==============
encoding       languages                  top-level domain
=============  =========================  ==============
Shift_JIS      ja                         jp
EUC-JP         ja                         jp
EUC-KR         ko                         kr
GBK            zh-hans                    cn
Big5           zh-hant                    tw
windows-1251   ru, uk, bg                 ru, ua, bg
KOI8-R         ru, bg                     ru, bg
windows-1252   es, fr, de, pt, en         es, fr, de, pt, uk
windows-1250   pl, cs, hu                 pl, cz, hu
ISO-8859-7     el                         gr
=============  =========================  ==============

(Ukrainian is left out of KOI8-R: its і, ї, є, ґ are not in KOI8-R.) One page in four comes
from a generic domain (.com, .org, .net), which says nothing about the language.

Two sets, so that nothing is tuned on the pages it is measured on: **half a** uses the first
half of the sentences of every source text, **half b** (held out) the second half.

A page is *right* when ``decode_html(page, detector=...)`` gives back exactly the page's text
(the detector's answer mapped to the encoding a browser has, decoded by codecbox), which is
what a browser would show. Each detector sees what a browser sees: the bytes and, where it
takes one, the host name's top-level domain. Speed is pages per second of the detector call
alone (best and median of ``--repeat`` runs; the machine's load shows in the spread), but for
``codecbox decode_html``: the whole call, decoding included. codecbox's detector is asked as
``decode_html`` asks it, among the encodings browsers have (``web=True``); ``codecbox (all
pages)`` tries its default candidates, DOS and Mac pages included, as for a file.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

# Run as a script, this folder comes first on sys.path, where a module named like one of
# the standard library's would hide it from codecbox: leave it out.
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    sys.path.pop(0)

from codecbox.decoding import decode_html
from codecbox.detection import Guess, guess_chardet, guess_charset_normalizer, guess_codecbox
from codecbox.labels import Encoding, resolve
from codecbox.rules import Rule

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DOCUMENTS = HERE / "data" / "documents"
CORPUS = ROOT / "data" / "corpus"

#: WHATWG encoding -> the languages its pages are written in.
ENCODINGS: dict[str, tuple[str, ...]] = {
    "Shift_JIS": ("ja",),
    "EUC-JP": ("ja",),
    "EUC-KR": ("ko",),
    "GBK": ("zh-hans",),
    "Big5": ("zh-hant",),
    "windows-1251": ("ru", "uk", "bg"),
    "KOI8-R": ("ru", "bg"),
    "windows-1252": ("es", "fr", "de", "pt", "en"),
    "windows-1250": ("pl", "cs", "hu"),
    "ISO-8859-7": ("el",),
}
#: Language -> the top-level domain of its pages.
TLDS: dict[str, str] = {
    "ja": "jp",
    "ko": "kr",
    "zh-hans": "cn",
    "zh-hant": "tw",
    "ru": "ru",
    "uk": "ua",
    "bg": "bg",
    "es": "es",
    "fr": "fr",
    "de": "de",
    "pt": "pt",
    "en": "uk",
    "pl": "pl",
    "cs": "cz",
    "hu": "hu",
    "el": "gr",
}
GENERIC = ("com", "org", "net")
PAGES_PER_ENCODING = 20
CJK = frozenset({"ja", "ko", "zh-hans", "zh-hant"})
_SENTENCE = re.compile(r"(?<=[.!?;。！？])\s*(?=\S)")


@dataclass(frozen=True)
class Page:
    """One benchmark page: its text, the encoding that made its bytes, the bytes, the host."""

    name: str
    encoding: str
    lang: str
    text: str
    data: bytes
    host: str

    @property
    def tld(self) -> str:
        return self.host.rsplit(".", 1)[-1]


def _sources(lang: str) -> list[str]:
    texts = [(DOCUMENTS / f"{lang}.txt").read_text(encoding="utf-8")]
    if (CORPUS / lang).is_dir():
        texts += [
            (CORPUS / lang / f"{split}.txt").read_text(encoding="utf-8")
            for split in ("tuning", "heldout")
        ]
    return texts


@cache
def sentences(lang: str, half: str) -> tuple[str, ...]:
    """The sentences of half ``"a"`` (the first half of each source text) or ``"b"``."""
    out: list[str] = []
    for text in _sources(lang):
        found = [s.strip() for s in _SENTENCE.split(text.replace("\n", " ")) if s.strip()]
        middle = len(found) // 2
        out += found[:middle] if half == "a" else found[middle:]
    return tuple(out)


def _encodes(text: str, codec: str) -> bool:
    try:
        return text.encode(codec).decode(codec) == text
    except UnicodeError:
        return False


def _short(sentence: str, lang: str, rng: random.Random) -> str:
    """A few words of a sentence: a title, a link."""
    sentence = sentence.rstrip(".!?;。！？")
    if lang in CJK and lang != "ko":
        n = rng.randint(4, 12)
        return re.split(r"[、，,]", sentence)[0][:n]
    words = sentence.split()
    return " ".join(words[: rng.randint(2, 6)]).rstrip(",:、")


_STYLE = """\
  <style>
    body { margin: 0; font-family: system-ui, sans-serif; line-height: 1.6; color: #222; }
    .site-header { background: #f4f4f4; border-bottom: 1px solid #ddd; padding: 0.5rem 1rem; }
    .site-nav a { margin-right: 1rem; text-decoration: none; color: #0645ad; }
    article { max-width: 42rem; margin: 2rem auto; padding: 0 1rem; }
    .meta { font-size: 0.85rem; color: #666; }
    footer { font-size: 0.8rem; color: #777; text-align: center; padding: 2rem 0; }
  </style>
"""
_SCRIPT = """\
  <script>
    window.dataLayer = window.dataLayer || [];
    function gtag() { dataLayer.push(arguments); }
    gtag("js", new Date());
    gtag("config", "UA-%d-1", { anonymize_ip: true });
  </script>
"""


def page(encoding: str, i: int, half: str) -> Page:
    """Page ``i`` of ``encoding`` built from ``half``'s sentences (the same every time)."""
    rng = random.Random(f"undeclared/{half}/{encoding}/{i}")
    langs = ENCODINGS[encoding]
    lang = langs[i % len(langs)]
    codec = resolve(encoding, label=True).codec
    assert codec is not None
    pool = [s for s in sentences(lang, half) if _encodes(s, codec)]
    assert len(pool) >= 2, (encoding, lang, half)
    site = rng.choice(("news", "blog", "shop", "forum", "club", "portal", "home"))
    tld = rng.choice(GENERIC) if i % 4 == 3 else TLDS[lang]
    host = f"www.{site}{rng.randint(1, 99)}.{tld}"
    for _attempt in range(100):
        title = _short(rng.choice(pool), lang, rng)
        links = [_short(rng.choice(pool), lang, rng) for _ in range(rng.randint(3, 6))]
        paragraphs = [
            " ".join(rng.choice(pool) for _ in range(rng.randint(1, 4)))
            for _ in range(rng.randint(3, 8))
        ]
        parts = [
            "<!DOCTYPE html>\n",
            f'<html lang="{lang}">\n<head>\n',
            '  <meta name="viewport" content="width=device-width, initial-scale=1">\n',
            f"  <title>{title} | {site.capitalize()}</title>\n",
            f'  <link rel="stylesheet" href="/static/css/site.css?v={rng.randint(1, 999)}">\n',
            f'  <link rel="canonical" href="https://{host}/{site}/{i + 1000}.html">\n',
            _STYLE if rng.random() < 0.5 else "",
            _SCRIPT % rng.randint(10**7, 10**8) if rng.random() < 0.5 else "",
            "</head>\n<body>\n",
            '<header class="site-header">\n  <nav class="site-nav">\n',
            *(
                f'    <a href="/{site}/section-{k}.html" class="nav-link">{link}</a>\n'
                for k, link in enumerate(links)
            ),
            "  </nav>\n</header>\n",
            '<main id="content">\n<article class="post">\n',
            f"  <h1>{title}</h1>\n",
            f'  <p class="meta"><time datetime="2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}">'
            f"{rng.randint(1, 28)}/{rng.randint(1, 12)}/2024</time></p>\n",
            *(f"  <p>{p}</p>\n" for p in paragraphs),
            "</article>\n</main>\n",
            '<footer>\n  <p>&copy; 2024 <a href="/about.html">',
            f'{site}</a> &middot; <a href="/contact.html">contact</a></p>\n</footer>\n',
            '<script src="/static/js/app.min.js" defer></script>\n',
            "</body>\n</html>\n",
        ]
        text = "".join(parts)
        data = text.encode(codec)
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return Page(f"{half}/{encoding}/{i}", encoding, lang, text, data, host)
    raise AssertionError(f"no non-UTF-8 page for {encoding} {lang} {half}")


def pages(half: str, per_encoding: int = PAGES_PER_ENCODING) -> list[Page]:
    """Every page of one half, encoding by encoding."""
    return [page(enc, i, half) for enc in ENCODINGS for i in range(per_encoding)]


# --- the detectors ------------------------------------------------------------------------

Detect = Callable[[Page], Guess]


def _chardetng(with_tld: bool) -> Detect:
    from chardetng_py.detector import EncodingDetector

    def detect(p: Page) -> Guess:
        detector = EncodingDetector()
        detector.feed(p.data, last=True)
        tld = p.tld.encode() if with_tld else None
        name = detector.guess(tld=tld, allow_utf8=False)
        return Guess(resolve(name, label=True), "chardetng", Rule.DETECTED)

    return detect


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _unicode_dammit(p: Page) -> Guess:
    from bs4 import UnicodeDammit

    name = UnicodeDammit(p.data, is_html=True).original_encoding
    return Guess(None if name is None else resolve(str(name)), "bs4", Rule.DETECTED)


def _decode_html(p: Page) -> Guess:
    """The whole of ``decode_html(page)``, decoding included, its answer as a Guess."""
    decoded = decode_html(p.data)
    return Guess(decoded.encoding, "codecbox", decoded.rule)


def _chardet(p: Page) -> Guess:
    return guess_chardet(p.data, prefix=True)


def detectors() -> dict[str, Detect | None]:
    """name -> detector of a page (None when its package is not installed)."""
    chardetng = _installed("chardetng_py")
    return {
        "codecbox (TLD hint)": lambda p: guess_codecbox(p.data, prefix=True, hint=p.host, web=True),
        "codecbox (no hint)": lambda p: guess_codecbox(p.data, prefix=True, web=True),
        "codecbox (all pages)": lambda p: guess_codecbox(p.data, prefix=True),
        "codecbox decode_html": _decode_html,
        "chardetng (TLD)": _chardetng(True) if chardetng else None,
        "chardetng (no TLD)": _chardetng(False) if chardetng else None,
        "charset-normalizer": lambda p: guess_charset_normalizer(p.data, prefix=True),
        "chardet": (lambda p: guess_chardet(p.data, prefix=True))
        if _installed("chardet")
        else None,
        "bs4 UnicodeDammit": _unicode_dammit if _installed("bs4") else None,
    }


def right(p: Page, guess: Guess) -> bool:
    """Does ``decode_html`` with this answer give back the page's text?"""

    def fixed(
        data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
    ) -> Guess:
        return guess

    return decode_html(p.data, detector=fixed).text == p.text


def measure(
    detect: Detect,
    items: Sequence[Page],
    repeat: int,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[list[str], list[float]]:
    """The misses (page name -> answer) and pages/s of each run, timed by ``clock``."""
    speeds = []
    guesses: list[Guess] = []
    for _ in range(repeat):
        start = clock()
        guesses = [detect(p) for p in items]
        speeds.append(len(items) / (clock() - start))
    misses = [
        f"{p.name} ({p.lang}, .{p.tld}) -> {g.encoding}"
        for p, g in zip(items, guesses, strict=True)
        if not right(p, g)
    ]
    return misses, speeds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("a", "b"), action="append", help="default: both")
    parser.add_argument("--only", action="append", help="detectors whose name starts so")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per detector")
    parser.add_argument(
        "--cpu", action="store_true", help="CPU time (time.process_time), not wall time"
    )
    args = parser.parse_args(argv)
    clock = time.process_time if args.cpu else time.perf_counter
    halves = args.half or ["a", "b"]
    found = detectors()
    if args.only:
        found = {k: v for k, v in found.items() if any(k.startswith(o) for o in args.only)}
    for half in halves:
        items = pages(half)
        size = statistics.fmean(len(p.data) for p in items)
        print(f"\nhalf {half}: {len(items)} pages, {size:,.0f} bytes on average")
        print(f"| {'detector':<20} | right   | pages/s (best, median) |")
        print(f"|{'-' * 22}|---------|------------------------|")
        all_misses: dict[str, list[str]] = {}
        for name, detect in found.items():
            if detect is None:
                print(f"| {name:<20} | not installed |")
                continue
            misses, speeds = measure(detect, items, args.repeat, clock)
            ok = f"{len(items) - len(misses)}/{len(items)}"
            speed = f"{max(speeds):,.0f}, {statistics.median(speeds):,.0f}"
            print(f"| {name:<20} | {ok:<7} | {speed:<22} |")
            all_misses[name] = misses
        for name, misses in all_misses.items():
            if misses:
                print(f"  misses of {name}: " + "; ".join(misses))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
