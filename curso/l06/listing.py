"""The published lesson's stdlib detector, version 2, as it printed it (some 40 lines).

Lesson 6 shows this module's source (:func:`source`) and asks the student to change one
rule and measure again. Two changes from the printed listing, both parameters whose
defaults are the published values: ``guess`` takes the candidate list and the score
function. It gives the same answers as :func:`curso.l06.detectors.guess_v2`, the table-driven
form the course measures (``tests/course/test_l06_listing.py`` compares them on every sample).

>>> guess("léfo".encode("cp1252")), guess("になって".encode("cp932"))
('cp1252', 'cp1252')
"""

import inspect
import unicodedata

CANDIDATES = ["cp1252", "cp932", "euc_jp", "cp949"]  # on a tie, earlier wins


def char_score(ch):
    o = ord(ch)
    if o < 0x80:
        return 1.0 if (ch.isprintable() or ch in "\t\r\n") else -5.0
    if 0x3041 <= o <= 0x30FF:
        return 2.0  # kana
    if 0xAC00 <= o <= 0xD7A3:  # hangul syllable
        b = ch.encode("cp949")
        return 2.0 if (b[0] >= 0xB0 and b[1] >= 0xA1) else -1.0  # rare outside KS X 1001
    if 0x4E00 <= o <= 0x9FFF:
        return 1.5  # kanji / hanja
    if 0x3000 <= o <= 0x303F or 0xFF01 <= o <= 0xFF5E:
        return 1.5
    if 0x2010 <= o <= 0x2026:
        return 1.0  # dashes, smart quotes
    if 0xFF61 <= o <= 0xFF9F or 0x3131 <= o <= 0x318E:
        return -1.0
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Co", "Cn"):
        return -5.0
    if cat.startswith("L"):
        return 1.0 if 0xC0 <= o <= 0xFF else 0.0
    return 0.0


def guess(b, candidates=CANDIDATES, score=char_score):
    if b.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    try:
        b.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        pass
    best, best_score = None, float("-inf")
    for enc in candidates:
        try:
            s = b.decode(enc)
        except UnicodeDecodeError:
            continue
        value = sum(score(c) for c in s) / len(b)
        if value > best_score:
            best, best_score = enc, value
    return best


def source() -> str:
    """The listing as the lesson shows it: from ``CANDIDATES`` to the end of ``guess``."""
    text = inspect.getsource(inspect.getmodule(source))
    start = text.index("CANDIDATES = ")
    end = text.index("\n\n\ndef source")
    return "import unicodedata\n\n" + text[start:end] + "\n"
