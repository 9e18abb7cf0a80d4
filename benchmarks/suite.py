"""The detection suite of ``benchmarks/detection.py``, built from the repository's texts.

Nothing in it comes from ``curso``: the sampler and the correctness rule are this module's own
(lesson 6 keeps its copy). Every item is an :class:`Item`: bytes, the text they must decode to,
the codec that made them, a category, and for snippets a length.

Splits (``split`` is ``"tune"`` or ``"eval"``) never share a text:

* ``benchmarks/data/documents/<lang>.txt``: the paragraphs (separated by a blank line) are cut
  in two, ``paragraphs[:n // 2]`` is **tune**, ``paragraphs[n // 2:]`` is **eval**;
* ``data/corpus/{es,en,ja,ko}/``: ``tuning.txt`` is **tune**, ``heldout.txt`` is **eval**;
* third-party files are **eval only**: CPython's ``cjkencodings`` (committed under
  ``benchmarks/data/cjkencodings/``) and the test files of the chardet and charset-normalizer
  sdists (fetched by :mod:`external` into the cache, pinned by version and sha256);
* constructed items (binary files, traps, mixed files) exist in both splits; their random
  parts are seeded with the split's name, and the mixed files use the split's own texts.

Whole documents (:func:`documents`): every text unit of the split (each language's paragraphs
joined, each paragraph alone, and for the course corpus runs of 4 paragraphs) in every encoding
of :data:`LEGACY` for its language that represents it exactly (strict encode, and the decode
gives it back; windows-1258 gets :func:`legacy_form`); the first unit of each language also in
UTF-8 and UTF-16/32, with and without a BOM, and in UTF-7; ISO-2022-JP/KR and HZ; then
:func:`binaries`, :func:`mixed`, :func:`traps` and, for eval, the external files.

Snippets (:func:`snippets`): random substrings of 4 to 256 characters of one language's split
text, in its main legacy encodings (:data:`SNIPPET_CASES`), drawn as lesson 6 draws them: one
``random.Random(f"{SEED}-{split}-{lang}-{codec}-{length}")`` per cell, a start per draw, with
replacement, keeping only samples that are not pure ASCII and survive a strict encode/decode.

Right answers (:func:`decodes_to`): decoding the bytes strictly with the answer gives back the
text exactly (one leading U+FEFF is ignored: a BOM is not text). Binary items want "no text
encoding"; mixed items (UTF-8 with one windows-1252 line) want UTF-8.
"""

from __future__ import annotations

import bz2
import codecs
import gzip
import importlib.util
import io
import lzma
import marshal
import math
import os
import pickle
import random
import sqlite3
import struct
import tarfile
import tempfile
import unicodedata
import wave
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DOCUMENTS = HERE / "data" / "documents"
CJK = HERE / "data" / "cjkencodings"
CORPUS = ROOT / "data" / "corpus"
SEED = 2026
SPLITS = ("tune", "eval")
LENGTHS = (4, 8, 16, 32, 64, 128, 256)
#: Give up on a snippet cell after this many draws per wanted sample.
MAX_DRAWS_PER_SAMPLE = 1000

#: The legacy encodings each language's documents are saved in (if they represent the text).
LEGACY: dict[str, tuple[str, ...]] = {
    "ru": ("cp1251", "koi8_r", "iso8859_5", "cp866", "cp855", "mac_cyrillic"),
    "uk": ("cp1251", "koi8_u", "iso8859_5", "cp866", "mac_cyrillic", "cp1125"),
    "bg": ("cp1251", "iso8859_5", "cp866", "cp855", "mac_cyrillic"),
    "el": ("cp1253", "iso8859_7", "mac_greek", "cp737", "cp869", "cp875"),
    "pl": ("cp1250", "iso8859_2", "cp852", "mac_latin2", "iso8859_16", "iso8859_13"),
    "cs": ("cp1250", "iso8859_2", "cp852", "mac_latin2"),
    "hu": ("cp1250", "iso8859_2", "cp852", "mac_latin2", "iso8859_16"),
    "ar": ("cp1256", "iso8859_6", "mac_arabic", "cp720"),
    "he": ("cp1255", "iso8859_8", "cp862", "cp424"),
    "th": ("cp874", "tis_620", "iso8859_11"),
    "tr": ("cp1254", "iso8859_9", "iso8859_3", "cp857", "mac_turkish", "cp1026"),
    "lt": ("cp1257", "iso8859_13", "iso8859_4", "iso8859_10", "cp775"),
    "lv": ("cp1257", "iso8859_13", "iso8859_4", "iso8859_10", "cp775"),
    "vi": ("cp1258",),
    "zh-hans": ("gb2312", "gbk", "gb18030", "hz"),
    "zh-hant": ("big5", "big5hkscs", "cp950"),
    "ja": ("cp932", "shift_jis", "euc_jp", "iso2022_jp", "euc_jisx0213"),
    "ko": ("cp949", "euc_kr", "iso2022_kr", "johab"),
    "es": ("cp1252", "iso8859_1", "iso8859_15", "mac_roman", "cp850", "cp437", "cp858")
    + ("cp037", "cp500"),
    "fr": ("cp1252", "iso8859_1", "iso8859_15", "mac_roman", "cp850", "iso8859_16")
    + ("hp_roman8", "cp500", "cp1140"),
    "de": ("cp1252", "iso8859_1", "iso8859_15", "mac_roman", "cp850", "cp437", "iso8859_16")
    + ("cp273", "cp500", "cp1140"),
    "pt": ("cp1252", "iso8859_1", "iso8859_15", "mac_roman", "cp850", "cp860", "cp037", "cp500"),
    "en": ("cp1252", "iso8859_1", "mac_roman", "cp437", "cp037", "cp500", "cp1140"),
    "it": ("cp1252", "iso8859_1", "iso8859_15", "mac_roman", "cp850", "cp500"),
    "ro": ("cp1250", "iso8859_2"),  # (with the cedillas ş ţ of legacy Romanian)
    "hr": ("cp1250", "iso8859_2", "cp852", "mac_latin2", "iso8859_16"),
    "sk": ("cp1250", "iso8859_2", "cp852", "mac_latin2"),
    "sl": ("cp1250", "iso8859_2", "cp852", "iso8859_16"),
    "sr": ("cp1251", "iso8859_5", "cp855", "mac_cyrillic"),
    "da": ("cp1252", "iso8859_1", "iso8859_15", "cp850", "cp865", "mac_roman"),
    "sv": ("cp1252", "iso8859_1", "iso8859_15", "cp850", "cp437", "mac_roman"),
    "is": ("cp1252", "iso8859_1", "iso8859_10", "cp861", "mac_iceland"),
    "et": ("cp1257", "iso8859_13", "iso8859_15", "iso8859_4", "cp775"),
    "fi": ("cp1252", "iso8859_1", "iso8859_15", "cp850", "mac_roman"),
}
#: EBCDIC code pages (IBM mainframes): the last ones of their languages above.
EBCDIC = ("cp037", "cp500", "cp1140", "cp273", "cp1026", "cp875", "cp424")
#: Languages with a course corpus (data/corpus/<lang>/{tuning,heldout}.txt).
CORPUS_LANGS = ("es", "en", "ja", "ko")
#: Real eval-only text for the thin Chinese documents: cjkencodings' UTF-8 files.
CJK_TEXT = {"zh-hans": ("gb2312", "gbk", "gb18030"), "zh-hant": ("big5",)}

#: Snippet cells: each language in its main legacy encoding(s).
SNIPPET_CASES: tuple[tuple[str, str], ...] = (
    ("es", "cp1252"),
    ("en", "cp1252"),
    ("fr", "cp1252"),
    ("de", "cp1252"),
    ("pt", "cp1252"),
    ("ru", "cp1251"),
    ("ru", "koi8_r"),
    ("uk", "cp1251"),
    ("bg", "cp1251"),
    ("el", "cp1253"),
    ("pl", "cp1250"),
    ("pl", "iso8859_2"),
    ("cs", "cp1250"),
    ("hu", "cp1250"),
    ("tr", "cp1254"),
    ("he", "cp1255"),
    ("ar", "cp1256"),
    ("th", "cp874"),
    ("lt", "cp1257"),
    ("lv", "cp1257"),
    ("vi", "cp1258"),
    ("it", "cp1252"),
    ("ro", "cp1250"),
    ("hr", "cp1250"),
    ("sk", "cp1250"),
    ("sl", "cp1250"),
    ("sr", "cp1251"),
    ("da", "cp1252"),
    ("sv", "cp1252"),
    ("is", "cp1252"),
    ("et", "cp1257"),
    ("fi", "cp1252"),
    ("ja", "cp932"),
    ("ja", "euc_jp"),
    ("ko", "cp949"),
    ("zh-hans", "gbk"),
    ("zh-hant", "big5"),
)

#: The browser's superset reading of an answer (WHATWG: a label names the bigger table).
SUPERSET: dict[str, str] = {
    "ascii": "cp1252",
    "latin-1": "cp1252",
    "iso8859-1": "cp1252",
    "iso8859-9": "cp1254",
    "iso8859-11": "cp874",
    "tis-620": "cp874",
    "shift_jis": "cp932",
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "euc_kr": "cp949",
    "big5": "big5hkscs",
    "cp950": "big5hkscs",
}

#: Category of a codec, for the tables (binary, mixed, traps and external are set apart).
CATEGORIES = (
    "single-byte Latin",
    "Cyrillic",
    "Greek/Hebrew/Arabic/Thai/Baltic/Vietnamese",
    "DOS",
    "Mac",
    "CJK",
    "EBCDIC",
    "UTF-8/16/32",
    "UTF-7",
    "7-bit escapes",
    "binary",
    "mixed",
    "traps",
    "external real files",
)
_LATIN = {
    "cp1252",
    "cp1250",
    "cp1254",
    "iso8859_1",
    "iso8859_2",
    "iso8859_3",
    "iso8859_9",
    "iso8859_15",
    "iso8859_16",
    "hp_roman8",
}
_CYRILLIC = {"cp1251", "koi8_r", "koi8_u", "iso8859_5"}
_OTHER = {
    "cp1253",
    "iso8859_7",
    "cp1255",
    "iso8859_8",
    "cp1256",
    "iso8859_6",
    "cp874",
    "tis_620",
    "iso8859_11",
    "cp1257",
    "iso8859_13",
    "iso8859_4",
    "iso8859_10",
    "cp1258",
}
_ESCAPES = {"iso2022_jp", "iso2022_kr", "hz"}


def category_of(codec: str) -> str:
    """The benchmark's category of a codec (a row of the documents table).

    >>> category_of("cp850"), category_of("koi8_r"), category_of("gbk")
    ('DOS', 'Cyrillic', 'CJK')
    """
    c = codecs.lookup(codec).name.replace("-", "_")
    if c == "utf_7":
        return "UTF-7"
    if c.startswith("utf"):
        return "UTF-8/16/32"
    if c in _ESCAPES:
        return "7-bit escapes"
    if c.startswith("mac_"):
        return "Mac"
    if c in EBCDIC:
        return "EBCDIC"
    if c in {
        "cp437",
        "cp737",
        "cp775",
        "cp850",
        "cp852",
        "cp855",
        "cp857",
        "cp862",
        "cp866",
        "cp869",
        "cp858",
        "cp860",
        "cp1125",
        "cp720",
    }:
        return "DOS"
    if c in _LATIN:
        return "single-byte Latin"
    if c in _CYRILLIC:
        return "Cyrillic"
    if c in _OTHER:
        return "Greek/Hebrew/Arabic/Thai/Baltic/Vietnamese"
    return "CJK"


@dataclass(frozen=True)
class Item:
    """One input: its name, the text its bytes must decode to, the codec that made them."""

    name: str
    text: str
    codec: str
    data: bytes
    candidates: tuple[str, ...] = ()
    group: str = ""
    category: str = ""
    #: Snippets: the length in characters; 0 for a whole document.
    length: int = 0
    #: "text" (decode to ``text``), "binary" (no text encoding) or "utf-8" (a mixed file).
    expect: str = "text"
    #: Where it comes from: "project", "constructed", or the external source's name.
    source: str = "project"


# --- texts and splits ------------------------------------------------------------------------


def _check_split(split: str) -> None:
    if split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS}, got {split!r}")


def document_paragraphs(lang: str, split: str) -> list[str]:
    """The paragraphs of ``documents/<lang>.txt`` in one split (first half tune, rest eval).

    >>> len(document_paragraphs("es", "tune")), len(document_paragraphs("es", "eval"))
    (1, 2)
    """
    _check_split(split)
    raw = (DOCUMENTS / f"{lang}.txt").read_text(encoding="utf-8")
    paras = [p.strip() for p in raw.split("\n\n") if p.strip()]
    half = len(paras) // 2
    return paras[:half] if split == "tune" else paras[half:]


def corpus_paragraphs(lang: str, split: str) -> list[str]:
    """The non-blank lines of ``data/corpus/<lang>/tuning.txt`` (tune) or ``heldout.txt``.

    >>> len(corpus_paragraphs("es", "tune")) > 0, corpus_paragraphs("pl", "tune")
    (True, [])
    """
    _check_split(split)
    if lang not in CORPUS_LANGS:
        return []
    name = "tuning" if split == "tune" else "heldout"
    lines = (CORPUS / lang / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip()]


def cjk_text(lang: str, split: str) -> list[str]:
    """Eval only: the UTF-8 side of CPython's cjkencodings files for Chinese.

    >>> cjk_text("zh-hans", "tune"), len(cjk_text("zh-hans", "eval"))
    ([], 3)
    """
    if split != "eval":
        return []
    return [
        (CJK / f"{stem}-utf8.txt").read_text(encoding="utf-8") for stem in CJK_TEXT.get(lang, ())
    ]


def split_text(lang: str, split: str) -> str:
    """All the text of one language in one split, paragraphs joined with line feeds.

    >>> split_text("es", "tune")[:30]
    'El sábado por la mañana fuimos'
    """
    parts = document_paragraphs(lang, split) + corpus_paragraphs(lang, split)
    parts += [t.strip() for t in cjk_text(lang, split)]
    return "\n".join(parts)


def text_units(lang: str, split: str) -> list[tuple[str, str]]:
    """(label, text) of every whole document of one language in one split.

    >>> [label for label, _ in text_units("es", "tune")][:4]
    ['doc', 'corpus1', 'corpus2', 'corpus3']
    """
    paras = document_paragraphs(lang, split)
    units = [("doc", "\n\n".join(paras) + "\n")]
    if len(paras) > 1:
        units += [(f"doc§{i + 1}", p + "\n") for i, p in enumerate(paras)]
    corpus = corpus_paragraphs(lang, split)
    for i in range(0, len(corpus), 4):
        units.append((f"corpus{i // 4 + 1}", "\n".join(corpus[i : i + 4]) + "\n"))
    for i, t in enumerate(cjk_text(lang, split)):
        units.append((f"cjktext{i + 1}", t))
    return units


def legacy_form(text: str, codec: str) -> str:
    """``text`` as ``codec`` stores it: windows-1258 spells most Vietnamese letters as a
    base letter plus a combining tone mark, so compose only what the code page has.

    >>> len("Việt"), len(legacy_form("Việt", "cp1258")), legacy_form("Việt", "cp1252")
    (4, 5, 'Việt')
    """
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
            if len(joined) == 1 and encode_exactly(joined, codec) is not None:
                base = joined
            else:
                rest.append(mark)
        out.append(base + "".join(rest))
    return "".join(out)


def encode_exactly(text: str, codec: str) -> bytes | None:
    """``text`` in ``codec``, or None if it cannot be stored or does not decode back.

    >>> encode_exactly("año", "cp1252"), encode_exactly("año", "cp1251")
    (b'a\\xf1o', None)
    """
    try:
        data = text.encode(codec)
    except UnicodeEncodeError:
        return None
    return data if data.decode(codec) == text else None


# --- correctness -----------------------------------------------------------------------------


def decodes_to(data: bytes, codec: str | None, text: str) -> bool:
    """True iff ``data`` decodes strictly with ``codec`` to exactly ``text`` (one leading
    U+FEFF of the decoding is ignored when ``text`` has none: a BOM is not text).

    >>> decodes_to(b"\\xef\\xbb\\xbfhola", "utf-8-sig", "hola")
    True
    >>> decodes_to(b"ni\\xf1o", "utf-8", "niño")
    False
    """
    if not codec:
        return False
    try:
        out = data.decode(codec)
    except (UnicodeDecodeError, LookupError, ValueError):
        return False
    if out.startswith("\ufeff") and not text.startswith("\ufeff"):
        out = out[1:]
    return out == text


def normal(codec: str) -> str:
    """Python's canonical name of a codec, or the name itself if Python has none.

    >>> normal("latin1"), normal("whatwg-gbk")
    ('iso8859-1', 'whatwg-gbk')
    """
    try:
        return codecs.lookup(codec).name
    except LookupError:
        return codec


#: Families for "superset right": one encoding under another mapping table (Python's and
#: WHATWG's Shift_JIS differ on WAVE DASH, GB2312 and GB18030 on the middle dot...) or its
#: superset. An answer of the expected codec's family that decodes the bytes is superset right.
FAMILIES: dict[str, str] = {
    **dict.fromkeys(("shift_jis", "cp932", "whatwg-shift_jis", "ms932"), "shift_jis"),
    **dict.fromkeys(("euc_jp", "whatwg-euc-jp"), "euc_jp"),
    **dict.fromkeys(("gb2312", "gbk", "gb18030", "whatwg-gbk", "whatwg-gb18030"), "gb"),
    **dict.fromkeys(("euc_kr", "cp949", "whatwg-euc-kr"), "euc_kr"),
    **dict.fromkeys(("big5", "cp950", "big5hkscs", "whatwg-big5"), "big5"),
    **dict.fromkeys(("ascii", "iso8859-1", "cp1252", "whatwg-windows-1252"), "windows-1252"),
    **dict.fromkeys(("iso8859-9", "cp1254", "whatwg-windows-1254"), "windows-1254"),
    **dict.fromkeys(("tis-620", "iso8859-11", "cp874", "whatwg-windows-874"), "windows-874"),
}


def same_family(expected: str, answer: str) -> bool:
    """Whether ``answer`` is of ``expected``'s family (:data:`FAMILIES`).

    >>> same_family("gbk", "gb18030"), same_family("gbk", "big5")
    (True, False)
    """
    fam = FAMILIES.get(normal(expected))
    return fam is not None and FAMILIES.get(normal(answer)) == fam


def superset_of(codec: str) -> str | None:
    """The browser's superset of a codec (:data:`SUPERSET`), if it has one.

    >>> superset_of("shift_jis"), superset_of("cp1252")
    ('cp932', None)
    """
    return SUPERSET.get(normal(codec))


# --- whole documents ------------------------------------------------------------------------


_UTF = (  # (label, codec to decode, bytes maker)
    ("utf-8", "utf-8", lambda t: t.encode("utf-8")),
    ("utf-8 BOM", "utf-8-sig", lambda t: t.encode("utf-8-sig")),
    ("utf-16le BOM", "utf-16", lambda t: codecs.BOM_UTF16_LE + t.encode("utf-16-le")),
    ("utf-16be BOM", "utf-16", lambda t: codecs.BOM_UTF16_BE + t.encode("utf-16-be")),
    ("utf-16le", "utf-16-le", lambda t: t.encode("utf-16-le")),
    ("utf-16be", "utf-16-be", lambda t: t.encode("utf-16-be")),
    ("utf-32le BOM", "utf-32", lambda t: codecs.BOM_UTF32_LE + t.encode("utf-32-le")),
    ("utf-32le", "utf-32-le", lambda t: t.encode("utf-32-le")),
    ("utf-32be", "utf-32-be", lambda t: t.encode("utf-32-be")),
)


def text_documents(split: str) -> list[Item]:
    """Every text unit of the split in every encoding of its language that stores it.

    >>> items = text_documents("tune")
    >>> len(items), items[0].name, items[0].codec
    (687, 'ru doc', 'cp1251')
    """
    items: list[Item] = []
    for lang, codecs_ in LEGACY.items():
        units = text_units(lang, split)
        for codec in codecs_:
            for label, text in units:
                text = legacy_form(text, codec)
                data = encode_exactly(text, codec)
                if data is None or text.isascii():
                    continue
                items.append(
                    Item(
                        f"{lang} {label}",
                        text,
                        codec,
                        data,
                        group=f"{lang} {codec}",
                        category=category_of(codec),
                    )
                )
        label, text = units[0]
        for tag, codec, make in _UTF:
            items.append(
                Item(
                    f"{lang} {label}",
                    text,
                    codec,
                    make(text),
                    group=f"{lang} {tag}",
                    category="UTF-8/16/32",
                )
            )
        # (UTF-7, RFC 2152: files only, never a page)
        data = text.encode("utf-7")
        items.append(
            Item(f"{lang} {label}", text, "utf-7", data, group=f"{lang} utf-7", category="UTF-7")
        )
    return items


def cjkencodings() -> list[Item]:
    """CPython's cjkencodings pairs (eval only), the encoded file checked against its text.

    >>> items = cjkencodings()
    >>> len(items), items[0].name
    (15, 'cjkencodings big5')
    """
    items = []
    for path in sorted(CJK.glob("*-utf8.txt")):
        stem = path.name[: -len("-utf8.txt")]
        text = path.read_text(encoding="utf-8")
        data = (CJK / f"{stem}.txt").read_bytes()
        if not decodes_to(data, stem, text):
            continue  # not a round trip: nothing could be right
        items.append(
            Item(
                f"cjkencodings {stem}",
                text,
                stem,
                data,
                group=f"cjk {stem}",
                category="external real files",
                source="cjkencodings",
            )
        )
    return items


def _png(rng: random.Random) -> bytes:
    w = h = 24
    rows = b"".join(
        b"\x00" + bytes((x * 10 + y + rng.randrange(3)) % 256 for x in range(w * 3))
        for y in range(h)
    )

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def _zip(text: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for i in range(3):
            info = zipfile.ZipInfo(f"file{i}.txt", date_time=(2020, 1, 1, 0, 0, 0))
            z.writestr(info, text * (i + 1), compress_type=zipfile.ZIP_DEFLATED)
    return buf.getvalue()


def _tar(text: bytes) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as t:
        info = tarfile.TarInfo("notes.txt.gz")
        body = gzip.compress(text, mtime=0)
        info.size, info.mtime = len(body), 0
        t.addfile(info, io.BytesIO(body))
    return buf.getvalue()


def _pdf(text: bytes) -> bytes:
    stream = zlib.compress(b"BT /F1 12 Tf 72 712 Td (" + text[:200] + b") Tj ET\n" * 20)
    return (
        b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
        b"2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n"
        b"3 0 obj\n<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>\nendobj\n"
        b"4 0 obj\n<< /Length " + str(len(stream)).encode() + b" /Filter /FlateDecode >>\n"
        b"stream\n" + stream + b"\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"
    )


def _sqlite(rng: random.Random) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "t.db")
        con = sqlite3.connect(path)
        con.execute("create table t (id integer primary key, x real, name text, b blob)")
        con.executemany(
            "insert into t values (?, ?, ?, ?)",
            [(i, rng.random(), f"name{i}", rng.randbytes(8)) for i in range(200)],
        )
        con.commit()
        con.close()
        return Path(path).read_bytes()


def _wav(rng: random.Random) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(8000)
        w.writeframes(
            b"".join(
                struct.pack("<h", int(8000 * math.sin(i / 7)) + rng.randrange(50))
                for i in range(3000)
            )
        )
    return buf.getvalue()


def binaries(split: str) -> list[Item]:
    """At least 20 binary files built with the standard library, seeded by the split.

    >>> items = binaries("tune")
    >>> len(items), items[0].name, items[0].expect
    (26, 'binary png', 'binary')
    """
    _check_split(split)
    rng = random.Random(f"{SEED}-{split}-binary")
    text = split_text("es", split).encode("utf-8")[:3000]
    jpeg = (
        b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
        b"\xff\xdb\x00\x43\x00"
        + bytes(rng.randrange(1, 100) for _ in range(64))
        + b"\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
        + b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00"
        + bytes(rng.randrange(256) for _ in range(2000)).replace(b"\xff", b"\xff\x00")
        + b"\xff\xd9"
    )
    code = bytes(
        rng.choice(
            (
                0x48,
                0x89,
                0xE5,
                0x8B,
                0x45,
                0xFC,
                0x83,
                0xC0,
                0x01,
                0x5D,
                0xC3,
                0x55,
                0x31,
                0xC0,
                0x0F,
                0x1F,
                0x44,
                0x00,
            )
        )
        for _ in range(3000)
    )
    elf = (
        b"\x7fELF\x02\x01\x01"
        + b"\x00" * 9
        + struct.pack("<HHIQQQIHHHHHH", 2, 62, 1, 0x401000, 64, 0, 0, 64, 56, 1, 64, 0, 0)
        + b"\x00" * 56
        + code
        + b"\x00GCC: (GNU) 12.2.0\x00"
    )
    pe = (
        b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"
        + b"\x00" * 44
        + b"\x80\x00\x00\x00"
        + b"This program cannot be run in DOS mode.\r\r\n$"
        + b"\x00" * 20
        + b"PE\x00\x00"
        + code[:2000]
    )
    pyc = (
        importlib.util.MAGIC_NUMBER
        + b"\x00" * 12
        + marshal.dumps(
            compile(
                "def f(x):\n    return [i * x for i in range(10)]\nprint(f(3))\n", "m.py", "exec"
            )
        )
    )
    java = (
        b"\xca\xfe\xba\xbe\x00\x00\x00\x34\x00\x1d"
        + b"".join(
            b"\x01" + struct.pack(">H", len(s)) + s
            for s in (
                b"java/lang/Object",
                b"<init>",
                b"()V",
                b"Code",
                b"main",
                b"([Ljava/lang/String;)V",
            )
        )
        + code[:500]
    )
    gif = (
        b"GIF89a\x10\x00\x10\x00\x80\x00\x00"
        + bytes(rng.randrange(256) for _ in range(6))
        + b",\x00\x00\x00\x00\x10\x00\x10\x00\x00\x02"
        + bytes([200])
        + bytes(rng.randrange(256) for _ in range(200))
        + b"\x00;"
    )
    bmp_pixels = bytes(rng.randrange(256) for _ in range(16 * 16 * 3))
    bmp = (
        b"BM"
        + struct.pack("<IHHI", 54 + len(bmp_pixels), 0, 0, 54)
        + struct.pack("<IiiHHIIiiII", 40, 16, 16, 1, 24, 0, len(bmp_pixels), 2835, 2835, 0, 0)
        + bmp_pixels
    )
    ints = struct.pack("<500i", *(rng.randrange(0, 300) for _ in range(500)))
    floats = struct.pack("<300d", *(rng.random() * 100 for _ in range(300)))
    shorts = struct.pack(">800H", *(rng.randrange(0, 256) for _ in range(800)))
    wasm = (
        b"\x00asm\x01\x00\x00\x00\x01\x07\x01\x60\x02\x7f\x7f\x01\x7f\x03\x02\x01\x00\x07\x07\x01\x03add\x00\x00\x0a\x09\x01\x07\x00\x20\x00\x20\x01\x6a\x0b"
        + code[:300]
    )
    utf16_header = (
        struct.pack("<4sIIHH", b"DBX\x00", 0x10203, 7, 0, 0xFFFF)
        + bytes(rng.randrange(256) for _ in range(64))
        + split_text("en", split)[:400].encode("utf-16-le")
    )
    made = {
        "png": _png(rng),
        "gzip": gzip.compress(text, mtime=0),
        "zip": _zip(text),
        "tar": _tar(text),
        "bz2": bz2.compress(text),
        "xz": lzma.compress(text),
        "zlib": zlib.compress(text),
        "pdf binary stream": _pdf(text),
        "sqlite3 database": _sqlite(rng),
        "pyc": pyc,
        "pickle": pickle.dumps(
            {"a": [rng.random() for _ in range(50)], "b": rng.randbytes(100)}, protocol=5
        ),
        "elf": elf,
        "pe exe": pe,
        "java class": java,
        "wasm": wasm,
        "jpeg": jpeg,
        "gif": gif,
        "bmp": bmp,
        "wav": _wav(rng),
        "random 4096": rng.randbytes(4096),
        "random 64": rng.randbytes(64),
        "random 16": rng.randbytes(16),
        "int32 array": ints,
        "float64 array": floats,
        "uint16 be array": shorts,
        "utf-16 text after a binary header": utf16_header,
    }
    return [
        Item(
            f"binary {k}",
            "",
            "binary",
            v,
            group=f"binary {k}",
            category="binary",
            expect="binary",
            source="constructed",
        )
        for k, v in made.items()
    ]


#: The windows-1252 line a mixed file gets (the rest is UTF-8).
MIXED_LINE = "Presupuesto: 25 € por café, “señal” — ¡también mañana!\n".encode("cp1252")


def mixed(split: str) -> list[Item]:
    """UTF-8 documents with one windows-1252 line appended or inserted: the answer is UTF-8
    (a text that is all ASCII is left out: nothing in its bytes is UTF-8).

    >>> items = mixed("tune")
    >>> len(items), items[0].name, items[0].expect
    (22, 'mixed es appended', 'utf-8')
    """
    items = []
    for lang in ("es", "fr", "de", "pt", "en", "pl", "ru", "el", "ja", "ko", "zh-hans", "tr"):
        text = text_units(lang, split)[0][1]
        if text.isascii():
            continue  # (no UTF-8 to mix: ASCII and a windows-1252 line are windows-1252 text)
        body = text.encode("utf-8")
        cut = body.rfind(b"\n", 0, len(body) // 2) + 1
        for how, data in (
            ("appended", body + MIXED_LINE),
            ("inserted", body[:cut] + MIXED_LINE + body[cut:]),
        ):
            items.append(
                Item(
                    f"mixed {lang} {how}",
                    text,
                    "utf-8",
                    data,
                    group=f"mixed {how}",
                    category="mixed",
                    expect="utf-8",
                    source="constructed",
                )
            )
    return items


def traps(split: str) -> list[Item]:
    """False-positive traps: ASCII files (any ASCII-compatible answer decodes them), numeric
    CSV, source code with one non-ASCII byte, very short files.

    >>> items = traps("tune")
    >>> len(items), items[0].name
    (24, 'trap ascii prose')
    """
    rng = random.Random(f"{SEED}-{split}-traps")
    csv = "id,price,qty,ratio\n" + "".join(
        f"{i},{rng.randrange(100, 99999) / 100:.2f},{rng.randrange(1, 500)},{rng.random():.6f}\n"
        for i in range(300)
    )
    code = (
        "import sys\n\n\ndef main(argv):\n    total = 0\n    for arg in argv[1:]:\n"
        "        total += int(arg)\n    print('total', total)\n    return 0\n\n\n"
        "if __name__ == '__main__':\n    sys.exit(main(sys.argv))\n"
    )
    c_src = (
        "#include <stdio.h>\n\nint main(void)\n{\n    int i;\n"
        '    for (i = 0; i < 10; i++)\n        printf("%d\\n", i);\n    return 0;\n}\n'
    )
    log = "".join(
        f"2024-01-{1 + i % 28:02d} 12:{i % 60:02d}:00 INFO worker[{rng.randrange(1000)}] "
        f"job {i} done in {rng.randrange(1, 900)} ms\n"
        for i in range(120)
    )
    html = (
        "<!DOCTYPE html>\n<html><head><title>Report</title></head>\n"
        "<body><p>Nothing to report.</p>\n" + "<p>Line.</p>\n" * 40 + "</body></html>\n"
    )
    b64 = "".join(
        chr(rng.choice(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"))
        for _ in range(2000)
    )
    b64 = "\n".join(b64[i : i + 76] for i in range(0, len(b64), 76)) + "\n"
    english = "\n".join(p for p in text_units("en", split)[0][1].splitlines() if p.isascii()) + "\n"
    json_ = (
        '{"items": ['
        + ", ".join(f'{{"id": {i}, "ok": true, "v": {rng.randrange(1000)}}}' for i in range(80))
        + "]}\n"
    )
    cases: list[tuple[str, str, str]] = [  # (name, text, codec)
        ("ascii prose", english, "ascii"),
        ("numeric csv", csv, "ascii"),
        ("python source", code, "ascii"),
        ("c source", c_src, "ascii"),
        ("log file", log, "ascii"),
        ("html ascii", html, "ascii"),
        ("base64", b64, "ascii"),
        ("json", json_, "ascii"),
        (
            "python source + é comment (cp1252)",
            code.replace("import sys\n", "import sys  # café\n"),
            "cp1252",
        ),
        ("python source + ñ string (cp1252)", code.replace("'total'", "'año'"), "cp1252"),
        ("c source + © (cp1252)", "/* © 2024 */\n" + c_src, "cp1252"),
        ("csv + one ü (cp1252)", csv.replace("id,price", "id,Müller,price", 1), "cp1252"),
        ("c source + ß (cp437)", "/* Straße */\n" + c_src, "cp437"),
        ("python source + ё (cp1251)", code.replace("'total'", "'всё'"), "cp1251"),
        ("short OK", "OK\n", "ascii"),
        ("short a", "a", "ascii"),
        ("short 1,2", "1,2\n", "ascii"),
        ("short hello", "hello", "ascii"),
        ("short café", "café", "cp1252"),
        ("short año", "año\n", "cp1252"),
        ("short Привет", "Привет", "cp1251"),
        ("short 日本", "日本", "cp932"),
        ("short 한국", "한국", "cp949"),
        ("short naïve", "naïve", "utf-8"),
    ]
    return [
        Item(
            f"trap {name}",
            text,
            codec,
            text.encode(codec),
            group=f"trap {name}",
            category="traps",
            source="constructed",
        )
        for name, text, codec in cases
    ]


def _framed(lines: list[str], width: int = 64) -> list[str]:
    """``lines`` in a double frame with a shaded banner, as DOS-era art packs draw them."""
    top, bar = "╔" + "═" * width + "╗", "║" + "▓▒░" + " " * (width - 6) + "░▒▓" + "║"
    body = ["║ " + line[: width - 2].ljust(width - 2) + " ║" for line in lines]
    return [top, bar, *body, bar, "╚" + "═" * width + "╝"]


def _built(name: str, text: str, codec: str, group: str) -> list[Item]:
    """A constructed document of ``text`` in ``codec``, if the code page writes it."""
    data = encode_exactly(text, codec)
    if data is None:
        return []
    return [
        Item(
            name, text, codec, data, group=group, category=category_of(codec), source="constructed"
        )
    ]


def mainframe_and_art(split: str) -> list[Item]:
    """Files as DOS and mainframes kept them, from the split's own text: ANSI art (a frame of
    box drawing and shades round a language's lines, in cp437 and cp850, plain and with a
    terminal's colour escapes) and EBCDIC files that are not prose (fixed-length records of
    digits and capitals, and an HTML page) in cp037, cp500 and cp273.

    >>> items = mainframe_and_art("tune")
    >>> len(items), items[0].name, items[0].codec
    (22, 'art en cp437', 'cp437')
    """
    items = []
    for lang in ("en", "es", "fr", "de"):
        lines = [x for x in text_units(lang, split)[0][1].splitlines() if x.strip()][:6]
        art = "\r\n".join(_framed(lines)) + "\r\n"
        coloured = "\x1b[0;1;34m" + art.replace("║", "\x1b[36m║\x1b[0m") + "\x1b[0m"
        for codec in ("cp437", "cp850"):
            for how, text in (("", art), (" coloured", coloured)):
                items += _built(f"art {lang} {codec}{how}", text, codec, f"art{how}")
    words = [w.upper() for w in text_units("en", split)[0][1].split() if w.isalpha()][:60]
    records = "".join(
        f"01{i * 7919 % 10**6:06d}I  {i * 104729 % 10**8:08d}{' '.join(words[i : i + 3]):<40}"
        f"{i % 999:3d}H  {'0' * (20 + i % 30)}".ljust(120)
        for i in range(0, 48, 3)
    )
    for lang, codec in (("fr", "cp500"), ("en", "cp037"), ("de", "cp273")):
        paragraphs = [x for x in text_units(lang, split)[0][1].splitlines() if x.strip()][:5]
        page = (
            '<HTML>\n<HEAD>\n<TITLE>Host page</TITLE>\n<META NAME="generator" CONTENT="CICS">\n'
            "</HEAD>\n<BODY>\n"
            + "".join(f"<P>{x}</P>\n" for x in paragraphs)
            + "</BODY>\n</HTML>\n"
        )
        for name, text in ((f"records {codec}", records), (f"html {lang} {codec}", page)):
            items += _built(f"ebcdic {name}", text, codec, f"ebcdic {name.split()[0]}")
    return items


def documents(split: str = "eval", *, external: Iterable[Item] = ()) -> list[Item]:
    """The whole-document suite of one split (external files only for eval).

    >>> len(documents("tune"))
    781
    """
    _check_split(split)
    items = text_documents(split) + binaries(split) + mixed(split) + traps(split)
    items += mainframe_and_art(split)
    if split == "eval":
        items += cjkencodings() + list(external)
    return items


# --- snippets -------------------------------------------------------------------------------


def draw(text: str, codec: str, length: int, n: int, rng: random.Random) -> list[tuple[str, bytes]]:
    """Up to ``n`` random substrings of ``length`` characters (not pure ASCII) that ``codec``
    stores exactly; fewer if the text cannot supply them in ``MAX_DRAWS_PER_SAMPLE * n`` draws.

    >>> draw("¡Hola, niño!", "cp1252", 4, 2, random.Random(1))
    [('niño', b'ni\\xf1o'), ('niño', b'ni\\xf1o')]
    """
    total = len(text) - length + 1
    kept: list[tuple[str, bytes]] = []
    draws = 0
    while total > 0 and len(kept) < n and draws < MAX_DRAWS_PER_SAMPLE * n:
        draws += 1
        start = rng.randrange(total)
        piece = text[start : start + length]
        if piece.isascii():
            continue
        data = encode_exactly(piece, codec)
        if data is not None:
            kept.append((piece, data))
    return kept


def snippets(split: str = "eval", n: int = 60, lengths: Iterable[int] = LENGTHS) -> list[Item]:
    """``n`` snippets per (language, encoding, length) of :data:`SNIPPET_CASES`.

    >>> items = snippets("tune", n=2, lengths=(4,))
    >>> len(items), items[0].name, items[0].length
    (74, 'es cp1252 4', 4)
    """
    _check_split(split)
    items = []
    for lang, codec in SNIPPET_CASES:
        text = legacy_form(split_text(lang, split), codec)
        for length in lengths:
            rng = random.Random(f"{SEED}-{split}-{lang}-{codec}-{length}")
            for piece, data in draw(text, codec, length, n, rng):
                items.append(
                    Item(
                        f"{lang} {codec} {length}",
                        piece,
                        codec,
                        data,
                        group=f"{lang} {codec}",
                        category=category_of(codec),
                        length=length,
                    )
                )
    return items


def encodings_of(items: Iterable[Item]) -> set[str]:
    """The distinct encodings (Python codec names, BOM forms apart) the items are in.

    >>> sorted(encodings_of(snippets("tune", n=2, lengths=(4,))))[:3]
    ['big5', 'cp1250', 'cp1251']
    """
    return {normal(i.codec) for i in items if i.expect == "text"}
