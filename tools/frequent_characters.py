"""Write ``codecbox/data/frequent.txt``: what real text looks like, for the ``codecbox``
detector's scores (``codecbox.guessing``): the most frequent hangul syllables and CJK
ideographs (they tell Chinese from Korean or Japanese misread), and, for 47 languages
written in the Latin, Cyrillic, Greek, Arabic, Hebrew and Thai scripts, how often each
non-ASCII letter and each pair of neighbours with one (a space standing for a word's edge)
occurs (they tell one code page's letters from another's); for those of the Latin script, the
:data:`WORDS_KEPT` most common words of ASCII letters (the same in every reading of the bytes,
they tell which language a text is in, and so which letters it should have).

    python tools/frequent_characters.py [--locale-dir /usr/share/locale] [--out FILE]
        [--jieba-dict jieba-0.42.1/jieba/dict.txt --opencc-dir DIR]
        [--langdetect-dir langdetect-1.0.9/langdetect/profiles]

The text is the translated messages of the gettext catalogues (``*.mo``) a Debian system
carries in ``/usr/share/locale/<lang>/LC_MESSAGES``: real text written by many translators
(of coreutils, glib, gtk, apt...), and not part of any benchmark of this repository. Only
counts are kept: the N most frequent characters of each CJK kind; each letter's share of a
language's letters in units of 1/10,000 and each pair's share of its pairs in units of
1/100,000, leaving out shares under one unit (to the scorer those are letters and pairs
the language does not use). Text is lower-cased, combining marks are dropped and anything
that is not a letter is a space.

Software messages use few of the characters of everyday Chinese (妈, 鸡, 蛋 are not in them):
with ``--jieba-dict``, the Chinese ideographs also come from the dictionary of the jieba
word segmenter (PyPI ``jieba`` 0.42.1, MIT licence, sdist ``jieba-0.42.1.tar.gz`` of sha256
055ca12f62674fafed09427f176506079bc135638a14e23e25be909131928db2, file ``jieba/dict.txt``:
349,046 words of simplified Chinese, each with its frequency in jieba's corpus). A character's
frequency is the sum over the words of the word's frequency times the character's occurrences
in it; the :data:`JIEBA` most frequent make the rows ``zh_CN.jieba`` and ``zh_TW.jieba``.
The traditional row converts each word first, as OpenCC's ``s2tw`` does (longest phrase of
``STPhrases.txt``, else each character's first form in ``STCharacters.txt``, then
``TWVariants.txt``), with the dictionary files of ``--opencc-dir``: the folder
``opencc/dictionary`` of PyPI ``opencc-python-reimplemented`` 0.1.7 (Apache License 2.0, data
of the OpenCC project; sdist sha256
4f777ea3461a25257a7b876112cfa90bb6acabc6dfb843bf4d11266e43579dee). Neither is a dependency:
download the sdists with ``pip download --no-deps --no-binary :all: jieba==0.42.1
opencc-python-reimplemented==0.1.7`` and unpack them. Only the characters are kept
(codecbox/data/JIEBA-NOTICE.txt). No text of this repository's benchmarks is in either.

Software messages miss everyday words too (Portuguese "manhã", Turkish "kız"): with
``--langdetect-dir``, the letters and pairs of the languages of :data:`RUNNING` also come from
running text, the language profiles of the language detector ``langdetect`` (PyPI
``langdetect`` 1.0.9, Apache License 2.0, Copyright 2010-2014 Cybozu Labs, Inc. and 2014-2015
Michal Danilak; sdist ``langdetect-1.0.9.tar.gz`` of sha256
cbc1fef89f8d062739774bd51eda3da3274006b3661d199c2655f6b3f6d605a0, folder
``langdetect/profiles``: for each language, how often each 1-, 2- and 3-gram of characters
occurs in Wikipedia articles, a space marking a word's edge, and the total of each kind in
``n_words``). Only the 1- and 2-grams' counts are read: the profiles keep the case, so a
letter's count is the sum of its upper and lower case's, and each gram is folded as above (a
gram with something that is not a letter or a space is left out), a letter's share being in
1/10,000 of the 1-grams that are letters and a pair's in 1/100,000 of the 2-grams. Romanian,
Vietnamese, Persian and Urdu are not taken: langdetect wrote Romanian's s and t with a comma
below as with a cedilla, Vietnamese's letters of U+1EA0-U+1EF9 as one, and Persian's yeh as
Arabic's. Not a dependency: download the sdist with ``pip download --no-deps --no-binary
:all: langdetect==1.0.9`` and unpack it. Only counts are kept
(codecbox/data/LANGDETECT-NOTICE.txt).

The file of the repository is made by::

    python tools/frequent_characters.py --jieba-dict jieba-0.42.1/jieba/dict.txt \
        --opencc-dir opencc-python-reimplemented-0.1.7/opencc/dictionary \
        --langdetect-dir langdetect-1.0.9/langdetect/profiles
"""

from __future__ import annotations

import argparse
import gettext
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

#: language directory -> (kind of character, how many to keep)
LANGUAGES = {
    "ko": ("hangul", 1000),
    "zh_CN": ("han", 1800),
    "zh_TW": ("han", 1800),
    "ja": ("han", 1500),
}
#: Languages whose letters and pairs are counted: language -> its catalogue folders.
LETTER_LANGUAGES = {
    **{
        lang: (lang,)
        for lang in (
            "es fr it ca gl de nl da sv fi is fo et lv lt pl cs sk sl hr hu ro tr az sq mt cy "
            "ga eu eo vi ru uk be bg sr mk el ar fa ur he th kk tg"
        ).split()
    },
    "pt": ("pt", "pt_BR"),
    "no": ("nb", "no"),
}
#: Languages whose letters and pairs also come from langdetect's profiles: its code ->
#: ``"replace"`` the catalogues' rows with the profile's, or ``"max"`` (:func:`merged`). Chosen
#: on the tuning split (benchmarks/detection.py --split tune --n 150, one language at a time,
#: then together): Lithuanian snippets +3.0 points, French +2.4, Russian KOI8-R +1.4,
#: Bulgarian +0.8, Ukrainian +0.7, Russian windows-1251 +0.7 (Greek -0.8, Hebrew -0.7, Czech
#: -0.6); snippets of 4 characters +0.6. Not taken: Latvian's (Latvian +2.2, but a Spanish
#: list of "Muñoz;año" read as ISO-8859-4's ņ: tests/lib/test_detection_traps.py), Hebrew's
#: (Hebrew +2.4, but Cyrillic snippets read as Hebrew: Bulgarian -4.9), Thai's (-2.2), Greek's
#: (Greek +0.5, KOI8-R -0.8), Polish's (-0.6), Catalan's (Czech -1.7); those of Portuguese,
#: Turkish and the other languages changed nothing or next to nothing. Once Italian, Romanian,
#: Croatian, Slovak, Slovene, Danish, Swedish, Estonian and Finnish were in the tuning split
#: (issue 18, eleventh session): Italian's, whose catalogues have no ì and ù in 4/10,000 of
#: the letters ("più" read as Czech "piů"): Italian +8.5 points, snippets of 32-64 characters
#: +0.4, nothing lower; Slovene's +0.7 for Slovene. Romanian's: Romanian +8.6, but Lithuanian
#: -8.5, Latvian -4.6, Icelandic -2.4; the others' changed nothing (Icelandic has no profile).
RUNNING: dict[str, str] = {
    "it": "max",
    "sl": "max",
    "lt": "max",
    "fr": "replace",
    "bg": "replace",
    "uk": "replace",
    "ru": "max",
    "ar": "replace",
}
#: Chinese rows from jieba's dictionary: row -> (convert to traditional?, how many to keep)
JIEBA = {"zh_CN.jieba": (False, 4000), "zh_TW.jieba": (True, 4000)}
OUT = Path(__file__).resolve().parents[1] / "codecbox" / "data" / "frequent.txt"
_PAIRS = re.compile(r"(?=([^\x00-\x7f].|.[^\x00-\x7f]))")


def _kind(ch: str) -> str:
    o = ord(ch)
    if 0xAC00 <= o <= 0xD7A3:
        return "hangul"
    if 0x4E00 <= o <= 0x9FFF:
        return "han"
    return ""


def _opencc(folder: Path, name: str) -> dict[str, str]:
    """One OpenCC dictionary file: each key and its first form."""
    table = {}
    for line in (folder / name).read_text(encoding="utf-8").splitlines():
        if "\t" in line:
            key, forms = line.split("\t", 1)
            table[key] = forms.split()[0]
    return table


def to_traditional(folder: Path) -> Callable[[str], str]:
    """Simplified to traditional Chinese as written in Taiwan, as OpenCC's ``s2tw`` (its
    dictionary files in ``folder``): the longest phrase first, else one character.

    >>> convert = to_traditional(Path("opencc/dictionary"))  # doctest: +SKIP
    >>> convert("妈妈买了鸡蛋"), convert("头发")  # doctest: +SKIP
    ('媽媽買了雞蛋', '頭髮')
    """
    phrases = _opencc(folder, "STPhrases.txt")
    chars = _opencc(folder, "STCharacters.txt")
    variants = str.maketrans(_opencc(folder, "TWVariants.txt"))
    longest = max(map(len, phrases))

    def convert(text: str) -> str:
        out = []
        i = 0
        while i < len(text):
            for n in range(min(longest, len(text) - i), 1, -1):
                found = phrases.get(text[i : i + n])
                if found is not None:
                    out.append(found)
                    i += n
                    break
            else:
                out.append(chars.get(text[i], text[i]))
                i += 1
        return "".join(out).translate(variants)

    return convert


def jieba_counts(path: Path, convert: Callable[[str], str] | None = None) -> Counter[str]:
    """Each ideograph's frequency in jieba's ``dict.txt`` (lines ``word frequency tag``): the
    sum of its words' frequencies, once per occurrence; ``convert`` each word first if given."""
    found: Counter[str] = Counter()
    for line in path.read_text(encoding="utf-8").splitlines():
        word, freq = line.split()[:2]
        if convert is not None:
            word = convert(word)
        for ch in word:
            if _kind(ch) == "han":
                found[ch] += int(freq)
    return found


def messages(folders: list[Path]) -> Iterator[str]:
    """The translated messages of every catalogue in these folders, in NFC."""
    for folder in folders:
        for mo in sorted(folder.glob("*.mo")):
            try:
                with mo.open("rb") as f:
                    catalog = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
            except (OSError, UnicodeDecodeError, ValueError):
                continue
            for text in catalog.values():
                if isinstance(text, str):
                    yield unicodedata.normalize("NFC", text)


def fold(text: str) -> str:
    """Lower-case letters; combining marks dropped; anything else one space."""
    out = []
    for ch in text.lower():
        if ch.isalpha():
            out.append(ch)
        elif not unicodedata.category(ch).startswith("M") and (not out or out[-1] != " "):
            out.append(" ")
    return "".join(out)


def shares(folders: list[Path]) -> tuple[dict[str, int], dict[str, int]]:
    """Non-ASCII letters in 1/10,000 of the letters, pairs with one in 1/100,000 of the pairs."""
    letters: Counter[str] = Counter()
    pairs: Counter[str] = Counter()
    n_letters = n_pairs = 0
    for text in messages(folders):
        folded = fold(text)
        found = Counter(folded)
        found.pop(" ", None)
        n_letters += sum(found.values())
        letters.update({ch: n for ch, n in found.items() if not ch.isascii()})
        n_pairs += max(0, len(folded) - 1)
        pairs.update(_PAIRS.findall(folded))
    out_letters = {ch: round(10_000 * n / max(n_letters, 1)) for ch, n in letters.most_common()}
    out_pairs = {p: round(100_000 * n / max(n_pairs, 1)) for p, n in pairs.most_common()}
    return (
        {ch: n for ch, n in out_letters.items() if n >= 1},
        {p: n for p, n in out_pairs.items() if n >= 1},
    )


#: A word of a message: letters not touching a letter, a digit or what starts or ends a
#: placeholder (``%s``, ``\\n``, ``$HOME``, ``&Open``, ``<b>``, ``{name}``).
_WORD = re.compile(r"(?<![%\\$&@<{\w])[^\W\d_]+(?![\w>}])")
#: How many of a Latin-script language's most common ASCII words are kept.
WORDS_KEPT = 200


def common_words(folders: list[Path]) -> dict[str, int]:
    """The :data:`WORDS_KEPT` most common words of ASCII letters (two or more, lower case) in
    1/100,000 of all the words (those of other letters counted too), most common first.

    >>> common_words([])
    {}
    """
    found: Counter[str] = Counter()
    total = 0
    for text in messages(folders):
        words = _WORD.findall(text)
        total += len(words)
        found.update(w.lower() for w in words if w.isascii() and len(w) >= 2)
    return {w: round(100_000 * n / total) for w, n in found.most_common(WORDS_KEPT)}


def _latin(letters: dict[str, int]) -> bool:
    """Whether most of a language's non-ASCII letters (by share) are Latin."""
    latin = sum(n for ch, n in letters.items() if unicodedata.name(ch, "").startswith("LATIN"))
    return latin * 2 > sum(letters.values())


def _units(counts: Counter[str], total: int, unit: int) -> dict[str, int]:
    """Counts as shares of ``total`` in 1/``unit``, most frequent first, leaving out those
    under one unit."""
    rounded = {key: round(unit * n / max(total, 1)) for key, n in counts.most_common()}
    return {key: n for key, n in rounded.items() if n >= 1}


def profile_shares(path: Path) -> tuple[dict[str, int], dict[str, int]]:
    """The letters and pairs of one langdetect profile (JSON: ``freq``, ``n_words``) in the
    units of :func:`shares`: each gram folded (:func:`fold`; upper and lower case summed), non-ASCII
    letters in 1/10,000 of the 1-grams that are letters, pairs with one in 1/100,000 of the
    2-grams."""
    import json

    profile = json.loads(path.read_text(encoding="utf-8"))
    letters: Counter[str] = Counter()
    pairs: Counter[str] = Counter()
    not_letters = 0
    for gram, n in profile["freq"].items():
        folded = fold(gram)
        if len(gram) == 1:
            if folded == " " or len(folded) != 1:
                not_letters += n
            elif not folded.isascii():
                letters[folded] += n
        elif len(gram) == 2 and len(folded) == 2 and folded != "  ":
            if gram.replace(" ", "").isalpha() and _PAIRS.match(folded):
                pairs[folded] += n
    n_letters, n_pairs = profile["n_words"][0] - not_letters, profile["n_words"][1]
    # Wikipedia's articles quote names in other scripts (Turkish ones Cyrillic): only the
    # letters of the language's own script (that of most of its non-ASCII letters) are kept.
    by_script: Counter[str] = Counter()
    for ch, n in letters.items():
        by_script[_script(ch)] += n
    script = by_script.most_common(1)[0][0]
    letters = Counter({ch: n for ch, n in letters.items() if _script(ch) == script})
    pairs = Counter({p: n for p, n in pairs.items() if {_script(ch) for ch in p} <= {script, ""}})
    return _units(letters, n_letters, 10_000), _units(pairs, n_pairs, 100_000)


def _script(ch: str) -> str:
    """A letter's script as the first word of its Unicode name (``LATIN``, ``CYRILLIC``...),
    nothing for a space."""
    return "" if ch == " " else unicodedata.name(ch, "?").split()[0]


def merged(catalogue: dict[str, int], running: dict[str, int]) -> dict[str, int]:
    """Two rows of shares as one, each key's larger share (most frequent first): langdetect's
    profiles leave out the grams under about 1/10,000 of the letters, which the catalogues
    may have.

    >>> merged({"ão": 9, "õe": 2}, {"ão": 5, "ã ": 3})
    {'ão': 9, 'ã ': 3, 'õe': 2}
    """
    found = {key: max(catalogue.get(key, 0), n) for key, n in running.items()}
    found = catalogue | found
    return dict(sorted(found.items(), key=lambda item: (-item[1], item[0])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locale-dir", type=Path, default=Path("/usr/share/locale"))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--jieba-dict", type=Path, help="jieba 0.42.1's jieba/dict.txt")
    parser.add_argument("--opencc-dir", type=Path, help="opencc/dictionary of OpenCC's data")
    parser.add_argument(
        "--langdetect-dir", type=Path, help="langdetect 1.0.9's langdetect/profiles"
    )
    args = parser.parse_args()
    if (args.jieba_dict is None) != (args.opencc_dir is None):
        parser.error("--jieba-dict and --opencc-dir go together")
    lines = ["# codecbox: what real text looks like, by language (see"]
    lines.append("# tools/frequent_characters.py); one line per language and kind: code, kind,")
    lines.append("# then the characters (hangul, han: most frequent first), or each letter")
    lines.append("# (letters) or pair of neighbours (pairs, _ for a word's edge) followed by its")
    lines.append("# share in 1/10,000 or 1/100,000, or each common word of ASCII letters of a")
    lines.append("# Latin-script language (words) followed by its share in 1/100,000 of the words")
    if args.jieba_dict is not None:
        lines.append("# zh_CN.jieba, zh_TW.jieba: from jieba 0.42.1's dict.txt (MIT licence; the")
        lines.append("# traditional row converted by OpenCC's s2tw tables): JIEBA-NOTICE.txt")
    if args.langdetect_dir is not None and RUNNING:
        lines.append("# letters and pairs of " + ", ".join(RUNNING) + ": also from langdetect")
        lines.append("# 1.0.9's profiles (Apache License 2.0): LANGDETECT-NOTICE.txt")
    for lang, (kind, n) in LANGUAGES.items():
        found: Counter[str] = Counter()
        for text in messages([args.locale_dir / lang / "LC_MESSAGES"]):
            found.update(ch for ch in text if _kind(ch) == kind)
        top = "".join(ch for ch, _ in found.most_common(n))
        share = sum(c for _, c in found.most_common(n)) / max(sum(found.values()), 1)
        print(f"{lang}: top {len(top)} of {len(found)} cover {share:.1%}")
        lines.append(f"{lang}\t{kind}\t{top}")
    if args.jieba_dict is not None:
        convert = to_traditional(args.opencc_dir)
        for row, (traditional, n) in JIEBA.items():
            found = jieba_counts(args.jieba_dict, convert if traditional else None)
            top = "".join(ch for ch, _ in found.most_common(n))
            share = sum(c for _, c in found.most_common(n)) / max(sum(found.values()), 1)
            print(f"{row}: top {len(top)} of {len(found)} cover {share:.1%}")
            lines.append(f"{row}\than\t{top}")
    for lang, folders in LETTER_LANGUAGES.items():
        letters, pairs = shares([args.locale_dir / f / "LC_MESSAGES" for f in folders])
        how = RUNNING.get(lang) if args.langdetect_dir is not None else None
        if how is not None:
            running = profile_shares(args.langdetect_dir / lang)
            if how == "replace":
                letters, pairs = running
            else:
                letters, pairs = merged(letters, running[0]), merged(pairs, running[1])
        print(f"{lang}: {len(letters)} letters, {len(pairs)} pairs")
        lines.append(f"{lang}\tletters\t" + " ".join(f"{ch}{n}" for ch, n in letters.items()))
        edges = " ".join(f"{p.replace(' ', '_')}{n}" for p, n in pairs.items())
        lines.append(f"{lang}\tpairs\t{edges}")
        if _latin(letters):
            words = common_words([args.locale_dir / f / "LC_MESSAGES" for f in folders])
            lines.append(f"{lang}\twords\t" + " ".join(f"{w}{n}" for w, n in words.items()))
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
