"""codecbox.streaming: chunked decoding, atomic transcoding, sniffing a prefix."""

from __future__ import annotations

import codecs
import importlib.util
import os
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codecbox.decoding import decode_bytes
from codecbox.detection import Guess, guess_codecbox
from codecbox.errors import DecodeError, EncodeError
from codecbox.labels import resolve
from codecbox.rules import Rule
from codecbox.streaming import (
    TranscodeReport,
    iter_decode,
    read_chunks,
    remove_stale_temporaries,
    sniff,
    sniff_file,
    transcode,
    write_atomic,
)

CODECS = (
    "utf-8",
    "utf-16-le",
    "utf-16-be",
    "cp1252",
    "latin-1",
    "cp932",
    "euc_jp",
    "cp949",
    "gb18030",
    "big5hkscs",
)

POOL = (
    "abc XYZ 019 ,.;:!?¿¡\t\r\n\x00"
    "éñüÁÓÇ€’“”–…¤µ"
    "あいうがぱアイウヴー漢字化文日本語猫ｱｲｳ"
    "한국어대한민국글똠햏ㄱ"
    "中文繁體字為們訁"
    "😀𝄞\U00020000\ue000"
)


def alphabet(codec: str) -> list[str]:
    """Characters of POOL that ``codec`` encodes and decodes back unchanged."""
    chars = []
    for ch in POOL:
        try:
            if ch.encode(codec).decode(codec) == ch:
                chars.append(ch)
        except UnicodeError:
            pass
    return chars


ALPHABETS = {codec: alphabet(codec) for codec in CODECS}


def split(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({min(c, len(data)) for c in cuts})
    bounds = [0, *points, len(data)]
    return [data[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


def encoded_text(codec: str):
    return st.text(alphabet=st.sampled_from(ALPHABETS[codec]), max_size=30).map(
        lambda text: text.encode(codec)
    )


cuts = st.lists(st.integers(0, 200), max_size=12)
FAST = settings(max_examples=40, deadline=None)


def test_alphabets_are_not_trivial():
    for codec, chars in ALPHABETS.items():
        assert len(chars) > 30 and any(ord(c) > 0x7F for c in chars), codec


# --- iter_decode ------------------------------------------------------------------------------


@pytest.mark.parametrize("codec", CODECS)
@FAST
@given(data=st.data(), cuts=cuts)
def test_chunked_equals_whole(codec, data, cuts):
    raw = data.draw(encoded_text(codec))
    chunks = split(raw, cuts)
    assert b"".join(chunks) == raw
    parts = list(iter_decode(chunks, codec))
    assert "".join(parts) == raw.decode(codec)
    assert "" not in parts


@pytest.mark.parametrize("codec", CODECS)
@FAST
@given(data=st.data(), cuts=cuts, drop=st.integers(1, 3))
def test_truncated_input_reports_absolute_offset(codec, data, cuts, drop):
    raw = data.draw(encoded_text(codec))
    truncated = raw[: max(0, len(raw) - drop)]
    try:
        truncated.decode(codec)
    except UnicodeDecodeError as exc:
        expected = exc.start
    else:
        expected = None
    chunks = split(truncated, cuts)
    if expected is None:
        assert "".join(iter_decode(chunks, codec)) == truncated.decode(codec)
    else:
        with pytest.raises(DecodeError) as info:
            "".join(iter_decode(chunks, codec, where="x.txt"))
        assert info.value.offset == expected
        assert info.value.where == "x.txt"
        assert "x.txt" in str(info.value) and f"offset {expected}" in str(info.value)


@pytest.mark.parametrize("codec", CODECS)
@FAST
@given(raw=st.binary(max_size=40), cuts=cuts)
def test_any_bytes_fail_where_whole_decoding_fails(codec, raw, cuts):
    # Arbitrary bytes: chunked decoding raises exactly when, and where, decoding all at once does.
    chunks = split(raw, cuts)
    try:
        whole = raw.decode(codec)
    except UnicodeDecodeError as exc:
        with pytest.raises(DecodeError) as info:
            list(iter_decode(chunks, codec))
        assert info.value.offset == exc.start
    else:
        assert "".join(iter_decode(chunks, codec)) == whole


def test_offset_counts_bytes_held_back_from_the_previous_chunk():
    with pytest.raises(DecodeError) as info:
        list(iter_decode([b"ok", b"caf\xc3", b"\x28"], "utf-8"))
    assert info.value.offset == 5
    assert info.value.reason == "invalid continuation byte"


def test_stream_ending_mid_character():
    with pytest.raises(DecodeError) as info:
        list(iter_decode([b"ok", b"caf", b"\xc3"], "utf-8", where="menu.txt"))
    assert info.value.offset == 5
    assert str(info.value).startswith("menu.txt: cannot decode byte c3 at offset 5")
    cp932 = "テスト".encode("cp932")
    with pytest.raises(DecodeError) as info:
        list(iter_decode([cp932[:3], cp932[3:5]], "cp932"))
    assert info.value.offset == 4


def test_error_names_the_encoding_not_the_codec():
    with pytest.raises(DecodeError) as info:
        list(iter_decode([b"ab", b"\x81"], "cp1252"))
    assert info.value.encoding == "windows-1252"
    assert "charmap" not in str(info.value)


def test_error_is_still_a_unicode_decode_error():
    with pytest.raises(UnicodeDecodeError):
        list(iter_decode([b"\xff"], "utf-8"))


def test_text_comes_out_as_soon_as_complete():
    gen = iter_decode(iter([b"a\xc3", b"\xb1o"]), "utf-8")
    assert next(gen) == "a"
    assert next(gen) == "ño"
    assert list(gen) == []


def test_replace_is_opt_in_and_matches_whole_decoding():
    raw = "año".encode() + b"\xff" + "ñ".encode()[:1]
    chunks = [raw[i : i + 1] for i in range(len(raw))]
    assert "".join(iter_decode(chunks, "utf-8", "replace")) == raw.decode("utf-8", "replace")
    with pytest.raises(DecodeError):
        list(iter_decode(chunks, "utf-8"))


def test_chunk_bug_that_iter_decode_fixes():
    raw = ("日本語のテキスト" * 50).encode("cp932")
    chunks = list(split(raw, list(range(7, len(raw), 7))))
    naive = "".join(c.decode("cp932", "replace") for c in chunks)
    assert naive != raw.decode("cp932")  # the lesson's bug, reproduced
    assert "".join(iter_decode(chunks, "cp932")) == raw.decode("cp932")


def test_iter_decode_reads_codec_names_and_takes_encoding_values():
    raw = [b"10\x81", b"\x6020"]
    # "Shift_JIS" is a codec name here (strict JIS: WAVE DASH); the Encoding a label
    # resolves to is cp932, as in browsers (FULLWIDTH TILDE).
    assert "".join(iter_decode(raw, "Shift_JIS")) == "10\u301c20"
    assert "".join(iter_decode(raw, resolve("Shift_JIS", label=True))) == "10\uff5e20"


@pytest.mark.parametrize("raw", [b"\xef", b"\xef\xbb"])
def test_partial_bom_fails_like_whole_decoding(raw):
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8-sig")
    with pytest.raises(DecodeError):
        list(iter_decode([raw], "utf-8-sig"))


def test_bom_less_utf16_decodes_like_whole_decoding_or_fails_located():
    raw = "hola".encode("utf-16-le")
    try:
        text = "".join(iter_decode([raw], "utf-16", where="x.txt"))
    except DecodeError:
        return  # a located error is acceptable too
    assert text == raw.decode("utf-16")


# --- read_chunks ------------------------------------------------------------------------------


def test_read_chunks(tmp_path):
    path = tmp_path / "a.bin"
    path.write_bytes(bytes(range(10)))
    assert list(read_chunks(path, 4)) == [bytes(range(4)), bytes(range(4, 8)), b"\x08\x09"]
    assert list(read_chunks(str(path))) == [bytes(range(10))]
    with pytest.raises(ValueError):
        list(read_chunks(path, 0))
    with pytest.raises(TypeError):
        read_chunks(str(path).encode())


# --- transcode --------------------------------------------------------------------------------


def sample_text(codec: str) -> str:
    chars = ALPHABETS[codec]
    return "".join(chars[(i * 7) % len(chars)] for i in range(600))


@pytest.mark.parametrize("chunk_size", [1, 2, 3, 7, 4096])
@pytest.mark.parametrize("codec", CODECS)
def test_transcode_round_trip(tmp_path, codec, chunk_size):
    text = sample_text(codec)
    original = text.encode(codec)
    src, mid, back = tmp_path / "src.txt", tmp_path / "mid.txt", tmp_path / "back.txt"
    src.write_bytes(original)
    target = "utf-8" if codec != "utf-8" else "utf-16-le"

    report = transcode(src, mid, codec, target, chunk_size=chunk_size)
    assert isinstance(report, TranscodeReport)
    assert (report.source.codec, report.target.codec) == (
        codecs.lookup(codec).name,
        codecs.lookup(target).name,
    )
    assert (report.bytes_read, report.chars, report.bytes_written) == (
        len(original),
        len(text),
        len(text.encode(target)),
    )
    assert mid.read_bytes() == text.encode(target)
    transcode(str(mid), str(back), target, codec, chunk_size=chunk_size)
    assert back.read_bytes() == original
    assert sorted(os.listdir(tmp_path)) == ["back.txt", "mid.txt", "src.txt"]


def test_transcode_reports_progress_chunk_by_chunk(tmp_path):
    src, dst = tmp_path / "src.txt", tmp_path / "dst.txt"
    src.write_bytes("año ".encode("cp1252") * 2500)  # 10,000 bytes
    seen: list[int] = []
    report = transcode(src, dst, "cp1252", chunk_size=4096, progress=seen.append)
    assert seen == [4096, 4096, 1808]
    assert sum(seen) == report.bytes_read


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_transcode_overwrites_existing_dst(tmp_path):
    src, dst = tmp_path / "src.txt", tmp_path / "dst.txt"
    src.write_bytes("año".encode("cp1252"))
    dst.write_text("old")
    os.chmod(dst, 0o640)
    transcode(src, dst, "cp1252")
    assert dst.read_bytes() == "año".encode()
    assert os.stat(dst).st_mode & 0o777 == 0o640


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_transcode_new_dst_gets_the_mode_of_src(tmp_path):
    src, dst = tmp_path / "src.txt", tmp_path / "dst.txt"
    src.write_bytes(b"abc")
    os.chmod(src, 0o604)
    transcode(src, dst, "cp1252")
    assert os.stat(dst).st_mode & 0o777 == 0o604


@pytest.mark.parametrize(
    ("raw", "offset"),
    [
        (b"hola " * 1000 + b"\xff" + b"adios", 5000),  # invalid byte in the middle
        (b"hola " * 1000 + "añ".encode()[:2], 5001),  # stops mid-character
    ],
)
@pytest.mark.parametrize("dst_exists", [False, True])
def test_transcode_bad_input_leaves_no_trace(tmp_path, raw, offset, dst_exists):
    src, dst = tmp_path / "src.txt", tmp_path / "dst.txt"
    src.write_bytes(raw)
    if dst_exists:
        dst.write_bytes(b"previous content")
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(DecodeError) as info:
        transcode(src, dst, "utf-8", "utf-16-le", chunk_size=7)
    assert info.value.offset == offset
    assert info.value.where == str(src)
    assert str(src) in str(info.value)
    assert sorted(os.listdir(tmp_path)) == before
    if dst_exists:
        assert dst.read_bytes() == b"previous content"


def test_transcode_unencodable_character(tmp_path):
    src, dst = tmp_path / "src.txt", tmp_path / "dst.txt"
    src.write_bytes("precio: 5 € o 한".encode())
    with pytest.raises(EncodeError, match="character offset 14") as info:
        transcode(src, dst, "utf-8", "cp1252", chunk_size=3)
    assert isinstance(info.value, UnicodeEncodeError)
    assert os.listdir(tmp_path) == ["src.txt"]
    transcode(src, dst, "utf-8", "cp1252", errors="replace")
    assert dst.read_bytes() == "precio: 5 € o ?".encode("cp1252")


def test_transcode_refuses_same_file(tmp_path):
    src = tmp_path / "a.txt"
    src.write_bytes(b"data")
    with pytest.raises(ValueError, match="same file"):
        transcode(src, src, "utf-8", "utf-16-le")
    with pytest.raises(ValueError, match="same file"):
        transcode(src, tmp_path / "." / "a.txt", "utf-8", "utf-16-le")
    assert src.read_bytes() == b"data"
    assert os.listdir(tmp_path) == ["a.txt"]


def test_transcode_refuses_an_encoding_without_encoder(tmp_path):
    src = tmp_path / "a.txt"
    src.write_bytes(b"data")
    with pytest.raises(ValueError, match="no encoder"):
        transcode(src, tmp_path / "b.txt", "utf-8", resolve("iso-2022-kr", label=True))
    assert os.listdir(tmp_path) == ["a.txt"]


def test_transcode_missing_source(tmp_path):
    with pytest.raises(FileNotFoundError):
        transcode(tmp_path / "nope.txt", tmp_path / "out.txt", "utf-8")
    assert os.listdir(tmp_path) == []


def test_transcode_memory_does_not_grow_with_file_size(tmp_path):
    block = ("¿Qué tal? Año nuevo, señor Muñoz. “Olé” — 5 €. " * 1400).encode("cp1252")
    src, dst = tmp_path / "big.txt", tmp_path / "big.utf8.txt"
    with open(src, "wb") as f:
        for _ in range(20 * 2**20 // len(block)):
            f.write(block)
    size = src.stat().st_size
    assert size > 19 * 2**20
    tracemalloc.start()
    try:
        report = transcode(src, dst, "cp1252", "utf-8")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report.bytes_read == size
    assert report.bytes_written == dst.stat().st_size > size
    assert peak < 3 * 2**20, peak


# --- write_atomic -----------------------------------------------------------------------------


def test_write_atomic_replaces_whole_or_leaves_the_old_file(tmp_path):
    target = tmp_path / "out.txt"
    write_atomic(target, b"old")
    with pytest.raises(TypeError):
        write_atomic(target, "not bytes")  # fails mid-write
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"


def test_write_atomic_with_a_writer(tmp_path):
    target = tmp_path / "out.txt"

    def writer(f):
        f.write(b"part 1, ")
        f.write(b"part 2")

    write_atomic(target, writer)
    assert target.read_bytes() == b"part 1, part 2"
    write_atomic(str(target), bytearray(b"again"))
    assert target.read_bytes() == b"again"


def test_write_atomic_cleans_up_after_a_signal_handled_as_the_file_is_created(
    tmp_path, monkeypatch
):
    # CPython runs a signal handler right after a call returns: os.open has created the
    # temporary file, and the exception comes before its result is stored. (CI saw SIGTERM
    # leave `.out.txt.codecbox-*.tmp` behind this way.)
    import codecbox.streaming as streaming

    target = tmp_path / "out.txt"
    target.write_bytes(b"previous")
    real_open = os.open

    def open_then_interrupted(path, flags, mode=0o777):
        os.close(real_open(path, flags, mode))
        raise KeyboardInterrupt

    monkeypatch.setattr(streaming.os, "open", open_then_interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new")
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    assert target.read_bytes() == b"previous"


# --- sniff ------------------------------------------------------------------------------------

KOREAN = ("대한민국은 민주공화국이다. " * 40).encode("cp949")


def cuts_a_character(data: bytes, n: int, encoding: str = "cp949") -> bool:
    try:
        data[:n].decode(encoding)
    except UnicodeDecodeError:
        return True
    return False


MID = next(n for n in range(300, 320) if cuts_a_character(KOREAN, n))


def korean(encoding):
    """EUC-KR by any of its names (the exact WHATWG decoder or Python's codecs)."""
    return encoding is not None and encoding.name.lower().replace("-", "_") in ("euc_kr", "cp949")


def test_sniff_bytes_with_a_prefix_cutting_a_character():
    assert cuts_a_character(KOREAN, 9)
    assert not korean(guess_codecbox(KOREAN[:9]).encoding)  # the bug sniff avoids
    assert korean(sniff(KOREAN, max_bytes=9).encoding)
    assert sniff(KOREAN, max_bytes=9).detector == "codecbox"


def test_sniff_decides_as_decode_bytes_on_the_whole_input():
    # It all fits in max_bytes: the decision is decode_bytes's (the detector is asked as
    # on a prefix there too, so a last character cut off does not change the answer).
    for data in (KOREAN[:9], KOREAN[:10], KOREAN):
        guess = sniff(data, max_bytes=len(data))
        decoded = decode_bytes(data)
        assert (guess.encoding, guess.rule) == (decoded.encoding, decoded.rule)
    assert korean(sniff(KOREAN[:10], max_bytes=10).encoding)


@pytest.mark.filterwarnings("ignore:no_match_encoding:UserWarning")
def test_sniff_file(tmp_path):
    path = tmp_path / "ko.txt"
    path.write_bytes(KOREAN)
    assert korean(sniff_file(path, max_bytes=MID).encoding)
    guess = sniff_file(str(path), max_bytes=MID, detector="charset-normalizer")
    # charset-normalizer says cp949; the pipeline decodes with the exact WHATWG decoder
    assert korean(guess.encoding) and (guess.rule, guess.detector) == (
        Rule.DETECTED,
        "charset-normalizer",
    )
    if importlib.util.find_spec("chardet") is not None:  # an optional extra
        guess = sniff_file(path, ["cp1252", "cp949"], max_bytes=MID, detector="chardet")
        assert korean(guess.encoding)
    cut = tmp_path / "cut.txt"
    cut.write_bytes(KOREAN[:MID])
    assert sniff_file(cut) == sniff(KOREAN[:MID])


def spy_detector(seen, says=Rule.VALID_UTF8):
    def spy(data, candidates=None, *, prefix=False):
        seen.append((len(data), prefix))
        return Guess(resolve("cp1252"), "spy", says)

    return spy


#: Not UTF-8 and no evidence: only the detector can tell.
LEGACY = "Señal año ".encode("cp1252") * 10


def test_sniff_reads_only_the_prefix():
    seen = []
    spy = spy_detector(seen)
    guess = sniff(LEGACY, max_bytes=10, detector=spy)
    # the detector's own "valid UTF-8" does not survive: the pipeline says detected
    assert (guess.encoding.name, guess.rule, guess.detector) == (
        "windows-1252",
        Rule.DETECTED,
        "spy",
    )
    assert sniff(LEGACY[:10], max_bytes=10, detector=spy).detector == "spy"
    assert seen == [(10, True), (10, True)]  # decide always asks as on a prefix


def test_sniff_file_reads_only_the_prefix(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(LEGACY)
    seen = []
    sniff_file(path, max_bytes=10, detector=spy_detector(seen))
    assert seen == [(10, True)]


def test_sniff_reads_a_whole_bom_whatever_max_bytes():
    marked = codecs.BOM_UTF32_LE + "hola".encode("utf-32-le")
    for n in (1, 2, 3, 4, 100):
        guess = sniff(marked, max_bytes=n)
        assert (guess.encoding.name, guess.rule) == ("utf-32-le", Rule.BOM), n
    assert sniff(codecs.BOM_UTF16_LE + b"a\x00", max_bytes=2).encoding.name == "UTF-16LE"
    assert sniff(codecs.BOM_UTF8 + b"x", max_bytes=1).encoding.name == "UTF-8"


def test_sniff_file_reads_a_whole_bom_whatever_max_bytes(tmp_path):
    path = tmp_path / "u32.txt"
    path.write_bytes(codecs.BOM_UTF32_BE + "hola".encode("utf-32-be"))
    assert sniff_file(path, max_bytes=2).encoding.name == "utf-32-be"


def test_sniff_runs_the_evidence_before_any_detector():
    seen = []
    spy = spy_detector(seen)
    utf16 = "id,name\n1,Smith\n".encode("utf-16-le")
    assert sniff(utf16, detector=spy).rule is Rule.NUL_PATTERN
    assert sniff("メールです。".encode("iso2022_jp"), detector=spy).rule is Rule.ESCAPES
    png = bytes.fromhex("89504e470d0a1a0a0000000d49484452")
    binary = sniff(png, detector=spy)
    assert (binary.rule, binary.binary, binary.encoding.name) == (
        Rule.BINARY,
        "PNG image",
        "windows-1252",
    )
    mixed = ("El niño comió.\n" * 20).encode() + "señal".encode("cp1252")
    assert sniff(mixed, detector=spy).rule is Rule.MOSTLY_UTF8
    assert seen == []  # none of them needed the detector
    # A detector that calls invalid bytes valid UTF-8 is overruled by the pipeline.
    assert sniff(LEGACY, detector=spy).rule is Rule.DETECTED


def test_sniff_default_when_no_guess_fits():
    def nothing(data, candidates=None, *, prefix=False):
        return Guess(None, "nothing")

    guess = sniff(LEGACY, detector=nothing, default="iso-8859-15")
    assert (guess.encoding.name, guess.rule, guess.detector) == (
        "ISO-8859-15",
        Rule.DEFAULT,
        "nothing",
    )


def test_sniff_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="unknown detector"):
        sniff(b"abc", detector="magic")
    with pytest.raises(ValueError):
        sniff(b"abc", max_bytes=0)
    path = tmp_path / "a.txt"
    path.write_bytes(b"abc")
    with pytest.raises(ValueError):
        sniff_file(path, max_bytes=0)


# --- iter_decode equals decoding the whole input, for every codec it accepts (issue 9, item 7) ---

HARD_CODECS = [
    "utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le",
    "cp932", "shift_jis", "euc_jp", "cp949", "euc_kr", "gb18030", "big5hkscs", "iso2022_jp",
    "iso2022_kr", "iso2022_jp_2", "hz", "cp1252", "koi8_r", "mac_roman", "johab",
]  # fmt: skip
TEXT = "año café 日本語テキスト 한국어 中文 ＡＢＣ ½ € “quotes” \u00a0 \ud7a3 😀 Ωмир"


def _whole(data: bytes, codec: str, errors: str):
    try:
        return data.decode(codec, errors), None
    except UnicodeDecodeError as exc:
        return None, exc.start


def _pieces(data: bytes, codec: str, errors: str, cuts: list[int]):
    bounds = sorted({c % (len(data) + 1) for c in cuts})
    chunks = [data[a:b] for a, b in zip([0, *bounds], [*bounds, len(data)], strict=True)]
    try:
        return "".join(iter_decode(chunks, codec, errors)), None
    except DecodeError as exc:
        return None, exc.offset


@settings(max_examples=400, deadline=None)
@given(
    codec=st.sampled_from(HARD_CODECS),
    text=st.text(alphabet=st.sampled_from(TEXT), max_size=30),
    edits=st.lists(st.tuples(st.integers(0, 200), st.integers(0, 255)), max_size=3),
    cut=st.integers(0, 60),
    cuts=st.lists(st.integers(0, 200), max_size=6),
    errors=st.sampled_from(["strict", "replace"]),
)
def test_iter_decode_equals_whole_decoding(codec, text, edits, cut, cuts, errors):
    data = bytearray(text.encode(codec, "ignore"))
    for at, byte in edits:  # damage: insert a byte anywhere
        data.insert(at % (len(data) + 1), byte)
    data = bytes(data[: len(data) - cut % (len(data) + 1)] if cut % 3 == 0 else data)
    expected = _whole(data, codec, errors)
    got = _pieces(data, codec, errors, cuts)
    if codec == "utf-8-sig" and expected[1] is not None and data.startswith(codecs.BOM_UTF8):
        expected = (None, expected[1] + 3)  # iter_decode counts the mark; bytes.decode does not
    assert got == expected, (codec, errors, data)


@pytest.mark.parametrize(
    "raw", [b"\x1b$aaaaaaaaa", b"ok\x1b$aaaaaaaaaaaaaaa more", b"\x1b(\x05aaaaaaaa\xff"]
)
@pytest.mark.parametrize("errors", ["strict", "replace"])
def test_an_invalid_iso2022_escape_is_decoded_as_a_whole(raw, errors):
    """CPython's ISO-2022 incremental decoder overflows its pending buffer on these."""
    for cut in range(len(raw) + 1):
        assert _pieces(raw, "iso2022_jp", errors, [cut]) == _whole(raw, "iso2022_jp", errors)


def test_utf7_is_refused_up_front():
    with pytest.raises(ValueError, match="linear time"):
        iter_decode(iter([]), "utf-7")


# --- temporaries of killed processes, errors that name the destination (issue 9, item 8) -------

POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="POSIX signals and permissions")


@POSIX_ONLY
def test_a_killed_transcode_leaves_a_temporary_the_next_write_removes(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    src = tmp_path / "src.txt"
    src.write_bytes(("año " * 4_000_000).encode("cp1252"))  # 16 MB: long enough to kill midway
    script = (
        "import sys; from codecbox import transcode; "
        f"transcode({str(src)!r}, {str(tmp_path / 'out.txt')!r}, 'cp1252', chunk_size=4096)"
    )
    child = subprocess.Popen([sys.executable, "-c", script])
    for _ in range(3000):  # 10 ms apart: some 30 s
        if list(tmp_path.glob(".out.txt.codecbox-*.tmp")):
            break
        assert child.poll() is None, "the transcode ended before a temporary file appeared"
        time.sleep(0.01)
    else:
        child.kill()
        child.wait()
        pytest.fail("no temporary file appeared in 3,000 looks, 10 ms apart")
    child.send_signal(signal.SIGKILL)
    child.wait()
    (left,) = tmp_path.glob(".out.txt.codecbox-*.tmp")
    assert f"codecbox-{child.pid}-" in left.name
    assert not (tmp_path / "out.txt").exists()
    transcode(src, tmp_path / "out.txt", "cp1252")  # the next write to the same path
    assert not left.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt", "src.txt"]


def test_remove_stale_temporaries_spares_live_processes(tmp_path):
    mine = tmp_path / f".a.txt.codecbox-{os.getpid()}-00000000.tmp"
    mine.write_bytes(b"")
    unrelated = tmp_path / ".a.txt.other.tmp"
    unrelated.write_bytes(b"")
    assert remove_stale_temporaries(tmp_path) == []
    assert mine.exists() and unrelated.exists()


@POSIX_ONLY
@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root ignores modes")
def test_an_unwritable_folder_is_reported_with_the_destination_name(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    src = tmp_path / "src.txt"
    src.write_bytes(b"hola")
    os.chmod(folder, 0o500)
    try:
        with pytest.raises(PermissionError) as info:
            transcode(src, folder / "out.txt", "cp1252")
    finally:
        os.chmod(folder, 0o700)
    assert info.value.filename == str(folder / "out.txt")
    assert list(folder.iterdir()) == []


def test_a_missing_folder_is_reported_with_the_destination_name(tmp_path):
    src = tmp_path / "src.txt"
    src.write_bytes(b"hola")
    with pytest.raises(FileNotFoundError) as info:
        transcode(src, tmp_path / "nowhere" / "out.txt", "cp1252")
    assert info.value.filename == str(tmp_path / "nowhere" / "out.txt")
    with pytest.raises(FileNotFoundError) as info:
        write_atomic(tmp_path / "nowhere" / "x.txt", b"x")
    assert info.value.filename == str(tmp_path / "nowhere" / "x.txt")


@POSIX_ONLY
def test_a_killed_writers_temporaries_go_at_the_next_write_in_the_folder(tmp_path):
    """Issue 19, D9: a temporary file a killed process left beside another destination is
    removed by the next process that writes into the folder, not only by the next write to
    that same destination; a live process's temporary file stays."""
    import subprocess
    import sys

    from codecbox import streaming

    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".big.csv.codecbox-{dead.pid}-0badf00d.tmp"
    stale.write_bytes(b"x" * 1000)
    live = tmp_path / f".other.csv.codecbox-{os.getpid()}-00000000.tmp"
    live.write_bytes(b"")
    streaming._SWEPT.discard(str(tmp_path.resolve()))  # as in a new process
    write_atomic(tmp_path / "small.txt", b"hola")
    assert not stale.exists() and live.exists()
    assert (tmp_path / "small.txt").read_bytes() == b"hola"
