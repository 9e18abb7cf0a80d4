"""html5lib's encoding-sniffing vectors against prescan() and decode_html().

The expected values assume no HTTP charset and a windows-1252 default. Our pipeline
tries "valid UTF-8" and detection before that default, so the conformance check is on
the *declaration* stage: BOM, else prescan, else windows-1252 (:func:`declared`). A few
tests1.dat vectors put their <meta> after byte 1024; browsers only find it by full
parsing (the tree builder re-decodes), which a prescan never does. They are counted
separately so that any change shows up as a changed number.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from codecbox.decoding import decode_html
from codecbox.labels import lookup
from codecbox.rules import Rule
from codecbox.sniffing import bom, prescan

VECTORS = Path(__file__).resolve().parent.parent / "vectors" / "html5lib-encoding"
FILES = ("tests1.dat", "tests2.dat", "test-yahoo-jp.dat", "preparsed-pr130/tests1.dat")
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


def beyond_1024(name: str, data: bytes) -> bool:
    """Is this a full-parsing vector whose first <meta> ends after byte 1024?

    (The preparsed-pr130 vectors state the prescan's own answer, so they never are.)
    """
    start = data.lower().find(b"<meta")
    end = data.find(b">", start) + 1 if start >= 0 else 0
    return not name.startswith("preparsed") and end > 1024


def test_vector_counts() -> None:
    counts = {name: len(parse(VECTORS / name)) for name in FILES}
    assert counts == {
        "tests1.dat": 59,
        "tests2.dat": 22,
        "test-yahoo-jp.dat": 1,
        "preparsed-pr130/tests1.dat": 8,
    }


@pytest.mark.parametrize(("name", "n", "data", "expected"), CASES)
def test_declaration_stage(name: str, n: int, data: bytes, expected: str) -> None:
    assert lookup(expected) is not None
    if beyond_1024(name, data):
        # Only the tree builder finds it; the prescan must not look that far.
        assert declared(data) == "windows-1252" != lookup(expected)
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


@pytest.mark.parametrize(("name", "n", "data", "expected"), CASES)
def test_decode_html_never_raises_and_agrees_with_declarations(
    name: str, n: int, data: bytes, expected: str
) -> None:
    decoded = decode_html(data)
    if decoded.rule in (Rule.BOM, Rule.META):
        assert decoded.encoding.name == declared(data)
    else:
        assert decoded.rule in (Rule.VALID_UTF8, Rule.DETECTED, Rule.DEFAULT)
        assert declared(data) == "windows-1252"


def test_conformance_numbers() -> None:
    in_prescan = beyond = matched = 0
    beyond_ids = []
    for param in CASES:
        name, n, data, expected = param.values
        if beyond_1024(name, data):
            beyond += 1
            beyond_ids.append(param.id)
            continue
        in_prescan += 1
        matched += declared(data) == lookup(expected)
    assert (matched, in_prescan, beyond) == (83, 83, 7)
    assert beyond_ids == [f"tests1.dat#{n}" for n in range(47, 54)]


def test_known_wrong_preparsed_vector() -> None:
    data, upstream = parse(VECTORS / "preparsed-pr130/tests1.dat")[0]
    assert (len(data), upstream) == (1023, "Windows-1252")
    assert declared(data) == "ISO-8859-2"
    assert [declared(d) for d, _ in parse(VECTORS / "tests1.dat") if d == data] == ["ISO-8859-2"]


def test_yahoo_jp_declares_euc_jp_over_utf8_bytes() -> None:
    [(data, expected)] = parse(VECTORS / "test-yahoo-jp.dat")
    decoded = decode_html(data)
    assert (decoded.how, lookup(expected)) == ("EUC-JP (meta)", "EUC-JP")
