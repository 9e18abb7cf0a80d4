"""codecbox.whatwg against an independent reference decoder (tests/whatwg_reference.py).

The reference follows the Encoding Standard's algorithms byte by byte and reads the index
files in tests/vectors/whatwg/ itself. Inputs are exhaustive where the space is small
(every single byte; every lead/trail pair; every 0x8F three-byte sequence of EUC-JP; every
JIS X 0208 pair of ISO-2022-JP) and dense where it is not (gb18030's four-byte area). To
keep the suite fast, thousands of sequences go through one call, separated by a newline:
every decoder here is back in its initial state after a newline, so each sequence is
decoded as if alone, and the errors' positions tell which sequence they belong to.
"""

from __future__ import annotations

import codecs
import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
import whatwg_reference as ref

from codecbox import decode_bytes
from codecbox.errors import DecodeError
from codecbox.labels import LABELS, PYTHON_CODECS, resolve
from codecbox.whatwg import _SPECS, CODECS, _MultiByte

SINGLE_BYTE = ref.single_byte_names()
ALL = sorted(set(LABELS.values()))
COUNTED: list[tuple[int, int]] = []


def _record(exc: UnicodeError) -> tuple[str, int]:
    assert isinstance(exc, UnicodeDecodeError)
    COUNTED.append((exc.start, exc.end))
    return "\ufffd", exc.end


codecs.register_error("test.whatwg-record", _record)


def exact(name: str, data: bytes) -> tuple[str, list[tuple[int, int]]]:
    """codecbox's decoding, and the byte range of each error as the handler saw it."""
    COUNTED.clear()
    text = data.decode(CODECS[name], "test.whatwg-record")
    return text, list(COUNTED)


def check(name: str, data: bytes, *, ends: bool = True) -> int:
    """Compare with the reference: the text, the number of errors and each error's range.

    ``ends=False``: only where the first error starts. The standard does not say which
    bytes an error is "made of" when the decoder consumed a byte in one step and emits
    the error in a later one: the replacement decoder stops after its error (codecbox
    reports the whole input as the error), and in ISO-2022-JP an ESC ending a two-byte
    character both ends that error and begins the escape sequence (codecbox counts it
    with the escape). The text and the number of errors are always compared.
    """
    want, want_errors = ref.run(name, data)
    got, got_errors = exact(name, data)
    if got != want:
        at = next(i for i, (a, b) in enumerate(zip(got, want + "\0", strict=False)) if a != b)
        got, want = got[at - 5 : at + 5], want[at - 5 : at + 5]
        raise AssertionError(f"{name}: first difference at character {at}: {got!r} != {want!r}")
    assert len(got_errors) == len(want_errors)
    if ends:
        assert got_errors == want_errors
    elif want_errors:
        assert got_errors[0][0] == want_errors[0][0]
    return len(want_errors)


def separated(sequences: Iterator[bytes]) -> bytes:
    return b"".join(s + b"\n" for s in sequences)


# --- tables and wiring ----------------------------------------------------------------------


def test_every_encoding_has_an_exact_codec() -> None:
    assert set(CODECS) == set(ALL) == set(PYTHON_CODECS)
    assert len(set(CODECS.values())) == 40
    for name, codec in CODECS.items():
        info = codecs.lookup(codec)
        assert info.name == codec
        assert codecs.lookup(f"whatwg-{name}").name == codec
        assert codecs.lookup(f"WHATWG_{name.upper()}").name == codec


@pytest.mark.parametrize("name", ALL)
def test_labels_resolve_to_the_exact_codec(name: str) -> None:
    for label in (lab for lab, n in LABELS.items() if n == name):
        enc = resolve(label, label=True)
        assert enc.name == name
        assert enc.codec == (None if name == "replacement" else CODECS[name])
    if name != "replacement":
        assert resolve(CODECS[name]).name == name  # the codec's name resolves back


def test_encoders_are_the_nearest_python_codec() -> None:
    assert "3,50 €".encode("whatwg-windows-1252") == "3,50 €".encode("cp1252")
    assert "ｱ～".encode("whatwg-shift_jis") == "ｱ～".encode("cp932")
    with pytest.raises(UnicodeEncodeError):
        "x".encode("whatwg-replacement")
    assert "".encode("whatwg-replacement") == b""


# --- single-byte, x-user-defined, replacement ---------------------------------------------------


@pytest.mark.parametrize("name", SINGLE_BYTE)
def test_single_byte_all_256_bytes(name: str) -> None:
    check(name, bytes(range(256)))
    for b in range(256):  # and one at a time
        assert bytes([b]).decode(CODECS[name], "replace") == ref.decode(name, bytes([b]))[0]


def test_x_user_defined_and_replacement() -> None:
    check("x-user-defined", bytes(range(256)))
    for data in (b"", b"a", b"\x80\x81", bytes(range(256))):
        check("replacement", data, ends=False)
    dec = codecs.getincrementaldecoder(CODECS["replacement"])("replace")
    assert [dec.decode(b"a"), dec.decode(b"b"), dec.decode(b"", True)] == ["\ufffd", "", ""]


# --- UTF-8 and UTF-16 (Python's own codecs) -------------------------------------------------


def test_utf16_lone_surrogates_and_odd_lengths() -> None:
    units = [0x0041, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD83D, 0xDE00, 0x00E9, 0xFFFD]
    n = 0
    for length in range(5):
        for combo in itertools.product(units, repeat=length):
            for tail in (b"", b"\x00", b"\xd8"):
                le = b"".join(u.to_bytes(2, "little") for u in combo) + tail
                be = b"".join(u.to_bytes(2, "big") for u in combo) + tail
                n += check("UTF-16LE", le) + check("UTF-16BE", be)
    assert n > 10_000


def test_utf8_maximal_subparts() -> None:
    pieces = [b"a", b"\xc3\xa9", b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\x80", b"\xc3", b"\xbf"]
    pieces += [b"\xe2\x82", b"\xf0\x9f", b"\xf0\x9f\x98", b"\xed\xa0\x80", b"\xed\x9f\xbf"]
    pieces += [b"\xf4\x90\x80\x80", b"\xff", b"\xe0\x80\x80", b"\xe0\xa0", b"\xc0\xaf", b"\xf5"]
    rng = random.Random(8)
    for _ in range(3000):
        check("UTF-8", b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 8))))
    for b in range(256):
        for tail in (b"", b"\x80", b"\xa0", b"\xbf", b"\x80\x80", b"\x90\x80\x80", b"a"):
            check("UTF-8", bytes([b]) + tail)


# --- double-byte: every lead/trail pair ------------------------------------------------------

PAIRS = separated(bytes([lead, trail]) for lead in range(0x80, 0x100) for trail in range(256))
DOUBLE_BYTE = ["Shift_JIS", "EUC-KR", "Big5", "gb18030", "EUC-JP"]


@pytest.mark.parametrize("name", DOUBLE_BYTE)
def test_every_lead_trail_pair(name: str) -> None:
    errors = check(name, PAIRS)
    print(f"{name}: 32768 pairs, {errors} errors")
    # the pure-Python path gives the same as the C-codec path
    spec = _SPECS[name]
    assert spec.slow(PAIRS, 0, len(PAIRS), "replace", PAIRS, True)[0] == ref.decode(name, PAIRS)[0]
    # each lead byte cut off by the end of the input
    for lead in range(0x80, 0x100):
        check(name, b"a" + bytes([lead]))


def test_gbk_is_gb18030() -> None:
    assert PAIRS.decode(CODECS["GBK"], "replace") == PAIRS.decode(CODECS["gb18030"], "replace")
    check("GBK", b"\x80\xff\x81\x30\x81\x30")


def test_euc_jp_three_byte() -> None:
    data = separated(bytes([0x8F, b, c]) for b in range(256) for c in range(256))
    print(f"EUC-JP: 65536 three-byte sequences, {check('EUC-JP', data)} errors")
    check("EUC-JP", b"\x8f\xa2")
    check("EUC-JP", b"\x8f")


@pytest.mark.parametrize("name", ["gb18030", "GBK"])  # one decoder, two C codecs under it
def test_gb18030_four_bytes(name: str) -> None:
    rng = random.Random(18030)
    thirds = [0x81, 0x82, 0xFD, 0xFE]
    seqs = [
        bytes([a, b, c, d])
        for a in range(0x81, 0xFF)
        for b in range(0x30, 0x3A)
        for c in thirds + rng.sample(range(0x83, 0xFD), 2)
        for d in range(0x30, 0x3A)
    ]

    def seq(pointer: int) -> bytes:
        d, pointer = pointer % 10, pointer // 10
        c, pointer = pointer % 126, pointer // 126
        b, a = pointer % 10, pointer // 10
        return bytes([a + 0x81, b + 0x30, c + 0x81, d + 0x30])

    for start in ref.index("gb18030-ranges"):
        seqs += [seq(p) for p in (start - 1, start, start + 1) if p >= 0]
    edges = (7456, 7457, 7458, 39419, 39420, 188999, 189000, 1237575, 1237576, 1587599)
    seqs += [seq(p) for p in edges]
    seqs += [b"\x81\x30", b"\x81\x30\x81", b"\x81\x30\x81\x41", b"\x81\x30\x20", b"\x81\x30\xff"]
    seqs += [b"\x81\x30\x81\xff", b"\xff\x30\x81\x30", b"\x80", b"\xa8\xbc", b"\x81\x35\xf4\x37"]
    errors = check(name, separated(iter(seqs)))
    print(f"{name}: {len(seqs)} four-byte sequences, {errors} errors")
    for tail in (b"\x81", b"\x81\x30", b"\x81\x30\x81"):  # cut off by the end
        check(name, b"a" + tail)


# --- ISO-2022-JP ---------------------------------------------------------------------------

ESC_B, ESC_ASCII = b"\x1b$B", b"\x1b(B"


def test_iso2022jp_every_pair() -> None:
    data = separated(
        ESC_B + bytes([a, b]) + ESC_ASCII
        for a in range(256)
        for b in range(256)
        if 0x1B not in (a, b) and (a < 0x80 or b % 16 == 0)
    )
    print(f"ISO-2022-JP: pairs, {check('ISO-2022-JP', data, ends=False)} errors")


ISO_TOKENS = [
    ESC_B,
    b"\x1b$@",
    ESC_ASCII,
    b"\x1b(J",
    b"\x1b(I",
    b"\x1b",
    b"\x1b$",
    b"\x1b(",
    b"\x1b$A",
    b"\x1b(C",
    b"\x1b\x1b",
    b"0!",
    b"\x30\x21\x30",
    b"\x2d\x21",  # NEC row 13
    b"\x7f\x7f",
    b"a",
    b"\\~",
    b"\n",
    b"\x0e",
    b"\x0f",
    b"\x80",
    b"\xa1",
    b"\x21",
    b"\x5f\x60",
]


def iso_inputs(n: int, seed: int = 2022) -> list[bytes]:
    rng = random.Random(seed)
    return [b"".join(rng.choice(ISO_TOKENS) for _ in range(rng.randint(0, 10))) for _ in range(n)]


def test_iso2022jp_state_machine() -> None:
    errors = sum(check("ISO-2022-JP", data, ends=False) for data in iso_inputs(4000))
    print(f"ISO-2022-JP: 4000 random token sequences, {errors} errors")
    # the output flag: an escape sequence right after another one is an error
    assert b"\x1b$B\x1b(B".decode(CODECS["ISO-2022-JP"], "replace") == "\ufffd"
    assert b"\x1b(J\\~\x1b(I1".decode(CODECS["ISO-2022-JP"]) == "¥‾ｱ"


# --- random mixtures, incremental decoding, strict mode --------------------------------------

MIXED_TOKENS = {
    "Shift_JIS": "Ano 日本語ｱ～①\n".encode("cp932") + b"\x80\xa0\xfd\xff\xf0\x40\x81\x20\x81",
    "EUC-KR": "한국어 텍스트\n".encode("cp949") + b"\x80\xff\xc9\xa1\x81\x41\xa1",
    "Big5": "中文字 ¢\n".encode("big5hkscs") + b"\xa1\x45\xa2\x41\x88\x62\x80\xa1",
    "gb18030": "中文 ḿ\U0001f600\n".encode("gb18030") + b"\x80\xa8\xbc\x81\x35\xf4\x37\x81\x30",
    "GBK": "中文 ḿ\U0001f600\n".encode("gb18030") + b"\x80\xa8\xbc\x81\x35\xf4\x37\x81\x30",
    "EUC-JP": "日本語 〜−\n".encode("euc_jp") + b"\x8f\xa2\xb7\x8e\xe0\xad\xa1\xa1\xc1\x8f",
    "ISO-2022-JP": b"\x1b$B0!\x1b(B a\x1b(I1\x1b$B\x2d\x21\x1b",
}


def mixtures(name: str, n: int, seed: int = 1) -> list[bytes]:
    rng = random.Random(seed)
    tokens = MIXED_TOKENS.get(name)
    if tokens is None:
        tokens = bytes(range(0x60, 0x100))
    return [bytes(rng.choice(tokens) for _ in range(rng.randint(0, 24))) for _ in range(n)] + [
        tokens * 3
    ]


MULTI = ["Shift_JIS", "EUC-KR", "Big5", "gb18030", "GBK", "EUC-JP", "ISO-2022-JP"]


@pytest.mark.parametrize("name", MULTI)
def test_random_mixtures(name: str) -> None:
    ends = name != "ISO-2022-JP"
    errors = sum(check(name, d, ends=ends) for d in mixtures(name, 1500))
    print(f"{name}: 1500 random byte mixtures, {errors} errors")


def pieces_everywhere(data: bytes) -> Iterator[list[bytes]]:
    for i in range(len(data) + 1):
        yield [data[:i], data[i:]]
    yield [data[i : i + 1] for i in range(len(data))]
    for i in range(len(data) + 1):
        for j in range(i, min(len(data), i + 5) + 1):
            yield [data[:i], data[i:j], data[j:]]


@pytest.mark.parametrize("name", [*MULTI, "windows-1252", "replacement", "UTF-16LE"])
def test_incremental_every_split(name: str) -> None:
    for data in [MIXED_TOKENS.get(name, bytes(range(0x70, 0xA0))) * 2, *mixtures(name, 20, 7)]:
        whole = ref.decode(name, data)[0]
        for chunks in pieces_everywhere(data):
            dec = codecs.getincrementaldecoder(CODECS[name])("replace")
            got = "".join(dec.decode(c) for c in chunks) + dec.decode(b"", True)
            assert got == whole, (name, chunks)


def test_incremental_keeps_long_runs_exact() -> None:
    for text in ("日本語のテキスト" * 20000, "日本語 ｱ～ テキスト①\n" * 20000):
        # no ASCII at all (the pure-Python path), or a newline in every chunk (the C codec)
        for name, codec in (("Shift_JIS", "cp932"), ("EUC-JP", "euc_jp"), ("gb18030", "gbk")):
            data = text.replace("ｱ", "").encode(codec, "ignore") + b"\x8f\xa2\xb7\xa1"
            dec = codecs.getincrementaldecoder(CODECS[name])("replace")
            got = "".join(dec.decode(data[i : i + 999]) for i in range(0, len(data), 999))
            assert got + dec.decode(b"", True) == data.decode(CODECS[name], "replace")
            assert got.startswith(text.replace("ｱ", "").encode(codec, "ignore").decode(codec)[:9])


@pytest.mark.parametrize("name", [*MULTI, "windows-1253", "UTF-8", "UTF-16BE", "replacement"])
def test_strict_raises_at_the_first_error(name: str) -> None:
    n = 0
    for data in mixtures(name, 300, 3):
        errors = ref.run(name, data)[1]
        if not errors:
            assert data.decode(CODECS[name]) == ref.decode(name, data)[0]
            continue
        with pytest.raises(UnicodeDecodeError) as info:
            data.decode(CODECS[name])
        assert info.value.start == errors[0][0]
        n += 1
    assert n > 20


def test_codecbox_reports_the_offset_and_counts() -> None:
    data = "Ano ～\n".encode("cp932") * 50_000 + b"\xa0" + "ｱ".encode("cp932") + b"\xfd"
    with pytest.raises(DecodeError) as info:
        decode_bytes(data, declared="sjis", errors="strict")
    assert info.value.offset == len(data) - 3
    assert "Shift_JIS" in str(info.value)
    d = decode_bytes(data, declared="sjis")
    assert d.replaced == 2 and d.text.endswith("\ufffdｱ\ufffd")
    assert d.encoding.codec == "whatwg-shift_jis"


def test_big_inputs_use_blocks_and_fallbacks() -> None:
    # a sequence that only the pure-Python path gets right, deep inside a big input
    for name, odd in [("EUC-JP", b"\x8f\xa2\xb7"), ("gb18030", b"\xa8\xbc"), ("Big5", b"\xa2\x41")]:
        sample = MIXED_TOKENS[name].split(b"\n")[0] + b"\n"
        data = sample * 30_000 + odd + sample * 30_000 + b"\x80\xff"
        check(name, data)


def scattered(
    name: str, bad: int, odd: bytes | None = None, sample: bytes = b"", seed: int = 3
) -> bytes:
    """About 70 KB of lines of a multi-byte encoding's text (``sample``, or the first line of
    its tokens) with ``bad`` random bytes 0x80-0xFF (the ones that make a decoder err or
    resynchronise) in random places, or ``bad`` times ``odd`` at the start of random lines."""
    rng = random.Random(seed)
    sample = sample or MIXED_TOKENS[name].split(b"\n")[0] + b"\n"
    lines = [bytearray(sample) for _ in range(70_000 // len(sample))]
    for at in rng.sample(range(len(lines) * len(sample)), bad):
        line, byte = divmod(at, len(sample))
        if odd is None:
            lines[line][byte] = rng.randrange(0x80, 0x100)
        else:
            lines[line][:0] = odd
    return b"".join(lines)


@pytest.mark.parametrize("name", ["Shift_JIS", "EUC-KR", "Big5", "gb18030", "GBK", "EUC-JP"])
@pytest.mark.parametrize("bad", [3, 300])
def test_scattered_bad_bytes_are_exact(name: str, bad: int) -> None:
    # the quick path declines a block with a byte it may get wrong; its halves are tried
    # again: the text, the errors and their ranges stay the reference's
    check(name, scattered(name, bad))
    assert check(name, scattered(name, bad, b"\xff")) == bad  # an error in each encoding


@pytest.mark.parametrize("bad", [3, 300])
def test_scattered_bad_bytes_in_iso_2022_jp_are_exact(bad: int) -> None:
    # runs of pairs go to the C codec up to a bad byte, and again after it
    line = "日本語のテキスト abc 漢字①\n".encode("iso2022_jp_ext", "ignore")
    check("ISO-2022-JP", scattered("ISO-2022-JP", bad, sample=line), ends=False)
    assert check("ISO-2022-JP", scattered("ISO-2022-JP", bad, b"\xff", line), ends=False) == bad


#: A sequence the C codec decodes otherwise than the standard (the quick path declines).
DECLINED = {"Shift_JIS": b"\xa0", "Big5": b"\xa2\x41", "gb18030": b"\xa8\xbc",
            "EUC-JP": b"\x8f\xa2\xb7"}  # fmt: skip
#: A line of text the quick path takes.
PLAIN = {name: "中文 日本 ¢ 😀\n".encode(PYTHON_CODECS[name], "ignore") for name in DECLINED}


@pytest.mark.parametrize("name", sorted(DECLINED))
def test_a_few_odd_sequences_leave_the_rest_to_the_c_codec(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # counts the bytes the pure-Python decoder reads: three odd sequences in a 70 KB page
    # cost a small block each (at most 2 x 512 bytes), not the page's 64 KiB blocks
    data = scattered(name, 3, DECLINED[name], PLAIN[name])
    check(name, data)
    seen: list[int] = []
    slow = _MultiByte.slow

    def counted(self: _MultiByte, data: bytes, start: int, stop: int, *args: Any) -> Any:
        seen.append(stop - start)
        return slow(self, data, start, stop, *args)

    monkeypatch.setattr(_MultiByte, "slow", counted)
    data.decode(CODECS[name], "replace")
    assert 0 < sum(seen) <= 3 * 2 * 512, seen


def test_stream_reader_keeps_state_between_reads() -> None:
    import io

    data = b"\x1b$B0!0!\x1b(B abc \x1b$B0!" * 3
    reader = codecs.getreader(CODECS["ISO-2022-JP"])(io.BytesIO(data))
    assert "".join(iter(lambda: reader.read(5), "")) == "亜亜 abc 亜" * 3
    reader = codecs.getreader(CODECS["Shift_JIS"])(io.BytesIO(b"\x82\xa0\x82\n"), "replace")
    assert reader.read(1) + reader.read() == "あ\ufffd\n"


@pytest.mark.parametrize("name", ["Shift_JIS", "EUC-KR", "Big5", "gb18030", "EUC-JP"])
def test_stream_reader_flushes_a_character_cut_by_the_end(name: str) -> None:
    """Issue 19 N13: a truncated last character raises in strict mode (it used to vanish,
    as it does in codecs' own StreamReader) and is one U+FFFD with errors='replace', whether
    the stream is read whole or a few characters at a time."""
    import io

    data = "あい".encode(CODECS[name])[:-1]
    with pytest.raises(UnicodeDecodeError):
        codecs.getreader(CODECS[name])(io.BytesIO(data)).read()
    whole = codecs.getreader(CODECS[name])(io.BytesIO(data), "replace").read()
    reader = codecs.getreader(CODECS[name])(io.BytesIO(data), "replace")
    assert whole == "".join(iter(lambda: reader.read(1), "")) == "あ\ufffd"


@pytest.mark.parametrize("name", ["Shift_JIS", "EUC-KR", "Big5", "gb18030", "EUC-JP"])
def test_any_error_handler(name: str) -> None:
    """backslashreplace sees each error's bytes, as the reference delimits them."""
    sample = MIXED_TOKENS[name].split(b"\n")[0] + b"\n"
    for data in [*mixtures(name, 300, 5), sample * 20_000 + MIXED_TOKENS[name]]:
        want, errors = ref.run(name, data)
        pieces = want.split("\ufffd")
        assert len(pieces) == len(errors) + 1
        escaped = ["".join(f"\\x{b:02x}" for b in data[s:e]) for s, e in errors] + [""]
        expected = "".join(p + x for p, x in zip(pieces, escaped, strict=True))
        assert data.decode(CODECS[name], "backslashreplace") == expected


@pytest.mark.parametrize("name", ["Shift_JIS", "EUC-KR", "Big5", "gb18030", "EUC-JP"])
def test_quick_path_is_exact_or_declines(name: str) -> None:
    """The quick path (the C codec and a stateless error handler) gives the standard's text
    whenever it answers; it declines (None) on an error unless errors="replace", and where
    the C codec may have decoded a sequence differently."""
    spec = _SPECS[name]
    assert isinstance(spec, _MultiByte)
    answered = declined = 0
    for data in [*mixtures(name, 300, 11), MIXED_TOKENS[name].split(b"\n")[0]]:
        want, errors = ref.run(name, data)
        for mode in ("replace", None):
            quick = spec._quick(memoryview(data), mode)
            if quick is None:
                declined += 1
                continue
            assert quick == (want, len(data))
            assert mode == "replace" or not errors
            answered += 1
    assert answered > 100 and declined > 100


def test_decoding_in_threads() -> None:
    """The decoders keep no state between calls: threads decode alike."""
    from concurrent.futures import ThreadPoolExecutor

    jobs = [(name, data) for name in MULTI for data in mixtures(name, 40, 13)]
    jobs += [(name, data * 50) for name, data in MIXED_TOKENS.items()]

    def run(job: tuple[str, bytes]) -> bool:
        name, data = job
        return data.decode(CODECS[name], "replace") == ref.decode(name, data)[0]

    with ThreadPoolExecutor(4) as pool:
        assert all(pool.map(run, jobs * 3))


@pytest.mark.parametrize(
    ("name", "text"),
    [("Shift_JIS", "日本語の文字"), ("EUC-JP", "日本語の文字"), ("EUC-KR", "한국어 글자"),
     ("Big5", "繁體中文字"), ("gb18030", "简体中文字"), ("GBK", "简体中文字")],
)  # fmt: skip
def test_incremental_decoding_of_text_without_ascii_stays_in_c(name: str, text: str) -> None:
    """Issue 19 N17: fed in 64 KiB chunks, CJK text with no ASCII byte went through the
    pure-Python decoder byte by byte (about 1 MB/s: there is no sync byte to cut at). The C
    codec's incremental decoder now tells where the last whole character ends; the standard's
    step runs only on the few bytes a chunk leaves pending."""
    from codecbox import whatwg

    data = text.replace(" ", "").encode(CODECS[name]) * 20_000  # ~200-300 KB
    assert not any(data.count(b) for b in b"\n\t\r .,:;<>?!/()[]0123456789")  # no place to cut
    spec = whatwg._SPECS[name]
    calls = 0
    step = spec.step

    def counting(data: bytes, i: int, n: int) -> tuple[str | None, int]:
        nonlocal calls
        calls += 1
        return step(data, i, n)

    spec.step = counting
    try:
        decoder = codecs.getincrementaldecoder(CODECS[name])("strict")
        chunks = [data[i : i + 65536] for i in range(0, len(data), 65536)]
        got = "".join(decoder.decode(c) for c in chunks) + decoder.decode(b"", True)
    finally:
        spec.step = step
    assert got == data.decode(CODECS[name])
    assert calls <= 2 * len(chunks)  # (a cut character's bytes, once per chunk)


def test_an_iso_2022_jp_handler_is_told_iso_2022_jp() -> None:
    """An error inside a JIS X 0208 run reached a custom handler named EUC-JP (the run is
    decoded as EUC-JP's pairs); strict mode already said ISO-2022-JP."""
    seen: list[tuple[str, int, int]] = []

    def handler(exc: UnicodeError) -> tuple[str, int]:
        assert isinstance(exc, UnicodeDecodeError)
        seen.append((exc.encoding, exc.start, exc.end))
        return "?", exc.end

    codecs.register_error("codecbox-test-seen", handler)
    text = b"\x1b$B\x22\x2f\x30\x21\x1b(B".decode(CODECS["ISO-2022-JP"], "codecbox-test-seen")
    assert (text, seen) == ("?亜", [("ISO-2022-JP", 3, 5)])


def test_incremental_iso_2022_jp_decodes_runs_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19 N17 for ISO-2022-JP: a chunk that cut a JIS X 0208 run in the middle of a
    pair went pair by pair through Python (~1 MB/s), and a chunk of mixed text escape by
    escape; now a run's whole pairs go at once and a chunk up to its last ESC through the
    C codec. Counted: the pair-by-pair loop's table look-ups, at most one per chunk."""
    from codecbox import whatwg

    long_run = ("日本語の漢字仮名交じり文" * 3000).encode("iso2022_jp")
    mixed = ("これは ASCII と日本語の mixed テキスト、第12回。\n" * 300).encode("iso2022_jp")
    index, lookups = whatwg.index, 0

    def counting(name: str) -> dict[int, int]:
        nonlocal lookups
        lookups += name == "jis0208"
        return index(name)

    monkeypatch.setattr(whatwg, "index", counting)
    for data in (long_run, mixed):
        lookups = 0
        chunks = [data[i : i + 4095] for i in range(0, len(data), 4095)]  # odd: cuts pairs
        decoder = codecs.getincrementaldecoder(CODECS["ISO-2022-JP"])("strict")
        got = "".join(decoder.decode(c) for c in chunks) + decoder.decode(b"", True)
        assert got == data.decode(CODECS["ISO-2022-JP"])
        assert lookups <= len(chunks)
