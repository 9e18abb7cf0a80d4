"""The work of the ``codecbox`` detector, counted (never timed), and the tables it prunes with.

guess_codecbox decodes and scores few of its 44 candidates: the others are left out by bounds
computed from tables of each code page (:class:`codecbox.detection._Plan`). These tests count
the readings it builds and scores, so that a change that prunes less fails here, and check the
tables against the codecs and the scores they stand for, so that a wrong table (which would
leave out a reading that can win, or change an answer) fails too. ``benchmarks/README.md``
has the speeds; ``benchmarks/detection_dump.py`` compares every answer of two commits.
"""

from __future__ import annotations

import codecs
import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from course_scripts import load_script

from codecbox import detection, guessing
from codecbox.detection import guess_codecbox

suite = load_script("benchmarks/suite.py", "_detection_suite_work")


@contextmanager
def counting(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Counts, while in the block: readings built (``base``: the classes of a text), pages
    whose text is decoded for the letter rule (``letter_rule``), readings scored (``score``)
    and calls of a reader looked up (``read``: a multi-byte decode in the ranking, or UTF-8's
    strict one in evidence)."""
    found: Counter[str] = Counter()

    def counted(name: str, function):  # type: ignore[no-untyped-def]
        def call(*args, **kwargs):  # type: ignore[no-untyped-def]
            found[name] += 1
            return function(*args, **kwargs)

        return call

    with monkeypatch.context() as patch:
        patch.setattr(guessing, "base", counted("base", guessing.base))
        patch.setattr(guessing, "_score", counted("score", guessing._score))
        patch.setattr(detection, "_letter_rule", counted("letter_rule", detection._letter_rule))
        patch.setattr(detection, "_reader", counted("read", detection._reader))
        yield found


@pytest.mark.parametrize(
    ("text", "codec", "most"),
    [
        ("我们去公", "gbk", 3),
        ("天気が良", "cp932", 3),
        ("오늘은 ", "cp949", 4),  # (3 before guessing.DRAWING: in cp437 it is ┐└┤├└║)
        ("niño", "cp1252", 3),
        ("Ωραία", "cp1253", 4),
        ("Привет", "cp1251", 4),
    ],
)
def test_a_short_snippet_scores_few_of_the_candidates(
    monkeypatch: pytest.MonkeyPatch, text: str, codec: str, most: int
) -> None:
    data = text.encode(codec)
    guess_codecbox(data)  # (the lazy tables filled)
    with counting(monkeypatch) as work:
        g = guess_codecbox(data)
    assert g.encoding is not None and data.decode(g.encoding.codec) == text
    # Of 44 candidates (38 code pages, 6 multi-byte ones with their fallbacks): the winner and
    # the runner-up must be scored, a few more may be.
    assert 2 <= work["score"] <= most, work
    assert work["base"] <= 2 * most + 1, work
    assert work["letter_rule"] <= most, work
    # The multi-byte texts read once (others_reading, by the readers the plan holds); the
    # ranking of a window that is the whole input does not decode them again, and evidence
    # reads UTF-8 with errors="replace" (_read_utf8): no reader is looked up and called.
    assert work["read"] == 0, work


def test_the_tune_snippets_score_few_readings_on_average(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the 4- and 16-character tune snippets of the benchmark (no timing: the readings
    scored per input), the bounds leave out all but about three readings."""
    items = suite.snippets("tune", n=20, lengths=(4, 16))
    with counting(monkeypatch) as work:
        for item in items:
            guess_codecbox(item.data)
    per_input = {key: value / len(items) for key, value in work.items()}
    assert len(items) > 900
    assert per_input["score"] <= 3.3, per_input  # (2.9 when written: at least 2)
    assert per_input["letter_rule"] <= 3.2, per_input  # (2.8)
    assert per_input["base"] <= 5.5, per_input  # (4.9)


# --- the tables ------------------------------------------------------------------------------


def test_the_page_tables_are_the_codecs() -> None:
    """Each page's decoding table, character ids, classes, letters and byte bounds are what
    its codec and the score make of each byte."""
    plan = detection._default_plan()
    assert len(plan.encodings) >= 30
    for k, enc in enumerate(plan.encodings):
        chars: list[str | None] = []
        for b in range(256):
            try:
                chars.append(bytes([b]).decode(enc.codec or ""))
            except UnicodeDecodeError:
                chars.append(None)
        decoding = plan.decoding[k]
        assert [None if ch == "\ufffe" else ch for ch in decoding] == chars, enc.name
        classes = guessing.byte_classes(enc.codec or "")
        assert plan.classes[k] == classes
        for b, ch in enumerate(chars):
            assert classes[b] == ord("x" if ch is None else guessing.char_class(ch)), (enc, b)
            vector = 0 if ch is None or b < 128 else guessing.letter_vector(ch)
            assert plan.letters[k][b] == vector, (enc.name, b)
    # Two pages share a byte's id exactly when they read it as the same character (255: none).
    for b in range(128, 256):
        column = [page[b] for page in plan.decoding]
        for k, ch in enumerate(column):
            assert (plan.ids[k][b] == 255) == (ch == "\ufffe"), (plan.encodings[k].name, b)
            for j in range(k):
                if ch != "\ufffe" and column[j] != "\ufffe":
                    assert (plan.ids[k][b] == plan.ids[j][b]) == (ch == column[j])


def test_a_bytes_packed_bound_is_its_characters_in_every_page() -> None:
    """What each byte above 127 adds to a page's packed bound: its character's char_bound,
    less the least the letter rule takes for it (in 1/128 points, plus the bias)."""
    plan = detection._default_plan()
    for b in range(128, 256):
        fields = plan._unpack(plan.vectors[b]).tolist()
        for k, page in enumerate(plan.decoding):
            ch = page[b]
            if ch == "\ufffe":
                assert fields[k] == 0
                continue
            part = int((guessing.char_bound(ch) + detection._BYTE_BIAS) * detection._SCALE)
            folded = guessing.fold_char(ch)
            least = 0 if not folded or folded <= "\x7f" else detection._least(folded)
            assert fields[k] == part - least, (plan.encodings[k].name, hex(b))


def test_a_pairs_packed_part_is_its_pair_points_in_every_page() -> None:
    plan = detection._default_plan()
    rng = random.Random(18)
    pairs = [
        b"a\xe9",
        b"\xe9A",
        b"\xc0\xe9",
        b"\xa7a",
        *(bytes(rng.sample(range(128, 256), 2)) for _ in range(40)),
    ]
    for pair in pairs:
        plan._pair(pair)
        fields = plan._unpack(plan.pairs[pair]).tolist()
        for k, classes in enumerate(plan.classes):
            key = bytes((classes[pair[0]], classes[pair[1]])).decode("ascii")
            points = guessing.pair_points(key)
            assert fields[k] == int((points + detection._PAIR_BIAS) * detection._SCALE), (pair, k)


def test_the_remembered_letters_are_the_models() -> None:
    plan = detection._default_plan()
    rng = random.Random(10)
    for _ in range(300):
        k = rng.randrange(len(plan.letters))
        vector = sum(plan.letters[k][b] for b in rng.choices(range(128, 256), k=rng.randint(1, 9)))
        assert detection._letters_of(vector) == guessing.letters_of(vector)
        assert detection._letters_of(vector) == guessing.letters_of(vector)  # (remembered)
    assert len(detection._LETTERS_SEEN) <= detection._LETTERS_KEPT


# --- the readers -----------------------------------------------------------------------------


def test_the_replacing_codecs_decode_no_bytes_to_u_fffd() -> None:
    """What lets a reader of detection._REPLACING take a U+FFFD in a text read with
    errors="replace" for an invalid sequence: no bytes decode to U+FFFD. Every character of
    these codecs is one or two bytes, or three after EUC-JP's 0x8F; decoded alone with
    errors="ignore", a sequence gives U+FFFD only if the codec maps it so."""
    pairs = [bytes((a, b)) for a in range(256) for b in range(256)]
    for codec in sorted(detection._REPLACING):
        with pytest.raises(UnicodeEncodeError):
            "\ufffd".encode(codec)
        # (every character, of the BMP and the two planes after it, is at most two bytes, three
        # after EUC-JP's 0x8F: the sequences below are all there is)
        every = map(chr, range(0x80, 0x30000))
        longest = Counter(len(ch.encode(codec, "ignore")) for ch in every)
        assert max(longest) <= (3 if codec.startswith("euc_j") else 2), (codec, longest)
        decode = codecs.lookup(codec).decode
        sequences = [bytes([a]) for a in range(256)] + pairs
        if codec.startswith("euc_j"):
            sequences += [b"\x8f" + pair for pair in pairs]
        mapped = [seq for seq in sequences if "\ufffd" in decode(seq, "ignore")[0]]
        assert mapped == [], (codec, mapped[:5])
        assert codecs.lookup(codec).name == codec


def _strict(codec: str, data: bytes, prefix: bool) -> str | None:
    try:
        if prefix:
            return codecs.getincrementaldecoder(codec)().decode(data, final=False)
        return codecs.decode(data, codec)
    except UnicodeDecodeError:
        return None


def test_a_replacing_reader_reads_what_the_strict_codec_reads() -> None:
    rng = random.Random(2026)
    texts = [
        "我们去公园散步",
        "天気が良いので、公園に行きました",
        "오늘은 날씨가 좋아서",
        "我們去公園",
        "niño",
    ]
    inputs: list[bytes] = []
    for codec in sorted(detection._REPLACING):
        for text in texts:
            try:
                data = text.encode(codec)
            except UnicodeEncodeError:
                continue
            inputs += [data, data[:-1], data[1:], data + b"\x80", b"a" + data[:3]]
    inputs += [bytes(rng.choices(range(256), k=rng.randint(1, 12))) for _ in range(3000)]
    inputs += [
        bytes(rng.choices(b"ab .\xa1\xb0\xc8\xe0\x81\x8f\xfe\x40", k=6)) for _ in range(3000)
    ]
    for codec in sorted(detection._REPLACING):
        read = detection._reader(codec)
        for data in inputs:
            for prefix in (False, True):
                assert read(data, prefix) == _strict(codec, data, prefix), (codec, data, prefix)


def test_the_faster_patterns_match_what_their_definitions_match() -> None:
    """_ASCII_RUN and _SPACES are written ``x x+`` (faster in the re module): the same
    replacements as ``x{2,}`` on random bytes."""
    import re

    run = re.compile(rb"(?<=[\x00-\x7f]{3})[\x00-\x7f]{2,}(?=[\x00-\x7f]{3})")
    spaces = re.compile(rb"[ \t\r\n]{2,}")
    rng = random.Random(7)
    for _ in range(20_000):
        data = bytes(rng.choices(b"a .\t\r\n\x0b\x0c\xe9\xff<", k=rng.randint(0, 40)))
        assert detection._ASCII_RUN.sub(b" ", data) == run.sub(b" ", data), data
        assert detection._SPACES.sub(b" ", data) == spaces.sub(b" ", data), data


def test_utf8_read_with_replace_first_is_the_strict_decode() -> None:
    """evidence reads UTF-8 with errors="replace" first (detection._read_utf8): valid exactly
    when the strict decoder says so, U+FFFD written in the bytes (EF BF BD) included."""
    rng = random.Random(8)
    pieces = [b"a", b" ", "ñ".encode(), "日".encode(), "😀".encode(), b"\xef\xbf\xbd", b"\xf1"]
    pieces += [b"\xc3", b"\xe6\x97", b"\x80", b"\xff", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"]
    for _ in range(20_000):
        data = b"".join(rng.choices(pieces, k=rng.randint(1, 8)))
        try:
            strict: str | None = data.decode("utf-8")
        except UnicodeDecodeError:
            strict = None
        utf8, replaced = detection._read_utf8(data, False)
        assert utf8 == strict, data
        assert replaced == data.decode("utf-8", "replace"), data


# --- the shortcuts of the counting, against what they stand for --------------------------------


def test_neighbours_counts_what_the_high_pairs_regex_finds() -> None:
    """_neighbours (a long window's pairs, counted from 16-bit integers) finds the pairs of
    _high_pairs' regex, as many times each, on random windows and on real ones."""
    rng = random.Random(7)
    alphabet = [0x20, 0x41, 0x61, 0x80, 0xA4, 0xE9, 0xFF]
    windows = [bytes(rng.choices(alphabet, k=rng.randrange(0, 40))) for _ in range(3000)]
    for text, codec in (
        ("Привет, как дела у тебя? Всё хорошо. ", "cp1251"),
        ("Ωραία μέρα. ", "cp1253"),
    ):
        windows.append((text * 120).encode(codec)[:4096])
    for window in windows:
        marked = window.translate(detection._ASCII_PAIRS)
        assert detection._neighbours(marked) == Counter(detection._high_pairs().findall(marked))


def test_lone_high_is_the_rule_it_replaced() -> None:
    """_lone_high: a byte above 127 with none before it, and none after it (in a prefix: two
    ASCII bytes after it), as the look-around regex it replaced says, on every string of up to
    seven bytes of {A, 0xA4}."""
    import itertools
    import re

    rules = {
        True: re.compile(rb"(?<![\x80-\xff])[\x80-\xff](?=[\x00-\x7f]{2})"),
        False: re.compile(rb"(?<![\x80-\xff])[\x80-\xff](?![\x80-\xff])"),
    }
    for n in range(8):
        for combo in itertools.product(b"A\xa4", repeat=n):
            data = bytes(combo)
            for prefix, rule in rules.items():
                assert detection._lone_high(data, prefix) == (rule.search(data) is not None)


def test_folded_points_sums_every_pair() -> None:
    """folded_points, which sums only the pairs with a non-ASCII character (found by a regex
    in mostly ASCII text), is the letters plus every pair's integer, mostly ASCII or not."""
    model = guessing._letters()
    texts = [
        "El niño dijo que sí, vamos a la playa mañana por la tarde.",
        "Привет, как дела у тебя сегодня вечером?",
        "Ωραία μέρα σήμερα, mixed with some ASCII words here and there.",
        "Zażółć gęślą jaźń",
        "año",
    ]
    # (and random ones, whose rare pairs cost in every language: a pair left out shows)
    rng = random.Random(3)
    for ascii_share in (0.5, 0.9):
        for _ in range(40):
            texts.append(
                "".join(
                    rng.choice("etaoin s")
                    if rng.random() < ascii_share
                    else rng.choice("ñçøåłźąšжπ")
                    for _ in range(30)
                )
            )
    for text in texts:
        folded = guessing.fold(text)
        letters = guessing.letters_in(folded)
        pairs = sum(model.vector(a + b) for a, b in zip(folded, folded[1:], strict=False))
        assert guessing.folded_points(folded, letters) == model.points(letters + pairs), text


def test_same_but_commas_is_the_translation() -> None:
    """_same_but_commas skips the translation when neither text has a comma below: the
    answer is what comparing the translations says."""
    pairs = [
        ("roşii şi", "roșii și"),
        ("roșii", "roşii"),
        ("roşii", "rošii"),
        ("abc", "abd"),
        ("Ţara", "Țara"),
        ("same", "same"),
        ("ş", "ş"),
    ]
    for text, other in pairs:
        table = detection._CEDILLAS
        expected = (
            len(text) == len(other)
            and text != other
            and text.translate(table) == other.translate(table)
        )
        assert detection._same_but_commas(text, other) == expected, (text, other)
        assert detection._same_but_commas(other, text) == expected, (other, text)


def test_blocked_asks_each_letter_as_the_encoder_would() -> None:
    """guessing.blocked asks each codec once for all the characters of the Latin letters'
    spellings: the same languages as encoding each spelling alone, for every page and a few
    other codecs (multi-byte, unknown)."""
    model = guessing._letters()
    first, langs = model.slots["l"]

    def encodes(codec: str, text: str) -> bool:
        try:
            text.encode(codec)
        except (UnicodeError, LookupError):
            return False
        return True

    pages = [enc.codec or "" for enc in detection._default_plan().encodings]
    for codec in [*pages, "utf-8", "gb2312", "shift_jis", "no-such-codec"]:
        writes = {
            ch: any(encodes(codec, s) for s in guessing._spellings(ch))
            for lang in langs
            for ch in model.letters[lang]
        }
        fields = []
        for field, lang in enumerate(langs, first):
            shares = model.letters[lang]
            written = sum(share for ch, share in shares.items() if writes[ch])
            if written < guessing.WRITES * sum(shares.values()):
                fields.append(field)
        unit = round(32 * guessing.UNWRITTEN)
        expected = 0 if len(fields) == len(langs) else sum(unit << (32 * f) for f in fields)
        assert guessing.blocked(codec) == expected, codec


def test_least_cost_is_the_cheapest_language_of_the_vector() -> None:
    """least_cost reads a key's fields without making its vector: what points() reads of the
    vector, for the letters and pairs the model knows and random ones it does not."""
    model = guessing._letters()
    rng = random.Random(7)
    letters = [chr(c) for c in (*range(0x61, 0x7B), *range(0xDF, 0x250), *range(0x3AC, 0x460))]
    letters += [chr(c) for c in (*range(0x5D0, 0x5EB), *range(0x621, 0x64B), *range(0xE01, 0xE2F))]
    keys = [*list(model.found)[::7], *letters, " ", "1"]
    keys += [rng.choice(letters) + rng.choice([*letters, " "]) for _ in range(3000)]
    for key in keys:
        capped = len(key) == 1 and guessing._script(key) in guessing.CAPPED_SCRIPTS
        expected = 0.0 if capped else -model.points(model.vector(key))
        assert guessing.least_cost(key) == expected, key


def test_lone_replacement_finds_what_the_look_behind_pattern_found() -> None:
    """detection._LONE_REPLACEMENT (the U+FFFD first, a negative look-behind after it) matches
    where the pattern it replaced (a look-behind or ``^`` first) matched: every string of up
    to 7 characters of a, newline, U+FFFD, é and an astral ideograph."""
    import itertools
    import re

    before = re.compile(r"(?:(?<=[\x00-\x7f])|^)\ufffd(?=[\x00-\x7f]|$)")
    for n in range(8):
        for chars in itertools.product("a\n\ufffdé\U00020000", repeat=n):
            text = "".join(chars)
            found = [m.span() for m in detection._LONE_REPLACEMENT.finditer(text)]
            assert found == [m.span() for m in before.finditer(text)], repr(text)


#: The neighbour rules' patterns as first written (a look-around at every position), each
#: with the alphabet of classes it is checked on.
_LOOK_AROUND_FIRST = {
    "_SANDWICH": (r"(?=([aA][zZjkKw]{1,2}[aA]))", "aAzk "),
    "_ISOLATED_CJK": (
        r"(?<=[aA])[zZjkKw](?![zZjkKwf])|(?<![zZjkKwf])[zZjkKw](?=[aA])",
        "aAzjfk ",
    ),
    "_LONE_LETTER_BY_DIGIT": (
        r"(?<![aAlLcCgGm])[lLcCgG](?![aAlLcCgGm])(?:(?<=0[lLcCgG])|(?=0))",
        "alLcm0 ",
    ),
    "_HAN_SPACED": (r"(?=([zZj] [zZj]))", "zZj a"),
    "_KANJI_SPACED": (r"(?=([zZ] [zZ]))", "zZ a"),
}


@pytest.mark.parametrize("name", sorted(_LOOK_AROUND_FIRST))
def test_a_rule_pattern_counts_what_its_look_around_form_counted(name: str) -> None:
    """The rules' patterns start with the class they count (the re module skips to it fast)
    and count what their first form counted on every string of up to 7 classes."""
    import itertools
    import re

    source, alphabet = _LOOK_AROUND_FIRST[name]
    before = re.compile(source)
    found = getattr(guessing, name)
    pattern = found if isinstance(found, re.Pattern) else re.compile(found)
    for n in range(8):
        for chars in itertools.product(alphabet, repeat=n):
            classes = "".join(chars)
            assert len(pattern.findall(classes)) == len(before.findall(classes)), classes


def test_the_frequent_tables_translate_as_their_entries() -> None:
    """_frequent's tables map a character they lack to itself on first use (no exception in
    str.translate): the same translation as the table of their frequent characters alone."""
    rng = random.Random(11)
    for language, table in guessing._frequent().items():
        alphabet = [chr(c) for c in list(table)[:300] if table[c] != c] + list("a .\n")
        alphabet += [chr(rng.randrange(0x4E00, 0xA000)) for _ in range(100)]
        alphabet += [chr(rng.randrange(0xAC00, 0xD7A4)) for _ in range(100)]
        for _ in range(300):
            text = "".join(rng.choices(alphabet, k=rng.randint(0, 60)))
            plain = {k: v for k, v in table.items() if v != k}
            assert text.translate(table) == text.translate(plain), (language, text)
