"""decode_html / decode_bytes: each rule of the order, with a real page and its `how`."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import FrozenInstanceError
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codecbox.decoding import Decoded, decode_bytes, decode_html
from codecbox.detection import DETECTORS as DETECTORS_BY_NAME
from codecbox.detection import MAX_BYTES, Guess
from codecbox.errors import DecodeError, UnknownEncodingError
from codecbox.labels import Encoding, resolve
from codecbox.rules import Rule
from codecbox.sniffing import prescan

KOREAN = (
    "대한민국의 수도는 서울이다. 한국어는 한글로 적는다. 세종대왕이 훈민정음을 만들었다. "
    "오늘은 날씨가 맑고 따뜻하다. 우리는 공원에서 산책을 했다. "
) * 3
JAPANESE = (
    "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"
    "何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。"
) * 3


class FakeDetector:
    """A detector that always answers ``answer`` and records what it was asked."""

    def __init__(self, answer: str | Encoding | None) -> None:
        self.answer = None if answer is None else resolve(answer)
        self.calls: list[tuple[bytes, object]] = []

    def __call__(
        self,
        data: bytes,
        candidates: Sequence[str | Encoding] | None = None,
        *,
        prefix: bool = False,
    ) -> Guess:
        self.calls.append((data, candidates))
        return Guess(self.answer, "fake")


# --- the order ------------------------------------------------------------------------


def test_bom_beats_header_and_meta() -> None:
    body = b"\xef\xbb\xbf" + "<meta charset=big5><p>¿Qué tal?</p>".encode()
    d = decode_html(body, "text/html; charset=Shift_JIS")
    assert d == Decoded(
        "<meta charset=big5><p>¿Qué tal?</p>", Encoding("UTF-8", "utf-8"), Rule.BOM, 0
    )
    assert d.how == "UTF-8 (BOM)"


@pytest.mark.parametrize(("codec", "name"), [("utf-16-le", "UTF-16LE"), ("utf-16-be", "UTF-16BE")])
def test_utf16_bom(codec: str, name: str) -> None:
    d = decode_html("\ufeff<p>ñandú</p>".encode(codec))
    assert (d.text, d.how, d.encoding.codec) == ("<p>ñandú</p>", f"{name} (BOM)", codec)


def test_utf32_bom_counts_in_files_not_in_pages() -> None:
    data = "\ufeffhola".encode("utf-32-le")
    d = decode_bytes(data)
    assert (d.text, d.how) == ("hola", "utf-32-le (BOM)")
    page = decode_html(data)  # a browser reads FF FE as UTF-16LE, then U+0000
    assert page.how == "UTF-16LE (BOM)"
    assert page.text.startswith("\x00h")


def test_header_beats_meta() -> None:
    body = '<meta charset="big5"><p>¡Hola, señor!</p>'.encode()
    d = decode_html(body, "text/html; charset=utf-8")
    assert (d.how, d.text, d.replaced) == ("UTF-8 (header)", body.decode(), 0)
    # without the header the (wrong) <meta> wins, and the bytes show it
    assert decode_html(body).how == "Big5 (meta)"


def test_unknown_header_charset_falls_through_to_meta() -> None:
    body = "<meta charset=koi8-r>Привет".encode("koi8-r")
    d = decode_html(body, "text/html; charset=x-klingon")
    assert (d.how, d.text[-6:]) == ("KOI8-R (meta)", "Привет")


def test_meta_http_equiv_content() -> None:
    body = (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=EUC-JP">'
        "<title>猫</title>"
    ).encode("euc_jp")
    d = decode_html(body)
    assert (d.how, d.encoding.codec) == ("EUC-JP (meta)", "whatwg-euc-jp")
    assert d.text.endswith("<title>猫</title>")


def test_shift_jis_wave_dash_is_the_microsoft_one() -> None:
    body = b"<meta charset=shift_jis><p>10\x81\x6020</p>"
    d = decode_html(body)
    assert (d.how, d.encoding.codec) == ("Shift_JIS (meta)", "whatwg-shift_jis")
    assert "10\uff5e20" in d.text  # FULLWIDTH TILDE, as browsers show it
    assert "\u301c" in body.decode("shift_jis")  # strict JIS would give WAVE DASH


@pytest.mark.parametrize(
    ("label", "text", "saved_as", "strict", "how", "codec"),
    [
        ("gb2312", "镕", "gbk", "gb2312", "GBK (meta)", "whatwg-gbk"),  # GBK-only character
        (
            "euc-kr",
            "똠방각하",
            "cp949",
            "euc_kr",
            "EUC-KR (meta)",
            "whatwg-euc-kr",
        ),  # outside KS X 1001
    ],
)
def test_legacy_label_decodes_its_windows_superset(label, text, saved_as, strict, how, codec):
    body = f'<meta charset="{label}"><p>{text}</p>'.encode(saved_as)
    with pytest.raises(UnicodeDecodeError):
        body.decode(strict)  # the strict codec of the same name fails
    d = decode_html(body)
    assert (d.how, d.encoding.codec, d.replaced) == (how, codec, 0)
    assert text in d.text


def test_iso_8859_1_label_is_windows_1252() -> None:
    d = decode_html(b'<meta charset="ISO-8859-1"><p>10 \x80</p>')
    assert (d.how, d.encoding.codec) == ("windows-1252 (meta)", "whatwg-windows-1252")
    assert "10 €" in d.text


def test_undeclared_shift_jis_is_detected() -> None:
    body = f"<html><body><p>{JAPANESE}</p></body></html>".encode("cp932")
    d = decode_html(body)
    assert (d.how, d.replaced, d.confident) == ("Shift_JIS (detected)", 0, False)
    assert d.guess is not None and d.guess.detector == "codecbox"
    assert JAPANESE in d.text


def test_undeclared_korean_is_detected() -> None:
    d = decode_html(KOREAN.encode("cp949"))
    assert (d.how, d.text, d.encoding.codec) == ("EUC-KR (detected)", KOREAN, "whatwg-euc-kr")


def test_detection_goes_through_the_whatwg_table() -> None:
    fake = FakeDetector("euc_kr")  # Python's strict codec: a browser uses cp949
    d = decode_html(KOREAN.encode("cp949"), detector=fake)
    assert (d.how, d.encoding.codec, d.text) == ("EUC-KR (detected)", "whatwg-euc-kr", KOREAN)
    assert d.guess == Guess(resolve("euc_kr"), "fake")  # what the detector really said
    assert fake.calls == [(KOREAN.encode("cp949"), None)]


@pytest.mark.parametrize("answer", [None, "cp037", "iso2022_kr", "utf-32"])
def test_useless_detection_falls_back_to_the_default(answer) -> None:
    fake = FakeDetector(answer)
    d = decode_html(b"caf\xe9", detector=fake)
    assert d.how == "windows-1252 (default)"
    assert d.guess == Guess(fake.answer, "fake")  # kept, although not used
    other = decode_html(b"caf\xe9", detector=fake, default="iso-8859-15")
    assert (other.how, other.text) == ("ISO-8859-15 (default)", "café")


def test_replacement_answer_from_a_detector_is_not_used() -> None:
    fake = FakeDetector(Encoding("replacement", None))
    assert decode_html(b"caf\xe9", detector=fake).how == "windows-1252 (default)"


def test_files_use_any_codec_a_detector_names() -> None:
    fake = FakeDetector("cp037")  # EBCDIC: no browser decodes it, a file may be in it
    data = "Hola".encode("cp037")
    d = decode_bytes(data, detector=fake)
    assert (d.how, d.text) == ("cp037 (detected)", "Hola")


def test_candidates_reach_the_detector() -> None:
    fake = FakeDetector("cp1251")
    d = decode_html("Привет".encode("cp1251"), candidates=["cp1251", "koi8-r"], detector=fake)
    assert d.how == "windows-1251 (detected)"
    [(_, candidates)] = fake.calls
    # scored with the codecs the answer will be decoded with: the exact ones of browsers
    assert [c.codec for c in candidates] == ["whatwg-windows-1251", "whatwg-koi8-r"]


def test_missing_charset_normalizer_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """charset-normalizer is a required dependency of codecbox, but the default detector
    (``codecbox``) does not use it: without it only ``detector="charset-normalizer"``
    fails, as soon as it is asked. Rules that know the encoding still work.
    """
    monkeypatch.setitem(sys.modules, "charset_normalizer", None)  # import raises
    with pytest.raises(ModuleNotFoundError):
        decode_html(b"<p>Caf\xe9</p>", detector="charset-normalizer")
    assert decode_html(b"<p>Caf\xe9</p>").how == "windows-1252 (detected)"
    assert decode_html("<p>Café</p>".encode()).how == "UTF-8 (valid UTF-8)"
    assert decode_html(b"<meta charset=latin1><p>Caf\xe9</p>").how == "windows-1252 (meta)"
    assert decode_html(b"<p>Caf\xe9</p>", detector="codecbox").how == "windows-1252 (detected)"


def test_utf8_without_declaration_is_valid() -> None:
    text = "<p>Ñoño come ñoquis — 日本語 😀</p>"
    d = decode_html(text.encode())
    assert (d.how, d.text, d.encoding.codec) == ("UTF-8 (valid UTF-8)", text, "utf-8")
    assert d.confident and d.guess is None  # no detector was asked
    assert decode_html(b"<p>plain ASCII</p>").how == "UTF-8 (valid UTF-8)"
    assert decode_html(b"").how == "UTF-8 (valid UTF-8)"


def test_cp1252_mojibake() -> None:
    # UTF-8 bytes that a page declares to be windows-1252: the classic "CafÃ©".
    body = "<meta charset=windows-1252><p>Café crème</p>".encode()
    d = decode_html(body)
    assert (d.how, d.text[-19:]) == ("windows-1252 (meta)", "<p>CafÃ© crÃ¨me</p>")
    # and the header can fix it
    assert decode_html(body, "text/html; charset=utf-8").text.endswith("Café crème</p>")


# --- errors ---------------------------------------------------------------------------


def test_strict_offset_is_absolute_after_bom() -> None:
    body = b"\xef\xbb\xbfabc\xffdef"
    with pytest.raises(DecodeError) as info:
        decode_html(body, errors="strict")
    assert info.value.offset == 6
    assert (info.value.encoding, info.value.rule) == ("UTF-8", "BOM")
    assert str(info.value).startswith("cannot decode byte ff at offset 6 as UTF-8 (BOM)")


def test_strict_names_the_decision() -> None:
    body = "日本語".encode("cp932") + b"\x81"  # truncated double-byte character
    with pytest.raises(DecodeError) as info:
        decode_html(body, "text/html; charset=sjis", errors="strict")
    assert (info.value.offset, info.value.encoding, info.value.rule) == (6, "Shift_JIS", "header")
    assert "offset 6 as Shift_JIS (header)" in str(info.value)
    assert isinstance(info.value, UnicodeDecodeError)


def test_strict_utf16_offset_after_bom() -> None:
    body = b"\xff\xfe" + "ab".encode("utf-16-le") + b"\x00\xdc" + b"c\x00"
    with pytest.raises(DecodeError) as info:
        decode_bytes(body, errors="strict")
    assert (info.value.offset, info.value.encoding, info.value.rule) == (6, "UTF-16LE", "BOM")


def test_replaced_counts_exactly() -> None:
    # three bad bytes, plus one U+FFFD that is really in the page (not counted)
    body = "<meta charset=utf-8>a\ufffd".encode() + b"\xff b \xc3 c \xed\xa0"
    d = decode_html(body)
    assert d.text == "<meta charset=utf-8>a\ufffd\ufffd b \ufffd c \ufffd\ufffd"
    assert d.replaced == 4  # ED A0 is two maximal subparts, as in browsers
    assert decode_html("<p>\ufffd</p>".encode()).replaced == 0


def test_replaced_counts_multibyte() -> None:
    body = b"<meta charset=shift_jis>" + "日本".encode("cp932") + b"\x81"
    d = decode_html(body)
    assert (d.text[-3:], d.replaced) == ("日本\ufffd", 1)


def test_replaced_counts_are_per_thread() -> None:
    bodies = [b"<meta charset=utf-8>" + b"\xff" * n + b"ok" for n in range(50)]
    with ThreadPoolExecutor(8) as pool:
        counts = list(pool.map(lambda b: decode_html(b).replaced, bodies * 4))
    assert counts == list(range(50)) * 4


def test_errors_must_be_replace_or_strict() -> None:
    with pytest.raises(ValueError, match="errors"):
        decode_html(b"x", errors="ignore")
    with pytest.raises(ValueError, match="errors"):
        decode_bytes(b"x", errors="ignore")


# --- the replacement encoding and x-user-defined --------------------------------------


def test_replacement_encoding() -> None:
    d = decode_html(b"\x1b$)C\x0e!!", "text/html; charset=iso-2022-kr")
    assert d == Decoded("\ufffd", Encoding("replacement", None), Rule.HEADER, 1)
    assert d.how == "replacement (header)"
    assert decode_html(b"", "text/html; charset=csiso2022kr").text == ""
    assert decode_html(b"<meta charset=hz-gb-2312>hello").text == "\ufffd"
    with pytest.raises(DecodeError) as info:
        decode_html(b"abc", "text/html; charset=iso-2022-kr", errors="strict")
    assert (info.value.offset, info.value.encoding, info.value.rule) == (0, "replacement", "header")


def test_x_user_defined() -> None:
    d = decode_html(b"ab\x80\xff", "text/plain; charset=x-user-defined")
    assert (d.how, d.text, d.encoding.codec) == (
        "x-user-defined (header)",
        "ab\uf780\uf7ff",
        "x-user-defined",
    )
    # in a <meta> it means windows-1252
    assert decode_html(b"<meta charset=x-user-defined>\x80").text.endswith("€")


# --- decode_bytes ---------------------------------------------------------------------


def test_decode_bytes_declared() -> None:
    data = "nombre;año\nPeña;1999\n".encode("cp1252")
    d = decode_bytes(data, declared="latin1")
    assert (d.how, d.text, d.confident) == (
        "windows-1252 (declared)",
        "nombre;año\nPeña;1999\n",
        True,
    )
    assert decode_bytes(b"\xef\xbb\xbfx", declared="latin1").how == "UTF-8 (BOM)"


def test_decode_bytes_declared_label_no_browser_knows() -> None:
    # cp850 is no WHATWG label, but a file may well declare it: Python's codec is used.
    d = decode_bytes("año".encode("cp850"), declared="cp850")
    assert (d.how, d.text) == ("cp850 (declared)", "año")


def test_decode_bytes_unknown_label() -> None:
    with pytest.raises(UnknownEncodingError, match="'klingon'"):
        decode_bytes(b"x", declared="klingon")


def test_decode_bytes_has_no_html_rules() -> None:
    # a <meta> in a text file is just text
    assert decode_bytes(b"<meta charset=koi8-r>").how == "UTF-8 (valid UTF-8)"
    assert decode_bytes(b"<meta charset=koi8-r>\xff", detector=FakeDetector(None)).how == (
        "windows-1252 (default)"
    )


def test_decode_bytes_candidates() -> None:
    fake = FakeDetector("cp1251")
    d = decode_bytes("Привет".encode("cp1251"), candidates=["cp1251", "sjis", "x-mac-cyrillic"],
                     detector=fake)  # fmt: skip
    assert (d.how, d.text) == ("windows-1251 (detected)", "Привет")
    # a file's candidates are codec names, read as Python reads them (a page's are read as
    # browsers decode them, see test_candidates_reach_the_detector)
    assert [c.codec for c in fake.calls[0][1]] == ["cp1251", "shift_jis", "mac-cyrillic"]
    with pytest.raises(UnknownEncodingError, match="klingon"):
        decode_bytes(b"\xff", candidates=["klingon"])
    with pytest.raises(TypeError):
        decode_bytes(b"\xff", candidates="cp1252")


def test_decode_bytes_real_detection_with_candidates() -> None:
    d = decode_bytes(KOREAN.encode("cp949"), candidates=["cp1252", "cp949"])
    assert (d.how, d.text) == ("EUC-KR (detected)", KOREAN)


def test_decoded_is_frozen() -> None:
    d = decode_html(b"x")
    with pytest.raises(FrozenInstanceError):
        d.text = "y"  # type: ignore[misc]


# --- properties -----------------------------------------------------------------------

CONTENT_TYPES = st.none() | st.text(max_size=40) | st.sampled_from(
    ["text/html; charset=utf-8", "text/html; charset=sjis", "text/html; charset=iso-2022-kr",
     "text/html; charset=utf-16be", "text/plain; charset=x-user-defined"]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(body=st.binary(max_size=300), content_type=CONTENT_TYPES)
def test_decode_html_never_raises(body: bytes, content_type: str | None) -> None:
    d = decode_html(body, content_type)
    assert d.replaced >= 0 and d.text.count("\ufffd") >= d.replaced
    assert d.confident == (d.rule.certain and d.replaced == 0)
    try:
        strict = decode_html(body, content_type, errors="strict")
    except DecodeError as exc:
        assert d.replaced > 0
        assert 0 <= exc.offset < len(body)
        # strict mode followed the same decision before it failed
        assert (exc.encoding, exc.rule) == (d.encoding.name, d.rule.value)
    else:
        assert strict == d and d.replaced == 0


@settings(max_examples=200, deadline=None)
@given(text=st.text(st.characters(blacklist_categories=("Cc", "Cs")) | st.sampled_from("\t\n\r"),
                    max_size=200))  # fmt: skip
def test_undeclared_utf8_round_trips(text: str) -> None:
    # (text with NUL and control characters in quantity is binary data, or UTF-16/32)
    data = text.encode()
    if text.startswith("\ufeff") or prescan(data) is not None:
        return  # a BOM or a declaration decides first
    d = decode_html(data)
    if len(data) - len(text.encode("ascii", "ignore")) <= 4 and d.rule is not Rule.VALID_UTF8:
        # one or two characters of two bytes that short UTF-8 text rarely has (ҹ, ͼ) are
        # as likely legacy bytes valid by chance: then a guess, never a certain answer
        assert not d.confident and not decode_bytes(data).confident
        return
    assert (d.text, d.how, d.replaced) == (text, "UTF-8 (valid UTF-8)", 0)
    assert decode_bytes(data).text == text


def test_short_valid_utf8_of_odd_characters_is_not_certain() -> None:
    # Thai windows-874 snippets that happen to be valid UTF-8 (ҹҹ, ͼѡ): not "certain"
    for text in ("านาน", "อผัก"):
        d = decode_bytes(text.encode("cp874"))
        assert d.rule is not Rule.VALID_UTF8 and not d.confident, d.how
    for text in ("café", "año", "да", "€ 5", "日本"):
        assert decode_bytes(text.encode()).how == "UTF-8 (valid UTF-8)"


# --- a cut character, candidates without a web name ----------------------------------------


@pytest.mark.parametrize(
    ("text", "codec", "name"),
    [
        ("한국어 텍스트입니다. " * 50, "cp949", "euc_kr"),  # (strict: it reads them)
        ("日本語のテキストです。" * 50, "cp932", "shift_jis"),
    ],
)
def test_one_cut_character_at_the_end_does_not_flip_the_decision(text, codec, name):
    data = text.encode(codec)
    whole = decode_bytes(data)
    cut = decode_bytes(data + data[:1])  # one lead byte, its trail byte missing
    assert whole.encoding.name == cut.encoding.name == name
    assert cut.text.startswith(whole.text) and cut.replaced == 1


@pytest.mark.parametrize("codec", ["cp850", "cp437"])
def test_an_explicit_candidate_without_a_web_name_can_win(codec):
    text = "Hola mundo, ¿qué tal? Año nuevo. " * 20
    got = decode_bytes(text.encode(codec), candidates=[codec])
    assert (got.encoding.codec, got.rule, got.text) == (codec, Rule.DETECTED, text)


def test_a_file_declared_with_a_replacement_label_is_decoded_with_pythons_codec():
    data = "안녕하세요".encode("iso2022_kr")
    got = decode_bytes(data, declared="iso-2022-kr")
    assert (got.text, got.replaced, got.encoding.codec) == ("안녕하세요", 0, "iso2022_kr")
    # a web page with the same label stays blocked, as in browsers
    assert decode_html(data, "text/html; charset=iso-2022-kr").text == "\ufffd"


# --- the default detector (codecbox) ------------------------------------------------------


def test_default_detection_reads_spanish_windows_1252() -> None:
    text = "El niño dijo: ¿qué tal? ¡Olé! " * 20
    d = decode_bytes(text.encode("cp1252"))
    assert (d.how, d.text, d.replaced, d.confident) == ("windows-1252 (detected)", text, 0, False)
    assert d.guess is not None and d.guess.detector == "codecbox" and d.guess.sure
    page = decode_html(f"<p>{text}</p>".encode("cp1252"))
    assert page.how == "windows-1252 (detected)" and text in page.text


@pytest.mark.parametrize("data", [b"caf\xe9", b"\xbfqu\xe9?", b"ni\xf1o", b"caf\xe9 "])
def test_default_detection_of_short_latin_bytes(data: bytes) -> None:
    for decode in (decode_bytes, decode_html):
        d = decode(data)
        assert d.text == data.decode("cp1252") and d.replaced == 0, d.how


def test_not_sure_keeps_the_runner_up() -> None:
    d = decode_bytes("año".encode("cp1252"), candidates=["cp1252", "cp1250"])
    assert (d.how, d.text, d.confident) == ("windows-1252 (detected)", "año", False)
    assert d.guess is not None and not d.guess.sure
    assert d.guess.runner_up is not None and d.guess.runner_up.name == "windows-1250"
    assert d.guess.confidence is not None and d.guess.confidence < 0.5


class _Sliced:
    """A long input that can only be sliced (and asked its length or how it starts): no
    buffer, so a detector that read all of it would fail. ``taken`` notes each slice's size."""

    def __init__(self, data: bytes) -> None:
        self.data, self.taken = data, []

    def __len__(self) -> int:
        return len(self.data)

    def startswith(self, prefix: bytes) -> bool:
        self.taken.append(len(prefix))
        return self.data.startswith(prefix)

    def __getitem__(self, key: slice) -> bytes:
        part = self.data[key]
        self.taken.append(len(part))
        return part


def test_default_detection_does_not_grow_with_the_size() -> None:
    # The detector reads the same bytes of ~100 KB and of ~10 MB: a prefix of MAX_BYTES.
    unit = "Привет! Как дела? Всё хорошо, спасибо. ".encode("koi8_r")
    small, big = _Sliced(unit * 3000), _Sliced(unit * 300_000)
    for data in (small, big):
        guess = DETECTORS_BY_NAME["codecbox"](cast(bytes, data), prefix=True)
        assert guess.encoding is not None and guess.encoding.name == "KOI8-R"
    assert small.taken == big.taken
    assert max(small.taken) == MAX_BYTES < len(small) < len(big)


# --- decode_html's written-out pipeline is the shared one -----------------------------------


PIPELINE_BODIES = [
    b"",
    b"\xef\xbb\xbf<meta charset=big5>caf\xc3\xa9",
    b"\xff\xfe<\x00p\x00>\x00",
    b"\xfe\xff\x00<\x00p",
    b"\xff\xfe\x00\x00",
    b"\xfe",
    "<meta charset=shift_jis><p>こんにちは～</p>".encode("cp932"),
    "<p>" + "x" * 1100 + "<meta charset=koi8-r><p>Привет",
    "<title><meta charset=gbk></title><meta charset=big5>".encode("big5"),
    '<meta http-equiv="Content-Type" content="text/html; charset=iso-2022-kr">',
    "<p>¡Hola, señor!</p>".encode(),
    "<p>¡Hola, señor!</p>".encode("cp1252"),
    b"<?xml version='1.0' encoding='windows-1251'?><p>\xcf\xf0\xe8",
    b"<meta charset=utf-8>caf\xe9",
]
PIPELINE_HEADERS: list[str | list[str] | None] = [
    None,
    "text/html",
    "text/html; charset=utf-8",
    'text/html; charset="gbk"',
    "text/html; charset=x-nonsense",
    ["text/plain;charset=gbk", "text/html"],
    ["text/html;charset=big5", "text/html"],
    "text/html; charset=iso-2022-kr",
]


@pytest.mark.parametrize("content_type", PIPELINE_HEADERS)
@pytest.mark.parametrize("browser_default", [False, True])
def test_decode_html_is_the_pipeline(
    content_type: str | list[str] | None, browser_default: bool
) -> None:
    for body in PIPELINE_BODIES:
        data = body.encode("cp1251") if isinstance(body, str) else body
        for errors in ("replace", "strict"):
            try:
                got: Decoded | str = decode_html(
                    data, content_type, errors=errors, browser_default=browser_default
                )
            except DecodeError as exc:
                got = str(exc)
            if isinstance(got, Decoded):
                assert got.__dict__ == vars(Decoded(**vars(got)))  # a well-formed Decoded
                # the decision is the one pipeline's
                assert got.rule in Rule
                if errors == "strict":
                    assert got.replaced == 0


def test_decode_html_checks_its_arguments_in_the_same_order() -> None:
    with pytest.raises(UnknownEncodingError):
        decode_html(b"x", default="klingon", candidates="cp1252", errors="bogus")
    with pytest.raises(TypeError):
        decode_html(b"x", candidates="cp1252", detector="v9", errors="bogus")
    with pytest.raises(ValueError, match="unknown detector"):
        decode_html(b"x", detector="v9", errors="bogus")
    with pytest.raises(ValueError, match="errors must be"):
        decode_html(b"\xef\xbb\xbfx", "text/html;charset=utf-8", errors="bogus")


@pytest.mark.parametrize(
    "decode",
    [
        lambda data: decode_bytes(data, declared="utf-8"),
        lambda data: decode_html(data, "text/html; charset=utf-8"),
    ],
)
def test_a_declared_label_the_bytes_do_not_follow_is_not_confident(decode) -> None:
    # the rule still says the label decided (certain, as html5lib calls a header), but a
    # decoding that inserted U+FFFD is not a result to trust without a look
    broken, clean = decode(b"caf\xe9"), decode("café".encode("utf-8"))
    assert (broken.rule.certain, broken.replaced, broken.confident) == (True, 1, False)
    assert (clean.rule.certain, clean.replaced, clean.confident) == (True, 0, True)
