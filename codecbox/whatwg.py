"""Byte-exact WHATWG decoders, registered as Python codecs (``whatwg-windows-1252``...).

Python's codecs only approximate the decoders of the Encoding Standard
(https://encoding.spec.whatwg.org/): ``cp1252`` refuses five bytes that browsers decode
as C1 controls, ``euc_jp`` decodes 0xA1 0xC1 as U+301C where browsers show U+FF5E...
For every encoding of the standard this module registers a codec that decodes exactly as
the standard does (one U+FFFD per error with "replace")::

    >>> b"\\x93Hola\\x94 \\x81".decode("whatwg-windows-1252")
    '“Hola” \\x81'
    >>> b"\\x82\\xa0\\xa0".decode("whatwg-shift_jis", "replace")
    'あ\\ufffd'
    >>> b"\\xa1\\xc1".decode("whatwg-euc-jp"), b"\\xa1\\xc1".decode("euc_jp")
    ('～', '〜')

Every codec has an incremental decoder (any chunk boundaries give the same text) and
calls any error handler once per error. :data:`CODECS` maps each WHATWG name to its codec
(UTF-8, UTF-16LE/BE and x-user-defined: Python's own, already exact). Each encoder is the
nearest Python codec's (:data:`PYTHON_CODECS`).

How: single-byte decoders are ``codecs.charmap_decode`` with a table from the index. A
multi-byte one runs a C codec with an error handler that decodes what the codec refuses
by the standard's algorithm; what the C codec decodes *differently* is fixed afterwards or
sends its 64 KiB block to a pure-Python decoder. ISO-2022-JP uses ``iso2022_jp`` on plain
input. Index files load on first use (``benchmarks/whatwg_decoders.py`` has the costs).
"""

from __future__ import annotations

import codecs
import os
import re
import sys
from collections.abc import Callable
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from codecbox.table import TABLE

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

__all__ = ["CODECS", "PYTHON_CODECS", "decode", "index"]

_WEB = [r for r in TABLE if r.exact is not None]
#: the encodings decoded by a charmap built from their index
_SINGLE_BYTE = tuple(r.name for r in _WEB if r.width == 1 and r.exact != r.python and r.ascii)
#: Python's codecs that already decode exactly as the standard does.
_EXACT_ALREADY = {r.name: r.python for r in _WEB if r.exact == r.python and r.python}

#: WHATWG encoding name -> the name of the codec that decodes exactly as the standard.
CODECS: dict[str, str] = {r.name: r.exact for r in _WEB if r.exact}

#: WHATWG encoding name -> the nearest Python codec (:attr:`codecbox.table.Record.python`),
#: the exact codec's encoder: the Microsoft superset where the standard decodes it (Shift_JIS
#: is cp932, GBK gb18030...); None for "replacement". Python's canonical names (a test checks).
PYTHON_CODECS: dict[str, str | None] = {r.name: r.python for r in _WEB}


def _normal(name: str) -> str:
    return name.lower().replace("_", "-").replace(" ", "-")


def data_file(name: str) -> bytes:
    """The bytes of ``codecbox/data/<name>``, by the package's own loader (a directory, a zip
    file...) without importing :mod:`importlib.resources` (some 7 ms at start-up)."""
    get_data = getattr(__spec__.loader if __spec__ is not None else None, "get_data", None)
    try:
        return get_data(os.path.join(os.path.dirname(__file__), "data", name))  # type: ignore[misc,no-any-return]
    except (OSError, TypeError):  # TypeError: no get_data
        from importlib import resources

        return resources.files("codecbox").joinpath(f"data/{name}").read_bytes()


@cache
def index(name: str) -> dict[int, int]:
    """The index ``index-<name>.txt`` of the standard: pointer -> code point.

    >>> index("windows-1252")[0x9D - 0x80], len(index("jis0208"))
    (157, 7724)
    """
    import gzip

    table: dict[int, int] = {}
    text = gzip.decompress(data_file(f"index-{name}.txt.gz")).decode("utf-8")
    for line in text.split("\n"):  # U+0085 is data
        if line and not line.startswith("#"):
            pointer, code_point = line.split("\t", 2)[:2]
            table[int(pointer)] = int(code_point, 16)
    return table


# --- the error-handler plumbing ------------------------------------------------------------


def _whole_bytes(data: ReadableBuffer) -> bytes:
    """``data`` as bytes, not copied when it views a whole bytes (as bytes.decode passes it)."""
    if isinstance(data, bytes):
        return data
    if isinstance(data, memoryview):
        whole = data.obj
        if isinstance(whole, bytes) and data.contiguous and data.nbytes == len(whole):
            return whole
    return bytes(data)


class _Redo(Exception):
    """The input must be decoded again by the pure-Python decoder."""


class _FourBytes(Exception):
    """GBK's quick path met a four-byte sequence: gb18030's quick path takes the input."""


_QUICK = "codecbox.whatwg-quick"


def _report(
    name: str, errors: str, obj: bytes, start: int, end: int, reason: str
) -> tuple[str, int]:
    """Call the caller's error handler for an error at obj[start:end] (absolute offsets)."""
    exc = UnicodeDecodeError(name, obj, start, end, reason)
    if errors == "strict":
        raise exc
    if errors == "replace":
        return "\ufffd", end
    return codecs.lookup_error(errors)(exc)  # type: ignore[return-value]


def _reason(step_text: str | None) -> str:
    """The reason of an error by what the step gave: "" for a sequence cut by the end."""
    return "illegal multibyte sequence" if step_text is None else "incomplete multibyte sequence"


# --- the decoders --------------------------------------------------------------------------


def _pattern(source: bytes) -> Callable[[], re.Pattern[bytes]]:
    """A regular expression compiled on first use: importing the module compiles none."""
    return cache(lambda: re.compile(source))


_ASCII_RUN = _pattern(rb"[\x00-\x7f]+")
#: Bytes after which every multi-byte decoder here is back in its initial state: the
#: standard reprocesses them from that state whatever came before (they are no trail byte).
_SYNC = _pattern(rb"[\x00-\x2f\x3a-\x3f]")
_BLOCK = 1 << 16
#: The smallest block the quick path is tried on again after it declined a bigger one.
_SMALL = 1 << 9


class _SingleByte:
    def __init__(self, name: str) -> None:
        self.name = name

    @cached_property
    def decode(self) -> Callable[..., tuple[str, int]]:
        """The codec's decode: ``codecs.charmap_decode`` itself, as for cp1252 (every page)."""
        mapping = index("iso-8859-8" if self.name == "ISO-8859-8-I" else self.name.lower())
        table = "".join(chr(b if b < 128 else mapping.get(b - 128, 0xFFFE)) for b in range(256))
        name, charmap_decode = self.name, codecs.charmap_decode  # U+FFFE: undefined

        def decode(data: ReadableBuffer, errors: str = "strict") -> tuple[str, int]:
            try:
                return charmap_decode(data, errors, table)
            except UnicodeDecodeError as e:
                raise UnicodeDecodeError(name, e.object, e.start, e.end, e.reason) from None

        return decode

    def run(self, data: bytes, errors: str, final: bool, state: int) -> tuple[str, int, int]:
        """The incremental decoder's step: (text, bytes consumed, state)."""
        return (*self.decode(data, errors), state)


class _Replacement:
    name = "replacement"

    def decode(self, data: ReadableBuffer, errors: str = "strict") -> tuple[str, int]:
        data = bytes(data)
        if not data:
            return "", 0
        reason = "the replacement encoding decodes nothing"
        return _report(self.name, errors, data, 0, len(data), reason)[0], len(data)

    def run(self, data: bytes, errors: str, final: bool, state: int) -> tuple[str, int, int]:
        if state or not data:  # its one error is the first byte's
            return "", len(data), state
        return self.decode(data, errors)[0], len(data), 8  # getstate()'s "started" flag


#: The standard's decoder for the sequence at data[i] (of data[:n]): (text, end), or (None,
#: end) for an error that consumed data[i:end], or ("", n) for a sequence cut by n.
_Step = Callable[[bytes, int, int], tuple[str | None, int]]


class _MultiByte:
    """The standard's decoder (``step``), and a C ``codec`` that decodes most sequences alike:
    the characters it gives only for a sequence decoded otherwise (``fixes``: wrong ->
    right), or maybe for one (``suspicious``), or that other sequences give too (``patterns``:
    sequence, character). ``then``: GBK's gb18030."""

    def __init__(self, name: str, codec: str, step: _Step, *, fixes: dict[str, str] | None = None,
                 suspicious: str = "", patterns: tuple[tuple[bytes, str], ...] = (),
                 then: _MultiByte | None = None) -> None:  # fmt: skip
        self.name, self.codec, self.step, self.then = name, codec, step, then
        self.fixes, self.suspicious, self.patterns = fixes or {}, suspicious, patterns
        self.changed = "".join(self.fixes) + suspicious

    @cached_property
    def decode(self) -> Callable[..., tuple[str, int]]:
        """The codec's decode (a closure: bytes.decode calls it on every page)."""
        quick, full = self._quick, self._full

        def decode(data: ReadableBuffer, errors: str = "strict") -> tuple[str, int]:
            if errors == "replace":
                done = quick(data, errors)
            else:  # the caller's handler once the C codec's text is known to be right
                done = quick(data, None)
                if done is None and quick(data, "replace") is not None:
                    done = quick(data, errors)
            return done if done is not None else full(bytes(data), errors)

        return decode

    def run(self, data: bytes, errors: str, final: bool, state: int) -> tuple[str, int, int]:
        return (*(self.decode(data, errors) if final else self._partial(data, errors)), state)

    def _full(self, data: bytes, errors: str, obj: bytes | None = None,
              base: int = 0) -> tuple[str, int]:  # fmt: skip
        """A whole input (at ``base`` in ``obj``), in blocks that end at a sync byte: the quick
        path on a block it decodes right, else the pure-Python decoder."""
        obj = data if obj is None else obj
        pieces, start, mode = [], 0, "replace" if errors == "replace" else None
        while start < len(data):
            cut = data.find(b"\n", start + _BLOCK)
            if cut < 0:
                found = _SYNC().search(data, start + _BLOCK)
                cut = len(data) - 1 if found is None else found.start()
            pieces.append(self._block(data[start : cut + 1], mode, errors, obj, base + start))
            start = cut + 1
        return "".join(pieces), len(data)

    def _block(self, block: bytes, mode: str | None, errors: str, obj: bytes, base: int) -> str:
        """One block by the quick path, or its halves (cut after a sync byte) down to
        :data:`_SMALL` bytes, then the pure-Python decoder: a page with a few bad bytes
        costs the C codec's time, not the whole block's in Python."""
        done = self._quick(block, mode)
        if done is not None:
            return done[0]
        if len(block) > _SMALL:
            found = _SYNC().search(block, len(block) // 2, len(block) - 1)
            if found is not None:
                cut = found.end()
                head = self._block(block[:cut], mode, errors, obj, base)
                return head + self._block(block[cut:], mode, errors, obj, base + cut)
        return self.slow(block, 0, len(block), errors, obj, True, base)[0]

    def _partial(self, data: bytes, errors: str) -> tuple[str, int]:
        """All but a sequence cut by the end. Valid input: the C codec's incremental decoder
        (it keeps a cut sequence pending) checked as :meth:`_quick` checks; otherwise to the
        last sync byte at once, then one by one (text without ASCII has no sync byte)."""
        exact = self.then or self  # (GBK decodes as gb18030)
        c_decoder = codecs.getincrementaldecoder(exact.codec)()
        try:
            text = exact._settle(c_decoder.decode(data), data)
        except UnicodeDecodeError:
            text = None
        if text is not None:
            cut = len(data) - len(c_decoder.getstate()[0])
            rest, used = self.slow(data, cut, len(data), errors, data, False)
            return text + rest, cut + used
        cut = max(data.rfind(b"\n"), data.rfind(b" "), data.rfind(b">")) + 1
        if cut < len(data) - 256:
            for found in _SYNC().finditer(data, max(cut, len(data) - 256)):
                cut = found.end()
        text = ""
        if cut:
            try:
                text = self.decode(data[:cut], errors)[0]
            except UnicodeDecodeError as e:
                raise UnicodeDecodeError(e.encoding, data, e.start, e.end, e.reason) from None
        rest, used = self.slow(data, cut, len(data), errors, data, False)
        return text + rest, cut + used

    @cached_property
    def _quick(self) -> Callable[[ReadableBuffer, str | None], tuple[str, int] | None]:
        """The C codec, each error decoded by ``step`` or reported by the handler ``errors``
        (None: declined), or None where the codec may have got a sequence wrong."""
        c_codec, then, name, changed = (
            codecs.lookup(self.codec).decode,
            self.then,
            self.name,
            self.changed,
        )
        handlers: dict[str | None, str] = {}

        def handler(errors: str | None) -> str:
            # GBK: a four-byte sequence hands the input to gb18030's quick path, but not once
            # the caller's handler has seen an error
            step = (
                _gbk_quick_step if then is not None and errors in (None, "replace") else self.step
            )

            def fixup(exc: UnicodeError) -> tuple[str, int]:
                if not isinstance(exc, UnicodeDecodeError):
                    raise exc
                data, start = exc.object, exc.start
                out, end = step(data, start, len(data))
                if out:
                    return out, end
                if errors is None:
                    raise _Redo  # an error: the caller decides
                if errors == "replace":
                    return "\ufffd", end
                text, resume = _report(name, errors, data, start, end, _reason(out))
                if not 0 <= resume <= len(data) or any(c in text for c in changed):
                    raise _Redo  # text the fixes would change: the pure-Python decoder's
                return text, resume

            key = f"{_QUICK}-{name}-{self.codec}" + ("" if errors is None else f"-{errors}")
            codecs.register_error(key, fixup)
            return handlers.setdefault(errors, key)

        settle = self._settle

        def quick(data: ReadableBuffer, errors: str | None) -> tuple[str, int] | None:
            try:
                text, used = c_codec(data, handlers.get(errors) or handler(errors))
            except _Redo:
                return None
            except _FourBytes:
                mode = errors if errors == "replace" else None  # (errors named GBK: declined)
                return then._quick(data, mode) if then is not None else None
            settled = settle(text, data)
            return None if settled is None else (settled, used)

        return quick

    @cached_property
    def _settle(self) -> Callable[[str, ReadableBuffer], str | None]:
        """The C codec's text of ``data`` fixed, or None where it may be wrong."""
        suspicious, patterns, fixes = tuple(self.suspicious), self.patterns, [*self.fixes.items()]

        def settle(text: str, data: ReadableBuffer) -> str | None:
            for c in suspicious:
                if c in text:
                    return None
            for pattern, c in patterns:
                if c in text:
                    raw = _whole_bytes(data)  # first its lead byte (memchr), then the sequence
                    if pattern[:1] in raw and pattern in raw:
                        return None
            for wrong, right in fixes:
                text = text.replace(wrong, right)  # one scan when absent, like ``in``
            return text

        return settle

    def slow(self, data: bytes, start: int, stop: int, errors: str, obj: bytes, final: bool,
             base: int = 0) -> tuple[str, int]:  # fmt: skip
        """The standard's decoder in pure Python: (text, bytes of data consumed)."""
        out: list[str] = []
        i = start
        step, ascii_run = self.step, _ASCII_RUN().match
        while i < stop:
            run = ascii_run(data, i, stop)
            if run is not None:
                out.append(run.group().decode("ascii"))
                i = run.end()
                continue
            text, end = step(data, i, stop)
            if not text:
                if text == "" and not final:
                    break
                reason = _reason(text)
                text, resume = _report(self.name, errors, obj, base + i, base + end, reason)
                end = resume - base
            out.append(text)
            i = end
        return "".join(out), i - start


# --- the standard's multi-byte decoders: a step each ---------------------------------------


def _double_byte(
    leads: bytes,
    pointer: Callable[[int, int], int | None],
    table: str,
    single: Callable[[int], str | None],
    specials: dict[int, str],
) -> _Step:
    """Shift_JIS, EUC-KR, Big5: a ``single`` byte, or a lead and a trail byte's ``pointer``."""

    def step(data: bytes, i: int, n: int) -> tuple[str | None, int]:
        b = data[i]
        alone = single(b)
        if alone is not None:
            return alone, i + 1
        if b not in leads:
            return None, i + 1
        if i + 1 >= n:
            return "", n
        t = data[i + 1]
        p = pointer(b, t)
        if p is not None:
            special = specials.get(p)
            if special is not None:
                return special, i + 2
            cp = index(table).get(p)
            if cp is not None:
                return chr(cp), i + 2
        return None, i + 1 if t < 0x80 else i + 2

    return step


def _sjis_pointer(lead: int, byte: int) -> int | None:
    if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFC:
        offset = 0x40 if byte < 0x7F else 0x41
        return (lead - (0x81 if lead < 0xA0 else 0xC1)) * 188 + byte - offset
    return None


def _sjis_single(b: int) -> str | None:
    if b <= 0x80:
        return chr(b)
    return chr(0xFF61 - 0xA1 + b) if 0xA1 <= b <= 0xDF else None


def _euc_kr_pointer(lead: int, byte: int) -> int | None:
    return (lead - 0x81) * 190 + (byte - 0x41) if 0x41 <= byte <= 0xFE else None


def _big5_pointer(lead: int, byte: int) -> int | None:
    if 0x40 <= byte <= 0x7E or 0xA1 <= byte <= 0xFE:
        return (lead - 0x81) * 157 + (byte - (0x40 if byte < 0x7F else 0x62))
    return None


def _ascii_single(b: int) -> str | None:
    return chr(b) if b < 0x80 else None


_LEADS_81_FE = bytes(range(0x81, 0xFF))


def _gb18030_step(data: bytes, i: int, n: int) -> tuple[str | None, int]:
    b = data[i]
    if b < 0x80:
        return chr(b), i + 1
    if b == 0x80:
        return "\u20ac", i + 1
    if b == 0xFF:
        return None, i + 1
    if i + 1 >= n:
        return "", n
    b2 = data[i + 1]
    if 0x30 <= b2 <= 0x39:
        if i + 2 >= n or (0x81 <= data[i + 2] <= 0xFE and i + 3 >= n):
            return "", n
        b3 = data[i + 2]
        if not (0x81 <= b3 <= 0xFE and 0x30 <= data[i + 3] <= 0x39):
            return None, i + 1
        pointer = (((b - 0x81) * 10 + b2 - 0x30) * 126 + b3 - 0x81) * 10 + data[i + 3] - 0x30
        cp = _gb18030_ranges_code_point(pointer)
        return (None, i + 4) if cp is None else (chr(cp), i + 4)
    if 0x40 <= b2 <= 0x7E or 0x80 <= b2 <= 0xFE:
        found = index("gb18030").get((b - 0x81) * 190 + b2 - (0x40 if b2 < 0x7F else 0x41))
        if found is not None:
            return chr(found), i + 2
    return None, i + 1 if b2 < 0x80 else i + 2


def _gbk_quick_step(data: bytes, i: int, n: int) -> tuple[str | None, int]:
    """gb18030's step in GBK's quick path, which leaves a four-byte sequence to gb18030's."""
    if 0x81 <= data[i] <= 0xFE and i + 1 < n and 0x30 <= data[i + 1] <= 0x39:
        raise _FourBytes
    return _gb18030_step(data, i, n)


@cache
def _gb18030_ranges() -> tuple[list[int], list[int]]:
    pairs = sorted(index("gb18030-ranges").items())
    return [p for p, _ in pairs], [c for _, c in pairs]


def _gb18030_ranges_code_point(pointer: int) -> int | None:
    if 39419 < pointer < 189000 or pointer > 1237575:
        return None
    if pointer == 7457:
        return 0xE7C7
    import bisect  # (here: only four-byte sequences need it)

    pointers, code_points = _gb18030_ranges()
    k = bisect.bisect_right(pointers, pointer) - 1
    return code_points[k] + pointer - pointers[k]


def _euc_jp_step(data: bytes, i: int, n: int) -> tuple[str | None, int]:
    b = data[i]
    if b < 0x80:
        return chr(b), i + 1
    if not (b in (0x8E, 0x8F) or 0xA1 <= b <= 0xFE):
        return None, i + 1
    if i + 1 >= n:
        return "", n
    t = data[i + 1]
    if b == 0x8E and 0xA1 <= t <= 0xDF:
        return chr(0xFF61 - 0xA1 + t), i + 2
    table = "jis0208"
    if b == 0x8F and 0xA1 <= t <= 0xFE:
        if i + 2 >= n:
            return "", n
        table, b, t, i = "jis0212", t, data[i + 2], i + 1
    if 0xA1 <= b <= 0xFE and 0xA1 <= t <= 0xFE:
        cp = index(table).get((b - 0xA1) * 94 + t - 0xA1)
        if cp is not None:
            return chr(cp), i + 2
    return None, i + 1 if t < 0x80 else i + 2


# --- ISO-2022-JP ---------------------------------------------------------------------------

_LEAD = 3  # the modes: ASCII, Roman, katakana, lead byte (the incremental state: mode * 2 + flag)
_ESCAPES = {b"(B": 0, b"(J": 1, b"(I": 2, b"$@": _LEAD, b"$B": _LEAD}
_ESCAPE_OF = (b"", b"\x1b(J", b"\x1b(I", b"\x1b$B")  # the escape back to each mode
_ASCII = "".join(chr(b if b < 0x80 and b not in (0x0E, 0x0F, 0x1B) else 0xFFFE) for b in range(256))
_ISO2022_TABLES = (  # U+FFFE: an error
    _ASCII,
    _ASCII.replace("\\", "\xa5").replace("~", "\u203e"),
    "\ufffe" * 0x21 + "".join(map(chr, range(0xFF61, 0xFFA0))) + "\ufffe" * 0xA0,
)
_PLUS_0X80 = bytes((b + 0x80) & 0xFF for b in range(256))
_JIS_PAIRS = _pattern(rb"(?:[\x21-\x7e][\x21-\x7e])+")


class _ISO2022JP:
    """The standard's ISO-2022-JP decoder, with C codecs between escapes (see _ISO_CLEAN)."""

    name = "ISO-2022-JP"

    def decode(self, data: ReadableBuffer, errors: str = "strict") -> tuple[str, int]:
        if _ISO_CLEAN().fullmatch(data):
            quick = _ISO_CLEAN_SPEC._quick(data, "replace" if errors == "replace" else None)
            if quick is not None:
                return quick
        return self.run(bytes(data), errors, True, 0)[:2]

    def run(self, data: bytes, errors: str, final: bool, state: int) -> tuple[str, int, int]:
        """From ``state`` (mode * 2 + output flag): text, consumed, state; stops where more
        may come."""
        mode, flag = divmod(state, 2)
        out: list[str] = []
        i, n = 0, len(data)
        if not final:  # to the last ESC at once, as decode does a whole input
            i, mode, flag = self._clean_head(data, errors, mode, flag, out)

        def error(start: int, end: int, reason: str) -> int:
            text, resume = _report(self.name, errors, data, start, end, reason)
            out.append(text)
            return resume

        while i < n:
            if data[i] == 0x1B:
                if i + 2 >= n and not final and data[i + 1 : i + 2] in (b"", b"$", b"("):
                    break
                code = _ESCAPES.get(data[i + 1 : i + 3])
                if code is None:  # the ESC is an error; what follows is read again
                    flag = 0
                    i = error(i, i + 1, "invalid escape sequence")
                    continue
                mode, was, flag = code, flag, 1
                i = i + 3 if not was else error(i, i + 3, "escape sequence without text")
                continue
            stop = data.find(b"\x1b", i)
            stop = n if stop < 0 else stop
            segment, flag = data[i:stop], 0
            if mode != _LEAD:
                out.append(_charmap_report(segment, errors, _ISO2022_TABLES[mode], data, i))
                i = stop
                continue
            while i < stop:
                run = _JIS_PAIRS().match(data, i, stop)  # pairs of 0x21-0x7E: C codec
                if run is not None:
                    pairs = data[i : run.end()].translate(_PLUS_0X80)
                    out.append(_JIS_PAIRS_SPEC._full(pairs, errors, data, i)[0])
                    i = run.end()
                    continue
                b = data[i]  # then one pair or byte, the standard's way
                if not 0x21 <= b <= 0x7E:
                    i = error(i, i + 1, "illegal multibyte sequence")
                    continue
                if i + 1 >= n:
                    if not final:
                        return "".join(out), i, mode * 2 + flag  # wait for the trail byte
                    i = error(i, i + 1, "incomplete multibyte sequence")
                    break
                t = data[i + 1]
                if t == 0x1B:  # an error; the ESC starts an escape sequence
                    i = error(i, i + 1, "illegal multibyte sequence")
                    break
                cp = index("jis0208").get((b - 0x21) * 94 + t - 0x21) if 0x21 <= t <= 0x7E else None
                if cp is None:
                    i = error(i, i + 2, "illegal multibyte sequence")
                else:
                    out.append(chr(cp))
                    i += 2
        return "".join(out), i, mode * 2 + flag

    @staticmethod
    def _clean_head(
        data: bytes, errors: str, mode: int, flag: int, out: list[str]
    ) -> tuple[int, int, int]:
        """Decode ``data`` up to its last ESC with the quick path, from ``mode`` (whose escape
        is put before it) if it is clean: the bytes done, and the mode and flag after them."""
        cut = data.rfind(b"\x1b")
        if cut <= 0 or (flag and data[0] == 0x1B):
            return 0, mode, flag
        head = data[:cut] if data[0] == 0x1B else _ESCAPE_OF[mode] + data[:cut]
        how = "replace" if errors == "replace" else None  # another handler: declined
        quick = _ISO_CLEAN_SPEC._quick(head, how) if _ISO_CLEAN().fullmatch(head) else None
        if quick is None:
            return 0, mode, flag
        out.append(quick[0])
        last = head.rfind(b"\x1b")
        if last < 0:
            return cut, mode, 0
        return cut, _ESCAPES[head[last + 1 : last + 3]], int(last == len(head) - 3)


def _iso_clean_step(data: bytes, i: int, n: int) -> tuple[str | None, int]:
    """A JIS X 0208 pair iso2022_jp lacks (NEC, IBM extensions), or _Redo if it is no pair."""
    escape = data.rfind(b"\x1b", 0, i)
    pair = escape >= 0 and data[escape + 1] == 0x24 and (i - escape - 3) % 2 == 0
    if not (pair and i + 2 <= n and 0x21 <= data[i] <= 0x7E and 0x21 <= data[i + 1] <= 0x7E):
        raise _Redo  # not the JIS X 0208 pair expected: let the full decoder decide
    cp = index("jis0208").get((data[i] - 0x21) * 94 + data[i + 1] - 0x21)
    return (None, i + 2) if cp is None else (chr(cp), i + 2)


_ISO_TEXT = rb"[^\x0e\x0f\x1b\x80-\xff]"
#: ISO-2022-JP in ASCII, Roman and JIS X 0208 text, no two escapes in a row: iso2022_jp
#: decodes it as the standard but for euc_jp's fixes and the pairs it lacks (an odd run
#: fails at the ESC after it, and goes to the full decoder). Possessive quantifiers only
#: save backtracking here (every run ends at an ESC), so 3.10's greedy ones are the same.
_PLUS = b"+" if sys.version_info >= (3, 11) else b""
_ISO_CLEAN = _pattern(
    rb"%s*%s(?:\x1b\([BJ]%s+%s|\x1b\$[@B][\x21-\x7e]+%s)*%s(?:\x1b\(B)?%s"
    % (_ISO_TEXT, _PLUS, _ISO_TEXT, _PLUS, _PLUS, _PLUS, _PLUS)
)


def _charmap_report(segment: bytes, errors: str, table: str, obj: bytes, base: int) -> str:
    """charmap_decode, with errors reported as positions in ``obj``."""
    out: list[str] = []
    i, view = 0, memoryview(segment)  # (slices of a view copy nothing)
    while i < len(segment):
        try:
            out.append(codecs.charmap_decode(view[i:], "strict", table)[0])
            break
        except UnicodeDecodeError as exc:
            out.append(codecs.charmap_decode(view[i : i + exc.start], "strict", table)[0])
            start = base + i + exc.start
            text, resume = _report("ISO-2022-JP", errors, obj, start, start + 1, "illegal byte")
            out.append(text)
            i = resume - base
    return "".join(out)


# --- registration --------------------------------------------------------------------------


def _fixes(wrong: str, right: str) -> dict[str, str]:
    return dict(zip(wrong, right, strict=True))


# Python's gb18030 predates GB 18030-2022: 20 pairs give private-use characters, and A8 BC
# and 81 35 F4 37 are swapped (U+E7C7, U+1E3F).
_SUSPICIOUS = "\ue5e5\ue78d\ue78e\ue78f\ue790\ue791\ue792\ue793\ue794\ue795\ue796\ue7c7\ue81e"
_SUSPICIOUS += "\ue826\ue82b\ue82c\ue832\ue843\ue854\ue864\u1e3f"
_GB18030 = _MultiByte("gb18030", "gb18030", _gb18030_step, suspicious=_SUSPICIOUS)
# euc_jp -> the index: A1 C1, A1 C2, A1 DD, A1 F1, A1 F2, A2 CC; 8F A2 B7 is U+FF5E, not "~"
_FIXES = _fixes("\u301c\u2016\u2212\u00a2\u00a3\u00ac", "\uff5e\u2225\uff0d\uffe0\uffe1\uffe2")
_EUC_JP = _MultiByte("EUC-JP", "euc_jp", _euc_jp_step, fixes=_FIXES,
                     patterns=((b"\x8f\xa2\xb7", "~"),))  # fmt: skip
_ISO_CLEAN_SPEC = _MultiByte("ISO-2022-JP", "iso2022_jp", _iso_clean_step, fixes=_FIXES)
# ISO-2022-JP's JIS X 0208 runs, 0x80 higher: EUC-JP's pairs, with errors named ISO-2022-JP
_JIS_PAIRS_SPEC = _MultiByte("ISO-2022-JP", "euc_jp", _euc_jp_step, fixes=_FIXES,
                             patterns=_EUC_JP.patterns)  # fmt: skip
# Shift_JIS: pointers 8836-10715 (lead bytes 0xF0-0xF9) are the private use area; cp932
# decodes 0xA0, 0xFD, 0xFE, 0xFF (errors here) to U+F8F0-U+F8F3.
_SJIS_LEADS = bytes([*range(0x81, 0xA0), *range(0xE0, 0xFD)])
_SJIS_PUA = {p: chr(0xE000 - 8836 + p) for p in range(8836, 10716)}
_SJIS = _double_byte(_SJIS_LEADS, _sjis_pointer, "jis0208", _sjis_single, _SJIS_PUA)
# Big5: four pointers are two code points each; big5hkscs gives characters that only one
# sequence gives for A1 45, A1 4E, A1 C2, A1 E3, A1 F2, A1 F3, A2 44, A2 46, A2 47 (fixed),
# and for A2 41 and A2 42 U+FF0F and U+FF3C, as other sequences do.
_BIG5_PAIRS = {1133: "\u00ca\u0304", 1135: "\u00ca\u030c", 1164: "\u00ea\u0304",
               1166: "\u00ea\u030c"}  # fmt: skip
_BIG5 = _double_byte(_LEADS_81_FE, _big5_pointer, "big5", _ascii_single, _BIG5_PAIRS)
_EUC_KR = _double_byte(_LEADS_81_FE, _euc_kr_pointer, "euc-kr", _ascii_single, {})
_BIG5_FIXES = _fixes("\u2022\uff64\u203e\u223c\u2641\u2609\u00a5\u00a2\u00a3",
                     "\u2027\ufe51\u00af\uff5e\u2295\u2299\uffe5\uffe0\uffe1")  # fmt: skip
_BIG5_ODD = ((b"\xa2\x41", "\uff0f"), (b"\xa2\x42", "\uff3c"))
_SPECS: dict[str, _SingleByte | _Replacement | _MultiByte | _ISO2022JP] = {
    **{name: _SingleByte(name) for name in _SINGLE_BYTE},
    "Shift_JIS": _MultiByte("Shift_JIS", "cp932", _SJIS, suspicious="\uf8f0\uf8f1\uf8f2\uf8f3"),
    "EUC-KR": _MultiByte("EUC-KR", "cp949", _EUC_KR),
    "Big5": _MultiByte("Big5", "big5hkscs", _BIG5, fixes=_BIG5_FIXES, patterns=_BIG5_ODD),
    # GBK: gb18030's decoder over Python's gbk, which decodes every pair it knows as the index
    # does, faster; a four-byte sequence (seldom in GBK) hands the input to gb18030's.
    "GBK": _MultiByte("GBK", "gbk", _gb18030_step, then=_GB18030),
    "gb18030": _GB18030,
    "EUC-JP": _EUC_JP,
    "ISO-2022-JP": _ISO2022JP(),
    "replacement": _Replacement(),
}


def decode(data: ReadableBuffer, encoding: str, errors: str = "replace") -> str:
    """Decode ``data`` with the standard's decoder for the WHATWG name ``encoding``.

    >>> decode(b"\\x80\\xa8\\xbc\\xff", "gb18030"), b"\\xa8\\xbc".decode("gb18030")
    ('€ḿ\\ufffd', '\\ue7c7')
    """
    return codecs.decode(bytes(data), CODECS[encoding], errors)


def _encode_nothing(text: str, errors: str = "strict") -> tuple[bytes, int]:
    """The replacement encoding's encoder."""
    if text:
        raise UnicodeEncodeError("replacement", text, 0, len(text), "nothing encodes")
    return b"", 0


class _NothingEncoder(codecs.IncrementalEncoder):
    def encode(self, input: str, final: bool = False) -> bytes:
        return _encode_nothing(input, self.errors)[0]


def _codec_info(name: str) -> codecs.CodecInfo:
    spec, nearest = _SPECS[name], PYTHON_CODECS[name]
    encode = _encode_nothing if nearest is None else codecs.lookup(nearest).encode

    class IncrementalDecoder(codecs.IncrementalDecoder):
        def __init__(self, errors: str = "strict") -> None:
            super().__init__(errors)
            self.reset()

        def reset(self) -> None:
            self.pending, self.state = b"", 0  # ISO-2022-JP's mode, the replacement's start

        def getstate(self) -> tuple[bytes, int]:
            return self.pending, self.state

        def setstate(self, state: tuple[bytes, int]) -> None:
            self.pending, self.state = state

        def decode(self, input: ReadableBuffer, final: bool = False) -> str:
            data = self.pending + bytes(input)
            text, used, self.state = spec.run(data, self.errors, final, self.state)
            self.pending = data[used:]
            return text

    class StreamReader(codecs.StreamReader):
        # An incremental decoder keeps what a chunk leaves pending (and ISO-2022-JP's state).
        def decode(self, input: ReadableBuffer, errors: str = "strict") -> tuple[str, int]:
            decoder = self.__dict__.get("_decoder")
            if decoder is None or decoder.errors != errors:
                decoder = self.__dict__["_decoder"] = IncrementalDecoder(errors)
            return decoder.decode(input), len(bytes(input))

        def read(self, size: int = -1, chars: int = -1, firstline: bool = False) -> str:
            # codecs.StreamReader never says "final": a character cut by the end of the
            # stream would vanish. Where bytes are pending, one more byte tells the end.
            text = super().read(size, chars, firstline)
            decoder = self.__dict__.get("_decoder")
            if decoder is not None and decoder.pending and not self.__dict__["bytebuffer"]:
                more = self.stream.read(1)
                if more:
                    self.__dict__["bytebuffer"] = more  # (read first, the next time)
                else:
                    text += decoder.decode(b"", final=True)
            return text

        def reset(self) -> None:
            super().reset()
            self.__dict__.pop("_decoder", None)

    class StreamWriter(codecs.StreamWriter):
        def encode(self, input: str, errors: str = "strict") -> tuple[bytes, int]:
            return encode(input, errors)

    incremental: Any = _NothingEncoder if nearest is None else codecs.getincrementalencoder(nearest)
    return codecs.CodecInfo(encode, spec.decode, StreamReader, StreamWriter, incremental,
                            IncrementalDecoder, CODECS[name])  # fmt: skip


_BY_CODEC = {_normal(codec): name for name, codec in CODECS.items()}
_BY_CODEC.update({_normal(f"whatwg-{name}"): name for name in _EXACT_ALREADY})


def _search_whatwg(codec: str) -> codecs.CodecInfo | None:
    """The codec named ``codec`` if it is one of these (codecs.lookup caches what it gives)."""
    name = _BY_CODEC.get(_normal(codec)) if codec[:6].lower() == "whatwg" else None
    if name is None:
        return None
    if name in _EXACT_ALREADY:
        return codecs.lookup(_EXACT_ALREADY[name])
    return _codec_info(name)


codecs.register(_search_whatwg)
