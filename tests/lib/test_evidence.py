"""What the bytes prove before any statistics, and the detector's answers that used to be
confidently wrong: each case is a file or page someone else wrote."""

from __future__ import annotations

import codecs
import importlib.util
import random
from pathlib import Path

import pytest

from codecbox import Rule, decode_bytes, decode_html, import_bytes
from codecbox.detection import guess_chardet, guess_codecbox

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "data"


def _document(lang: str) -> str:
    return (BENCH / "documents" / f"{lang}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "codec", "name"),
    [
        ("日本語のメールです。よろしくお願いします。", "iso2022_jp", "ISO-2022-JP"),
        ("한국어 메일입니다. 감사합니다.", "iso2022_kr", "iso2022_kr"),
        ("中文邮件，你好。谢谢。", "hz", "hz"),
    ],
)
def test_seven_bit_encodings_are_recognised_by_their_escapes(text, codec, name) -> None:
    # All their bytes are below 0x80, so they are also valid UTF-8, with the escapes left in.
    data = text.encode(codec)
    for decoded in (decode_bytes(data), decode_html(data)):
        assert (decoded.text, decoded.encoding.name, decoded.rule) == (text, name, Rule.ESCAPES)


def test_binary_data_is_not_text() -> None:
    png = bytes.fromhex("89504e470d0a1a0a0000000d49484452") + bytes(range(256))
    noise = random.Random(7).randbytes(4096)
    for data, what in ((png, "PNG image"), (noise, "NUL and control bytes")):
        guess = guess_codecbox(data)
        assert (guess.encoding, guess.rule, guess.binary) == (None, Rule.BINARY, what)
        assert not decode_bytes(data).confident


@pytest.mark.parametrize(
    ("lang", "codec"),
    [
        ("ru", "cp855"),
        ("bg", "cp855"),
        ("pl", "cp852"),
        ("cs", "cp852"),
        ("es", "cp850"),
        ("ru", "cp866"),
        ("cs", "mac_latin2"),
        ("tr", "iso8859_3"),
        ("lt", "iso8859_4"),
        ("lt", "iso8859_10"),
        ("pl", "iso8859_16"),
    ],
)
def test_dos_mac_and_iso_8859_code_pages_are_tried(lang: str, codec: str) -> None:
    text = _document(lang)
    assert decode_bytes(text.encode(codec)).text == text


@pytest.mark.parametrize(
    "name", ["big5", "euc_kr", "johab", "gb2312", "gbk", "gb18030", "shift_jis", "euc_jp", "cp949"]
)
def test_the_cjk_files_of_cpythons_tests(name: str) -> None:
    data = (BENCH / "cjkencodings" / f"{name}.txt").read_bytes()
    text = (BENCH / "cjkencodings" / f"{name}-utf8.txt").read_bytes().decode()
    assert decode_bytes(data).text == text


def test_big5_after_long_ascii_markup_is_big5() -> None:
    # A feed whose first Big5 characters sit among ASCII markup: a short window scores them
    # below a Latin reading, and the Big5 reading must stay in the race for a longer one.
    markup = " ".join(
        f"<entry><id>tag:blogger.com,1999:blog-{i}</id><published>2005-05-22T14:14:00</published>"
        for i in range(12)
    )
    text = "<title>MARZ 格子</title> " + markup + " <p>" + _document("zh-hant") + "</p>"
    guess = guess_codecbox(text.encode("big5"))
    assert guess.encoding is not None and guess.encoding.name == "big5", guess.how


def test_short_simplified_chinese_is_not_korean() -> None:
    text = "鱼和西红柿炒鸡蛋。弟弟一边吃一边"  # 16 characters, GBK
    guess = guess_codecbox(text.encode("gbk"))
    assert guess.encoding is not None and text.encode("gbk").decode(guess.encoding.codec) == text


def test_a_windows_1252_page_with_a_stray_0x81_stays_windows_1252() -> None:
    page = b"<p>El ni\xf1o y la ni\xf1a; p\xe1gina \x81 nueva</p>"
    decoded = decode_html(page)
    assert decoded.encoding.name == "windows-1252" and "niño" in decoded.text


def test_an_ascii_start_does_not_decide() -> None:
    # 100 KB of ASCII, then a windows-1252 name: the detector reads from the first non-ASCII byte
    data = b"".join(b"%d;Smith\n" % i for i in range(9000)) + "Muñoz\n".encode("cp1252")
    for candidates in (None, ["cp1252"]):
        decoded = decode_bytes(data, candidates=candidates)
        assert (decoded.text, decoded.replaced) == (data.decode("cp1252"), 0), decoded.how
    imported = import_bytes(data, candidates=["cp1252"])
    assert imported.text == data.decode("cp1252")


def test_a_utf8_file_with_one_windows_1252_line_stays_utf8() -> None:
    data = ("El niño comió jamón; mañana será otro día.\n" * 60).encode() + "señal\n".encode(
        "cp1252"
    )
    decoded = decode_bytes(data)
    assert (decoded.how, decoded.replaced, decoded.confident) == (
        "UTF-8 (mostly valid UTF-8)",
        1,
        False,
    )
    assert decoded.text.startswith("El niño comió")
    assert import_bytes(data).how.startswith("quarantine (mostly valid UTF-8")


def test_utf16_without_a_bom_is_imported_as_text() -> None:
    data = "id,name\n1,Smith\n".encode("utf-16-le")
    imported = import_bytes(data)
    assert (imported.text, imported.rule) == ("id,name\n1,Smith\n", Rule.NUL_PATTERN)
    assert not import_bytes(codecs.BOM_UTF16_LE + data).how.startswith("quarantine")


@pytest.mark.skipif(importlib.util.find_spec("chardet") is None, reason="chardet not installed")
def test_a_library_detectors_utf8_on_invalid_bytes_is_not_valid_utf8() -> None:
    assert guess_chardet(b"\x09\xe6").rule is not Rule.VALID_UTF8


def test_a_jis_x_0213_candidate_decodes_with_its_own_codec_on_a_page() -> None:
    text = "丂丏丒" * 40  # browsers' Shift_JIS would make private-use characters of these
    decoded = decode_html(text.encode("shift_jis_2004"), candidates=["shift_jis_2004"])
    assert decoded.text == text
