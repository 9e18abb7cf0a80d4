"""Decode bytes the way a browser does, and say which rule chose the encoding.

The order for HTML is the HTML Standard's encoding sniffing algorithm: a byte order mark
wins, then the ``charset`` of the HTTP ``Content-Type`` header, then a ``<meta>`` found by
the prescan of the first 1024 bytes. Browsers would then guess or fall back to a locale
default; here the guess is "valid UTF-8 is UTF-8", then a detector (a parameter), then
``default`` (windows-1252 unless you say otherwise). Labels found in the data go through
the WHATWG table (:func:`codecbox.labels.resolve` with ``label=True``), so
``iso-8859-1`` really decodes as windows-1252 and ``shift_jis`` as Shift_JIS, with the
Encoding Standard's exact decoders (:mod:`codecbox.whatwg`), as in browsers.

>>> page = '<meta charset="shift_jis"><p>こんにちは～</p>'.encode("cp932")
>>> d = decode_html(page)
>>> d.how, d.encoding.codec, d.confident, d.text[-10:]
('Shift_JIS (meta)', 'whatwg-shift_jis', False, 'こんにちは～</p>')
>>> decode_html(page, "text/html; charset=UTF-8").how
'UTF-8 (header)'
>>> decode_html("<p>¡Hola!</p>".encode()).how
'UTF-8 (valid UTF-8)'
"""

from __future__ import annotations

import codecs
import functools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from codecbox.detection import Detector, Guess, detector_for
from codecbox.errors import DecodeError
from codecbox.labels import Encoding, resolve
from codecbox.rules import Decided, Rule
from codecbox.sniffing import (
    BOMS,
    bom,
    charset_from_content_type,
    html_meta,
    web_encoding,
)

__all__ = ["Decoded", "decode_bytes", "decode_html"]

#: The detector decode_html and decode_bytes ask when no rule knows the encoding.
DEFAULT_DETECTOR = "codecbox"
#: Their last resort, as in most browsers set to a Western locale.
DEFAULT_ENCODING = "windows-1252"


@dataclass(frozen=True)
class Decoded(Decided):
    """Decoded text plus the evidence: which encoding, which rule decided, how sure.

    ``guess`` is the detector's answer whenever the detector was asked, including
    when its answer was not used (then ``rule`` is :attr:`Rule.DEFAULT`).
    """

    text: str
    encoding: Encoding
    rule: Rule
    #: how many U+FFFD the decoding inserted (0 when the bytes decoded cleanly)
    replaced: int
    guess: Guess | None = None


_new = object.__new__


def _decoded(
    text: str, encoding: Encoding, rule: Rule, replaced: int, guess: Guess | None = None
) -> Decoded:
    """``Decoded(text, encoding, rule, replaced, guess)``, built without the frozen
    dataclass's ``__init__`` (one ``object.__setattr__`` per field): the same object."""
    decoded: Decoded = _new(Decoded)
    decoded.__dict__.update(
        {"text": text, "encoding": encoding, "rule": rule, "replaced": replaced, "guess": guess}
    )
    return decoded


# --- decoding with an exact count of replacements -----------------------------------------

_COUNTS = threading.local()
_COUNTING = "codecbox.count-replace"


def _count_replace(exc: UnicodeError) -> tuple[str, int]:
    # Same output as errors="replace", but counts: a U+FFFD already in the input
    # decodes normally and is never counted.
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    _COUNTS.n += 1
    return "\ufffd", exc.end


codecs.register_error(_COUNTING, _count_replace)


def _decode_as(
    data: bytes, skip: int, encoding: Encoding, rule: Rule, errors: str, guess: Guess | None
) -> Decoded:
    payload = data[skip:] if skip else data
    if encoding.codec is None:  # the replacement encoding: all of it is one error
        if not payload:
            return _decoded("", encoding, rule, 0, guess)
        if errors == "strict":
            reason = "the replacement encoding decodes nothing"
            raise DecodeError(encoding.name, data, skip, skip + 1, reason, rule=rule.value)
        return _decoded("\ufffd", encoding, rule, 1, guess)
    try:
        return _decoded(payload.decode(encoding.codec), encoding, rule, 0, guess)
    except UnicodeDecodeError as exc:
        if errors == "strict":
            raise DecodeError.wrap(
                exc, base=skip, encoding=encoding.name, rule=rule.value
            ) from None
    _COUNTS.n = 0
    text = payload.decode(encoding.codec, _COUNTING)
    return _decoded(text, encoding, rule, _COUNTS.n, guess)


# --- the one pipeline ---------------------------------------------------------------------

# A detector may name a codec no browser has but whose text a browser decoder reads.
_WEB_EQUIVALENT = {
    "shift_jis": "Shift_JIS",
    "shift_jis_2004": "Shift_JIS",
    "shift_jisx0213": "Shift_JIS",
    "euc_jis_2004": "EUC-JP",
    "euc_jisx0213": "EUC-JP",
    "euc_kr": "EUC-KR",
    "gb2312": "GBK",
    "gbk": "GBK",
    "big5": "Big5",
    "cp950": "Big5",
    "utf-8-sig": "UTF-8",
    "iso8859-1": "windows-1252",
    "ascii": "windows-1252",
    "iso8859-9": "windows-1254",
    "iso8859-11": "windows-874",
}


def _web(encoding: Encoding) -> Encoding | None:
    """The encoding a browser would use for this detector answer, or None if it has none.

    A detector names Python codecs (``cp932``); a browser decodes that encoding with the
    standard's exact decoder (``whatwg-shift_jis``).
    """
    if encoding.whatwg is not None:
        return None if encoding.codec is None else resolve(encoding.whatwg, label=True)
    equivalent = _WEB_EQUIVALENT.get(encoding.name)
    return None if equivalent is None else resolve(equivalent, label=True)


_UTF8 = resolve("utf-8")
#: What a byte order mark can start with: the one check most pages need.
_BOM_STARTS = frozenset(mark[0] for mark, *_ in BOMS)


def _check_errors(errors: str) -> None:
    if errors not in ("replace", "strict"):
        raise ValueError(f"errors must be 'replace' or 'strict', not {errors!r}")


def _pipeline(
    data: bytes,
    declarations: Sequence[tuple[Rule, Callable[[], Encoding | None]]],
    *,
    web: bool,
    candidates: Sequence[str | Encoding] | None,
    detector: Detector,
    default: Encoding,
    errors: str,
) -> Decoded:
    """BOM > each declaration in order > valid UTF-8 > detection > ``default``."""
    _check_errors(errors)
    found = bom(data, web=web)
    if found is not None:
        return _decode_as(data, found[1], found[0], Rule.BOM, errors, None)
    for rule, declared in declarations:
        encoding = declared()
        if encoding is not None:
            return _decode_as(data, 0, encoding, rule, errors, None)
    return _undeclared(
        data, web=web, candidates=candidates, detector=detector, default=default, errors=errors
    )


def _undeclared(
    data: bytes,
    *,
    web: bool,
    candidates: Sequence[str | Encoding] | None,
    detector: Detector,
    default: Encoding,
    errors: str,
) -> Decoded:
    """The end of the pipeline, when nothing declared an encoding: valid UTF-8 >
    detection > ``default``."""
    try:
        return _decoded(data.decode("utf-8"), _UTF8, Rule.VALID_UTF8, 0)
    except UnicodeDecodeError:
        pass
    # As a prefix: a last character cut off (a truncated download, a size-capped read)
    # must not disqualify the right encoding; decoding then reports that one error.
    guess = detector(data, candidates, prefix=True)
    detected = guess.encoding
    if detected is not None and web:
        detected = _web(detected)
    if detected is not None:
        return _decode_as(data, 0, detected, Rule.DETECTED, errors, guess)
    return _decode_as(data, 0, default, Rule.DEFAULT, errors, guess)


#: ``resolve(name)`` remembered, for the ``default`` names a program passes on every call.
_resolve_name = functools.lru_cache(maxsize=64)(resolve)


@functools.lru_cache(maxsize=256)
def _header_encoding(value: str) -> Encoding | None:
    """The encoding a browser decodes with for one Content-Type header value, or None;
    remembered, because a crawler meets the same few header values again and again."""
    name = charset_from_content_type(value)
    return None if name is None else web_encoding(name)


def _candidates(candidates: Sequence[str | Encoding] | None) -> list[Encoding] | None:
    if isinstance(candidates, str):  # a bare "cp1252" would be iterated letter by letter
        raise TypeError("candidates must be a sequence of encoding names, not a str")
    return None if candidates is None else [resolve(name) for name in candidates]


def decode_html(
    body: bytes,
    content_type: str | Sequence[str] | None = None,
    *,
    candidates: Sequence[str | Encoding] | None = None,
    detector: str | Detector = DEFAULT_DETECTOR,
    default: str | Encoding = DEFAULT_ENCODING,
    errors: str = "replace",
    browser_default: bool = False,
) -> Decoded:
    """Decode an HTML page: BOM > Content-Type charset > ``<meta>`` (prescan) > ``<meta>``
    met while parsing > valid UTF-8 > ``detector`` (among ``candidates``, if given) > ``default``.

    As in a browser, only the three byte order marks of the Encoding Standard count, the
    ``Content-Type`` (one header value, or a list of them) is read as the Fetch Standard
    reads it, and a ``<meta>`` the parser meets after the prescan's 1024 bytes still
    changes the encoding (:attr:`Rule.META_PARSED`, see
    :func:`~codecbox.sniffing.html_meta`). A detector's answer is used only if a browser
    has that encoding; ``browser_default=True`` skips valid UTF-8 and the detector and
    falls back on ``default`` like a browser without a detector. With
    ``errors="replace"`` (the default) this never raises on any bytes; ``replaced``
    counts the U+FFFD inserted. With ``errors="strict"`` a
    :class:`~codecbox.errors.DecodeError` gives the offset in the whole body and the
    decision that was followed.

    >>> decode_html(b"\\xef\\xbb\\xbf<meta charset=big5>caf\\xc3\\xa9", "text/html;charset=gbk").how
    'UTF-8 (BOM)'
    >>> d = decode_html(b"<meta charset=utf-8>caf\\xe9 \\xef\\xbf\\xbd")
    >>> d.text[-6:], d.replaced
    ('caf\\ufffd \\ufffd', 1)
    >>> decode_html(b"<meta charset=utf-8>caf\\xe9!", errors="strict")
    Traceback (most recent call last):
    ...
    codecbox.errors.DecodeError: cannot decode byte e9 at offset 23 as UTF-8 (meta): \
invalid continuation byte
    """
    data = bytes(body)
    if candidates is not None or detector is not DEFAULT_DETECTOR or default != DEFAULT_ENCODING:
        _undeclared_options(candidates, detector, default)  # a bad one fails on every page
    if errors != "replace":
        _check_errors(errors)
    # The pipeline (BOM > header > meta > meta while parsing > [default] > valid UTF-8 >
    # detector > default), written out: this is the function that runs on every page.
    if data and data[0] in _BOM_STARTS:
        found = bom(data, web=True)
        if found is not None:
            return _decode_as(data, found[1], found[0], Rule.BOM, errors, None)
    if content_type is None:
        encoding = None
    elif isinstance(content_type, str):
        encoding = _header_encoding(content_type)
    else:
        name = charset_from_content_type(content_type)
        encoding = None if name is None else web_encoding(name)
    if encoding is not None:
        rule = Rule.HEADER
    else:
        meta = html_meta(data)
        if meta is None:
            wanted, detect, fallback = _undeclared_options(candidates, detector, default)
            if browser_default:
                return _decode_as(data, 0, fallback, Rule.DEFAULT, errors, None)
            return _undeclared(
                data, web=True, candidates=wanted, detector=detect, default=fallback, errors=errors
            )
        rule = Rule.META_PARSED if meta.while_parsing else Rule.META
        encoding = web_encoding(meta.encoding)
    codec = encoding.codec
    if codec is not None:  # the usual case, inline: clean bytes, decoded once
        try:
            if codec == "utf-8":
                return _decoded(data.decode("utf-8"), encoding, rule, 0)
            decode = _DECODE.get(codec) or _DECODE.setdefault(codec, codecs.lookup(codec).decode)
            return _decoded(decode(data)[0], encoding, rule, 0)
        except UnicodeDecodeError:
            pass
    return _decode_as(data, 0, encoding, rule, errors, None)


#: Each codec's decode function, looked up once: ``bytes.decode(name)`` looks the name up
#: on every call, a noticeable part of decoding a 5 KB page.
_DECODE: dict[str, Callable[[bytes], tuple[str, int]]] = {}


def _undeclared_options(
    candidates: Sequence[str | Encoding] | None, detector: str | Detector, default: str | Encoding
) -> tuple[list[Encoding] | None, Detector, Encoding]:
    """decode_html's options for a page that declares nothing, checked."""
    fallback = _resolve_name(default) if isinstance(default, str) else resolve(default)
    return _candidates(candidates), detector_for(detector), fallback


def _file_label(declared: str | Encoding) -> Encoding:
    """A declared label read for a file: as browsers read it, except WHATWG's "replacement".

    The replacement encoding (iso-2022-kr, hz-gb-2312...) exists to keep browsers from
    decoding those labels at all; a file declared that way is decoded with Python's codec.
    """
    encoding = resolve(declared, label=True)
    if encoding.codec is None and isinstance(declared, str):
        try:
            return resolve(declared)
        except LookupError:
            pass
    return encoding


def decode_bytes(
    data: bytes,
    declared: str | Encoding | None = None,
    candidates: Sequence[str | Encoding] | None = None,
    *,
    detector: str | Detector = DEFAULT_DETECTOR,
    default: str | Encoding = DEFAULT_ENCODING,
    errors: str = "replace",
) -> Decoded:
    """Decode a text file (CSV, logs, subtitles): BOM > ``declared`` label > valid UTF-8
    > ``detector`` among ``candidates`` (Python codec names) > ``default``.

    ``declared`` is read as a label found in the data (as a browser reads it), so
    ``"latin1"`` decodes as windows-1252; a name nobody knows is an
    :class:`~codecbox.errors.UnknownEncodingError`, not a silent guess. Files are not web
    pages: they also have UTF-32 byte order marks, any codec a detector names is used, and
    a label of WHATWG's "replacement" encoding (``iso-2022-kr``) means Python's codec.

    >>> d = decode_bytes("Año;Señal\\n".encode("cp1252"), declared="latin1")
    >>> d.text, d.how, d.confident
    ('Año;Señal\\n', 'windows-1252 (declared)', True)
    >>> decode_bytes(b"x", declared="l9").how
    'ISO-8859-15 (declared)'
    >>> decode_bytes(b"x", declared="klingon")
    Traceback (most recent call last):
    ...
    codecbox.errors.UnknownEncodingError: unknown encoding 'klingon'
    """
    data = bytes(data)
    encoding = None if declared is None else _file_label(declared)
    return _pipeline(
        data,
        ((Rule.DECLARED, lambda: encoding),),
        web=False,
        candidates=_candidates(candidates),
        detector=detector_for(detector),
        default=resolve(default),
        errors=errors,
    )
