"""curso.l06.accuracy and curso.l06.explorer: sampling, scoring, the cache, the tables, the plot
and the classroom explorer."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codecbox.detection import Guess
from codecbox.labels import resolve
from curso import paths
from curso.l06 import accuracy
from curso.l06.accuracy import (
    CASE_LABELS,
    CASES,
    COLUMNS,
    LANGS,
    PUBLISHED_LENGTHS,
    UTF8_CASES,
    Results,
    Sample,
    cited_count,
    is_correct,
    measure,
    samples,
    table,
    utf8_table,
    wrong,
)
from curso.l06.detectors import guess_v1, guess_v2
from curso.l06.explorer import (
    EXPLORER_COLUMNS,
    ORDERS,
    accuracy_explorer,
    counts,
    explore,
    guesses,
    misses,
)
from curso.published import cite

ROOT = Path(__file__).resolve().parents[2]
SMALL = {"stdlib v1": COLUMNS["stdlib v1"], "stdlib v2": COLUMNS["stdlib v2"]}
PUBLISHED_COLUMNS = ("stdlib v1", "stdlib v2", "PHP lista A", "PHP lista B")

# Runs here and in a fresh interpreter with another PYTHONHASHSEED: same samples, same digest.
DIGEST_CODE = """
import hashlib
from curso.l06.accuracy import samples

h = hashlib.sha256()
cells = [("es", "cp1252", 4, 20), ("ja", "euc_jp", 16, 20), ("ko", "utf-8", 8, 20)]
for lang, enc, length, n in cells:
    for s in samples(lang, enc, length, n):
        h.update(s.text.encode("utf-8") + b"\\0" + s.data + b"\\1")
digest = h.hexdigest()
"""


def count(summary, column: str) -> int:
    """Right guesses in one row of the explorer's summary table ("17 de 200")."""
    return next(int(cells[1].split()[0]) for cells in summary.rows if cells[0] == column)


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
    scope: dict = {}
    exec(DIGEST_CODE, scope)
    for seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", DIGEST_CODE + "print(digest)"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        assert out.stdout.strip() == scope["digest"]


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


def test_samples_are_drawn_from_the_held_out_split_only():
    assert accuracy.held_out_text("es") == "\n".join(paths.paragraphs("es", "heldout"))
    tuning = set(paths.paragraphs("es", "tuning"))
    for s in samples("es", "cp1252", 64, n=20):
        assert not any(s.text in paragraph for paragraph in tuning)


def test_samples_take_encoding_labels():
    assert samples("es", "windows-1252", 4, n=5) == samples("es", "cp1252", 4, n=5)
    with pytest.raises(ValueError, match="has no decoder"):
        samples("es", "replacement", 4, n=5)


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
    with pytest.raises(ValueError, match="length >= 1"):
        samples("ja", "cp932", 0, n=5)


def test_samples_can_cross_paragraph_breaks():
    # Japanese paragraphs are shorter than 256 characters, so long samples span line feeds.
    assert max(len(p) for p in paths.paragraphs("ja", "heldout")) < 256
    assert any("\n" in s.text for s in samples("ja", "cp932", 256, n=20))


# --- scoring ----------------------------------------------------------------------------------


def test_is_correct():
    s = Sample("año", "cp1252", "año".encode("cp1252"))
    assert is_correct(s, "cp1252")
    assert is_correct(s, "latin-1")  # same text back: the family is right
    assert is_correct(s, Guess(resolve("cp1252"), "test"))
    assert is_correct(s, Guess(resolve("iso-8859-1"), "test"))
    assert not is_correct(s, "cp932")  # decodes, but to a + a private-use character
    assert not is_correct(s, Guess(resolve("shift_jis"), "test"))
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
    for (column, case, length), correct in r.correct.items():
        assert correct + len(r.misses[(column, case, length)]) == 20
    detect = {"stdlib v1": guess_v1, "stdlib v2": guess_v2}
    for column in r.columns:
        for case in CASES:
            guesses = [(s, detect[column](s.data)) for s in samples(case[0], case[1], 4, n=20)]
            expected = sum(is_correct(s, guess) for s, guess in guesses)
            assert r.count(column, case, 4) == expected
            assert r.misses[(column, case, 4)] == tuple(
                (s.text, guess.encoding and guess.encoding.codec)
                for s, guess in guesses
                if not is_correct(s, guess)
            )
    es_misses = r.misses[("stdlib v1", ("es", "cp1252"), 4)]
    assert es_misses and all(guess != "cp1252" for _, guess in es_misses)
    assert r.utf8_correct("stdlib v2") == r.utf8_total


def test_results_json_round_trip(small_results):
    obj = json.loads(json.dumps(small_results.to_json(), ensure_ascii=False))
    assert Results.from_json(obj) == small_results


def test_progress_is_reported_while_measuring_and_not_on_a_cache_hit(tmp_path):
    reports: list[tuple[int, int]] = []
    cols = {"stdlib v2": COLUMNS["stdlib v2"]}
    first = measure(
        cols, lengths=(4,), n=5, cache_dir=tmp_path, progress=lambda *a: reports.append(a)
    )
    cases = len(CASES) + len(UTF8_CASES)
    total = cases + cases  # one draw per case and length, one detector cell per case and length
    assert reports == [(done, total) for done in range(1, total + 1)]
    reports.clear()
    again = measure(
        cols, lengths=(4,), n=5, cache_dir=tmp_path, progress=lambda *a: reports.append(a)
    )
    assert again == first and reports == []  # the cache answered: no progress at all
    measure(cols, lengths=(4,), n=5, cache=False, progress=lambda *a: reports.append(a))
    assert reports[-1] == (total, total)


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


def test_an_unwritable_cache_is_skipped(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    cols = {"stdlib v2": COLUMNS["stdlib v2"]}
    r = measure(cols, lengths=(4,), n=5, cache_dir=blocked)
    assert r == measure(cols, lengths=(4,), n=5, cache=False)


def test_cache_key_follows_the_corpus(monkeypatch, tmp_path):
    key = accuracy.cache_key(["stdlib v2"], (4,), 10)
    assert key == accuracy.cache_key(["stdlib v2"], (4,), 10)
    assert key != accuracy.cache_key(["stdlib v2"], (4,), 11)
    assert key != accuracy.cache_key(["stdlib v1"], (4,), 10)
    assert key != accuracy.cache_key(["stdlib v2"], (4, 8), 10)
    copy = tmp_path / "data"
    shutil.copytree(paths.data_dir() / "corpus", copy / "corpus")
    monkeypatch.setattr(paths, "data_dir", lambda: copy)
    assert accuracy.cache_key(["stdlib v2"], (4,), 10) == key
    with open(copy / "corpus" / "ko" / "tuning.txt", "a", encoding="utf-8") as f:
        f.write("새 문단입니다.\n")  # not measured: the key stays
    assert accuracy.cache_key(["stdlib v2"], (4,), 10) == key
    with open(copy / "corpus" / "ko" / "heldout.txt", "a", encoding="utf-8") as f:
        f.write("새 문단입니다.\n")
    assert accuracy.cache_key(["stdlib v2"], (4,), 10) != key


@pytest.mark.parametrize("module", [accuracy.detectors, accuracy.codecbox.detection])
def test_cache_key_follows_the_detectors_source(monkeypatch, tmp_path, module):
    key = accuracy.cache_key(["stdlib v2"], (4,), 10)
    copy = tmp_path / "copy.py"
    shutil.copy(module.__file__, copy)
    monkeypatch.setattr(module, "__file__", str(copy))
    assert accuracy.cache_key(["stdlib v2"], (4,), 10) == key
    with open(copy, "a", encoding="utf-8") as f:
        f.write("# a change\n")
    assert accuracy.cache_key(["stdlib v2"], (4,), 10) != key


def test_custom_columns_are_not_cached(tmp_path):
    r = measure({"stdlib v2": lambda data: guess_v2(data)}, lengths=(4,), n=5, cache_dir=tmp_path)
    assert r.columns == ("stdlib v2",)
    assert list(tmp_path.iterdir()) == []


# --- the published figures --------------------------------------------------------------------


@pytest.mark.parametrize("length", PUBLISHED_LENGTHS)
@pytest.mark.parametrize("column", PUBLISHED_COLUMNS)
def test_every_published_count_is_cited(column, length):
    n = cite("l06", "accuracy.n")
    for case in CASES:
        cited = cited_count(column, case, length)
        assert isinstance(cited, int) and 0 <= cited <= n, (column, case, length)


def test_cited_count_refuses_what_was_not_published():
    with pytest.raises(KeyError, match="no '8' in 'accuracy'"):
        cited_count("stdlib v1", ("es", "cp1252"), 8)
    with pytest.raises(KeyError):
        cited_count("chardet", ("es", "cp1252"), 4)
    with pytest.raises(KeyError):
        cited_count("stdlib v1", ("ko", "utf-8"), 4)


# --- tables and misses ------------------------------------------------------------------------


def test_table_text_and_html(small_results):
    t = table(small_results, 4)
    text = str(t)
    assert repr(t) == text
    assert "PHP lista A (publicado)" in text and "PHP lista B (publicado)" in text
    assert "no medidas aquí" in text
    lines = text.splitlines()
    assert lines[0] == "Aciertos sobre 20, muestras de 4 caracteres (corpus reservado)"
    for case, line in zip(CASES, lines[2:7], strict=True):
        assert line.startswith(CASE_LABELS[case] + " ")
        measured = [str(small_results.count(c, case, 4)) for c in small_results.columns]
        cited = [str(cited_count(php, case, 4)) for php in ("PHP lista A", "PHP lista B")]
        assert line.split()[2:] == measured + cited
    page = t._repr_html_()
    assert '<th style="color: #888">PHP lista A (publicado)</th>' in page
    es_a = cited_count("PHP lista A", ("es", "cp1252"), 4)
    assert f'<td style="color: #888">{es_a}</td>' in page
    assert "<th>Español, Windows-1252</th>" in page  # row headers

    t16 = str(table(small_results, 16))
    assert "Aciertos sobre 20, muestras de 16 caracteres" in t16
    ko = next(line for line in t16.splitlines() if line.startswith("Coreano"))
    cited = [str(cited_count(php, ("ko", "cp949"), 16)) for php in ("PHP lista A", "PHP lista B")]
    assert ko.split()[-2:] == cited
    with pytest.raises(ValueError, match="not measured"):
        table(small_results, 8)
    assert "PHP" not in str(table(small_results, 4, published=False))


def test_table_marks_unpublished_lengths(tmp_path):
    r = measure(SMALL, lengths=(8,), n=5, cache_dir=tmp_path)
    rows = str(table(r, 8)).splitlines()[2:7]
    assert all(row.split()[-2:] == ["—", "—"] for row in rows)


def test_utf8_table(small_results):
    text = str(utf8_table(small_results))
    for column in small_results.columns:
        right = small_results.utf8_correct(column)
        assert f"{column}                {right} de 160" in text
    cited = cite("l06", "accuracy.utf8_correct")
    assert f"stdlib v1 (publicado)    {cited:,} de {cited:,}" in text
    assert (
        f"UTF-8 válido: {small_results.legacy_valid_utf8} de 200 (publicado: 0 de 10,000)" in text
    )


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
    assert wrong(small_results, "stdlib v1", ("es", "windows-1252"), 4, limit=3) == m
    with pytest.raises(KeyError):
        wrong(small_results, "chardet", ("es", "cp1252"), 4)


def test_plot(small_results):
    shown = accuracy.plot(small_results)
    assert shown._repr_svg_().startswith("<svg ")
    assert shown.log2 and shown.ylim == (0, 103)
    assert shown.xticks == tuple((n, str(n)) for n in small_results.lengths)
    text = repr(shown)
    assert text.splitlines()[1].split()[:3] == ["%", "de", "aciertos"]
    v1_row = next(line for line in text.splitlines() if line.startswith("stdlib v1 "))
    v1_4 = 100 * sum(small_results.count("stdlib v1", c, 4) for c in CASES) / (5 * 20)
    assert v1_row.split()[2] == f"{v1_4:.1f}"
    labels = [s.label for s in shown.series]
    assert labels[:2] == ["stdlib v1", "stdlib v2"]
    assert "stdlib v1 (publicado)" in labels
    v1 = shown.series[0]
    assert list(v1.x) == [4, 16] and not v1.hollow
    assert v1.y[0] == pytest.approx(v1_4)
    published = shown.series[labels.index("stdlib v1 (publicado)")]
    assert list(published.x) == list(PUBLISHED_LENGTHS)
    assert published.hollow and published.color == v1.color  # same detector, same colour
    n = cite("l06", "accuracy.n")
    cited_4 = 100 * sum(cited_count("stdlib v1", c, 4) for c in CASES) / (5 * n)
    assert published.y[0] == pytest.approx(cited_4)
    assert shown.description().startswith(
        "Gráfico «Acierto de la detección según la longitud del texto»: % de aciertos (promedio "
        "de los 5 casos) según caracteres por muestra (escala logarítmica); leyenda: stdlib v1,"
    )
    one = accuracy.plot(small_results, case=("ko", "cp949"), published=False)
    labels = [s.label for s in one.series]
    assert labels == ["stdlib v1", "stdlib v2"]
    assert one.ylabel == "% de aciertos (Coreano, CP949)"


# --- the explorer -----------------------------------------------------------------------------


def test_explore_order_changes_v2_and_its_misses_read_as_cp1252():
    # The published finding: v2's short-Japanese misses are read as cp1252 (0x82 is ‚).
    default = explore(("ja", "cp932"), 4, limit=None, misses_of="stdlib v2")
    assert len(default) == 2
    shown = default[1]
    assert shown.column == "stdlib v2" and shown.total == len(shown) > 0
    assert set(shown.guesses()) == {cite("l06", "accuracy.v2_ja_cp932_4_misses_read_as")}
    assert count(default[0], "stdlib v2") == accuracy.N - shown.total
    japanese_first = explore(("ja", "cp932"), 4, ("cp932", "euc_jp", "cp949", "cp1252"))
    assert count(japanese_first[0], "stdlib v2") > count(default[0], "stdlib v2")


def test_explorer_names_its_detectors_as_the_measurement_does():
    """With the default order each explorer column is the measurement's column of that name:
    charset-normalizer and chardet *with* the candidate list, never the bare library name."""
    assert list(EXPLORER_COLUMNS) == [
        "stdlib v1",
        "stdlib v2",
        accuracy.CN_LIST,
        accuracy.CHARDET_LIST,
    ]
    assert set(EXPLORER_COLUMNS) <= set(COLUMNS)
    for case in CASES[:3]:
        drawn = samples(*case, 4, n=20)
        found = counts(case, 4, n=20)
        for name in EXPLORER_COLUMNS:
            assert found[name] == accuracy.run_cell(COLUMNS[name], drawn)[0], (case, name)


def test_the_two_configurations_of_each_library_are_named_apart():
    names = list(COLUMNS)
    assert (
        accuracy.CN_NO_LIST != accuracy.CN_LIST
        and accuracy.CHARDET_NO_LIST != accuracy.CHARDET_LIST
    )
    for library in ("charset-normalizer", "chardet"):
        assert library not in names  # always with «(sin lista)» or «(con lista)»
        assert [n for n in names if n.startswith(library)] == [
            f"{library} (sin lista)",
            f"{library} (con lista)",
        ]


def test_explorer_summary_counts_every_wrong_guess():
    summary = explore(("en", "cp1252"), 4, n=40, misses_of=[])[0]
    row = next(r for r in summary.rows if r[0] == accuracy.CN_LIST)
    every = misses(("en", "cp1252"), 4, accuracy.CN_LIST, n=40)
    assert row[1] == f"{40 - len(every)} de 40"
    assert row[2] == guesses(every)
    assert guesses([("a", "cp932"), ("b", None), ("c", "cp932")]) == "cp932 ×2, ninguna ×1"
    assert guesses([]) == "—"
    assert len(explore(("en", "cp1252"), 4, n=40, misses_of=[])) == 1
    with pytest.raises(KeyError, match="not an explorer column"):
        explore(("en", "cp1252"), 4, n=40, misses_of="chardet")


def test_explore_limits_the_misses_shown():
    full = explore(("es", "cp1252"), 4, ORDERS[1], n=40, limit=None)
    short = explore(("es", "windows-1252"), 4, ORDERS[1], n=40, limit=2)
    assert [str(x) for x in full[:1]] == [str(x) for x in short[:1]]
    for a, b in zip(full[1:], short[1:], strict=True):
        assert a.total == b.total and len(b) == min(2, a.total) and b.rows == a.rows[:2]


def test_accuracy_explorer_plain_text_and_updates():
    w = accuracy_explorer(("es", "cp1252"), 4, n=20)
    text = str(w)
    assert text.startswith(
        "Español, Windows-1252, 4 caracteres, candidatos en este orden: cp1252, cp932"
    )
    assert "stdlib v2" in text and accuracy.CN_LIST in text and " de 20" in text
    assert w.misses_input.value == "stdlib v2"  # whose misses are listed, by default
    bundle = w._repr_mimebundle_()
    assert bundle["text/plain"] == text and "<table" in bundle["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in bundle
    before = w.output.value
    w.case_input.value = ("ko", "cp949")
    assert "Coreano, CP949" in w.output.value and w.output.value != before
    w.order_input.value = ("cp949", "cp1252", "cp932", "euc_jp")
    assert "candidatos en este orden: cp949, cp1252" in w.output.value
    w.length_input.value = 16
    text = str(w)
    assert text.startswith("Coreano, CP949, 16 caracteres, candidatos en este orden: cp949, cp1252")
    assert w._repr_mimebundle_()["text/plain"] == text
    assert "16 caracteres" in w.output.value
    w.case_input.value = ("en", "cp1252")
    w.length_input.value = 4
    w.misses_input.value = accuracy.CN_LIST
    assert f"{accuracy.CN_LIST}, Inglés, Windows-1252, 4 caracteres:" in str(w)


def test_accuracy_explorer_offers_a_custom_order():
    order = ("euc_jp", "cp932", "cp949", "cp1252")
    w = accuracy_explorer(("ja", "euc_jp"), 8, order, n=10)
    assert w.order_input.value == order
    assert [value for _, value in w.order_input.options] == [*ORDERS, order]
    assert str(w).startswith("Japonés, EUC-JP, 8 caracteres, candidatos en este orden: euc_jp")
