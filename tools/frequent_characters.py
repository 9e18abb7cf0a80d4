"""Write ``codecbox/data/frequent.txt``: the most frequent hangul syllables and CJK
ideographs of real text, which the ``codecbox`` detector's scores use to tell Chinese from
Korean or Japanese misread (``codecbox.guessing``).

    python tools/frequent_characters.py [--locale-dir /usr/share/locale]

The text is the translated messages of the gettext catalogues (``*.mo``) a Debian system
carries in ``/usr/share/locale/<lang>/LC_MESSAGES``: real text written by many translators
(of coreutils, glib, gtk, apt...), and not part of any benchmark of this repository. Only
character counts are kept: the N most frequent of each kind, one line per language.
"""

from __future__ import annotations

import argparse
import gettext
import unicodedata
from collections import Counter
from pathlib import Path

#: language directory -> (kind of character, how many to keep)
LANGUAGES = {
    "ko": ("hangul", 1000),
    "zh_CN": ("han", 1800),
    "zh_TW": ("han", 1800),
    "ja": ("han", 1500),
}
OUT = Path(__file__).resolve().parents[1] / "codecbox" / "data" / "frequent.txt"


def _kind(ch: str) -> str:
    o = ord(ch)
    if 0xAC00 <= o <= 0xD7A3:
        return "hangul"
    if 0x4E00 <= o <= 0x9FFF:
        return "han"
    return ""


def counts(folder: Path, kind: str) -> tuple[Counter[str], int]:
    found: Counter[str] = Counter()
    files = 0
    for mo in sorted(folder.glob("*.mo")):
        try:
            with mo.open("rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        files += 1
        for text in catalog.values():
            if isinstance(text, str):
                found.update(ch for ch in unicodedata.normalize("NFC", text) if _kind(ch) == kind)
    return found, files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locale-dir", type=Path, default=Path("/usr/share/locale"))
    args = parser.parse_args()
    lines = ["# codecbox: the most frequent characters of real text, by language (see"]
    lines.append("# tools/frequent_characters.py); one line per language: code, kind, characters")
    for lang, (kind, n) in LANGUAGES.items():
        found, files = counts(args.locale_dir / lang / "LC_MESSAGES", kind)
        top = "".join(ch for ch, _ in found.most_common(n))
        total = sum(found.values())
        covered = sum(c for _, c in found.most_common(n))
        print(
            f"{lang}: {files} catalogues, {len(found)} distinct, top {len(top)} cover "
            f"{covered / max(total, 1):.1%} of {total} characters"
        )
        lines.append(f"{lang}\t{kind}\t{top}")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
