"""curso.published: the published lessons' figures as data, and the keys the course cites.

The figures themselves are citations (typed once, in ``data/published/lNN.toml``): what is
tested is that every key the course's code asks for exists, that a wrong key says which part
is missing, and that the accuracy tables are well formed counts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import curso
from curso.published import cite, figures

CURSO = Path(curso.__file__).resolve().parent
# cite("l06", "speed.cat_ms"): a literal key (f-strings are checked by the modules' own tests)
LITERAL_CITE = re.compile(r"""\bcite\(\s*"(l\d+)"\s*,\s*"([^"{}]+)"\s*\)""")


def literal_citations() -> list[tuple[str, str, str]]:
    """(file, lesson, key) for every literal cite(...) in curso's code, doctests excluded."""
    found = []
    for path in sorted(CURSO.rglob("*.py")):
        if path.name == "published.py":  # its doctest cites a missing key on purpose
            continue
        source = path.read_text(encoding="utf-8")
        for lesson, key in LITERAL_CITE.findall(source):
            found.append((str(path.relative_to(CURSO)), lesson, key))
    return found


def test_the_scan_finds_the_citations():
    keys = {key for _, _, key in literal_citations()}
    assert {"speed.cat_ms", "accuracy.n", "prefix", "chunks"} <= keys


@pytest.mark.parametrize(("where", "lesson", "key"), literal_citations())
def test_every_key_the_code_cites_exists(where, lesson, key):
    assert cite(lesson, key) is not None, where


def test_what_cite_returns_is_a_copy():
    """Editing a returned figure must not change the next citation."""
    cite("l06", "accuracy.4")["v1"]["es"] = 999
    figures("l06")["accuracy"]["n"] = 0
    assert cite("l06", "accuracy.4.v1.es") != 999
    assert cite("l06", "accuracy.n") != 0


def test_cite_walks_the_dotted_path():
    table = figures("l06")
    assert cite("l06", "accuracy") == table["accuracy"]
    assert cite("l06", "accuracy.4.v1") == table["accuracy"]["4"]["v1"]
    assert cite("l06", "accuracy.4.v1.es") == table["accuracy"]["4"]["v1"]["es"]
    assert cite("l06", "speed.validation.mb") == table["speed"]["validation"]["mb"]


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("nope", "no 'nope' in 'the file'"),
        ("accuracy.4.v9", "no 'v9' in 'accuracy.4'"),
        ("accuracy.5.v1.es", "no '5' in 'accuracy'"),
        ("accuracy.4.v1.es.x", "no 'x' in 'accuracy.4.v1.es'"),  # below a number
        ("accuracy.", "no '' in 'accuracy'"),
    ],
)
def test_cite_names_the_missing_part(key, message):
    with pytest.raises(KeyError) as info:
        cite("l06", key)
    text = info.value.args[0]
    assert text == f"l06: no published figure {key!r} ({message})"


def test_unknown_lesson():
    with pytest.raises(FileNotFoundError, match="l99.toml"):
        figures("l99")
    with pytest.raises(FileNotFoundError):
        cite("l99", "accuracy")


def accuracy_tables() -> list[tuple[str, str, dict]]:
    """(length, column, {case: count}) for every [accuracy.<length>.<column>] table."""
    accuracy = cite("l06", "accuracy")
    return [
        (length, column, cells)
        for length, columns in accuracy.items()
        if isinstance(columns, dict)
        for column, cells in columns.items()
    ]


def test_accuracy_tables_are_counts_out_of_n():
    n = cite("l06", "accuracy.n")
    assert isinstance(n, int) and n > 0
    tables = accuracy_tables()
    assert tables, "no [accuracy.<length>.<column>] table"
    case_keys = set(tables[0][2])
    columns = {column for _, column, _ in tables}
    for length, column, cells in tables:
        assert length.isdigit(), f"accuracy.{length} is not a length"
        assert set(cells) == case_keys, f"accuracy.{length}.{column}: cases differ"
        for case, count in cells.items():
            where = f"accuracy.{length}.{column}.{case} = {count!r}"
            assert isinstance(count, int) and not isinstance(count, bool), where
            assert 0 <= count <= n, where
    lengths = {length for length, _, _ in tables}
    for length in lengths:  # every length has every column
        assert {c for le, c, _ in tables if le == length} == columns


def test_the_published_lengths_are_the_tables():
    lengths = cite("l06", "accuracy.published_lengths")
    assert sorted(str(x) for x in lengths) == sorted({le for le, _, _ in accuracy_tables()})
