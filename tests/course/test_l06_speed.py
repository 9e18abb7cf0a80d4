"""curso.l06.speed: sample files, timing helpers, the speed table's forms, the cited figures.

No absolute speed is asserted (those live in benchmarks/convert.py); only one ratio, with a
margin wide enough never to flake.
"""

from __future__ import annotations

import copy
import shutil

import pytest

from codecbox.streaming import transcode
from curso import published
from curso.l06.speed import (
    ENCODINGS,
    METHODS,
    PUBLISHED_ONLY,
    SpeedTable,
    Timing,
    conversion_table,
    make_text_file,
    median_time,
    published_ms,
    published_ratios,
    published_table,
    ratios,
    text_file,
)
from curso.published import cite

SMALL = 200_000
HAVE_ICONV = shutil.which("iconv") is not None


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("CODECBOX_CACHE", str(folder))
    return folder


@pytest.fixture(scope="module")
def small_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("speed")
    return {enc: make_text_file(folder / f"{enc}.txt", enc, SMALL) for enc in ENCODINGS}


@pytest.fixture(scope="module")
def table(small_files, tmp_path_factory):
    return conversion_table(small_files, repeat=1, workdir=tmp_path_factory.mktemp("work"))


# --- sample files ---


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_make_text_file_is_deterministic(tmp_path, encoding):
    a = make_text_file(tmp_path / "a.txt", encoding, SMALL)
    b = make_text_file(tmp_path / "b.txt", encoding, SMALL)
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("size", [0, 1, 2, 3, 101, 4097, SMALL, SMALL + 1])
def test_make_text_file_exact_size_whole_characters(tmp_path, encoding, size):
    data = make_text_file(tmp_path / "f.txt", encoding, size).read_bytes()
    assert len(data) == size
    data.decode(encoding)  # strict: whole characters only, nothing invalid


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_make_text_file_is_real_text_in_its_language(tmp_path, encoding):
    text = make_text_file(tmp_path / "f.txt", encoding, SMALL).read_bytes().decode(encoding)
    assert text.count("\n") > 10
    if encoding == "cp932":
        assert sum("\u3040" <= c <= "\u30ff" for c in text) > len(text) / 10  # kana
    elif encoding == "cp949":
        assert sum("\uac00" <= c <= "\ud7a3" for c in text) > len(text) / 10  # hangul
    else:
        assert "ñ" in text or "é" in text


def test_make_text_file_leaves_no_temporary_file(tmp_path):
    make_text_file(tmp_path / "f.txt", "cp1252", 1000)
    assert [p.name for p in tmp_path.iterdir()] == ["f.txt"]


def test_make_text_file_needs_a_language(tmp_path):
    with pytest.raises(ValueError, match="lang"):
        make_text_file(tmp_path / "f.txt", "utf-8", 100)
    with pytest.raises(ValueError, match="unknown corpus language 'no-such-language'"):
        make_text_file(tmp_path / "f.txt", "utf-8", 100, lang="no-such-language")
    data = make_text_file(tmp_path / "f.txt", "utf-8", 1001, lang="es").read_bytes()
    assert len(data) == 1001 and data.decode("utf-8")
    with pytest.raises(ValueError, match="negative"):
        make_text_file(tmp_path / "f.txt", "cp1252", -1)


def test_text_file_builds_once_in_the_cache(cache):
    path = text_file("cp949", SMALL)
    assert path.parent == cache and path.stat().st_size == SMALL
    stamp = path.stat().st_mtime_ns
    assert text_file("cp949", SMALL) == path
    assert path.stat().st_mtime_ns == stamp
    assert path.read_bytes() == make_text_file(cache / "copy", "cp949", SMALL).read_bytes()


def test_text_file_replaces_a_stale_build(cache):
    path = text_file("cp1252", 5000)
    stale = path.with_name(path.name.rsplit("-", 1)[0] + "-000000000000.txt")
    path.rename(stale)
    other = text_file("cp1252", 6000)  # another size: not stale, kept
    assert text_file("cp1252", 5000) == path
    assert path.exists() and not stale.exists() and other.exists()


# --- timing ---


def fake_clock(durations):
    """A clock whose successive start/stop readings are ``durations`` apart."""
    readings, now = [], 0.0
    for d in durations:
        readings += [now, now + d]
        now += d + 100
    return iter(readings).__next__


def test_median_time_is_the_median():
    calls = []
    assert median_time(lambda: calls.append(1), 3, clock=fake_clock([5, 1, 3])) == 3
    assert len(calls) == 3
    assert median_time(lambda: None, 4, clock=fake_clock([8, 1, 2, 4])) == 3
    assert median_time(lambda: None, 1, clock=fake_clock([7])) == 7


def test_median_time_needs_a_run():
    with pytest.raises(ValueError, match="at least 1"):
        median_time(lambda: None, 0)


def test_timing_units():
    t = Timing("python", "cp932", 0.5, 2_000_000, (0.5,))
    assert t.ms == 500 and t.mb_per_s == 4
    missing = Timing("iconv", "cp932", None, 10, note="absent")
    assert missing.ms is None and missing.mb_per_s is None
    assert Timing("cat", "cp932", 0.0, 10).mb_per_s == float("inf")


# --- the table ---


def test_the_three_methods_give_identical_bytes(table, small_files):
    assert isinstance(table, SpeedTable)
    assert table.encodings == ENCODINGS
    for enc in ENCODINGS:
        expected = {"python", "transcode"} | ({"iconv"} if HAVE_ICONV else set())
        assert set(table.compared[enc]) == expected
        assert table.identical[enc] is True
        assert table.sizes[enc] == SMALL
        assert table.files[enc] == str(small_files[enc])


def test_every_cell_is_measured(table):
    for method in METHODS:
        for enc in ENCODINGS:
            timing = table.get(method, enc)
            if method == "iconv" and not HAVE_ICONV:
                assert timing.seconds is None
            else:
                assert timing.seconds is not None and len(timing.runs) == 1
                assert table.ms(method, enc) == timing.seconds * 1000
    assert table.validation.nbytes > SMALL  # CP932 text grows by half in UTF-8


def test_cited_columns_hold_the_published_figures(table):
    t = table.table()
    assert t.header[1:] == tuple(x for enc in ENCODINGS for x in (enc.upper(), "M1 Pro*"))
    assert t.muted == frozenset({2, 4, 6})
    rows = {row[0]: row for row in t.rows if row is not None}
    cat_ms = cite("l06", "speed.cat_ms")
    for method, label in {**METHODS, **PUBLISHED_ONLY}.items():
        cited = rows[label][2::2]
        if method == "cat":
            expected = [f"{cat_ms:g} ms"] * len(ENCODINGS)
        else:
            ms = [published_ms(method, enc) for enc in ENCODINGS]
            expected = ["—" if v is None else f"{v} ms" for v in ms]
        assert list(cited) == expected, label
    assert rows[METHODS["transcode"]][2::2] == ("—",) * 3  # not in the published table
    assert rows[PUBLISHED_ONLY["php_iconv"]][1::2] == ("(no medido)",) * 3


def test_plain_text_shows_the_published_figures_as_citations(table):
    text = str(table)
    assert repr(table) == text
    for label in [*METHODS.values(), *PUBLISHED_ONLY.values()]:
        assert label in text
    assert "M1 Pro*" in text and "Cita, no medido aquí" in text
    for method in ("python", "iconv", *PUBLISHED_ONLY):
        for enc in ENCODINGS:
            assert f"{published_ms(method, enc)} ms" in text
    pv = cite("l06", "speed.validation")
    assert f"publicado: {pv['mb']} MB en {pv['ms']} ms" in text
    assert "idénticas" in text and "DISTINTAS" not in text
    lines = text.splitlines()
    rule = next(i for i, line in enumerate(lines) if set(line) <= {"-", " "})
    assert lines[rule + 1 + 6] == lines[rule]  # 6 rows of ms, then the rule, then MB/s


def test_html_form(table):
    page = table._repr_html_()
    assert page.startswith("<table") and page.count("<tr>") == 1 + 6 + 3
    assert f"{published_ms('iconv', 'cp932')} ms" in page and "PHP mb_convert_encoding" in page
    assert "Cita, no medido aquí" in page
    assert '<th style="text-align: right; color: #888">M1 Pro*</th>' in page


def test_missing_iconv_is_reported_not_fatal(small_files, tmp_path):
    only = {"cp1252": small_files["cp1252"]}
    table = conversion_table(only, repeat=1, iconv="codecbox-no-such-iconv", workdir=tmp_path)
    timing = table.get("iconv", "cp1252")
    assert timing.seconds is None and "no está instalado" in timing.note
    assert table.identical["cp1252"] and table.compared["cp1252"] == ("python", "transcode")
    assert "no está instalado" in str(table)
    r = ratios(table)
    assert r["iconv_over_python"] == {"cp1252": None} and r["iconv_over_python_min"] is None
    assert list(tmp_path.iterdir()) == []  # the transcode output is cleaned up


def test_published_false_leaves_the_citations_out_and_progress_is_reported(small_files, tmp_path):
    only = {"cp1252": small_files["cp1252"]}
    reports: list[tuple[int, int]] = []
    bare = conversion_table(
        only, repeat=1, workdir=tmp_path, published=False, progress=lambda *a: reports.append(a)
    )
    total = len(METHODS) + 1  # every method on the one file, then the validation
    assert reports == [(done, total) for done in range(1, total + 1)]
    text = str(bare)
    assert "M1 Pro" not in text and "publicado" not in text and "PHP" not in text
    assert text.splitlines()[0].split() == ["Conversión", "a", "UTF-8", "CP1252"]
    assert bare.table().muted == frozenset()
    assert "M1 Pro*" in str(conversion_table(only, repeat=1, workdir=tmp_path))


def test_published_table_holds_only_cited_figures():
    t = published_table()
    rows = {row[0]: row[1:] for row in t.rows}
    assert rows[METHODS["python"]] == tuple(f"{published_ms('python', e)} ms" for e in ENCODINGS)
    assert rows[METHODS["cat"]] == (f"{cite('l06', 'speed.cat_ms')} ms",) * len(ENCODINGS)
    assert METHODS["transcode"] not in rows  # not measured there
    assert set(PUBLISHED_ONLY.values()) <= set(rows)
    assert "Cita, no medido aquí" in str(t)


def test_encodings_use_the_cache(cache):
    table = conversion_table(["cp1252"], repeat=1, size=3000)
    assert table.sizes == {"cp1252": 3000}
    assert table.files["cp1252"].startswith(str(cache))


def test_ratios_follow_the_timings(table):
    r = ratios(table)
    for enc in ENCODINGS:
        python = table.get("python", enc).seconds
        assert r["transcode_over_python"][enc] == table.get("transcode", enc).seconds / python
        assert r["python_mb_s"][enc] == table.get("python", enc).mb_per_s
        if HAVE_ICONV:
            iconv, cat = table.get("iconv", enc).seconds, table.get("cat", enc).seconds
            assert r["iconv_over_python"][enc] == iconv / python
            assert r["iconv_minus_cat_over_python"][enc] == (iconv - cat) / python
    assert r["validation_mb_s"] == table.validation.mb_per_s
    assert r["validation_mb"] == table.validation.nbytes / 1e6


# --- the cited figures ---


@pytest.mark.parametrize("method", ["python", "iconv", *PUBLISHED_ONLY])
def test_every_cited_conversion_time_exists(method):
    for enc in ENCODINGS:
        ms = published_ms(method, enc)
        assert isinstance(ms, int) and ms > 0, (method, enc)


def test_published_ms_is_none_where_nothing_was_published():
    assert published_ms("transcode", "cp932") is None  # not a published row
    assert published_ms("python", "utf-16") is None  # not a published column


def test_published_ratios_are_computed_from_the_toml(monkeypatch):
    figures = copy.deepcopy(published.figures("l06"))
    speed = figures["speed"]
    speed["python"] = {"cp932": 10, "cp949": 20, "cp1252": 40}
    speed["iconv"] = {"cp932": 30, "cp949": 100, "cp1252": 80}
    speed["cat_ms"] = 5
    speed["size_mib"] = 1
    speed["validation"] = {"mb": 2.0, "ms": 4.0}
    monkeypatch.setattr(published, "_load", lambda lesson: figures)
    r = published_ratios()
    assert r["iconv_over_python"] == {"cp932": 3, "cp949": 5, "cp1252": 2}
    assert r["iconv_minus_cat_over_python"] == {"cp932": 2.5, "cp949": 4.75, "cp1252": 1.875}
    assert (r["iconv_over_python_min"], r["iconv_over_python_max"]) == (2, 5)
    assert r["python_mb_s"]["cp932"] == pytest.approx(1.048576 / 0.010)
    assert r["iconv_mb_s"]["cp949"] == pytest.approx(1.048576 / 0.100)
    assert (r["validation_mb"], r["validation_mb_s"]) == (2.0, 500.0)


def test_transcode_is_not_much_slower_than_in_memory(tmp_path):
    """The one speed claim in the tests: streaming costs at most ~20x the in-memory codecs."""
    src = make_text_file(tmp_path / "src.txt", "cp932", 2_000_000)
    data = src.read_bytes()
    in_memory = median_time(lambda: data.decode("cp932").encode("utf-8"), 3)
    streaming = median_time(lambda: transcode(src, tmp_path / "dst.txt", "cp932"), 3)
    assert (tmp_path / "dst.txt").read_bytes() == data.decode("cp932").encode("utf-8")
    assert streaming < 20 * in_memory + 0.05  # + 50 ms for a slow fsync
