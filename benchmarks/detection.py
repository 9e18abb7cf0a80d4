"""Side by side: codecbox's detector against chardet, charset-normalizer, chardetng and cchardet.

.venv/bin/python benchmarks/detection.py                 # eval split, everything (a few minutes)
.venv/bin/python benchmarks/detection.py --quick         # a subset, under a minute
.venv/bin/python benchmarks/detection.py --split tune    # the split the detector is tuned on
.venv/bin/python benchmarks/detection.py --list-wrong codecbox   # the wrong answers, by category

The suite is built by ``benchmarks/suite.py`` (its docstring has the details):

* whole documents: the repository's texts of the split in every encoding of their language
  that stores them exactly (~70 encodings: Windows, ISO-8859-1..16, DOS, Mac, KOI8, CJK, UTF-8,
  UTF-16/32 with and without BOM, ISO-2022-JP/KR, HZ), binary files, UTF-8 files with one
  windows-1252 line ("mixed": UTF-8 is right), false-positive traps (ASCII, numeric CSV,
  source code with one non-ASCII byte, very short files), DOS and mainframe files that are
  not prose (ANSI art: a frame of box drawing and shades, plain and with colour escapes, in
  cp437 and cp850; EBCDIC records of digits and capitals and an HTML page) and, for eval
  only, real third-party files: CPython's cjkencodings, chardet 5.2.0's and
  charset-normalizer 3.4.0's test files (``benchmarks/external.py`` fetches them once,
  pinned by sha256, into the cache);
* snippets of 4, 8, 16, 32, 64, 128 and 256 characters of 34 languages in their main legacy
  encodings (``suite.SNIPPET_CASES``), drawn with fixed seeds.

Splits: ``documents/<lang>.txt`` first half of the paragraphs = tune, second half = eval;
``data/corpus/<lang>/tuning.txt`` = tune, ``heldout.txt`` = eval; external files = eval only.

Right: decoding the bytes strictly with the answer gives back the text exactly (a leading BOM
aside; for an ASCII file any ASCII-compatible answer). "superset right" also accepts an answer
whose browser superset (``suite.SUPERSET``: windows-1252 for ISO-8859-1, cp932 for Shift_JIS,
gb18030 for GB2312/GBK, cp949 for EUC-KR, Big5-HKSCS for Big5...) decodes to the text, or an
answer of the same family (``suite.FAMILIES``: WHATWG's or Python's table of the same
encoding, or its superset) that decodes the bytes without error. Binary
files are right iff the detector says "no text encoding"; mixed files iff it says UTF-8.

Confidence ("marked confident"): codecbox ``g.confident or g.sure``; chardet and cchardet
``confidence >= 0.5``; charset-normalizer ``best().chaos <= 0.1``; chardetng has none (n/a).
Of the confident answers the share right should be >= 99.5 % at every length; of codecbox's
not-sure answers, the calibration table says how often its runner-up is right.

Speed: every call is timed (``time.perf_counter``) in the same run, on the same items.
Nothing here imports ``curso``.
"""

from __future__ import annotations

import argparse
import codecs
import importlib.util
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from codecbox import detection
from codecbox.detection import Guess

#: Lesson 6's candidate list (the seed's): the snippets' "with a candidate list" mode.
DEFAULT_CANDIDATES: tuple[str, ...] = ("cp1252", "cp932", "euc_jp", "cp949")

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import suite  # noqa: E402

Item = suite.Item
DOCUMENTS = suite.DOCUMENTS
CJK = suite.CJK
legacy_form = suite.legacy_form

CHARDET_THRESHOLD = 0.5
CCHARDET_THRESHOLD = 0.5
CN_MAX_CHAOS = 0.1
CONFIDENCE_RULES = {
    "codecbox": "g.confident (BOM / valid UTF-8) or g.sure (no runner-up)",
    "chardet": f"confidence >= {CHARDET_THRESHOLD}",
    "cchardet": f"confidence >= {CCHARDET_THRESHOLD}",
    "charset-normalizer": f"best().chaos <= {CN_MAX_CHAOS}",
    "chardetng": "n/a (no confidence)",
}


# --- the detectors, as answers ---------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """What a detector said: a Python codec, or binary; whether it marked itself confident."""

    codec: str | None
    binary: bool = False
    confident: bool | None = None  # None: the detector has no confidence
    runner_up: str | None = None
    label: str = ""


def _codec(name: str | None) -> str | None:
    """A peer's encoding name as a Python codec: Python's own reading of the name first (so
    that ISO-8859-1 stays latin-1), else codecbox's table of labels."""
    if not name:
        return None
    try:
        return codecs.lookup(name).name
    except LookupError:
        pass
    from codecbox.labels import resolve

    try:
        return resolve(name).codec
    except Exception:
        return None


def answer_codecbox(data: bytes) -> Answer:
    """codecbox's answer (:func:`codecbox.detection.guess_codecbox`): confident when sure.

    >>> a = answer_codecbox("niño".encode("cp1252"))
    >>> a.codec, a.confident, a.label
    ('whatwg-windows-1252', False, 'windows-1252')
    """
    g = detection.guess_codecbox(data)
    if getattr(g.rule, "value", "") == "binary" or g.encoding is None:
        return Answer(None, binary=True, confident=g.confident or g.sure, label="binary")
    return Answer(
        g.encoding.codec,
        confident=g.confident or g.sure,
        runner_up=None if g.runner_up is None else g.runner_up.codec,
        label=g.encoding.name,
    )


def answer_codecbox_files(data: bytes) -> Answer:
    """codecbox's file pipeline (:func:`codecbox.sniff` on all the bytes, as
    :func:`codecbox.decode_bytes` decides: BOM, the file's XML declaration, the evidence,
    the detector): the entry point a file goes through, where chardet's ``detect`` reads
    XML declarations too.

    >>> answer_codecbox_files(b'<?xml version="1.0" encoding="koi8-r"?><a/>').label
    'KOI8-R'
    """
    from codecbox import sniff

    g = sniff(data, max_bytes=len(data) + 1)
    if getattr(g.rule, "value", "") == "binary data" or g.encoding is None:
        return Answer(None, binary=True, confident=g.confident, label="binary")
    return Answer(g.encoding.codec, confident=g.confident or g.sure, label=g.encoding.name)


def answer_chardet(data: bytes) -> Answer:
    """chardet's answer: confident when its confidence is at least :data:`CHARDET_THRESHOLD`.

    >>> answer_chardet("Grüße aus Köln, schöne Straße".encode("utf-8")).codec
    'utf-8'
    """
    import chardet

    r = chardet.detect(data)
    if r["encoding"] is None:
        return Answer(
            None, binary=True, confident=(r["confidence"] or 0) >= CHARDET_THRESHOLD, label="binary"
        )
    return Answer(
        _codec(r["encoding"]),
        confident=(r["confidence"] or 0) >= CHARDET_THRESHOLD,
        label=r["encoding"],
    )


def answer_cchardet(data: bytes) -> Answer:
    """cchardet's answer (faust-cchardet, if installed): confident at :data:`CCHARDET_THRESHOLD`.

    >>> importlib.util.find_spec("cchardet") is None or answer_cchardet(b"abc").codec == "ascii"
    True
    """
    import cchardet

    r = cchardet.detect(data)
    if r["encoding"] is None:
        return Answer(
            None,
            binary=True,
            confident=(r["confidence"] or 0) >= CCHARDET_THRESHOLD,
            label="binary",
        )
    return Answer(
        _codec(r["encoding"]),
        confident=(r["confidence"] or 0) >= CCHARDET_THRESHOLD,
        label=r["encoding"],
    )


def answer_charset_normalizer(data: bytes) -> Answer:
    """charset-normalizer's answer (``best()``): confident when its chaos is at most
    :data:`CN_MAX_CHAOS`; no answer is binary.

    >>> answer_charset_normalizer("Grüße aus Köln, schöne Straße".encode("utf-8")).codec
    'utf-8'
    """
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    if best is None:
        return Answer(None, binary=True, confident=True, label="binary")
    return Answer(_codec(best.encoding), confident=best.chaos <= CN_MAX_CHAOS, label=best.encoding)


def answer_chardetng(data: bytes) -> Answer:
    """chardetng's answer (Firefox's detector, on the first 64 KiB); it has no confidence.

    >>> a = answer_chardetng("Grüße aus Köln, schöne Straße".encode("utf-8"))
    >>> a.codec, a.confident
    ('utf-8', None)
    """
    from chardetng_py.detector import EncodingDetector

    from codecbox.labels import resolve

    det = EncodingDetector()
    det.feed(data[: detection.MAX_BYTES], last=True)
    name = det.guess(tld=None, allow_utf8=True)
    return Answer(resolve(name, label=True).codec, label=name)


def _version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return ""


def peers() -> tuple[dict[str, Callable[[bytes], Answer]], dict[str, str]]:
    """The detectors installed (name -> function) and a note for each, installed or not.

    >>> found, notes = peers()
    >>> "codecbox" in found, notes["codecbox"].startswith("codecbox ")
    (True, True)
    """
    found: dict[str, Callable[[bytes], Answer]] = {"codecbox": answer_codecbox}
    import codecbox

    notes = {"codecbox": f"codecbox {codecbox.__version__} ({Path(codecbox.__file__).parent})"}
    for name, module, dist, fn, hint in (
        ("chardet", "chardet", "chardet", answer_chardet, "pip install chardet"),
        (
            "charset-normalizer",
            "charset_normalizer",
            "charset-normalizer",
            answer_charset_normalizer,
            "pip install charset-normalizer",
        ),
        ("chardetng", "chardetng_py", "chardetng-py", answer_chardetng, "pip install chardetng-py"),
        ("cchardet", "cchardet", "faust-cchardet", answer_cchardet, "pip install faust-cchardet"),
    ):
        if importlib.util.find_spec(module) is None:
            notes[name] = f"skipped: {dist} is not installed ({hint})"
            continue
        try:
            fn(b"probe \xe9")
        except Exception as exc:  # e.g. a wheel built for another platform
            notes[name] = f"skipped: {dist} fails to run ({type(exc).__name__}: {exc})"
            continue
        found[name] = fn
        notes[name] = f"{dist} {_version(dist)}"
    return found, notes


# --- correctness --------------------------------------------------------------------------------


def chosen_peers(only: Sequence[str] | None) -> dict[str, Callable[[bytes], Answer]]:
    """:func:`peers`, those whose name starts with one of ``only`` (all if None), each
    printed with its version as a list item (the header of messages.py and installed.py)."""
    found, versions = peers()
    if only:
        found = {k: v for k, v in found.items() if any(k.startswith(o) for o in only)}
    for name in found:
        print(f"- {name}: {versions.get(name, '')}")
    return found


def is_right(item: Item, ans: Answer, superset: bool = False) -> bool:
    """The benchmark's rule (module docstring).

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> is_right(items[0], res.answers[0]), is_right(items[0], Answer("cp1251"))
    (True, False)
    """
    if item.expect == "binary":
        return ans.binary
    if ans.binary or ans.codec is None:
        return False
    if item.expect == "utf-8":
        return suite.normal(ans.codec) in ("utf-8", "whatwg-utf-8") or _is_utf8_codec(ans.codec)
    if suite.decodes_to(item.data, ans.codec, item.text):
        return True
    if superset:
        wider = suite.superset_of(ans.codec)
        if wider is not None and suite.decodes_to(item.data, wider, item.text):
            return True
        return suite.same_family(item.codec, ans.codec) and _decodes(item.data, ans.codec)
    return False


def _decodes(data: bytes, codec: str) -> bool:
    try:
        data.decode(codec)
    except (UnicodeDecodeError, LookupError, ValueError):
        return False
    return True


def _is_utf8_codec(codec: str) -> bool:
    return suite.normal(codec).replace("whatwg-", "") in ("utf-8", "utf_8")


def runner_up_right(item: Item, ans: Answer) -> bool:
    """Whether a not-sure answer's runner-up is right (codecbox names one).

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> res.answers[0].runner_up is not None, runner_up_right(items[0], res.answers[0])
    (True, False)
    """
    return ans.runner_up is not None and is_right(item, Answer(ans.runner_up))


# --- running ------------------------------------------------------------------------------------


@dataclass
class Run:
    answers: list[Answer]
    seconds: list[float]


#: The clock of every call: wall time, or with ``--cpu`` this process's CPU time (on a shared
#: machine a call's wall time includes the time other processes ran).
CLOCK: Callable[[], float] = time.perf_counter


def run_all(fn: Callable[[bytes], Answer], items: Sequence[Item]) -> Run:
    """Every item's answer by ``fn``, and the seconds (:data:`CLOCK`) each call took.

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> [a.label for a in res.answers], len(res.seconds)
    (['windows-1252', 'windows-1252'], 2)
    """
    answers, seconds = [], []
    clock = CLOCK
    for item in items:
        t0 = clock()
        a = fn(item.data)
        seconds.append(clock() - t0)
        answers.append(a)
    return Run(answers, seconds)


def _pct(ok: int, n: int) -> str:
    return "—" if n == 0 else f"{100 * ok / n:.1f} %"


def _cell(ok: int, n: int) -> str:
    return "—" if n == 0 else f"{ok}/{n} ({100 * ok / n:.1f} %)"


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A markdown table, each column as wide as its widest cell.

    >>> print(table(["a", "bb"], [["1", "2"]]))
    | a | bb |
    |---|----|
    | 1 | 2  |
    """
    widths = [
        max(len(str(h)), *(len(str(r[i])) for r in rows)) if rows else len(h)
        for i, h in enumerate(header)
    ]
    out = [
        "| " + " | ".join(str(h).ljust(w) for h, w in zip(header, widths, strict=True)) + " |",
        "|" + "|".join("-" * (w + 2) for w in widths) + "|",
    ]
    out += [
        "| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)) + " |"
        for r in rows
    ]
    return "\n".join(out)


def _total_row(
    label: str,
    items: Sequence[Item],
    runs: dict[str, Run],
    show: Callable[[int, int], str],
    *,
    superset: bool = False,
) -> list[str]:
    """One table row: how many of ``items`` each detector got right."""
    row = [label, str(len(items))]
    for run in runs.values():
        right = sum(is_right(i, a, superset) for i, a in zip(items, run.answers, strict=True))
        row.append(show(right, len(items)))
    return row


def report_documents(docs: Sequence[Item], runs: dict[str, Run]) -> str:
    """Right / total per category and detector, with a superset row and one per external source.

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> print(report_documents(items, {"codecbox": res}))
    | category            | n | codecbox      |
    |---------------------|---|---------------|
    | single-byte Latin   | 2 | 2/2 (100.0 %) |
    | **all**             | 2 | 2/2 (100.0 %) |
    | all, superset right | 2 | 2/2 (100.0 %) |
    """
    names = list(runs)
    cats = [c for c in suite.CATEGORIES if any(i.category == c for i in docs)]
    rows = []
    for cat in [*cats, "all"]:
        idx = [k for k, i in enumerate(docs) if cat in ("all", i.category)]
        row = [f"**{cat}**" if cat == "all" else cat, str(len(idx))]
        for name in names:
            ok = sum(is_right(docs[k], runs[name].answers[k]) for k in idx)
            row.append(_cell(ok, len(idx)))
        rows.append(row)
    rows.append(_total_row("all, superset right", docs, runs, _cell, superset=True))
    sources = sorted({i.source for i in docs if i.category == "external real files"})
    for src in sources:
        idx = [k for k, i in enumerate(docs) if i.source == src]
        row = [f"  external: {src}", str(len(idx))]
        for name in names:
            row.append(_cell(sum(is_right(docs[k], runs[name].answers[k]) for k in idx), len(idx)))
        rows.append(row)
    return table(["category", "n", *names], rows)


def report_snippets(snips: Sequence[Item], runs: dict[str, Run], lengths: Sequence[int]) -> str:
    """Snippet accuracy per length and detector.

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> print(report_snippets(items, {"codecbox": res}, (4,)))
    | length              | n | codecbox |
    |---------------------|---|----------|
    | 4                   | 1 | 100.0 %  |
    | all                 | 2 | 100.0 %  |
    | all, superset right | 2 | 100.0 %  |
    """
    names = list(runs)
    rows = []
    for length in lengths:
        idx = [k for k, i in enumerate(snips) if i.length == length]
        row = [str(length), str(len(idx))]
        for name in names:
            row.append(_pct(sum(is_right(snips[k], runs[name].answers[k]) for k in idx), len(idx)))
        rows.append(row)
    rows.append(_total_row("all", snips, runs, _pct))
    rows.append(_total_row("all, superset right", snips, runs, _pct, superset=True))
    return table(["length", "n", *names], rows)


def report_cjk(snips: Sequence[Item], runs: dict[str, Run], lengths: Sequence[int]) -> str:
    """Short CJK (issue 18, item 6: at least chardetng at every length): each CJK cell by
    length, best of the row in bold.

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> report_cjk(items, {"codecbox": res}, (4,)).count("\\n")  # (no CJK item: the header)
    1
    """
    names = list(runs)
    rows = []
    for group in dict.fromkeys(i.group for i in snips if i.group.split()[0] in _CJK_LANGS):
        for length in lengths:
            idx = [k for k, i in enumerate(snips) if i.group == group and i.length == length]
            if not idx:
                continue
            ok = [sum(is_right(snips[k], runs[n].answers[k]) for k in idx) for n in names]
            rows.append(
                [group, str(length)]
                + [f"**{_pct(o, len(idx))}**" if o == max(ok) else _pct(o, len(idx)) for o in ok]
            )
    return table(["language, encoding", "length", *names], rows)


_CJK_LANGS = ("zh-hans", "zh-hant", "ja", "ko")


def report_snippet_cases(snips: Sequence[Item], runs: dict[str, Run]) -> str:
    """Snippet accuracy per (language, encoding), all lengths.

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> print(report_snippet_cases(items, {"codecbox": res}))
    | language, encoding | n | codecbox |
    |--------------------|---|----------|
    | es cp1252          | 2 | 100.0 %  |
    """
    names = list(runs)
    rows = []
    for group in dict.fromkeys(i.group for i in snips):
        idx = [k for k, i in enumerate(snips) if i.group == group]
        row = [group, str(len(idx))]
        for name in names:
            row.append(_pct(sum(is_right(snips[k], runs[name].answers[k]) for k in idx), len(idx)))
        rows.append(row)
    return table(["language, encoding", "n", *names], rows)


def report_calibration(items: Sequence[Item], runs: dict[str, Run], lengths: Sequence[int]) -> str:
    """Per detector and length: answers marked confident and the share right (``✗`` below
    99.5 %), the others, and how often codecbox's runner-up is right when it is not sure.

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> report_calibration(items, {"codecbox": res}, (4,)).splitlines()[2].split("|")[1:6]
    [' codecbox ', ' 4      ', ' 0           ', ' —                   ', ' 1        ']
    """
    rows = []
    for name, r in runs.items():
        for length in [*lengths, 0]:
            idx = [k for k, i in enumerate(items) if i.length == length]
            if not idx:
                continue
            conf = [k for k in idx if r.answers[k].confident]
            unsure = [k for k in idx if r.answers[k].confident is False]
            if r.answers[idx[0]].confident is None:
                rows.append([name, str(length or "documents"), "n/a", "n/a", "n/a", "n/a", "n/a"])
                continue
            ok = sum(is_right(items[k], r.answers[k]) for k in conf)
            ok_u = sum(is_right(items[k], r.answers[k]) for k in unsure)
            with_ru = [k for k in unsure if r.answers[k].runner_up is not None]
            ru = sum(runner_up_right(items[k], r.answers[k]) for k in with_ru)
            flag = "" if not conf or ok / len(conf) >= 0.995 else " ✗"
            rows.append(
                [
                    name,
                    str(length or "documents"),
                    str(len(conf)),
                    _pct(ok, len(conf)) + flag,
                    str(len(unsure)),
                    _pct(ok_u, len(unsure)),
                    _pct(ru, len(with_ru)) if name == "codecbox" else "—",
                ]
            )
    return table(
        [
            "detector",
            "length",
            "n confident",
            "right, of confident",
            "n unsure",
            "right, of unsure",
            "runner-up right, of unsure",
        ],
        rows,
    )


def report_speed(
    snips: Sequence[Item], docs: Sequence[Item], runs_s: dict[str, Run], runs_d: dict[str, Run]
) -> str:
    """Snippets/s and files/s of each detector in this run, and the ratio to the fastest peer.

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> report_speed(items, items, {"codecbox": res}, {"codecbox": res}).splitlines()[0]
    '| detector | snippets/s | median ms | ÷ fastest peer | files/s | median ms | ÷ fastest peer |'
    """
    rate_s = {n: len(snips) / max(sum(r.seconds), 1e-9) for n, r in runs_s.items()}
    rate_d = {n: len(docs) / max(sum(r.seconds), 1e-9) for n, r in runs_d.items()}
    peer_s = max((v for n, v in rate_s.items() if n != "codecbox"), default=None)
    peer_d = max((v for n, v in rate_d.items() if n != "codecbox"), default=None)
    rows = []
    for name in runs_s:
        ms_s = 1000 * statistics.median(runs_s[name].seconds) if snips else 0
        ms_d = 1000 * statistics.median(runs_d[name].seconds) if docs else 0
        rows.append(
            [
                name,
                f"{rate_s[name]:,.0f}",
                f"{ms_s:.3f}",
                f"{rate_s[name] / peer_s:.2f}×" if peer_s else "—",
                f"{rate_d[name]:,.0f}",
                f"{ms_d:.3f}",
                f"{rate_d[name] / peer_d:.2f}×" if peer_d else "—",
            ]
        )
    overall = table(
        [
            "detector",
            "snippets/s",
            "median ms",
            "÷ fastest peer",
            "files/s",
            "median ms",
            "÷ fastest peer",
        ],
        rows,
    )
    return (
        overall
        + "\n\nPer snippet length (items/s, the same calls):\n\n"
        + speed_by_length(snips, runs_s)
    )


def speed_by_length(snips: Sequence[Item], runs: dict[str, Run]) -> str:
    """Snippets/s of each detector at each length, from the times of the same run.

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> speed_by_length(items, {"codecbox": res}).splitlines()[0]
    '| length | codecbox |'
    """
    lengths = sorted({i.length for i in snips})
    rows = []
    for length in lengths:
        at = [k for k, i in enumerate(snips) if i.length == length]
        row = [str(length)]
        for run in runs.values():
            row.append(f"{len(at) / max(sum(run.seconds[k] for k in at), 1e-9):,.0f}")
        rows.append(row)
    return table(["length", *runs], rows)


def list_wrong(items: Sequence[Item], run: Run, top: int) -> str:
    """The wrong answers per category (documents first, then snippets by length): the most
    frequent (expected -> answer) pairs, then the first ``top`` items.

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> list_wrong(items, res, 3)
    '(none)'
    """
    wrong: dict[str, list[tuple[Item, Answer]]] = defaultdict(list)
    for item, a in zip(items, run.answers, strict=True):
        if not is_right(item, a):
            wrong[f"snippets {item.length:>3}" if item.length else item.category].append((item, a))
    order = [*suite.CATEGORIES, *(f"snippets {n:>3}" for n in suite.LENGTHS)]
    out = []
    for kind in [k for k in order if k in wrong]:
        pairs = wrong[kind]
        total = sum(
            1 for i in items if (f"snippets {i.length:>3}" if i.length else i.category) == kind
        )
        out.append(f"### {kind}: {len(pairs)} wrong of {total}")
        common = Counter(f"{i.codec} -> {a.label or a.codec}" for i, a in pairs).most_common(10)
        out.append("  most frequent: " + "; ".join(f"{k} ×{v}" for k, v in common))
        for item, a in pairs[:top]:
            sure = (
                "n/a"
                if a.confident is None
                else ("sure" if a.confident else f"unsure, runner-up {a.runner_up}")
            )
            out.append(
                f"  {item.name} [{item.group}] expected {item.codec}, answered "
                f"{a.label or a.codec} ({sure}) {item.text[:30]!r}"
            )
        if len(pairs) > top:
            out.append(f"  ... and {len(pairs) - top} more")
    return "\n".join(out) or "(none)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark (``--help``) and print its tables; 0 on success.

    >>> main(["--quick", "--only", "codecbox", "--split", "tune"]) == 0  # doctest: +ELLIPSIS
    # Detection benchmark, split tune (quick)
    ...
    True
    """
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--split", choices=suite.SPLITS, default="eval")
    parser.add_argument(
        "--quick", action="store_true", help="10 snippets per cell, no external files"
    )
    parser.add_argument(
        "--n", type=int, help="snippets per (language, encoding, length); default 60"
    )
    parser.add_argument("--only", action="append", help="run only these detectors (repeatable)")
    parser.add_argument(
        "--no-external", action="store_true", help="leave the third-party files out"
    )
    parser.add_argument(
        "--list-wrong", metavar="DETECTOR", help="print that detector's wrong answers"
    )
    parser.add_argument("--top", type=int, default=30, help="wrong answers shown per category")
    parser.add_argument(
        "--cpu", action="store_true", help="time calls in CPU time (time.process_time)"
    )
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.cpu else time.perf_counter

    n = args.n or (10 if args.quick else 60)
    ext: list[Item] = []
    notes: list[str] = []
    if args.split == "eval" and not args.quick and not args.no_external:
        import external

        loaded = external.load()
        ext, notes = loaded.items, loaded.notes
        notes += [f"dropped {v}: {k}" for k, v in sorted(loaded.dropped.items())]
    docs = suite.documents(args.split, external=ext)
    snips = suite.snippets(args.split, n)
    found, det_notes = peers()
    if args.only:
        found = {k: v for k, v in found.items() if k in args.only}
    encs = suite.encodings_of(docs)
    print(f"# Detection benchmark, split {args.split}{' (quick)' if args.quick else ''}\n")
    print(
        f"{len(docs):,} whole documents in {len(encs)} encodings "
        f"({', '.join(f'{c} {v}' for c, v in Counter(i.category for i in docs).items())}); "
        f"{len(snips):,} snippets, {n} per (language, encoding, length), "
        f"{len({i.name.split()[0] for i in snips})} languages, {len(suite.SNIPPET_CASES)} cases."
    )
    for name, note in det_notes.items():
        print(f"- {name}: {note}; confident = {CONFIDENCE_RULES[name]}")
    for note in notes:
        print(f"- external: {note}")
    print(f"- PYTHONHASHSEED={os.environ.get('PYTHONHASHSEED', '(unset)')}, seed {suite.SEED}")
    print(f"- speed: {'CPU time' if args.cpu else 'wall time'} of each call")
    runs_s: dict[str, Run] = {}
    runs_d: dict[str, Run] = {}
    for name, fn in found.items():
        t0 = time.perf_counter()
        runs_s[name] = run_all(fn, snips)
        runs_d[name] = run_all(fn, docs)
        print(f"  {name}: {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    print("\n## Whole documents (right / total)\n")
    print(report_documents(docs, runs_d))
    print("\n## Snippets: accuracy per length\n")
    print(report_snippets(snips, runs_s, suite.LENGTHS))
    print("\n## Snippets: short CJK per length\n")
    print(report_cjk(snips, runs_s, suite.LENGTHS))
    print("\n## Snippets: accuracy per language and encoding (all lengths)\n")
    print(report_snippet_cases(snips, runs_s))
    print("\n## Calibration (target: right, of confident >= 99.5 % at every length; ✗ = below)\n")
    print(
        report_calibration(
            [*snips, *docs],
            {k: Run(runs_s[k].answers + runs_d[k].answers, []) for k in runs_s},
            suite.LENGTHS,
        )
    )
    print("\n## Speed (same run, same items)\n")
    print(report_speed(snips, docs, runs_s, runs_d))
    if "codecbox" in runs_d:
        files = run_all(answer_codecbox_files, docs)
        both = {"codecbox (file pipeline)": files, **runs_d}
        print(
            "\n## Whole documents through codecbox's file pipeline (sniff: BOM, XML "
            "declaration, evidence, detector), beside the detectors above\n"
        )
        rows = []
        for name, got in both.items():
            ok = sum(is_right(d, a) for d, a in zip(docs, got.answers, strict=True))
            sup = sum(is_right(d, a, True) for d, a in zip(docs, got.answers, strict=True))
            rate = len(docs) / max(sum(got.seconds), 1e-9)
            rows.append([name, _cell(ok, len(docs)), _cell(sup, len(docs)), f"{rate:,.0f}"])
        # (a declared Shift_JIS is read as browsers read it, cp932's mapping: its text differs
        # from Python's shift_jis in a few characters, right only as a superset)
        print(table(["entry point", "right", "superset right", "files/s"], rows))
    if args.list_wrong:
        if args.list_wrong not in runs_s:
            print(f"\n{args.list_wrong}: not run")
        else:
            print(f"\n## Wrong answers of {args.list_wrong} (top {args.top} per category)\n")
            print(
                list_wrong(
                    [*docs, *snips],
                    Run(runs_d[args.list_wrong].answers + runs_s[args.list_wrong].answers, []),
                    args.top,
                )
            )
    return 0


# --- the earlier API, kept for tests/lib/test_detection.py ----------------------------------
#
# A fixed sample: lesson 6's five legacy cases and UTF-8 snippets (the same draw as
# curso.l06.accuracy.samples, reimplemented here), whole documents in the old table of
# encodings, and detectors that take a candidate list.

#: The encodings each language of ``data/documents`` was benchmarked in before the suite.
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
_L6_CASES = (("es", "cp1252"), ("en", "cp1252"), ("ja", "cp932"), ("ja", "euc_jp"), ("ko", "cp949"))
_L6_LENGTHS = (4, 8, 16, 64, 256)
NO_LIST_ONLY = {"chardetng"}


def _l6_samples(lang: str, encoding: str, length: int, n: int) -> list[tuple[str, str, bytes]]:
    import random

    from codecbox.labels import resolve

    codec = resolve(encoding).codec or encoding
    rng = random.Random(f"2026-{lang}-{codec}-{length}")
    text = "\n".join(suite.corpus_paragraphs(lang, "eval"))
    return [(t, codec, d) for t, d in suite.draw(text, codec, length, n, rng)]


def snippets(n: int) -> list[Item]:
    """Lesson 6's held-out snippets: five legacy cases and UTF-8, five lengths, ``n`` each.

    >>> len(snippets(1))
    45
    """
    items = []
    for lang, enc in (*_L6_CASES, *((lang, "utf-8") for lang in suite.CORPUS_LANGS)):
        for length in _L6_LENGTHS:
            for text, _codec, data in _l6_samples(lang, enc, length, n):
                items.append(
                    Item(
                        f"{lang} {enc} {length}",
                        text,
                        enc,
                        data,
                        DEFAULT_CANDIDATES,
                        f"{lang} {enc} {length:>3}",
                        length=length,
                    )
                )
    return items


def documents(quick: bool = False) -> list[Item]:
    """The old document sample: whole texts (and with ``quick=False`` their paragraphs) in
    :data:`ENCODINGS`, and the cjkencodings files; each with a candidate list.

    >>> len(documents(quick=True))
    63
    """
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
                items.append(
                    Item(
                        f"{lang} {part}",
                        text,
                        codec,
                        text.encode(codec),
                        candidates,
                        f"{lang} {codec}",
                    )
                )
    for item in suite.cjkencodings():
        stem = item.codec
        lang = {
            "big5": "zh-hant",
            "big5hkscs": "zh-hant",
            "gb18030": "zh-hans",
            "gb2312": "zh-hans",
            "gbk": "zh-hans",
            "hz": "zh-hans",
        }.get(stem, "ko" if "kr" in stem or stem in ("cp949", "johab") else "ja")
        candidates = tuple(dict.fromkeys((stem, *ENCODINGS[lang], "cp1252")))
        items.append(Item(item.name, item.text, stem, item.data, candidates, item.group))
    return items


def right(item: Item, guess: Guess) -> bool:
    """Whether the guess decodes the item's bytes to its text (the old sample's rule).

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> right(items[0], detection.guess_codecbox(items[0].data))
    True
    """
    codec = None if guess.encoding is None else guess.encoding.codec
    return suite.decodes_to(item.data, codec, item.text)


def guess_chardetng(
    data: bytes, candidates: Sequence[str] | None = None, *, prefix: bool = False
) -> Guess:
    """Firefox's detector (chardetng-py) on at most a 64 KiB prefix; it takes no candidates.

    >>> guess_chardetng("Grüße aus Köln".encode("utf-8")).encoding.name
    'UTF-8'
    """
    from chardetng_py.detector import EncodingDetector

    from codecbox.labels import resolve
    from codecbox.rules import Rule

    det = EncodingDetector()
    head = data[: detection.MAX_BYTES]
    det.feed(head, last=not prefix and len(head) == len(data))
    enc = resolve(det.guess(tld=None, allow_utf8=True), label=True)
    return Guess(enc, "chardetng", Rule.VALID_UTF8 if enc.codec == "utf-8" else Rule.DETECTED)


def detectors() -> dict[str, tuple[Callable[..., Guess] | None, str]]:
    """name -> (detector taking (data, candidates), note); None when not installed.

    >>> sorted(detectors())
    ['chardet', 'chardetng', 'charset-normalizer', 'codecbox']
    """
    have = importlib.util.find_spec
    return {
        "chardet": (detection.guess_chardet if have("chardet") else None, "chardet"),
        "charset-normalizer": (detection.guess_charset_normalizer, "charset-normalizer"),
        "chardetng": (guess_chardetng if have("chardetng_py") else None, "chardetng-py"),
        "codecbox": (detection.guess_codecbox, "the default of decode_bytes"),
    }


def run(
    detector: Callable[..., Guess], items: Sequence[Item], with_list: bool
) -> tuple[dict[str, list[int]], float, list[tuple[Item, str]]]:
    """Per group: [right, total]; the mean seconds per call; the misses.

    >>> items = suite.snippets("tune", n=1, lengths=(4, 8))[:2]
    >>> res = run_all(answer_codecbox, items)
    >>> groups, seconds, misses = run(detection.guess_codecbox, items, False)
    >>> groups, misses
    ({'es cp1252': [2, 2]}, [])
    """
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


if __name__ == "__main__":
    raise SystemExit(main())
