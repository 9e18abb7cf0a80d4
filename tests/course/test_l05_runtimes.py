"""Lesson 5's cross-check: other languages measure the lesson's texts as codecbox does.

Every count of every installed runtime must equal ``codecbox.length``'s, except the
disagreements documented in ``runtimes.KNOWN``; and each documented one must still occur,
so KNOWN cannot go stale. A runtime that is not installed skips, unless its key is in
``COURSE_REQUIRE_RUNTIMES`` (CI sets it): then it fails. The comparison table is printed
(``pytest -s`` or on failure) and written to ``<cache>/l05/comparacion.txt``.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from codecbox.streaming import write_atomic
from curso.l05 import runtimes as rt
from curso.paths import cache_dir

try:
    from curso.l05.lesson import TEXTS as LESSON_TEXTS
except ImportError:  # the lesson module is written separately
    import unicodedata

    LESSON_TEXTS = [
        "año",
        "an\u0303o",
        "한글",
        unicodedata.normalize("NFD", "한글"),
        "😀",
        "👍🏽",
        "👩\u200d👩\u200d👧",
        "🇪🇸",
        "e\u0301",
        "नमस्ते",
    ]

REQUIRED = set(os.environ.get("COURSE_REQUIRE_RUNTIMES", "").split())
#: the lesson's texts, the texts of KNOWN (so every entry is checked) and the empty string
TEXTS = list(dict.fromkeys([*LESSON_TEXTS, *(text for _, _, text in rt.KNOWN), ""]))


def skip_or_fail(key: str, why: str) -> None:
    if key in REQUIRED:
        pytest.fail(f"{key} is required (COURSE_REQUIRE_RUNTIMES) but: {why}")
    pytest.skip(f"{key}: {why}")


@pytest.fixture(scope="module")
def results() -> dict[str, rt.Result]:
    return {result.runtime.key: result for result in rt.run(TEXTS)}


@pytest.mark.parametrize("key", [runtime.key for runtime in rt.RUNTIMES])
def test_runtime_counts_as_codecbox_does(key: str, results: dict[str, rt.Result]) -> None:
    result = results[key]
    if result.values is None:
        skip_or_fail(key, result.skipped or "?")
    assert result.version
    assert set(result.values or {}) == {m.expression for m in result.runtime.measures}
    disagreements = rt.compare([result], TEXTS)
    unexplained = [d for d in disagreements if d.known is None]
    assert not unexplained, "\n".join(
        f"{d.expression} on {d.text!r}: got {d.got}, codecbox says {d.expected}"
        for d in unexplained
    )
    # every documented disagreement for this runtime and version still happens
    occurring = {(d.runtime.key, d.expression, d.text) for d in disagreements}
    documented = {
        entry
        for entry, known in rt.KNOWN.items()
        if entry[0] == key and known.applies(result.version)
    }
    assert documented == occurring


def test_required_runtimes_are_known_keys() -> None:
    assert REQUIRED - {runtime.key for runtime in rt.RUNTIMES} <= {"mariadb", "chromium", "lite"}


def test_report_lists_what_was_compared(results: dict[str, rt.Result]) -> None:
    ordered = [results[runtime.key] for runtime in rt.RUNTIMES]
    table = str(rt.tabla(ordered, TEXTS))
    lines = []
    for result in ordered:
        state = f"omitido: {result.skipped}" if result.skipped else "comparado"
        lines.append(f"{result.runtime.language}: {result.version or '-'} ({state})")
    report = "\n".join([*lines, "", table, ""])
    path = cache_dir() / "l05" / "comparacion.txt"
    write_atomic(path, report.encode("utf-8"))
    print(report)
    for result in ordered:
        assert result.runtime.language in table
        for measure in result.runtime.measures if result.values is not None else ():
            assert measure.expression in table
    assert path.read_text(encoding="utf-8") == report


@pytest.mark.parametrize("runtime", rt.RUNTIMES, ids=lambda r: r.key)
def test_each_expression_is_written_in_its_program(runtime: rt.Runtime) -> None:
    """The table shows the code: each expression appears, as written, in the program."""
    source = rt.source(runtime.key)
    for measure in runtime.measures:
        assert measure.expression in source, measure.expression


def test_measures_cover_units_and_are_unique() -> None:
    assert [r.key for r in rt.RUNTIMES] == ["node", "java", "rust", "go", "c", "php", "swift"]
    for runtime in rt.RUNTIMES:
        expressions = [m.expression for m in runtime.measures]
        assert len(set(expressions)) == len(expressions)
        assert {m.unit for m in runtime.measures} <= set(rt.UNITS)
    with pytest.raises(ValueError, match="unknown unit"):
        rt.Measure("x", "letters")


def test_expected_is_codecbox_length() -> None:
    from codecbox.length import length

    texts = ["año", "👩\u200d👩\u200d👧", ""]
    want = rt.expected(texts)
    assert list(want) == list(rt.UNITS)
    assert want == {u: tuple(length(t, u) for t in texts) for u in rt.UNITS}
    assert want["bytes"] == (4, 18, 0)  # spot check against numbers computed by hand


def test_compare_reports_a_wrong_count_and_a_documented_one() -> None:
    java = next(r for r in rt.RUNTIMES if r.key == "java")
    texts = ["👍🏽", "año"]
    good = rt.expected(texts)
    values = {m.expression: good[m.unit] for m in java.measures}
    values["s.length()"] = (4, 99)  # a wrong count
    values["BreakIterator.getCharacterInstance()"] = (2, 3)  # the documented Java 17 split
    old = rt.compare([rt.Result(java, "openjdk 17.0.15", values, None)], texts)
    assert [(d.expression, d.text, d.got, d.expected, d.known is not None) for d in old] == [
        ("s.length()", "año", 99, 3, False),
        ("BreakIterator.getCharacterInstance()", "👍🏽", 2, 1, True),
    ]
    # from Java 20 on the same count is not excused any more
    new = rt.compare([rt.Result(java, "openjdk 21.0.2", values, None)], texts)
    assert all(d.known is None for d in new)
    skipped = rt.Result(java, None, None, "no está instalado")
    assert rt.compare([skipped], texts) == []


def test_known_entries_are_explained_and_apply_by_version() -> None:
    assert rt.KNOWN
    for (key, expression, text), known in rt.KNOWN.items():
        runtime = next(r for r in rt.RUNTIMES if r.key == key)
        assert expression in {m.expression for m in runtime.measures}
        assert text
        assert known.url.startswith("https://") and len(known.why) > 40
    breaks = rt.KNOWN["java", "BreakIterator.getCharacterInstance()", "🇪🇸"]
    assert breaks.applies("openjdk 17.0.15") and breaks.applies("openjdk 19")
    assert not breaks.applies("openjdk 20.0.1")


def test_missing_runtime_is_skipped_with_a_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(rt._TOOLS, "node", (("node-que-no-existe", ()),))
    (result,) = rt.run(["año"], only=["node"])
    assert result.values is None and result.version is None
    assert "node-que-no-existe" in (result.skipped or "")
    with pytest.raises(KeyError, match="cobol"):
        rt.run(["año"], only=["cobol"])


def test_a_build_that_fails_is_reported_not_raised(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    if isinstance(rt._tools("c"), str):
        skip_or_fail("c", "no C compiler")
    monkeypatch.setenv("CODECBOX_CACHE", str(tmp_path))
    broken = tmp_path / "programs"
    broken.mkdir()
    (broken / "length.c").write_text("int main(void) { return x; }\n", encoding="utf-8")
    monkeypatch.setattr(rt, "PROGRAMS", broken)
    (result,) = rt.run(["año"], only=["c"])
    assert result.values is None
    assert (result.skipped or "").startswith("no compila")
    assert not list((tmp_path / "l05").glob(".c-build-*"))  # the failed build left nothing


def test_builds_are_cached_and_safe_to_share(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Two runs at once into an empty cache: both work, one build is kept, no leftovers;
    a later run reuses it."""
    if isinstance(rt._tools("c"), str):
        skip_or_fail("c", "no C compiler")
    monkeypatch.setenv("CODECBOX_CACHE", str(tmp_path))
    out: list[list[rt.Result]] = []
    threads = [
        threading.Thread(target=lambda: out.append(rt.run(["año"], only=["c"]))) for _ in "ab"
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert [[r.values for r in results] for results in out] == [
        [{"strlen(s)": (4,), "mbstowcs(NULL, s, 0)": (3,)}]
    ] * 2
    home = tmp_path / "l05"
    (built,) = home.glob("c-*")
    assert not list(home.glob(".c-build-*"))
    stamp = built.stat().st_mtime_ns
    (again,) = rt.run(["año"], only=["c"])
    assert again.values == out[0][0].values
    assert [p.name for p in home.glob("c-*")] == [built.name]
    assert built.stat().st_mtime_ns == stamp


def test_texts_travel_intact() -> None:
    """Line breaks, tabs, NUL-free controls and an empty text reach the programs whole."""
    texts = ["a\nb", "\t", "", "x\r\ny", "\u2028"]
    for result in rt.run(texts):
        if result.values is None:
            continue
        want = rt.expected(texts)
        for measure in result.runtime.measures:
            assert result.values[measure.expression] == want[measure.unit], measure.expression
