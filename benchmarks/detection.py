"""How often is each detector right? Held-out snippets and whole documents in ~30 encodings.

.venv/bin/python benchmarks/detection.py            # full run (a few minutes)
.venv/bin/python benchmarks/detection.py --quick    # 40 snippets per cell, fewer documents

A guess is right iff decoding the bytes with it gives back exactly the text (lesson 6's
rule, :func:`curso.l06.accuracy.is_correct`). Three tables, each with and without a
candidate list:

* snippets: random held-out substrings of 4, 8, 16, 64 and 256 characters of the course
  corpus (``data/corpus/*/heldout.txt``, :func:`curso.l06.accuracy.samples`): Spanish and
  English in windows-1252, Japanese in cp932 and EUC-JP, Korean in cp949 (200 each, 5,000
  legacy snippets), plus the same four languages in UTF-8 (4,000). The candidate list is
  lesson 6's (cp1252, cp932, euc_jp, cp949).
* documents: the texts of ``benchmarks/data/documents/`` (whole, and each paragraph alone)
  in every encoding their script is written in, plus the encoded files of CPython's
  ``Lib/test/cjkencodings`` (``benchmarks/data/cjkencodings/``). The candidate list of a
  document is every encoding the benchmark uses for its language, plus windows-1252.
* speed: the mean time per call over every call above, and the time of one call on a
  100 KB and on a 10 MB input (the same text repeated): a detector that reads only a
  prefix takes the same time for both.

Detectors: chardet, charset-normalizer, chardetng (no candidate list: it has none), lesson
6's v2 (``curso.l06.detectors.guess_v2``; without a list it tries its own four), codecbox's
``stdlib`` and ``codecbox`` (the default of ``decode_bytes``; it uses no optional package).
A detector whose package is missing is skipped and says so.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from codecbox import detection
from codecbox.detection import Guess
from curso.l06 import accuracy
from curso.l06.detectors import DEFAULT_CANDIDATES, guess_v2

HERE = Path(__file__).resolve().parent
DOCUMENTS = HERE / "data" / "documents"
CJK = HERE / "data" / "cjkencodings"

#: The encodings each language of ``data/documents`` is benchmarked in (Python codec names).
ENCODINGS: dict[str, tuple[str, ...]] = {
    "ru": ("cp1251", "koi8_r", "iso8859_5", "cp866", "mac_cyrillic"),
    "uk": ("cp1251", "koi8_u", "mac_cyrillic"),
    "bg": ("cp1251", "iso8859_5", "cp866"),
    "el": ("cp1253", "iso8859_7"),
    "pl": ("cp1250", "iso8859_2"),
    "cs": ("cp1250", "iso8859_2"),
    "hu": ("cp1250", "iso8859_2"),
    "ar": ("cp1256", "iso8859_6"),
    "he": ("cp1255", "iso8859_8"),
    "th": ("cp874",),
    "tr": ("cp1254",),
    "lt": ("cp1257",),
    "lv": ("cp1257",),
    "vi": ("cp1258",),
    "zh-hans": ("gb18030", "gbk"),
    "zh-hant": ("big5",),
    "ja": ("cp932", "euc_jp", "iso2022_jp"),
    "ko": ("cp949",),
    "es": ("cp1252", "iso8859_15", "mac_roman"),
    "fr": ("cp1252", "iso8859_15", "mac_roman"),
    "de": ("cp1252", "iso8859_15", "mac_roman"),
    "pt": ("cp1252", "iso8859_15"),
    "en": ("cp1252", "mac_roman"),
}
#: cjkencodings file stem -> Python codec.
CJK_CODECS: dict[str, str] = {
    "big5": "big5",
    "big5hkscs": "big5hkscs",
    "cp949": "cp949",
    "euc_jisx0213": "euc_jisx0213",
    "euc_jp": "euc_jp",
    "euc_kr": "euc_kr",
    "gb18030": "gb18030",
    "gb2312": "gb2312",
    "gbk": "gbk",
    "hz": "hz",
    "iso2022_jp": "iso2022_jp",
    "iso2022_kr": "iso2022_kr",
    "johab": "johab",
    "shift_jis": "shift_jis",
    "shift_jisx0213": "shift_jisx0213",
}
#: The language family of each cjkencodings file, for its candidate list.
CJK_LANG = {
    "big5": "zh-hant",
    "big5hkscs": "zh-hant",
    "cp949": "ko",
    "euc_kr": "ko",
    "iso2022_kr": "ko",
    "johab": "ko",
    "gb18030": "zh-hans",
    "gb2312": "zh-hans",
    "gbk": "zh-hans",
    "hz": "zh-hans",
}

Call = Callable[[bytes], Guess]


@dataclass(frozen=True)
class Item:
    """One benchmark input: its text, the codec that made its bytes, the bytes."""

    name: str
    text: str
    codec: str
    data: bytes
    candidates: tuple[str, ...]
    group: str = ""


def legacy_form(text: str, codec: str) -> str:
    """``text`` as ``codec`` stores it: windows-1258 spells most Vietnamese letters as a
    base letter plus a combining tone mark, so compose only what the code page has."""
    if codec != "cp1258":
        return text
    clusters: list[list[str]] = []
    for ch in unicodedata.normalize("NFD", text):
        if clusters and unicodedata.combining(ch):
            clusters[-1].append(ch)
        else:
            clusters.append([ch])
    out = []
    for base, *marks in clusters:
        rest = []
        for mark in marks:  # the circumflex, breve and horn letters are precomposed
            joined = unicodedata.normalize("NFC", base + mark)
            if len(joined) == 1 and _encodes(joined, codec):
                base = joined
            else:
                rest.append(mark)
        out.append(base + "".join(rest))
    return "".join(out)


def _encodes(text: str, codec: str) -> bool:
    try:
        text.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


def documents(quick: bool = False) -> list[Item]:
    """Every benchmark document (whole texts, their paragraphs, cjkencodings)."""
    items: list[Item] = []
    for lang, codecs_ in ENCODINGS.items():
        raw = (DOCUMENTS / f"{lang}.txt").read_text(encoding="utf-8")
        pieces = [("whole", raw)]
        if not quick:
            paras = [p for p in raw.split("\n\n") if p.strip()]
            pieces += [(f"§{i + 1}", p + "\n") for i, p in enumerate(paras)]
        candidates = tuple(dict.fromkeys((*codecs_, "cp1252")))
        for codec in codecs_:
            for part, text in pieces:
                text = legacy_form(text, codec)
                data = text.encode(codec)
                assert data.decode(codec) == text, (lang, codec, part)
                items.append(
                    Item(f"{lang} {part}", text, codec, data, candidates, f"{lang} {codec}")
                )
    for stem, codec in CJK_CODECS.items():
        text = (CJK / f"{stem}-utf8.txt").read_bytes().decode("utf-8")
        data = (CJK / f"{stem}.txt").read_bytes()
        if data.decode(codec) != text:
            continue  # not a round trip: nothing could be right
        lang = CJK_LANG.get(stem, "ja")
        candidates = tuple(dict.fromkeys((codec, *ENCODINGS[lang], "cp1252")))
        items.append(Item(f"cjkencodings {stem}", text, codec, data, candidates, f"cjk {stem}"))
    return items


def snippets(n: int) -> list[Item]:
    """Held-out snippets: the five legacy cases and UTF-8, five lengths, ``n`` each."""
    items = []
    for lang, enc in (*accuracy.CASES, *accuracy.UTF8_CASES):
        for length in accuracy.LENGTHS:
            for s in accuracy.samples(lang, enc, length, n=n):
                items.append(
                    Item(
                        f"{lang} {enc} {length}",
                        s.text,
                        enc,
                        s.data,
                        DEFAULT_CANDIDATES,
                        f"{lang} {enc} {length:>3}",
                    )
                )
    return items


def right(item: Item, guess: Guess) -> bool:
    if guess.encoding is None or guess.encoding.codec is None:
        return False
    try:
        return item.data.decode(guess.encoding.codec) == item.text
    except (UnicodeDecodeError, LookupError):
        return False


# --- the detectors ------------------------------------------------------------------------


def _available(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def detectors() -> dict[str, tuple[Callable[..., Guess] | None, str]]:
    """name -> (detector taking (data, candidates), note); None when not installed."""
    found: dict[str, tuple[Callable[..., Guess] | None, str]] = {}
    found["chardet"] = (
        detection.guess_chardet if _available("chardet") else None,
        "chardet " + _version("chardet"),
    )
    found["charset-normalizer"] = (
        detection.guess_charset_normalizer,
        "charset-normalizer " + _version("charset_normalizer"),
    )
    found["chardetng"] = (
        guess_chardetng if _available("chardetng_py") else None,
        "chardetng-py " + _version("chardetng_py") + " (pip install chardetng-py)",
    )
    found["v2"] = (guess_v2, "lesson 6's v2")
    found["stdlib"] = (detection.guess_stdlib, "codecbox stdlib")
    found["codecbox"] = (detection.guess_codecbox, "the default of decode_bytes")
    return found


def _version(module: str) -> str:
    try:
        from importlib.metadata import version

        name = {"chardetng_py": "chardetng-py", "charset_normalizer": "charset-normalizer"}
        return version(name.get(module, module))
    except Exception:
        return "(not installed)"


NO_LIST_ONLY = {"chardetng"}


def guess_chardetng(
    data: bytes, candidates: Sequence[str] | None = None, *, prefix: bool = False
) -> Guess:
    """Firefox's detector (chardetng-py), fed at most a 64 KiB prefix, as a browser does:
    UTF-8 allowed, no top-level domain. It takes no candidate list."""
    from chardetng_py.detector import EncodingDetector

    from codecbox.labels import resolve
    from codecbox.rules import Rule

    detector = EncodingDetector()
    head = data[: detection.MAX_BYTES]
    detector.feed(head, last=not prefix and len(head) == len(data))
    name = detector.guess(tld=None, allow_utf8=True)
    enc = resolve(name, label=True)
    rule = Rule.VALID_UTF8 if enc.codec == "utf-8" else Rule.DETECTED
    return Guess(enc, "chardetng", rule)


def run(
    detector: Callable[..., Guess], items: Sequence[Item], with_list: bool
) -> tuple[dict[str, list[int]], float, list[tuple[Item, str]]]:
    """Per group name: [right, total]; the mean seconds per call; the misses."""
    groups: dict[str, list[int]] = {}
    misses: list[tuple[Item, str]] = []
    start = time.perf_counter()
    for item in items:
        guess = detector(item.data, list(item.candidates)) if with_list else detector(item.data)
        ok = right(item, guess)
        cell = groups.setdefault(item.group, [0, 0])
        cell[0] += ok
        cell[1] += 1
        if not ok:
            misses.append((item, str(guess.encoding)))
    return groups, (time.perf_counter() - start) / max(1, len(items)), misses


def _big_inputs() -> dict[str, bytes]:
    text = (DOCUMENTS / "es.txt").read_text(encoding="utf-8").encode("cp1252")
    ru = (DOCUMENTS / "ru.txt").read_text(encoding="utf-8").encode("koi8_r")
    out = {}
    for label, unit in (("es cp1252", text), ("ru koi8_r", ru)):
        for size in (100_000, 10_000_000):
            out[f"{label} {size // 1000:,} KB"] = (unit * (size // len(unit) + 1))[:size]
    return out


def _time_one(detector: Callable[..., Guess], data: bytes) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        detector(data)
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="40 snippets per cell")
    parser.add_argument("--only", action="append", help="run only these detectors")
    parser.add_argument("--misses", action="store_true", help="list the wrong guesses")
    parser.add_argument("--no-speed", action="store_true", help="skip the big-input timing")
    args = parser.parse_args(argv)

    n = 40 if args.quick else accuracy.N
    snips = snippets(n)
    legacy = [s for s in snips if s.codec != "utf-8"]
    utf8 = [s for s in snips if s.codec == "utf-8"]
    docs = documents(quick=args.quick)
    found = detectors()
    if args.only:
        found = {k: v for k, v in found.items() if k in args.only}
    print(f"{len(legacy):,} legacy snippets, {len(utf8):,} UTF-8 snippets, {len(docs)} documents")
    rows = []
    details: dict[str, dict[str, dict[str, list[int]]]] = {}
    for name, (detector, note) in found.items():
        if detector is None:
            print(f"  {name}: not installed ({note}), skipped")
            continue
        row: dict[str, str] = {"detector": name}
        per_call = []
        for with_list in (False, True):
            tag = "list" if with_list else "no list"
            if with_list and name in NO_LIST_ONLY:
                row[f"snippets ({tag})"] = row[f"UTF-8 ({tag})"] = row[f"docs ({tag})"] = "—"
                continue
            g1, t1, m1 = run(detector, legacy, with_list)
            g2, t2, _ = run(detector, utf8, with_list)
            g3, t3, m3 = run(detector, docs, with_list)
            per_call += [t1] * len(legacy) + [t2] * len(utf8) + [t3] * len(docs)
            details[f"{name} ({tag})"] = {"snippets": g1, "documents": g3}
            row[f"snippets ({tag})"] = _frac(g1)
            row[f"UTF-8 ({tag})"] = _frac(g2)
            row[f"docs ({tag})"] = _frac(g3)
            if args.misses:
                for item, guess in m1 + m3:
                    print(
                        f"    miss {name} ({tag}): {item.name} {item.codec} -> {guess}"
                        f" {item.text[:40]!r}"
                    )
        row["ms/call"] = f"{1000 * statistics.fmean(per_call):.2f}"
        if not args.no_speed:
            for label, data in _big_inputs().items():
                if "100 KB" in label or "10,000 KB" in label:
                    row[label] = f"{1000 * _time_one(detector, data):.1f} ms"
        rows.append(row)
        print(f"  {name}: done", file=sys.stderr)
    _print_table(rows)
    print()
    _print_details(details)
    print(CLOSING_NOTE)
    return 0


CLOSING_NOTE = """\
Why codecbox's default is what it is (codecbox/detection.py: guess_codecbox; the scores in
codecbox/guessing.py):

* Byte validity first: a BOM decides, ISO-2022-JP/KR and HZ are recognised by their escapes,
  valid UTF-8 is UTF-8, and UTF-16/32 are never guessed without a BOM unless they are
  candidates. Every candidate that cannot decode the bytes is out.
* Then every reading is scored like lesson 6's v2 (points per character: kana and common
  hangul 2, kanji 1.5, letters and ASCII 1, controls -8), which is what wins on short CJK
  snippets, plus what v2 lacks for ~30 encodings: neighbour rules (two scripts in one word,
  a capital inside a lower-case word, a rare symbol touching a letter, Thai consonants with
  no vowel, a hangul 'word' of 9+ syllables, a Hebrew final letter inside a word, kana in a
  Chinese reading) and alphabets (the non-ASCII letters must belong to one language: 'ń'
  beside 'é' and '¿' has none, which is charset-normalizer's windows-1250 mistake).
* Priors in points (windows-1252 and the big CJK encodings 0, mac-roman -2, ISO-8859-5 -3...)
  settle thin evidence, so a 4-byte 'año' stays windows-1252; with little margin the guess
  says it is not sure and names the runner-up.
* No engine: chardet and chardetng were measured as alternatives (the tables above) and beat
  the scores on neither benchmark; without them the default gives the same answers with or
  without extras, and needs only the standard library.
* Markup is not text: in a page, tags, comments, scripts and styles are blanked out before
  scoring, so ASCII markup does not dilute the evidence (benchmarks/undeclared.py).
* Speed: at most 64 KiB are read; scoring runs on a growing window (96, 512, 4,096 bytes from
  the first non-ASCII byte), dropping the readings more than 8 points behind at each step
  (DECISIVE in codecbox/guessing.py), merging readings that give the same text, and scoring
  single-byte readings on the non-ASCII bytes and their neighbours only."""


def _frac(groups: dict[str, list[int]]) -> str:
    ok = sum(v[0] for v in groups.values())
    total = sum(v[1] for v in groups.values())
    return f"{ok:,} / {total:,}"


def _print_table(rows: list[dict[str, str]]) -> None:
    if not rows:
        return
    header = list(dict.fromkeys(k for row in rows for k in row))
    widths = {h: max(len(h), *(len(r.get(h, "")) for r in rows)) for h in header}
    print("| " + " | ".join(h.ljust(widths[h]) for h in header) + " |")
    print("|" + "|".join("-" * (widths[h] + 2) for h in header) + "|")
    for row in rows:
        print("| " + " | ".join(row.get(h, "").ljust(widths[h]) for h in header) + " |")


def _print_details(details: dict[str, dict[str, dict[str, list[int]]]]) -> None:
    """Right answers per group (snippet case and length; document language and codec)."""
    for kind in ("snippets", "documents"):
        groups = list(dict.fromkeys(g for d in details.values() for g in d[kind]))
        names = list(details)
        rows = []
        for g in groups:
            row = {kind: g}
            for name in names:
                ok, total = details[name][kind].get(g, [0, 0])
                row[name] = f"{ok}/{total}"
            rows.append(row)
        _print_table(rows)
        print()


if __name__ == "__main__":
    raise SystemExit(main())
