"""A file's own XML declaration (``<?xml version="1.0" encoding="Big5"?>``): Rule.XML.

The file policy (decode_bytes, decode_file, import, sniff, the command line) reads it as a
label found in data (``ISO-8859-1`` is windows-1252, as browsers read it) when the bytes
follow it; the evidence of the bytes wins over a declaration they do not follow, and a
declaration that names no encoding, or one the bytes cannot be in, decides nothing.
(chardet 7.7 reads these declarations too; before, codecbox guessed such files.)
"""

from __future__ import annotations

import contextlib
import io

import pytest

from codecbox import decode_bytes, decode_file, import_bytes, sniff, sniff_file
from codecbox.cli import main
from codecbox.detection import Guess
from codecbox.importing import Imported
from codecbox.rules import Rule

DIARY = "今天天氣很好，我們一起去公園散步。"


def xml(encoding: str, body: str) -> str:
    return f'<?xml version="1.0" encoding="{encoding}"?>\n<entry>{body}</entry>\n'


class Spy:
    """A detector that counts its calls and always answers windows-1252."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, data, candidates=None, *, prefix=False) -> Guess:
        from codecbox import resolve

        self.calls += 1
        return Guess(resolve("windows-1252", label=True), "spy", Rule.DETECTED, 0.5)


def test_a_big5_feed_is_big5_by_its_declaration_without_asking_a_detector() -> None:
    text = xml("Big5", DIARY)
    spy = Spy()
    decoded = decode_bytes(text.encode("big5"), detector=spy)
    assert (decoded.how, decoded.text, decoded.confident) == ("Big5 (XML declaration)", text, True)
    assert spy.calls == 0


def test_a_declared_label_reads_as_browsers_read_it() -> None:
    # ISO-8859-1 in a declaration is windows-1252: the euro sign of a real export survives
    text = xml("ISO-8859-1", "Precio: 3 € — café")
    decoded = decode_bytes(text.encode("cp1252"))
    assert (decoded.how, decoded.text) == ("windows-1252 (XML declaration)", text)


@pytest.mark.parametrize(
    ("declared", "written", "how"),
    [
        # declared UTF-8, written in windows-1252: the bytes are not UTF-8, so a guess
        ("UTF-8", "cp1252", "windows-1252 (detected)"),
        # declared ISO-8859-1, written in UTF-8: valid UTF-8 is the evidence
        ("ISO-8859-1", "utf-8", "UTF-8 (valid UTF-8)"),
        # a label no one knows decides nothing
        ("klingon", "utf-8", "UTF-8 (valid UTF-8)"),
    ],
)
def test_the_bytes_win_over_a_declaration_they_do_not_follow(
    declared: str, written: str, how: str
) -> None:
    text = xml(declared, "Año nuevo, café y señal de Muñoz")
    decoded = decode_bytes(text.encode(written))
    assert (decoded.how, decoded.text) == (how, text)
    assert decoded.rule is not Rule.XML


def test_utf16_declared_in_ascii_bytes_is_not_utf16() -> None:
    # the declaration is ASCII, so whatever it says the file is not UTF-16
    data = xml("UTF-16", "plain").encode("ascii")
    decoded = decode_bytes(data)
    assert (decoded.how, decoded.text) == ("UTF-8 (valid UTF-8)", data.decode())


def test_utf8_declared_and_valid_stays_valid_utf8() -> None:
    data = xml("UTF-8", "café").encode()
    assert decode_bytes(data).how == "UTF-8 (valid UTF-8)"


def test_an_ascii_start_declared_windows_1251_decides_for_the_whole_file(tmp_path) -> None:
    # The first 64 KiB are ASCII: without the declaration they prove only "valid UTF-8"
    # (a prefix); with it, the file is windows-1251 from its first byte.
    rows = "".join(f"<row id='{i}'>item {i}</row>\n" for i in range(3000))
    text = xml("windows-1251", rows + "<row>Привет, мир</row>")
    path = tmp_path / "feed.xml"
    path.write_bytes(text.encode("cp1251"))
    assert len(rows) > 65536
    guess = sniff_file(path)
    assert (guess.encoding.name, guess.rule) == ("windows-1251", Rule.XML)
    assert decode_file(path).text == text
    assert sniff(text.encode("cp1251"), max_bytes=1024).rule is Rule.XML


def test_import_takes_a_declared_feed_and_quarantines_a_lying_one() -> None:
    good = xml("Big5", DIARY).encode("big5")
    imported = import_bytes(good, min_sample=0)
    assert isinstance(imported, Imported) and imported.rule is Rule.XML, imported
    assert imported.text == xml("Big5", DIARY)
    lying = xml("UTF-8", "Año nuevo, café y señal de Muñoz").encode("cp1252")
    assert not isinstance(import_bytes(lying, min_sample=0), Imported)


def test_the_command_line_says_it_read_the_declaration(tmp_path) -> None:
    path = tmp_path / "feed.xml"
    path.write_bytes(xml("Big5", DIARY).encode("big5"))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["detect", str(path)])
    assert (status, out.getvalue()) == (0, f"{path}: Big5 (XML declaration), certain\n")
