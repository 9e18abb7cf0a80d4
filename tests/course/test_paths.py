"""curso.paths: where the course's data lives, the one corpus reader, and the corpus itself.

The corpus checks come first: lesson 6 adjusts its detectors on ``tuning.txt`` and measures them
on ``heldout.txt``. A sentence that appears in both would leak the measurement into the tuning,
so it is checked here, together with everything the sampling relies on: one paragraph per line,
NFC, and every paragraph representable in the legacy encodings that language is tested in. The
file checks read the raw bytes on purpose, not through :func:`curso.paths.paragraphs` (which
strips what it reads and would hide a badly formed line).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from curso import paths
from curso.paths import LANGS, SPLITS, cache_dir, corpus_file, data_dir, paragraphs

MIN_CHARS = {"tuning": 3500, "heldout": 7000}
PARAGRAPH_CHARS = (200, 600)
ENCODINGS = {
    "es": ["cp1252"],
    "en": ["cp1252"],
    "ja": ["cp932", "euc_jp"],
    "ko": ["cp949"],
}
FILES = [(lang, split) for lang in LANGS for split in SPLITS]

# 。！？ always end a sentence; . ! ? only before whitespace or the end of the paragraph (closing
# quotes allowed in between), so that "£3.50" or "p.m." is not cut into fragments such as "m".
SENTENCE_END = re.compile(r"[。！？]|[.!?][”’\"')]*(?=\s|$)")


def text(lang: str, split: str) -> str:
    return corpus_file(lang, split).read_bytes().decode("utf-8")


def raw_lines(lang: str, split: str) -> list[str]:
    return text(lang, split).split("\n")[:-1]


def sentences(paragraph: str) -> list[str]:
    return [s.strip() for s in SENTENCE_END.split(paragraph) if s.strip()]


def file_id(case) -> str:
    return "/".join(case) if isinstance(case, tuple) else str(case)


def fake_checkout(root: Path, files: dict[str, str]) -> Path:
    """A data/ folder with the given corpus files (``"es/heldout.txt": text``)."""
    for name, content in files.items():
        path = root / "corpus" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    (root / "corpus").mkdir(parents=True, exist_ok=True)
    return root


# --- the corpus files -------------------------------------------------------------------------


def test_the_corpus_covers_every_language_and_split():
    assert set(LANGS) == set(ENCODINGS) and set(SPLITS) == set(MIN_CHARS)
    for lang, split in FILES:
        assert corpus_file(lang, split) == data_dir() / "corpus" / lang / f"{split}.txt"


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
    raw = corpus_file(lang, split).read_bytes()
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
    for number, paragraph in enumerate(raw_lines(*case), start=1):
        assert low <= len(paragraph) <= high, f"line {number}: {len(paragraph)} characters"


@pytest.mark.parametrize("case", FILES, ids=file_id)
def test_no_repeated_paragraph_within_a_file(case):
    paras = raw_lines(*case)
    assert len(set(paras)) == len(paras)


@pytest.mark.parametrize("lang", LANGS)
def test_heldout_shares_no_paragraph_or_sentence_with_tuning(lang):
    tuning, heldout = raw_lines(lang, "tuning"), raw_lines(lang, "heldout")
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
    for number, paragraph in enumerate(raw_lines(*case), start=1):
        for encoding in ENCODINGS[lang]:
            try:
                if paragraph.encode(encoding).decode(encoding) == paragraph:
                    continue
            except UnicodeEncodeError:
                pass
            details = round_trip_failures(paragraph, encoding)
            failures += [f"line {number}: {detail}" for detail in details or ["no round trip"]]
    assert not failures, failures


@pytest.mark.parametrize("lang", LANGS)
def test_text_is_not_plain_ascii(lang):
    # Lesson 6 discards ASCII-only samples; a corpus with no non-ASCII text would test nothing.
    for split in SPLITS:
        non_ascii = sum(1 for ch in text(lang, split) if ord(ch) > 0x7F)
        assert non_ascii >= 10, f"{lang}/{split}: {non_ascii} non-ASCII characters"


def test_readme_sizes_match_the_files():
    readme = (data_dir() / "corpus" / "README.md").read_text(encoding="utf-8")
    for lang, split in FILES:
        row = rf"\|\s*`{lang}/{split}\.txt`\s*\|\s*([\d,]+)\s*\|\s*(\d+)\s*\|\s*([\d,]+)\s*\|"
        stated = re.search(row, readme)
        assert stated, f"README has no size row for {lang}/{split}.txt"
        chars, paras, size = (int(group.replace(",", "")) for group in stated.groups())
        actual = text(lang, split)
        assert (chars, paras, size) == (
            len(actual),
            len(raw_lines(lang, split)),
            len(actual.encode("utf-8")),
        ), f"README sizes for {lang}/{split}.txt are stale"


# --- the reader -------------------------------------------------------------------------------


@pytest.mark.parametrize("case", FILES, ids=file_id)
def test_paragraphs_are_the_lines_of_one_file(case):
    got = paragraphs(*case)
    assert isinstance(got, tuple)
    assert got == tuple(raw_lines(*case))
    assert all(p and p == p.strip() for p in got), "blank or space-padded paragraph"


@pytest.mark.parametrize("lang", LANGS)
def test_both_splits_are_held_out_then_tuning(lang):
    both = paragraphs(lang)
    assert both == paragraphs(lang, None)
    assert both == paragraphs(lang, "heldout") + paragraphs(lang, "tuning")
    assert all(p and p == p.strip() for p in both)


def test_paragraphs_drop_blank_lines_and_strip_spaces(monkeypatch, tmp_path):
    data = fake_checkout(
        tmp_path,
        {
            "es/heldout.txt": "  uno \n\n   \n\tdos\u3000\nres\r\n",
            "es/tuning.txt": "cuatro\n\n",
        },
    )
    monkeypatch.setattr(paths, "data_dir", lambda: data)
    assert paragraphs("es", "heldout") == ("uno", "dos", "res")
    assert paragraphs("es", "tuning") == ("cuatro",)
    assert paragraphs("es") == ("uno", "dos", "res", "cuatro")


def test_unknown_language_or_split_is_a_value_error():
    with pytest.raises(ValueError, match="unknown corpus language 'fr'.*es, en, ja, ko"):
        corpus_file("fr", "heldout")
    with pytest.raises(ValueError, match="unknown corpus split 'test'.*heldout, tuning"):
        corpus_file("es", "test")
    with pytest.raises(ValueError, match="unknown corpus language"):
        paragraphs("fr")
    with pytest.raises(ValueError, match="unknown corpus split"):
        paragraphs("es", "train")


def test_missing_corpus_file_names_the_path(monkeypatch, tmp_path):
    data = fake_checkout(tmp_path, {"es/tuning.txt": "hola\n"})
    monkeypatch.setattr(paths, "data_dir", lambda: data)
    with pytest.raises(FileNotFoundError, match="course corpus file not found: .*es.heldout.txt"):
        corpus_file("es", "heldout")
    with pytest.raises(FileNotFoundError, match="es.heldout.txt"):
        paragraphs("es")  # both splits: the held-out file is read first and is missing


def test_data_dir_outside_a_checkout(monkeypatch, tmp_path):
    assert (data_dir() / "corpus").is_dir()
    monkeypatch.setattr(paths, "__file__", str(tmp_path / "curso" / "paths.py"))
    with pytest.raises(FileNotFoundError, match="course data not found at .*data"):
        data_dir()
    (tmp_path / "data" / "corpus").mkdir(parents=True)
    assert data_dir() == tmp_path / "data"


def test_cache_dir_follows_codecbox_cache(monkeypatch, tmp_path):
    folder = tmp_path / "a" / "b"
    monkeypatch.setenv("CODECBOX_CACHE", str(folder))
    assert cache_dir() == folder and folder.is_dir()  # created, parents too


def test_cache_dir_defaults_to_data_cache(monkeypatch, tmp_path):
    data = fake_checkout(tmp_path / "data", {})
    monkeypatch.setattr(paths, "data_dir", lambda: data)
    for unset in ("", None):  # an empty variable counts as unset
        if unset is None:
            monkeypatch.delenv("CODECBOX_CACHE", raising=False)
        else:
            monkeypatch.setenv("CODECBOX_CACHE", unset)
        assert cache_dir() == data / "cache" and (data / "cache").is_dir()


def test_data_inside_the_installed_package(tmp_path, monkeypatch):
    # The JupyterLite site installs curso from a wheel that carries data/ as curso/data/.
    package = tmp_path / "site-packages" / "curso"
    monkeypatch.setattr(paths, "__file__", str(package / "paths.py"))
    with pytest.raises(FileNotFoundError, match="course data not found"):
        data_dir()
    (package / "data" / "corpus").mkdir(parents=True)
    assert data_dir() == package / "data"
    (tmp_path / "site-packages" / "data" / "corpus").mkdir(parents=True)  # a checkout's wins
    assert data_dir() == tmp_path / "site-packages" / "data"
