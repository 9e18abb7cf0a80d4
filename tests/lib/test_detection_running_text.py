"""Letters and pairs counted in running text (langdetect's Wikipedia profiles, merged into
codecbox/data/frequent.txt by tools/frequent_characters.py --langdetect-dir): short snippets
of everyday sentences (written for this test) that the software-message counts alone read
wrong."""

from __future__ import annotations

from importlib import resources

import pytest

from codecbox.detection import guess_codecbox


@pytest.mark.parametrize(
    ("text", "codec"),
    [
        # Lithuanian: "ėjome į" read as windows-1256 Arabic.
        (" ėjome į", "cp1257"),
        ("iute ėjome į", "cp1257"),
        ("iute ėjome į tur", "cp1257"),
        # French: "élève" read as windows-1250.
        ("ève a re", "cp1252"),
        # Ukrainian and Russian read as windows-1255 Hebrew.
        ("о вечора", "cp1251"),
        ("й озеро ", "cp1251"),
        # KOI8-R read as windows-1253 Greek or windows-1251.
        ("кой ходи", "koi8_r"),
        ("й ходили", "koi8_r"),
        ("х до позднего ве", "koi8_r"),
        # Hebrew read as windows-1251.
        ("בחורף האגם קופא ", "cp1255"),
    ],
)
def test_everyday_words_read_right(text: str, codec: str) -> None:
    data = text.encode(codec)
    guess = guess_codecbox(data)
    assert guess.encoding is not None and guess.encoding.codec is not None
    assert data.decode(guess.encoding.codec) == text, guess.encoding.name


def test_the_running_text_rows_and_their_notice_ship() -> None:
    data = resources.files("codecbox").joinpath("data")
    rows = data.joinpath("frequent.txt").read_text("utf-8").splitlines()
    header = "\n".join(r for r in rows if r.startswith("#"))
    assert "LANGDETECT-NOTICE.txt" in header
    notice = data.joinpath("LANGDETECT-NOTICE.txt").read_text("utf-8")
    assert "langdetect 1.0.9" in notice and "Apache License, Version 2.0" in notice
    assert "cbc1fef89f8d062739774bd51eda3da3274006b3661d199c2655f6b3f6d605a0" in notice
    # Lithuanian's row has the running text's pairs: "ė " ends many words in real text.
    (lt,) = [r.split("\t")[2].split() for r in rows if r.startswith("lt\tpairs\t")]
    assert int(next(x[2:] for x in lt if x.startswith("ė_"))) > 100
