"""Entry points for the tools data engineers already use: an HTTP client's response, pandas.

``requests`` and ``httpx`` decode a ``text/*`` response without ``charset`` as ISO-8859-1
(requests' ``Response.text``; RFC 2616's old default), never looking at the page's
``<meta>``, so a UTF-8 page served as plain ``text/html`` comes out as ``aÃ±o``.
:func:`decode_response` decodes the response's bytes as a browser would instead, and
says how it decided. Neither library is imported here: any object with ``headers`` (a
case-insensitive mapping) and ``content`` (the body's bytes) will do.

``pandas.read_csv`` takes one ``encoding`` (UTF-8 unless told) and fails on the first byte
that does not fit, or reads windows-1252 text as Latin-1 without a word. :func:`read_csv`
decides the encoding with :func:`~codecbox.decode_bytes`, hands pandas the decoded text
and keeps how it decided in ``df.attrs["codecbox"]``; pandas, an extra, is imported only
when it is called.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, BinaryIO

from codecbox.decoding import (
    DEFAULT_DETECTOR,
    DEFAULT_ENCODING,
    Decoded,
    _check_errors,
    _decode,
    decide,
    decode_bytes,
    decode_html,
    file_label,
    undeclared_options,
)
from codecbox.detection import Detector
from codecbox.errors import DecodeError, UnknownEncodingError, install_hint
from codecbox.labels import Encoding
from codecbox.rules import Rule
from codecbox.sniffing import charset_from_content_type, extract_mime_type

if TYPE_CHECKING:  # pandas has no type information: DataFrame is Any to mypy
    from pandas import DataFrame  # type: ignore[import-untyped, import-not-found, unused-ignore]

__all__ = ["HTML_TYPES", "UnsureEncodingError", "decode_response", "read_csv"]

#: The MIME types decoded as HTML pages (the ``<meta>`` prescan, the browser's order).
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})


def decode_response(
    response: Any,
    *,
    candidates: Sequence[str | Encoding] | None = None,
    detector: str | Detector = DEFAULT_DETECTOR,
    default: str | Encoding = DEFAULT_ENCODING,
    errors: str = "replace",
) -> Decoded:
    """Decode a ``requests.Response`` or ``httpx.Response`` (read) from its bytes.

    An HTML page (:data:`HTML_TYPES`) goes through :func:`~codecbox.decode_html` with the
    ``Content-Type`` header: BOM > the header's charset > ``<meta>`` > what the bytes
    prove > ``detector`` > ``default``. Any other body as a file: BOM > the header's
    charset (:attr:`Rule.HEADER`; a label nobody knows is ignored, as browsers ignore it)
    > what the bytes prove > ``detector`` among ``candidates`` > ``default``.
    ``errors="replace"`` counts the U+FFFD in ``replaced``; ``"strict"`` raises
    :class:`~codecbox.errors.DecodeError` with the byte offset.

    >>> class Response:  # what requests and httpx give, reduced to what is read
    ...     headers = {"content-type": "text/html"}
    ...     content = "<p>Año nuevo</p>".encode("utf-8")
    >>> d = decode_response(Response())
    >>> d.text, d.how
    ('<p>Año nuevo</p>', 'UTF-8 (valid UTF-8)')
    >>> Response.content.decode("iso-8859-1")  # what response.text gives
    '<p>AÃ±o nuevo</p>'
    """
    headers = getattr(response, "headers", None)
    body = getattr(response, "content", None)
    if headers is None or not isinstance(body, bytes | bytearray):
        kind = type(response).__name__
        raise TypeError(f"decode_response() takes a response with headers and content, not {kind}")
    content_type = headers.get("content-type")
    mime = extract_mime_type(content_type) if content_type else None
    if mime is not None and mime.essence in HTML_TYPES:
        return decode_html(
            bytes(body), content_type, candidates=candidates, detector=detector,
            default=default, errors=errors,
        )  # fmt: skip
    _check_errors(errors)
    label = charset_from_content_type(content_type) if content_type else None
    header: tuple[Encoding, Rule] | None = None
    if label is not None:
        try:
            header = (file_label(label), Rule.HEADER)
        except UnknownEncodingError:
            header = None  # as a browser: an unknown label is no label
    wanted, detect, fallback = undeclared_options(candidates, detector, default)
    data = bytes(body)
    decision = decide(data, (header,), candidates=wanted, detector=detect, default=fallback)
    return _decode(data, decision, errors)


# --- pandas ---------------------------------------------------------------------------------

#: What :func:`read_csv` reads: a path, the file's bytes, or a binary file object (read once,
#: to its end).
CsvSource = str | os.PathLike[str] | bytes | bytearray | memoryview | BinaryIO

#: ``pandas.read_csv`` options that :func:`read_csv` decides itself, and what to pass instead.
REFUSED_OPTIONS = {
    "encoding": "codecbox decides the encoding: pass declared='...' if you know it",
    "encoding_errors": "codecbox decodes strictly: allow_unsure=True replaces (and counts)",
}

# Compiled when first used (re's cache), not when codecbox is imported.
_NON_ASCII = rb"[\x80-\xff]"
_NOT_TEXT = rb"[^\t\n\f\r\x20-\x7e]"


class UnsureEncodingError(DecodeError):
    """:func:`read_csv` refuses a decision that no rule is sure of (a detector's guess, the
    default, binary data): ``offset`` is the first byte whose reading depends on it (the
    first non-ASCII byte; for binary data, the first byte no text has), ``decoded`` what
    the decision gave. A :class:`~codecbox.errors.DecodeError`, so a ``UnicodeDecodeError``
    as pandas' own, and an ``except`` written for ``pandas.read_csv`` still catches it."""

    def __init__(self, decoded: Decoded, data: bytes, offset: int, where: str | None) -> None:
        end = min(offset + 1, len(data))
        name, rule = decoded.encoding.name, decoded.rule.value
        super().__init__(name, data, offset, end, "not certain", where=where, rule=rule)
        #: the text decoded as the decision says, with its encoding, rule and guess
        self.decoded = decoded

    def __str__(self) -> str:
        where = f"{self.where}: " if self.where else ""
        bad = bytes(self.object[self.start : self.end]).hex(" ")
        at = f"byte {bad} at offset {self.offset}" if bad else f"offset {self.offset}"
        return (
            f"{where}not certain of the encoding: {self.decoded.how} from {at} on; pass "
            "declared='...' (the encoding the sender uses) or allow_unsure=True"
        )


def _read_source(source: CsvSource) -> tuple[bytes, str | None]:
    """The bytes of ``source`` (read once) and a name for messages (None for bytes)."""
    if isinstance(source, bytes | bytearray | memoryview):
        return bytes(source), None
    if isinstance(source, str | os.PathLike):
        with open(source, "rb") as f:
            return f.read(), os.fsdecode(source)
    read = getattr(source, "read", None)
    if read is None:
        kind = type(source).__name__
        raise TypeError(f"read_csv() takes a path, bytes or a binary file, not {kind}")
    data = read()
    if not isinstance(data, bytes | bytearray):
        kind = type(data).__name__
        raise TypeError(f"read_csv() needs a file opened in binary mode ('rb'); read() gave {kind}")
    name = getattr(source, "name", None)
    return bytes(data), name if isinstance(name, str) else None


def read_csv(
    source: CsvSource,
    *,
    declared: str | Encoding | None = None,
    candidates: Sequence[str | Encoding] | None = None,
    detector: str | Detector = DEFAULT_DETECTOR,
    default: str | Encoding = DEFAULT_ENCODING,
    allow_unsure: bool = False,
    **pandas_kwargs: Any,
) -> DataFrame:
    """``pandas.read_csv`` on a CSV whose encoding codecbox decides: the bytes are read once
    and decoded by :func:`~codecbox.decode_bytes` (BOM > ``declared`` > what the bytes prove
    > ``detector`` among ``candidates`` > ``default``), and pandas parses the text.

    ``df.attrs["codecbox"]`` keeps how: ``file`` (None for bytes), ``encoding``, ``rule``,
    ``how``, ``confident`` and ``replaced`` (the U+FFFD inserted). Without ``allow_unsure``
    the bytes are decoded strictly, and a decision no rule is sure of is refused: a
    :class:`~codecbox.errors.DecodeError` (bytes that do not decode) or an
    :class:`UnsureEncodingError` (a guess or the default), each with the file and the byte
    offset. ``allow_unsure=True`` accepts a guess and replaces undecodable bytes with
    U+FFFD, counted in ``replaced``. Every other keyword goes to ``pandas.read_csv``
    (``sep``, ``dtype``...), but ``encoding`` and ``encoding_errors``, which codecbox decides.
    pandas, the ``pandas`` extra, is imported only here.

    >>> data = "producto;precio\\nPiña;3,75\\n".encode("utf-8-sig")
    >>> df = read_csv(data, sep=";", decimal=",")
    >>> df["producto"][0], float(df["precio"].sum()), df.attrs["codecbox"]["how"]
    ('Piña', 3.75, 'UTF-8 (BOM)')
    >>> read_csv("Piña;3,75\\n".encode("cp1252"), sep=";")
    Traceback (most recent call last):
    ...
    codecbox.adapters.UnsureEncodingError: not certain of the encoding: windows-1252 \
(detected) from byte f1 at offset 2 on; pass declared='...' (the encoding the sender uses) \
or allow_unsure=True
    """
    for option, instead in REFUSED_OPTIONS.items():
        if option in pandas_kwargs:
            raise TypeError(f"read_csv() takes no {option}=: {instead}")
    try:
        import pandas
    except ImportError as exc:  # pragma: no cover (the extra is installed where tests run)
        raise ImportError(
            f"codecbox.read_csv needs pandas: {install_hint('pandas')} ({exc})"
        ) from exc
    data, where = _read_source(source)
    errors = "replace" if allow_unsure else "strict"
    try:
        decoded = decode_bytes(
            data, declared, candidates, detector=detector, default=default, errors=errors
        )
    except DecodeError as exc:
        exc.where = where
        raise
    if not decoded.confident and not allow_unsure:
        pattern = _NOT_TEXT if decoded.rule is Rule.BINARY else _NON_ASCII
        found = re.search(pattern, data)
        raise UnsureEncodingError(decoded, data, found.start() if found else 0, where)
    df = pandas.read_csv(io.StringIO(decoded.text, newline=""), **pandas_kwargs)
    df.attrs["codecbox"] = {
        "file": where,
        "encoding": decoded.encoding.name,
        "rule": decoded.rule.value,
        "how": decoded.how,
        "confident": decoded.confident,
        "replaced": decoded.replaced,
    }
    return df
