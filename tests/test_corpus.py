"""Lesson 6's corpus: well-formed, big enough, encodable, and held-out text the tuning never saw.

The detectors in lesson 6 are adjusted on ``tuning.txt`` and measured on ``heldout.txt``. A
sentence that appears in both would leak the measurement into the tuning, so it is checked here,
together with everything the sampling relies on: one paragraph per line, NFC, and every paragraph
representable in the legacy encodings that language is tested in.
"""

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "data" / "corpus"

LANGUAGES = ["es", "en", "ja", "ko"]
MIN_CHARS = {"tuning": 3500, "heldout": 7000}
PARAGRAPH_CHARS = (200, 600)
ENCODINGS = {
    "es": ["cp1252"],
    "en": ["cp1252"],
    "ja": ["cp932", "euc_jp"],
    "ko": ["cp949"],
}
FILES = [(lang, split) for lang in LANGUAGES for split in MIN_CHARS]

# 。！？ always end a sentence; . ! ? only before whitespace or the end of the paragraph (closing
# quotes allowed in between), so that "£3.50" or "p.m." is not cut into fragments such as "m".
SENTENCE_END = re.compile(r"[。！？]|[.!?][”’\"')]*(?=\s|$)")


def path(lang: str, split: str) -> Path:
    return CORPUS / lang / f"{split}.txt"


def text(lang: str, split: str) -> str:
    return path(lang, split).read_bytes().decode("utf-8")


def paragraphs(lang: str, split: str) -> list[str]:
    return text(lang, split).split("\n")[:-1]


def sentences(paragraph: str) -> list[str]:
    return [s.strip() for s in SENTENCE_END.split(paragraph) if s.strip()]


def file_id(case) -> str:
    return "/".join(case) if isinstance(case, tuple) else str(case)


def test_sentence_splitter():
    assert sentences("It was $3.50. “Fine,” she said! Really?") == [
        "It was $3.50",
        "“Fine,” she said",
        "Really",
    ]
    assert sentences("8 p.m. the storm came") == ["8 p.m", "the storm came"]
    assert sentences("雨です。「本当？」晴れ！") == ["雨です", "「本当", "」晴れ"]


@pytest.mark.parametrize("case", FILES, ids=file_id)
def test_file_is_clean_utf8_nfc_one_paragraph_per_line(case):
    lang, split = case
    raw = path(lang, split).read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf"), "BOM"
    content = raw.decode("utf-8")  # strict: raises on any invalid byte
    assert "\r" not in content, "line endings must be LF"
    assert unicodedata.is_normalized("NFC", content), "not NFC"
    assert content.endswith("\n") and not content.endswith("\n\n")
    for number, line in enumerate(content.split("\n")[:-1], start=1):
        assert line.strip(), f"blank line {number}"
        assert line == line.strip(), f"leading or trailing whitespace on line {number}"
        assert "\t" not in line and "\u00a0" not in line, f"tab or NBSP on line {number}"


@pytest.mark.parametrize("case", FILES, ids=file_id)
def test_file_is_big_enough(case):
    lang, split = case
    assert len(text(lang, split)) >= MIN_CHARS[split]


@pytest.mark.parametrize("case", FILES, ids=file_id)
def test_paragraph_lengths(case):
    low, high = PARAGRAPH_CHARS
    for number, paragraph in enumerate(paragraphs(*case), start=1):
        assert low <= len(paragraph) <= high, f"line {number}: {len(paragraph)} characters"


@pytest.mark.parametrize("case", FILES, ids=file_id)
def test_no_repeated_paragraph_within_a_file(case):
    paras = paragraphs(*case)
    assert len(set(paras)) == len(paras)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_heldout_shares_no_paragraph_or_sentence_with_tuning(lang):
    tuning, heldout = paragraphs(lang, "tuning"), paragraphs(lang, "heldout")
    assert not set(tuning) & set(heldout)
    tuning_sentences = {s for p in tuning for s in sentences(p)}
    heldout_sentences = {s for p in heldout for s in sentences(p)}
    assert not tuning_sentences & heldout_sentences


def round_trip_failures(paragraph: str, encoding: str) -> list[str]:
    """Characters that do not survive encode-then-decode (an encode that succeeds is not enough)."""
    failures = []
    for ch in sorted(set(paragraph)):
        try:
            back = ch.encode(encoding).decode(encoding)
        except UnicodeEncodeError:
            failures.append(f"{ch!r} not in {encoding}")
            continue
        if back != ch:
            failures.append(f"{ch!r} comes back from {encoding} as {back!r}")
    return failures


def test_round_trip_check_catches_lossy_mappings():
    # Python's cp932 accepts the wave dash but decodes it as the full-width tilde, and its euc_jp
    # turns the yen sign into a backslash: both would make a correct guess look wrong.
    assert round_trip_failures("10時〜11時", "cp932") == ["'〜' comes back from cp932 as '～'"]
    assert round_trip_failures("¥500", "euc_jp") == ["'¥' comes back from euc_jp as '\\\\'"]
    assert round_trip_failures("①", "euc_jp") == ["'①' not in euc_jp"]
    assert round_trip_failures("año “sí”", "cp1252") == []


@pytest.mark.parametrize("case", FILES, ids=file_id)
def test_every_paragraph_round_trips_through_its_legacy_encodings(case):
    lang, _ = case
    failures = []
    for number, paragraph in enumerate(paragraphs(*case), start=1):
        for encoding in ENCODINGS[lang]:
            try:
                if paragraph.encode(encoding).decode(encoding) == paragraph:
                    continue
            except UnicodeEncodeError:
                pass
            details = round_trip_failures(paragraph, encoding)
            failures += [f"line {number}: {detail}" for detail in details or ["no round trip"]]
    assert not failures, failures


@pytest.mark.parametrize("lang", LANGUAGES)
def test_text_is_not_plain_ascii(lang):
    # Lesson 6 discards ASCII-only samples; a corpus with no non-ASCII text would test nothing.
    for split in MIN_CHARS:
        non_ascii = sum(1 for ch in text(lang, split) if ord(ch) > 0x7F)
        assert non_ascii >= 10, f"{lang}/{split}: {non_ascii} non-ASCII characters"


def test_readme_sizes_match_the_files():
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    for lang, split in FILES:
        row = rf"\|\s*`{lang}/{split}\.txt`\s*\|\s*([\d,]+)\s*\|\s*(\d+)\s*\|\s*([\d,]+)\s*\|"
        stated = re.search(row, readme)
        assert stated, f"README has no size row for {lang}/{split}.txt"
        chars, paras, size = (int(group.replace(",", "")) for group in stated.groups())
        actual = text(lang, split)
        assert (chars, paras, size) == (
            len(actual),
            len(paragraphs(lang, split)),
            len(actual.encode("utf-8")),
        ), f"README sizes for {lang}/{split}.txt are stale"
