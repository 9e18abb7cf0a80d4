"""The errors codecbox raises, each a subclass of the built-in one callers already catch.

A plain ``UnicodeDecodeError`` gives a position in whatever buffer the codec saw (one
chunk of a stream, say); a :class:`DecodeError` (still a ``UnicodeDecodeError``) gives the
offset in the whole input, the file and the encoding used, and :class:`EncodeError` does
the same for encoding. :class:`UnknownEncodingError`: a name neither Python nor the WHATWG
table knows, raised as soon as the name is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from codecbox.labels import Encoding

__all__ = ["DecodeError", "EncodeError", "UnknownEncodingError"]

#: The optional extras: what each one installs (pyproject.toml's optional-dependencies;
#: a test keeps the two equal).
EXTRAS = {
    "chardet": "chardet>=7.0",
    "cli": "tqdm>=4.66",
    "graphemes": "regex>=2024.4",
    "pandas": "pandas>=2.2",
    "dask": "dask[distributed]>=2024.8",
}


def install_hint(extra: str) -> str:
    """The command that installs what an extra brings, as it works whatever way codecbox
    itself was installed (codecbox is not on PyPI: from a clone, ``pip install '.[cli]'``).

    >>> install_hint("graphemes")
    "pip install 'regex>=2024.4'"
    """
    return f"pip install '{EXTRAS[extra]}'"


class UnknownEncodingError(LookupError, ValueError):
    """An encoding name or label that codecbox cannot resolve: a ``LookupError`` (what
    ``codecs.lookup`` raises) and a ``ValueError``, as existing ``except`` clauses expect.

    >>> raise UnknownEncodingError("klingon")
    Traceback (most recent call last):
    ...
    codecbox.errors.UnknownEncodingError: unknown encoding 'klingon'
    """

    def __init__(self, name: object, detail: str = "") -> None:
        #: the name as it was given
        self.name = name
        message = f"unknown encoding {name!r}" + (f": {detail}" if detail else "")
        super().__init__(message)


#: Control characters (C0, DEL, C1) written as repr writes them.
_ESCAPES = {c: repr(chr(c))[1:-1] for c in (*range(32), *range(127, 160))}


def _shown(name: object) -> str:
    """A file name for human output, its control characters escaped as repr does (a newline,
    a terminal's ESC): no name can forge a line or move the cursor. JSON has it exact."""
    return str(name).translate(_ESCAPES)


def _file_error(name: str, exc: OSError) -> str:
    """``name: No such file or directory``: the file first, as the decode errors do."""
    import os

    where = exc.filename if exc.filename is not None else name
    return f"{_shown(os.fsdecode(where))}: {exc.strerror or exc}"


def _prefix(where: str | None) -> str:
    return f"{where}: " if where else ""


def _other_reading(enc: Encoding, bad: bytes) -> str:
    """What the browser's decoder of ``enc``'s name makes of ``bad`` when ``enc`` decodes
    with Python's codec instead (cp1252 for windows-1252): a note for an error message."""
    if enc.whatwg is None or enc.codec is None or enc.codec.startswith("whatwg-"):
        return ""
    from codecbox.labels import resolve

    browser = resolve(enc.whatwg, label=True)
    if browser.codec in (None, enc.codec):
        return ""
    note = f" in Python's {enc.codec}"
    try:
        read = bytes(bad).decode(browser.codec)
    except UnicodeDecodeError:
        return note
    shown = " ".join(f"U+{ord(c):04X}" for c in read)
    return f"{note} (the browser's {enc.name} reads it as {shown})"


class DecodeError(UnicodeDecodeError):
    """Undecodable bytes, located by absolute byte offset (and file, when known); the
    message names the ``encoding`` used and the ``rule`` that chose it, if given.

    >>> try:
    ...     b"caf\\xc3".decode("utf-8")
    ... except UnicodeDecodeError as exc:
    ...     err = DecodeError.wrap(exc, where="menu.txt")
    >>> print(err)
    menu.txt: cannot decode byte c3 at offset 3 as utf-8: unexpected end of data
    >>> err.offset
    3
    """

    def __init__(
        self,
        encoding: str,
        data: bytes,
        start: int,
        end: int,
        reason: str,
        *,
        base: int = 0,
        where: str | None = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(encoding, data, start, end, reason)
        #: offset of the first bad byte in the whole input, not in ``data``
        self.offset = base + start
        #: a file name or a short description of the input, or None
        self.where = where
        #: the rule that chose the encoding ("declared", "meta"...), or None
        self.rule = rule

    @classmethod
    def wrap(
        cls,
        exc: UnicodeDecodeError,
        *,
        base: int = 0,
        where: str | None = None,
        encoding: str | Encoding | None = None,
        rule: str | None = None,
    ) -> DecodeError:
        """Re-express ``exc`` (raised on a slice starting at ``base``) with absolute offsets;
        ``encoding`` replaces the codec's own name (``charmap`` for every code page). An
        :class:`~codecbox.labels.Encoding` whose codec is Python's, not the browser's
        decoder its name stands for, says so: the same name decodes these bytes elsewhere.

        >>> from codecbox import resolve
        >>> try:
        ...     b"caf\\x81".decode("cp1252")
        ... except UnicodeDecodeError as exc:
        ...     err = DecodeError.wrap(exc, where="a.txt", encoding=resolve("cp1252"))
        >>> print(err)
        a.txt: cannot decode byte 81 at offset 3 as windows-1252: character maps to \
<undefined> in Python's cp1252 (the browser's windows-1252 reads it as U+0081)
        """
        reason = exc.reason
        if encoding is not None and not isinstance(encoding, str):
            reason += _other_reading(encoding, exc.object[exc.start : exc.end])
            encoding = encoding.name
        parts = (encoding or exc.encoding, exc.object, exc.start, exc.end, reason)
        return cls(*parts, base=base, where=where, rule=rule)

    def __str__(self) -> str:
        bad = bytes(self.object[self.start : self.end])
        noun = "byte" if len(bad) == 1 else "bytes"
        used = f"{self.encoding} ({self.rule})" if self.rule else self.encoding
        return (
            f"{_prefix(self.where)}cannot decode {noun} {bad.hex(' ')} at offset {self.offset} "
            f"as {used}: {self.reason}"
        )


class EncodeError(UnicodeEncodeError):
    """Unencodable characters, located by absolute character offset (and file, when known).

    >>> try:
    ...     "3,50 €".encode("latin-1")
    ... except UnicodeEncodeError as exc:
    ...     err = EncodeError.wrap(exc, base=100, where="precios.csv")
    >>> print(err)
    precios.csv: cannot encode '€' (U+20AC) at character offset 105 as latin-1: \
ordinal not in range(256)
    """

    def __init__(
        self,
        encoding: str,
        text: str,
        start: int,
        end: int,
        reason: str,
        *,
        base: int = 0,
        where: str | None = None,
    ) -> None:
        super().__init__(encoding, text, start, end, reason)
        #: offset of the first bad character in the whole text, not in ``text``
        self.offset = base + start
        #: a file name or a short description of the input, or None
        self.where = where

    @classmethod
    def wrap(
        cls,
        exc: UnicodeEncodeError,
        *,
        base: int = 0,
        where: str | None = None,
        encoding: str | None = None,
    ) -> EncodeError:
        """Re-express ``exc`` (raised on a piece of text starting at ``base``)."""
        parts = (encoding or exc.encoding, exc.object, exc.start, exc.end, exc.reason)
        return cls(*parts, base=base, where=where)

    def __str__(self) -> str:
        bad = self.object[self.start : self.end]
        shown = " ".join(f"U+{ord(c):04X}" for c in bad)
        return (
            f"{_prefix(self.where)}cannot encode {bad!r} ({shown}) at character offset "
            f"{self.offset} as {self.encoding}: {self.reason}"
        )
