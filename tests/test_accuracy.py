"""Tests for codecbox.accuracy: sampling, scoring, the cache, the tables and the explorer."""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codecbox import accuracy
from codecbox.accuracy import (
    CASE_LABELS,
    CASES,
    COLUMNS,
    LANGS,
    PUBLISHED,
    UTF8_CASES,
    Results,
    Sample,
    corpus_text,
    explore,
    is_correct,
    measure,
    samples,
    table,
    utf8_table,
    wrong,
)
from codecbox.detection import Guess, guess_v1, guess_v2

ROOT = Path(__file__).resolve().parent.parent
SMALL = {"stdlib v1": COLUMNS["stdlib v1"], "stdlib v2": COLUMNS["stdlib v2"]}


def _digest(cells) -> str:
    h = hashlib.sha256()
    for lang, enc, length, n in cells:
        for s in samples(lang, enc, length, n):
            h.update(s.text.encode("utf-8") + b"\0" + s.data + b"\1")
    return h.hexdigest()


_DIGEST_CODE = """
import sys
from tests.test_accuracy import _digest
print(_digest([("es", "cp1252", 4, 20), ("ja", "euc_jp", 16, 20), ("ko", "utf-8", 8, 20)]))
"""


@pytest.fixture(scope="module")
def small_results(tmp_path_factory) -> Results:
    return measure(SMALL, lengths=(4, 16), n=20, cache_dir=tmp_path_factory.mktemp("cache"))


# --- sampling ---------------------------------------------------------------------------------


def test_samples_are_the_same_every_time():
    first = samples("ja", "cp932", 8, n=20)
    assert first == samples("ja", "cp932", 8, n=20)
    assert first != samples("ja", "cp932", 16, n=20)  # each cell has its own generator
    assert len(set(s.text for s in first)) > 1


def test_samples_do_not_depend_on_pythonhashseed():
    cells = [("es", "cp1252", 4, 20), ("ja", "euc_jp", 16, 20), ("ko", "utf-8", 8, 20)]
    here = _digest(cells)
    for seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", _DIGEST_CODE],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        assert out.stdout.strip() == here


@pytest.mark.parametrize("case", [*CASES, *UTF8_CASES], ids=lambda c: "-".join(c))
@pytest.mark.parametrize("length", [4, 256])
def test_samples_pass_the_filters(case, length):
    lang, encoding = case
    text = accuracy.held_out_text(lang)
    drawn = samples(lang, encoding, length, n=20)
    assert len(drawn) == 20
    for s in drawn:
        assert len(s.text) == length
        assert not s.text.isascii()
        assert s.encoding == encoding
        assert s.data == s.text.encode(encoding)
        assert s.data.decode(encoding) == s.text
        assert s.text in text


def test_samples_drop_ascii_unencodable_and_non_round_trip(monkeypatch):
    # 〜 (U+301C) encodes in cp932 but comes back as ～; é is not in cp932; "ab" is ASCII.
    monkeypatch.setattr(accuracy, "held_out_text", lambda lang: "〜〜〜ééé\nabかか")
    drawn = samples("ja", "cp932", 1, n=30)
    assert {s.text for s in drawn} == {"か"}
    drawn = samples("ja", "cp1252", 1, n=30)
    assert {s.text for s in drawn} == {"é"}


def test_samples_fail_clearly_when_the_corpus_cannot_supply_them(monkeypatch):
    monkeypatch.setattr(accuracy, "held_out_text", lambda lang: "only ascii here\n〜〜")
    monkeypatch.setattr(accuracy, "MAX_DRAWS_PER_SAMPLE", 50)
    with pytest.raises(ValueError, match="supplied only 0 of 5"):
        samples("ja", "cp932", 2, n=5)
    with pytest.raises(ValueError, match="shorter than 300"):
        samples("ja", "cp932", 300, n=5)


def test_samples_can_cross_paragraph_breaks():
    # Japanese paragraphs are shorter than 256 characters, so long samples span line feeds.
    assert max(len(p) for p in accuracy.paragraphs("ja")) < 256
    assert any("\n" in s.text for s in samples("ja", "cp932", 256, n=20))


def test_corpus_errors(monkeypatch, tmp_path):
    with pytest.raises(ValueError, match="unknown corpus language"):
        corpus_text("fr")
    monkeypatch.setattr(accuracy, "corpus_dir", lambda: tmp_path / "corpus")
    with pytest.raises(FileNotFoundError, match="course corpus file not found: .*es.heldout.txt"):
        corpus_text("es")


# --- scoring ----------------------------------------------------------------------------------


def test_is_correct():
    s = Sample("año", "cp1252", "año".encode("cp1252"))
    assert is_correct(s, "cp1252")
    assert is_correct(s, "latin-1")  # same text back: the family is right
    assert is_correct(s, Guess("cp1252", "test"))
    assert not is_correct(s, "cp932")  # decodes, but to a + a private-use character
    assert not is_correct(s, "utf-8")  # decode error
    assert not is_correct(s, None)
    assert not is_correct(s, Guess(None, "test"))
    assert not is_correct(s, "no-such-codec")
    quotes = Sample("“Hola”", "cp1252", "“Hola”".encode("cp1252"))
    assert is_correct(quotes, "cp1252") and not is_correct(quotes, "latin-1")


# --- measuring --------------------------------------------------------------------------------


def test_measure_counts_match_an_independent_recount(small_results):
    r = small_results
    assert r.columns == ("stdlib v1", "stdlib v2")
    assert r.legacy_total == len(CASES) * 2 * 20
    assert r.utf8_total == len(LANGS) * 2 * 20
    for (column, case, length), count in r.correct.items():
        assert count + len(r.misses[(column, case, length)]) == 20
    detect = {"stdlib v1": guess_v1, "stdlib v2": guess_v2}
    for column in r.columns:
        for case in CASES:
            drawn = samples(case[0], case[1], 4, n=20)
            expected = sum(is_correct(s, detect[column](s.data)) for s in drawn)
            assert r.count(column, case, 4) == expected
    es_misses = r.misses[("stdlib v1", ("es", "cp1252"), 4)]
    assert es_misses and all(guess != "cp1252" for _, guess in es_misses)
    assert r.utf8_correct("stdlib v2") == r.utf8_total


def test_results_json_round_trip(small_results):
    obj = json.loads(json.dumps(small_results.to_json(), ensure_ascii=False))
    assert Results.from_json(obj) == small_results


def test_cache_hit_and_recompute(monkeypatch, tmp_path):
    calls = []
    real = accuracy._compute

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(accuracy, "_compute", counting)
    monkeypatch.setenv("CODECBOX_CACHE", str(tmp_path))
    cols = {"stdlib v2": COLUMNS["stdlib v2"]}
    first = measure(cols, lengths=(4,), n=10)
    files = list(tmp_path.glob("accuracy-*.json"))
    assert len(calls) == 1 and len(files) == 1
    assert first.key in files[0].read_text(encoding="utf-8")

    again = measure(cols, lengths=(4,), n=10)
    assert len(calls) == 1 and again == first  # a hit: nothing recomputed

    measure(cols, lengths=(4,), n=10, cache=False)
    assert len(calls) == 2

    monkeypatch.setattr(accuracy, "CACHE_VERSION", accuracy.CACHE_VERSION + 1)
    changed = measure(cols, lengths=(4,), n=10)  # another key: recomputed and stored apart
    assert len(calls) == 3 and changed.key != first.key and changed == first
    assert len(list(tmp_path.glob("accuracy-*.json"))) == 2

    obj = json.loads(files[0].read_text(encoding="utf-8"))
    obj["key"] = "0" * 64  # same file name, another key inside: not trusted
    files[0].write_text(json.dumps(obj), encoding="utf-8")
    monkeypatch.setattr(accuracy, "CACHE_VERSION", accuracy.CACHE_VERSION - 1)
    assert measure(cols, lengths=(4,), n=10) == first and len(calls) == 4
    assert measure(cols, lengths=(4,), n=10) == first and len(calls) == 4  # rewritten: a hit

    files[0].write_text("{not json", encoding="utf-8")  # damaged: measured again
    assert measure(cols, lengths=(4,), n=10) == first and len(calls) == 5
    assert list(tmp_path.glob(".accuracy-*")) == []  # no temporary file left behind


def test_cache_key_follows_the_corpus(monkeypatch, tmp_path):
    key = accuracy.cache_key(["stdlib v2"], (4,), 10)
    assert key == accuracy.cache_key(["stdlib v2"], (4,), 10)
    assert key != accuracy.cache_key(["stdlib v2"], (4,), 11)
    assert key != accuracy.cache_key(["stdlib v1"], (4,), 10)
    copy = tmp_path / "corpus"
    shutil.copytree(accuracy.corpus_dir(), copy)
    monkeypatch.setattr(accuracy, "corpus_dir", lambda: copy)
    assert accuracy.cache_key(["stdlib v2"], (4,), 10) == key
    with open(copy / "ko" / "heldout.txt", "a", encoding="utf-8") as f:
        f.write("새 문단입니다.\n")
    assert accuracy.cache_key(["stdlib v2"], (4,), 10) != key


def test_custom_columns_are_not_cached(tmp_path):
    r = measure({"stdlib v2": lambda data: guess_v2(data)}, lengths=(4,), n=5, cache_dir=tmp_path)
    assert r.columns == ("stdlib v2",)
    assert list(tmp_path.iterdir()) == []


# --- tables and misses ------------------------------------------------------------------------


def test_published_figures_are_complete():
    assert set(PUBLISHED) == {4, 16, 256}
    for figures in PUBLISHED.values():
        assert set(figures) == {"stdlib v1", "stdlib v2", "PHP lista A", "PHP lista B"}
        for column in figures.values():
            assert list(column) == list(CASES)
    assert PUBLISHED[4]["stdlib v1"][("es", "cp1252")] == 107
    assert PUBLISHED[4]["stdlib v2"][("ja", "cp932")] == 185  # "sus 15 fallos"
    assert PUBLISHED[16]["PHP lista B"][("ja", "euc_jp")] == 152
    not_200 = {
        (col, case)
        for col, cells in PUBLISHED[256].items()
        for case, v in cells.items()
        if v != 200
    }
    assert not_200 == {("stdlib v1", ("en", "cp1252")), ("PHP lista A", ("en", "cp1252"))}


def test_table_text_and_html(small_results):
    t = table(small_results, 4)
    text = str(t)
    assert repr(t) == text
    assert "PHP lista A (publicado)" in text and "PHP lista B (publicado)" in text
    assert "no medidas aquí" in text
    lines = text.splitlines()
    es = next(line for line in lines if line.startswith("Español, Windows-1252"))
    v1 = small_results.count("stdlib v1", ("es", "cp1252"), 4)
    v2 = small_results.count("stdlib v2", ("es", "cp1252"), 4)
    assert es.split()[2:] == [str(v1), str(v2), "153", "170"]
    assert [line.split(",")[0] for line in lines[2:7]] == [
        CASE_LABELS[c].split(",")[0] for c in CASES
    ]
    page = t._repr_html_()
    assert "<th>PHP lista A (publicado)</th>" in page and ">153<" in page and ">47<" in page

    t16 = str(table(small_results, 16))
    assert "Aciertos sobre 20, muestras de 16 caracteres" in t16
    ko = next(line for line in t16.splitlines() if line.startswith("Coreano"))
    assert ko.split()[-2:] == ["132", "200"]
    with pytest.raises(ValueError, match="not measured"):
        table(small_results, 8)
    assert "PHP" not in str(table(small_results, 4, published=False))


def test_table_marks_unpublished_lengths(tmp_path):
    r = measure(SMALL, lengths=(8,), n=5, cache_dir=tmp_path)
    rows = str(table(r, 8)).splitlines()[2:7]
    assert all(row.split()[-2:] == ["—", "—"] for row in rows)


def test_utf8_table(small_results):
    text = str(utf8_table(small_results))
    assert "stdlib v2                160 de 160" in text
    assert "stdlib v1 (publicado)    4,000 de 4,000" in text
    assert "UTF-8 válido: 0 de 200 (publicado: 0 de 10,000)" in text


def test_wrong(small_results):
    m = wrong(small_results, "stdlib v1", ("es", "cp1252"), 4, limit=3)
    total = 20 - small_results.count("stdlib v1", ("es", "cp1252"), 4)
    assert m.total == total and len(m) == min(3, total)
    for text, guess in m:
        assert not is_correct(Sample(text, "cp1252", text.encode("cp1252")), guess)
    text = str(m)
    assert f"stdlib v1, Español, Windows-1252, 4 caracteres: {total} fallos" in text
    assert "apuesta" in text and "leído como" in text
    assert "<table" in m._repr_html_()
    assert len(wrong(small_results, "stdlib v1", ("es", "cp1252"), 4, limit=None)) == total
    with pytest.raises(KeyError):
        wrong(small_results, "chardet", ("es", "cp1252"), 4)


def test_plot(small_results):
    from matplotlib.figure import Figure

    shown = accuracy.plot(small_results)
    fig = shown.figure
    assert isinstance(fig, Figure)
    assert shown._repr_png_().startswith(b"\x89PNG")
    text = repr(shown)
    assert text.splitlines()[1].split()[:3] == ["%", "de", "aciertos"]
    v1_row = next(line for line in text.splitlines() if line.startswith("stdlib v1 "))
    v1_4 = 100 * sum(small_results.count("stdlib v1", c, 4) for c in CASES) / (5 * 20)
    assert v1_row.split()[2] == f"{v1_4:.1f}"
    lines = fig.axes[0].get_lines()
    labels = [line.get_label() for line in lines]
    assert labels[:2] == ["stdlib v1", "stdlib v2"]
    assert "stdlib v1 (publicado)" in labels
    v1 = lines[0]
    assert list(v1.get_xdata()) == [4, 16]
    expected = 100 * sum(small_results.count("stdlib v1", c, 4) for c in CASES) / (5 * 20)
    assert v1.get_ydata()[0] == pytest.approx(expected)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    assert buf.getvalue().startswith(b"\x89PNG")
    one = accuracy.plot(small_results, case=("ko", "cp949"), published=False)
    labels = [line.get_label() for line in one.figure.axes[0].get_lines()]
    assert labels == ["stdlib v1", "stdlib v2"]


# --- the explorer -----------------------------------------------------------------------------


def test_explore_order_changes_v2_and_its_misses_read_as_cp1252():
    # The published finding: v2's short-Japanese misses are read as cp1252 (0x82 is ‚).
    default = explore(("ja", "cp932"), 4, limit=None)
    misses = default[1]
    assert misses.column == "stdlib v2" and misses.total == len(misses) > 0
    assert set(misses.guesses()) == {"cp1252"}
    japanese_first = explore(("ja", "cp932"), 4, ("cp932", "euc_jp", "cp949", "cp1252"))
    ok = {row[0]: int(row[1].split()[0]) for row in default[0].rows}
    ok_jp = {row[0]: int(row[1].split()[0]) for row in japanese_first[0].rows}
    assert ok_jp["stdlib v2"] > ok["stdlib v2"]


def test_accuracy_explorer_plain_text_and_updates():
    w = accuracy.accuracy_explorer(("es", "cp1252"), 4, n=20)
    text = str(w)
    assert text.startswith("Español, Windows-1252, 4 caracteres, candidatos: cp1252, cp932")
    assert "stdlib v2" in text and "charset-normalizer" in text and " de 20" in text
    bundle = w._repr_mimebundle_()
    assert bundle["text/plain"] == text and "<table" in bundle["text/html"]
    w.case_input.value = ("ko", "cp949")
    w.order_input.value = ("cp949", "cp1252", "cp932", "euc_jp")
    assert str(w).startswith("Coreano, CP949, 4 caracteres, candidatos: cp949, cp1252")
    assert "Coreano, CP949" in w.output.value
