"""The sample files of lesson 6 reproduce the figures the published lesson printed for its files."""

import codecs
import time

import pytest

from codecbox import samples
from codecbox.samples import PUBLISHED_CUTS, build, chunk_figures, prefix_guesses


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CODECBOX_CACHE", str(folder))
        start = time.perf_counter()
        paths = {name: build(name) for name in [*samples.FILES, "japanese_1mb_cp932.txt"]}
        yield paths, time.perf_counter() - start


def test_built_quickly_and_to_size(cache):
    paths, seconds = cache
    assert seconds < 10  # generous: about a second here
    assert paths["japanese_1mb_utf8.txt"].stat().st_size == 1_000_000
    for name in PUBLISHED_CUTS:
        assert paths[name].stat().st_size == 10 * 1024 * 1024


def test_same_text_in_both_japanese_files(cache):
    paths, _ = cache
    text = paths["japanese_1mb_utf8.txt"].read_bytes().decode("utf-8")
    assert paths["japanese_1mb_cp932.txt"].read_bytes() == text.encode("cp932")


def test_chunk_bug_utf8(cache):
    paths, _ = cache
    figures = chunk_figures(paths["japanese_1mb_utf8.txt"].read_bytes(), "utf-8")
    assert figures.first_error == (
        "chunk #1 failed: 'utf-8' codec can't decode bytes in position 4094-4095: "
        "unexpected end of data"
    )
    assert figures.replacements == 412


def test_chunk_bug_cp932(cache):
    paths, _ = cache
    data = paths["japanese_1mb_cp932.txt"].read_bytes()
    figures = chunk_figures(data, "cp932")
    assert figures.first_error == (
        "chunk #3 failed: 'cp932' codec can't decode byte 0x83 in position 4095: "
        "incomplete multibyte sequence"
    )
    assert (figures.replacements, figures.extra_chars, figures.halfwidth) == (86, 85, 59)
    # the second byte of テ (83 65) starts chunk #4 and is read as the letter e
    assert data[4 * 4096 - 1 : 4 * 4096 + 1] == "テ".encode("cp932") == b"\x83\x65"
    assert data[4 * 4096 : 5 * 4096].decode("cp932", errors="replace")[0] == "e"


@pytest.mark.parametrize("name", ["japanese_1mb_utf8.txt", "japanese_1mb_cp932.txt"])
def test_incremental_decoder_has_no_damage(cache, name):
    paths, _ = cache
    data = paths[name].read_bytes()
    encoding = "utf-8" if "utf8" in name else "cp932"
    decoder = codecs.getincrementaldecoder(encoding)()
    pieces = [decoder.decode(data[i : i + 4096]) for i in range(0, len(data), 4096)]
    pieces.append(decoder.decode(b"", final=True))
    assert "".join(pieces) == data.decode(encoding)
    assert "\ufffd" not in "".join(pieces)


@pytest.mark.parametrize("name", list(PUBLISHED_CUTS))
def test_prefix_bug_as_published(cache, name):
    paths, _ = cache
    data = paths[name].read_bytes()[:65600]
    assert prefix_guesses(data) == PUBLISHED_CUTS[name]


@pytest.mark.parametrize("name", list(PUBLISHED_CUTS))
def test_decode_prefix_gets_every_cut_right(cache, name):
    paths, _ = cache
    data = paths[name].read_bytes()[:65600]
    right = {"big_cp949_utf8.txt": "utf-8", "big_cp932.txt": "cp932", "big_cp949.txt": "cp949"}
    cuts = (65534, 65535, 65536, 65537, 65538)
    assert prefix_guesses(data, cuts, prefix=True) == (right[name],) * 5
