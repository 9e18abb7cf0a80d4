"""Tests for codecbox.streaming: chunked decoding, atomic transcoding, sniffing a prefix."""

from __future__ import annotations

import codecs
import os
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codecbox.detection import Guess, guess_v2
from codecbox.errors import DecodeError
from codecbox.streaming import TranscodeReport, iter_decode, read_chunks, sniff, transcode

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


# --- read_chunks ------------------------------------------------------------------------------


def test_read_chunks(tmp_path):
    path = tmp_path / "a.bin"
    path.write_bytes(bytes(range(10)))
    assert list(read_chunks(path, 4)) == [bytes(range(4)), bytes(range(4, 8)), b"\x08\x09"]
    assert list(read_chunks(str(path))) == [bytes(range(10))]
    with pytest.raises(ValueError):
        list(read_chunks(path, 0))


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
    assert report == TranscodeReport(
        codecs.lookup(codec).name,
        codecs.lookup(target).name,
        len(original),
        len(text),
        len(text.encode(target)),
    )
    assert mid.read_bytes() == text.encode(target)
    transcode(str(mid), str(back), target, codec, chunk_size=chunk_size)
    assert back.read_bytes() == original
    assert sorted(os.listdir(tmp_path)) == ["back.txt", "mid.txt", "src.txt"]


def test_transcode_overwrites_existing_dst(tmp_path):
    src, dst = tmp_path / "src.txt", tmp_path / "dst.txt"
    src.write_bytes("año".encode("cp1252"))
    dst.write_text("old")
    os.chmod(dst, 0o640)
    transcode(src, dst, "cp1252")
    assert dst.read_bytes() == "año".encode()
    assert os.stat(dst).st_mode & 0o777 == 0o640


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
    with pytest.raises(UnicodeEncodeError, match="text offset 14"):
        transcode(src, dst, "utf-8", "cp1252", chunk_size=3)
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


# --- sniff ------------------------------------------------------------------------------------

KOREAN = ("대한민국은 민주공화국이다. " * 40).encode("cp949")


def cuts_a_character(data: bytes, n: int, encoding: str = "cp949") -> bool:
    try:
        data[:n].decode(encoding)
    except UnicodeDecodeError:
        return True
    return False


MID = next(n for n in range(300, 320) if cuts_a_character(KOREAN, n))


def test_sniff_bytes_with_a_prefix_cutting_a_character():
    assert cuts_a_character(KOREAN, 9)
    assert guess_v2(KOREAN[:9]).encoding != "cp949"  # the bug sniff avoids
    assert sniff(KOREAN, prefix=9).encoding == "cp949"
    assert sniff(KOREAN, prefix=9, detector="v1").how == "cp949 (v1)"


def test_sniff_whole_input_is_checked_strictly():
    # It all fits in the prefix, so a cut at the end is a real truncation.
    assert sniff(KOREAN[:9], prefix=9).encoding != "cp949"
    assert sniff(KOREAN[:10], prefix=10).encoding == "cp949"


def test_sniff_file(tmp_path):
    path = tmp_path / "ko.txt"
    path.write_bytes(KOREAN)
    assert sniff(path, prefix=MID).encoding == "cp949"
    assert sniff(str(path), prefix=MID, detector="charset-normalizer").encoding == "cp949"
    assert sniff(path, ["cp1252", "cp949"], prefix=MID, detector="chardet").encoding == "cp949"
    cut = tmp_path / "cut.txt"
    cut.write_bytes(KOREAN[:MID])
    assert sniff(cut).encoding != "cp949"


def test_sniff_reads_only_the_prefix():
    seen = []

    def spy(data, candidates, *, prefix):
        seen.append((len(data), prefix))
        return Guess("utf-8", "spy")

    assert sniff(b"x" * 100, prefix=10, detector=spy) == Guess("utf-8", "spy")
    assert sniff(b"x" * 10, prefix=10, detector=spy).detector == "spy"
    assert seen == [(10, True), (10, False)]


def test_sniff_bad_arguments():
    with pytest.raises(ValueError, match="unknown detector"):
        sniff(b"abc", detector="magic")
    with pytest.raises(ValueError):
        sniff(b"abc", prefix=0)


def test_write_atomic_replaces_whole_or_leaves_the_old_file(tmp_path):
    from codecbox.streaming import write_atomic

    target = tmp_path / "out.txt"
    write_atomic(target, b"old")
    with pytest.raises(TypeError):
        write_atomic(target, "not bytes")  # fails mid-write
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
