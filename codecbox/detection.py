"""Guessing the encoding of bytes, with one signature for every detector.

Bytes do not say which encoding produced them, so every detector is a bet. A
detector is any callable of the :class:`Detector` signature (bytes, optional candidate
encodings, ``prefix``) that answers with a :class:`Guess`; it never raises on odd bytes:
``Guess(encoding=None, ...)`` means "nothing fits", which a caller must handle.

:func:`evidence` says what the bytes themselves prove before any statistics (a binary
format, UTF-16/32 by its zero bytes, ISO-2022 escapes, valid or mostly valid UTF-8).
Three detectors are known by name (:data:`DETECTORS`, :func:`detector_for`):

* ``codecbox`` (:func:`guess_codecbox`), the default of every function that guesses: a
  byte order mark, then :func:`evidence`, then the reading that scores best;
* ``charset-normalizer`` (:func:`guess_charset_normalizer`), a dependency of codecbox;
* ``chardet`` (:func:`guess_chardet`), installed with ``pip install 'chardet>=7.0'`` (the
  ``chardet`` extra).

(Lesson 6's small detectors built on Python's codecs, v1, v2 and ``stdlib``, are the
course's: ``curso/l06/detectors.py``.)

>>> g = guess_codecbox("오늘은 날씨가 좋아서 공원에 갔습니다.".encode("cp949"))
>>> g.encoding.codec, g.rule.value, g.sure
('euc_kr', 'detected', True)
>>> guess_codecbox(b"\\xef\\xbb\\xbfhola").encoding.codec
'utf-8-sig'
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import mul
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

    ``rule`` says how the detector decided (:attr:`Rule.BOM`, :attr:`Rule.VALID_UTF8`
    or :attr:`Rule.DETECTED`). ``confidence`` is the detector's own probability in
    [0, 1], or None when it has none (a detector that only scores).
    ``raw`` is the detector's native metric under its own name, e.g.
    ``("chaos", 0.02)`` for charset-normalizer (lower is better) or
    ``("margin", 3.5)`` for ``codecbox`` (higher is better): compare
    raw metrics only within one detector.
    """

    encoding: Encoding | None
    detector: str
    rule: Rule = Rule.DETECTED
    confidence: float | None = None
    raw: tuple[str, float] | None = None
    #: When the detector is not sure: the best reading whose text differs from the
    #: chosen one's (``confidence`` is then below 0.5). None when it is sure, or when
    #: the detector does not say (only ``codecbox`` does).
    runner_up: Encoding | None = None
    #: For :attr:`Rule.BINARY` (``encoding`` None): what the bytes are, e.g. ``"PNG image"``.
    binary: str | None = None

    @property
    def confident(self) -> bool:
        """True only when a byte order mark or valid UTF-8 decided, never for a guess."""
        return self.encoding is not None and self.rule.certain

    @property
    def sure(self) -> bool:
        """False when the detector said it could not choose between two readings."""
        return self.encoding is not None and self.runner_up is None

    @property
    def how(self) -> str:
        """Short label for tables and messages, e.g. ``"windows-1252 (codecbox)"``."""
        if self.binary is not None:
            return f"binary data: {self.binary} ({self.detector})"
        return f"{self.encoding or 'unknown'} ({self.detector})"


class Detector(Protocol):
    """What every detector is: bytes (and optional candidates) in, a :class:`Guess` out.

    ``prefix=True`` says the bytes are the start of a longer input, so a character
    cut at the end must not disqualify an encoding.
    """

    def __call__(
        self,
        data: bytes,
        candidates: Sequence[str | Encoding] | None = None,
        *,
        prefix: bool = False,
    ) -> Guess: ...


def decode_prefix(data: bytes, encoding: str | Encoding) -> str:
    """Decode the *start* of a longer input: a character cut at the end is not an error.

    ``data[:65536]`` splits a multibyte character most of the time; strict
    decoding would then call valid UTF-8 invalid. An incremental decoder with
    ``final=False`` holds the unfinished bytes back instead. Bytes that are
    wrong wherever the input continues still raise (a :class:`DecodeError`).

    >>> decode_prefix("año".encode("utf-8")[:2], "utf-8")
    'a'
    >>> decode_prefix(b"a\\xffb", "utf-8")
    Traceback (most recent call last):
    ...
    codecbox.errors.DecodeError: cannot decode byte ff at offset 1 as UTF-8: invalid start byte
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
        raise DecodeError.wrap(exc, base=base, encoding=enc.name) from exc


def candidate_encodings(candidates: Sequence[str | Encoding]) -> tuple[Encoding, ...]:
    """A candidate list, checked once for every caller: each name resolved (an unknown one
    raises :class:`~codecbox.errors.UnknownEncodingError`), a bare ``str`` refused (it
    would be iterated letter by letter), an encoding without a decoder refused.

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
#: Bytes no text has (C0 controls other than tab, newlines, form feed, backspace, SUB
#: and the shifts and escape of ISO-2022), with NUL: in quantity they mean binary data.
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


def _utf16_32(data: bytes, prefix: bool) -> tuple[Encoding, str] | None:
    """UTF-32 or UTF-16 (little or big endian) without a BOM, when the zero bytes of the
    code units say so, the bytes decode strictly and the text has no control character."""
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
        try:
            text = codecs.getincrementaldecoder(codec)().decode(body, final=not prefix)
        except UnicodeDecodeError:
            continue
        if text and len(_TEXT_CONTROLS.findall(text)) * 100 <= len(text):
            return resolve(codec), text
    return None


#: Unicode categories no text has: controls (white space aside, checked apart), private
#: use, surrogates, unassigned.
_NOT_TEXT = frozenset({"Cc", "Co", "Cs", "Cn"})
#: The characters short UTF-8 text has (Latin-1 and Latin Extended-A letters and signs, the
#: basic Greek, Cyrillic, Hebrew and Arabic letters), or any of three or four bytes.
_COMMON_2BYTE = re.compile(
    "[\u00a0-\u017f\u0386-\u03ce\u0400-\u045f\u05d0-\u05ea\u0621-\u064a\u0800-\U0010ffff]"
)
#: A U+FFFD between two ASCII characters: one invalid byte alone, as windows-1252 makes.
_LONE_REPLACEMENT = re.compile(r"(?:(?<=[\x00-\x7f])|^)\ufffd(?=[\x00-\x7f]|$)")


def _clean_utf16(data: bytes, prefix: bool) -> Encoding | None:
    """UTF-16 without a BOM and without ASCII (Thai, Chinese...: few zero bytes, but the
    low bytes of U+0E01 or U+3002 are controls in any 8-bit reading): at least 16 code
    units that decode strictly to text with no control, private-use, surrogate or
    unassigned character. Random bytes pass that with a chance of about 4 % at 16 units."""
    if len(data) < 32:
        return None
    for codec in ("utf-16-le", "utf-16-be"):
        try:
            text = codecs.getincrementaldecoder(codec)().decode(data, final=not prefix)
        except UnicodeDecodeError:
            continue
        if not any(unicodedata.category(ch) in _NOT_TEXT and ch not in "\t\n\r\f\v" for ch in text):
            return resolve(codec)
    return None


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


def _window(data: bytes, prefix: bool) -> tuple[bytes, bool]:
    """At most :data:`MAX_BYTES` of ``data`` from just before its first non-ASCII byte (at
    a multiple of 4, for UTF-16 and UTF-32), and whether that is a prefix: an ASCII start
    tells nothing about the encoding, whatever its length. Reads ``data`` by slices only."""
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
    """What the bytes themselves prove, before any statistics (no byte order mark: that
    is checked first, by whoever calls this), or None when only a detector can tell.

    In order: the magic number of a binary format, or NUL and control bytes in a
    quantity no text has, is :attr:`Rule.BINARY` (``encoding`` None, ``binary`` says
    what); the zero bytes of UTF-32 or UTF-16 code units are :attr:`Rule.NUL_PATTERN`;
    ISO-2022-JP, ISO-2022-KR and HZ (7-bit, so they are also valid UTF-8) are
    :attr:`Rule.ESCAPES`; valid UTF-8 is :attr:`Rule.VALID_UTF8` (a pure-ASCII input
    too: it reads the same in every ASCII-compatible encoding; but not at most four
    non-ASCII bytes that make a character short text rarely has, such as ``ҹ``: legacy
    bytes are valid UTF-8 that way by chance, so a detector decides); bytes that are valid
    UTF-8 but for a few invalid ones (three valid multi-byte characters for each invalid
    sequence, and at least 12; or invalid bytes between ASCII characters, and at least
    one valid character for four of them: legacy text has almost no valid sequence, or,
    in CJK and Thai, one for about seven invalid ones, next to each other) are
    :attr:`Rule.MOSTLY_UTF8`,
    tentative: a UTF-8 file with one line
    pasted from a windows-1252 one. Candidate lists do not apply here: they bound a
    guess, and none of these is one.

    >>> evidence("id,name\\n1,Smith\\n".encode("utf-16-le")).how
    'UTF-16LE (codecbox)'
    >>> evidence("日本語のメールです。".encode("iso2022_jp")).rule
    <Rule.ESCAPES: 'escape sequences'>
    >>> evidence(bytes.fromhex("89504e470d0a1a0a0000000d49484452")).how
    'binary data: PNG image (codecbox)'
    >>> g = evidence(("El niño comió.\\n" * 20).encode() + "señal".encode("cp1252"))
    >>> g.how, g.confident
    ('UTF-8 (codecbox)', False)
    >>> evidence("año".encode("cp1252")) is None
    True
    """
    return _evidence(data, prefix)[0]


def _evidence(data: bytes, prefix: bool) -> tuple[Guess | None, str | None]:
    """:func:`evidence`, and the text when it decoded all of ``data`` as UTF-8 (so that
    :func:`~codecbox.decoding.decide` need not decode it again)."""
    name = "codecbox"
    if not data:
        return Guess(_UTF8, name, Rule.VALID_UTF8, 1.0), None
    what = _magic(data)
    if what is not None:
        return Guess(None, name, Rule.BINARY, 1.0, binary=what), None
    odd = len(data) - len(data.translate(None, _ODD_BYTES))
    if odd:
        wide = _utf16_32(data, prefix)
        if wide is not None:
            return Guess(wide[0], name, Rule.NUL_PATTERN, 1.0), None
        clean = _clean_utf16(data, prefix)
        if clean is not None:
            return Guess(clean, name, Rule.DETECTED, 0.9), None
        if odd >= 4 and odd * 50 >= len(data):  # 2 % of the bytes
            return Guess(None, name, Rule.BINARY, 1.0, binary="NUL and control bytes"), None
    if data.isascii():
        if b"\x1b" in data or b"~{" in data:
            escaped = _escapes(data, prefix)
            if escaped is not None:
                return Guess(escaped, name, Rule.ESCAPES, 1.0), None
        return Guess(_UTF8, name, Rule.VALID_UTF8, 1.0), None
    utf8 = _reader("utf-8")(data, prefix)
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
    text = data.decode("utf-8", "replace")
    invalid = text.count("\ufffd") - data.count(b"\xef\xbf\xbd")
    if prefix and text.endswith("\ufffd"):
        invalid -= 1  # (a character cut at the end)
    wide_chars = len(text) - len(text.encode("ascii", "ignore")) - invalid
    # Each byte of a windows-1252 line is an invalid sequence between ASCII characters
    # (``señal``); the invalid bytes of CJK or Thai text touch other non-ASCII ones.
    alone = len(_LONE_REPLACEMENT.findall(text)) if invalid <= wide_chars * 4 else 0
    majority = wide_chars >= 3 * invalid and wide_chars >= 12
    if invalid > 0 and wide_chars >= 2 and (majority or alone * 5 >= invalid * 4):
        return Guess(_UTF8, name, Rule.MOSTLY_UTF8, wide_chars / (wide_chars + invalid)), None
    return None, None


# --- library adapters -------------------------------------------------------------------------
#
# With ``candidates`` given, a detector still tries the BOM and UTF-8 first; the candidates
# are the *legacy* fallbacks. The adapters keep that meaning by always adding UTF-8 (with
# and without BOM) to the list they pass to the library.


def _rule(data: bytes, encoding: Encoding, prefix: bool = False) -> Rule:
    """How a library detector's answer was justified, judged from the bytes (a UTF-8
    answer is "valid UTF-8" only if the bytes are)."""
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
    """Ask charset-normalizer (``from_bytes(...).best()``).

    ``confidence`` is ``1 - chaos`` (as charset-normalizer's own ``detect()`` reports
    it) and ``raw`` is ``("chaos", chaos)``, where lower is better.

    charset-normalizer does *not* tolerate a prefix cut mid-character: it
    answers None, or a wrong single-byte code page. So with ``prefix=True`` it
    is also asked about the input minus its last 1, 2 and 3 bytes (one of those
    ends on a character boundary), and its own ranking picks the best answer.
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


_CHARDET_EXTRA = f"the 'chardet' detector needs chardet: {install_hint('chardet')}"


def _require_chardet() -> None:
    if importlib.util.find_spec("chardet") is None:
        raise ModuleNotFoundError(_CHARDET_EXTRA, name="chardet")


def guess_chardet(
    data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
) -> Guess:
    """Ask chardet 7 (``chardet.detect``); ``confidence`` is chardet's own (0..1).

    Needs the ``chardet`` extra (``pip install 'chardet>=7.0'``); without it
    this raises ``ModuleNotFoundError`` saying so. chardet only examines the first
    ``max_bytes`` anyway, so it already tolerates an input cut mid-character:
    ``prefix`` changes nothing here. Without candidates it reports decode-safe
    supersets (cp949 rather than euc_kr); with candidates it stays inside them.
    Note: when nothing fits, chardet answers cp1252 with confidence 0.10 (its
    ``no_match_encoding``), passed on as is (the confidence shows it); if cp1252 is
    not a candidate it answers None instead, with a ``UserWarning``.
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
#: these sizes in turn, as long as two readings with different texts are within
#: :data:`DECISIVE` points of each other (the others are dropped at each step).
WINDOWS = (96, 512, 4096)
DECISIVE = 8.0
#: ... but the best multi-byte reading of each language stays while within this many points.
FAMILY_DECISIVE = 64.0

#: What ``codecbox`` tries without candidates, with its prior in points (a reading must
#: beat a reading with a higher prior by that much; one point is about one character):
#: the records of :data:`codecbox.table.TABLE` with a prior, by their first try.
PRIORS: dict[str, float] = {r.key: r.prior for r in TABLE if r.prior is not None}
#: Tried (without candidates) only when the encoding before the arrow cannot read the bytes.
#: The CJK encodings are tried first in their strict standard form (Python's codec: the
#: text a file in that encoding means), and only when those cannot read the bytes in the
#: forms after it (the Windows supersets, then JIS X 0213 and HKSCS), with Python's
#: codecs: a page decodes the answer with the browser's (``exact``), which reads the same
#: text but for a handful of characters, and whose incremental decoder is slow on CJK.
FALLBACKS: dict[str, tuple[str, ...]] = {r.tries[0]: r.tries[1:] for r in TABLE if r.tries}
#: Prior of a candidate the table does not know.
UNKNOWN_PRIOR = -2.0
#: Below this margin in points between the best reading and the runner-up (a reading with
#: a different text) the detector is not sure.
SURE_MARGIN = 4.0

#: 7-bit encodings: recognised by their escape sequences, before UTF-8
_ESCAPED = tuple((r.key, r.escapes) for r in TABLE if r.escapes)
_MULTIBYTE = re.compile(r"utf|cp93|cp94|cp95|euc|jis|johab|gb|big5|hz|iso2022|kr|mbcs")
_ASCII_RUN = re.compile(rb"(?<=[\x00-\x7f]{3})[\x00-\x7f]{2,}(?=[\x00-\x7f]{3})")
_HIGH = re.compile(rb"[\x80-\xff]")
_ASCII_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1f\x7f]")
#: Markup: a script or style element whole, a comment, or one tag (with its attributes).
_MARKUP = re.compile(
    rb"<(script|style)\b[^>]*>.*?</\1\s*>|<!--.*?-->|<[!/?a-zA-Z][^<>]*>", re.S | re.I
)
_SPACES = re.compile(rb"[ \t\r\n]{2,}")
#: Codecs whose bytes may hide a ``<`` or ``>`` inside a character: no markup is cut for them
#: (Johab, whose trail bytes include them, is read on the cut bytes: rarely valid there).
_NO_MARKUP_CUT = re.compile(r"utf.?16|utf.?32")


def _text_only(data: bytes) -> bytes:
    """``data`` with its markup (tags, comments, scripts, styles) replaced by spaces and its
    runs of white space by one space: what a browser's detector weighs (chardetng skips
    tags too), so a page's ASCII markup does not dilute the evidence of its text. The input
    itself if that leaves no non-ASCII byte.

    In every ASCII-compatible encoding the candidates include (single-byte, Shift_JIS,
    EUC, GBK/GB18030, Big5, UHC) ``<``, ``>`` and white space are never part of another
    character, so cutting at them keeps every character whole.

    >>> _text_only(b'<p class="x">caf\\xe9</p>\\n  <script>var a = 1;</script>')
    b' caf\\xe9 '
    """
    if b"<" not in data:
        return data
    text = _SPACES.sub(b" ", _MARKUP.sub(b" ", data))
    return text if _HIGH.search(text) else data


@lru_cache(maxsize=256)
def _single_byte(codec: str) -> bool:
    return _MULTIBYTE.search(codecs.lookup(codec).name) is None


_ASCII_BYTES = bytes(range(128))


def _high_bytes(data: bytes) -> bytes:
    """Each byte of ``data`` above 127 once, in order."""
    return bytes(sorted(set(data.translate(None, _ASCII_BYTES))))


def _reduce(data: bytes) -> tuple[bytes, float]:
    """``data`` with the middle of every long ASCII run replaced by one space, and the
    points the removed characters were worth: single-byte readings differ only around
    the non-ASCII bytes (the rules look at most two characters away), so scoring them
    on this gives the same totals, much faster.

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


#: The ASCII controls (what ``_ASCII_CONTROL`` matches): class ``x``.
_CONTROL_BYTES = bytes(b for b in range(128) if _ASCII_CONTROL.match(bytes([b])))


def _controls(data: bytes) -> int:
    """How many ASCII controls ``data`` holds (C speed)."""
    return len(data) - len(data.translate(None, _CONTROL_BYTES))


#: What an ASCII control costs, relative to an ordinary character.
CONTROL_POINTS = guessing.CLASS_POINTS["x"] - guessing.CLASS_POINTS["a"]


def _hinted(hint: str | None) -> frozenset[str]:
    """The codecs a hint favours: a language code (``"ru"``, ``"pt-BR"``, ``"zh_TW"``), a
    top-level domain (``"jp"``, ``".uk"``) or a host name (``"www.example.co.uk"``).

    A bare code is a language first (``"uk"`` is Ukrainian), else a top-level domain
    (``"jp"``); anything with a dot is a domain (``".uk"`` is the United Kingdom).

    >>> sorted(_hinted("uk")), sorted(_hinted("www.example.co.uk"))
    (['KOI8-U', 'windows-1251', 'x-mac-cyrillic'], ['ISO-8859-15', 'windows-1252'])
    >>> sorted(_hinted("jp")) == sorted(_hinted("ja-JP")), _hinted("example.com")
    (True, frozenset())
    >>> sorted(_hinted("zh-TW")), sorted(_hinted("zh-Hans-CN"))
    (['big5'], ['gb2312'])
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
    """``enc`` decoded the way its result will be: with the standard's exact decoder when
    the WHATWG table has the encoding (browsers read windows-1252's byte 0x81, Python's
    cp1252 refuses it), else with Python's codec."""
    if enc.codec is None or enc.codec.startswith("whatwg-"):
        return enc
    name = enc.whatwg or SUPERSETS.get(codecs.lookup(enc.codec).name)
    if name is None:
        return enc
    found = resolve(name, label=True)
    return found if found.codec is not None else enc


#: Python codec -> the browser's encoding that reads its bytes (:attr:`Record.subsets
#: <codecbox.table.Record.subsets>`: the same text but for a few mapping variants; not the
#: JIS X 0213 codecs, 2,457 of whose characters differ).
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
    """How the detector reads a candidate of its own tables: the CJK heads of
    :data:`FALLBACKS` with Python's strict codec, every other encoding as its result will
    be decoded (:func:`exact`)."""
    found = resolve(name)
    return found if name in FALLBACKS else exact(found)


@lru_cache(maxsize=1)
def _fallbacks() -> dict[str, tuple[Encoding, ...]]:
    return {
        _trial(k).name: tuple(dict.fromkeys(resolve(f) for f in v)) for k, v in FALLBACKS.items()
    }


@lru_cache(maxsize=1)
def _default_trial() -> tuple[tuple[Encoding, float], ...]:
    return tuple((_trial(c), p - 0.001 * i) for i, (c, p) in enumerate(PRIORS.items()))


def _hints(field: str) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for r in TABLE:
        for key in getattr(r, field) if r.prior is not None else ():
            found.setdefault(key.lower(), set()).add(r.key)
    return {key: frozenset(codecs_) for key, codecs_ in found.items()}


#: Language codes -> the legacy encodings of that language; a hint gives them a bonus of
#: :data:`HINT_POINTS`.
HINTS = _hints("languages")
#: Top-level domains -> the legacy encodings of the language written there; a hint gives
#: them a bonus of :data:`HINT_POINTS`. Generic domains (.com, .org...) say nothing.
TLD_HINTS = _hints("tlds")
HINT_POINTS = 3.0


# --- the candidates as tables ------------------------------------------------------------------
#
# Most candidates are single-byte code pages that read ASCII as ASCII. What they make of a
# byte is a table lookup, so the detector tells their readings apart, rules out the ones that
# cannot read the bytes and bounds their scores from tables, at C speed, and decodes and
# scores only the few that a bound does not rule out.

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


#: Python codecs whose every character of more than one byte is made of bytes above 127 and
#: that read no such byte alone (EUC): one such byte between ASCII bytes is invalid there.
_PAIRED = frozenset({"euc_jp", "euc_kr", "gb2312", "euc_jis_2004", "euc_jisx0213"})


@lru_cache(maxsize=2)
def _lone_high(prefix: bool) -> re.Pattern[bytes]:
    """A byte above 127 between ASCII bytes (or an end), which no :data:`_PAIRED` codec
    reads; in a prefix, not at its end, where the rest of a character may be cut off
    (EUC-JP's three-byte characters: two more bytes)."""
    after = rb"(?=[\x00-\x7f]{2})" if prefix else rb"(?![\x80-\xff])"
    return re.compile(rb"(?<![\x80-\xff])[\x80-\xff]" + after)


@lru_cache(maxsize=256)
def _reader(codec: str) -> Callable[[bytes, bool], str | None]:
    """What reads ``codec``: the text of some bytes (as a prefix, if asked), or None if they
    are not valid in it."""
    info = codecs.lookup(codec)
    decode, incremental = info.decode, info.incrementaldecoder
    whole = _single_byte(codec)

    def read(data: bytes, prefix: bool) -> str | None:
        try:
            if prefix and not whole:
                return incremental().decode(data, final=False)
            return decode(data)[0]
        except UnicodeError:  # BOM-less utf-16/utf-32 raise the base class
            return None

    return read


def _generic(enc: Encoding) -> tuple[Encoding, str, bool, Callable[[bytes, bool], str | None]]:
    """A candidate read one by one: its encoding, language (:func:`codecbox.guessing.
    language_of`), whether a lone byte above 127 rules it out (:data:`_PAIRED`), its reader."""
    assert enc.codec is not None
    paired = codecs.lookup(enc.codec).name.replace("-", "_") in _PAIRED
    return enc, guessing.language_of(enc.codec), paired, _reader(enc.codec)


def _summed(table: Any, counted: bytes | list[Any] | dict[Any, int]) -> int:
    """The sum of ``table``'s entries for these keys: each of them, or each with its count
    (what is cheaper: a multiplication of long integers costs a few additions)."""
    if isinstance(counted, dict):
        return sum(map(mul, map(table.__getitem__, counted), counted.values()))
    return sum(map(table.__getitem__, counted))


@lru_cache(maxsize=65536)
def _least(key: str) -> int:
    """:func:`codecbox.guessing.least_cost` in 1/128 points."""
    return round(guessing.least_cost(key) * _SCALE)


class _PairParts(dict[tuple[int, int], int]):
    """Two classes (as bytes) -> what guessing.pair_points takes for them, in the units of the
    packed sums, with the bias; filled on first use."""

    def __missing__(self, key: tuple[int, int]) -> int:
        points = guessing.pair_points(bytes(key).decode("ascii"))
        part = self[key] = int((points + _PAIR_BIAS) * _SCALE)
        return part


_PAIR_PARTS = _PairParts()


class _Plan:
    """A trial list (candidates and their priors) as :func:`guess_codecbox` runs it.

    Its single-byte code pages that read ASCII as ASCII and each byte as one character (38 of
    the 44 without candidates: the *pages*) get tables of 256 entries: a decoding table, the
    class of each byte (:func:`codecbox.guessing.byte_classes`), the letters the letter
    rule counts, and an id of the character of each byte, the same for two pages when they
    make the same character (255 where undefined), so that ``highs.translate(ids)`` tells
    the pages' readings of the bytes apart and rules out those that cannot read them. What
    each byte and each pair of neighbours can bring to a score
    (:func:`codecbox.guessing.char_bound`, :func:`codecbox.guessing.pair_points`) is packed
    for all the pages in one integer, :data:`_FIELD` bits each: the sum of a few of those
    integers bounds every page's score of a window before anything is decoded. The other
    candidates (multi-byte, UTF-16...) are read one by one.
    """

    def __init__(self, trial: tuple[tuple[Encoding, float], ...], explicit: bool) -> None:
        tables = [_page_table(enc.codec or "") for enc, _ in trial]
        pages = [i for i, table in enumerate(tables) if table is not None][:254]
        self.positions = tuple(pages)
        self.encodings = tuple(trial[i][0] for i in pages)
        self.priors = tuple(trial[i][1] for i in pages)
        found = [table for table in map(tables.__getitem__, pages) if table is not None]
        self.decoding = tuple(table[0] for table in found)
        chars = [table[1] for table in found]
        self.classes = tuple(guessing.byte_classes(enc.codec or "") for enc in self.encodings)
        #: For each byte, its class in every page.
        self.columns = tuple(bytes(classes[b] for classes in self.classes) for b in range(256))
        ids = [bytearray(256) for _ in pages]
        vectors = [0] * 256
        #: What the letter rule reads of each byte (:func:`codecbox.guessing.fold`), as a
        #: decoding table, by page (None where a byte is left out: a combining mark).
        folds = [guessing.fold(table) for table in self.decoding]
        self.folding = tuple(fold if len(fold) == 256 else None for fold in folds)
        #: What the letter rule reads of each byte above 127, by page (None: nothing).
        self.folded = tuple(
            tuple(fold)
            if fold is not None
            else tuple(None if ch is None else guessing.fold_char(ch) for ch in page)
            for fold, page in zip(self.folding, chars, strict=True)
        )
        #: The least the letter rule takes for the letter of each byte (in 1/128 points), by
        #: page: part of the packed bound, so that the rule needs no decoding to weigh. (The
        #: same for two pages that make the same character: the better prior comes first.)
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
            found_parts = array(
                _FIELD_TYPE,
                (
                    parts[ch] - (0 if ch is None else self.least[k][b])
                    for k, ch in enumerate(column)
                ),
            )
            vectors[b] = int.from_bytes(found_parts.tobytes(), sys.byteorder)
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
        trial, encoding, prior), and their texts of all the bytes, by encoding name.

        A candidate that cannot read ``data`` has no reading (without candidates, a CJK
        encoding is then replaced by its first fallback that can, :data:`FALLBACKS`, with
        half a point less); readings that make the same text are one reading, the place of
        the first with the best prior (on a tie, the earlier one) and its encoding."""
        out: list[tuple[int, Encoding, float]] = []
        whole: dict[str, str | bytes] = {}
        same: dict[tuple[str, str], int] = {}  # a text -> its reading in ``out``
        lone: bool | None = None  # whether a byte above 127 stands alone (found on first use)
        for i, prior, head, fallbacks in self.generic:
            if head[0].name in bonus:
                prior += HINT_POINTS
            signature = None
            for candidate in (head, *fallbacks):
                if candidate[2]:  # (paired)
                    if lone is None:
                        lone = _lone_high(prefix).search(data) is not None
                    if lone:
                        continue
                signature = candidate[3](data, prefix)
                if signature is not None:
                    break
            if signature is None:
                continue
            enc, language, _, _ = candidate
            if candidate is not head:
                prior -= 0.5  # (a fallback)
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
        """For every page, an upper bound of its total of ``window`` with its prior (the
        points of its characters and what the rules that give points could add, less what the
        pair rules take if ``neighbours``, less the least the letter rule takes for its
        letters and, if ``neighbours``, for its pairs of them), in 1/128 points less an
        offset; the least the letter rule takes for the pairs, by page (None: nothing); the
        offset; the bytes above 127 (:func:`_summed`: each of a short window, counted in a
        longer one); the number of sentence ends. ``priors``: the packed priors
        (:meth:`priors_with`)."""
        highs = window.translate(None, _ASCII_BYTES)
        counted: bytes | dict[int, int] = highs
        if len(highs) > 96:  # (a longer window: fewer sums of long integers)
            counted = {}
            _count_elements(counted, highs)
        total = priors + _summed(self.vectors, counted)
        pairs = _high_pairs().findall(window.translate(_ASCII_PAIRS)) if neighbours else ()
        least: Sequence[int] | None = None
        if pairs:
            found: list[bytes] | dict[bytes, int] = pairs
            if len(pairs) > 96:  # (counted first, as above)
                found = {}
                _count_elements(found, pairs)
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
        biases = _BYTE_BIAS * len(highs) + _PAIR_BIAS * len(pairs) + _PRIOR_BIAS
        offset = int((ascii_points - biases) * _SCALE)
        return self._unpack(total), least, offset, counted, ends

    def _unpack(self, total: int) -> Sequence[int]:
        """The fields of a packed sum, one by page."""
        n = len(self.encodings)
        fields = memoryview(total.to_bytes(_FIELD // 8 * n, sys.byteorder)).cast(_FIELD_TYPE)
        return fields if sys.byteorder == "little" else fields[::-1]

    def _pair(self, pair: bytes) -> int:
        """What every page's pair rules take from ``pair``, packed (plus the bias); and, in
        :attr:`pair_least`, the least the letter rule takes for it (two bytes above 127).
        Kept for good: there are at most 128 * 132 pairs (``_ASCII_PAIRS``), and the least is
        stored first, so that a thread that finds a pair's vector finds its least too."""
        first, second = pair
        keys = zip(self.columns[first], self.columns[second], strict=True)
        parts = array(_FIELD_TYPE, map(_PAIR_PARTS.__getitem__, keys))
        vector = int.from_bytes(parts.tobytes(), sys.byteorder)
        least = 0
        if first > 127 and second > 127:
            costs = array(
                _FIELD_TYPE,
                (
                    _least(folded[first] + folded[second])  # type: ignore[operator]
                    if folded[first] and folded[second]
                    else 0
                    for folded in self.folded
                ),
            )
            least = int.from_bytes(costs.tobytes(), sys.byteorder)
        self.pair_least[pair] = least
        self.pairs[pair] = vector
        return vector

    def least_of(self, page: int, counts: bytes | dict[int, int]) -> float:
        """The least the letter rule takes for the letters of ``page``'s reading of these
        bytes above 127 (:func:`_summed`): what the packed bound has for them."""
        return _summed(self.least[page], counts) / _SCALE

    def letters_of(self, page: int, counts: bytes | dict[int, int]) -> int:
        """The sum of the :func:`codecbox.guessing.letter_vector` of ``page``'s reading of
        bytes with these ``counts``: :func:`codecbox.guessing.letters_of` reads what they cost
        (a bound of the letter rule) and whether a cased letter is among them."""
        return _summed(self.letters[page], counts)


@lru_cache(maxsize=16)
def _plan(trial: tuple[tuple[Encoding, float], ...], explicit: bool) -> _Plan:
    return _Plan(trial, explicit)


@lru_cache(maxsize=1)
def _default_plan() -> _Plan:
    return _Plan(_default_trial(), False)


class _Readings(NamedTuple):
    """What :func:`_rank` reads a window with: the pages still in the race (indices in the
    :class:`_Plan`), the other readings (position in the trial, encoding, prior), the pages'
    priors (a hint's points added) and the same packed, each byte above 127 of all the input
    once, and the text of all of it by encoding name (filled in for a page when it is
    taken)."""

    pages: Sequence[int]
    others: list[tuple[int, Encoding, float]]
    priors: Sequence[float]
    prior_vector: int
    highs: bytes
    whole: dict[str, str | bytes]


def _rank(
    data: bytes,
    start: int,
    size: int,
    prefix: bool,
    plan: _Plan,
    readings: _Readings,
    last: bool = True,
) -> tuple[
    list[tuple[float, Encoding, str]],
    list[tuple[float, Encoding]],
    list[tuple[float, str, Encoding]],
]:
    """Score the readings of ``data[start:start + size]`` (plus their priors) that can be
    best or runner-up.

    Every reading has an upper bound of its score: a page's comes from the packed tables
    (:meth:`_Plan.bounds`), and is narrowed by the letter rule when it is the best bound
    left; any other reading's is its points before the neighbour rules (plus the little two
    rules can add). Readings are taken best bound first (a page that cannot read the bytes
    is dropped then, and so is one whose text a page with a better prior makes), and the
    rest are left out once no bound can reach the best two scores of different texts.
    Returns the scores, the bounds of the readings left out that a longer window may still
    find best (unless ``last``: then none), and the best two (score, text, encoding) of
    different texts.
    """
    window = data[start : start + size]
    cut = prefix or start + size < len(data)
    reduced, removed = _reduce(window)
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
    heap: list[tuple[float, int, int, int]] = []
    others: list[tuple[Encoding, str, guessing.Base, float, str]] = []
    bases: dict[str, guessing.Base] = {}
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
            text = _reader(codec)(window, cut) or ""
            extra = prior
            first = bases.get(text) or guessing.base(text)
        bases[text] = first
        bound = first.points + first.most_added + first.known + extra
        heap.append((-bound, position, 2, len(others)))
        others.append((enc, text, first, bound, guessing.language_of(codec)))
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
    seen: dict[tuple[str, str], tuple[float, float]] = {}  # (text, language) -> score, floor
    taken = 0  # pages of ``order`` taken

    def waits(bound: float, pages: bool = True) -> bool:
        """Whether a reading with this bound cannot reach the best two, or one on the heap
        (or, if ``pages``, the next page) has a better bound."""
        if (len(top) == 2 and bound < top[1][0] - _EPSILON) or (heap and -heap[0][0] > bound):
            return True
        return pages and taken < len(order) and (fields[order[taken]] + offset) / _SCALE > bound

    def by_letters(index: int) -> float | None:
        """A page's bound with the letter rule from its letters alone (its neighbours only
        lower it) in place of the least it takes for each letter; None when the page cannot
        read the bytes, or a page with a better prior makes the same text."""
        signature = highs.translate(ids[index])
        if 255 in signature or signature in texts:
            return None
        texts.add(signature)
        whole[encodings[index].name] = signature
        vector = plan.letters_of(index, counts)
        letters, cased = guessing.letters_of(vector)
        lettered[index] = (vector, letters)
        bound = (fields[index] + offset) / _SCALE
        return bound + letters + plan.least_of(index, counts) - (0.0 if cased else 0.5 * ends)

    def lowered(index: int) -> float:
        """What the letter rule in full (letters and neighbours, as the score has it) takes
        from a page's bound by its letters, in place of the least it takes for each pair."""
        text = codecs.charmap_decode(reduced, "strict", plan.decoding[index])[0]
        folding = plan.folding[index]
        vector, letters = lettered[index]
        value = guessing.folded_points(
            guessing.fold(text)
            if folding is None
            else codecs.charmap_decode(reduced, "strict", folding)[0],
            vector,
        )
        full[index] = (text, value)
        return value - letters + (0.0 if least is None else least[index] / _SCALE)

    while True:
        if taken < len(order):
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
            lettered_bound = by_letters(index)
            if lettered_bound is None:
                continue
            bound = lettered_bound
            if waits(bound):
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
                    if waits(bound, pages=False):
                        heapq.heappush(heap, (-bound, position, 3, index))
                        continue
        if stage == 1:
            lower = lowered(index)
            if lower < 0:
                bound += lower
                if waits(bound):
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
        else:
            enc, text, first, bound, language = others[index]
            cjk, letter = cjks.get(index), None
        extra = bound - first.points - first.most_added - first.known
        floor = top[1][0] - extra if len(top) == 2 else -math.inf
        # Readings with the same text score the same (only the language of a Chinese or a
        # Japanese codec changes a rule).
        key = (text, language)
        known = seen.get(key)
        if known is not None and (known[0] >= known[1] or floor >= known[1]):
            points = known[0]
        else:
            points = guessing._score(text, language, first, floor, cjk, letter)
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
            bound += min(0.0, lowered(index))
        if bound > near:
            left_out.append((bound, others[index][0] if stage in (2, 3) else encodings[index]))
    for index in order[taken:]:
        if (fields[index] + offset) / _SCALE <= near:
            break  # (not in the race, whatever its text; nor are the pages after it)
        lettered_bound = by_letters(index)
        if lettered_bound is not None and lettered_bound > near:
            bound = lettered_bound + min(0.0, lowered(index))
            if bound > near:
                left_out.append((bound, encodings[index]))
    return scored, left_out, top


def _family_bests(scored: list[tuple[float, Encoding, str]], floor: float) -> set[str]:
    """The names of the best multi-byte reading of each language (Chinese, Japanese,
    Korean, other) whose score is above ``floor``."""
    best: dict[str, tuple[float, str]] = {}
    for total, enc, _ in scored:
        codec = enc.codec or ""
        if total <= floor or _single_byte(codec):
            continue
        family = guessing.language_of(codec)
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
) -> Guess:
    """codecbox's own detector, the default of :func:`~codecbox.decoding.decode_bytes`.

    Reads at most :data:`MAX_BYTES` (64 KiB; a longer input is treated as a prefix, so
    its time does not grow with its size), then, in order:

    1. a byte order mark (UTF-8, UTF-16, UTF-32) decides;
    2. ISO-2022-JP, ISO-2022-KR and HZ, 7-bit encodings, are recognised by their escape
       sequences (without candidates, or when they are candidates);
    3. valid UTF-8 is UTF-8;
    4. every candidate (``candidates``, or :data:`PRIORS` without them; UTF-16 and UTF-32
       only if they are candidates) that reads the bytes is scored
       (:func:`codecbox.guessing.score`, on growing :data:`WINDOWS` from the first
       non-ASCII byte) and its prior is added (:data:`PRIORS`; ``hint`` adds
       :data:`HINT_POINTS` to the encodings of a language: a language code such as
       ``"ru"`` or ``"pt-BR"`` (:data:`HINTS`), or a top-level domain such as ``"jp"``, or a
       host name such as ``"www.example.co.uk"`` (:data:`TLD_HINTS`; a bare code is a
       language first, so ``"uk"`` is Ukrainian and ``".uk"`` the United Kingdom)); the
       best total wins, and on a tie the earlier candidate. Readings that give the same
       text are one reading, with the best of their priors. In HTML the markup is not
       scored (:func:`_text_only`): tags, comments, scripts and styles are ASCII that
       would dilute the evidence of the text, as browsers' detectors know.

    ``confidence`` grows with the margin ``m`` in points between the winner and the
    runner-up, the best reading whose text differs: ``m / (m + n)``, where ``n`` is
    :data:`SURE_MARGIN`, or 1.5 times it when fewer than 8 distinct bytes are non-ASCII (a
    few characters make noisy scores). **Not sure**: when ``m`` is below ``n`` the answer
    still names the best reading, but ``confidence`` is below 0.5 and ``runner_up``
    names the other one (``Guess.sure`` is False); a caller that must not guess can then
    ask a person, or decode both.
    ``raw`` is ``("margin", m)``.

    >>> guess_codecbox("El niño dijo: ¿qué tal?".encode("cp1252")).how
    'windows-1252 (codecbox)'
    >>> g = guess_codecbox("año".encode("cp1252"), ["cp1252", "cp1250"])
    >>> g.encoding.name, g.sure, g.runner_up.name     # ñ or ń: three bytes cannot tell
    ('windows-1252', False, 'windows-1250')
    >>> guess_codecbox("Привет, как дела?".encode("koi8_r")).how
    'KOI8-R (codecbox)'
    """
    name = "codecbox"
    explicit = candidates is not None
    names = candidate_encodings(candidates) if candidates is not None else ()
    found = bom(data, keep=True)
    if found is not None:
        return Guess(found[0], name, Rule.BOM, 1.0)
    data, prefix = _window(data, prefix)
    proof = evidence(data, prefix=prefix)
    if proof is not None and proof.rule is not Rule.MOSTLY_UTF8:
        return proof
    if proof is not None and (not explicit or _UTF8 in names):
        return proof
    trial: tuple[tuple[Encoding, float], ...]
    if explicit:
        priors = _priors()
        trial = tuple(
            (enc, priors.get(enc.name, UNKNOWN_PRIOR) - 0.001 * i) for i, enc in enumerate(names)
        )
    else:
        trial = _default_trial()
    plan = _plan(trial, explicit) if explicit else _default_plan()

    # Validity is checked on the whole prefix (C speed); the readings are scored on a
    # window from the first non-ASCII byte on: a short one first, and a longer one only
    # for the readings still in the race when the short one did not settle it.
    bonus = _hinted(hint)
    highs = _high_bytes(data)
    others, whole = plan.others_reading(data, prefix, bonus)
    page_priors, prior_vector = plan.priors_with(bonus)
    pages = range(len(plan.encodings))
    readings = _Readings(pages, others, page_priors, prior_vector, highs, whole)
    if not any(_NO_MARKUP_CUT.search(enc.codec or "") for _, enc, _ in others):
        data = _text_only(data)
    high = _HIGH.search(data)
    start = max(0, (high.start() if high else 0) - 16)
    top: list[tuple[float, str, Encoding]] = []
    for size in WINDOWS:
        last = len(data) - start <= size or size == WINDOWS[-1]
        scored, left_out, top = _rank(data, start, size, prefix, plan, readings, last)
        if len(data) - start <= size or len(scored) + len(left_out) < 2:
            break
        leader = max(scored, key=lambda t: t[0])
        near = [t for t in scored if t[0] > leader[0] - DECISIVE]
        late = [enc.name for bound, enc in left_out if bound > leader[0] - DECISIVE]
        # The best reading of each multi-byte family stays in the race when it is not far
        # behind: a page's first characters of Big5 or EUC-KR among ASCII markup score
        # little, a longer window shows what they are.
        families = _family_bests(scored, leader[0] - FAMILY_DECISIVE)
        if (
            not late
            and all(whole[t[1].name] == whole[leader[1].name] for t in near)
            and all(whole[name] == whole[leader[1].name] for name in families)
        ):
            break  # no other text is close: a longer window would not change the answer
        close = {t[1].name for t in near} | set(late) | families
        names = plan.encodings
        readings = readings._replace(
            pages=[k for k in readings.pages if names[k].name in close],
            others=[r for r in readings.others if r[1].name in close],
        )
    if not top:
        return Guess(None, name)
    best = top[0]  # (on a tie, the first scored)
    runner = top[1] if len(top) == 2 else None  # the best of another text
    margin = math.inf if runner is None else best[0] - runner[0]
    # Under 8 non-ASCII bytes the scores themselves are noisy: a sure answer needs more.
    needed = SURE_MARGIN * (1.5 if len(highs) < 8 else 1.0)
    confidence = 1.0 if runner is None else margin / (margin + needed)
    unsure = runner is not None and margin < needed
    return Guess(
        best[2],
        name,
        Rule.DETECTED,
        confidence,
        ("margin", margin),
        runner[2] if unsure and runner is not None else None,
    )


#: Detectors by name, for the functions that take ``detector="..."``.
DETECTORS: dict[str, Detector] = {
    "charset-normalizer": guess_charset_normalizer,
    "chardet": guess_chardet,
    "codecbox": guess_codecbox,
}


def detector_for(detector: str | Detector) -> Detector:
    """A detector by name (one of :data:`DETECTORS`), or the callable itself.

    Fails at once: an unknown name is a ``ValueError``, and ``"chardet"`` without the
    extra installed is a ``ModuleNotFoundError`` that names the extra.

    >>> detector_for("codecbox") is guess_codecbox
    True
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
