"""Lesson 6's PHP bridge (``curso.l06.php``): with PHP, without it, and when PHP misbehaves.

The live tests need ``php`` with mbstring; without it they skip, unless "php" is in
``COURSE_REQUIRE_RUNTIMES`` (CI sets it): then they fail. The absent and broken paths are
tested everywhere, with an empty PATH or a fake ``php`` named by ``COURSE_PHP``.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from curso.l06 import accuracy, samples
from curso.l06 import php as bridge
from curso.published import cite

REQUIRED = set(os.environ.get("COURSE_REQUIRE_RUNTIMES", "").split())


@pytest.fixture
def live() -> bridge.Php:
    found = bridge.available()
    if found is None:
        why = bridge.missing() or "?"
        if "php" in REQUIRED:
            pytest.fail(f"php is required (COURSE_REQUIRE_RUNTIMES) but: {why}")
        pytest.skip(f"php: {why}")
    return found


@pytest.fixture
def no_php(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("COURSE_PHP", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no php on it


def fake_php(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, mbstring: bool = True):
    """A shell script that answers the version probe and then runs ``body`` for a script."""
    extensions = '["Core","mbstring"]' if mbstring else '["Core"]'
    exe = tmp_path / "fake-php"
    exe.write_text(
        "#!/bin/sh\n"
        f'if [ "$1" = "-r" ]; then echo \'["9.9.9",{extensions}]\'; exit 0; fi\n'
        f"{body}\n",
        encoding="utf-8",
    )
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("COURSE_PHP", str(exe))
    return exe


# --- everywhere -------------------------------------------------------------------------------


def test_lists_and_codecs_are_the_published_ones() -> None:
    assert bridge.LISTS["PHP lista A"] == tuple(cite("l06", "accuracy.php_a"))
    assert bridge.LISTS["PHP lista B"] == tuple(cite("l06", "accuracy.php_b"))
    assert set(bridge.LISTS) == set(accuracy.PHP_COLUMNS)
    for names in bridge.LISTS.values():
        for name in names:
            b"abc".decode(bridge.CODECS[name])  # every PHP name has a Python codec


def test_every_trap_is_in_the_script_in_order() -> None:
    script = (bridge.PROGRAMS / "traps.php").read_text(encoding="utf-8")
    ids = re.findall(r"^\s*'(\w+)' => dump\(", script, re.M)
    assert ids == [t.id for t in bridge.TRAPS]
    assert {t.trap for t in bridge.TRAPS} == {1, 2, 3}


def test_split_characters_are_counted_at_block_borders() -> None:
    assert bridge._split_chars("añb".encode(), "utf-8", 2) == 1  # 61 C3 | B1 62
    assert bridge._split_chars("aña".encode(), "utf-8", 3) == 0  # 61 C3 B1 | 61
    assert bridge._split_chars("テレビ".encode("cp932"), "cp932", 3) == 1


def test_absent_php_gives_published_figures_and_how_to_install(no_php: None) -> None:
    assert bridge.available() is None
    assert "no está instalado" in (bridge.missing() or "")
    assert bridge.traps() is None and bridge.measure_accuracy() is None
    assert bridge.chunk_bug() is None and bridge.speeds() is None
    tables = [
        bridge.trap_table(None),
        bridge.accuracy_table(None, 4),
        bridge.chunk_table(None),
        bridge.speed_table(None, None),
    ]
    for table in tables:
        text = str(table)
        assert "apt-get install php-cli php-mbstring" in text
        assert "(publicado)" in text
        table._html()
    four = str(tables[1])
    assert str(cite("l06", "accuracy.4.php_a.ko")) in four
    assert "PHP 8.2" not in four and "(aquí)" not in four
    assert str(cite("l06", "chunks.php_question_marks_cp932")) in str(tables[2])
    with pytest.raises(bridge.PhpError, match="no está instalado"):
        bridge.run("traps.php", {})


def test_php_without_mbstring_counts_as_absent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_php(tmp_path, monkeypatch, "exit 0", mbstring=False)
    assert bridge.available() is None
    assert "mbstring" in (bridge.missing() or "")


def test_a_failing_script_raises_with_its_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_php(tmp_path, monkeypatch, "echo 'Fatal error: boom' >&2; exit 255")
    assert bridge.available() is not None
    with pytest.raises(bridge.PhpError, match="código 255: Fatal error: boom"):
        bridge.traps()


def test_output_that_is_not_json_raises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_php(tmp_path, monkeypatch, "echo 'Warning: something'")
    with pytest.raises(bridge.PhpError, match="no devolvió JSON"):
        bridge.run("traps.php", {})


def test_a_hung_script_times_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_php(tmp_path, monkeypatch, "exec sleep 30")
    with pytest.raises(bridge.PhpError, match="sin respuesta"):
        bridge.run("traps.php", {}, timeout=0.5)


def test_bytes_travel_as_hex_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the fake echoes back what it read: the payload arrives intact, as JSON
    fake_php(tmp_path, monkeypatch, "cat")
    payload = {"samples": [b"\xff\xfe\x00\n".hex()], "lists": {"x": ["UTF-8"]}}
    assert bridge.run("detect.php", payload) == payload


# --- with PHP ---------------------------------------------------------------------------------


def test_traps_run_and_strict_mode_agrees_with_the_published_lesson(live: bridge.Php) -> None:
    out = bridge.traps()
    assert out is not None and set(out) == {t.id for t in bridge.TRAPS}
    assert out["sjis_strict"] == "string(8) " + cite("l06", "traps.outputs.sjis_strict")
    assert out["fffe_strict"] == "bool(false)"
    assert out["hangul_a"] != out["hangul_b"]
    assert out["hola_from_1252"] == 'string(10) "“Hola”"'
    table = str(bridge.trap_table(out))
    assert live.label in table and 'string(5) "ASCII"' in table


def test_accuracy_is_one_batch_on_the_lessons_samples_and_cached(
    live: bridge.Php, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []
    real_run = bridge.run

    def counting(script, payload, **kw):
        calls.append((script, len(payload.get("samples", ()))))
        return real_run(script, payload, **kw)

    monkeypatch.setattr(bridge, "run", counting)
    results = bridge.measure_accuracy(lengths=(4, 256), n=20, cache_dir=tmp_path)
    cases = len(accuracy.CASES) + len(accuracy.UTF8_CASES)
    assert calls == [("detect.php", cases * 2 * 20)]
    assert results is not None and results.columns == tuple(bridge.LISTS)
    assert results.utf8_correct("PHP lista A") == results.utf8_total == 4 * 2 * 20
    assert results.legacy_valid_utf8 == 0
    for column in bridge.LISTS:
        for case in accuracy.CASES:
            right = results.count(column, case, 4)
            assert right + len(accuracy.wrong(results, column, case, 4, limit=None)) == 20
    # the samples are the Python detectors' samples: re-check one answer by hand
    first = accuracy.samples("ja", "euc_jp", 4, n=20)
    misses = dict(results.misses[("PHP lista B", ("ja", "euc_jp"), 4)])
    assert set(misses) <= {s.text for s in first}
    # the second call reads the cache: no PHP process
    again = bridge.measure_accuracy(lengths=(4, 256), n=20, cache_dir=tmp_path)
    assert len(calls) == 1 and again == results
    assert f"PHP lista A ({live.label})" in str(bridge.accuracy_table(results, 4))


def test_chunk_bug_matches_python_and_the_filter_fixes_it(live: bridge.Php) -> None:
    bugs = bridge.chunk_bug()
    assert bugs is not None
    for enc, name in (("utf-8", "japanese_1mb_utf8.txt"), ("cp932", "japanese_1mb_cp932.txt")):
        figures = samples.chunk_figures(samples.build(name).read_bytes(), enc)
        assert bugs[enc].filter_identical and not bugs[enc].identical
        assert bugs[enc].split > 0 and bugs[enc].question_marks >= bugs[enc].split
        if enc == "utf-8":  # one ? per maximal invalid piece, as Python's U+FFFD
            assert bugs[enc].question_marks == figures.replacements
    assert bugs["utf-8"].question_marks == cite("l06", "chunks.php_question_marks_utf8")


def test_speeds_give_identical_outputs(live: bridge.Php) -> None:
    measured = bridge.speeds(repeat=1)
    assert measured is not None and set(measured) == {"cp932", "cp949", "cp1252"}
    for s in measured.values():
        assert s.identical and s.mb_convert_encoding > 0 and s.iconv > 0
        assert s.utf8_bytes > 10 * 2**20 - 1
    assert live.label in str(bridge.speed_table(measured, None))
