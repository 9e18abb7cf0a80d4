"""The shared vocabulary: Encoding and resolve(), Rule and confidence, the errors, the inputs.

Every public function that takes an encoding name resolves it at once through
:func:`codecbox.resolve`, so a typo fails on the call, the same way everywhere, with an
:class:`UnknownEncodingError` that old ``except LookupError`` and ``except ValueError``
clauses both still catch.
"""

from __future__ import annotations

import codecs
import importlib.util
import os
import sys
from pathlib import Path

import pytest

import codecbox.streaming
from codecbox import (
    DETECTORS,
    DecodeError,
    EncodeError,
    Encoding,
    Guess,
    Imported,
    Quarantined,
    Rule,
    UnknownEncodingError,
    decode_bytes,
    decode_html,
    import_bytes,
    import_file,
    iter_decode,
    resolve,
    sniff,
    sniff_file,
    transcode,
)
from codecbox.detection import (
    decode_prefix,
    detector_for,
    guess_chardet,
    guess_charset_normalizer,
    guess_codecbox,
)
from codecbox.streaming import write_atomic

BAD = "klingon"

#: chardet is an optional extra (``chardet``); its tests skip without it.
HAVE_CHARDET = importlib.util.find_spec("chardet") is not None
NEEDS_CHARDET = pytest.mark.skipif(not HAVE_CHARDET, reason="the chardet extra is not installed")
ALL_DETECTORS = [
    pytest.param(name, marks=[NEEDS_CHARDET] if name == "chardet" else [], id=name)
    for name in DETECTORS
]

KOREAN = ("대한민국은 민주공화국이다. 대한민국의 주권은 국민에게 있다. " * 12).encode("cp949")
SPANISH = ("¿Año nuevo? ¡Señor Muñoz! El café cuesta 3 €. " * 10).encode("cp1252")


class Untouchable:
    """An iterable of chunks that fails the test if anything iterates it."""

    def __iter__(self):
        pytest.fail("the chunks were iterated: the encoding was not checked at call time")


@pytest.fixture
def src(tmp_path: Path) -> Path:
    path = tmp_path / "src.txt"
    path.write_bytes(b"hola")  # valid UTF-8: no rule needs the bad name to decide
    return path


@pytest.fixture
def no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args, **kwargs):
        pytest.fail("the source was read before the encoding names were checked")

    monkeypatch.setattr(codecbox.streaming, "read_chunks", forbidden)


# Each call gets the source file; valid UTF-8 everywhere, so only an eager check can fail.
CALLS_WITH_A_BAD_NAME = {
    "resolve": lambda p: resolve(BAD),
    "resolve(label=True)": lambda p: resolve(BAD, label=True),
    "iter_decode": lambda p: iter_decode(Untouchable(), BAD),
    "transcode(source_encoding)": lambda p: transcode(p, p.with_name("out.txt"), BAD),
    "transcode(target)": lambda p: transcode(p, p.with_name("out.txt"), "utf-8", BAD),
    "sniff": lambda p: sniff(b"hola", [BAD]),
    "sniff(charset-normalizer)": lambda p: sniff(b"hola", [BAD], detector="charset-normalizer"),
    "sniff(chardet)": lambda p: sniff(b"hola", [BAD], detector="chardet"),
    "sniff_file": lambda p: sniff_file(p, [BAD]),
    "decode_prefix": lambda p: decode_prefix(b"hola", BAD),
    "guess_codecbox": lambda p: guess_codecbox(b"hola", candidates=[BAD]),
    "guess_charset_normalizer": lambda p: guess_charset_normalizer(b"hola", candidates=[BAD]),
    "guess_chardet": lambda p: guess_chardet(b"hola", candidates=[BAD]),
    "decode_bytes(declared)": lambda p: decode_bytes(b"hola", declared=BAD),
    "decode_bytes(candidates)": lambda p: decode_bytes(b"hola", candidates=[BAD]),
    "decode_bytes(default)": lambda p: decode_bytes(b"hola", default=BAD),
    "decode_html(candidates)": lambda p: decode_html(b"hola", candidates=[BAD]),
    "decode_html(default)": lambda p: decode_html(b"hola", default=BAD),
    "import_bytes(declared)": lambda p: import_bytes(b"hola", declared=BAD),
    "import_bytes(candidates)": lambda p: import_bytes(b"hola", candidates=[BAD]),
    "import_bytes(origins)": lambda p: import_bytes(b"hola", origin="erp", origins={"erp": BAD}),
    "import_file(declared)": lambda p: import_file(p, declared=BAD),
    "import_file(candidates)": lambda p: import_file(p, candidates=[BAD]),
    "import_file(origins)": lambda p: import_file(p, origin="erp", origins={"erp": BAD}),
}


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(call, id=name, marks=[NEEDS_CHARDET] if "chardet" in name else [])
        for name, call in CALLS_WITH_A_BAD_NAME.items()
    ],
)
def test_unknown_encoding_fails_at_call_time(call, src, no_reading):
    before = sorted(os.listdir(src.parent))
    with pytest.raises(UnknownEncodingError, match=f"'{BAD}'") as info:
        call(src)
    assert info.value.name == BAD
    # caught by both kinds of existing handler
    for kind in (LookupError, ValueError):
        try:
            call(src)
        except kind:
            pass
        else:  # pragma: no cover - the pytest.raises above already failed
            pytest.fail(f"no {kind.__name__} raised")
    assert sorted(os.listdir(src.parent)) == before  # nothing written, nothing moved


def test_every_origins_entry_is_checked():
    with pytest.raises(UnknownEncodingError):
        import_bytes(b"hola", origin="erp", origins={"erp": "cp1252", "mainframe": BAD})


CALLS_WITH_A_BAD_DETECTOR = {
    "detector_for": lambda p: detector_for(BAD),
    "sniff": lambda p: sniff(b"hola", detector=BAD),
    "sniff_file": lambda p: sniff_file(p, detector=BAD),
    "decode_html": lambda p: decode_html(b"hola", detector=BAD),
    "decode_bytes": lambda p: decode_bytes(b"hola", detector=BAD),
    "import_bytes": lambda p: import_bytes(b"hola", detector=BAD),
    "import_file": lambda p: import_file(p, detector=BAD),
}


@pytest.mark.parametrize("call", CALLS_WITH_A_BAD_DETECTOR.values(), ids=CALLS_WITH_A_BAD_DETECTOR)
def test_unknown_detector_fails_at_call_time(call, src):
    with pytest.raises(ValueError, match=f"unknown detector '{BAD}'"):
        call(src)


@pytest.fixture
def without_chardet(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def find_spec(name, *args, **kwargs):
        return None if name == "chardet" else real(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)


@pytest.mark.parametrize(
    "call",
    [
        lambda: detector_for("chardet"),
        lambda: guess_chardet(b"caf\xe9"),
        lambda: sniff(b"hola", detector="chardet"),  # valid UTF-8: fails on the call
        lambda: decode_html(b"hola", detector="chardet"),
        lambda: import_bytes(b"hola", detector="chardet"),
    ],
    ids=["detector_for", "guess_chardet", "sniff", "decode_html", "import_bytes"],
)
def test_chardet_missing_names_the_extra(call, without_chardet):
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'chardet>=7\.0'") as info:
        call()
    assert info.value.name == "chardet"


def test_other_detectors_work_without_chardet(without_chardet):
    assert detector_for("codecbox") is guess_codecbox
    assert detector_for("charset-normalizer") is guess_charset_normalizer
    assert sniff(SPANISH).encoding.name == "windows-1252"


# --- Rule and confidence --------------------------------------------------------------------


def test_rule_certain_is_exactly_the_rules_that_know():
    certain = {rule for rule in Rule if rule.certain}
    assert certain == {
        Rule.BOM,
        Rule.HEADER,
        Rule.DECLARED,
        Rule.XML,
        Rule.SOURCE,
        Rule.VALID_UTF8,
        Rule.ESCAPES,
        Rule.NUL_PATTERN,
    }
    assert {rule for rule in Rule if not rule.certain} == {
        Rule.META,
        Rule.META_PARSED,
        Rule.MOSTLY_UTF8,
        Rule.DETECTED,
        Rule.DEFAULT,
        Rule.BINARY,
    }


def _fake(answer):
    def detect(data, candidates=None, *, prefix=False):
        return Guess(None if answer is None else resolve(answer), "fake")

    return detect


DECODED = {
    "BOM": (lambda: decode_html(codecs.BOM_UTF8 + b"x"), Rule.BOM, True),
    "header": (lambda: decode_html(b"x\xff", "text/html; charset=latin1"), Rule.HEADER, True),
    "meta": (lambda: decode_html(b"<meta charset=latin1>\xff"), Rule.META, False),
    "declared": (lambda: decode_bytes(b"x\xff", declared="latin1"), Rule.DECLARED, True),
    "valid": (lambda: decode_html("año".encode()), Rule.VALID_UTF8, True),
    "detected": (lambda: decode_html(SPANISH, detector="codecbox"), Rule.DETECTED, False),
    "default": (lambda: decode_html(b"x\xff", detector=_fake(None)), Rule.DEFAULT, False),
}


@pytest.mark.parametrize(("make", "rule", "confident"), DECODED.values(), ids=DECODED)
def test_decoded_confident_follows_the_rule(make, rule, confident):
    d = make()
    assert (d.rule, d.confident) == (rule, confident)


IMPORTED = {
    "declared": (lambda: import_bytes(SPANISH, declared="cp1252"), Rule.DECLARED, True),
    "BOM": (lambda: import_bytes(codecs.BOM_UTF8 + b"x"), Rule.BOM, True),
    "valid": (lambda: import_bytes("año".encode()), Rule.VALID_UTF8, True),
    "source": (
        lambda: import_bytes(SPANISH, origin="erp", origins={"erp": "cp1252"}),
        Rule.SOURCE,
        True,
    ),
    "detected": (
        lambda: import_bytes(KOREAN, candidates=["cp1252", "cp949"]),
        Rule.DETECTED,
        False,
    ),
}


@pytest.mark.parametrize(("make", "rule", "confident"), IMPORTED.values(), ids=IMPORTED)
def test_imported_confident_follows_the_rule(make, rule, confident):
    result = make()
    assert isinstance(result, Imported)
    assert (result.rule, result.confident) == (rule, confident)


def test_quarantined_is_never_confident():
    result = import_bytes(KOREAN)
    assert isinstance(result, Quarantined)
    assert result.confident is False


@pytest.mark.parametrize("name", ALL_DETECTORS)
def test_guess_confident_follows_the_rule(name):
    detect = DETECTORS[name]
    assert detect(codecs.BOM_UTF8 + "año".encode()).confident  # BOM
    assert detect("año nuevo".encode()).confident  # valid UTF-8
    guess = detect(KOREAN)
    assert (guess.rule, guess.confident) == (Rule.DETECTED, False)


def test_guess_without_an_encoding_is_not_confident():
    assert not Guess(None, "x", Rule.BOM).confident
    assert guess_codecbox(b"\x81\xff", ["euc_jp"]).confident is False


INPUTS = {
    "cp1252": SPANISH,
    "cp949": KOREAN,
    "cp932": ("吾輩は猫である。名前はまだ無い。" * 10).encode("cp932"),
    "utf-8": "¿Qué tal? 日本語".encode(),
    "bom": codecs.BOM_UTF8 + b"hola",
    "noise": bytes(range(256)) * 2,
    "short": b"\xe9",
}
RAW_METRICS = {
    "charset-normalizer": "chaos",
    "chardet": "confidence",
    "codecbox": "margin",
}


@pytest.mark.filterwarnings("ignore:no_match_encoding:UserWarning")
@pytest.mark.parametrize("data", INPUTS.values(), ids=INPUTS)
@pytest.mark.parametrize("name", ALL_DETECTORS)
def test_guess_confidence_and_raw_metric(name, data):
    for candidates in (None, ["cp1252", "cp949", "cp932"]):
        guess = DETECTORS[name](data, candidates)
        assert guess.confidence is None or 0.0 <= guess.confidence <= 1.0
        if guess.raw is not None:
            metric, value = guess.raw
            assert metric == RAW_METRICS[name]
            assert isinstance(value, float) and not isinstance(value, bool)
        if guess.rule == Rule.DETECTED and guess.encoding is not None:
            assert guess.raw is not None


# --- errors say where, what and as which encoding --------------------------------------------


@pytest.mark.parametrize("dst_exists", [False, True])
def test_encode_error_from_transcode(tmp_path, dst_exists):
    src, dst = tmp_path / "src.txt", tmp_path / "dst.txt"
    offset = 70_000  # past the first 64 KiB chunk: the offset must be absolute
    src.write_bytes(("a" * offset + "한 y más").encode())
    if dst_exists:
        dst.write_bytes(b"previous")
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(EncodeError) as info:
        transcode(src, dst, "utf-8", "cp1252")
    exc = info.value
    assert (exc.offset, exc.where, exc.encoding) == (offset, str(src), "windows-1252")
    message = str(exc)
    assert str(src) in message
    assert f"character offset {offset} " in message
    assert "windows-1252" in message and "U+D55C" in message
    assert isinstance(exc, UnicodeEncodeError)
    assert sorted(os.listdir(tmp_path)) == before  # no temporary file left
    if dst_exists:
        assert dst.read_bytes() == b"previous"


# windows-1253 leaves 0xAA undefined (windows-1252 defines every byte, as browsers decode it)
DECODE_ERRORS = {
    "decode_html(meta)": lambda: decode_html(
        b"<meta charset=windows-1253><p>\xaa</p>", errors="strict"
    ),
    "decode_html(header)": lambda: decode_html(
        b"<p>\xaa</p>", "text/html; charset=x-cp1253", errors="strict"
    ),
    "decode_bytes(declared)": lambda: decode_bytes(b"x\xaa", declared="cp1253", errors="strict"),
    "import_bytes(declared)": lambda: import_bytes(b"x\xaa", declared="windows-1253"),
    "iter_decode": lambda: list(iter_decode([b"x", b"\xaa"], "cp1253")),
}


@pytest.mark.parametrize("call", DECODE_ERRORS.values(), ids=DECODE_ERRORS)
def test_decode_error_names_the_encoding_not_the_codec(call):
    with pytest.raises(DecodeError) as info:
        call()
    assert info.value.encoding == "windows-1253"
    assert "as windows-1253" in str(info.value)
    assert "charmap" not in str(info.value)


# --- resolve() ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "label", "expected"),
    [
        # label=True: a label found in data, the WHATWG table first
        # (decoded by the standard's exact decoder, registered as a Python codec)
        ("latin1", True, ("windows-1252", "whatwg-windows-1252")),
        ("ascii", True, ("windows-1252", "whatwg-windows-1252")),
        ("sjis", True, ("Shift_JIS", "whatwg-shift_jis")),
        ("shift_jis", True, ("Shift_JIS", "whatwg-shift_jis")),
        ("iso-2022-kr", True, ("replacement", None)),
        ("cp850", True, ("cp850", "cp850")),  # no browser knows it: Python's codec
        # label=False: a codec name chosen by a programmer, Python's codecs first
        ("latin-1", False, ("iso8859-1", "iso8859-1")),
        ("shift_jis", False, ("shift_jis", "shift_jis")),
        ("utf-16", False, ("utf-16", "utf-16")),
        ("ascii", False, ("ascii", "ascii")),
        ("cp932", False, ("Shift_JIS", "cp932")),
        ("cp1252", False, ("windows-1252", "cp1252")),
        ("whatwg-shift_jis", False, ("Shift_JIS", "whatwg-shift_jis")),
        # names only the WHATWG table knows still resolve, to the nearest Python codec
        ("x-mac-cyrillic", False, ("x-mac-cyrillic", "mac-cyrillic")),
        ("windows-31j", False, ("Shift_JIS", "cp932")),
    ],
)
def test_resolve(name, label, expected):
    enc = resolve(name, label=label)
    assert (enc.name, enc.codec) == expected
    if enc.codec is not None:  # the codec really is one Python has
        assert codecs.lookup(enc.codec).name == enc.codec


@pytest.mark.parametrize("name", ["x-mac-cyrillic", "x-sjis"])  # windows-31j: Python 3.13 has it
def test_names_only_whatwg_knows(name):
    with pytest.raises(LookupError):
        codecs.lookup(name)  # the premise: Python does not know them
    assert resolve(name).whatwg is not None


@pytest.mark.parametrize("name", ["base64", "rot13", "zlib", "hex", "bz2", "uu", "quopri"])
@pytest.mark.parametrize("label", [False, True])
def test_non_text_codecs_are_unknown(name, label):
    codecs.lookup(name)  # Python has them, but they do not turn bytes into text
    with pytest.raises(UnknownEncodingError):
        resolve(name, label=label)


@pytest.mark.parametrize("label", [False, True])
def test_an_encoding_passes_through_unchanged(label):
    enc = Encoding("Shift_JIS", "cp932")
    assert resolve(enc, label=label) is enc
    odd = Encoding("anything", "utf-8")  # not even checked: it is already resolved
    assert resolve(odd, label=label) is odd


def test_resolve_takes_only_str_or_encoding():
    with pytest.raises(TypeError):
        resolve(b"utf-8")  # type: ignore[arg-type]


def test_encoding_values_round_trip_through_other_functions():
    page = decode_html(b"<meta charset=sjis>10\x81\x6020")
    assert page.encoding == Encoding("Shift_JIS", "whatwg-shift_jis")
    # the value (not the bare name "Shift_JIS", which is Python's shift_jis) keeps the
    # browser's decoder
    assert decode_bytes(b"10\x81\x6020", declared=page.encoding).text == "10\uff5e20"
    assert "".join(iter_decode([b"10\x81\x6020"], page.encoding)) == "10\uff5e20"
    assert "".join(iter_decode([b"10\x81\x6020"], "Shift_JIS")) == "10\u301c20"


# --- input types ----------------------------------------------------------------------------


def test_bytes_and_paths_are_separate(tmp_path):
    with pytest.raises(TypeError, match="sniff_file"):
        sniff("hola")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        sniff(tmp_path)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        sniff_file(b"x")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        import_bytes("x")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        import_file(b"x")  # type: ignore[arg-type]


@pytest.mark.parametrize("call", [sniff_file, import_file])
def test_a_bool_is_not_a_file_descriptor(call):
    os.fstat(1)  # stdout is open (pytest's capture file, under capture)
    with pytest.raises(TypeError):
        call(True)
    os.fstat(1)  # and still is: open(True) would have closed fd 1
    print("stdout still works", file=sys.stdout, flush=True)


BUFFERS = [bytearray, memoryview]


@pytest.mark.parametrize("kind", BUFFERS, ids=["bytearray", "memoryview"])
def test_buffers_work_like_bytes(kind):
    assert sniff(kind(KOREAN), max_bytes=9) == sniff(KOREAN, max_bytes=9)
    assert sniff(kind(KOREAN)).encoding.name == "euc_kr"
    options = {"candidates": ["cp1252", "cp949"]}
    assert import_bytes(kind(KOREAN), **options) == import_bytes(KOREAN, **options)
    assert import_bytes(kind(KOREAN), **options).text == KOREAN.decode("cp949")
    assert decode_bytes(kind(SPANISH)) == decode_bytes(SPANISH)
    assert decode_bytes(kind(SPANISH), declared="cp1252").text == SPANISH.decode("cp1252")
    assert decode_html(kind(KOREAN)) == decode_html(KOREAN)
    assert decode_html(kind(KOREAN)).text == KOREAN.decode("cp949")


# --- write_atomic ---------------------------------------------------------------------------

POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
UMASK = 0o027


@pytest.fixture
def umask(monkeypatch: pytest.MonkeyPatch):
    """Set a known umask, then fail the test if anything calls os.umask."""
    real = os.umask
    old = real(UMASK)
    calls: list[int] = []

    def forbidden(mask: int) -> int:
        calls.append(mask)
        raise AssertionError("os.umask was called: it changes the umask of every thread")

    monkeypatch.setattr(os, "umask", forbidden)
    try:
        yield UMASK
    finally:
        real(old)
    assert calls == []


def test_write_atomic_never_changes_the_umask(tmp_path, umask):
    write_atomic(tmp_path / "new.txt", b"new")
    write_atomic(tmp_path / "new.txt", b"again")
    write_atomic(tmp_path / "mode.txt", b"x", mode=0o600)
    assert (tmp_path / "new.txt").read_bytes() == b"again"


@POSIX
def test_write_atomic_new_file_gets_0o666_minus_umask(tmp_path, umask):
    path = tmp_path / "new.txt"
    write_atomic(path, b"x")
    assert path.stat().st_mode & 0o7777 == 0o666 & ~umask


@POSIX
def test_write_atomic_keeps_an_existing_mode(tmp_path, umask):
    path = tmp_path / "old.txt"
    path.write_bytes(b"old")
    os.chmod(path, 0o604)
    write_atomic(path, b"new")
    write_atomic(path, b"newer", mode=0o600)  # an existing file keeps its own bits
    assert path.stat().st_mode & 0o7777 == 0o604
    assert path.read_bytes() == b"newer"


@POSIX
def test_write_atomic_honours_mode(tmp_path, umask):
    path = tmp_path / "secret.txt"
    write_atomic(path, b"x", mode=0o600)
    assert path.stat().st_mode & 0o7777 == 0o600
    other = tmp_path / "shared.txt"
    write_atomic(other, b"x", mode=0o644)  # mode is used as given, not masked again
    assert other.stat().st_mode & 0o7777 == 0o644


@pytest.mark.parametrize("exists", [False, True])
def test_write_atomic_leaves_no_temp_file_when_the_writer_raises(tmp_path, exists):
    path = tmp_path / "out.txt"
    if exists:
        path.write_bytes(b"before")

    def writer(f):
        f.write(b"half of it")
        raise RuntimeError("the writer failed")

    with pytest.raises(RuntimeError, match="the writer failed"):
        write_atomic(path, writer)
    assert sorted(os.listdir(tmp_path)) == (["out.txt"] if exists else [])
    if exists:
        assert path.read_bytes() == b"before"
