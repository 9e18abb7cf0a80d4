"""Decoding, converting and sniffing text that arrives in pieces, without the chunk bug.

Decoding each block on its own (``chunk.decode(enc)``) breaks every character that
straddles two blocks: strict mode fails, ``errors="replace"`` silently adds U+FFFD. An
incremental decoder keeps the unfinished bytes for the next call, so the result equals
decoding the whole input at once.

>>> chunks = [b"a\\xc3", b"\\xb1o"]           # "año" with the ñ split in two
>>> "".join(iter_decode(chunks, "utf-8"))
'año'
"""

from __future__ import annotations

import codecs
import contextlib
import dataclasses
import io
import itertools
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from codecbox.decoding import (
    DEFAULT_DETECTOR,
    DEFAULT_ENCODING,
    Decider,
    Decision,
    bytes_decider,
    decide,
    html_decider,
    undeclared_options,
)
from codecbox.detection import MAX_BYTES, Detector, Guess, detector_for, mostly_utf8
from codecbox.errors import DecodeError, EncodeError
from codecbox.labels import Encoding, resolve
from codecbox.rules import Decided, Rule
from codecbox.sniffing import BOMS, bom

__all__ = [
    "Scanned",
    "TranscodeReport",
    "decide_file",
    "iter_decode",
    "read_chunks",
    "remove_stale_temporaries",
    "sniff",
    "sniff_file",
    "transcode",
    "transcode_stream",
    "write_atomic",
]

StrPath = str | os.PathLike[str]


def _path(value: object, what: str = "path") -> str:
    """A file path as str; TypeError for anything else (bytes, an int file descriptor...)."""
    if isinstance(value, (str, os.PathLike)) and not isinstance(value, bytes):
        path = os.fspath(value)
        if isinstance(path, str):
            return path
    raise TypeError(f"{what} must be a str or os.PathLike path, not {type(value).__name__}")


def read_chunks(path: StrPath, chunk_size: int = 65536) -> Iterator[bytes]:
    """Yield the bytes of ``path`` in pieces of ``chunk_size`` (the last one may be shorter).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> path.write_bytes(b"0123456789")
    10
    >>> list(read_chunks(path, chunk_size=4))
    [b'0123', b'4567', b'89']
    """
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    name = _path(path)

    def pieces() -> Iterator[bytes]:
        with open(name, "rb") as f:
            while chunk := f.read(chunk_size):
                yield chunk

    return pieces()


#: Codecs that sniff a byte order mark: codec -> ({mark: the codec after it}, the codec
#: when there is no mark, which is what decoding the whole input does).
_MARKED: dict[str, tuple[dict[bytes, str], str]] = {
    sig: (
        {mark: codec for mark, codec, eats, _ in BOMS if eats == sig},
        "utf-8" if sig == "utf-8-sig" else f"{sig}-{sys.byteorder[0]}e",
    )
    for sig in ("utf-8-sig", "utf-16", "utf-32")
}
#: The reason a CJK incremental decoder gives when its pending buffer overflows.
_OVERFLOW = "pending buffer overflow"


def _start(
    codec: str, errors: str, chunks: Iterable[bytes]
) -> tuple[codecs.IncrementalDecoder, int, Iterator[bytes]]:
    """The decoder for ``chunks``, the bytes of a byte order mark it skips, and the chunks
    from there on. For the codecs that sniff a mark, CPython's incremental decoders differ
    from decoding the whole input (utf-8-sig drops a cut mark, utf-16 and utf-32 refuse a
    stream without one): the mark is read here, and a plain decoder takes over."""
    marks, chosen = _MARKED.get(codec, ({}, codec))
    rest = iter(chunks)
    head, skip = b"", 0
    if marks:
        for chunk in rest:
            head += chunk
            if len(head) >= 4:
                break
        for mark, after in marks.items():  # one codec's marks have the same length
            if head.startswith(mark):
                skip, chosen = len(mark), after
    decoder = codecs.getincrementaldecoder(chosen)(errors)
    return decoder, skip, itertools.chain((head[skip:],), rest)


def iter_decode(
    chunks: Iterable[bytes],
    encoding: str | Encoding,
    errors: str = "strict",
    *,
    where: str | None = None,
) -> Iterator[str]:
    """Decode a stream of byte chunks, yielding text as soon as it is complete.

    The result equals decoding the whole input at once, errors included: a
    :class:`DecodeError` gives the offset in the stream (and ``where``, a file name), also
    when the stream stops in a character. An unknown encoding, or one that cannot be
    decoded in pieces in linear time (UTF-7), raises at once, not when iterated.

    >>> list(iter_decode([b"\\x82", b"\\xa0\\x82", b"\\xa2"], "cp932"))
    ['あ', 'い']
    """
    enc = resolve(encoding)
    codec = enc.codec
    if codec is None:
        raise ValueError(f"{enc.name} has no decoder")
    if codec == "utf-7":  # its incremental decoder is quadratic
        raise ValueError(
            f"{enc.name} cannot be decoded in pieces in linear time (its incremental "
            "decoder re-reads every open run); decode the whole input with bytes.decode()"
        )

    def wrap(exc: UnicodeDecodeError, base: int) -> DecodeError:
        return DecodeError.wrap(exc, base=base, where=where, encoding=enc)

    def texts() -> Iterator[str]:
        # fed: the bytes of the stream given to the decoder so far (and a skipped mark)
        decoder, fed, pieces = _start(codec, errors, chunks)
        for chunk in pieces:
            state = decoder.getstate()
            fed += len(chunk)
            try:
                text = decoder.decode(chunk, False)
            except UnicodeError as exc:
                if isinstance(exc, UnicodeDecodeError) and exc.reason != _OVERFLOW:
                    # positions are in the bytes held back plus ``chunk``, which end at ``fed``
                    raise wrap(exc, fed - len(exc.object)) from exc
                # A CJK decoder's pending buffer overflowed (an invalid ISO-2022 escape; a
                # plain UnicodeError before Python 3.13, a UnicodeDecodeError since): decode
                # the rest in one piece from the same state, as bytes.decode would.
                yield _finish(codec, errors, state, chunk, pieces, fed - len(chunk), wrap)
                return
            if text:
                yield text
        try:
            text = decoder.decode(b"", True)
        except UnicodeDecodeError as exc:
            raise wrap(exc, fed - len(exc.object)) from exc
        if text:
            yield text

    return texts()


def _finish(
    codec: str,
    errors: str,
    state: tuple[bytes, int],
    chunk: bytes,
    pieces: Iterator[bytes],
    offset: int,
    wrap: Callable[[UnicodeDecodeError, int], DecodeError],
) -> str:
    """Decode what is left (held-back bytes, ``chunk`` and every later chunk) at once."""
    held, flags = state
    rest = held + chunk + b"".join(pieces)
    decoder = codecs.getincrementaldecoder(codec)(errors)
    decoder.setstate((b"", flags))
    try:
        return decoder.decode(rest, True)
    except UnicodeDecodeError as exc:
        raise wrap(exc, offset - len(held) + (len(rest) - len(exc.object))) from exc


_TEMP = ".{name}.codecbox-{pid}-{token}.tmp"


#: The folders whose stale temporaries this process has removed (see write_atomic).
_SWEPT: set[str] = set()


def _temporary(target: Path, pid: int, token: str) -> Path:
    return target.parent / _TEMP.format(name=target.name, pid=pid, token=token)


def _alive(pid: int) -> bool:
    # Where there is no safe liveness probe (not POSIX), never touch another process's file.
    if pid == os.getpid() or os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by someone else
        pass
    return True


def remove_stale_temporaries(folder: StrPath, name: str = "*") -> list[Path]:
    """Delete the temporary files that :func:`write_atomic` left behind in ``folder``.

    A process killed by SIGKILL (or SIGTERM, which Python does not turn into an exception)
    cannot delete its ``.<destination>.codecbox-<pid>-<random>.tmp``; this removes those
    whose process is no longer running (on POSIX; elsewhere none) and returns their paths.

    >>> import tempfile
    >>> remove_stale_temporaries(tempfile.mkdtemp())  # an empty folder: nothing to remove
    []
    """
    removed = []
    for tmp in Path(_path(folder, "folder")).glob(f".{name}.codecbox-*-*.tmp"):
        try:
            pid = int(tmp.name.rsplit(".codecbox-", 1)[1].split("-", 1)[0])
        except ValueError:
            continue
        if not _alive(pid):
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
                removed.append(tmp)
    return removed


@contextlib.contextmanager
def _written(
    target: Path, content: bytes | Callable[[BinaryIO], None], mode: int | None, perm: int = 0o666
) -> Iterator[Path]:
    """A synced temporary file beside ``target`` holding ``content`` (the bytes, or a
    function that writes them to the open file), created with ``perm`` (minus the umask)
    and given the permission bits ``mode`` if not None. It is gone when the block ends,
    also after any error (:func:`remove_stale_temporaries` finds those of a killed
    process by their name); an error about it names ``target``."""
    import secrets  # on use: it imports hmac and hashlib, some 4 ms of start-up

    pid = os.getpid()
    tmp = _temporary(target, pid, secrets.token_hex(4))
    # The creation is inside the ``try``: a signal handled the moment ``os.open`` returns
    # (CPython runs handlers right after a call) must not leave the new file behind. The
    # name holds 32 random bits, so a file under it after a failed open is this call's.
    try:
        for _ in range(100):
            try:
                flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
                fd = os.open(tmp, flags, perm)  # the kernel applies the umask
            except FileExistsError:
                tmp = _temporary(target, pid, secrets.token_hex(4))
                continue
            break
        else:  # pragma: no cover - 100 collisions of 32 random bits
            raise FileExistsError(f"cannot create a temporary file beside {target}")
        with os.fdopen(fd, "wb") as f:
            if isinstance(content, bytes | bytearray | memoryview):
                f.write(content)
            else:
                content(f)
            f.flush()
            if mode is not None:
                os.chmod(tmp, mode & 0o7777)
            os.fsync(f.fileno())
        yield tmp
    except OSError as exc:
        if exc.filename is not None and Path(exc.filename) == tmp:  # name what was asked for
            raise type(exc)(exc.errno, exc.strerror, str(target)) from exc
        raise
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def write_atomic(
    path: StrPath, content: bytes | Callable[[BinaryIO], None], *, mode: int | None = None
) -> None:
    """Write ``path`` all or nothing: a temporary file beside it, fsync, then a rename.

    ``content`` is the bytes, or a function that writes them to the open file. After any
    error (or Ctrl-C) ``path`` is as before and the temporary file gone; those a killed
    process left (their names carry its PID) go when the next process writes into the same
    folder, or writes ``path`` again (:func:`remove_stale_temporaries`).
    An existing ``path`` keeps its permission bits; a new one gets ``mode``, or ``0o666``
    minus the umask. Errors name ``path``.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_atomic(folder / "a.txt", "año".encode("utf-8"))
    >>> write_atomic(folder / "a.txt", lambda f: f.write(b"ni\\xc3\\xb1o"))
    >>> (folder / "a.txt").read_text(encoding="utf-8"), sorted(p.name for p in folder.iterdir())
    ('niño', ['a.txt'])
    """
    target = Path(_path(path))
    folder = target.parent
    with contextlib.suppress(OSError):
        swept = str(folder.resolve())
        if swept in _SWEPT:  # (a folder is listed once a process: an import writes many)
            from glob import escape

            remove_stale_temporaries(folder, escape(target.name))
        else:
            remove_stale_temporaries(folder)
            _SWEPT.add(swept)
    with _written(target, content, target.stat().st_mode if target.exists() else mode) as tmp:
        os.replace(tmp, target)
    with contextlib.suppress(OSError):  # make the rename itself durable, where possible
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


@dataclass(frozen=True)
class TranscodeReport:
    """What :func:`transcode` did: the two encodings and the sizes."""

    source: Encoding
    target: Encoding
    bytes_read: int
    chars: int
    bytes_written: int


def transcode(
    src: StrPath,
    dst: StrPath,
    source_encoding: str | Encoding,
    target: str | Encoding = "utf-8",
    chunk_size: int = 65536,
    errors: str = "strict",
    *,
    progress: Callable[[int], object] | None = None,
) -> TranscodeReport:
    """Convert file ``src`` from ``source_encoding`` to ``target``, writing ``dst`` atomically.

    Chunk by chunk (memory does not grow with the file) and with :func:`write_atomic`
    (after any error ``dst`` is as before; a new one gets the permission bits of ``src``).
    A :class:`DecodeError` names the file and the byte offset, an :class:`EncodeError` the
    character offset. ``errors`` applies to decoding and encoding. ``progress`` is called
    with the size of each chunk read (a progress bar's ``update``).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "old.csv").write_bytes("Muñoz;año\\n".encode("cp1252"))
    10
    >>> report = transcode(folder / "old.csv", folder / "new.csv", "windows-1252")
    >>> report.bytes_read, report.chars, report.bytes_written
    (10, 10, 12)
    >>> (folder / "new.csv").read_text(encoding="utf-8")
    'Muñoz;año\\n'
    """
    source = resolve(source_encoding)
    goal = resolve(target)
    if goal.codec is None:
        raise ValueError(f"{goal.name} has no encoder")
    src_name, dst_name = _path(src, "src"), _path(dst, "dst")
    with contextlib.suppress(FileNotFoundError):
        if os.path.samefile(src_name, dst_name):
            raise ValueError(f"source and destination are the same file: {src_name!r}")
    reports: list[TranscodeReport] = []

    def write(out: BinaryIO) -> None:
        chunks = read_chunks(src_name, chunk_size)
        report = transcode_stream(
            chunks, out, source, goal, errors, where=src_name, progress=progress
        )
        reports.append(report)

    write_atomic(dst_name, write, mode=os.stat(src_name).st_mode)
    return reports[0]


def transcode_stream(
    chunks: Iterable[bytes],
    out: BinaryIO,
    source_encoding: str | Encoding,
    target: str | Encoding = "utf-8",
    errors: str = "strict",
    *,
    where: str | None = None,
    progress: Callable[[int], object] | None = None,
) -> TranscodeReport:
    """:func:`transcode`'s loop on any stream: decode ``chunks``, encode and write each
    piece to ``out`` as it goes (so ``out`` is not atomic: after an error, what came
    before it has been written). ``where`` names the input in errors.

    >>> import io
    >>> out = io.BytesIO()
    >>> transcode_stream([b"a\\xf1", b"o"], out, "cp1252").bytes_written, out.getvalue()
    (4, b'a\\xc3\\xb1o')
    """
    source = resolve(source_encoding)
    goal = resolve(target)
    if goal.codec is None:
        raise ValueError(f"{goal.name} has no encoder")
    codecs.lookup_error(errors)  # an unknown handler fails here, not at the first bad byte
    encoder = codecs.getincrementalencoder(goal.codec)(errors)
    read = chars = written = 0

    def counted() -> Iterator[bytes]:
        nonlocal read
        for chunk in chunks:
            read += len(chunk)
            if progress is not None:
                progress(len(chunk))
            yield chunk

    def write(text: str, final: bool = False) -> None:
        nonlocal written
        try:
            data = encoder.encode(text, final)
        except UnicodeEncodeError as exc:
            raise EncodeError.wrap(exc, base=chars, where=where, encoding=goal.name) from exc
        out.write(data)
        written += len(data)

    for text in iter_decode(counted(), source, errors, where=where):
        write(text)
        chars += len(text)
    write("", final=True)
    return TranscodeReport(source, goal, read, chars, written)


#: How many bytes a byte order mark needs to be told apart: FF FE 00 00 is UTF-32LE, where
#: its first two bytes alone would say UTF-16LE.
_BOM_LOOK = 4


def _decide_head(
    head: bytes,
    max_bytes: int,
    candidates: Sequence[str | Encoding] | None,
    detect: str | Detector,
    default: str | Encoding = DEFAULT_ENCODING,
) -> tuple[Decision, bool]:
    """:func:`~codecbox.decoding.decide` on the first ``max_bytes`` of ``head`` (as
    :func:`~codecbox.decoding.decode_bytes` decides), and whether more followed (then it
    decided on a prefix). ``head`` holds ``max(max_bytes, 4) + 1`` bytes or fewer: a byte
    order mark is read from 4, and one byte more tells whether anything follows the cut."""
    more = len(head) > max_bytes
    found = bom(head[:_BOM_LOOK])
    if found is not None:
        return Decision(found[0], Rule.BOM, found[1]), more
    wanted, detector, fallback = undeclared_options(candidates, detect, default)
    data = head[:max_bytes]
    return decide(data, candidates=wanted, detector=detector, default=fallback, prefix=more), more


def _sniff(
    read: Callable[[int], bytes],
    max_bytes: int,
    candidates: Sequence[str | Encoding] | None,
    detector: str | Detector,
    default: str | Encoding,
) -> Guess:
    """:func:`sniff` on the bytes ``read(size)`` gives."""
    if max_bytes < 1:
        raise ValueError(f"max_bytes must be at least 1, got {max_bytes}")
    detect = detector_for(detector)
    head = read(max(max_bytes, _BOM_LOOK) + 1)
    decision, _ = _decide_head(head, max_bytes, candidates, detect, default)
    guess, rule = decision.guess, decision.rule
    if guess is not None and rule in (Rule.DETECTED, Rule.DEFAULT, Rule.BINARY):
        # The detector's answer (or the evidence, for binary data), with the encoding
        # and the rule the pipeline gives it.
        return dataclasses.replace(guess, encoding=decision.encoding, rule=rule)
    # A byte order mark or the evidence of the bytes: codecbox's pipeline decided.
    confidence = 1.0 if rule.certain else None
    return Guess(decision.encoding, "codecbox", rule, confidence)


def sniff(
    data: bytes | bytearray | memoryview,
    candidates: Sequence[str | Encoding] | None = None,
    *,
    max_bytes: int = 65536,
    detector: str | Detector = "codecbox",
    default: str | Encoding = DEFAULT_ENCODING,
) -> Guess:
    """The encoding of ``data`` decided from its first ``max_bytes`` bytes as
    :func:`~codecbox.decoding.decode_bytes` decides: a byte order mark (read from at least
    4 bytes), what the bytes prove, ``detector`` among ``candidates``, ``default``. The
    :class:`~codecbox.detection.Guess` has the rule ``decide`` gives; a byte order mark or
    the evidence is ``detector="codecbox"``, whichever detector was named. On longer
    ``data`` it is a decision on a *prefix*: a character the cut splits does not count
    against an encoding, and "valid UTF-8" says the first ``max_bytes`` bytes are.

    >>> data = ("한국어 텍스트 " * 10).encode("cp949")
    >>> g = sniff(data, max_bytes=8)            # byte 8 starts a syllable
    >>> "KR" in g.encoding.name.upper(), g.rule
    (True, <Rule.DETECTED: 'detected'>)
    >>> sniff(data[:9]).encoding == g.encoding  # the whole input, its last syllable cut
    True
    >>> sniff(codecs.BOM_UTF32_LE + "a".encode("utf-32-le"), max_bytes=2).encoding.name
    'utf-32-le'
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"sniff() takes bytes, not {type(data).__name__}; use sniff_file(path)")
    return _sniff(lambda size: bytes(data[:size]), max_bytes, candidates, detector, default)


def sniff_file(
    path: StrPath,
    candidates: Sequence[str | Encoding] | None = None,
    *,
    max_bytes: int = 65536,
    detector: str | Detector = "codecbox",
    default: str | Encoding = DEFAULT_ENCODING,
) -> Guess:
    """:func:`sniff` on the file at ``path``, reading at most ``max(max_bytes, 4) + 1``
    bytes whatever its size.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.csv"
    >>> path.write_bytes("\\ufeffaño;niño\\n".encode("utf-8"))
    14
    >>> guess = sniff_file(path)
    >>> guess.encoding.name, guess.rule.value, guess.confident
    ('UTF-8', 'BOM', True)
    """
    name = _path(path)

    def read(size: int) -> bytes:
        with open(name, "rb") as f:
            return f.read(size)

    return _sniff(read, max_bytes, candidates, detector, default)


# --- deciding in bounded memory ------------------------------------------------------------

#: Inputs up to this size are decided as a whole (:func:`~codecbox.decoding.decide` on all
#: the bytes, as :func:`~codecbox.decoding.decode_bytes` does); longer ones in pieces, in
#: memory that does not grow with the input (:func:`decide_stream`).
WHOLE = 4 * 1024 * 1024
#: The start of a longer input the first decision weighs: the detector reads 64 KiB of it
#: (:data:`~codecbox.detection.MAX_BYTES`), the evidence all, and the scan the rest.
SAMPLE = 1024 * 1024
_CHUNK = 65536
#: Rules that weigh the bytes (not a mark or a label): bytes met later may overturn them.
_WEIGHED = frozenset({Rule.VALID_UTF8, Rule.MOSTLY_UTF8, Rule.DETECTED, Rule.DEFAULT})
_ODD = bytes([*range(0x00, 0x08), 0x0B, *range(0x10, 0x1A), *range(0x1C, 0x20), 0x7F])
_UTF8 = resolve("utf-8")


@dataclass(frozen=True)
class Scanned(Decided):
    """The decision on an input read in pieces, and what decoding all of it found.

    ``skip``: the bytes of a byte order mark; ``size``: of the whole input, or None when it
    was not read to the end (binary data is known from its start); ``replaced``: the
    sequences the encoding cannot decode (each a U+FFFD with ``errors="replace"``), the
    first at byte ``first_invalid``; ``at``: where the bytes the rule weighed start (0, or
    the first non-ASCII byte of an input that starts with more ASCII than
    :data:`WHOLE`, or the first invalid byte of UTF-8 that was not)."""

    encoding: Encoding
    rule: Rule
    skip: int
    guess: Guess | None
    size: int | None
    replaced: int
    first_invalid: int | None
    invalid_bytes: int
    at: int = 0

    def decision(self) -> Decision:
        """The :class:`~codecbox.decoding.Decision` to decode with."""
        return Decision(self.encoding, self.rule, self.skip, self.guess)


_SCAN = threading.local()
_SCANNING = "codecbox.scan"


def _scan_error(exc: UnicodeError) -> tuple[str, int]:
    # errors="replace", counting: the positions are in the bytes held back plus the chunk
    # being decoded, which end at ``_SCAN.fed`` in the stream.
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    state = _SCAN.state
    if state.first is None:
        state.first = state.fed - len(exc.object) + exc.start
    state.replaced += 1
    state.invalid_bytes += exc.end - exc.start
    return "\ufffd", exc.end


codecs.register_error(_SCANNING, _scan_error)


@dataclass
class _Counts:
    fed: int = 0
    replaced: int = 0
    invalid_bytes: int = 0
    first: int | None = None
    wide: int = 0  # non-ASCII characters decoded, the U+FFFD inserted included
    alone: int = 0  # U+FFFD inserted between ASCII characters (or at an end)
    odd: int = 0  # NUL and control bytes: what binary data has and text has not


def _scan(f: BinaryIO, start: int, encoding: Encoding) -> _Counts:
    """Decode ``f`` from byte ``start`` to its end as ``encoding``, in chunks, counting."""
    from codecbox.detection import _LONE_REPLACEMENT

    counts = _Counts(fed=start)
    f.seek(start)
    if encoding.codec is None:  # the replacement encoding: all of it is one error
        if f.read(1):
            counts.replaced, counts.invalid_bytes, counts.first = 1, 1, start
        counts.fed = f.seek(0, os.SEEK_END)
        return counts

    def chunks() -> Iterator[bytes]:
        while chunk := f.read(_CHUNK):
            counts.fed += len(chunk)
            counts.odd += len(chunk) - len(chunk.translate(None, _ODD))
            yield chunk

    previous, _SCAN.state = getattr(_SCAN, "state", None), counts
    try:
        for text in iter_decode(chunks(), encoding, _SCANNING):
            if not text.isascii():
                counts.wide += len(text) - len(text.encode("ascii", "ignore"))
                if "\ufffd" in text:
                    counts.alone += len(_LONE_REPLACEMENT.findall(text))
    finally:
        _SCAN.state = previous
    return counts


def _window(f: BinaryIO, at: int) -> tuple[bytes, bool]:
    """The :data:`~codecbox.detection.MAX_BYTES` bytes of ``f`` a detector reads from
    ``at`` (16 bytes before, at a multiple of 4), and whether more follow."""
    f.seek(max(0, at - 16) & ~3)
    window = f.read(MAX_BYTES)
    return window, f.read(1) != b""


def _first_high(f: BinaryIO, start: int) -> int | None:
    """The offset of the first byte of ``f`` at or after ``start`` above 0x7F, or None."""
    f.seek(start)
    while chunk := f.read(_CHUNK):
        if not chunk.isascii():
            return start + next(i for i, b in enumerate(chunk) if b > 0x7F)
        start += len(chunk)
    return None


def _reads_ascii(encoding: Encoding, head: bytes) -> bool:
    """Whether ``encoding`` reads the ASCII bytes ``head`` as ASCII."""
    if encoding.codec is None:
        return False
    try:
        return head[:4096].decode(encoding.codec) == head[:4096].decode("ascii")
    except UnicodeDecodeError:
        return False


def decide_stream(f: BinaryIO, decider: Decider, head: bytes | None = None) -> Scanned:
    """Decide the encoding of the seekable binary file ``f`` as ``decider`` does, and decode
    all of it in chunks to check: memory stays bounded whatever the size.

    An input up to :data:`WHOLE` bytes is decided whole, as by
    :func:`~codecbox.decoding.decode_bytes` (``head``: its first ``WHOLE + 1`` bytes, if
    already read). A longer one is decided on its first :data:`SAMPLE` bytes, then
    decoded to the end:

    * a start of only ASCII proves nothing, so the decision is made again on the
      detector's window at the first non-ASCII byte;
    * "valid UTF-8" that is not valid further on becomes "mostly valid UTF-8" when the
      invalid sequences are few (:func:`~codecbox.detection.mostly_utf8`, counted on the
      whole input); else the decision is made again on the window at the first invalid
      byte, kept if its encoding decodes the whole input with fewer errors;
    * binary data (a format's magic number, or NUL and control bytes in quantity) is
      binary, also when that shows only later;
    * the U+FFFD a decision leaves are counted, never hidden (``replaced``).
    """
    if head is None:
        f.seek(0)
        head = f.read(WHOLE + 1)
    if len(head) <= WHOLE:
        decision = decider(head, False)
        whole = _Counts() if decision.text is not None else None  # valid UTF-8, decoded
        counts = whole or _scan(io.BytesIO(head), decision.skip, decision.encoding)
        return _scanned(decision, len(head), counts)
    decision = decider(head[:SAMPLE], True)
    if decision.rule is Rule.BINARY:
        return _scanned(decision, None, _Counts())
    at = 0
    if decision.rule is Rule.VALID_UTF8 and head[:SAMPLE].isascii():
        high = _first_high(f, SAMPLE)
        if high is not None:
            later = decider(*_window(f, high))
            if _reads_ascii(later.encoding, head):
                decision, at = later, high
    counts = _scan(f, decision.skip, decision.encoding)
    size = counts.fed
    if decision.rule in _WEIGHED and counts.odd >= 4 and counts.odd * 50 >= size:
        binary = decider(bytes(64), False)  # what the decider makes of NUL bytes
        if binary.rule is Rule.BINARY:
            return _scanned(binary, size, counts)
    if counts.replaced and decision.encoding == _UTF8 and decision.rule is Rule.VALID_UTF8:
        assert counts.first is not None
        wide = counts.wide - counts.replaced
        alone = counts.alone if counts.replaced <= wide * 4 else 0
        proof = mostly_utf8(counts.replaced, wide, alone)
        if proof is not None:
            decision = Decision(_UTF8, Rule.MOSTLY_UTF8, decision.skip, proof)
        else:
            later = decider(*_window(f, counts.first))
            if later.encoding != _UTF8 and later.encoding.codec is not None:
                other = _scan(f, later.skip, later.encoding)
                if other.replaced < counts.replaced:
                    return _scanned(later, size, other, at=counts.first)
            decision = Decision(_UTF8, Rule.MOSTLY_UTF8, decision.skip, proof)
    return _scanned(decision, size, counts, at=at)


def _texts(f: BinaryIO, scanned: Scanned, errors: str, where: str | None) -> Iterator[str]:
    """The text of ``f``, decoded as ``scanned`` decided. With ``errors="strict"`` and
    bytes that do not decode, the :class:`~codecbox.errors.DecodeError` comes before any
    text (as from one-shot decoding): nothing half-written."""
    f.seek(scanned.skip)
    chunks = iter(lambda: f.read(_CHUNK), b"")
    if errors == "strict" and scanned.replaced:
        for _ in iter_decode(chunks, scanned.encoding, "strict", where=where):
            pass
        raise AssertionError("unreachable: the scan found bytes that do not decode")
    return iter_decode(chunks, scanned.encoding, errors, where=where)


def _scanned(decision: Decision, size: int | None, counts: _Counts, at: int = 0) -> Scanned:
    return Scanned(
        decision.encoding, decision.rule, decision.skip, decision.guess, size,
        counts.replaced, counts.first, counts.invalid_bytes, at,
    )  # fmt: skip


def decide_file(
    path: StrPath,
    declared: str | Encoding | None = None,
    candidates: Sequence[str | Encoding] | None = None,
    *,
    detector: str | Detector = DEFAULT_DETECTOR,
    default: str | Encoding = DEFAULT_ENCODING,
    html: bool = False,
    content_type: str | Sequence[str] | None = None,
) -> Scanned:
    """The encoding of the file at ``path`` decided as :func:`~codecbox.decode_file` (or,
    ``html=True``, :func:`~codecbox.decode_html` with ``content_type``) decides, in memory
    that does not grow with the file (:func:`decide_stream`); decode it afterwards with
    :func:`iter_decode`, from byte ``skip``.

    >>> import pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "big.csv"
    >>> _ = p.write_bytes(b"id;n\\n" * 1_000_000 + "1;Muñoz\\n".encode("cp1252"))
    >>> s = decide_file(p, candidates=["cp1252", "utf-8"])
    >>> s.how, s.size, s.replaced, s.at
    ('windows-1252 (detected)', 5000008, 0, 5000004)
    """
    if html:
        if declared is not None:
            raise TypeError("decide_file(html=True) takes content_type, not declared")
        decider = html_decider(
            content_type, candidates=candidates, detector=detector, default=default
        )
    else:
        decider = bytes_decider(declared, candidates, detector=detector, default=default)
    with open(_path(path), "rb") as f:
        try:
            return decide_stream(f, decider)
        except DecodeError as exc:
            exc.where = str(path)
            raise
