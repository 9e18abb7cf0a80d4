"""Real text this machine's packages installed, detectors side by side: Vim's tutors as whole
legacy files, and prose of the translated manual pages and tutors as snippets.

.venv/bin/python benchmarks/installed.py                   # every detector installed
.venv/bin/python benchmarks/installed.py --only codecbox --n 100

Three parts, none written for this project: ``--split eval`` (the default) is held out, read
after a change, never to choose one; ``--split tune`` is the other half of the manual pages,
which a change may be chosen on:

* **Whole files**: Vim's tutors in their legacy encodings (``/usr/share/vim/vim*/tutor/``:
  ``tutor.it`` in Latin-1, ``tutor.cs.cp1250``, ``tutor.ru`` in KOI8-R, ``tutor.ja.sjis``,
  ``tutor.zh.big5``...; :data:`TUTORS` names each file's encoding, as Vim's ``tutor.vim``
  does), 20 to 40 KB each. Right: the answer decodes the bytes to what the named encoding
  does (``benchmarks/detection.py``'s rule).
* **Snippets**: the translated manual pages (``/usr/share/man/<lang>/``, roff requests and
  escapes taken out: :func:`prose`; tune: the first, third... of a language's pages in the
  order of their paths, eval: the others) and, in eval, the UTF-8 tutors, cut into snippets
  of 32 to 256
  characters with a letter outside ASCII, in the legacy encodings of ``messages.py``'s cases
  that write them (``--n`` per case and length, fixed seeds).
* **Documents in every code page** (``--part files``): 300, 1,000 and 3,000 characters of
  the same prose (starting at a line; typography a page lacks made plain, :func:`plain`), in
  every code page that writes the language (:func:`file_codecs`: ``suite.LEGACY``'s and, for
  Western Europe's languages, the DOS, Mac and HP pages), as chardet's test data has its
  web text: a stand-in for suites of whole files other projects wrote. Right: the same rule.

What is found depends on the packages installed (Debian's man-db, vim-runtime...): the script
prints how many files it read and a digest of the text it kept.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import random
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import detection as bench
import suite

#: Vim's tutors in a legacy encoding: file name -> the Python codec it is written in.
TUTORS: dict[str, str] = {
    **{f"tutor.{lang}": "latin-1" for lang in "bar ca da de es fr it nb nl no pt sv".split()},
    **{f"tutor.{lang}": "iso8859_2" for lang in "cs hr hu pl sk".split()},
    **{f"tutor.{lang}.cp1250": "cp1250" for lang in "cs hr hu pl sk sr".split()},
    "tutor.el": "iso8859_7",
    "tutor.el.cp737": "cp737",
    "tutor.eo": "iso8859_3",
    "tutor.ja.euc": "euc_jp",
    "tutor.ja.sjis": "shift_jis",
    "tutor.ko.euc": "euc_kr",
    "tutor.ru": "koi8_r",
    "tutor.ru.cp1251": "cp1251",
    "tutor.tr.iso9": "iso8859_9",
    "tutor.zh.big5": "big5",
    "tutor.zh.euc": "gb2312",
}
LENGTHS = (32, 64, 128, 256)
#: The third part's documents: sizes in characters, and how many of each per language and
#: code page (chardet's test data is mostly web text of 1 to 3 KB in every code page that
#: writes its language).
FILE_SIZES = (300, 1000, 3000)
FILES_PER_SIZE = 2
#: Man page folders by suite.LEGACY's language, where they differ.
_LEGACY_LANG = {"zh_CN": "zh-hans", "zh_TW": "zh-hant", "pt_BR": "pt"}
#: The code pages of Western Europe's languages besides suite.LEGACY's: the DOS, Mac and HP
#: pages chardet's test data writes them in.
_WESTERN = ("cp1252", "iso8859_1", "iso8859_15", "mac_roman", "cp850", "cp437", "cp858")
_WESTERN_LANGS = ("da", "de", "es", "fi", "fr", "id", "it", "nl", "pt", "sv")
#: Typography a legacy code page may lack, as its users typed it (Romanian's comma below as
#: the cedilla of the old pages); applied only where the code page has no such character.
_PLAIN = {
    **dict.fromkeys("’‘", "'"),
    **dict.fromkeys("“”„«»", '"'),
    **dict.fromkeys("—–", "-"),
    "…": "...",
    "\u00a0": " ",
    **dict(zip("șțȘȚ", "şţŞŢ", strict=True)),
}
#: Man page folders and tutor names by messages.py's language code, where they differ.
_FOLDERS = {"zh_CN": ("zh_CN", "zh_cn"), "zh_TW": ("zh_TW", "zh_tw")}

_REQUEST = re.compile(r"^[.'](?:(?:B|I|BR|IR|RB|BI|IB|SH|SS)\s+(.*)|.*)$", re.M)
_ESCAPE = re.compile(
    r"\\(?:f(?:\[[^]]*\]|\(..|.)|s[+-]?\d+|\*(?:\(..|\[[^]]*\]|.)|\(..|\[[^]]*\]|[&:c|^%/,)])"
)
#: UTF-8 read as windows-1252 (``Ã³`` for ``ó``): a page written so (Debian's Spanish pages
#: of some packages are) is left out, its "right" reading would be mojibake.
_MOJIBAKE = re.compile("[ÂÃÄÅ][\u00a0-\u00bf\u0152-\u0178\u02c6-\u203a\u20ac\u2122]")
_NAMED = {"\\(aq": "'", "\\(em": "—", "\\(en": "–", "\\(lq": "“", "\\(rq": "”", "\\(co": "©"}


def prose(roff: str) -> str:
    """The running text of a manual page's source: a request line gives only the words of a
    font or heading request, escapes go (a few named characters kept), ``\\-`` is ``-``.

    >>> prose('.SH NOME\\napropos \\\\- ricerca \\\\fBnelle\\\\fR pagine\\n.TP\\nè più')
    'NOME\\napropos - ricerca nelle pagine\\n\\nè più'
    """
    text = _REQUEST.sub(lambda m: (m.group(1) or "").replace('"', ""), roff)
    text = text.replace("\\-", "-").replace("\\e", "\\")
    for name, char in _NAMED.items():
        text = text.replace(name, char)
    return _ESCAPE.sub("", text)


def _tutor_folder() -> Path | None:
    found = sorted(Path("/usr/share/vim").glob("vim*/tutor"))
    return found[-1] if found else None


def whole_files(folder: Path | None) -> tuple[list[suite.Item], list[str]]:
    """The tutors of :data:`TUTORS` found in ``folder``, as benchmark items, and why each
    other was left out (one that its encoding does not decode has no right answer)."""
    items, left = [], []
    for name, codec in TUTORS.items():
        path = None if folder is None else folder / name
        if path is None or not path.is_file():
            left.append(f"{name}: not installed")
            continue
        data = path.read_bytes()
        try:
            text = data.decode(codec)
        except UnicodeDecodeError as e:
            left.append(f"{name}: not {codec} (byte {e.start}: {data[e.start : e.end].hex()})")
            continue
        items.append(suite.Item(name, text, codec, data, category="tutor"))
    return items, left


def texts(lang: str, man: Path, folder: Path | None, split: str) -> tuple[list[str], int]:
    """The prose of a language in ``split``: its manual pages (``tune``: the first, third...
    in the order of their paths; ``eval``: the others; ``all``) and, in ``eval``, its UTF-8
    tutor; and how many files."""
    found, files = [], 0
    for name in _FOLDERS.get(lang, (lang,)):
        pages = sorted((man / name).glob("man*/*.gz"))
        if split != "all":
            pages = pages[split == "eval" :: 2]
        for path in pages:
            try:
                page = prose(gzip.decompress(path.read_bytes()).decode("utf-8"))
            except (OSError, UnicodeDecodeError):
                continue
            if not _MOJIBAKE.search(page):
                found.append(page)
                files += 1
        tutor = None if folder is None or split == "tune" else folder / f"tutor.{name}.utf-8"
        if tutor is not None and tutor.is_file():
            found.append(tutor.read_text(encoding="utf-8"))
            files += 1
    return found, files


def file_codecs(lang: str) -> tuple[str, ...]:
    """The code pages a language's documents are written in (the third part).

    >>> file_codecs("it")[-4:]
    ('cp500', 'cp437', 'cp858', 'hp_roman8')
    """
    codecs_ = suite.LEGACY.get(lang, ())
    if lang in _WESTERN_LANGS:
        codecs_ += (*_WESTERN, "hp_roman8")
    return tuple(dict.fromkeys(codecs_))


def plain(text: str, codec: str) -> str:
    """``text`` with the typography of :data:`_PLAIN` that ``codec`` cannot write made plain.

    >>> plain("“Ieri” — la țară", "iso8859_2"), plain("“Ieri”", "cp1252")
    ('"Ieri" - la ţară', '“Ieri”')
    """
    for ch, plainer in _PLAIN.items():
        if ch in text and suite.encode_exactly(ch, codec) is None:
            text = text.replace(ch, plainer)
    return text


def documents(text: str, codec: str, seed: str) -> list[tuple[str, bytes]]:
    """:data:`FILES_PER_SIZE` documents of each of :data:`FILE_SIZES` characters from ``text``,
    each starting at a line, with a character outside ASCII, that ``codec`` writes exactly
    (after :func:`plain`); fewer if 50 draws find none."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    rng = random.Random(seed)
    out = []
    for size in FILE_SIZES:
        usable = [s for s in starts if s + size <= len(text)]
        for _ in range(FILES_PER_SIZE if usable else 0):
            for _ in range(50):
                piece = plain(text[(start := rng.choice(usable)) : start + size], codec)
                data = suite.encode_exactly(piece, codec)
                if data is not None and not data.isascii():
                    out.append((piece, data))
                    break
    return out


def _right(item: suite.Item, answer: bench.Answer) -> bool:
    return bench.is_right(item, answer)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--man-dir", type=Path, default=Path("/usr/share/man"))
    parser.add_argument("--n", type=int, default=200, help="snippets per case and length")
    parser.add_argument(
        "--split", choices=("tune", "eval", "all"), default="eval", help="of the manual pages"
    )
    parser.add_argument("--only", action="append", help="detectors whose name starts so")
    parser.add_argument("--wrong", metavar="DETECTOR", help="print its wrong snippets at the end")
    parser.add_argument(
        "--part",
        choices=("tutors", "snippets", "files"),
        action="append",
        help="default: all three",
    )
    args = parser.parse_args(argv)
    parts = args.part or ["tutors", "snippets", "files"]
    found = bench.chosen_peers(args.only)
    folder = _tutor_folder()
    digest = hashlib.sha256()
    wrong: list[str] = []
    tutors = 0
    if "tutors" in parts and args.split != "tune":
        tutors = _tutors(found, folder, digest)
    read = 0
    ctx = _Context(args, found, folder, digest, wrong)
    if "snippets" in parts:
        read += _snippets(ctx)
    if "files" in parts:
        read += _files(ctx)
    print(f"\n{tutors} tutors and {read} files of prose read; sha256 {digest.hexdigest()[:16]}")
    if wrong:
        print(f"\n## {args.wrong}'s wrong answers\n")
        print("\n".join(wrong))
    return 0


class _Context(NamedTuple):
    """What the snippets and files parts read and write: the arguments, the detectors, the
    tutors' folder, the digest of the text kept, the wrong answers listed."""

    args: argparse.Namespace
    found: dict[str, Callable[[bytes], bench.Answer]]
    folder: Path | None
    digest: Any
    wrong: list[str]


def _tutors(
    found: dict[str, Callable[[bytes], bench.Answer]], folder: Path | None, digest: Any
) -> int:
    """The first part's table; the number of tutors read."""
    names = list(found)
    files, left = whole_files(folder)
    print(f"\n## Whole files: Vim's tutors in their legacy encodings ({folder})\n")
    print(f"| file | encoding | {' | '.join(names)} |\n|---|---|{'---|' * len(names)}")
    totals = dict.fromkeys(names, 0)
    for item in files:
        digest.update(item.data)
        cells = []
        for name in names:
            answer = found[name](item.data)
            ok = _right(item, answer)
            totals[name] += ok
            cells.append(("✓ " if ok else "✗ ") + (answer.label or str(answer.codec)))
        print(f"| {item.name} | {item.codec} | {' | '.join(cells)} |")
    summary = " | ".join(f"**{totals[k]}/{len(files)}**" for k in names)
    print(f"| all | | {summary} |")
    for why in left:
        print(f"- left out: {why}")
    return len(files)


def _snippets(ctx: _Context) -> int:
    """The second part's table; the number of files of prose read."""
    args, found, folder, digest, wrong = ctx
    from messages import CASES  # (it reads tools/, which the sdist leaves out)

    names = list(found)
    print(f"\n## Snippets of the manual pages and tutors, split {args.split} (right, %)\n")
    lengths = " | ".join(str(n) for n in LENGTHS)
    print(f"| case | n | detector | {lengths} | all |\n|---|---|---|{'---|' * (len(LENGTHS) + 1)}")
    by_length = {k: dict.fromkeys(LENGTHS, 0) for k in names}
    n_length = dict.fromkeys(LENGTHS, 0)
    read = 0
    for lang, codec in CASES:
        prose_texts, count = texts(lang, args.man_dir, folder, args.split)
        read += count
        text = suite.legacy_form("\n".join(prose_texts), codec)
        items = []
        for length in LENGTHS:
            rng = random.Random(f"2026-{args.split}-{lang}-{codec}-{length}")
            for piece, data in suite.draw(text, codec, length, args.n, rng):
                items.append(suite.Item(f"{lang} {codec}", piece, codec, data, length=length))
        if not items:
            continue
        digest.update("".join(i.text for i in items).encode())
        for name in names:
            got: dict[int, list[bool]] = {n: [] for n in LENGTHS}
            detect: Callable[[bytes], bench.Answer] = found[name]
            for item in items:
                answer = detect(item.data)
                ok = _right(item, answer)
                got[item.length].append(ok)
                if not ok and name == args.wrong:
                    wrong.append(f"{item.name} {item.length} -> {answer.label}: {item.text!r}")
            row = [f"{100 * sum(v) / len(v):.1f}" if v else "—" for v in got.values()]
            every = [ok for v in got.values() for ok in v]
            row.append(f"{100 * sum(every) / len(every):.1f}")
            print(f"| {lang} {codec} | {len(items)} | {name} | {' | '.join(row)} |")
            for n, v in got.items():
                by_length[name][n] += sum(v)
        for item in items:
            n_length[item.length] += 1
        sys.stdout.flush()
    all_n = sum(n_length.values())
    for name in names:
        row = [f"**{100 * by_length[name][n] / max(1, n_length[n]):.1f}**" for n in LENGTHS]
        row.append(f"**{100 * sum(by_length[name].values()) / max(1, all_n):.1f}**")
        print(f"| all | {all_n} | {name} | {' | '.join(row)} |")
    return read


def _files(ctx: _Context) -> int:
    """The third part's table: documents of the manual pages (:func:`documents`) in every
    code page of their language (:func:`file_codecs`), right answers by code page; the number
    of files of prose read."""
    args, found, folder, digest, wrong = ctx
    names = list(found)
    langs = sorted(
        {
            _LEGACY_LANG.get(path.name, path.name)
            for path in args.man_dir.iterdir()
            if not path.name.startswith("man") and path.is_dir()
        }
        if args.man_dir.is_dir()
        else ()
    )
    by_codec: dict[str, list[suite.Item]] = {}
    read = 0
    for lang in langs:
        folders = [lang, *(k for k, v in _LEGACY_LANG.items() if v == lang)]
        prose_texts: list[str] = []
        for name in folders:
            if (args.man_dir / name).is_dir():
                found_texts, count = texts(name, args.man_dir, folder, args.split)
                prose_texts += found_texts
                read += count
        text = "\n".join(prose_texts)
        for codec in file_codecs(lang):
            seed = f"2026-{args.split}-{lang}-{codec}-files"
            for piece, data in documents(suite.legacy_form(text, codec), codec, seed):
                item = suite.Item(f"{lang} {codec} {len(piece)}", piece, codec, data)
                by_codec.setdefault(codec, []).append(item)
                digest.update(data)
    print(f"\n## Documents of 300-3,000 characters in every code page, split {args.split}\n")
    print(f"| code page | n | {' | '.join(names)} |\n|---|---|{'---|' * len(names)}")
    totals = dict.fromkeys(names, 0)
    for codec, items in sorted(by_codec.items()):
        cells = []
        for name in names:
            right = 0
            for item in items:
                answer = found[name](item.data)
                ok = _right(item, answer)
                right += ok
                if not ok and name == args.wrong:
                    wrong.append(f"{item.name} -> {answer.label}: {item.text[:80]!r}")
            totals[name] += right
            cells.append(str(right))
        print(f"| {codec} | {len(items)} | {' | '.join(cells)} |")
        sys.stdout.flush()
    n = sum(map(len, by_codec.values()))
    summary = " | ".join(f"**{totals[k]} ({100 * totals[k] / max(1, n):.1f} %)**" for k in names)
    print(f"| all | {n} | {summary} |")
    return read


if __name__ == "__main__":
    raise SystemExit(main())
