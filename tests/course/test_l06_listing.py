"""curso.l06.listing, the published v2 as printed: the same scores as the table-driven
``char_score_v2`` for every code point, the same answers as ``guess_v2`` on every sample of
the measurement, and the source the lesson shows is the runnable one."""

from __future__ import annotations

import pytest

from curso.l06 import accuracy, detectors, listing


def test_the_listing_scores_every_code_point_as_the_table():
    differ = [
        c
        for c in range(0x110000)
        if not 0xD800 <= c <= 0xDFFF
        and listing.char_score(chr(c)) != detectors.char_score_v2(chr(c))
    ]
    assert differ == []


@pytest.mark.parametrize("case", accuracy.CASES + accuracy.UTF8_CASES, ids=str)
def test_the_listing_guesses_as_guess_v2(case):
    for length in accuracy.LENGTHS:
        for m in accuracy.samples(*case, length):
            assert listing.guess(m.data) == detectors.guess_v2(m.data).encoding.codec, m


def test_the_shown_source_runs_and_is_about_40_lines():
    source = listing.source()
    namespace: dict = {}
    exec(compile(source, "listing", "exec"), namespace)
    assert namespace["guess"]("léfo".encode("cp1252")) == "cp1252"
    assert 40 <= len(source.splitlines()) <= 60
    assert "def source" not in source and "inspect" not in source


def test_held_out_and_tuning_samples_differ_and_held_out_is_the_default():
    held = accuracy.samples("es", "cp1252", 4)
    assert accuracy.samples("es", "cp1252", 4, split="heldout") == held
    assert accuracy.samples("es", "cp1252", 4, split="tuning") != held
