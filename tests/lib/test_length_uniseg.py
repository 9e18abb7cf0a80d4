"""codecbox.length's pure-Python grapheme path (uniseg, used where regex cannot be
installed: the course in the browser) against the Unicode conformance file
GraphemeBreakTest.txt of the Unicode version uniseg implements (tests/vectors/unicode/)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from codecbox.length import graphemes, length

VECTORS = Path(__file__).resolve().parent.parent / "vectors" / "unicode"
VERSION = "16.0.0"
TEST_FILE = VECTORS / f"GraphemeBreakTest-{VERSION}.txt"


def break_tests(path: Path) -> list[tuple[int, list[str]]]:
    """(line number, expected clusters) for each test line of a GraphemeBreakTest file."""
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        assert data.startswith("÷") and data.endswith("÷"), (number, line)
        clusters = [
            "".join(chr(int(cp, 16)) for cp in part.split("×")) for part in data[1:-1].split("÷")
        ]
        cases.append((number, clusters))
    return cases


def test_the_file_is_the_version_uniseg_implements():
    uniseg = pytest.importorskip("uniseg")
    header = TEST_FILE.read_text(encoding="utf-8").splitlines()
    assert header[0] == f"# GraphemeBreakTest-{VERSION}.txt"
    # a newer uniseg needs the matching file: copy it as the README says
    assert uniseg.unidata_version == VERSION
    cases = break_tests(TEST_FILE)
    assert f"# Lines: {len(cases)}" in header  # the file's own count: none lost in parsing
    assert len(cases) == 1093
    # lines with a break inside and lines with clusters of several code points
    assert sum(len(c) > 1 for _, c in cases) > 500
    assert sum(len(x) > 1 for _, c in cases for x in c) > 500


def test_uniseg_path_splits_every_line_as_the_file_says(monkeypatch):
    pytest.importorskip("uniseg.graphemecluster")
    monkeypatch.setitem(sys.modules, "regex", None)  # as in Pyodide, where regex is absent
    wrong = [
        (number, [f"{ord(c):04X}" for c in "".join(expected)], graphemes("".join(expected)))
        for number, expected in break_tests(TEST_FILE)
        if graphemes("".join(expected)) != expected
    ]
    assert wrong == []
    # and length counts what graphemes splits
    number, expected = break_tests(TEST_FILE)[-1]
    assert length("".join(expected), "graphemes") == len(expected)


def test_the_check_would_catch_a_wrong_split():
    """The comparison is not vacuous: code points one by one (no rules) fail many lines."""
    cases = break_tests(TEST_FILE)
    naive_right = sum(list("".join(c)) == c for _, c in cases)
    assert 0 < naive_right < len(cases) // 2
