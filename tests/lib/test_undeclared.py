"""Undeclared, non-UTF-8 web pages: codecbox's default detector reads them as a browser would.

The pages are those of ``benchmarks/undeclared.py`` (built from the repository's texts with
fixed seeds): 200 built from the first half of every text, 200 from the second half.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from course_scripts import load_script

from codecbox.decoding import decode_html
from codecbox.detection import _default_plan, _hinted, _text_only, guess_codecbox
from codecbox.labels import resolve

ROOT = Path(__file__).resolve().parents[2]


BENCH = load_script("benchmarks/undeclared.py", "_undeclared_benchmark")
PAGES = {half: BENCH.pages(half) for half in ("a", "b")}


def test_the_pages_are_what_the_issue_asks_for() -> None:
    for half, pages in PAGES.items():
        assert len(pages) == 200
        assert {p.encoding for p in pages} == set(BENCH.ENCODINGS)
        for p in pages:
            assert p.data.decode(resolve(p.encoding, label=True).codec) == p.text
            with pytest.raises(UnicodeDecodeError):
                p.data.decode("utf-8")
            assert b"charset" not in p.data.lower() and b"<title>" in p.data
            assert 1000 < len(p.data) < 8000
        # Deterministic: built again, the same bytes.
        assert [p.data for p in BENCH.pages(half)] == [p.data for p in pages]
    # The halves share no sentence.
    for lang in BENCH.TLDS:
        assert not set(BENCH.sentences(lang, "a")) & set(BENCH.sentences(lang, "b"))


@pytest.mark.parametrize("half", ["a", "b"])
@pytest.mark.parametrize("hinted", [True, False, None], ids=["TLD hint", "no hint", "as is"])
def test_at_least_199_of_200_right(half: str, hinted: bool | None) -> None:
    misses = []
    for p in PAGES[half]:
        if hinted is None:  # decode_html's own detector, as a caller gets it
            decoded = decode_html(p.data)
        else:
            detector = partial(guess_codecbox, hint=p.host if hinted else None, web=True)
            decoded = decode_html(p.data, detector=detector)
        if decoded.text != p.text:
            misses.append((p.name, decoded.encoding.name))
    assert len(misses) <= 1, misses


def test_hints_by_language_and_by_domain() -> None:
    assert _hinted("uk") == _hinted("ua")  # a bare code is a language: Ukrainian
    assert _hinted("www.example.co.uk") == _hinted("es")  # a domain: the United Kingdom
    assert _hinted(".uk") == _hinted("example.co.uk")
    assert _hinted("zh-TW") == _hinted("tw") != _hinted("zh-CN") == _hinted("cn")
    assert _hinted("example.com") == _hinted("org") == _hinted("") == frozenset()
    assert _hinted("JA-jp") == _hinted("www.EXAMPLE.jp.")
    for tld in ("jp", "kr", "cn", "tw", "ru", "ua", "bg", "gr", "pl", "cz", "hu", "de"):
        assert _hinted(f"www.example.{tld}"), tld


def test_markup_does_not_dilute_the_text() -> None:
    text = "吾輩は猫である。名前はまだ無い。"
    page = (
        '<html><head><title>猫</title><style>p { color: red; }</style></head><body class="x">'
        + '<a href="/a">リンク</a>' * 3
        + f"<p>{text}</p>" * 2
        + "<script>var x = 1;</script></body></html>"
    ).encode("cp932")
    stripped = _text_only(page)
    assert b"<" not in stripped and b"color" not in stripped and b"var x" not in stripped
    assert stripped.decode("cp932").split() == ["猫", "リンク", "リンク", "リンク", text, text]
    # A text with no markup, or only ASCII outside it, is left as it is.
    assert _text_only("año < 3 > 2".encode("cp1252")) == "año < 3 > 2".encode("cp1252")
    assert _text_only(b'<a title="caf\xe9">x</a>') == b'<a title="caf\xe9">x</a>'
    assert guess_codecbox(page).encoding == resolve("shift_jis")  # (strict: it reads them)


def test_readings_with_the_same_text_keep_the_best_prior() -> None:
    # cp1252, ISO-8859-15 and windows-1254 read these bytes alike: windows-1252 (the best
    # prior) is the answer, and no runner-up with the same text makes it unsure.
    data = "El niño comió más paella.".encode("cp1252")
    guess = guess_codecbox(data)
    assert guess.encoding == resolve("windows-1252", label=True)
    # (three accented letters: windows-1250's "nińo" may stay close, but never a twin)
    assert guess.runner_up is None or guess.runner_up.name not in ("ISO-8859-15", "windows-1254")
    # (listed after a candidate of a lower prior that reads the same text, it still wins)
    guess = guess_codecbox(data, ["cp1254", "cp1252"])
    assert guess.encoding == resolve("cp1252") and guess.sure


def test_a_page_is_guessed_among_the_encodings_browsers_have() -> None:
    # Four Polish characters: among all its candidates the detector prefers cp850 (not
    # sure), which no browser has; decode_html then fell back to windows-1252 ("Ňle").
    # Asked as for a page, only browsers' encodings run, and windows-1250 wins.
    data = "Źle ".encode("cp1250")
    assert guess_codecbox(data, prefix=True).encoding == resolve("cp850")
    decoded = decode_html(b"<p>" + data + b"</p>")
    assert decoded.text == "<p>Źle </p>" and decoded.rule.value == "detected"
    assert decoded.guess is not None and not decoded.guess.sure
    # The work: a page's detector reads fewer pages, and each is one browsers have.
    web, files = _default_plan(True), _default_plan(False)
    assert all(enc.whatwg for enc in web.encodings)
    assert set(web.encodings) < set(files.encodings)
    assert len(web.encodings) + len(web.generic) < len(files.encodings) + len(files.generic)
