"""The one error type codecbox raises for undecodable bytes.

A plain ``UnicodeDecodeError`` gives a position inside whatever buffer the codec
happened to see (one chunk of a stream, say). Users need the offset in the whole
input and the file it came from, so every codecbox decoder re-raises as
:class:`DecodeError`, which still *is* a ``UnicodeDecodeError`` (existing
``except`` clauses keep working).
"""

from __future__ import annotations


class DecodeError(UnicodeDecodeError):
    """Undecodable bytes, located by absolute byte offset (and file, when known).

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
    ) -> None:
        super().__init__(encoding, data, start, end, reason)
        #: offset of the first bad byte in the whole input, not in ``data``
        self.offset = base + start
        #: a file name or a short description of the input, or None
        self.where = where

    @classmethod
    def wrap(
        cls, exc: UnicodeDecodeError, *, base: int = 0, where: str | None = None
    ) -> DecodeError:
        """Re-express ``exc`` (raised on a slice starting at ``base``) with absolute offsets."""
        return cls(exc.encoding, exc.object, exc.start, exc.end, exc.reason, base=base, where=where)

    def __str__(self) -> str:
        bad = bytes(self.object[self.start : self.end])
        noun = "byte" if len(bad) == 1 else "bytes"
        prefix = f"{self.where}: " if self.where else ""
        return (
            f"{prefix}cannot decode {noun} {bad.hex(' ')} at offset {self.offset} "
            f"as {self.encoding}: {self.reason}"
        )
