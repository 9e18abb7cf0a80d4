"""curso.l06.samples: the sample files of lesson 6 reproduce the figures the published lesson
printed for its files (``data/published/l06.toml``, ``[chunks]`` and ``[prefix]``)."""

from __future__ import annotations

import codecs

import pytest

from codecbox.streaming import write_atomic
from curso import paths as corpus
from curso.l06 import samples
from curso.l06.samples import CHUNK, build, chunk_figures, prefix_guesses, published_cuts
from curso.published import cite

BIG_FILES = ("big_cp949_utf8.txt", "big_cp932.txt", "big_cp949.txt")
RIGHT = {"big_cp949_utf8.txt": "utf-8", "big_cp932.txt": "cp932", "big_cp949.txt": "cp949"}


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """The files built into a new cache, and the name of each file written, in order."""
    folder = tmp_path_factory.mktemp("cache")
    written: list[str] = []

    def counted(path, data):
        written.append(path.name)
        write_atomic(path, data)

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CODECBOX_CACHE", str(folder))
        mp.setattr(samples, "write_atomic", counted)
        paths = {name: build(name) for name in [*samples.FILES, "japanese_1mb_cp932.txt"]}
        yield paths, written


def test_published_cuts_are_the_cited_answers():
    cuts = published_cuts()
    assert set(cuts) == set(BIG_FILES)
    for name, answers in cuts.items():
        assert len(answers) == len(cite("l06", "prefix.cuts")) == 3, name
        for answer in answers:  # no answer (None, not the string "None"), or a codec
            assert answer is None or codecs.lookup(answer), name
    assert None in cuts["big_cp932.txt"]  # the cut inside a character: no answer at all


def test_built_once_into_the_cache_and_to_size(cache):
    paths, written = cache
    assert sorted(written) == sorted(paths)  # each file written once, none again
    assert {path.name for path in paths.values()} == set(paths)
    assert len({path.parent for path in paths.values()}) == 1  # all in the one cache folder
    assert paths["japanese_1mb_utf8.txt"].stat().st_size == 1_000_000
    for name in BIG_FILES:
        assert paths[name].stat().st_size == 10 * 1024 * 1024


def test_files_are_whole_text_in_their_encoding(cache):
    paths, _ = cache
    for name, (lang, encoding, size) in samples.FILES.items():
        text = paths[name].read_bytes().decode(encoding)  # strict: no cut character
        lines = [line.rstrip(" ") for line in text.splitlines()[:-1]]  # the last one is cut
        assert len(lines) > 100
        assert set(lines) <= set(corpus.paragraphs(lang)), name
        assert size == paths[name].stat().st_size


def test_build_reuses_what_is_in_the_cache(cache, monkeypatch):
    paths, _ = cache
    monkeypatch.setenv("CODECBOX_CACHE", str(paths["big_cp932.txt"].parent))
    stamp = paths["big_cp932.txt"].stat().st_mtime_ns
    monkeypatch.setattr(samples, "_recipes", lambda: pytest.fail("rebuilt a cached file"))
    assert build("big_cp932.txt") == paths["big_cp932.txt"]
    assert paths["big_cp932.txt"].stat().st_mtime_ns == stamp


def test_same_text_in_both_japanese_files(cache):
    paths, _ = cache
    text = paths["japanese_1mb_utf8.txt"].read_bytes().decode("utf-8")
    assert paths["japanese_1mb_cp932.txt"].read_bytes() == text.encode("cp932")


def test_chunk_bug_utf8(cache):
    paths, _ = cache
    cited = cite("l06", "chunks")
    figures = chunk_figures(paths["japanese_1mb_utf8.txt"].read_bytes(), "utf-8")
    assert figures.first_error_chunk == cited["utf8_first_error_chunk"] == 1
    assert figures.first_error == cited["utf8_first_error"]
    assert figures.first_error.startswith("'utf-8' codec can't decode")
    assert figures.replacements == cited["utf8_replacements"]


def test_chunk_bug_cp932(cache):
    paths, _ = cache
    cited = cite("l06", "chunks")
    data = paths["japanese_1mb_cp932.txt"].read_bytes()
    figures = chunk_figures(data, "cp932")
    assert figures.first_error_chunk == cited["cp932_first_error_chunk"]
    assert figures.first_error == cited["cp932_first_error"]
    assert (figures.replacements, figures.extra_chars, figures.halfwidth) == (
        cited["cp932_replacements"],
        cited["cp932_extra_chars"],
        cited["cp932_halfwidth_katakana"],
    )
    # the second byte of テ (83 65) starts chunk #4 and is read as the letter e
    assert data[4 * CHUNK - 1 : 4 * CHUNK + 1] == "テ".encode("cp932") == b"\x83\x65"
    assert data[4 * CHUNK : 5 * CHUNK].decode("cp932", errors="replace")[0] == "e"


def test_chunk_figures_on_a_small_example():
    data = "añoñ".encode()  # 61 C3 | B1 6F | C3 B1: the first ñ is cut, the second is not
    figures = chunk_figures(data, "utf-8", chunk=2)
    assert figures.first_error_chunk == 0
    assert figures.first_error.startswith("'utf-8' codec can't decode byte 0xc3")
    # "a\ufffd" + "\ufffdo" + "ñ": two replacements, one character more than "añoñ"
    assert (figures.replacements, figures.extra_chars, figures.halfwidth) == (2, 1, 0)
    clean = chunk_figures(data, "utf-8", chunk=3)  # 61 C3 B1 | 6F C3 B1: no cut
    assert (clean.first_error_chunk, clean.first_error) == (None, None)
    assert (clean.replacements, clean.extra_chars) == (0, 0)
    # a U+FFFD already in the text is not damage
    kept = chunk_figures("a\ufffdb".encode(), "utf-8", chunk=2)  # 61 EF | BF BD | 62
    assert (kept.replacements, kept.extra_chars) == (2, 2)  # 3 U+FFFD out, 1 was text
    assert chunk_figures("a\ufffdb".encode(), "utf-8", chunk=8).replacements == 0
    # 娃 is 88 A1 in CP932: cut in two, the trail byte alone is the half-width ｡
    kana = chunk_figures("娃".encode("cp932"), "cp932", chunk=1)
    assert (kana.replacements, kana.extra_chars, kana.halfwidth) == (1, 1, 1)


@pytest.mark.parametrize("name", ["japanese_1mb_utf8.txt", "japanese_1mb_cp932.txt"])
def test_incremental_decoder_has_no_damage(cache, name):
    paths, _ = cache
    data = paths[name].read_bytes()
    encoding = "utf-8" if "utf8" in name else "cp932"
    decoder = codecs.getincrementaldecoder(encoding)()
    pieces = [decoder.decode(data[i : i + CHUNK]) for i in range(0, len(data), CHUNK)]
    pieces.append(decoder.decode(b"", final=True))
    assert "".join(pieces) == data.decode(encoding)
    assert "\ufffd" not in "".join(pieces)


@pytest.mark.parametrize("name", BIG_FILES)
def test_prefix_bug_as_published(cache, name):
    paths, _ = cache
    data = paths[name].read_bytes()[:65600]
    assert prefix_guesses(data, cite("l06", "prefix.cuts")) == published_cuts()[name]
    assert prefix_guesses(data) == published_cuts()[name]  # the default cuts are those


@pytest.mark.parametrize("name", BIG_FILES)
def test_decode_prefix_gets_every_cut_right(cache, name):
    paths, _ = cache
    data = paths[name].read_bytes()[:65600]
    cuts = (65534, 65535, 65536, 65537, 65538)
    assert prefix_guesses(data, cuts, prefix=True) == (RIGHT[name],) * 5
