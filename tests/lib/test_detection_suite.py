"""benchmarks/suite.py builds the suite of benchmarks/detection.py: counts only, no clocks."""

from __future__ import annotations

from collections import Counter

from course_scripts import load_script

suite = load_script("benchmarks/suite.py", "_detection_suite")

REQUIRED = {
    "cp437", "cp850", "cp852", "cp855", "cp866", "mac-roman", "mac-latin2", "mac-cyrillic",
    "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "iso2022_jp", "iso2022_kr", "hz",
    *(f"iso8859-{n}" for n in (2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 15, 16)), "iso8859-1",
}  # fmt: skip


def test_the_eval_suite_has_the_documents_and_encodings_issue_18_asks_for() -> None:
    docs = suite.documents("eval")
    cats = Counter(i.category for i in docs)
    assert len(docs) >= 500
    assert len(suite.encodings_of(docs)) >= 40
    assert REQUIRED <= suite.encodings_of(docs)
    assert cats["binary"] >= 20 and cats["mixed"] >= 10 and cats["traps"] >= 10
    for item in docs:
        if item.expect == "text":
            assert suite.decodes_to(item.data, item.codec, item.text), item.name


def test_snippets_cover_every_length_in_12_languages_and_the_splits_share_no_text() -> None:
    snips = suite.snippets("eval", n=5)
    for length in suite.LENGTHS:
        langs = {i.name.split()[0] for i in snips if i.length == length}
        assert len(langs) >= 12, (length, langs)
    assert all(len(i.text) == i.length for i in snips)
    tune = set(suite.snippets("tune", n=5, lengths=(256,)))
    for lang in suite.LEGACY:
        a, b = suite.document_paragraphs(lang, "tune"), suite.document_paragraphs(lang, "eval")
        assert a and b and not set(a) & set(b)
    assert not {i.text for i in tune} & {i.text for i in snips}
    assert len(suite.snippets("eval", n=5)) == len(snips)  # deterministic
