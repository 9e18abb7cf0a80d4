"""Reference oracles for lesson 6's detectors, shared by tests/lib and tests/course.

``published_char_score`` is lesson 6's published v2 ``char_score`` as
``curso.l06.listing`` transcribes it (and the lesson prints), ``published_guess`` its
``guess``, which ``curso.l06.detectors.guess_stdlib`` took over and ``guess_v2``
reproduces. The only changes: candidates and the decode function are parameters (so the
prefix variant is the lesson's "use decode_prefix instead of b.decode inside guess"), and
``guess`` also returns the best score so that can be compared too. v1 was described in the
published lesson's prose, not published as code: ``reference_v1`` is that description as a
plain if-chain, independent of the course's table.
"""

from __future__ import annotations

import codecs
import random
import unicodedata

from hypothesis import strategies as st

from curso.l06.detectors import DEFAULT_CANDIDATES
from curso.l06.listing import char_score as published_char_score  # the lesson prints it


def _strict(b, enc):
    return b.decode(enc)


def _prefix(b, enc):
    return codecs.getincrementaldecoder(enc)().decode(b, final=False)


def published_guess(
    b, CANDIDATES=DEFAULT_CANDIDATES, decode=_strict, score=None, per_char=False
):  # the published guess(); score/per_char only let reference_v1 reuse the same loop
    if b.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig", None
    try:
        decode(b, "utf-8")
        return "utf-8", None
    except UnicodeDecodeError:
        pass
    best, best_score = None, float("-inf")
    for enc in CANDIDATES:
        try:
            s = decode(b, enc)
        except UnicodeDecodeError:
            continue
        total = sum((score or published_char_score)(c) for c in s)
        average = (total / len(s) if s else 0.0) if per_char else total / len(b)
        if average > best_score:
            best, best_score = enc, average
    return best, (None if best is None else best_score)


# v1 as described in the lesson (no code was published): per-character scores, averaged
# per character. Written as a plain if-chain, independent of the module's table.
def v1_char_score(ch):
    o = ord(ch)
    if o < 0x80:
        return 1.0 if (0x20 <= o <= 0x7E or ch in "\t\r\n") else -5.0
    if 0x3041 <= o <= 0x30FF or 0xAC00 <= o <= 0xD7A3:
        return 2.0  # kana, hangul
    if 0x4E00 <= o <= 0x9FFF:
        return 1.0  # kanji
    if 0xFF61 <= o <= 0xFF9F:
        return -1.0  # half-width katakana
    if unicodedata.category(ch) in ("Cc", "Co"):
        return -5.0  # controls, private use
    return 0.0


def reference_v1(b, candidates=DEFAULT_CANDIDATES, decode=_strict):
    """The published guess() loop, with v1's scores averaged per character instead of per byte."""
    return published_guess(b, candidates, decode, score=v1_char_score, per_char=True)


# --- inputs for the equivalence tests ---------------------------------------------------------

POOL = (
    "abcxyzAZ09 .,;:!?'\"-\t\r\n\x00\x07\x7f"
    "éñüÁÓÇ×÷¿¡ºª€’‘“”–—…‚„"
    "あいうえおがぱアイウヴーッ漢字化文日本語話猫"
    "한국어대한민국글뭩똠햏ㄱㅏ"
    "ｱｲｳﾞ﹏。、「」！＃＄"
    "中文繁體字為們"
    "\ue000\uf8ff"
)
SAMPLE_ENCODINGS = DEFAULT_CANDIDATES + ("utf-8", "utf-8-sig", "latin-1", "gb18030", "big5hkscs")
#: utf-16 and utf-32 write byte order marks, which only some detectors honour.
WIDE_ENCODINGS = ("utf-16", "utf-32")


def random_input(rng: random.Random, encodings: tuple[str, ...] = SAMPLE_ENCODINGS) -> bytes:
    kind = rng.random()
    if kind < 0.25:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 24)))
    text = "".join(rng.choice(POOL) for _ in range(rng.randrange(1, 20)))
    data = text.encode(rng.choice(encodings), errors="ignore")
    if kind < 0.6 and data:  # cut anywhere, often inside a character
        data = data[: rng.randrange(1, len(data) + 1)]
    return data


def random_inputs(encodings: tuple[str, ...] = SAMPLE_ENCODINGS, n: int = 3000) -> list[bytes]:
    """``n`` seeded inputs: random bytes, and text in ``encodings``, often cut mid-character."""
    return [random_input(random.Random(seed), encodings) for seed in range(n)]


def detector_inputs(encodings: tuple[str, ...] = SAMPLE_ENCODINGS) -> st.SearchStrategy[bytes]:
    """The same kind of input for hypothesis."""
    return st.one_of(
        st.binary(max_size=40),
        st.builds(
            lambda text, enc, cut: text.encode(enc, errors="ignore")[cut:],
            st.text(alphabet=st.sampled_from(POOL) | st.characters(), max_size=20),
            st.sampled_from(encodings),
            st.integers(0, 2),
        ),
    )
