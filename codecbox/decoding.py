"""Decode bytes the way a browser does, and say which rule chose the encoding.

For HTML, the HTML Standard's encoding sniffing: a byte order mark, the ``charset`` of the
HTTP ``Content-Type``, a ``<meta>``; then, where browsers guess from the locale, valid
UTF-8, a detector and ``default``. Labels found in the data are read through the WHATWG
table and decoded with the Encoding Standard's exact decoders, as in browsers.

>>> page = '<meta charset="shift_jis"><p>こんにちは～</p>'.encode("cp932")
>>> d = decode_html(page)
>>> d.how, d.encoding.codec, d.confident, d.text[-10:]
('Shift_JIS (meta)', 'whatwg-shift_jis', False, 'こんにちは～</p>')
"""

from __future__ import annotations

import codecs
import functools
import os
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from codecbox.detection import (
    Detector,
    Guess,
    _evidence,
    _outside,
    _reader,
    candidate_encodings,
    detector_for,
    exact,
    guess_codecbox,
)
from codecbox.errors import DecodeError
from codecbox.labels import Encoding, resolve
from codecbox.rules import Decided, Rule
from codecbox.sniffing import (
    BOMS,
    MetaFound,
    bom,
    charset_from_content_type,
    html_meta,
    web_encoding,
    xml_label,
)

__all__ = ["Decoded", "decode_bytes", "decode_file", "decode_html"]

#: The detector decode_html and decode_bytes ask when no rule knows the encoding.
DEFAULT_DETECTOR = "codecbox"
#: Their last resort, as in most browsers set to a Western locale.
DEFAULT_ENCODING = "windows-1252"


@dataclass(frozen=True)
class Decoded(Decided):
    """Decoded text plus the evidence: which encoding, which rule decided, how sure;
    ``guess`` is the detector's answer whenever it was asked, even if not used."""

    text: str
    encoding: Encoding
    rule: Rule
    #: how many U+FFFD the decoding inserted (0 when the bytes decoded cleanly)
    replaced: int
    guess: Guess | None = None


@dataclass(frozen=True)
class Decision(Decided):
    """What :func:`decide` chose: the encoding to decode with, the rule, the length of a
    byte order mark to skip, the detector's answer when one was asked (or the evidence,
    for binary data), and the text when deciding already decoded all the bytes (valid
    UTF-8)."""

    encoding: Encoding
    rule: Rule
    skip: int = 0
    guess: Guess | None = None
    text: str | None = field(default=None, repr=False, compare=False)


#: A declaration: called only when needed, it gives an encoding and the rule it comes by.
Declaration = Callable[[], "tuple[Encoding, Rule] | None"]

# The two results are made without the frozen dataclass's __init__ (an object.__setattr__
# per field): the same objects, and a decision by evidence, a BOM or the default costs half.
_new = object.__new__


def _decoded(
    text: str, encoding: Encoding, rule: Rule, replaced: int, guess: Guess | None = None
) -> Decoded:
    """``Decoded(text, encoding, rule, replaced, guess)``, made faster."""
    decoded: Decoded = _new(Decoded)
    decoded.__dict__.update(
        {"text": text, "encoding": encoding, "rule": rule, "replaced": replaced, "guess": guess}
    )
    return decoded


def _decision(encoding: Encoding, rule: Rule, skip: int = 0, guess: Guess | None = None,
              text: str | None = None) -> Decision:  # fmt: skip
    """``Decision(encoding, rule, skip, guess, text)``, made faster."""
    decision: Decision = _new(Decision)
    decision.__dict__.update(
        {"encoding": encoding, "rule": rule, "skip": skip, "guess": guess, "text": text}
    )
    return decision


#: The U+FFFD counted by the decode running here (a ContextVar: threading is 1 ms of start-up).
_COUNTS: ContextVar[list[int]] = ContextVar("_COUNTS")
_COUNTING = "codecbox.count-replace"


def _count_replace(exc: UnicodeError) -> tuple[str, int]:
    # Same output as errors="replace", but counts: a U+FFFD already in the input
    # decodes normally and is never counted.
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    _COUNTS.get()[0] += 1
    return "\ufffd", exc.end


codecs.register_error(_COUNTING, _count_replace)

#: Each codec's decode function, looked up once: ``bytes.decode(name)`` looks the name up
#: on every call, a noticeable part of decoding a 5 KB page.
_DECODE: dict[str, Callable[[bytes], tuple[str, int]]] = {}


def _decode(data: bytes, decision: Decision, errors: str, where: str | None = None) -> Decoded:
    """Decode ``data`` as ``decision`` says, counting the U+FFFD that ``errors`` inserts."""
    encoding, rule, skip, guess = decision.encoding, decision.rule, decision.skip, decision.guess
    if decision.text is not None:
        return _decoded(decision.text, encoding, rule, 0, guess)
    payload = data[skip:] if skip else data
    codec = encoding.codec
    if codec is None:  # the replacement encoding: all of it is one error
        if not payload:
            return _decoded("", encoding, rule, 0, guess)
        if errors == "strict":
            reason = "the replacement encoding decodes nothing"
            raise DecodeError(
                encoding.name, data, skip, skip + 1, reason, where=where, rule=rule.value
            )
        return _decoded("\ufffd", encoding, rule, 1, guess)
    try:
        if codec == "utf-8":
            return _decoded(payload.decode("utf-8"), encoding, rule, 0, guess)
        decode = _DECODE.get(codec) or _DECODE.setdefault(codec, codecs.lookup(codec).decode)
        return _decoded(decode(payload)[0], encoding, rule, 0, guess)
    except UnicodeDecodeError as exc:
        if errors == "strict":
            raise DecodeError.wrap(
                exc, base=skip, where=where, encoding=encoding, rule=rule.value
            ) from None
    _COUNTS.set(counts := [0])
    text = payload.decode(codec, _COUNTING)
    return _decoded(text, encoding, rule, counts[0], guess)


_UTF8 = resolve("utf-8")
#: What a byte order mark can start with: the one check most inputs need.
_BOM_FIRST = frozenset(mark[:1] for mark, *_ in BOMS)


@functools.lru_cache(maxsize=256)
def _meta_decision(found: MetaFound) -> Decision:
    """The Decision a page's <meta> makes, made once for each: pages repeat a few, and a
    frozen Decision is found again for less than it costs to make."""
    return Decision(
        web_encoding(found.encoding), Rule.META_PARSED if found.while_parsing else Rule.META
    )


def decide(
    data: bytes,
    declarations: Sequence[Declaration | tuple[Encoding, Rule] | Decision | None] = (),
    *,
    web: bool = False,
    candidates: Sequence[Encoding] | None = None,
    detector: Detector | None = None,
    default: Encoding = _UTF8,
    prefix: bool = False,
    known: Sequence[Declaration] = (),
    weigh: bool = True,
    html: bool = False,
) -> Decision:
    """The one decision pipeline behind every entry point of codecbox: a byte order mark
    (``web``: the Encoding Standard's three) > each of ``declarations`` (an ``(encoding,
    rule)``, a Decision, None, or a function called only when needed that returns one) >
    with ``html``, the page's ``<meta>`` (:func:`.sniffing.html_meta`); without, a file's XML
    declaration that its bytes follow (:attr:`Rule.XML`, see :func:`_xml_decision`) > the
    evidence of the bytes (:func:`codecbox.detection.evidence`, unless ``weigh=False``) >
    each of ``known``
    (what a source always writes) > ``detector`` among ``candidates`` > ``default``
    (binary data: :attr:`Rule.BINARY`). ``prefix=True``: ``data`` starts a longer input.

    The detector's answer is :attr:`Rule.DETECTED`, asked as on a prefix (a last character
    cut off must not disqualify the right encoding); for a page (``web``) it is decoded
    with the browsers' exact decoder (:func:`codecbox.detection.exact`) and used only if
    browsers have that encoding or it is one of ``candidates``.

    >>> decide("id,name\\n".encode("utf-16-le")).how
    'UTF-16LE (NUL pattern)'
    >>> decide(bytes.fromhex("89504e470d0a1a0a0000000d49484452")).guess.binary
    'PNG image'
    """
    if data[:1] in _BOM_FIRST:
        found = bom(data, web=web)
        if found is not None:
            return _decision(found[0], Rule.BOM, found[1])
    for declared in declarations:
        label = declared() if callable(declared) else declared
        if label is not None:
            return label if isinstance(label, Decision) else _decision(label[0], label[1])
    meta = html_meta(data) if html else None
    if meta is not None:
        return _meta_decision(meta)
    proof, text = _evidence(data, prefix, not web) if weigh else (None, None)
    if proof is not None and candidates is not None and _outside(proof, candidates):
        proof, text = _evidence(data, prefix, files=False)
    if not html and data[:5] == b"<?xml":
        xml = _xml_decision(data, proof, prefix)
        if xml is not None:
            return xml
    if proof is not None and (
        proof.rule is not Rule.MOSTLY_UTF8 or candidates is None or _UTF8 in candidates
    ):
        if proof.encoding is None:
            return _decision(default, Rule.BINARY, guess=proof)
        # (a tentative answer keeps the guess: its runner-up, when not sure)
        guess = proof if proof.rule is Rule.DETECTED else None
        return _decision(proof.encoding, proof.rule, guess=guess, text=text)
    for declared in known:
        label = declared()
        if label is not None:
            return _decision(label[0], label[1])
    if detector is None:
        return _decision(default, Rule.DEFAULT)
    guess = detector(data, candidates, prefix=True)
    answer = guess.encoding if guess.encoding is None or not web else exact(guess.encoding)
    if answer is not None and answer.codec is not None:
        if not web or answer.whatwg is not None or answer in (candidates or ()):
            return _decision(answer, Rule.DETECTED, guess=guess)
    if guess.rule is Rule.BINARY:
        return _decision(default, Rule.BINARY, guess=guess)
    return _decision(default, Rule.DEFAULT, guess=guess)


def _xml_decision(data: bytes, proof: Guess | None, prefix: bool) -> Decision | None:
    """What a file's XML declaration decides (:attr:`Rule.XML`), or None: when it names no
    known encoding, when the bytes do not decode in it (whole, or as a prefix) or do not
    start with ``<?xml`` there (UTF-16 named in ASCII bytes), and when the evidence of the
    bytes speaks (valid or mostly valid UTF-8 with non-ASCII characters, escape sequences,
    binary data): a declaration is what its writer meant, the bytes are what they wrote.
    An all-ASCII start declared in another encoding is that encoding, not "valid UTF-8"."""
    label = xml_label(data)
    if label is None:
        return None
    try:
        encoding = file_label(label)
    except LookupError:
        return None
    if encoding.codec is None:
        return None
    if proof is not None and (
        proof.encoding == encoding or proof.rule is not Rule.VALID_UTF8 or not data.isascii()
    ):
        return None
    text = _reader(encoding.codec)(data, prefix)
    if text is None or not text.startswith("<?xml"):
        return None
    return _decision(encoding, Rule.XML, text=None if prefix else text)


def _check_errors(errors: str) -> None:
    if errors not in ("replace", "strict"):
        raise ValueError(f"errors must be 'replace' or 'strict', not {errors!r}")


@functools.lru_cache(maxsize=256)
def _header_encoding(value: str | tuple[str, ...]) -> Decision | None:
    """What the Content-Type header value (or values) declares to :func:`decide`, made once:
    a crawler meets the same few header values again and again."""
    name = charset_from_content_type(value)
    return None if name is None else Decision(web_encoding(name), Rule.HEADER)


def _guess_page(
    data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
) -> Guess:
    """codecbox's detector asked for a page: among the encodings browsers have."""
    return guess_codecbox(data, candidates, prefix=prefix, web=True)


#: decode_html's usual options (no candidates, the default detector and default), checked.
_USUAL = None, _guess_page, resolve(DEFAULT_ENCODING)


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

    As in a browser: the Encoding Standard's three byte order marks, the ``Content-Type``
    (a value or a list) read as the Fetch Standard reads it, a ``<meta>`` met after the
    prescan's 1024 bytes (:attr:`Rule.META_PARSED`), a detector's answer only in an
    encoding browsers have; ``browser_default=True`` skips valid UTF-8 and the detector.
    ``errors="replace"`` never raises (``replaced`` counts the U+FFFD); with ``"strict"`` a
    :class:`~codecbox.errors.DecodeError` gives the offset and the decision followed.

    >>> d = decode_html(b"<meta charset=utf-8>caf\\xe9 \\xef\\xbf\\xbd")
    >>> d.text[-6:], d.replaced
    ('caf\\ufffd \\ufffd', 1)
    >>> decode_html(b"<meta charset=utf-8>caf\\xe9!", errors="strict")
    Traceback (most recent call last):
    ...
    codecbox.errors.DecodeError: cannot decode byte e9 at offset 23 as UTF-8 (meta): \
invalid continuation byte
    """
    data = body if body.__class__ is bytes else bytes(body)
    decider = html_decider(
        content_type,
        candidates=candidates,
        detector=detector,
        default=default,
        browser_default=browser_default,
    )
    if errors != "replace":
        _check_errors(errors)
    return _decode(data, decider(data, False), errors)


#: How an entry point decides, its options bound: ``decider(data, prefix)`` is
#: :func:`decide` on ``data`` (``prefix``: the start of a longer input).
Decider = Callable[[bytes, bool], Decision]


def html_decider(
    content_type: str | Sequence[str] | None = None,
    *,
    candidates: Sequence[str | Encoding] | None = None,
    detector: str | Detector = DEFAULT_DETECTOR,
    default: str | Encoding = DEFAULT_ENCODING,
    browser_default: bool = False,
) -> Decider:
    """:func:`decode_html`'s decision, its options checked once, as a :data:`Decider`."""
    if candidates is None and detector is DEFAULT_DETECTOR and default is DEFAULT_ENCODING:
        wanted, detect, fallback = _USUAL
    else:
        wanted, detect, fallback = undeclared_options(candidates, detector, default, web=True)
    header = None
    if content_type is not None:
        header = _header_encoding(
            content_type if isinstance(content_type, str) else tuple(content_type)
        )
    declarations = (header,)
    guess = None if browser_default else detect
    weigh = not browser_default

    def decider(data: bytes, prefix: bool) -> Decision:
        return decide(data, declarations, html=True, web=True, candidates=wanted,
                      detector=guess, default=fallback, weigh=weigh, prefix=prefix)  # fmt: skip

    return decider


def bytes_decider(
    declared: str | Encoding | None = None,
    candidates: Sequence[str | Encoding] | None = None,
    *,
    detector: str | Detector = DEFAULT_DETECTOR,
    default: str | Encoding = DEFAULT_ENCODING,
) -> Decider:
    """:func:`decode_bytes`'s decision, its options checked once, as a :data:`Decider`."""
    encoding = None if declared is None else file_label(declared)
    wanted, detect, fallback = undeclared_options(candidates, detector, default)
    declarations = () if encoding is None else ((encoding, Rule.DECLARED),)

    def decider(data: bytes, prefix: bool) -> Decision:
        return decide(data, declarations, candidates=wanted, detector=detect,
                      default=fallback, prefix=prefix)  # fmt: skip

    return decider


def undeclared_options(
    candidates: Sequence[str | Encoding] | None,
    detector: str | Detector,
    default: str | Encoding,
    *,
    web: bool = False,
) -> tuple[list[Encoding] | None, Detector, Encoding]:
    """The options of :func:`decide` for bytes that declare nothing, checked (a bad one
    fails on every call): candidates as :func:`~codecbox.labels.resolve` reads codec
    names, and for a page (``web``) as browsers decode them (:func:`exact`), so that the
    detector scores each with the codec the answer will be decoded with; codecbox's own
    detector then tries, without candidates, only the encodings browsers have."""
    fallback = resolve(default)
    wanted = None if candidates is None else list(candidate_encodings(candidates))
    if wanted is not None and web:
        wanted = [exact(enc) for enc in wanted]
    detect = detector_for(detector)
    if web and detect is guess_codecbox:
        detect = _guess_page
    return wanted, detect, fallback


#: Labels that mean ASCII to a person, though browsers read them as windows-1252.
ASCII_LABELS = frozenset(
    {"ascii", "us-ascii", "ansi_x3.4-1968", "iso-ir-6", "iso646-us", "us", "cp367"}
)


def file_label(declared: str | Encoding) -> Encoding:
    """A label declared for a file (by its sender, a contract, a header), as
    :func:`decode_bytes`, :func:`~codecbox.importing.import_bytes` and the command line
    read it: as browsers do, except that ASCII means ASCII, and that WHATWG's
    "replacement" encoding (``iso-2022-kr``, ``hz-gb-2312``) means Python's codec.

    >>> file_label("latin1").codec, file_label("ascii").codec, file_label("iso-2022-kr").codec
    ('whatwg-windows-1252', 'ascii', 'iso2022_kr')
    """
    if isinstance(declared, str) and declared.strip().lower() in ASCII_LABELS:
        return resolve("ascii")
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
    """Decode a text file (CSV, logs, subtitles, XML): BOM > ``declared`` label > valid UTF-8
    (and the file's own XML declaration, when its bytes follow it) > ``detector`` among
    ``candidates`` (Python codec names) > ``default``.

    ``declared`` is read by :func:`file_label`; a name nobody knows is an
    :class:`~codecbox.errors.UnknownEncodingError`, not a silent guess. Unlike pages, files
    also have UTF-32 byte order marks, and any codec a detector names is used.

    >>> d = decode_bytes("Año;Señal\\n".encode("cp1252"), declared="latin1")
    >>> d.text, d.how, d.confident
    ('Año;Señal\\n', 'windows-1252 (declared)', True)
    >>> decode_bytes(b"x", declared="klingon")
    Traceback (most recent call last):
    ...
    codecbox.errors.UnknownEncodingError: unknown encoding 'klingon'
    """
    data = bytes(data)
    _check_errors(errors)
    decision = bytes_decider(declared, candidates, detector=detector, default=default)
    return _decode(data, decision(data, False), errors)


def decode_file(
    path: str | os.PathLike[str],
    declared: str | Encoding | None = None,
    candidates: Sequence[str | Encoding] | None = None,
    *,
    detector: str | Detector = DEFAULT_DETECTOR,
    default: str | Encoding = DEFAULT_ENCODING,
    errors: str = "replace",
) -> Decoded:
    """:func:`decode_bytes` on the file at ``path``; with ``errors="strict"`` the
    :class:`~codecbox.errors.DecodeError` names the file and the byte offset.

    >>> import pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "a.csv"
    >>> _ = p.write_bytes("id;nombre\\n1;Muñoz\\n".encode("utf-16-le"))
    >>> decode_file(p).how
    'UTF-16LE (NUL pattern)'
    """
    if not isinstance(path, str | os.PathLike) or isinstance(path, bytes):
        raise TypeError(f"decode_file() takes a path, not {type(path).__name__}")
    data = Path(path).read_bytes()
    try:
        return decode_bytes(
            data, declared, candidates, detector=detector, default=default, errors=errors
        )
    except DecodeError as exc:
        exc.where = str(path)  # the error names the file, which decode_bytes does not know
        raise
