"""Short real text in 34 (language, encoding) cases: software messages, detectors side by side.

.venv/bin/python benchmarks/messages.py                   # every detector installed
.venv/bin/python benchmarks/messages.py --only codecbox --only chardet --n 500

The messages are the translations in the gettext catalogues (``*.mo``) this machine carries in
``/usr/share/locale/<lang>/LC_MESSAGES`` (Debian: coreutils, glib, apt...; the set depends on
the packages installed, so the script prints how many catalogues it read and a digest of the
messages it kept). Each message that the case's legacy encoding writes, has a character
outside ASCII and takes 8 to 200 bytes there is a case; ``--n`` of them per (language,
encoding), drawn with a fixed seed. Right: the answer's codec decodes the bytes to the message.

**Not held out**: the letter and pair shares of ``codecbox/data/frequent.txt`` were counted
on catalogues like these (``tools/frequent_characters.py``), so this is no evaluation of the
letter model. It is an outside check of what the tune split has few of: one or two letters
of a language among ASCII (``iš naujo``, ``Adresă``), where the priors of pages that read the
same bytes as other letters decide. A prior chosen on the tune split is checked here too.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import detection as bench

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from frequent_characters import messages as catalogue_messages  # noqa: E402

#: (gettext language folder, Python codec) in the order printed.
CASES: tuple[tuple[str, str], ...] = (
    *((lang, "cp1252") for lang in ("es", "fr", "de", "pt", "it", "da", "sv", "is")),
    *((lang, "cp1250") for lang in ("pl", "cs", "sk", "hu", "ro", "hr", "sl")),
    *((lang, "cp1251") for lang in ("ru", "uk", "bg", "sr")),
    ("ru", "koi8_r"),
    ("el", "cp1253"),
    ("tr", "cp1254"),
    ("he", "cp1255"),
    ("ar", "cp1256"),
    *((lang, "cp1257") for lang in ("lt", "lv", "et")),
    ("vi", "cp1258"),
    ("th", "cp874"),
    ("ja", "cp932"),
    ("ja", "euc_jp"),
    ("ko", "cp949"),
    ("zh_CN", "gbk"),
    ("zh_TW", "big5"),
)


def messages(folder: Path, codec: str) -> list[str]:
    """The distinct messages of ``folder``'s catalogues that ``codec`` writes in 8-200 bytes,
    with a character outside ASCII, in NFC, sorted (read as ``tools/frequent_characters.py``
    reads them)."""
    found: set[str] = set()
    for text in catalogue_messages([folder]):
        if text.isascii():
            continue
        try:
            size = len(text.encode(codec))
        except UnicodeError:
            continue
        if 8 <= size <= 200:
            found.add(text)
    return sorted(found)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locale-dir", type=Path, default=Path("/usr/share/locale"))
    parser.add_argument("--n", type=int, default=1500, help="messages per case")
    parser.add_argument("--only", action="append", help="detectors whose name starts so")
    args = parser.parse_args(argv)
    found = bench.chosen_peers(args.only)
    names = list(found)
    digest = hashlib.sha256()
    catalogues = 0
    totals = dict.fromkeys(names, 0)
    n_all = 0
    print(f"\n| case | n | {' | '.join(names)} |")
    print(f"|---|---|{'---|' * len(names)}")
    for lang, codec in CASES:
        folder = args.locale_dir / lang / "LC_MESSAGES"
        catalogues += len(list(folder.glob("*.mo")))
        texts = messages(folder, codec)
        random.Random(f"2026-{lang}-{codec}").shuffle(texts)
        texts = texts[: args.n]
        if not texts:
            print(f"| {lang} {codec} | 0 | {' | '.join('—' for _ in names)} |")
            continue
        digest.update("\n".join(texts).encode())
        row = []
        for name in names:
            detect: Callable[[bytes], bench.Answer] = found[name]
            ok = 0
            for text in texts:
                data = text.encode(codec)
                answer = detect(data)
                try:
                    ok += answer.codec is not None and data.decode(answer.codec) == text
                except (UnicodeError, LookupError):
                    pass
            totals[name] += ok
            row.append(f"{100 * ok / len(texts):.1f}")
        n_all += len(texts)
        print(f"| {lang} {codec} | {len(texts)} | {' | '.join(row)} |")
        sys.stdout.flush()
    if n_all:
        cells = " | ".join(f"**{100 * totals[k] / n_all:.1f}**" for k in names)
        print(f"| all | {n_all} | {cells} |")
    print(f"\n{catalogues} catalogues read; messages kept: sha256 {digest.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
