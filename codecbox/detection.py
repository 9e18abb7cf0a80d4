"""Guessing the encoding of bytes, with one signature (:class:`Detector`) for every detector.

A detector takes bytes, optional candidate encodings and ``prefix``, and answers with a
:class:`Guess`; it never raises on odd bytes: ``Guess(encoding=None, ...)`` means "nothing
fits". :func:`evidence` says what the bytes prove before any statistics. The detectors known
by name (:data:`DETECTORS`): ``codecbox`` (:func:`guess_codecbox`, the default),
``charset-normalizer`` (a dependency) and ``chardet`` (the ``chardet`` extra). Lesson 6's
small detectors are the course's (``curso/l06/detectors.py``).

>>> g = guess_codecbox("오늘은 날씨가 좋아서 공원에 갔습니다.".encode("cp949"))
>>> g.encoding.codec, g.rule.value, g.sure
('euc_kr', 'detected', True)
"""

from __future__ import annotations

import codecs
import heapq
import importlib.util
import math
import re
import sys
import unicodedata
from array import array
from collections import _count_elements  # type: ignore[attr-defined]  # (Counter's, in C)
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import add, mul
from typing import Any, Literal, NamedTuple, Protocol

from codecbox import guessing
from codecbox.errors import DecodeError, install_hint
from codecbox.labels import Encoding, resolve
from codecbox.rules import Rule
from codecbox.sniffing import bom
from codecbox.table import TABLE

__all__ = [
    "candidate_encodings",
    "DETECTORS",
    "Detector",
    "Guess",
    "decode_prefix",
    "detector_for",
    "guess_chardet",
    "guess_charset_normalizer",
    "guess_codecbox",
]


@dataclass(frozen=True)
class Guess:
    """A detector's answer, or ``encoding=None`` when nothing fits.

    ``rule`` says how the detector decided; ``confidence`` is its own probability in [0, 1]
    (None if it only scores); ``raw`` its native metric, e.g. ``("chaos", 0.02)`` for
    charset-normalizer (lower is better) or ``("margin", 3.5)`` for ``codecbox`` (higher
    is better): compare raw metrics only within one detector.
    """

    encoding: Encoding | None
    detector: str
    rule: Rule = Rule.DETECTED
    confidence: float | None = None
    raw: tuple[str, float] | None = None
    #: When the detector is not sure (only ``codecbox`` says): the best reading whose text
    #: differs from the chosen one's (``confidence`` is then below 0.5).
    runner_up: Encoding | None = None
    #: For :attr:`Rule.BINARY` (``encoding`` None): what the bytes are, e.g. ``"PNG image"``.
    binary: str | None = None

    @property
    def confident(self) -> bool:
        """True only when a byte order mark or valid UTF-8 decided, never for a guess.

        >>> guess_codecbox(b"\\xef\\xbb\\xbfhola").confident, guess_codecbox(b"ni\\xf1o").confident
        (True, False)
        """
        return self.encoding is not None and self.rule.certain

    @property
    def sure(self) -> bool:
        """False when the detector said it could not choose between two readings.

        >>> guess_codecbox("año".encode("cp1252"), ["cp1252", "cp1250"]).sure
        False
        """
        return self.encoding is not None and self.runner_up is None

    @property
    def how(self) -> str:
        """Short label for tables and messages, e.g. ``"windows-1252 (codecbox)"``.

        >>> guess_codecbox(b"\\xef\\xbb\\xbfhola").how
        'utf-8-sig (codecbox)'
        """
        if self.binary is not None:
            return f"binary data: {self.binary} ({self.detector})"
        return f"{self.encoding or 'unknown'} ({self.detector})"


class Detector(Protocol):
    """Bytes (and optional candidates) in, a :class:`Guess` out; ``prefix=True``: the bytes
    start a longer input, so a character cut at the end must not disqualify an encoding."""

    def __call__(
        self,
        data: bytes,
        candidates: Sequence[str | Encoding] | None = None,
        *,
        prefix: bool = False,
    ) -> Guess: ...


def decode_prefix(data: bytes, encoding: str | Encoding) -> str:
    """Decode the *start* of a longer input: a character cut at the end is held back, not an
    error (``data[:65536]`` splits one most of the time); bytes that are wrong wherever the
    input continues still raise a :class:`DecodeError`.

    >>> decode_prefix("año".encode("utf-8")[:2], "utf-8")
    'a'
    """
    enc = resolve(encoding)
    if enc.codec is None:
        raise ValueError(f"{enc.name} has no decoder")
    try:
        return codecs.getincrementaldecoder(enc.codec)().decode(data, final=False)
    except UnicodeDecodeError as exc:
        # The codec may report positions in a suffix of what it was fed (utf-8-sig
        # drops the BOM first); the suffix always ends where the input ends.
        base = len(data) - len(exc.object)
        raise DecodeError.wrap(exc, base=base, encoding=enc) from exc


def candidate_encodings(candidates: Sequence[str | Encoding]) -> tuple[Encoding, ...]:
    """A candidate list, checked once for every caller: each name resolved (an unknown one
    raises :class:`~codecbox.errors.UnknownEncodingError`); a bare ``str`` and an encoding
    without a decoder are refused.

    >>> [e.name for e in candidate_encodings(["cp1252", "sjis"])]
    ['windows-1252', 'shift_jis']
    """
    if isinstance(candidates, str):
        raise TypeError("candidates must be a sequence of encoding names, not a str")
    out = tuple(resolve(name) for name in candidates)
    for enc in out:
        if enc.codec is None:
            raise ValueError(f"{enc.name} cannot be a candidate: it has no decoder")
    return out


#: Python codec names of the multi-byte encodings.
_MULTIBYTE = re.compile(r"utf|cp93|cp94|cp95|euc|jis|johab|gb|big5|hz|iso2022|kr|mbcs")


@lru_cache(maxsize=256)
def _single_byte(codec: str) -> bool:
    return _MULTIBYTE.search(codecs.lookup(codec).name) is None


#: CPython's stateless CJK codecs whose characters are at most two bytes (three after EUC-JP's
#: 0x8F; not euc_kr, whose KS X 1001 make-up sequences are eight) and none of which decodes any
#: bytes to U+FFFD (none can encode it; tests/lib/test_detection_work.py decodes every such
#: sequence): read with ``errors="replace"``, a U+FFFD in the text is an invalid sequence,
#: found without the cost of an exception (an input most of them cannot read tries a dozen).
#: (Only on inputs of up to ``_REPLACED_UP_TO`` bytes: a strict decode stops at the first
#: invalid sequence, which on a longer input costs less than reading all of it.)
_REPLACED_UP_TO = 256
_REPLACING = frozenset(
    ("big5", "big5hkscs", "cp932", "cp949", "cp950", "euc_jis_2004", "euc_jisx0213", "euc_jp")
    + ("gb2312", "gbk", "johab", "shift_jis", "shift_jis_2004", "shift_jisx0213")
)


@lru_cache(maxsize=256)
def _reader(codec: str) -> Callable[[bytes, bool], str | None]:
    """What reads ``codec``: the text of some bytes (as a prefix, if asked), or None if they
    are not valid in it.

    >>> read = _reader("shift_jis")
    >>> read("日本".encode("shift_jis"), False), read(b"\\xf3 ", False)
    ('日本', None)
    """
    info = codecs.lookup(codec)
    decode, incremental = info.decode, info.incrementaldecoder
    whole = _single_byte(codec)
    replacing = info.name in _REPLACING

    def read(data: bytes, prefix: bool) -> str | None:
        if replacing and len(data) <= _REPLACED_UP_TO:
            if prefix:
                text = incremental("replace").decode(data, final=False)
            else:
                text = decode(data, "replace")[0]
            return None if "\ufffd" in text else text
        try:
            if prefix and not whole:
                return incremental().decode(data, final=False)
            return decode(data)[0]
        except UnicodeError:  # BOM-less utf-16/utf-32 raise the base class
            return None

    return read


# --- evidence: what the bytes say before any statistics ---------------------------------------

#: Magic numbers of common binary formats: (offset, bytes, what the data is).
MAGIC: tuple[tuple[int, bytes, str], ...] = (
    (0, b"\x89PNG\r\n\x1a\n", "PNG image"),
    (0, b"GIF87a", "GIF image"),
    (0, b"GIF89a", "GIF image"),
    (0, b"\xff\xd8\xff", "JPEG image"),
    (0, b"II*\x00", "TIFF image"),
    (0, b"MM\x00*", "TIFF image"),
    (0, b"%PDF-", "PDF document"),
    (0, b"PK\x03\x04", "ZIP archive"),
    (0, b"PK\x05\x06", "ZIP archive"),
    (0, b"\x1f\x8b", "gzip data"),
    (0, b"\xfd7zXZ\x00", "xz data"),
    (0, b"7z\xbc\xaf\x27\x1c", "7-Zip archive"),
    (0, b"Rar!\x1a\x07", "RAR archive"),
    (0, b"\x28\xb5\x2f\xfd", "Zstandard data"),
    (0, b"\x7fELF", "ELF executable"),
    (0, b"\xcf\xfa\xed\xfe", "Mach-O executable"),
    (0, b"\xca\xfe\xba\xbe", "Java class or Mach-O executable"),
    (0, b"SQLite format 3\x00", "SQLite database"),
    (0, b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "OLE2 document (old Office)"),
    (0, b"\x00asm", "WebAssembly module"),
    (0, b"OggS\x00", "Ogg media"),
    (0, b"fLaC", "FLAC audio"),
    (0, b"ID3", "MP3 audio"),
    (0, b"\x1a\x45\xdf\xa3", "Matroska/WebM media"),
    (0, b"wOFF", "WOFF font"),
    (0, b"wOF2", "WOFF2 font"),
    (0, b"PAR1", "Parquet file"),
    (4, b"ftyp", "MP4/QuickTime media"),
    (257, b"ustar", "tar archive"),
)
#: Formats whose magic number is also plausible text: binary only with a NUL byte early on.
MAGIC_WITH_NUL: tuple[tuple[bytes, str], ...] = (
    (b"MZ", "Windows executable"),
    (b"RIFF", "RIFF media (WAV, AVI, WebP)"),
    (b"BM", "BMP image"),
    (b"BZh", "bzip2 data"),
)
_MAGIC_FIRST = frozenset(magic[0] for offset, magic, _ in MAGIC if offset == 0)
_MAGIC_WITH_NUL_FIRST = frozenset(magic[0] for magic, _ in MAGIC_WITH_NUL)
#: Bytes no text has (C0 controls but white space, backspace, SUB and ISO-2022's shifts and
#: escape): in quantity they mean binary data.
_ODD_BYTES = bytes([*range(0x00, 0x08), 0x0B, *range(0x10, 0x1A), *range(0x1C, 0x20), 0x7F])
#: Text characters a UTF-16/32 reading may not contain (controls other than white space).
_TEXT_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_UTF8 = resolve("utf-8")


def _magic(data: bytes) -> str | None:
    """The binary format whose magic number ``data`` starts with, or None."""
    if data[0] in _MAGIC_FIRST or data[4:8] == b"ftyp" or data[257:262] == b"ustar":
        for offset, magic, what in MAGIC:
            if data.startswith(magic, offset):
                return what
    if data[0] in _MAGIC_WITH_NUL_FIRST:
        for magic, what in MAGIC_WITH_NUL:
            if data.startswith(magic) and 0 in data[:64]:
                return what
    return None


def _utf16_32(data: bytes, prefix: bool) -> Encoding | None:
    """UTF-32 or UTF-16 (little or big endian) without a BOM, when the zero bytes of the
    code units say so, the bytes decode strictly and the text has few control characters (1 %)
    and few private-use or unassigned ones (0.1 %)."""
    n = len(data)
    for width, codec in ((4, "utf-32-le"), (4, "utf-32-be"), (2, "utf-16-le"), (2, "utf-16-be")):
        units = n // width
        if units < 8 // width or (n % width and not prefix):
            continue
        body = data[: units * width]
        if width == 4:
            high = body[3::4] if codec.endswith("le") else body[0::4]
            if high.count(0) != units:
                continue
        else:
            hi, lo = (body[1::2], body[0::2]) if codec.endswith("le") else (body[0::2], body[1::2])
            zeros = hi.count(0)
            # Text with some ASCII: an eighth of the units have a zero high byte, and
            # (unlike binary numbers) almost none has a zero low byte.
            if zeros * 8 < units or lo.count(0) * 50 > units:
                continue
        text = _reader(codec)(body, prefix)
        if (
            text
            and len(_TEXT_CONTROLS.findall(text)) * 100 <= len(text)
            and _unassigned(text) * 1000 <= len(text)
        ):
            return resolve(codec)
    return None


def _unassigned(text: str) -> int:
    """How many characters of ``text`` are private use or unassigned (a binary header read as
    UTF-16 makes some; text almost never has them).

    >>> _unassigned("año\ue000\U000e0080"), _unassigned("日本語")
    (2, 0)
    """
    counts: dict[str, int] = {}
    _count_elements(counts, text)
    return sum(n for ch, n in counts.items() if unicodedata.category(ch) in ("Co", "Cn"))


#: Unicode categories no text has: controls (white space aside, checked apart), private
#: use, surrogates, unassigned.
_NOT_TEXT = frozenset({"Cc", "Co", "Cs", "Cn"})
#: The characters short UTF-8 text has (Latin-1 and Latin Extended-A letters and signs, the
#: basic Greek, Cyrillic, Hebrew and Arabic letters), or any of three or four bytes. Written
#: as what it is not: a class up to U+10FFFF took 4.5 ms to compile at import (one range walked
#: code point by code point), its complement 0.7 ms; the same characters (checked on all).
_COMMON_2BYTE = re.compile(
    "[^\x00-\x9f\u0180-\u0385\u03cf-\u03ff\u0460-\u05cf\u05eb-\u0620\u064b-\u07ff]"
)
#: A U+FFFD between two ASCII characters: one invalid byte alone, as windows-1252 makes (the
#: character first, then what is before it: the re module looks for a literal fast, not for
#: a look-behind, 80 -> 19 us on an undeclared page read as UTF-8).
_LONE_REPLACEMENT = re.compile(r"\ufffd(?<![^\x00-\x7f]\ufffd)(?=[\x00-\x7f]|$)")


def _clean_utf16(data: bytes, prefix: bool) -> tuple[Encoding, Encoding | None] | None:
    """UTF-16 without a BOM nor ASCII (Thai, Chinese: few zero bytes, but the low bytes of
    U+0E01 or U+3002 are controls in any 8-bit reading): 16 code units or more that decode
    to text with no character of :data:`_NOT_TEXT` (random bytes: about 4 % at 16 units);
    8 to 15 code units if they are also Chinese, Japanese or Korean text of common
    characters (:func:`_common_cjk`) or Thai (:func:`_thai_only`). Returns the encoding
    and, when both byte orders read text that the scores do not tell apart, the other (a
    runner-up: not sure).

    >>> _clean_utf16("これは日本語のテキストです。".encode("utf-16-be"), False)[0].name
    'UTF-16BE'
    """
    short = len(data) < 32
    if len(data) < 16:
        return None
    found = []
    for codec in ("utf-16-le", "utf-16-be"):
        text = _reader(codec)(data, prefix)
        if (
            text is not None
            and not any(
                unicodedata.category(ch) in _NOT_TEXT and ch not in "\t\n\r\f\v" for ch in text
            )
            and (not short or _common_cjk(text) or _thai_only(text))
        ):
            found.append((guessing.score(text), resolve(codec)))
    if len(found) < 2:
        return (found[0][1], None) if found else None
    # Both byte orders read text (CJK, each code unit's bytes both above 0x40): the scores
    # tell, sure only by :data:`SURE_MARGIN` (the first tried wins a tie).
    (first, le), (second, be) = found
    best, other = (le, be) if first >= second else (be, le)
    return best, other if abs(first - second) < SURE_MARGIN else None


_OTHER_ORDER = {"utf-16-le": "utf-16-be", "utf-16-be": "utf-16-le"}


def _flipped(data: bytes, prefix: bool, wide: Encoding) -> Encoding | None:
    """The other byte order of UTF-16 when its text is CJK of common characters
    (:func:`_common_cjk`) and ``wide``'s is not: CJK text without ASCII has zero bytes only
    in its characters' low bytes (``一`` is U+4E00), which the other order reads as the high
    bytes of ASCII.

    >>> data = "私は一人です。".encode("utf-16-le")
    >>> _utf16_32(data, False).name, _flipped(data, False, _utf16_32(data, False)).name
    ('UTF-16BE', 'UTF-16LE')
    """
    other = _OTHER_ORDER.get(wide.codec or "")
    if other is None:
        return None
    text = _reader(other)(data, prefix)
    if text is None or not _common_cjk(text):
        return None
    mine = _reader(wide.codec or "")(data, prefix)
    return resolve(other) if mine is None or not _common_cjk(mine) else None


#: Kana, CJK punctuation, ideographs, hangul and full-width forms: each character of
#: :func:`_common_cjk`'s text, all of its UTF-16 code units' high bytes 0x30, 0x4E to 0x9F,
#: 0xAC to 0xD7 or 0xFF.
_CJK_ONLY = "[\u3000-\u303f\u3041-\u30ff\u4e00-\u9fff\uac00-\ud7a3\uff01-\uff60]+"


def _thai_only(text: str) -> bool:
    """Whether ``text`` is Thai letters and marks only (U+0E01-U+0E5B), none of them stacked
    as Thai never writes (:func:`codecbox.guessing._odd_thai_stacks`): short UTF-16 of Thai
    without a space, whose every other byte is 0x0E.

    >>> _thai_only("แม่ค้าใจดี"), _thai_only("แม่ ค้า"), _thai_only("\u0e48\u0e49\u0e48")
    (True, False, False)
    """
    return (
        all("\u0e01" <= ch <= "\u0e5b" for ch in text)
        and not guessing._odd_thai_stacks(text)
        and not "\u0e30" <= text[0] <= "\u0e3a"
        and not "\u0e47" <= text[0] <= "\u0e4e"
    )


def _common_cjk(text: str) -> bool:
    """Whether ``text`` is only CJK characters (:data:`_CJK_ONLY`), of which enough
    ideographs (or hangul) are among the frequent ones of its language (Korean with hangul,
    Japanese with kana, else Chinese: :func:`codecbox.guessing.common_share`; the share:
    :data:`_COMMON_SHARE`).
    The short UTF-16 of :func:`_clean_utf16` (a control byte seen, so no legacy CJK text,
    whose bytes are all from 0x40 on) must be so: random bytes seldom are.

    >>> _common_cjk("これは日本語のテキストです。"), _common_cjk("軨苉触雊芪钽覞芵")
    (True, False)
    """
    if not _text_pattern(_CJK_ONLY).fullmatch(text):
        return False
    if any("\uac00" <= ch <= "\ud7a3" for ch in text):
        language = "ko"
    elif any("\u3041" <= ch <= "\u30ff" for ch in text):
        language = "ja"
    else:
        language = "zh"
    found, common = guessing.common_share(text, language)
    return common * _COMMON_SHARE[language][1] >= found * _COMMON_SHARE[language][0]


#: The share (numerator, denominator) of frequent ideographs or hangul :func:`_common_cjk`
#: asks: Japanese's list, from software messages, misses more of a story's kanji (私), and
#: its kana are proof enough (a UTF-16 code unit with a high byte 0x30 is never two bytes
#: of a legacy CJK encoding).
_COMMON_SHARE = {"ko": (3, 4), "zh": (3, 4), "ja": (1, 2)}


def _escapes(data: bytes, prefix: bool) -> Encoding | None:
    """ISO-2022-JP, ISO-2022-KR or HZ, for 7-bit ``data`` with their escape sequences."""
    for codec, marks in _ESCAPED:
        if not any(mark in data for mark in marks):
            continue
        text = _reader(codec)(data, prefix)
        if text is None:
            continue
        if codec == "hz" and sum(1 for ch in text if ord(ch) > 0x2E7F) < 2:
            continue  # a "~{" in ASCII text (code, TeX) that made no Chinese
        return resolve(codec)
    return None


#: The EBCDIC code pages, in the order a tie prefers them (:attr:`Record.ebcdic
#: <codecbox.table.Record.ebcdic>`).
EBCDIC: tuple[str, ...] = tuple(r.name for r in TABLE if r.ebcdic)
#: What ASCII text separates its words and lines with, and EBCDIC text never writes (its space
#: is 0x40, ``@`` in ASCII; its line ends 0x25 and 0x15)
_ASCII_SPACING = (0x20, 0x0A, 0x09)


#: In an EBCDIC reading: a symbol next to a letter, where another page of the family has a
#: letter (cp037's ``{`` is cp273's ``ä``, cp500's ``[`` is cp1026's ``Ç``), or ``!``, ``?``
#: or ``$`` before one, a quote mark inside a word, ``¤`` anywhere (cp037's byte 0x9F,
#: cp1140's ``€``), and a Greek or Hebrew letter next to a Latin one (cp875's and cp424's
#: letters are accented Latin ones in the other pages); each costs :data:`EBCDIC_ODD_POINTS`
_EBCDIC_ODD = (
    r"[{}\[\]|\\~^¦¬¤¢§#@`´¨¯‾‘\x1a](?<=[^\W\d_].)|[{}\[\]|\\~^¦¬¤¢§#@`´¨¯‾‘\x1a!?$](?=[^\W\d_])"
    r"|(?<=[^\W\d_])’(?=[^\W\d_])|¤"
    "|(?<=[A-Za-z\u00c0-\u024f])[\u0370-\u03ff\u05d0-\u05ea]"
    "|[\u0370-\u03ff\u05d0-\u05ea](?=[A-Za-z\u00c0-\u024f])"
)
#: Brackets that pair on one line, not glued to a letter outside (``[-a]``, ``{dir}/``), are
#: not odd: the bytes in which the EBCDIC pages differ most make pairs only in the page that
#: wrote them (cp500's ``[-a]`` is cp037's ``¢-a!``; cp273's ``Mädchen für`` is cp037's
#: ``M{dchen f}r``, glued)
_EBCDIC_PAIR = r"(?<![^\W\d_])(?:\[[^\[\]\n]*\]|\{[^{}\n]*\})(?![^\W\d_])"


#: What EBCDIC text writes besides letters and digits: white space (its line ends too) and
#: ASCII's punctuation (markup and code as well: an HTML page in cp500 has ``<>="#``)
_EBCDIC_PLAIN = " \n\r\x85\t!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"


@lru_cache(maxsize=1)
def _ebcdic_tables() -> tuple[dict[str, tuple[bytes, bytes]], re.Pattern[str], re.Pattern[str]]:
    """For each EBCDIC page, the bytes that are its letters and digits and those that are its
    ordinary text besides (:data:`_EBCDIC_PLAIN`); :data:`_EBCDIC_ODD` and
    :data:`_EBCDIC_PAIR` compiled (on first use: ``import codecbox`` compiles none of it)."""
    tables = {}
    for name in EBCDIC:
        chars = bytes(range(256)).decode(resolve(name).codec or name, "replace")
        letters = bytes(i for i, ch in enumerate(chars) if ch.isalnum())
        plain = bytes(i for i, ch in enumerate(chars) if ch in _EBCDIC_PLAIN)
        tables[name] = (letters, plain)
    return tables, re.compile(_EBCDIC_ODD), re.compile(_EBCDIC_PAIR)


EBCDIC_ODD_POINTS = 4.0
#: Each page of :data:`EBCDIC` costs this many points more than the one before it: near ties
#: go to the commoner page (Latin text read as cp875 differs in a letter or a quote mark)
EBCDIC_STEP = 0.25
#: Inputs shorter than this (in bytes) that a CJK codec of :data:`_EBCDIC_RIVALS` reads are
#: EBCDIC only if that reading scores lower
EBCDIC_SHORT = 64
_EBCDIC_RIVALS = ("big5", "gbk", "shift_jis", "euc_kr", "euc_jp")


def _parenthesized(pair: re.Match[str]) -> str:
    return f"({pair[0][1:-1]})"  # (parentheses are alike in every EBCDIC page, and not odd)


def _ebcdic(data: bytes) -> Guess | None:
    """An EBCDIC page's reading of ``data`` (:attr:`Rule.DETECTED`) when the bytes look like
    EBCDIC text, else None. The gate, by counts at C speed: 0x40 (EBCDIC's space) with its
    line ends 0x25 and 0x15 at least one byte in 16 (the space twice under 16 bytes), ASCII's
    space, line feed and tab almost never (one byte in 256), five different bytes at least,
    and one page reads at least 40 % letters or digits (records of
    numbers and names too) and 95 % letters, digits, white space or ASCII punctuation
    (:data:`_EBCDIC_PLAIN`: markup and code too). Then every page that decodes the bytes is scored
    (:func:`codecbox.guessing.score`, less :data:`EBCDIC_ODD_POINTS` for each symbol inside a
    word or letter of another script, :data:`_EBCDIC_ODD`, but for brackets that pair,
    :data:`_EBCDIC_PAIR`, and :data:`EBCDIC_STEP` for each
    page before it in :data:`EBCDIC`) and the best text wins, if
    it scores at least half a point a character (text, not bytes that passed the gate), and,
    under :data:`EBCDIC_SHORT` bytes, more than any CJK reading (:data:`_EBCDIC_RIVALS`); not
    sure (a runner-up) within :data:`SURE_MARGIN` of another text.

    >>> _ebcdic("Die Brücke über den Fluss ist schön.".encode("cp273")).encoding.name
    'cp273'
    >>> _ebcdic(b"ann@example.org bob@example.org") is None
    True
    """
    n = len(data)
    spaces = data.count(0x40)
    breaks = data.count(0x25) + data.count(0x15)  # (LF and NL: a page of short lines)
    if not spaces or (spaces + breaks) * 16 < n or (spaces < 2 and n < 16):
        return None  # (one 0x40 in a few bytes: as likely a CJK trail byte, Big5's 一 A4 40)
    if sum(map(data.count, _ASCII_SPACING)) * 256 > n or len(set(data)) < 5:
        return None  # (and text, not a byte or two repeated: Big5's 一 is A4 40, cp037's "u ")
    tables, odd_pattern, pairs = _ebcdic_tables()
    for letters, plain in tables.values():
        rest = data.translate(None, letters)
        if (n - len(rest)) * 5 >= n * 2 and len(rest.translate(None, plain)) * 20 <= n:
            break
    else:
        return None
    top: list[tuple[float, str, Encoding]] = []
    for step, name in enumerate(EBCDIC):
        enc = resolve(name)
        try:
            text = data.decode(enc.codec or name)
        except UnicodeDecodeError:
            continue
        if "\x1a" in text and b"\x1a" not in data:
            continue  # (cp875's undefined bytes)
        unpaired = pairs.sub(_parenthesized, text) if "[" in text or "{" in text else text
        odd = len(odd_pattern.findall(unpaired))
        points = guessing.score(text, enc.codec) - EBCDIC_ODD_POINTS * odd - EBCDIC_STEP * step
        top = _top_two(top, points, text, enc)
    if not top or top[0][0] * 2 < len(top[0][1]):
        return None  # (no page reads text)
    if n < EBCDIC_SHORT and not data.isascii():
        # A few bytes may be CJK text whose trail bytes include 0x40 (Big5's 一 is A4 40):
        # its best reading there competes (and wins a tie: far commoner than EBCDIC).
        for codec in _EBCDIC_RIVALS:
            rival = _reader(codec)(data, False)
            if rival is not None and not rival.isascii():
                points = guessing.score(rival, codec) + EBCDIC_STEP
                top = _top_two(top, points, rival, resolve(codec))
        if top[0][2].name not in EBCDIC:
            return None
    points, text, enc = top[0]
    margin = math.inf if len(top) < 2 else points - top[1][0]
    runner = top[1][2] if len(top) == 2 and margin < SURE_MARGIN else None
    confidence = 1.0 if len(top) < 2 else margin / (margin + SURE_MARGIN)
    return Guess(enc, "codecbox", Rule.DETECTED, confidence, ("margin", margin), runner)


def _outside(proof: Guess, candidates: Sequence[Encoding]) -> bool:
    """Whether ``proof`` is an EBCDIC page or UTF-7 that is not one of ``candidates``: a
    candidate list bounds a guess, and that evidence is one (the other evidence is not).

    >>> _outside(_ebcdic("Grüße aus Köln".encode("cp273")), [resolve("cp1252")])
    True
    """
    return (
        proof.encoding is not None
        and (proof.encoding.name in EBCDIC or proof.encoding.name == "utf-7")
        and proof.encoding not in candidates
    )


#: Characters other than letters that UTF-7 text may hold outside ASCII
_UTF7_SYMBOLS = frozenset("€£¥©®°±×÷–—‘’‚“”„…«»¡¿·§¶•")
#: The characters UTF-7 text may hold beyond ASCII: Latin-1's signs and no-break space, Latin,
#: IPA's modifier letters (Ukrainian's ʼ), combining marks, Greek, Cyrillic, Armenian, Hebrew
#: with its points, Arabic, the Indic scripts, Thai, Lao, Georgian, Latin and Greek extended,
#: general punctuation (dashes, quotes, the zero-width joiners of Persian), currency, letterlike
#: signs (№), arrows, mathematical operators, box drawing, shapes, symbols and dingbats; CJK
#: punctuation and kana,
#: ideographs, hangul, presentation forms and full-width forms; emoji. A base64 line that
#: decodes reads as characters of rarer blocks, surrogates, private use: each character of
#: such a line falls in these ranges (about a tenth of the code points) by chance, all of
#: them seldom.
_UTF7_SCRIPTS = (
    (0xA0, 0x58F), (0x590, 0x5FF), (0x600, 0x6FF), (0x750, 0x77F), (0x900, 0xDFF),
    (0xE00, 0xEFF), (0x10A0, 0x10FF), (0x1E00, 0x1FFF), (0x2000, 0x206F), (0x20A0, 0x20CF),
    (0x2100, 0x22FF), (0x2500, 0x27BF), (0x3000, 0x30FF), (0x4E00, 0x9FFF), (0xAC00, 0xD7A3),
    (0xFB00, 0xFDFF), (0xFE30, 0xFEFF), (0xFF00, 0xFFEF), (0x1F300, 0x1FAFF),
)  # fmt: skip
#: Those of a text with one character beyond ASCII (and :data:`_UTF7_SYMBOLS`): three base64
#: characters decode to one, a word like ``+CZE-`` to a Bengali letter. Latin, Greek,
#: Cyrillic, Hebrew, Arabic, Thai, Vietnamese; CJK punctuation and kana, ideographs, hangul,
#: full-width forms.
_UTF7_ONE = (
    (0xC0, 0x24F), (0x370, 0x3FF), (0x400, 0x4FF), (0x5D0, 0x5EA), (0x600, 0x6FF),
    (0xE00, 0xE7F), (0x1E00, 0x1EFF), (0x3000, 0x30FF), (0x4E00, 0x9FFF), (0xAC00, 0xD7A3),
    (0xFF00, 0xFFEF),
)  # fmt: skip


@lru_cache(maxsize=1)
def _utf7_padded() -> re.Pattern[bytes]:
    return re.compile(rb"\+[A-Za-z0-9+/]+=")


def _utf7(data: bytes, prefix: bool) -> Guess | None:
    """UTF-7 (RFC 2152: ``+AOk-`` is ``é``), :attr:`Rule.DETECTED`, for ASCII bytes that
    Python's codec decodes strictly to text with non-ASCII characters, every one of them a
    common symbol (:data:`_UTF7_SYMBOLS`) or of a block text writes (:data:`_UTF7_SCRIPTS`;
    :data:`_UTF7_ONE` if there is one such character), and
    Chinese, Japanese or Korean text of mostly frequent characters
    (:func:`codecbox.guessing.common_share`); None otherwise: ``C++``,
    ``a+b-c``, ``?q=a+b`` or a base64 line do not decode (a ``+`` run of base64 characters
    must end at a whole character with zero padding bits), or end at its ``=`` padding, and
    the few that decode read as rare ideographs, surrogates or private use. Not sure (the
    ASCII reading its runner-up) when a single non-ASCII character came out.

    >>> _utf7(b"Caf+AOk- cr+AOg-me", False).encoding.name
    'utf-7'
    >>> _utf7(b"C++ and a+b-c", False) is None
    True
    """
    try:
        if prefix:
            text = codecs.getincrementaldecoder("utf-7")().decode(data, final=False)
        else:
            text = data.decode("utf-7")
    except UnicodeDecodeError:
        return None
    wide = len(text) - len(text.encode("ascii", "ignore"))
    if not wide:
        return None  # (only ``+-``, the escaped plus sign)
    if _utf7_padded().search(data):
        return None  # (a base64 line: a run ends at its padding)
    wide_chars = [ch for ch in set(text) if ch > "\x7f" and ch not in _UTF7_SYMBOLS]
    scripts = _UTF7_SCRIPTS if wide > 1 else _UTF7_ONE
    if not all(any(a <= ord(ch) <= b for a, b in scripts) for ch in wide_chars):
        return None
    if any(ch >= "\u3000" for ch in wide_chars):
        # CJK text, if 4 ideographs or hangul at least, 3 in 4 of them frequent ones (random
        # base64 reads as rare ones)
        for language in ("zh", "ja", "ko"):
            cjk, common = guessing.common_share(text, language)
            if cjk >= 4 and common * 4 >= cjk * 3:
                break
        else:
            return None
    runner = _UTF8 if wide < 2 else None
    confidence = 1.0 if runner is None else 0.5
    return Guess(resolve("utf-7"), "codecbox", Rule.DETECTED, confidence, None, runner)


def _window(data: bytes, prefix: bool) -> tuple[bytes, bool]:
    """At most :data:`MAX_BYTES` of ``data`` from just before its first non-ASCII byte (at a
    multiple of 4, for UTF-16 and UTF-32: an ASCII start tells nothing), and whether that is
    a prefix."""
    if len(data) <= MAX_BYTES:
        return data, prefix
    start = 0
    while start + MAX_BYTES < len(data):
        high = _HIGH.search(data[start : start + MAX_BYTES])
        if high is not None:
            start = max(0, start + high.start() - 16) & ~3
            break
        start += MAX_BYTES - 64
    return data[start : start + MAX_BYTES], True


def evidence(data: bytes, *, prefix: bool = False) -> Guess | None:
    """What the bytes themselves prove before any statistics (a byte order mark is the
    caller's to check first), or None when only a detector can tell. In order:

    * :attr:`Rule.BINARY` (``binary`` says what): a binary format's magic number;
    * EBCDIC text (:func:`_ebcdic`), tentative (:attr:`Rule.DETECTED`, with a runner-up when
      not sure): its space is ASCII's ``@`` and a Hebrew page's letters are all below 0x80,
      so it comes before UTF-8, and before the count of control bytes (its line end 0x15);
    * :attr:`Rule.BINARY` for NUL and control bytes in a quantity no text has;
    * :attr:`Rule.NUL_PATTERN`: the zero bytes of UTF-32 or UTF-16 code units;
    * :attr:`Rule.ESCAPES`: ISO-2022-JP, ISO-2022-KR and HZ (7-bit, so also valid UTF-8);
    * UTF-7 (:func:`_utf7`), tentative (:attr:`Rule.DETECTED`): ASCII bytes whose ``+...-``
      runs decode to text;
    * :attr:`Rule.VALID_UTF8`: valid UTF-8, pure ASCII too (but not at most four non-ASCII
      bytes that make a character short text rarely has, such as ``ҹ``: legacy bytes are
      valid UTF-8 that way by chance);
    * :attr:`Rule.MOSTLY_UTF8`, tentative (a UTF-8 file with one line pasted from a
      windows-1252 one): valid UTF-8 but for a few invalid sequences (at least 12 valid
      multi-byte characters and three for each invalid one; or invalid bytes between ASCII
      characters, with one valid character for four of them: legacy text has almost none).

    Candidate lists do not apply here: they bound a guess, and of these only EBCDIC and
    UTF-7 are guesses (:func:`guess_codecbox` and :func:`~codecbox.decoding.decide` drop
    them when they are not candidates: :func:`_outside`).

    >>> evidence("id,name\\n1,Smith\\n".encode("utf-16-le")).how
    'UTF-16LE (codecbox)'
    >>> evidence("año".encode("cp1252")) is None
    True
    """
    return _evidence(data, prefix)[0]


def _evidence(data: bytes, prefix: bool, files: bool = True) -> tuple[Guess | None, str | None]:
    """:func:`evidence`, and the text when it decoded all of ``data`` as UTF-8 (so that
    :func:`~codecbox.decoding.decide` need not decode it again); ``files=False``: without
    the encodings only files have, EBCDIC and UTF-7 (a page: no browser reads them)."""
    name = "codecbox"
    if not data:
        return Guess(_UTF8, name, Rule.VALID_UTF8, 1.0), None
    what = _magic(data)
    if what is not None:
        return Guess(None, name, Rule.BINARY, 1.0, binary=what), None
    if files:
        found = _ebcdic(data)
        if found is not None:
            return found, None
    odd = len(data) - len(data.translate(None, _ODD_BYTES))
    # (Thai in UTF-16 without a space has no zero byte: every other byte is 0x0E, SO)
    controls = _controls(data) if not odd and data.isascii() else 0
    if odd or controls * 4 >= len(data):
        wide = _utf16_32(data, prefix)
        if wide is not None:
            flipped = _flipped(data, prefix, wide)
            if flipped is not None:
                return Guess(flipped, name, Rule.DETECTED, 0.9), None
            return Guess(wide, name, Rule.NUL_PATTERN, 1.0), None
        clean = _clean_utf16(data, prefix)
        if clean is not None:
            wide, other = clean
            return Guess(
                wide, name, Rule.DETECTED, 0.9 if other is None else 0.5, None, other
            ), None
        if odd >= 4 and odd * 50 >= len(data):  # 2 % of the bytes
            return Guess(None, name, Rule.BINARY, 1.0, binary="NUL and control bytes"), None
    if data.isascii():
        if b"\x1b" in data or b"~{" in data:
            escaped = _escapes(data, prefix)
            if escaped is not None:
                return Guess(escaped, name, Rule.ESCAPES, 1.0), None
        if (controls or _controls(data)) * 8 >= len(data):
            return None, None  # an eighth of the bytes are controls: ASCII, not text
        if files and b"+" in data:
            utf7 = _utf7(data, prefix)
            if utf7 is not None:
                return utf7, None
        return Guess(_UTF8, name, Rule.VALID_UTF8, 1.0), None
    utf8, text = _read_utf8(data, prefix)
    if utf8 is not None:
        if utf8.isascii():
            return None, None  # a prefix whose only non-ASCII byte is a cut lead byte: no sign
        few = len(data) - len(utf8) <= 2  # (each character of 2 bytes adds 1, of 3 adds 2)
        if (
            few
            and len(data) - len(data.translate(None, _ASCII_BYTES)) <= 4
            and not all(_COMMON_2BYTE.match(ch) for ch in utf8 if ch > "\x7f")
        ):
            return None, None  # one or two odd characters: legacy bytes that are UTF-8 by chance
        return Guess(_UTF8, name, Rule.VALID_UTF8, 1.0), None if prefix else utf8
    if text is None:
        text = data.decode("utf-8", "replace")
    invalid = text.count("\ufffd") - data.count(b"\xef\xbf\xbd")
    if prefix and text.endswith("\ufffd"):
        invalid -= 1  # (a character cut at the end)
    # (a run of one repeated character is one piece of evidence: Johab's line of box drawing
    # ─ is a run of UTF-8's 2-byte Arabic mark ۡ)
    wide_chars = len(text) - len(text.encode("ascii", "ignore")) - invalid
    if wide_chars:
        wide_chars -= sum(
            m.end() - m.start() - 1 for m in _text_pattern(_REPEATED_CHAR).finditer(text)
        )
    # Each byte of a windows-1252 line is an invalid sequence between ASCII characters
    # (``señal``); the invalid bytes of CJK or Thai text touch other non-ASCII ones.
    alone = len(_LONE_REPLACEMENT.findall(text)) if invalid <= wide_chars * 4 else 0
    return mostly_utf8(invalid, wide_chars, alone), None


#: A run of one non-ASCII character (U+FFFD aside) repeated.
_REPEATED_CHAR = r"([^\x00-\x7f\ufffd])\1+"


@lru_cache(maxsize=8)
def _text_pattern(source: str) -> re.Pattern[str]:
    """A pattern compiled on first use (``import codecbox`` compiles few: see
    tests/lib/test_startup.py).

    >>> _text_pattern(_REPEATED_CHAR).sub(r"\\1", "──── año ññ")
    '─ año ñ'
    """
    return re.compile(source)


def _read_utf8(data: bytes, prefix: bool) -> tuple[str | None, str | None]:
    """The text of ``data`` if it is valid UTF-8 (as a prefix, if asked), else None; and, when
    known, its text read with ``errors="replace"``. Not a prefix: read with "replace" first,
    valid if no U+FFFD came out, invalid if one did and the bytes hold none (EF BF BD): no
    exception for legacy bytes, nor a second decode.

    >>> _read_utf8("año".encode("utf-8"), False), _read_utf8(b"a\\xf1o", False)
    (('año', 'año'), (None, 'a\ufffdo'))
    """
    if prefix:
        return _reader("utf-8")(data, prefix), None
    text = data.decode("utf-8", "replace")
    if "\ufffd" not in text:
        return text, text
    if b"\xef\xbf\xbd" in data:
        return _reader("utf-8")(data, prefix), text
    return None, text


def mostly_utf8(invalid: int, wide_chars: int, alone: int) -> Guess | None:
    """:attr:`Rule.MOSTLY_UTF8` for UTF-8 with ``invalid`` invalid sequences, ``wide_chars``
    valid non-ASCII characters and ``alone`` invalid sequences between ASCII characters
    (counted only when ``invalid <= 4 * wide_chars``), or None when that is not UTF-8 text
    with a few bad bytes (see :func:`evidence`).

    >>> mostly_utf8(1, 20, 1).rule.value, mostly_utf8(5, 2, 0)
    ('mostly valid UTF-8', None)
    """
    majority = wide_chars >= 3 * invalid and wide_chars >= 12
    if invalid > 0 and wide_chars >= 2 and (majority or alone * 5 >= invalid * 4):
        return Guess(_UTF8, "codecbox", Rule.MOSTLY_UTF8, wide_chars / (wide_chars + invalid))
    return None


# --- library adapters -------------------------------------------------------------------------
#
# A BOM and UTF-8 come before any candidate list (the legacy fallbacks): the adapters add
# UTF-8, with and without BOM, to the list they pass to the library.


def _rule(data: bytes, encoding: Encoding, prefix: bool = False) -> Rule:
    """How a library's answer was justified, judged from the bytes."""
    for keep in (True, False):
        found = bom(data, keep=keep)
        if found is not None and found[0].codec == encoding.codec:
            return Rule.BOM
    utf8 = None if encoding.codec != "utf-8" else _reader("utf-8")(data, prefix)
    if utf8 is not None and (data.isascii() or not utf8.isascii()):
        return Rule.VALID_UTF8
    return Rule.DETECTED


def _library_names(
    candidates: Sequence[str | Encoding] | None,
    known: Callable[[str], str | None],
    library: str,
    utf8: list[str],
) -> list[str] | None:
    """``utf8`` plus the candidates, as names a detector library knows (ValueError if not)."""
    if candidates is None:
        return None
    names = list(utf8)
    for given, enc in zip(candidates, candidate_encodings(candidates), strict=True):
        assert enc.codec is not None
        if enc.codec == "utf-8-sig":  # the libraries report it as UTF-8 with a BOM
            continue
        name = known(enc.codec) or known(enc.codec.replace("_", "-")) or known(enc.name)
        if name is None:
            raise ValueError(f"{library} does not support candidate {given!r}")
        names.append(name)
    return names


def guess_charset_normalizer(
    data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
) -> Guess:
    """Ask charset-normalizer (``from_bytes(...).best()``): ``confidence`` is ``1 - chaos``
    (as its ``detect()`` says), ``raw`` is ``("chaos", chaos)``, lower is better.

    It does not tolerate a prefix cut mid-character (it answers None, or a wrong code page),
    so with ``prefix=True`` it is also asked about the input less its last 1, 2 and 3 bytes,
    and its own ranking picks the best answer.

    >>> g = guess_charset_normalizer("Grüße aus Köln, schöne Straße".encode("utf-8"))
    >>> g.encoding.name, g.raw
    ('UTF-8', ('chaos', 0.0))
    """
    from charset_normalizer import from_bytes
    from charset_normalizer.utils import iana_name

    def known(name: str) -> str | None:
        try:
            return iana_name(name, strict=True)
        except ValueError:
            return None

    isolation = _library_names(candidates, known, "charset-normalizer", ["utf_8"])
    cuts = range(max(1, min(4, len(data)))) if prefix else range(1)
    matches = []
    for cut in cuts:
        # explain=False (the default) keeps charset-normalizer's logger silent.
        best = from_bytes(data[: len(data) - cut], cp_isolation=isolation, explain=False).best()
        if best is not None:
            matches.append(best)
    if not matches:
        return Guess(None, "charset-normalizer")
    best = min(matches)  # its own order: less chaos first, then coherence; stable on ties
    enc = resolve(best.encoding)
    if enc.codec == "utf-8" and best.bom:
        enc = resolve("utf-8-sig")
    chaos = float(best.chaos)
    return Guess(enc, "charset-normalizer", _rule(data, enc, prefix), 1.0 - chaos, ("chaos", chaos))


def _require_chardet() -> None:
    if importlib.util.find_spec("chardet") is None:
        hint = f"the 'chardet' detector needs chardet: {install_hint('chardet')}"
        raise ModuleNotFoundError(hint, name="chardet")


def guess_chardet(
    data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
) -> Guess:
    """Ask chardet 7 (``chardet.detect``); ``confidence`` is chardet's own (0..1).

    Needs the ``chardet`` extra (``pip install 'chardet>=7.0'``): without it, a
    ``ModuleNotFoundError`` says so. ``prefix`` changes nothing (chardet tolerates a cut
    character). Without candidates it reports decode-safe supersets (cp949, not euc_kr).
    When nothing fits it answers cp1252 with confidence 0.10, passed on as is (or None, with
    a ``UserWarning``, if cp1252 is not a candidate).

    >>> g = guess_chardet("Grüße aus Köln, schöne Straße".encode("utf-8"))
    >>> g.encoding.name, g.rule.value
    ('UTF-8', 'valid UTF-8')
    """
    _require_chardet()
    import chardet
    from chardet.registry import lookup_encoding

    def known(name: str) -> str | None:
        found = lookup_encoding(name)
        return None if found is None else str(found)

    include = _library_names(candidates, known, "chardet", ["utf-8-sig", "utf-8"])
    result = chardet.detect(data, include_encodings=include, prefer_superset=candidates is None)
    name = result.get("encoding")
    found = result.get("confidence")
    confidence = None if found is None else float(found)
    raw = None if confidence is None else ("confidence", confidence)
    if name is None:
        return Guess(None, "chardet", Rule.DETECTED, confidence, raw)
    enc = resolve(str(name))
    return Guess(enc, "chardet", _rule(data, enc, prefix), confidence, raw)


# --- codecbox: the default ------------------------------------------------------------------
#
# Every figure below was chosen by benchmarks/detection.py (see its closing note).

#: How much of the input ``codecbox`` reads: validity is checked on this prefix...
MAX_BYTES = 65536
#: ... and readings are scored on a window from the first non-ASCII byte on, of each of
#: these sizes in turn, while two readings of different texts are within :data:`DECISIVE`
#: points of each other (or a multi-byte family's best within :data:`FAMILY_DECISIVE`).
WINDOWS = (96, 512, 4096)
DECISIVE = 8.0
FAMILY_DECISIVE = 64.0
#: The words that tell the text's language (:data:`codecbox.guessing.WORD_WEIGHT`) are read
#: from up to this many bytes before the first window (which starts just before the first
#: non-ASCII byte: the ASCII words before it are the same text's) to this many after its
#: start, once for every window (a few words say the language: their worth is capped).
WORD_CONTEXT = 256
WORDS_AFTER = 512

#: What ``codecbox`` tries without candidates, with its prior in points (one point is about
#: one character): the records of :data:`codecbox.table.TABLE` with a prior.
PRIORS: dict[str, float] = {r.key: r.prior for r in TABLE if r.prior is not None}
#: The candidates of :data:`PRIORS` that browsers have, the ones tried for a page
#: (``web=True``): a browser decodes no other, so scoring the DOS and Mac pages there
#: only costs time (a sixth of it on an undeclared page: ``benchmarks/undeclared.py``).
WEB: frozenset[str] = frozenset(r.key for r in TABLE if r.prior is not None and r.exact)
#: Tried (without candidates) only when the encoding before the arrow cannot read the bytes:
#: the CJK encodings in their strict standard form (Python's codec) first, then the Windows
#: supersets, JIS X 0213 and HKSCS.
FALLBACKS: dict[str, tuple[str, ...]] = {r.tries[0]: r.tries[1:] for r in TABLE if r.tries}
#: A CJK reading with at least so many ideographs (or hangul), of which fewer than this share
#: are among its language's frequent ones (:func:`codecbox.guessing.common_share`), is never
#: sure. (Real Chinese and Korean snippets of the tune split hold at least half; the
#: Japanese list, from software messages, misses more of a story's kanji.)
CJK_EVIDENCE: dict[str, tuple[int, float]] = {"zh": (4, 0.5), "ko": (4, 0.5), "ja": (16, 1 / 3)}
#: Fallbacks whose extra characters (JIS X 0213, HKSCS) are rare in text: they cost a point
#: and a half, the others (cp932, GBK, cp949...) half a point.
_RARE_EXTENSION = re.compile(r"2004|0213|hkscs")
#: Prior of a candidate the table does not know.
UNKNOWN_PRIOR = -2.0
#: Below this margin in points between the best reading and the runner-up (the best of a
#: different text) the detector is not sure.
SURE_MARGIN = 4.0

#: ş and ţ with a cedilla (windows-1250 and ISO-8859-2) for ș and ț with a comma below
#: (ISO-8859-16, at the same bytes): two readings that differ only so are the same Romanian
#: to a reader, which the letters cannot tell apart (the shares, from software catalogues,
#: have the commas): a tie, which the prior decides (windows-1250), never sure
#: (:func:`_same_but_commas`).
_CEDILLAS = str.maketrans("șțȘȚ", "şţŞŢ")
_COMMAS = "șțȘȚ"

#: 7-bit encodings: recognised by their escape sequences, before UTF-8
_ESCAPED = tuple((r.key, r.escapes) for r in TABLE if r.escapes)
#: (``x`` then ``x+``, not ``x{2,}``, and a byte before the look-behind: the same matches,
#: found faster by the re module, which skips the bytes that cannot start one)
_ASCII_RUN = re.compile(rb"[\x00-\x7f](?<=[\x00-\x7f]{4})[\x00-\x7f]+(?=[\x00-\x7f]{3})")
_HIGH = re.compile(rb"[\x80-\xff]")
#: Box drawing, blocks and shapes (:func:`codecbox.guessing.char_class`'s ``b``).
_BOX = "[\u2500-\u25ff]"
#: Markup: a script or style element whole, a comment, or one tag (with its attributes).
_MARKUP = re.compile(
    rb"<(script|style)\b[^>]*>.*?</\1\s*>|<!--.*?-->|<[!/?a-zA-Z][^<>]*>", re.S | re.I
)
#: A terminal's control sequence (ANSI art's colours and cursor moves: ``ESC [ 1 ; 34 m``)
_TERMINAL = rb"\x1b\[[0-?]*[ -/]*[@-~]"
_SPACES = re.compile(rb"[ \t\r\n][ \t\r\n]+")  # (two or more: faster so than with {2,})
#: Codecs whose bytes may hide a ``<`` or ``>`` inside a character: no markup is cut for them
#: (Johab, whose trail bytes include them, is read on the cut bytes: rarely valid there).
_NO_MARKUP_CUT = re.compile(r"utf.?16|utf.?32")


@lru_cache(maxsize=1)
def _terminal() -> re.Pattern[bytes]:
    """:data:`_TERMINAL`, compiled on first use."""
    return re.compile(_TERMINAL)


def _text_only(data: bytes) -> bytes:
    """``data`` without a terminal's control sequences (:data:`_TERMINAL`: ANSI art's colours
    glue escapes to its box drawing), with its markup (tags, comments, scripts, styles)
    replaced by spaces and its runs of white space by one: a page's ASCII markup would dilute
    the evidence of its text (chardetng skips tags too). The input itself if that leaves no
    non-ASCII byte. (In the ASCII-compatible candidates, ``<``, ``>``, ESC and white space
    are never part of another character: every character stays whole.)

    >>> _text_only(b'<p class="x">caf\\xe9</p>\\n  <script>var a = 1;</script>')
    b' caf\\xe9 '
    """
    text = _terminal().sub(b"", data) if b"\x1b[" in data else data
    if b"<" in text:
        text = _SPACES.sub(b" ", _MARKUP.sub(b" ", text))
    return text if _HIGH.search(text) else data


_ASCII_BYTES = bytes(range(128))
#: From this many ASCII letters in a window, a page with combining marks (windows-1258) is read
#: by the letter rule with each letter and its mark as one (NFC): the letter of "pụ" costs in
#: an Italian text (tune: installed.py Italian +3.2 points); in a shorter window its pairs,
#: rare in the catalogues, would cost real short Vietnamese too (tune: -2.0 from 0 letters).
_NFC_MIN = 24
_ASCII_LETTERS = bytes([*range(0x41, 0x5B), *range(0x61, 0x7B)])
#: The ASCII controls: class ``x``.
_CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x20), 0x7F])
#: What an ASCII control costs, relative to an ordinary character.
CONTROL_POINTS = guessing.CLASS_POINTS["x"] - guessing.CLASS_POINTS["a"]


def _reduce(data: bytes) -> tuple[bytes, float]:
    """``data`` with the middle of every long ASCII run replaced by one space, and the points
    the removed characters were worth: single-byte readings differ only around the non-ASCII
    bytes (the rules look at most two characters away), so their totals are the same.

    >>> _reduce(b"El ni\\xf1o dijo que s\\xed.")
    (b'El ni\\xf1o d e s\\xed.', 5.0)
    """
    reduced = _ASCII_RUN.sub(b" ", data)
    # Each run of n characters became one: n - 1 points, and the controls it held cost more.
    removed = float(len(data) - len(reduced))
    controls = _controls(data)
    if controls:
        removed += CONTROL_POINTS * (controls - _controls(reduced))
    return reduced, removed


@lru_cache(maxsize=1)
def _repeated_run() -> re.Pattern[bytes]:
    """:func:`_collapse`'s pattern, compiled on first use: a byte above 127, or such a byte
    and one from 0x40 on (a trail byte of Big5, Shift_JIS, GBK), six times or more in a row,
    as a line of box drawing makes (cp437's ─ is C4, Johab's DB A1, Big5's A2 77). (Written
    so, the re module finds one three times faster than with ``{5,}`` or an alternative for
    each length.)"""
    return re.compile(rb"([\x80-\xff][\x40-\xff]?)\1\1\1\1\1+")


def _collapse(data: bytes) -> bytes:
    """``data`` with each run of one repeated byte above 127, or pair of bytes that starts
    with one (:func:`_repeated_run`), cut to its first 4 to 7 bytes: a line of box drawing is one
    piece of evidence, not one per character, for every reading alike (Johab's line of ─ is
    windows-1256's "غ،" again and again). A multiple of 4 bytes is left out, so every
    multi-byte reading reads the bytes after a run as before.

    >>> _collapse(b"\\xc4" * 30 + b"x"), _collapse(b"(" + b"\\xdb\\xa1" * 30 + b")")
    (b'\\xc4\\xc4\\xc4\\xc4\\xc4\\xc4x', b'(\\xdb\\xa1\\xdb\\xa1)')
    """
    run = _repeated_run()
    if not run.search(data):
        return data
    return run.sub(_cut_run, data)


def _cut_run(m: re.Match[bytes]) -> bytes:
    run = m.group()
    return run[: 4 + (len(run) - 4) % 4]


def _controls(data: bytes) -> int:
    """How many ASCII controls ``data`` holds."""
    return len(data) - len(data.translate(None, _CONTROL_BYTES))


def _hinted(hint: str | None) -> frozenset[str]:
    """The codecs a hint favours: a language code (``"ru"``, ``"zh_TW"``), else a top-level
    domain (``"jp"``); anything with a dot is a domain (``".uk"``, ``"www.example.co.uk"``).

    >>> sorted(_hinted("uk")), sorted(_hinted("www.example.co.uk"))
    (['KOI8-U', 'windows-1251', 'x-mac-cyrillic'], ['ISO-8859-15', 'windows-1252'])
    """
    if not hint:
        return frozenset()
    hint = hint.strip().lower().rstrip(".")
    found: frozenset[str] | None
    if "." in hint:
        found = TLD_HINTS.get(hint.rsplit(".", 1)[-1])
    else:
        key, *rest = hint.replace("_", "-").split("-")
        if key == "zh" and {"tw", "hk", "mo", "hant"} & set(rest):
            key = "zh-hant"  # traditional Chinese: Big5
        found = HINTS.get(key) or TLD_HINTS.get(key)
    return frozenset(_trial(c).name for c in found or ())


def exact(enc: Encoding) -> Encoding:
    """``enc`` as its result will be decoded: with the WHATWG decoder when there is one
    (browsers read windows-1252's byte 0x81, Python's cp1252 refuses it).

    >>> exact(resolve("cp1252")).codec
    'whatwg-windows-1252'
    """
    if enc.codec is None or enc.codec.startswith("whatwg-"):
        return enc
    name = enc.whatwg or SUPERSETS.get(codecs.lookup(enc.codec).name)
    if name is None:
        return enc
    found = resolve(name, label=True)
    return found if found.codec is not None else enc


#: Python codec -> the browser's encoding that reads its bytes (:attr:`Record.subsets
#: <codecbox.table.Record.subsets>`: the same text but for a few mapping variants).
SUPERSETS = {s: r.name for r in TABLE if r.exact for s in r.subsets}


@lru_cache(maxsize=1)
def _priors() -> dict[str, float]:
    """:data:`PRIORS` and the fallbacks' priors, by encoding name."""
    out = {_trial(c).name: p for c, p in PRIORS.items()}
    for main, fallbacks in FALLBACKS.items():
        for c in fallbacks:
            out.setdefault(exact(resolve(c)).name, out[_trial(main).name] - 0.5)
    return out


def _trial(name: str) -> Encoding:
    """A candidate of the tables as the detector reads it: a head of :data:`FALLBACKS` with
    Python's strict codec, any other as its result will be decoded (:func:`exact`)."""
    found = resolve(name)
    return found if name in FALLBACKS else exact(found)


@lru_cache(maxsize=1)
def _fallbacks() -> dict[str, tuple[Encoding, ...]]:
    return {
        _trial(k).name: tuple(dict.fromkeys(resolve(f) for f in v)) for k, v in FALLBACKS.items()
    }


def _hints(field: str) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for r in TABLE:
        for key in getattr(r, field) if r.prior is not None else ():
            found.setdefault(key.lower(), set()).add(r.key)
    return {key: frozenset(codecs_) for key, codecs_ in found.items()}


#: Language codes, and top-level domains, -> the legacy encodings of that language (or the
#: language written there); a hint gives them a bonus of :data:`HINT_POINTS`.
HINTS = _hints("languages")
TLD_HINTS = _hints("tlds")
HINT_POINTS = 3.0


# --- the candidates as tables ------------------------------------------------------------------
#
# Most candidates are single-byte code pages that read ASCII as ASCII: the detector tells
# their readings apart and bounds their scores from tables, at C speed, and decodes and scores
# only the few that a bound does not rule out.

#: Bits per code page in the packed sums of :class:`_Plan` (a window has at most 4,096 bytes),
#: which count 1/128 points (a prior is rounded up to that).
_FIELD = 32
_FIELD_TYPE: Literal["I", "L"] = "I" if array("I").itemsize * 8 == _FIELD else "L"
_SCALE = 128
#: Points added to each byte's part of a packed sum, to each pair's and to the prior, so that
#: no part is below zero (a byte can cost 8 points, a pair 3; a lower prior counts as -16).
_BYTE_BIAS = 10
_PAIR_BIAS = 4  # (3, and 1 for the letter rule's pairs)
_PRIOR_BIAS = 16
#: The pair rules look at classes only, and take nothing from an ASCII character that is not
#: a letter next to any other: an ASCII lower-case letter stands for all of them, an upper-case
#: one too, and the others become a space (pairs with one are left out).
_ASCII_PAIRS = b"".join(
    b"a" if chr(b).islower() else b"A" if chr(b).isalpha() else b" " for b in range(128)
) + bytes(range(128, 256))
#: Slack for the float sums when a bound is compared with a score.
_EPSILON = 1e-9


@lru_cache(maxsize=256)
def _page_table(codec: str) -> tuple[str, tuple[str | None, ...]] | None:
    """For a single-byte ``codec`` that reads ASCII as ASCII and each byte as one character
    (None otherwise): its decoding table for ``codecs.charmap_decode`` (U+FFFE where a byte
    is undefined) and the character of each byte (None where undefined)."""
    try:
        if not _single_byte(codec) or _ASCII_BYTES.decode(codec) != _ASCII_BYTES.decode("ascii"):
            return None
    except UnicodeDecodeError:
        return None
    every = codecs.decode(bytes(range(256)), codec, "replace")
    if len(every) != 256:
        return None
    chars: list[str | None] = list(every)
    for b, ch in enumerate(every):
        if ch == "\ufffd":  # undefined, or defined as U+FFFD: ask the byte alone
            try:
                chars[b] = bytes([b]).decode(codec)
            except UnicodeError:
                chars[b] = None
        if chars[b] is not None and (len(chars[b] or "") != 1 or chars[b] == "\ufffe"):
            return None
    defined = bytes(b for b in range(256) if chars[b] is not None)
    if defined.decode(codec) != "".join(ch for ch in chars if ch is not None):
        return None
    return "".join("\ufffe" if ch is None else ch for ch in chars), tuple(chars)


@lru_cache(maxsize=1)
def _high_pairs() -> re.Pattern[bytes]:
    """Every two neighbouring bytes of which one is above 127 and the other such a byte or an
    ASCII letter (after ``_ASCII_PAIRS``), each pair once."""
    return re.compile(rb"(?=([aA\x80-\xff][\x80-\xff]|[\x80-\xff][aA]))")


#: Two neighbouring bytes as an integer (``memoryview.cast("H")``: in the machine's byte
#: order) -> the pair as :func:`_high_pairs` finds it, or None if it does not.
_NEIGHBOURS: dict[int, bytes | None] = {}


def _neighbours(marked: bytes) -> dict[bytes, int]:
    """What :func:`_high_pairs` finds in ``marked`` (after ``_ASCII_PAIRS``), counted: every
    two neighbours read as one 16-bit integer (at even, then at odd positions) and counted in
    C, and the few distinct ones kept if a pair (a regex that looks ahead at each byte costs
    two or three times more on a window of Cyrillic or Greek: most bytes are above 127).

    >>> _neighbours(b"a\\xe9\\xe9 a") == {b"a\\xe9": 1, b"\\xe9\\xe9": 1}
    True
    """
    n = len(marked)
    counts: dict[int, int] = {}
    _count_elements(counts, memoryview(marked[: n - n % 2]).cast("H"))
    _count_elements(counts, memoryview(marked[1 : n - (n - 1) % 2]).cast("H"))
    little = sys.byteorder == "little"
    out: dict[bytes, int] = {}
    for value, count in counts.items():
        pair = _NEIGHBOURS.get(value, b"")
        if pair == b"":
            first, second = (value & 255, value >> 8) if little else (value >> 8, value & 255)
            high = first > 127 or second > 127
            # (after _ASCII_PAIRS, an ASCII byte that is not a letter is a space)
            pair = bytes((first, second)) if high and 32 not in (first, second) else None
            _NEIGHBOURS[value] = pair
        if pair is not None:
            out[pair] = count
    return out


#: Python codecs whose every character of more than one byte is made of bytes above 127 and
#: that read no such byte alone (EUC): one such byte between ASCII bytes is invalid there.
_PAIRED = frozenset({"euc_jp", "euc_kr", "gb2312", "euc_jis_2004", "euc_jisx0213"})


#: Each byte as :func:`_lone_high` looks at it: ``H`` above 127, ``a`` ASCII.
_HIGH_MARKS = b"a" * 128 + b"H" * 128


def _lone_high(data: bytes, prefix: bool) -> bool:
    """Whether a byte above 127 stands between ASCII bytes (or an end), which no
    :data:`_PAIRED` codec reads; in a prefix, not at its end, where the rest of a character
    may be cut off (EUC-JP's three-byte characters: two more bytes). (Found with
    ``bytes.translate`` and ``in``, a few times faster than a regex on a page's 64 KB.)

    >>> _lone_high(b"ni\\xf1o", False), _lone_high(b"\\xa4\\xb3", False)
    (True, False)
    >>> _lone_high(b"a\\xa4", True)  # (a character cut at the end of a prefix)
    False
    """
    marks = data.translate(_HIGH_MARKS)
    if prefix:
        return marks.startswith(b"Haa") or b"aHaa" in marks
    return marks == b"H" or marks.startswith(b"Ha") or marks.endswith(b"aH") or b"aHa" in marks


def _generic(
    enc: Encoding,
) -> tuple[Encoding, str, bool, Callable[[bytes, bool], str | None], Callable[..., Any] | None]:
    """A candidate read one by one: its encoding, language (:func:`codecbox.guessing.
    language_of`), whether a lone byte above 127 rules it out (:data:`_PAIRED`), its reader,
    and its codec's decode function if :data:`_REPLACING` (what the reader calls on an input
    of up to :data:`_REPLACED_UP_TO` bytes that is not a prefix, called without the reader)."""
    assert enc.codec is not None
    info = codecs.lookup(enc.codec)
    paired = info.name.replace("-", "_") in _PAIRED
    direct = info.decode if info.name in _REPLACING else None
    return enc, guessing.language_of(enc.codec), paired, _reader(enc.codec), direct


def _counted(keys: Any) -> Any:
    """``keys`` themselves when few, else counted: what :func:`_summed` adds up cheaper (a
    multiplication of long integers costs a few additions)."""
    if len(keys) <= 96:
        return keys
    counts: dict[Any, int] = {}
    _count_elements(counts, keys)
    return counts


def _summed(table: Any, counted: bytes | list[Any] | dict[Any, int]) -> int:
    """The sum of ``table``'s entries for these keys (:func:`_counted`)."""
    if isinstance(counted, dict):
        return sum(map(mul, map(table.__getitem__, counted), counted.values()))
    return sum(map(table.__getitem__, counted))


def _letters(table: Any, counted: bytes | list[Any] | dict[Any, int], excess: list[Any]) -> int:
    """The letters' vector of a page's bytes (:func:`_counted`) as the letter rule adds them
    up (:func:`codecbox.guessing.mixed`; ``excess``: :func:`_excess` of the same bytes)."""
    tokens = _summed(table, counted)
    if not excess:
        return tokens
    return guessing.mixed(tokens, [(table[b], n) for b, n in excess])


def _excess(counted: bytes | list[Any] | dict[Any, int]) -> list[tuple[int, int]]:
    """Each byte of ``counted`` (:func:`_counted`) seen more than
    :data:`codecbox.guessing.REPEATS` times, and the occurrences over that."""
    if not isinstance(counted, dict):
        counts: dict[Any, int] = {}
        _count_elements(counts, counted)
        counted = counts
    repeats = guessing.REPEATS
    return [(b, n - repeats) for b, n in counted.items() if n > repeats]


@lru_cache(maxsize=65536)
def _least(key: str) -> int:
    """:func:`codecbox.guessing.least_cost` in 1/128 points; 0 for a pair with a NUL (what
    :attr:`_Plan.folded_columns` holds for a byte the letter rule leaves out)."""
    return 0 if "\0" in key else round(guessing.least_cost(key) * _SCALE)


def _packed(parts: Iterable[int]) -> int:
    """One integer of :data:`_FIELD` bits for each part (a page's), the first part in the
    lowest bits, as :meth:`_Plan.priors_with` packs and :meth:`_Plan._unpack` reads."""
    fields = array(_FIELD_TYPE, parts)
    if sys.byteorder == "big":  # (each field's bytes, lowest first)
        fields.byteswap()
    return int.from_bytes(fields.tobytes(), "little")


class _PairParts(dict[tuple[int, int], int]):
    """Two classes (as bytes) -> what guessing.pair_points takes for them, in the units of the
    packed sums, with the bias; filled on first use (faster to look up than a cache)."""

    def __missing__(self, key: tuple[int, int]) -> int:
        points = guessing.pair_points(bytes(key).decode("ascii"))
        part = self[key] = int((points + _PAIR_BIAS) * _SCALE)
        return part


_PAIR_PARTS = _PairParts()


class _Plan:
    """A trial list (candidates and their priors) as :func:`guess_codecbox` runs it.

    Its *pages* (:func:`_page_table`: 38 of the 44 without candidates) get tables of 256
    entries: for decoding, the class of each byte, the letters the letter rule counts, and an
    id of each byte's character, the same for two pages that make the same one (255 where
    undefined): ``highs.translate(ids)`` tells their readings apart. What each byte and each
    pair of neighbours can bring to a score (:func:`codecbox.guessing.char_bound`,
    :func:`codecbox.guessing.pair_points`, less :func:`codecbox.guessing.least_cost`) is
    packed for all the pages in one integer, :data:`_FIELD` bits each: a sum of a few of
    those bounds every page's score of a window before anything is decoded. The other
    candidates (multi-byte, UTF-16...) are read one by one.
    """

    def __init__(self, trial: tuple[tuple[Encoding, float], ...], explicit: bool) -> None:
        tables = [_page_table(enc.codec or "") for enc, _ in trial]
        pages = [i for i, table in enumerate(tables) if table is not None][:254]
        self.positions = tuple(pages)
        self.encodings = tuple(trial[i][0] for i in pages)
        #: A page's index by its encoding's name.
        self.index = {enc.name: k for k, enc in enumerate(self.encodings)}
        self.priors = tuple(trial[i][1] for i in pages)
        found = [table for table in map(tables.__getitem__, pages) if table is not None]
        self.decoding = tuple(table[0] for table in found)
        chars = [table[1] for table in found]
        self.classes = tuple(guessing.byte_classes(enc.codec or "") for enc in self.encodings)
        #: What the languages each page cannot write, and the scarce ones, add to its reading's
        #: letter rule in full (:func:`codecbox.guessing.charged`; its bounds, without them,
        #: stay higher).
        self.blocked = tuple(guessing.charged(enc.codec or "") for enc in self.encodings)
        #: For each byte, its class in every page.
        self.columns = tuple(map(bytes, zip(*self.classes, strict=True)))
        ids = [bytearray(256) for _ in pages]
        vectors = [0] * 256
        #: What the letter rule reads of each byte (:func:`codecbox.guessing.fold`), by page,
        #: as a decoding table (None if a byte is left out: a combining mark) and by byte.
        folds = [guessing.fold(table) for table in self.decoding]
        self.folding = tuple(fold if len(fold) == 256 else None for fold in folds)
        self.folded = tuple(
            tuple(fold)
            if fold is not None
            else tuple(None if ch is None else guessing.fold_char(ch) for ch in page)
            for fold, page in zip(self.folding, chars, strict=True)
        )
        #: For each byte above 127, what the letter rule reads of it in every page (a NUL
        #: where nothing: a combining mark, an undefined byte).
        self.folded_columns = tuple(
            tuple(f[b] or "\0" for f in self.folded) if b > 127 else () for b in range(256)
        )
        #: The least the letter rule takes for the letter of each byte (1/128 points), by page.
        self.least = tuple(
            tuple(0 if not f or f <= "\x7f" else _least(f) for f in folded)
            for folded in self.folded
        )
        parts: dict[str | None, int] = {None: 0}  # a character -> its part of a packed sum
        for b in range(128, 256):
            column = [page[b] for page in chars]
            named = {ch: i for i, ch in enumerate(dict.fromkeys(column))}
            for k, ch in enumerate(column):
                ids[k][b] = 255 if ch is None else named[ch]
                if ch is not None and ch not in parts:
                    parts[ch] = int((guessing.char_bound(ch) + _BYTE_BIAS) * _SCALE)
            vectors[b] = _packed(
                parts[ch] - (0 if ch is None else self.least[k][b]) for k, ch in enumerate(column)
            )
        self.ids = tuple(bytes(table) for table in ids)
        self.vectors = tuple(vectors)
        #: The letter rule's :func:`codecbox.guessing.letter_vector` of each byte, by page.
        self.letters = tuple(
            (0,) * 128 + tuple(0 if ch is None else guessing.letter_vector(ch) for ch in page[128:])
            for page in chars
        )
        self.pairs: dict[bytes, int] = {}
        #: The least the letter rule takes for each pair of bytes above 127, packed.
        self.pair_least: dict[bytes, int] = {}
        self._prior_vectors: dict[frozenset[str], int] = {}
        fallbacks = {} if explicit else _fallbacks()
        #: The others: (position, prior, :func:`_generic` of the candidate, of its fallbacks).
        self.generic = tuple(
            (i, prior, _generic(enc), tuple(map(_generic, fallbacks.get(enc.name, ()))))
            for i, (enc, prior) in enumerate(trial)
            if i not in pages
        )

    def priors_with(self, bonus: frozenset[str]) -> tuple[Sequence[float], int]:
        """The pages' priors, with :data:`HINT_POINTS` for those a hint favours, and the same
        packed for :meth:`bounds` (rounded up)."""
        priors: Sequence[float] = self.priors
        if bonus:
            priors = [
                p + HINT_POINTS if e.name in bonus else p
                for e, p in zip(self.encodings, self.priors, strict=True)
            ]
        vector = self._prior_vectors.get(bonus)
        if vector is None:
            if len(self._prior_vectors) > 64:
                self._prior_vectors.clear()
            vector = self._prior_vectors[bonus] = sum(
                math.ceil((max(p, -_PRIOR_BIAS) + _PRIOR_BIAS) * _SCALE) << (_FIELD * k)
                for k, p in enumerate(priors)
            )
        return priors, vector

    def others_reading(
        self, data: bytes, prefix: bool, bonus: frozenset[str]
    ) -> tuple[list[tuple[int, Encoding, float]], dict[str, str | bytes]]:
        """The readings of ``data`` by the candidates that are not pages, as (position in the
        trial, encoding, prior), and their texts by encoding name. One that cannot read it is
        replaced by its first fallback that can (:data:`FALLBACKS`, half a point less); those
        of the same text are one, at the first's place, with the best prior's encoding."""
        out: list[tuple[int, Encoding, float]] = []
        whole: dict[str, str | bytes] = {}
        same: dict[tuple[str, str], int] = {}  # a text -> its reading in ``out``
        lone: bool | None = None  # whether a byte above 127 stands alone (found on first use)
        direct = not prefix and len(data) <= _REPLACED_UP_TO  # (see _generic)
        for i, prior, head, fallbacks in self.generic:
            if head[0].name in bonus:
                prior += HINT_POINTS
            signature = None
            for candidate in (head, *fallbacks):
                if candidate[2]:  # (paired)
                    if lone is None:
                        lone = _lone_high(data, prefix)
                    if lone:
                        continue
                if direct and candidate[4] is not None:
                    signature = candidate[4](data, "replace")[0]
                    if "\ufffd" in signature:
                        signature = None
                else:
                    signature = candidate[3](data, prefix)
                if signature is not None:
                    break
            if signature is None:
                continue
            enc, language, _, _, _ = candidate
            if candidate is not head:
                prior -= 1.5 if _RARE_EXTENSION.search(enc.codec or "") else 0.5  # (a fallback)
            key = (signature, language)
            twin = same.get(key)
            if twin is not None:
                # The same text scores the same: only the better prior can win (on a tie, the
                # earlier reading), and a reading of the same text is never the runner-up.
                if prior > out[twin][2]:
                    out[twin] = (out[twin][0], enc, prior)
                    whole[enc.name] = signature
                continue
            same[key] = len(out)
            out.append((i, enc, prior))
            whole[enc.name] = signature
        return out, whole

    def bounds(
        self, window: bytes, priors: int, neighbours: bool = True
    ) -> tuple[Sequence[int], Sequence[int] | None, int, bytes | dict[int, int], int]:
        """For every page, an upper bound of its total of ``window`` with its prior (the points
        of its characters and what the rules that give points could add, less the least the
        letter rule takes for its letters and, if ``neighbours``, less what the pair rules and
        the letter rule take for its pairs), in 1/128 points less an offset; what the letter
        rule takes for the pairs, by page (None: nothing); the offset; the bytes above 127
        (:func:`_counted`); the number of sentence ends. ``priors``: :meth:`priors_with`'s."""
        highs = window.translate(None, _ASCII_BYTES)
        counted = _counted(highs)
        total = priors + _summed(self.vectors, counted)
        found: list[bytes] | dict[bytes, int] = []
        npairs = 0
        if neighbours:
            marked = window.translate(_ASCII_PAIRS)
            if len(marked) > 96 and len(highs) * 8 > len(marked):
                found = _neighbours(marked)  # (many: counted without the regex)
                npairs = sum(found.values())
            else:
                pairs = _high_pairs().findall(marked)
                found, npairs = _counted(pairs), len(pairs)
        least: Sequence[int] | None = None
        if npairs:
            try:
                total += _summed(self.pairs, found)
            except KeyError:  # (a pair not seen yet)
                for pair in set(found).difference(self.pairs):
                    self._pair(pair)
                total += _summed(self.pairs, found)
            lowered = _summed(self.pair_least, found)
            if lowered:  # (no page's field goes below zero: a pair's bias is more)
                total -= lowered
                least = self._unpack(lowered)
        ends = window.count(b".") + window.count(b"!") + window.count(b"?")
        # (each ASCII character is worth one point, a control -8, a sentence end may add 0.5)
        ascii_points = len(window) - len(highs) + CONTROL_POINTS * _controls(window) + ends / 2
        biases = _BYTE_BIAS * len(highs) + _PAIR_BIAS * npairs + _PRIOR_BIAS
        offset = int((ascii_points - biases) * _SCALE)
        return self._unpack(total), least, offset, counted, ends

    def _unpack(self, total: int) -> Sequence[int]:
        """The fields of a packed sum, one by page."""
        size = _FIELD // 8 * len(self.encodings)
        fields = memoryview(total.to_bytes(size, sys.byteorder)).cast(_FIELD_TYPE)
        return fields if sys.byteorder == "little" else fields[::-1]

    def _pair(self, pair: bytes) -> None:
        """Stores what every page's pair rules take from ``pair``, packed (plus the bias), and
        the least the letter rule takes for it (two bytes above 127). Kept for good (at most
        128 * 132 pairs); the least first, so that a thread that finds one finds both."""
        first, second = pair
        least = 0
        if first > 127 and second > 127:
            columns = self.folded_columns
            least = _packed(map(_least, map(add, columns[first], columns[second])))
        self.pair_least[pair] = least
        keys = zip(self.columns[first], self.columns[second], strict=True)
        self.pairs[pair] = _packed(map(_PAIR_PARTS.__getitem__, keys))


@lru_cache(maxsize=16)
def _plan(trial: tuple[tuple[Encoding, float], ...]) -> _Plan:
    return _Plan(trial, explicit=True)


@lru_cache(maxsize=2)
def _default_plan(web: bool = False) -> _Plan:
    trial = tuple(
        (_trial(c), p - 0.001 * i) for i, (c, p) in enumerate(PRIORS.items()) if not web or c in WEB
    )
    return _Plan(trial, explicit=False)


class _Readings(NamedTuple):
    """What :func:`_rank` reads a window with: the pages still in the race, the other
    readings (position in the trial, encoding, prior), the pages' priors (a hint's points
    added) and the same packed, each byte above 127 of the input once, and the texts of all
    of it by encoding name (a page's filled in when it is taken); ``read``: the bytes the
    other readings' texts in ``whole`` were read from (as a prefix if :func:`_rank` is told
    so), which a window of the same bytes need not decode again."""

    pages: Sequence[int]
    others: list[tuple[int, Encoding, float]]
    priors: Sequence[float]
    prior_vector: int
    highs: bytes
    whole: dict[str, str | bytes]
    read: bytes = b""
    #: :func:`codecbox.guessing.byte_words` of the text around the first non-ASCII byte.
    words: int = 0


@lru_cache(maxsize=256)
def _language(codec: str) -> str:
    """:func:`codecbox.guessing.language_of`, once per codec."""
    return guessing.language_of(codec)


@lru_cache(maxsize=256)
def _no_markup_cut(codec: str) -> bool:
    """Whether :data:`_NO_MARKUP_CUT` matches ``codec``, once per codec."""
    return _NO_MARKUP_CUT.search(codec) is not None


#: :func:`codecbox.guessing.letters_of` of the letter vectors met (a function of the integer
#: alone: inputs share their letters, a snippet's few most of all), at most
#: :data:`_LETTERS_KEPT` (then emptied).
_LETTERS_SEEN: dict[int, tuple[float, bool]] = {}
_LETTERS_KEPT = 1 << 12  # (each ~270 bytes: about 1 MB at most)


def _letters_of(vector: int) -> tuple[float, bool]:
    """:func:`codecbox.guessing.letters_of`, remembered (:data:`_LETTERS_SEEN`)."""
    found = _LETTERS_SEEN.get(vector)
    if found is None:
        if len(_LETTERS_SEEN) >= _LETTERS_KEPT:
            _LETTERS_SEEN.clear()
        found = _LETTERS_SEEN[vector] = guessing.letters_of(vector)
    return found


def _waits(
    bound: float, top: list[tuple[float, str, Encoding]], heap: list[Any], following: float
) -> bool:
    """Whether a reading with this bound cannot reach the best two (``top``), or another has
    a better bound: the first on the ``heap``, or the next page (``following``)."""
    if heap and -heap[0][0] > bound:
        return True
    return (len(top) == 2 and bound < top[1][0] - _EPSILON) or following > bound


def _letter_rule(
    plan: _Plan,
    page: int,
    reduced: bytes,
    lettered: tuple[int, float],
    least: Sequence[int] | None,
    ascii_letters: int,
    words: int = 0,
) -> tuple[str, float, float]:
    """A page's text of ``reduced``, what the letter rule in full takes from it (letters and
    neighbours, as the score has it), and what that adds to its bound by its letters alone
    (``lettered``: their vector and cost) in place of the least it takes for each pair.
    ``ascii_letters``: the ASCII letters of the window before :func:`_reduce` cut its runs
    (what :data:`codecbox.guessing.DENSITY_WEIGHT` counts); ``words``: the window's
    :func:`codecbox.guessing.byte_words`."""
    text = codecs.charmap_decode(reduced, "strict", plan.decoding[page])[0]
    folding = plan.folding[page]
    if folding is None:
        # (a page with combining marks, windows-1258: its letter and mark as one letter, as
        # the shares count them; Italian "può" read so is "pụ", not "pu")
        composed = unicodedata.normalize("NFC", text) if ascii_letters >= _NFC_MIN else text
        folded = guessing.fold(composed)
    else:
        folded = codecs.charmap_decode(reduced, "strict", folding)[0]
    vector, letters = lettered
    value = guessing.folded_points(folded, vector, plan.blocked[page], ascii_letters, words)
    return text, value, value - letters + (0.0 if least is None else least[page] / _SCALE)


def _rank(
    data: bytes,
    start: int,
    size: int,
    prefix: bool,
    plan: _Plan,
    readings: _Readings,
    last: bool,
) -> tuple[
    list[tuple[float, Encoding, str]],
    list[tuple[float, Encoding]],
    list[tuple[float, str, Encoding]],
]:
    """Score the readings of ``data[start:start + size]`` (plus their priors) that can be
    best or runner-up.

    Every reading has an upper bound of its score: a page's from the packed tables
    (:meth:`_Plan.bounds`), narrowed by the letter rule when it is the best bound left; any
    other's is its points before the neighbour rules (plus the little two rules can add).
    Readings are taken best bound first, until no bound can reach the best two scores of
    different texts. Returns the scores, the bounds of the readings left out that a longer
    window may still find best (none if ``last``), and the best two (score, text, encoding)
    of different texts.
    """
    window = data[start : start + size]
    cut = prefix or start + size < len(data)
    reduced, removed = _reduce(window)
    ascii_letters = len(window) - len(window.translate(None, _ASCII_LETTERS))
    words = readings.words
    priors = readings.priors
    # The pages best packed bound first (``fields[k] + offset`` in 1/128 points), and a heap of
    # (-bound, position, stage, index): stage 1 a page's bound narrowed by its letters, 4 by
    # the letter rule in full, 2 any other reading's (``others[index]``), 3 the same narrowed
    # by the CJK rules.
    order: Sequence[int] = ()
    fields: Sequence[int] = ()
    least: Sequence[int] | None = None
    offset = 0
    counts: bytes | dict[int, int] = b""
    ends = 0
    if readings.pages:
        # (The pairs of a longer window cost more than they save when few pages are left.)
        neighbours = size <= 96 or len(readings.pages) > 4
        fields, least, offset, counts, ends = plan.bounds(window, readings.prior_vector, neighbours)
        order = sorted(readings.pages, key=fields.__getitem__, reverse=True)
    excess = _excess(counts)
    heap: list[tuple[float, int, int, int]] = []
    others: list[tuple[Encoding, str, guessing.Base, float, str]] = []
    bases: dict[str, guessing.Base] = {}
    # (a window of all the bytes the others were read from: the same texts, already known)
    known_texts = readings.whole if window == readings.read else None
    for position, enc, prior in readings.others:
        codec = enc.codec
        assert codec is not None
        if _single_byte(codec):
            text = reduced.decode(codec)
            extra = removed + prior
            first = bases.get(text) or guessing.base(
                text, reduced.translate(guessing.byte_classes(codec)).decode("ascii")
            )
        else:
            if known_texts is not None:
                text = known_texts[enc.name]  # type: ignore[assignment]  # (a str: not a page)
            else:
                text = _reader(codec)(window, cut) or ""
            extra = prior
            first = bases.get(text) or guessing.base(text)
        bases[text] = first
        bound = first.points + first.most_added + first.known + extra
        heap.append((-bound, position, 2, len(others)))
        others.append((enc, text, first, bound, _language(codec)))
    heapq.heapify(heap)
    cjk: float | None
    letter: float | None
    highs, whole, ids, encodings = readings.highs, readings.whole, plan.ids, plan.encodings
    positions = plan.positions
    texts: set[bytes] = set()  # the pages' texts of all the bytes, of the pages taken
    cjks: dict[int, float] = {}
    lettered: dict[int, tuple[int, float]] = {}  # a page -> its letters, what they cost
    full: dict[int, tuple[str, float]] = {}  # a page -> its text, what the letter rule takes
    scored: list[tuple[float, Encoding, str]] = []
    top: list[tuple[float, str, Encoding]] = []  # the best two of different texts
    # (text, language, blocked languages) -> score, floor
    seen: dict[tuple[str, str, int], tuple[float, float]] = {}
    taken = 0  # pages of ``order`` taken
    # (what the loop reads at each step, looked up once: the pages' letter tables, the counted
    # bytes' counts when counted, for the sums of _summed inlined)
    letter_tables, least_tables = plan.letters, plan.least
    values = counts.values() if isinstance(counts, dict) else None
    n_order = len(order)
    while True:
        if taken < n_order:
            index = order[taken]
            bound = (fields[index] + offset) / _SCALE
            stage = 0
            if heap and -heap[0][0] > bound:
                bound, stage = -heap[0][0], -1
        elif heap:
            bound, stage = -heap[0][0], -1
        else:
            break
        if len(top) == 2 and bound < top[1][0] - _EPSILON:
            break
        if stage == 0:
            taken += 1
            signature = highs.translate(ids[index])
            if 255 in signature or signature in texts:
                continue  # it cannot read the bytes, or a better prior makes the same text
            texts.add(signature)
            whole[encodings[index].name] = signature
            # The letter rule, first from the letters alone (its neighbours only lower it), in
            # place of the least it takes for each letter (_summed of both tables, inlined;
            # then :func:`_letters`'s cap on repeated letters).
            table, least_table = letter_tables[index], least_tables[index]
            if values is None:
                vector = sum(map(table.__getitem__, counts))
                lowest = sum(map(least_table.__getitem__, counts))
            else:
                vector = sum(map(mul, map(table.__getitem__, counts), values))
                lowest = sum(map(mul, map(least_table.__getitem__, counts), values))
            if excess:
                vector = guessing.mixed(vector, [(table[b], n) for b, n in excess])
            letters, cased = _letters_of(vector)
            bound += letters + lowest / _SCALE
            if not cased:
                bound -= 0.5 * ends  # (no capital, no sentence)
            lettered[index] = (vector, letters)
            following = (fields[order[taken]] + offset) / _SCALE if taken < n_order else -math.inf
            # (_waits, inlined)
            if (
                (heap and -heap[0][0] > bound)
                or (len(top) == 2 and bound < top[1][0] - _EPSILON)
                or following > bound
            ):
                heapq.heappush(heap, (-bound, positions[index], 1, index))
                continue
            stage = 1
        else:
            _, position, stage, index = heapq.heappop(heap)
            # (In a window that is not the last, the multi-byte readings scored are what the
            # family rule of guess_codecbox weighs: their bound stays the points before the
            # neighbour rules.)
            if stage == 2 and last:
                enc, text, first, bound, language = others[index]
                cjk = cjks[index] = guessing.cjk_points(text, first, language)
                if cjk:
                    bound += cjk
                    if _waits(bound, top, heap, -math.inf):
                        heapq.heappush(heap, (-bound, position, 3, index))
                        continue
        if stage == 1:
            text, value, lowered = _letter_rule(
                plan, index, reduced, lettered[index], least, ascii_letters, words
            )
            full[index] = (text, value)
            if lowered < 0:
                bound += lowered
                following = (
                    (fields[order[taken]] + offset) / _SCALE if taken < len(order) else -math.inf
                )
                if _waits(bound, top, heap, following):
                    heapq.heappush(heap, (-bound, positions[index], 4, index))
                    continue
            stage = 4
        if stage == 4:
            enc, prior = encodings[index], priors[index]
            text, value = full[index]
            first = bases.get(text) or guessing.base(
                text, reduced.translate(plan.classes[index]).decode("ascii")
            )
            bases[text] = first
            # (the old bound's float arithmetic, so that a total is the same to the last bit)
            bound = first.points + first.most_added + first.known + (removed + prior)
            language = ""
            cjk, letter = None, value
            blocked = plan.blocked[index]
        else:
            enc, text, first, bound, language = others[index]
            cjk, letter = cjks.get(index), None
            blocked = -1
        extra = bound - first.points - first.most_added - first.known
        floor = top[1][0] - extra if len(top) == 2 else -math.inf
        # Readings with the same text score the same (only the language of a Chinese or a
        # Japanese codec changes a rule, and the languages a page cannot write).
        key = (text, language, blocked)
        known = seen.get(key)
        if known is not None and (known[0] >= known[1] or floor >= known[1]):
            points = known[0]
        else:
            points = guessing._score(text, language, first, floor, cjk, letter, words)
            seen[key] = (points, floor)
        total = points + extra
        scored.append((total, enc, text))
        top = _top_two(top, total, text, enc)
    left_out: list[tuple[float, Encoding]] = []
    if last or not top:
        return scored, left_out, top
    # A reading left out stays in the race (guess_codecbox) when its bound is near the
    # leader's score: a page's is narrowed as far as the letter rule goes first.
    near = top[0][0] - DECISIVE
    for negative, _, stage, index in sorted(heap):
        bound = -negative
        if bound > near and stage == 1:
            bound += min(
                0.0,
                _letter_rule(plan, index, reduced, lettered[index], least, ascii_letters, words)[2],
            )
        if bound > near:
            left_out.append((bound, others[index][0] if stage in (2, 3) else encodings[index]))
    for index in order[taken:]:
        bound = (fields[index] + offset) / _SCALE
        if bound <= near:
            break  # (not in the race, whatever its text; nor are the pages after it)
        signature = highs.translate(ids[index])
        if 255 in signature or signature in texts:
            continue
        texts.add(signature)
        whole[encodings[index].name] = signature
        vector = _letters(plan.letters[index], counts, excess)
        letters, cased = _letters_of(vector)
        bound += letters + _summed(plan.least[index], counts) / _SCALE
        bound -= 0.0 if cased else 0.5 * ends
        if bound > near:
            lettered[index] = (vector, letters)
            bound += min(
                0.0,
                _letter_rule(plan, index, reduced, lettered[index], least, ascii_letters, words)[2],
            )
            if bound > near:
                left_out.append((bound, encodings[index]))
    return scored, left_out, top


def _twins(
    data: bytes,
    plan: _Plan,
    readings: _Readings,
    scored: list[tuple[float, Encoding, str]],
    best: tuple[float, str, Encoding],
) -> list[tuple[float, str, Encoding]]:
    """The pages scored with the best reading's text of the last window but another text of
    ``data`` (bytes beyond the window that they read differently: ISO-8859-7's Ά is
    windows-1253's ¶), best first, their scores plus those of excerpts around such bytes;
    empty when there are none.

    >>> _twins(b"abc", _default_plan(), _Readings((), [], (), 0, b"", {}), [], (0.0, "", _UTF8))
    []
    """
    index, whole = plan.index, readings.whole
    first = index.get(best[2].name)
    if first is None:
        return []
    twins = [
        (total, enc)
        for total, enc, text in scored
        if text == best[1] and enc.name in index and whole.get(enc.name) != whole[best[2].name]
    ]
    if not twins:
        return []
    twins.insert(0, (best[0], best[2]))
    ids = [plan.ids[index[enc.name]] for _, enc in twins]
    differ = bytes(b for b in readings.highs if len({page[b] for page in ids}) > 1)
    excerpt = b" ".join(_excerpts(data, differ))
    out = []
    for total, enc in twins:
        text = codecs.charmap_decode(excerpt, "replace", plan.decoding[index[enc.name]])[0]
        out.append((total + guessing.score(text), best[1], enc))
    out.sort(key=lambda t: -t[0])  # (stable: on a tie the earlier)
    return out[:2]


def _excerpts(data: bytes, chosen: bytes, limit: int = 64) -> list[bytes]:
    """The bytes around (16 each side) the first ``limit`` occurrences in ``data`` of any
    byte of ``chosen``, overlapping excerpts merged.

    >>> _excerpts(b"x" * 40 + bytes([0xB6]) + b"y" * 40, bytes([0xB6]))
    [b'xxxxxxxxxxxxxxxx\\xb6yyyyyyyyyyyyyyyy']
    """
    if not chosen:
        return []
    pattern = re.compile(b"[" + b"".join(b"\\x%02x" % b for b in chosen) + b"]")
    spans: list[list[int]] = []
    for n, m in enumerate(pattern.finditer(data)):
        if n == limit:
            break
        start, end = max(0, m.start() - 16), m.end() + 16
        if spans and start <= spans[-1][1]:
            spans[-1][1] = end
        else:
            spans.append([start, end])
    return [data[start:end] for start, end in spans]


#: A variant's encoding name -> the commoner encoding it varies (:attr:`Record.variant_of
#: <codecbox.table.Record.variant_of>`).
VARIANTS = {r.name: r.variant_of for r in TABLE if r.variant_of}


def _pc_art(data: bytes, prefix: bool) -> bool:
    """Whether cp850 and cp437 read ``data`` alike and the text draws (box drawing, blocks,
    shades; a terminal's control sequences aside): ANSI art and frames are the IBM PC's page,
    whose name the same text then takes (cp850 kept cp437's double lines and shades, and is
    tried first).

    >>> _pc_art("╔════════╗ ║ README ║ ╚════════╝".encode("cp437"), False)
    True
    >>> _pc_art("Grüße aus Köln".encode("cp437"), False)
    False
    """
    text = _reader("cp850")(data, prefix)
    if text is None or text != _reader("cp437")(data, prefix):
        return False
    return guessing.draws(_terminal().sub(b"", data).decode("cp437") if "\x1b" in text else text)


def _common_form(enc: Encoding, data: bytes, prefix: bool) -> Encoding | None:
    """The commoner encoding of a variant (:data:`VARIANTS`) when it reads ``data`` with the
    same letters as ``enc`` (other punctuation or symbols only), else None.

    >>> koi8 = "Операция «Аттила» началась".encode("koi8-t")  # « » are ╚ ╩ in KOI8-R
    >>> _common_form(resolve("koi8-t"), koi8, False).name
    'KOI8-R'
    >>> _common_form(resolve("koi8-t"), "Ҳамаи одамон".encode("koi8-t"), False) is None
    True
    """
    base = VARIANTS.get(enc.name)
    if base is None or enc.codec is None:
        return None
    common = _trial(base)
    mine, theirs = _reader(enc.codec)(data, prefix), _reader(common.codec or "")(data, prefix)
    if mine is None or theirs is None:
        return None
    return common if _alpha(mine) == _alpha(theirs) else None


def _alpha(text: str) -> str:
    return "".join(ch for ch in text if ch.isalpha())


def _same_but_commas(text: str, other: str) -> bool:
    """Whether two readings differ only in a comma or a cedilla under s and t (:data:`_CEDILLAS`).

    >>> _same_but_commas("roşii şi", "roșii și"), _same_but_commas("roşii", "rošii")
    (True, False)
    >>> g = guess_codecbox("Ţara are roşii şi peşte.".encode("cp1250"))
    >>> g.encoding.name, g.sure, g.runner_up.name, g.raw
    ('windows-1250', False, 'ISO-8859-16', ('margin', 0.0))
    """
    return (
        len(text) == len(other)
        and text != other
        # (neither holds a comma below: translating leaves both as they are, and unequal; a
        # search for four characters costs far less than a translation of a long text)
        and any(ch in text or ch in other for ch in _COMMAS)
        and text.translate(_CEDILLAS) == other.translate(_CEDILLAS)
    )


def _prior_of(enc: Encoding, plan: _Plan, readings: _Readings) -> float:
    """The prior of a reading's encoding in this call (a hint's points included)."""
    page = plan.index.get(enc.name)
    if page is not None:
        return readings.priors[page]
    return max((prior for _, other, prior in readings.others if other == enc), default=-math.inf)


def _family_bests(scored: list[tuple[float, Encoding, str]], floor: float) -> set[str]:
    """The names of the best multi-byte reading of each language (Chinese, Japanese,
    Korean, other) whose score is above ``floor``."""
    best: dict[str, tuple[float, str]] = {}
    for total, enc, _ in scored:
        codec = enc.codec or ""
        if total <= floor or _single_byte(codec):
            continue
        family = _language(codec)
        if family not in best or total > best[family][0]:
            best[family] = (total, enc.name)
    return {name for _, name in best.values()}


def _top_two(
    top: list[tuple[float, str, Encoding]], total: float, text: str, enc: Encoding
) -> list[tuple[float, str, Encoding]]:
    """The best two (score, text, encoding) of ``top`` and the new one, of different texts;
    on a tie the one already there stays first."""
    if not top:
        return [(total, text, enc)]
    first = top[0]
    if total > first[0]:
        return [(total, text, enc), first] if text != first[1] else [(total, text, enc), *top[1:]]
    if text == first[1] or (len(top) == 2 and total <= top[1][0]):
        return top
    return [first, (total, text, enc)]


def guess_codecbox(
    data: bytes,
    candidates: Sequence[str | Encoding] | None = None,
    *,
    prefix: bool = False,
    hint: str | None = None,
    web: bool = False,
) -> Guess:
    """codecbox's own detector, the default of :func:`~codecbox.decoding.decode_bytes`.

    Reads at most :data:`MAX_BYTES` (a longer input is a prefix), then, in order:

    1. a byte order mark decides;
    2. :func:`evidence` decides (but mostly valid UTF-8 only when UTF-8 is a candidate;
       ``web=True``: a page, never EBCDIC or UTF-7);
    3. every candidate (``candidates``, or :data:`PRIORS`, with ``web=True`` only those
       browsers have, :data:`WEB`; UTF-16 and UTF-32 only if they are candidates) that
       reads the bytes is scored (:func:`codecbox.guessing.score`, on growing
       :data:`WINDOWS` from the first non-ASCII byte, without the markup of HTML:
       :func:`_text_only`) and its prior is added (:data:`PRIORS`; ``hint`` adds
       :data:`HINT_POINTS` to the encodings of a language (:data:`HINTS`), of a top-level
       domain or a host name (:data:`TLD_HINTS`): see :func:`_hinted`). The best total
       wins, on a tie the earlier candidate; readings of the same text are one.

    ``raw`` is ``("margin", m)``, the points between the winner and the runner-up (the best
    reading of another text); ``confidence`` is ``m / (m + n)``, where ``n`` is
    :data:`SURE_MARGIN` (1.5 times it under 8 distinct non-ASCII bytes: a few characters
    make noisy scores; infinite for a CJK reading of mostly rare characters,
    :data:`CJK_EVIDENCE`). When ``m`` is below ``n`` the answer is not sure: ``runner_up``
    names the other reading (a caller that must not guess can ask a person, or decode both).
    Readings of one text in the last window but of two texts of the whole input (a byte
    beyond the window read differently) are told apart on excerpts around those bytes. Two
    readings that differ only in the comma or the cedilla under s and t (Romanian in
    windows-1250 or ISO-8859-16) are a tie, which the prior decides, margin 0, never sure.

    >>> g = guess_codecbox("año".encode("cp1252"), ["cp1252", "cp1250"])
    >>> g.encoding.name, g.sure, g.runner_up.name     # ñ or ń: three bytes cannot tell
    ('windows-1252', False, 'windows-1250')
    """
    name = "codecbox"
    names = candidate_encodings(candidates) if candidates is not None else ()
    found = bom(data, keep=True)
    if found is not None:
        return Guess(found[0], name, Rule.BOM, 1.0)
    data, prefix = _window(data, prefix)
    proof = _evidence(data, prefix, files=not web)[0]
    if proof is not None and candidates is not None and _outside(proof, names):
        proof = _evidence(data, prefix, files=False)[0]
    if proof is not None and (
        proof.rule is not Rule.MOSTLY_UTF8 or candidates is None or _UTF8 in names
    ):
        return proof
    if candidates is None:
        plan = _default_plan(web)
    else:
        priors = _priors()
        trial = tuple(
            (enc, priors.get(enc.name, UNKNOWN_PRIOR) - 0.001 * i) for i, enc in enumerate(names)
        )
        plan = _plan(trial)

    data = _collapse(data)
    bonus = _hinted(hint)
    whole_data = data
    highs = bytes(sorted(set(data.translate(None, _ASCII_BYTES))))  # (each once, in order)
    others, whole = plan.others_reading(data, prefix, bonus)
    page_priors, prior_vector = plan.priors_with(bonus)
    pages = range(len(plan.encodings))
    readings = _Readings(pages, others, page_priors, prior_vector, highs, whole, data)
    if not any(_no_markup_cut(enc.codec or "") for _, enc, _ in others):
        data = _text_only(data)
    high = _HIGH.search(data)
    start = max(0, (high.start() if high else 0) - 16)
    words = guessing.byte_words(data[max(0, start - WORD_CONTEXT) : start + WORDS_AFTER])
    readings = readings._replace(words=words)
    top: list[tuple[float, str, Encoding]] = []
    for size in WINDOWS:
        last = len(data) - start <= size or size == WINDOWS[-1]
        scored, left_out, top = _rank(data, start, size, prefix, plan, readings, last)
        if len(data) - start <= size or len(scored) + len(left_out) < 2:
            break
        leader = max(scored, key=lambda t: t[0])
        late = {enc.name for bound, enc in left_out if bound > leader[0] - DECISIVE}
        # The best reading of each multi-byte family stays in the race when it is not far
        # behind: a page's first characters of Big5 or EUC-KR among ASCII markup score
        # little, a longer window shows what they are.
        families = _family_bests(scored, leader[0] - FAMILY_DECISIVE)
        close = {t[1].name for t in scored if t[0] > leader[0] - DECISIVE} | late | families
        if leader[1].name in plan.index and len(data) - start > WINDOWS[1]:
            # (a code page leads: every multi-byte reading of all the input stays, box drawing
            # or ASCII art at the start of a Johab file scores far below a page's letters,
            # the text after it does not)
            close |= {enc.name for _, enc, _ in readings.others}
        elif leader[1].name in plan.index:
            # (in a shorter input, those that read box drawing: a banner is worth nothing)
            close |= {
                enc.name
                for _, enc, _ in readings.others
                if _text_pattern(_BOX).search(str(whole[enc.name]))
            }
        if not late and all(whole[other] == whole[leader[1].name] for other in close):
            break  # no other text is close: a longer window would not change the answer
        readings = readings._replace(
            pages=[k for k in readings.pages if plan.encodings[k].name in close],
            others=[r for r in readings.others if r[1].name in close],
        )
    if not top:
        return Guess(None, name)
    best = top[0]  # (on a tie, the first scored)
    runner = top[1] if len(top) == 2 else None  # the best of another text
    margin = math.inf if runner is None else best[0] - runner[0]
    twins = _twins(whole_data, plan, readings, scored, best)
    if twins:
        best = twins[0]
        if len(twins) == 2 and twins[0][0] - twins[1][0] < margin:
            runner, margin = twins[1], twins[0][0] - twins[1][0]
    needed = SURE_MARGIN * (1.5 if len(highs) < 8 else 1.0)
    if best[2].name == "cp850" and _pc_art(whole_data, prefix):
        best = (best[0], best[1], resolve("cp437"))  # (the same text: named for the art)
    base = _common_form(best[2], whole_data, prefix)
    if base is not None:
        # A variant's reading with the letters of the commoner page's: that page, not sure.
        best, runner, margin, needed = (best[0], best[1], base), best, 0.0, math.inf
    if runner is not None and _same_but_commas(best[1], runner[1]):
        # Not what the letters can tell: a tie, which the prior decides, never sure.
        if _prior_of(runner[2], plan, readings) > _prior_of(best[2], plan, readings):
            best, runner = runner, best
        margin, needed = 0.0, math.inf
    # A CJK reading whose ideographs or hangul are mostly rare ones is not text of that
    # language, whatever its margin: bytes of an encoding not tried (Mac Arabic read as GBK;
    # real text: 78-96 % common, a short Japanese one fewer).
    language = guessing.language_of(best[2].codec)
    cjk, common = guessing.common_share(best[1], language)
    least, share = CJK_EVIDENCE.get(language, (0, 0.0))
    if cjk >= least and common < share * cjk:
        needed = math.inf
    confidence = 1.0 if runner is None else margin / (margin + needed)
    unsure = runner[2] if runner is not None and margin < needed else None
    return Guess(best[2], name, Rule.DETECTED, confidence, ("margin", margin), unsure)


#: Detectors by name, for the functions that take ``detector="..."``.
DETECTORS: dict[str, Detector] = {
    "charset-normalizer": guess_charset_normalizer,
    "chardet": guess_chardet,
    "codecbox": guess_codecbox,
}


def detector_for(detector: str | Detector) -> Detector:
    """A detector by name (one of :data:`DETECTORS`), or the callable itself; fails at once
    (``"chardet"`` without the extra installed is a ``ModuleNotFoundError`` that says so).

    >>> detector_for("v9")
    Traceback (most recent call last):
    ...
    ValueError: unknown detector 'v9'; known: charset-normalizer, chardet, codecbox
    """
    if callable(detector):
        return detector
    try:
        found = DETECTORS[detector]
    except (KeyError, TypeError):
        known = ", ".join(DETECTORS)
        raise ValueError(f"unknown detector {detector!r}; known: {known}") from None
    if found is guess_chardet:
        _require_chardet()
    return found
