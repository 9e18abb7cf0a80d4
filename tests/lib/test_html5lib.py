"""html5lib's encoding-sniffing vectors against prescan() and decode_html().

The expected values assume no HTTP charset, a windows-1252 default and no detector, and
(except in ``preparsed-pr130/``) *full parsing*: seven tests1.dat vectors put their <meta>
after byte 1024, where only the parser meets it and "changes the encoding"
(:func:`~codecbox.sniffing.html_meta`, :attr:`Rule.META_PARSED`). So:

* the 82 full-parsing vectors: ``decode_html`` gives the expected encoding's text, and
  with ``browser_default=True`` (no valid-UTF-8 rule, no detector) its name too;
* all 90 at the declaration stage (BOM, else the prescan alone, else windows-1252):
  the prescan never looks past 1024 bytes, so the seven late <meta> are not found there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from codecbox.decoding import decode_html
from codecbox.labels import lookup, resolve
from codecbox.rules import Rule
from codecbox.sniffing import bom, meta_while_parsing, prescan

VECTORS = Path(__file__).resolve().parent.parent / "vectors" / "html5lib-encoding"
FULL = ("tests1.dat", "tests2.dat", "test-yahoo-jp.dat")
PRESCAN_ONLY = ("preparsed-pr130/tests1.dat",)
FILES = FULL + PRESCAN_ONLY
#: README: this expectation (windows-1252) is wrong; tests1.dat, a spec-literal prescan
#: and html5lib's prescan all say iso-8859-2 for the same 1,023 bytes.
KNOWN_WRONG = {("preparsed-pr130/tests1.dat", 0): "iso-8859-2"}


def parse(path: Path) -> list[tuple[bytes, str]]:
    """(input bytes, expected label) pairs; input = data lines joined by LF, final LF removed."""
    tests, data, lines = [], None, path.read_bytes().split(b"\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line == b"#data":
            data = []
        elif line == b"#encoding":
            tests.append((b"\n".join(data), lines[i + 1].decode("ascii").strip()))
            data = None
            i += 1
        elif data is not None:
            data.append(line)
        i += 1
    return tests


CASES = [
    pytest.param(name, n, data, KNOWN_WRONG.get((name, n), expected), id=f"{name}#{n}")
    for name in FILES
    for n, (data, expected) in enumerate(parse(VECTORS / name))
]
FULL_CASES = [param for param in CASES if param.values[0] in FULL]


def declared(data: bytes) -> str:
    """The declaration stage only: BOM, else prescan, else the windows-1252 default."""
    for mark, name in (
        (b"\xef\xbb\xbf", "UTF-8"),
        (b"\xfe\xff", "UTF-16BE"),
        (b"\xff\xfe", "UTF-16LE"),
    ):
        if data.startswith(mark):
            return name
    return prescan(data) or "windows-1252"


def expected_text(data: bytes, expected: str) -> str:
    """The page as a browser that settled on ``expected`` shows it (without its BOM)."""
    found = bom(data, web=True)
    encoding = resolve(expected, label=True)
    assert encoding.codec is not None
    return data[found[1] if found else 0 :].decode(encoding.codec, "replace")


def beyond_1024(name: str, data: bytes) -> bool:
    """Is this a full-parsing vector whose first <meta> ends after byte 1024?"""
    start = data.lower().find(b"<meta")
    end = data.find(b">", start) + 1 if start >= 0 else 0
    return name in FULL and end > 1024


def test_vector_counts() -> None:
    counts = {name: len(parse(VECTORS / name)) for name in FILES}
    assert counts == {
        "tests1.dat": 59,
        "tests2.dat": 22,
        "test-yahoo-jp.dat": 1,
        "preparsed-pr130/tests1.dat": 8,
    }
    assert len(FULL_CASES) == 82


@pytest.mark.parametrize(("name", "n", "data", "expected"), FULL_CASES)
def test_decode_html_gives_the_expected_text(name: str, n: int, data: bytes, expected: str) -> None:
    decoded = decode_html(data)
    assert decoded.text == expected_text(data, expected)
    if decoded.rule in (Rule.BOM, Rule.META, Rule.META_PARSED):
        assert decoded.encoding.name == lookup(expected)
    else:  # nothing declared: the default's text, here ASCII, read as UTF-8
        assert (decoded.rule, lookup(expected)) == (Rule.VALID_UTF8, "windows-1252")
        assert data.isascii()


@pytest.mark.parametrize(("name", "n", "data", "expected"), FULL_CASES)
def test_browser_default_gives_the_expected_encoding(
    name: str, n: int, data: bytes, expected: str
) -> None:
    decoded = decode_html(data, browser_default=True)
    assert decoded.encoding.name == lookup(expected)
    assert decoded.text == expected_text(data, expected)


@pytest.mark.parametrize(("name", "n", "data", "expected"), CASES)
def test_declaration_stage(name: str, n: int, data: bytes, expected: str) -> None:
    assert lookup(expected) is not None
    if beyond_1024(name, data):
        # Only the parser finds it; the prescan must not look that far.
        assert declared(data) == "windows-1252" != lookup(expected)
        assert meta_while_parsing(data) == lookup(expected)
    else:
        assert declared(data) == lookup(expected)


def test_web_bom_agrees_with_the_declaration_stage() -> None:
    with_bom = 0
    for param in CASES:
        _, _, data, _ = param.values
        found = bom(data, web=True)
        if found is not None:
            with_bom += 1
            assert found[0].name == declared(data), param.id
    assert with_bom > 0  # or this proves nothing


def test_conformance_numbers() -> None:
    """The score, printed (``pytest -s``) and pinned: any change shows up as a number."""
    text = name = rules = 0
    by_rule: dict[str, int] = {}
    for param in FULL_CASES:
        _, _, data, expected = param.values
        decoded = decode_html(data)
        text += decoded.text == expected_text(data, expected)
        name += decode_html(data, browser_default=True).encoding.name == lookup(expected)
        by_rule[decoded.rule.value] = by_rule.get(decoded.rule.value, 0) + 1
        rules += 1
    prescan_only = [p for p in CASES if p.values[0] in PRESCAN_ONLY]
    prescan_ok = sum(declared(p.values[2]) == lookup(p.values[3]) for p in prescan_only)
    print(
        f"\nhtml5lib encoding vectors, full parsing: text {text}/{rules}, name {name}/{rules} "
        f"with browser_default; prescan only: {prescan_ok}/{len(prescan_only)}; rules {by_rule}"
    )
    assert (text, name, rules, prescan_ok, len(prescan_only)) == (82, 82, 82, 8, 8)
    assert by_rule == {"BOM": 2, "meta": 41, "meta, while parsing": 7, "valid UTF-8": 32}
    late = [p.id for p in FULL_CASES if beyond_1024(p.values[0], p.values[2])]
    assert late == [f"tests1.dat#{n}" for n in range(47, 54)]


def test_known_wrong_preparsed_vector() -> None:
    data, upstream = parse(VECTORS / "preparsed-pr130/tests1.dat")[0]
    assert (len(data), upstream) == (1023, "Windows-1252")
    assert declared(data) == "ISO-8859-2"
    assert [declared(d) for d, _ in parse(VECTORS / "tests1.dat") if d == data] == ["ISO-8859-2"]


def test_yahoo_jp_declares_euc_jp_over_utf8_bytes() -> None:
    [(data, expected)] = parse(VECTORS / "test-yahoo-jp.dat")
    decoded = decode_html(data)
    assert (decoded.how, lookup(expected)) == ("EUC-JP (meta)", "EUC-JP")


def test_a_late_meta_is_reported_as_met_while_parsing() -> None:
    [data] = [d for d, _ in parse(VECTORS / "tests1.dat") if b"multi-script" in d]
    decoded = decode_html(data)
    # windows-1252 would read the 0xFE before the <meta> as "þ": a browser restarts.
    assert (decoded.how, decoded.confident) == ("ISO-8859-2 (meta, while parsing)", False)
    assert "ţ" in decoded.text and "þ" not in decoded.text
