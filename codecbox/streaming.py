"""Decoding, converting and sniffing text that arrives in pieces, without the chunk bug.

Decoding each block on its own (``chunk.decode(enc)``) breaks every character
that straddles two blocks: strict mode fails, ``errors="replace"`` silently
adds U+FFFD. An incremental decoder keeps the unfinished bytes for the next
call, so the result equals decoding the whole input at once.

>>> chunks = [b"a\\xc3", b"\\xb1o"]           # "año" with the ñ split in two
>>> "".join(iter_decode(chunks, "utf-8"))
'año'
>>> list(iter_decode([b"ok", b"caf\\xc3", b"\\x28"], "utf-8"))
Traceback (most recent call last):
...
codecbox.errors.DecodeError: cannot decode byte c3 at offset 5 as UTF-8: invalid continuation byte
"""

from __future__ import annotations

import codecs
import contextlib
import os
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from codecbox.detection import Detector, Guess, detector_for
from codecbox.errors import DecodeError, EncodeError
from codecbox.labels import Encoding, resolve

__all__ = [
    "TranscodeReport",
    "iter_decode",
    "read_chunks",
    "sniff",
    "sniff_file",
    "transcode",
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
    """Yield the bytes of ``path`` in pieces of ``chunk_size`` (the last one may be shorter)."""
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    name = _path(path)

    def pieces() -> Iterator[bytes]:
        with open(name, "rb") as f:
            while chunk := f.read(chunk_size):
                yield chunk

    return pieces()


def _decoder(encoding: Encoding, errors: str) -> codecs.IncrementalDecoder:
    if encoding.codec is None:
        raise ValueError(f"{encoding.name} has no decoder")
    return codecs.getincrementaldecoder(encoding.codec)(errors)


def iter_decode(
    chunks: Iterable[bytes],
    encoding: str | Encoding,
    errors: str = "strict",
    *,
    where: str | None = None,
) -> Iterator[str]:
    """Decode a stream of byte chunks, yielding text as soon as it is complete.

    The encoding is resolved at once (an unknown name raises here, not when the
    result is first iterated). Raises :class:`DecodeError` with the absolute
    offset in the stream (and ``where``, a file name, when given), including when
    the stream stops in the middle of a character.

    >>> list(iter_decode([b"\\x82", b"\\xa0\\x82", b"\\xa2"], "cp932"))
    ['あ', 'い']
    >>> try:
    ...     list(iter_decode([b"hola", b"\\xc3"], "utf-8", where="menu.txt"))
    ... except DecodeError as exc:
    ...     print(exc)
    menu.txt: cannot decode byte c3 at offset 4 as UTF-8: unexpected end of data
    """
    enc = resolve(encoding)
    decoder = _decoder(enc, errors)

    def decode(chunk: bytes, final: bool, fed: int) -> str:
        # On error the codec's positions are relative to the bytes it held back plus
        # ``chunk``; that buffer always ends at ``fed``, so it starts at
        # ``fed - len(exc.object)`` in the stream.
        try:
            return decoder.decode(chunk, final)
        except UnicodeDecodeError as exc:
            base = fed - len(exc.object)
            raise DecodeError.wrap(exc, base=base, where=where, encoding=enc.name) from exc

    def texts() -> Iterator[str]:
        fed = 0
        for chunk in chunks:
            fed += len(chunk)
            text = decode(chunk, False, fed)
            if text:
                yield text
        text = decode(b"", True, fed)
        if text:
            yield text

    return texts()


# --- one atomic writer --------------------------------------------------------------------


def write_atomic(
    path: StrPath, content: bytes | Callable[[BinaryIO], None], *, mode: int | None = None
) -> None:
    """Write ``path`` all or nothing: a temporary file beside it, fsync, then a rename.

    ``content`` is the bytes, or a function that writes them to the open file. After
    any error (or Ctrl-C) ``path`` is exactly as before and the temporary file is
    gone. An existing ``path`` keeps its permission bits; a new one gets ``mode``, or
    the usual ``0o666`` minus the umask (applied by the kernel, not by changing the
    process umask).
    """
    target = Path(_path(path))
    folder = target.parent
    for _ in range(100):
        tmp = folder / f".{target.name}.{secrets.token_hex(4)}.tmp"
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
            fd = os.open(tmp, flags, 0o666)  # the kernel applies the umask
        except FileExistsError:
            continue
        break
    else:  # pragma: no cover - 100 collisions of 32 random bits
        raise FileExistsError(f"cannot create a temporary file beside {target}")
    try:
        with os.fdopen(fd, "wb") as f:
            if isinstance(content, bytes | bytearray | memoryview):
                f.write(content)
            else:
                content(f)
            f.flush()
            os.fsync(f.fileno())
        if target.exists():
            os.chmod(tmp, target.stat().st_mode & 0o7777)
        elif mode is not None:
            os.chmod(tmp, mode & 0o7777)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable, where possible
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


# --- transcoding --------------------------------------------------------------------------


@dataclass(frozen=True)
class TranscodeReport:
    """What :func:`transcode` did: the two encodings and the sizes."""

    source: Encoding
    target: Encoding
    bytes_read: int
    chars: int
    bytes_written: int


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except FileNotFoundError:
        return False


def transcode(
    src: StrPath,
    dst: StrPath,
    source_encoding: str | Encoding,
    target: str | Encoding = "utf-8",
    chunk_size: int = 65536,
    errors: str = "strict",
) -> TranscodeReport:
    """Convert file ``src`` from ``source_encoding`` to ``target``, writing ``dst`` atomically.

    Works chunk by chunk, so memory does not grow with the file. The output goes
    to a temporary file next to ``dst`` that replaces ``dst`` only once it is
    complete and on disk (:func:`write_atomic`): after any error ``dst`` is exactly
    as before and no temporary file is left. A :class:`DecodeError` names the file
    and the byte offset, an :class:`EncodeError` the file and the character offset.
    ``errors`` applies to both decoding and encoding; only a non-strict value lets
    U+FFFD or ``?`` in. A new ``dst`` gets the permission bits of ``src``.
    """
    source = resolve(source_encoding)
    goal = resolve(target)
    if goal.codec is None:
        raise ValueError(f"{goal.name} has no encoder")
    src_name, dst_name = _path(src, "src"), _path(dst, "dst")
    if _same_file(src_name, dst_name):
        raise ValueError(f"source and destination are the same file: {src_name!r}")
    encoder = codecs.getincrementalencoder(goal.codec)(errors)
    counts = {"read": 0, "chars": 0, "written": 0}

    def counted(chunks: Iterator[bytes]) -> Iterator[bytes]:
        for chunk in chunks:
            counts["read"] += len(chunk)
            yield chunk

    def encode(text: str, final: bool = False) -> bytes:
        try:
            return encoder.encode(text, final)
        except UnicodeEncodeError as exc:
            raise EncodeError.wrap(
                exc, base=counts["chars"], where=src_name, encoding=goal.name
            ) from exc

    def write(out: BinaryIO) -> None:
        chunks = counted(read_chunks(src_name, chunk_size))
        for text in iter_decode(chunks, source, errors, where=src_name):
            data = encode(text)
            counts["chars"] += len(text)
            out.write(data)
            counts["written"] += len(data)
        data = encode("", final=True)
        out.write(data)
        counts["written"] += len(data)

    write_atomic(dst_name, write, mode=os.stat(src_name).st_mode)
    return TranscodeReport(source, goal, counts["read"], counts["chars"], counts["written"])


# --- sniffing -----------------------------------------------------------------------------


def _sniff(
    head: bytes, max_bytes: int, candidates: Sequence[str | Encoding] | None, detect: Detector
) -> Guess:
    # One byte more than max_bytes tells whether anything follows the cut.
    return detect(head[:max_bytes], candidates, prefix=len(head) > max_bytes)


def _check(max_bytes: int) -> None:
    if max_bytes < 1:
        raise ValueError(f"max_bytes must be at least 1, got {max_bytes}")


def sniff(
    data: bytes | bytearray | memoryview,
    candidates: Sequence[str | Encoding] | None = None,
    *,
    max_bytes: int = 65536,
    detector: str | Detector = "stdlib",
) -> Guess:
    """Guess the encoding of ``data`` from its first ``max_bytes`` bytes.

    Looking at the start is what makes detection affordable on big inputs, and
    the detector is told (``prefix=True``) that the cut may split a character.
    When the whole input fits in ``max_bytes`` it is checked as complete, so
    bytes that really end mid-character are still caught.

    >>> data = ("한국어 텍스트 " * 10).encode("cp949")
    >>> sniff(data, max_bytes=8).how            # byte 8 starts a syllable
    'EUC-KR (stdlib)'
    >>> sniff(data[:8]).how                     # the whole input, truncated
    'windows-1252 (stdlib)'
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"sniff() takes bytes, not {type(data).__name__}; use sniff_file(path)")
    _check(max_bytes)
    detect = detector_for(detector)
    return _sniff(bytes(data[: max_bytes + 1]), max_bytes, candidates, detect)


def sniff_file(
    path: StrPath,
    candidates: Sequence[str | Encoding] | None = None,
    *,
    max_bytes: int = 65536,
    detector: str | Detector = "stdlib",
) -> Guess:
    """Guess the encoding of the file at ``path`` from its first ``max_bytes`` bytes.

    Reads at most ``max_bytes + 1`` bytes, whatever the size of the file; see :func:`sniff`.
    """
    name = _path(path)
    _check(max_bytes)
    detect = detector_for(detector)
    with open(name, "rb") as f:
        head = f.read(max_bytes + 1)
    return _sniff(head, max_bytes, candidates, detect)
