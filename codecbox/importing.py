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
import os
import re
import shutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from codecbox.decoding import (
    DEFAULT_ENCODING,
    Decider,
    Decision,
    _decode,
    decide,
    file_label,
    undeclared_options,
)
from codecbox.detection import Detector, Guess
from codecbox.errors import DecodeError
from codecbox.labels import Encoding, resolve
from codecbox.rules import Decided, Rule

if TYPE_CHECKING:
    from codecbox.streaming import Scanned

__all__ = ["Imported", "Quarantined", "import_bytes", "import_file", "import_stream"]


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
    min_sample: int = 256,
    detector: str | Detector = "codecbox",
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
    from codecbox.streaming import decide_stream

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
    min_sample: int = 256,
    detector: str | Detector = "codecbox",
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
    min_sample: int = 256,
    quarantine: str | os.PathLike[str] | None = None,
    detector: str | Detector = "codecbox",
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
