"""benchmarks/installed.py (real text the machine's packages installed) and baseline.py (speed
against a revision): how they read their inputs, on files made here; no clock."""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

import pytest
from course_scripts import ROOT, load_script


@pytest.fixture(scope="module")
def installed():
    # (installed.py imports its neighbours, detection.py, suite.py and messages.py, by name)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        yield load_script("benchmarks/installed.py", "_benchmarks_installed")
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def test_prose_keeps_the_words_of_a_manual_page(installed) -> None:
    roff = (
        '.\\" a comment\n.TH VIM 1\n.SH NOME\nvim \\- un editor \\fBpiù\\fR usato\n'
        ".B \\-R\nModo \\(lqsola lettura\\(rq.\n.TP\n\\&.\\|.\\|.\n"
    )
    text = installed.prose(roff)
    assert "NOME\nvim - un editor più usato\n-R\nModo “sola lettura”." in text
    assert "\\" not in text and ".TH" not in text and "comment" not in text


def test_a_page_written_as_mojibake_is_found(installed) -> None:
    assert installed._MOJIBAKE.search("la opciÃ³n")
    assert not installed._MOJIBAKE.search("la opción, Ångström, São Paulo")


def test_pages_alternate_between_the_splits_and_the_tutor_is_eval(installed, tmp_path) -> None:
    man, tutors = tmp_path / "man", tmp_path / "tutor"
    (man / "it" / "man1").mkdir(parents=True)
    tutors.mkdir()
    for k in range(4):
        page = f".SH NOME\npagina {k} più\n".encode()
        (man / "it" / "man1" / f"p{k}.1.gz").write_bytes(gzip.compress(page))
    (man / "it" / "man1" / "z.1.gz").write_bytes(b"not gzip")  # (the fifth: tune's third)
    (tutors / "tutor.it.utf-8").write_text("il tutor, più o meno", encoding="utf-8")
    tune, n_tune = installed.texts("it", man, tutors, "tune")
    evaluation, n_eval = installed.texts("it", man, tutors, "eval")
    assert [t.split()[2] for t in tune] == ["0", "2"] and n_tune == 2  # (z.1.gz left out)
    assert [t.split()[2] for t in evaluation[:2]] == ["1", "3"] and n_eval == 3
    assert evaluation[-1] == "il tutor, più o meno"


def test_a_tutor_its_encoding_does_not_decode_is_left_out_and_said(installed, tmp_path) -> None:
    (tmp_path / "tutor.it").write_bytes("più".encode("latin-1"))
    (tmp_path / "tutor.zh.big5").write_bytes(b"\xa4\x40\x8f\xfe")
    items, left = installed.whole_files(tmp_path)
    assert [(i.name, i.text) for i in items] == [("tutor.it", "più")]
    assert "tutor.zh.big5: not big5 (byte 2: 8f)" in left
    assert "tutor.ru: not installed" in left
    assert installed.whole_files(None)[0] == []


def test_baseline_groups_items_by_snippet_length_and_documents() -> None:
    baseline = load_script("benchmarks/baseline.py", "_benchmarks_baseline")

    class Item:
        def __init__(self, length: int) -> None:
            self.length = length

    groups = baseline._groups([Item(4), Item(0), Item(4), Item(256)])
    assert groups == {"snippets 4": [0, 2], "documents": [1], "snippets 256": [3]}
    assert Path(baseline.__file__).name == "baseline.py" and baseline.REVISION == "c1afead"


def test_documents_start_at_a_line_are_written_exactly_and_not_ascii(installed) -> None:
    # the third part's documents: plain typography where the code page lacks it, a letter
    # outside ASCII in each, every size, fixed seeds
    line = "Questo è “un” esempio — più o meno.\n"
    text = "ASCII only here.\n" * 40 + line * 200
    docs = installed.documents(text, "hp_roman8", "seed")
    assert docs == installed.documents(text, "hp_roman8", "seed")
    sizes = [len(piece) for piece, _ in docs]
    assert sizes == [n for n in installed.FILE_SIZES for _ in range(installed.FILES_PER_SIZE)]
    for piece, data in docs:
        assert data.decode("hp_roman8") == piece and not data.isascii()
        assert "“" not in piece  # (hp_roman8 has no “, but has the dash —)
    assert any('"un" esempio — più' in piece for piece, _ in docs)
    assert installed.documents("only ASCII\n" * 400, "cp1252", "seed") == []


def test_files_come_in_every_code_page_of_the_language(installed) -> None:
    codecs_ = installed.file_codecs("it")
    assert {"cp1252", "cp850", "cp437", "mac_roman", "hp_roman8", "cp500"} <= set(codecs_)
    assert len(codecs_) == len(set(codecs_))
    assert installed.file_codecs("ru") == installed.suite.LEGACY["ru"]
