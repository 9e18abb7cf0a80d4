"""Entry points for the tools data engineers already use: an HTTP client's response.

``requests`` and ``httpx`` decode a ``text/*`` response without ``charset`` as ISO-8859-1
(requests' ``Response.text``; RFC 2616's old default), never looking at the page's
``<meta>``, so a UTF-8 page served as plain ``text/html`` comes out as ``aÃ±o``.
:func:`decode_response` decodes the response's bytes as a browser would instead, and
says how it decided. Neither library is imported here: any object with ``headers`` (a
case-insensitive mapping) and ``content`` (the body's bytes) will do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from codecbox.decoding import (
    DEFAULT_DETECTOR,
    DEFAULT_ENCODING,
    Decoded,
    _check_errors,
    _decode,
    decide,
    decode_html,
    file_label,
    undeclared_options,
)
from codecbox.detection import Detector
from codecbox.errors import UnknownEncodingError
from codecbox.labels import Encoding
from codecbox.rules import Rule
from codecbox.sniffing import charset_from_content_type, extract_mime_type

__all__ = ["HTML_TYPES", "decode_response"]

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
