"""An import policy that does not depend on luck.

Detection is a bet, so it comes last. Rules that *know* come first, in the order of
:func:`codecbox.decoding.decide`: a byte order mark, a declared encoding (read by
:func:`~codecbox.decoding.file_label`: ASCII means ASCII), what the bytes prove (the NUL
pattern of UTF-16/32, ISO-2022 and HZ escapes, valid UTF-8), the encoding a known source
always writes. Whatever decides, the bytes are decoded strictly: a failed import is
cheaper than silent mojibake. Only then, on enough bytes and with a candidate list, a
guess, which is not confident (and moves the file to a quarantine folder when one is
given). Binary data, a UTF-8 file with a few invalid bytes, and bytes nothing may decide
are a :class:`Quarantined`, not text. Either result says how it was decided.

>>> import_bytes("año".encode("cp1252"), origin="erp", origins={"erp": "cp1252"}).how
'windows-1252 (source table)'
>>> import_bytes("año".encode("cp1252"), candidates=["cp1252", "cp932"]).how
'quarantine (sample too short: 3 bytes < 256)'
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import itertools
import json
import os
import re
import stat
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO

from codecbox.decoding import (
    DEFAULT_DETECTOR,
    DEFAULT_ENCODING,
    Decider,
    Decision,
    _decode,
    decide,
    file_label,
    undeclared_options,
)
from codecbox.detection import DETECTORS, Detector, Guess, detector_for
from codecbox.errors import DecodeError, UnknownEncodingError, _file_error, _shown
from codecbox.labels import Encoding, resolve
from codecbox.rules import Decided, Rule
from codecbox.streaming import (
    WHOLE,
    Scanned,
    _texts,
    _written,
    decide_stream,
    remove_stale_temporaries,
    write_atomic,
)

__all__ = [
    "LOG_NAME",
    "ImportLog",
    "ImportRun",
    "Imported",
    "Quarantined",
    "import_bytes",
    "import_file",
    "import_stream",
    "prepare_import",
    "read_log",
]

#: The default of ``min_sample``: a guess needs at least this many bytes.
MIN_SAMPLE = 256


@dataclass(frozen=True)
class Imported(Decided):
    """Text that was imported, with the encoding, the rule that chose it and the file.

    ``confident`` is False when the encoding was guessed (:attr:`Rule.DETECTED`):
    then a person should look, and ``path`` is where the file was moved for review
    when a quarantine folder was given.
    """

    text: str
    encoding: Encoding
    rule: Rule
    path: Path | None = None
    guess: Guess | None = None
    #: the declared label, when one was given; it differs from ``encoding`` when a byte
    #: order mark overruled it
    declared: Encoding | None = None


@dataclass(frozen=True)
class Quarantined:
    """Nothing was allowed to decide: no text, the reason, and where the file now is."""

    reason: str
    path: Path | None = None
    guess: Guess | None = None
    #: the rule that sent it here when one did (:attr:`Rule.BINARY`,
    #: :attr:`Rule.MOSTLY_UTF8`, :attr:`Rule.DEFAULT`); None when no guess was allowed
    rule: Rule | None = None

    #: never confident: this is the result that needs a person
    confident = False

    @property
    def how(self) -> str:
        return f"quarantine ({self.reason})"


def _claim(folder: Path, path: Path) -> Path:
    """Create, atomically, a file in ``folder`` with a free name based on ``path``'s."""
    n = 0
    while True:
        target = folder / (path.name if n == 0 else f"{path.stem}.{n}{path.suffix}")
        with contextlib.suppress(FileExistsError):
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            return target
        n += 1


def _park(path: Path | None, quarantine: str | os.PathLike[str] | None) -> Path | None:
    """Move a file that needs review into the quarantine folder, never overwriting.

    The target name is claimed atomically (two imports of files with the same name
    cannot both take it); the file is copied there and only then removed from where it
    was. If it cannot be removed (a read-only folder), the copy is removed and the error
    raised: the file is in exactly one place. A file already in the folder stays put.
    """
    if path is None or quarantine is None:
        return path
    folder = Path(quarantine)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # (a file, or a link to one, by that name)
        raise NotADirectoryError(
            errno.ENOTDIR, "the quarantine is not a folder", str(folder)
        ) from None
    if path.resolve().parent == folder.resolve():
        return path
    target = _claim(folder, path)
    import shutil  # (on use, as below: with bz2 and lzma, some 3 ms of start-up)

    try:
        shutil.copyfile(path, target)
        shutil.copystat(path, target)
        path.unlink()
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            target.unlink()
        raise
    return target


def _invalid_utf8(data: bytes) -> str:
    """How many bytes of ``data`` are not UTF-8, and the offset of the first, in words."""
    text = data.decode("utf-8", "surrogateescape")  # one lone surrogate per invalid byte
    lone = re.compile("[\udc80-\udcff]")
    first = lone.search(text)
    assert first is not None
    count = len(lone.findall(text))
    offset = len(text[: first.start()].encode("utf-8", "surrogateescape"))
    noun = "byte" if count == 1 else "bytes"
    return f"mostly valid UTF-8: {count} invalid {noun}, the first at offset {offset}"


def _rules(
    declared: str | Encoding | None,
    origin: str | None,
    origins: Mapping[str, str | Encoding] | None,
    candidates: Sequence[str | Encoding] | None,
    min_sample: int,
    detector: str | Detector,
    size: int,
) -> tuple[Decider, str | None, list[Encoding] | None]:
    """The policy's decision for ``size`` bytes as a :data:`~codecbox.decoding.Decider`,
    why it may not guess (or None), and the candidates a guess chooses among."""
    # Every name is checked before any rule runs: a typo fails the same way on every file.
    label = None if declared is None else file_label(declared)
    if not isinstance(origins, (Mapping, type(None))):
        raise TypeError(f"origins must map a source's name to its encoding, not {origins!r}")
    table = {name: resolve(enc) for name, enc in (origins or {}).items()}
    source = None if origin is None else table.get(origin)
    names, detect, fallback = undeclared_options(candidates, detector, DEFAULT_ENCODING)
    refusal = None  # why the policy forbids a guess, if it does
    if not names:
        refusal = "no candidate list: not guessing"
    elif size < min_sample:
        refusal = f"sample too short: {size} bytes < {min_sample}"

    def guess_among_names(
        data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
    ) -> Guess:
        return detect(data, names, prefix=prefix)

    declarations = () if label is None else ((label, Rule.DECLARED),)
    known = () if source is None else ((lambda: (source, Rule.SOURCE)),)
    guess = None if refusal else guess_among_names

    def decider(data: bytes, prefix: bool) -> Decision:
        # No candidates for the pipeline itself: they bound the guess (guess_among_names),
        # not the evidence, so mostly valid UTF-8 is quarantined whatever the list
        # (decide would let a list without UTF-8 guess among it instead).
        return decide(data, declarations, candidates=None, detector=guess,
                      default=fallback, known=known, prefix=prefix)  # fmt: skip

    return decider, refusal, names


def _review(
    decision: Decided, refusal: str | None, names: list[Encoding] | None, invalid: Callable[[], str]
) -> Quarantined | None:
    """Why the policy will not import bytes decided so (the file's place left out), or
    None. ``invalid``: the invalid bytes of mostly valid UTF-8, in words."""
    rule, guess = decision.rule, getattr(decision, "guess", None)
    if rule is Rule.DEFAULT and refusal:  # the pipeline came to the guess it may not make
        return Quarantined(refusal, None)
    if rule is Rule.BINARY:
        what = None if guess is None else guess.binary
        reason = "binary data" if what is None else f"binary data: {what}"
        return Quarantined(reason, None, guess, rule)
    if rule is Rule.MOSTLY_UTF8:
        return Quarantined(invalid(), None, guess, rule)
    if rule is Rule.DEFAULT:
        shown = ", ".join(str(n) for n in names or ())
        return Quarantined(f"no candidate fits ({shown})", None, guess, rule)
    return None


def _import(
    data: bytes,
    path: Path | None,
    declared: str | Encoding | None,
    origin: str | None,
    origins: Mapping[str, str | Encoding] | None,
    candidates: Sequence[str | Encoding] | None,
    min_sample: int,
    detector: str | Detector,
    quarantine: str | os.PathLike[str] | None,
) -> Imported | Quarantined:
    options = (declared, origin, origins, candidates, min_sample, detector)
    decider, refusal, names = _rules(*options, len(data))
    decision = decider(data, False)
    review = _review(decision, refusal, names, lambda: _invalid_utf8(data))
    if review is not None:
        return dataclasses.replace(review, path=_park(path, quarantine))
    rule, guess = decision.rule, decision.guess
    where = None if path is None else str(path)
    encoding, skip = decision.encoding, decision.skip
    if encoding.codec is None:
        raise DecodeError(
            encoding.name, data, skip, skip + 1, "no decoder", where=where, rule=rule.value
        )
    text = _decode(data, decision, "strict", where).text
    if rule is Rule.DETECTED:
        return Imported(text, encoding, rule, _park(path, quarantine), guess)
    label = None if declared is None else file_label(declared)
    return Imported(text, encoding, rule, path, declared=label)


def import_stream(
    f: BinaryIO,
    head: bytes | None = None,
    *,
    declared: str | Encoding | None = None,
    origin: str | None = None,
    origins: Mapping[str, str | Encoding] | None = None,
    candidates: Sequence[str | Encoding] | None = None,
    min_sample: int = MIN_SAMPLE,
    detector: str | Detector = DEFAULT_DETECTOR,
) -> Scanned | Quarantined:
    """:func:`import_bytes`'s decision on the seekable binary file ``f``, in memory that
    does not grow with its size (:func:`~codecbox.streaming.decide_stream`; ``head``: its
    first bytes, if already read): a :class:`~codecbox.streaming.Scanned` to decode
    strictly from byte ``skip`` (its ``replaced`` bytes fail that), or the
    :class:`Quarantined` reason (with no ``path``: nothing is moved).

    >>> import io
    >>> scanned = import_stream(io.BytesIO("Muñoz;año\\n".encode("cp1252")), declared="cp1252")
    >>> scanned.encoding.name, scanned.rule.value, scanned.skip, scanned.replaced
    ('windows-1252', 'declared', 0, 0)
    >>> import_stream(io.BytesIO(b"\\x89PNG\\r\\n\\x1a\\n" + bytes(64))).reason
    ... # doctest: +ELLIPSIS
    'binary data...'
    """
    options = (declared, origin, origins, candidates, min_sample, detector)
    size = f.seek(0, os.SEEK_END)
    decider, refusal, names = _rules(*options, size)
    scanned = decide_stream(f, decider, head)

    def invalid() -> str:
        noun = "byte" if scanned.invalid_bytes == 1 else "bytes"
        count, first = scanned.invalid_bytes, scanned.first_invalid
        return f"mostly valid UTF-8: {count} invalid {noun}, the first at offset {first}"

    return _review(scanned, refusal, names, invalid) or scanned


def import_bytes(
    data: bytes | bytearray | memoryview,
    *,
    declared: str | Encoding | None = None,
    origin: str | None = None,
    origins: Mapping[str, str | Encoding] | None = None,
    candidates: Sequence[str | Encoding] | None = None,
    min_sample: int = MIN_SAMPLE,
    detector: str | Detector = DEFAULT_DETECTOR,
) -> Imported | Quarantined:
    """Decode bytes by the first rule that knows their encoding (see the module doc).

    ``declared``: a label from the sender (HTTP header, XML declaration, the
    contract with the supplier), read as a browser reads labels. ``origin`` and
    ``origins``: the source of the bytes and the table of what each source always
    writes. ``candidates``: the encodings a guess may choose from; without them
    there is no guess. Strict decoding raises :class:`DecodeError` with the offset.

    >>> import_bytes("año".encode("cp1252"), declared="windows-1252").how
    'windows-1252 (declared)'
    >>> import_bytes("año".encode("utf-8")).how
    'UTF-8 (valid UTF-8)'
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"import_bytes() takes bytes, not {type(data).__name__}")
    return _import(
        bytes(data), None, declared, origin, origins, candidates, min_sample, detector, None
    )


def import_file(
    path: str | os.PathLike[str],
    *,
    declared: str | Encoding | None = None,
    origin: str | None = None,
    origins: Mapping[str, str | Encoding] | None = None,
    candidates: Sequence[str | Encoding] | None = None,
    min_sample: int = MIN_SAMPLE,
    quarantine: str | os.PathLike[str] | None = None,
    detector: str | Detector = DEFAULT_DETECTOR,
) -> Imported | Quarantined:
    """Decode a whole file by the first rule that knows its encoding, as :func:`import_bytes`.

    A file whose encoding was guessed, or that nothing could decide, is moved into
    ``quarantine`` (when given) without overwriting anything there; the result's
    ``path`` says where it is now. Errors name the file and the byte offset.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "ok.csv").write_bytes("año;niño\\n".encode("utf-8"))
    11
    >>> import_file(folder / "ok.csv").how
    'UTF-8 (valid UTF-8)'
    >>> (folder / "old.csv").write_bytes("Muñoz;año\\n".encode("cp1252"))
    10
    >>> moved = import_file(folder / "old.csv", quarantine=folder / "quarantine")
    >>> moved.reason, moved.path.relative_to(folder).as_posix()
    ('no candidate list: not guessing', 'quarantine/old.csv')
    """
    if not isinstance(path, str | os.PathLike) or isinstance(path, bytes):
        raise TypeError(f"import_file() takes a path, not {type(path).__name__}")
    file = Path(path)
    data = file.read_bytes()
    return _import(
        data, file, declared, origin, origins, candidates, min_sample, detector, quarantine
    )


# --- many files: copies, a quarantine, a resumable log (``codecbox import``, codecbox.dask) ---

#: The import log's name inside the copies' folder (hidden, so ``DIR/*`` lists only the copies).
LOG_NAME = ".codecbox-import.jsonl"
#: A run syncs its copies' folders and its log once per this many files, or seconds.
BATCH, BATCH_SECONDS = 100, 1.0
#: How much is read from a file at a time.
_CHUNK = 65536
#: Log statuses whose destination holds the result: done, skipped by the next run.
_DONE = ("imported", "quarantined")

_Result = Imported | Quarantined | Scanned


def _sha256(data: bytes) -> str:
    import hashlib  # on use: with secrets and signal, some 5 ms of start-up

    return hashlib.sha256(data).hexdigest()


def _sha256_stream(f: BinaryIO) -> str:
    """The SHA-256 of ``f`` from its start, read in pieces."""
    import hashlib

    f.seek(0)
    digest = hashlib.sha256()
    while chunk := f.read(_CHUNK):
        digest.update(chunk)
    return digest.hexdigest()


def _sha256_file(path: Path) -> str | None:
    try:
        with open(path, "rb") as f:
            return _sha256_stream(f)
    except OSError:
        return None


def _absolute(path: str | os.PathLike[str]) -> str:
    return str(Path(path).absolute())


def _codec(value: str | Encoding) -> Encoding:
    """A codec name chosen by the user, read as Python reads it (``ValueError`` if unknown,
    or if it names an encoding without a codec)."""
    encoding = resolve(value)
    if encoding.codec is None:
        raise ValueError(f"{encoding.name} has no codec")
    return encoding


def _label(value: str) -> str:
    """A declared label, checked as the library reads declarations (``ValueError``)."""
    for as_label in (True, False):
        with contextlib.suppress(UnknownEncodingError):
            resolve(value, label=as_label)
            return value
    raise UnknownEncodingError(value)


def _hinting() -> list[str]:
    """The detectors that take a ``hint`` (a language or a domain), by name."""
    import inspect

    names = []
    for name, detect in DETECTORS.items():
        with contextlib.suppress(TypeError, ValueError):  # a callable without a signature
            if "hint" in inspect.signature(detect).parameters:
                names.append(name)
    return names


def _detector(name: str, candidates: Sequence[Encoding] | None, hint: str | None) -> str | Detector:
    """The detector ``name`` with ``hint`` bound. An unknown name, a missing extra, a
    candidate the detector cannot use or a hint it does not take: ``ValueError``."""
    try:
        detect = detector_for(name)
        detect(b"", candidates)  # a candidate this detector cannot use fails here
    except ModuleNotFoundError as exc:
        raise ValueError(str(exc)) from None
    if hint is not None and name not in _hinting():
        hinting = " or ".join(_hinting())
        raise ValueError(f"the {name} detector takes no --hint; give --detector {hinting}")
    return name if hint is None else partial(detect, hint=hint)  # type: ignore[call-arg]


def prepare_import(
    into: str | os.PathLike[str],
    quarantine: str | os.PathLike[str] | None = None,
    log: str | os.PathLike[str] | None = None,
    *,
    declared: str | None = None,
    candidates: Sequence[str | Encoding] | None = None,
    min_sample: int = MIN_SAMPLE,
    detector: str = DEFAULT_DETECTOR,
    hint: str | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """What an import does before its first file (``codecbox import``, and
    :mod:`codecbox.dask` on the driver): the options checked (``ValueError``), the folders
    made, the temporary files a killed run left in them removed. Returns
    :func:`import_bytes`'s keyword options (for :class:`ImportRun`) and the policy the
    log records (for :class:`ImportLog`): the names, as given on the command line.

    >>> import tempfile
    >>> options, policy = prepare_import(tempfile.mkdtemp(), candidates=["cp1252"])
    >>> options["candidates"][0].codec, policy["candidates"], policy["detector"]
    ('cp1252', ['windows-1252'], 'codecbox')
    >>> prepare_import(tempfile.mkdtemp(), declared="klingon")
    Traceback (most recent call last):
    ...
    codecbox.errors.UnknownEncodingError: unknown encoding 'klingon'
    """
    if isinstance(candidates, str):
        raise TypeError("candidates: a list of names, not one string")
    label = None if declared is None else _label(declared)
    names = None if candidates is None else [_codec(name) for name in candidates]
    if not isinstance(min_sample, int) or not 1 <= min_sample <= 2**30:
        raise ValueError(f"min_sample must be a number of bytes from 1 to 2**30: {min_sample!r}")
    detect = _detector(detector, names, hint)
    folder = Path(into)
    review = None if quarantine is None else Path(quarantine)
    for option, path in (("into", folder), ("quarantine", review)):
        if path is not None and os.path.lexists(path) and not path.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, f"{option}: not a folder", str(path))
    if review is not None and review.absolute().resolve() == folder.absolute().resolve():
        raise ValueError("quarantine must be another folder than into")
    log_path = Path(log) if log is not None else folder / LOG_NAME
    if log_path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "log: is a folder", str(log_path))
    folder.mkdir(parents=True, exist_ok=True)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    for path in (folder, review):
        if path is not None and path.is_dir():
            remove_stale_temporaries(path)
    options = {"declared": label, "candidates": names, "min_sample": min_sample}
    policy = {
        **options,
        "candidates": None if names is None else [e.name for e in names],
        "detector": detector,
        "hint": hint,
        "quarantine": None if review is None else _absolute(review),
    }
    return {**options, "detector": detect}, policy


def _lock(f: BinaryIO) -> bool:
    """Lock the open file ``f`` (exclusive, not waiting); False if another holds it. True
    where there is no lock (Windows, Pyodide)."""
    try:
        import fcntl

        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except (ImportError, AttributeError):
        pass
    except BlockingIOError:
        return False
    return True


def _remember(last: dict[str, Any], written: dict[str, set[str]], record: dict[str, Any]) -> None:
    """A log record into a log's state: the last record of its file, and the copies made."""
    last[record["file"]] = record
    if record.get("status") == "imported" and isinstance(record.get("destination"), str):
        written.setdefault(record["file"], set()).add(record["destination"])


class ImportLog:
    """An import's JSON-lines log: read once (and locked: one run at a time), then a line
    appended per file, written and fsynced a batch at a time (:meth:`sync`). A line cut by
    a kill is ignored when read, and ended before the next one is appended. The last line
    for a file is its state; ``policy`` (the options that decide a file's fate) goes into
    every line, and a record made under another policy is not reused.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "log.jsonl"
    >>> log = ImportLog(path, {"declared": None})
    >>> log.append({"file": "/in/a.txt", "status": "imported", "destination": "/out/a.txt"})
    >>> log.sync(); log.close()
    >>> ImportLog(path, {}).written
    {'/in/a.txt': {'/out/a.txt'}}
    """

    def __init__(self, path: Path, policy: dict[str, Any]) -> None:
        #: the options that decide a file's fate; a record made under others is not reused
        self.policy = policy
        #: the last record of each file: its state
        self.last: dict[str, dict[str, Any]] = {}
        #: every copy each file was ever imported to: this import may overwrite those
        self.written: dict[str, set[str]] = {}
        self.path = path
        self._lines: list[str] = []
        self._end: int | None = None  # where a sync cut short began
        self._f = open(path, "ab", buffering=0)  # closed by close()
        try:
            # Locked before reading, so that what is read stays true while this run lasts.
            if not _lock(self._f):
                message = "another 'codecbox import' is writing this log"
                raise OSError(errno.EAGAIN, message, str(path))
            content = path.read_bytes()
            for record in read_log(content):
                _remember(self.last, self.written, record)
            if content and not content.endswith(b"\n"):
                self._f.write(b"\n")  # end a line cut by a kill; it stays unreadable
        except BaseException:
            self._f.close()
            raise

    def append(self, record: dict[str, Any]) -> None:
        """Add a line, written at the next :meth:`sync`; it records this log's policy
        unless it has one (a line merged from another log)."""
        record.setdefault("policy", self.policy)
        self._lines.append(json.dumps(record, ensure_ascii=True) + "\n")
        _remember(self.last, self.written, record)

    def sync(self) -> None:
        """Write the lines added since the last sync, and fsync: one write for many files.
        They are kept until they are on disk: after a failure (a full disk, Ctrl-C) the
        next sync cuts what it wrote and writes them again."""
        data = memoryview("".join(self._lines).encode("ascii"))
        try:
            if self._end is None:
                self._end = os.fstat(self._f.fileno()).st_size
            else:
                os.ftruncate(self._f.fileno(), self._end)
            while data:  # a full disk may take part of it first
                data = data[self._f.write(data) or 0 :]
            os.fsync(self._f.fileno())
        except OSError as exc:  # named, for the command's one line
            raise OSError(exc.errno, exc.strerror, str(self.path)) from exc
        self._end = None
        self._lines.clear()

    @property
    def pending(self) -> int:
        """The lines not yet written."""
        return len(self._lines)

    def close(self) -> None:
        self._f.close()


def read_log(content: bytes) -> Iterator[dict[str, Any]]:
    """The records of an import log's bytes, as :class:`ImportLog` reads them: a line cut
    by a kill, or that is not a record of a file, is skipped.

    >>> list(read_log(b'{"file": "/a", "status": "imported"}\\n{"file": "/b", "sta'))
    [{'file': '/a', 'status': 'imported'}]
    """
    for line in content.decode("utf-8", "replace").splitlines():
        with contextlib.suppress(ValueError):
            record = json.loads(line)
            if isinstance(record, dict) and isinstance(record.get("file"), str):
                yield record


#: What a source that is not a regular file is, by its ``stat`` mode.
_NOT_REGULAR = {stat.S_ISLNK: "a symbolic link (--follow-symlinks reads what it points to)"}
_NOT_REGULAR.update({stat.S_ISDIR: "a folder", stat.S_ISFIFO: "a FIFO", stat.S_ISSOCK: "a socket"})
_NOT_REGULAR.update({stat.S_ISCHR: "a device", stat.S_ISBLK: "a device"})


def _regular(name: str, mode: int) -> None:
    for test, kind in _NOT_REGULAR.items():
        if test(mode):
            raise OSError(errno.EINVAL, f"not a regular file but {kind}; not imported", name)


def _open_source(name: str, follow: bool) -> tuple[BinaryIO, int]:
    """The regular file ``name`` open, and its permission bits. A symbolic link (unless
    ``follow``), a FIFO, a device or a socket is refused before it is opened and again once
    open (in between it may have been swapped): opening never blocks."""
    _regular(name, os.stat(name, follow_symlinks=follow).st_mode)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags | (0 if follow else getattr(os, "O_NOFOLLOW", 0)))
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow:
            _regular(name, stat.S_IFLNK)
        raise
    f = open(fd, "rb")
    try:
        mode = os.fstat(fd).st_mode
        _regular(name, mode)
    except BaseException:
        f.close()
        raise
    return f, stat.S_IMODE(mode) & 0o777


def _create(target: Path, data: bytes | Callable[[BinaryIO], None], mode: int) -> bool:
    """Write ``data`` (with permission bits ``mode``) under the name ``target`` if it is free,
    atomically and never over another file, whoever else writes there: a synced temporary
    file hard-linked to ``target``, which fails if the name is taken (where there are no
    hard links, renamed there after one more check). False if the name was taken."""
    with _written(target, data, mode, perm=0o600) as tmp:
        try:
            os.link(tmp, target)
        except FileExistsError:
            return False
        except (OSError, AttributeError):  # no hard links here (Emscripten, WASI, FAT)
            if os.path.lexists(target):
                return False
            os.replace(tmp, target)
        return True


def _place(
    name: str, data: bytes | Callable[[BinaryIO], None], digest: str, mode: int, folder: Path
) -> tuple[Path, bool]:
    """Put ``data``, the bytes of source ``name``, into ``folder`` under a free name (the
    source's, else ``x.1.txt``...), never overwriting; a name already holding the same
    bytes is this file's copy (left by an interrupted or a concurrent run), so that no
    second one is made. Returns the path and whether this call created it."""
    folder.mkdir(parents=True, exist_ok=True)
    source = Path(name)
    for n in itertools.count():
        target = folder / (source.name if n == 0 else f"{source.stem}.{n}{source.suffix}")
        if not os.path.lexists(target) and _create(target, data, mode):
            return target, True
        if _sha256_file(target) == digest:
            return target, False
    raise AssertionError("unreachable")


def _quiet(_: object) -> None:
    """Where no one listens."""


@dataclass
class ImportRun:
    """Import files one at a time as ``codecbox import`` does, once :func:`prepare_import`
    has checked the options and the :class:`ImportLog` is open. Each file ends in exactly
    one place: a UTF-8 copy in ``into`` (created atomically, never over a file this log
    did not write), or moved to ``quarantine`` (the source removed only once its log line
    is on disk), or left where it is (undecided without a quarantine, or failed); a file
    the log says is done (same bytes, same policy, destination still there) is skipped.
    Each file is named as given (in messages and file operations) and by its absolute
    path (``key``, in the log). ``note`` gets a line for each file that needs a look,
    ``progress`` the bytes of each file done.

    >>> import tempfile, pathlib
    >>> inbox, out = pathlib.Path(tempfile.mkdtemp()), pathlib.Path(tempfile.mkdtemp())
    >>> _ = (inbox / "a.txt").write_bytes("año".encode("utf-8"))
    >>> options, policy = prepare_import(out)
    >>> log = ImportLog(out / LOG_NAME, policy)
    >>> ImportRun(options, out, None, log).import_files([str(inbox / "a.txt")])
    Counter({'files': 1, 'imported': 1})
    >>> log.close(); (out / "a.txt").read_text(encoding="utf-8")
    'año'
    """

    #: import_bytes's keyword options (from :func:`prepare_import`)
    options: dict[str, Any]
    into: Path
    quarantine: Path | None
    log: ImportLog
    #: import what a symbolic link points to (``--follow-symlinks``)
    follow: bool = False
    note: Callable[[str], None] = _quiet
    progress: Callable[[int], None] = _quiet
    #: the record of each file done in this run (or by an earlier one), by ``key``
    done: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: the quarantined sources to remove once their log lines are synced
    moves: list[tuple[str, str, str, Path, bool]] = field(default_factory=list)
    #: when the last :meth:`sync` ended
    synced: float = field(default_factory=time.monotonic)

    def import_files(self, names: Sequence[str]) -> Counter[str]:
        """Import each file, syncing every :data:`BATCH` files or :data:`BATCH_SECONDS`
        (and at the end, also after Ctrl-C or SIGTERM: what is done is logged). Returns
        the tally: ``files``, then ``imported``, ``guessed`` (copied, not confident),
        ``quarantined``, ``undecided``, ``error``, and ``earlier`` (done before)."""
        tally: Counter[str] = Counter(files=len(names))
        try:
            for name in names:
                record, earlier = self.import_file(name)
                self.done[record["file"]] = record
                tally["earlier"] += earlier
                if self.log.pending >= BATCH or time.monotonic() - self.synced > BATCH_SECONDS:
                    self.sync()
        finally:
            self.sync()
        for record in self.done.values():
            guessed = record["status"] == "imported" and not record["confident"]
            tally["guessed" if guessed else record["status"]] += 1
        return +tally

    def sync(self) -> None:
        """Make the files done since the last sync durable, then finish them, at one fsync
        per folder and one of the log for the batch: the copies (each synced as it was
        written) by their folders, then the log lines; only then are the quarantined
        sources removed, so that a crash leaves each file in one place or two, never none,
        and what the log says done is on disk."""
        for folder in filter(None, (self.into, self.quarantine)):
            with contextlib.suppress(OSError):  # not where folders cannot be opened
                fd = os.open(folder, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
        self.log.sync()
        moves, self.moves = self.moves, []
        for name, key, digest, target, created in moves:
            try:
                Path(name).unlink()
            except FileNotFoundError:
                pass  # another run moved it first: its bytes are in ``target`` all the same
            except OSError as exc:
                if created:  # only a copy made by this run, which no other relies on
                    with contextlib.suppress(OSError):
                        target.unlink()
                self.done[key] = self._failed(key, digest, _file_error(name, exc))
        self.log.sync()
        self.synced = time.monotonic()

    def import_file(self, name: str) -> tuple[dict[str, Any], int]:
        """Import one file; returns its log record and 1 if an earlier run had done it. A
        file over :data:`~codecbox.streaming.WHOLE` bytes is hashed, decided and checked
        in pieces (:func:`import_stream`), and its copy written from the file: memory does
        not grow with its size."""
        key, digest = _absolute(name), None
        try:
            try:
                source, mode = _open_source(name, self.follow)
            except FileNotFoundError:  # done, if an earlier run quarantined it
                if (earlier := self._done_before(name, key, None)) is None:
                    raise
                return earlier, 1
            with source:
                data = source.read(WHOLE + 1)  # a regular file
                large = len(data) > WHOLE
                digest = _sha256_stream(source) if large else _sha256(data)
                size = source.tell() if large else len(data)
                if (earlier := self._done_before(name, key, digest)) is not None:
                    self.progress(size)
                    return earlier, 1
                result: _Result
                copy: tuple[Callable[[BinaryIO], None], list[str]] | None
                raw: bytes | Callable[[BinaryIO], None]
                if large:
                    result, copy, raw = self._streamed(name, source, data)
                else:
                    result, copy, raw = import_bytes(data, **self.options), None, data
                if isinstance(result, Imported | Scanned) and (
                    result.confident or self.quarantine is None
                ):
                    record = self._copy_in(name, key, digest, result, mode, *(copy or (None, None)))
                elif self.quarantine is not None:
                    record = self._move_out(name, key, digest, raw, mode, result)
                else:
                    assert isinstance(result, Quarantined)
                    self.note(f"{_shown(name)}: undecided, left in place: {result.reason}")
                    rule = None if result.rule is None else result.rule.value
                    record = self._logged(key, digest, "undecided", reason=result.reason, rule=rule)
        except DecodeError as exc:
            exc.where = _shown(name)
            fields = {"encoding": exc.encoding, "rule": exc.rule, "offset": exc.offset}
            return self._failed(key, digest, str(exc), **fields), 0
        except OSError as exc:
            return self._failed(key, digest, _file_error(name, exc)), 0
        self.progress(size)
        return record, 0

    def _streamed(
        self, name: str, source: BinaryIO, head: bytes
    ) -> tuple[
        Scanned | Quarantined,
        tuple[Callable[[BinaryIO], None], list[str]] | None,
        Callable[[BinaryIO], None],
    ]:
        """A large file's decision, the writer of its UTF-8 copy (with the list that gets
        the copy's SHA-256) and the writer of its bytes as they are (for the quarantine)."""
        result = import_stream(source, head, **self.options)
        copy = None
        if isinstance(result, Scanned):  # as import_bytes, strictly: fails here if invalid
            texts = _texts(source, result, "strict", _shown(name))
            digests: list[str] = []

            def utf8(out: BinaryIO) -> None:
                import hashlib

                written = hashlib.sha256()
                for text in texts:
                    encoded = text.encode("utf-8")
                    written.update(encoded)
                    out.write(encoded)
                digests.append(written.hexdigest())

            copy = (utf8, digests)

        def same(out: BinaryIO) -> None:
            import shutil

            source.seek(0)
            shutil.copyfileobj(source, out, _CHUNK)

        return result, copy, same

    def _logged(self, key: str, digest: str | None, status: str, **fields: Any) -> dict[str, Any]:
        """The record of what became of file ``key``, appended to the log."""
        base = {"file": key, "sha256": digest, "status": status, "encoding": None, "rule": None}
        # "replaced": the policy decodes strictly, never with a U+FFFD
        record = {**base, "confident": False, "replaced": 0, "destination": None, **fields}
        self.log.append(record)
        return record

    def _failed(self, key: str, digest: str | None, message: str, **fields: Any) -> dict[str, Any]:
        self.note(message)
        return self._logged(key, digest, "error", reason=message, **fields)

    def _done_before(self, name: str, key: str, digest: str | None) -> dict[str, Any] | None:
        """The log's record for the file if an earlier run finished it; else None."""
        last = self.log.last.get(key)
        if last is None or last.get("status") not in _DONE:
            return None
        if not isinstance(last.get("destination"), str) or not last["destination"]:
            return None  # a line edited by hand
        destination = Path(last["destination"])
        if not destination.exists():
            return None
        if digest is None:  # the source is gone (moved away, or by the quarantine): done
            return last
        if last.get("policy") != self.log.policy:  # other options: the file is done again
            return None
        if last["status"] == "imported":
            return last if digest == last.get("sha256") else None
        # Quarantined, and the same bytes are still at the source: a run killed after the
        # log line and before it removed the source. Finish the move, unless the copy in
        # the quarantine was edited since.
        if digest != last.get("sha256") or _sha256_file(destination) != digest:
            return None
        if key != _absolute(destination):
            Path(name).unlink()
        return last

    def _copy_in(
        self,
        name: str,
        key: str,
        digest: str,
        result: Imported | Scanned,
        mode: int,
        write: Callable[[BinaryIO], None] | None = None,
        written: list[str] | None = None,
    ) -> dict[str, Any]:
        """The UTF-8 copy, with the source's permission bits: created only where the name
        is free (or holds the same bytes), replaced only if this log says it wrote it.
        The copy is ``result.text``, or what ``write`` writes (then the SHA-256 of what
        it wrote is appended to ``written``)."""
        dst = self.into / Path(name).name
        content: bytes | Callable[[BinaryIO], None]
        if write is None:
            assert isinstance(result, Imported)
            content = result.text.encode("utf-8")
        else:
            content = write

        def digest_of_content() -> str:
            return _sha256(content) if isinstance(content, bytes) else (written or ["?"])[-1]

        if dst.exists() and _absolute(dst) in self.log.written.get(key, ()):
            write_atomic(dst, content)
        elif not _create(dst, content, mode) and _sha256_file(dst) != digest_of_content():
            message = f"{_shown(dst)} exists and was not written by an import of this file"
            message = f"{_shown(name)}: {message}"
            return self._failed(key, digest, f"{message}; not overwriting it")
        fields: dict[str, Any] = {"encoding": result.encoding.name, "rule": result.rule.value}
        fields.update(confident=result.confident, destination=_absolute(dst))
        if not result.confident:
            fields["confidence"] = None if result.guess is None else result.guess.confidence
            self.note(f"{_shown(name)}: guessed {result.how}: review {_shown(dst)}")
        return self._logged(key, digest, "imported", **fields)

    def _move_out(
        self,
        name: str,
        key: str,
        digest: str,
        data: bytes | Callable[[BinaryIO], None],
        mode: int,
        result: _Result,
    ) -> dict[str, Any]:
        """Move the file's bytes ``data`` and ``mode`` into the quarantine (a
        symbolic link followed leaves its target, and the link goes). :meth:`sync` removes
        the source once the log line is on disk, so that a kill leaves two copies (the
        next run removes the source), never none."""
        path, folder = Path(name), self.quarantine
        assert folder is not None
        if path.parent.resolve() == folder.resolve():
            target, created = path, False
        else:
            target, created = _place(name, data, digest, mode, folder)
        fields: dict[str, Any] = {"reason": getattr(result, "reason", f"guessed {result.how}")}
        if isinstance(result, Imported | Scanned):
            fields["encoding"] = result.encoding.name
            fields["confidence"] = None if result.guess is None else result.guess.confidence
        if result.rule is not None:
            fields["rule"] = result.rule.value
        record = self._logged(key, digest, "quarantined", destination=_absolute(target), **fields)
        if target != path:
            self.moves.append((name, key, digest, target, created))
        self.note(f"{_shown(name)}: quarantined ({fields['reason']}) -> {_shown(target)}")
        return record
