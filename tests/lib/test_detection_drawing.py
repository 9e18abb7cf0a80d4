"""DOS-era text drawn with box drawing and blocks (ANSI art, frames, bullets) in a DOS page,
and KOI8-R, whose lower-case words read in a DOS page are words of box drawing: the drawing
costs little in its own page (guessing.DRAWING), KOI8-R's words still cost."""

from __future__ import annotations

import random

import pytest
from test_detection_traps import assert_bounds_hold  # the one bound-against-score check

from codecbox import decode_bytes, guessing
from codecbox.detection import guess_codecbox

ANSI_ART = (
    "  ▄▄▄▄▄   ▄▄▄▄▄  ▄     ▄▄▄▄▄\n"
    " █▀   ▀█ █▀   ▀ █    █▀   ▀█\n"
    " █▄▄▄▄▄█ █▀▀▀   █    █▄▄▄▄▄█\n"
    " █     █ █▄▄▄▄▄ █▄▄▄ █     █\n"
    "░▒▓█ Greetings to all our friends █▓▒░\n"
    "■ released by the crew in 1994 ■\n"
)
LOGO = (
    "▐█▀▀▀▀█▌ ▐█▀▀█▌ ▄▄▄\n"
    "▐█ ▄▄ █▌ ▐█  █▌ ███\n"
    "▐█▄▄▄▄█▌ ▐█▄▄█▌ ▀▀▀\n"
    "▒▒▒▒▒▒ hello from the art pack ▒▒▒▒▒▒\n"
)
MENU = "┌───────┐\n│ Menu  │\n├───────┤\n│ 1 Run │\n└───────┘\n"
RUSSIAN_MENU = "Меню:\n┌───────┐\n│ Пуск  │\n└───────┘\n"
BULLETS = "This file ▒ is part of the pack ▓ and you may ░ copy it freely ■ enjoy.\n"


def _framed(title: str, body: str, double: bool = True) -> str:
    h, v, c = ("═", "║", "╔╗╚╝") if double else ("─", "│", "┌┐└┘")
    return f"{c[0]}{h * 40}{c[1]}\n{v} {title.ljust(39)}{v}\n{c[2]}{h * 40}{c[3]}\n{body}\n"


KOI8_R = [
    "Это маленький текст для проверки кодировки, и он должен остаться в KOI8-R.\n",
    "привет мир как дела",
    "в доме было тихо и светло, а за окном шёл снег",
    "сообщение отправлено",
    "длинный список: масса, касса, иней, жжёт\n",
]


@pytest.mark.parametrize(
    ("text", "codec"),
    [
        (ANSI_ART, "cp437"),  # (ISO-8859-5, sure, before DRAWING: its blocks are л м п)
        (ANSI_ART, "cp866"),
        (LOGO, "cp437"),  # (ISO-8859-5, sure)
        (BULLETS, "cp437"),  # (windows-1252, not sure)
        (_framed("README", "This program runs under DOS. Please read the notes first."), "cp437"),
        (_framed("Read me first", "Press any key to continue. Have fun!", False), "cp437"),
        # (main f4a597c: windows-1253, kz1048 sure, windows-1251, mac-greek sure, windows-1253)
        (_framed("Instalacja", "Ten program działa pod DOS. Przeczytaj uwagi."), "cp852"),
        (_framed("Установка", "Эта программа работает под DOS."), "cp866"),
        (_framed("Установка", "Эта программа работает под DOS."), "koi8_r"),
        (_framed("Kurulum", "Bu program DOS altında çalışır. Lütfen notları okuyun."), "cp857"),
        (_framed("Instalação", "Este programa funciona em DOS. Leia as notas."), "cp860"),
        # (euc_kr, ISO-8859-5, KOI8-R, x-mac-cyrillic)
        ("▓▓▒▒░░ THE ELITE BBS ░░▒▒▓▓\n call now: 555-1234\n", "cp437"),
        (MENU, "cp437"),
        (RUSSIAN_MENU, "cp866"),
        (RUSSIAN_MENU, "koi8_r"),
        # (KOI8-R: each è a half block ▐ alone, drawing)
        (
            "Mostra informazioni utili: il file è vuoto, la riga è lunga e il nome è strano.",
            "mac_roman",
        ),
    ],
)
def test_drawing_in_a_dos_page_is_read_right(text: str, codec: str) -> None:
    data = text.encode(codec)
    guess = guess_codecbox(data)
    assert decode_bytes(data).text == text, guess.how


@pytest.mark.parametrize("text", KOI8_R)
def test_koi8_r_stays_koi8_r(text: str) -> None:
    # (its lower-case words are box drawing in IBM866 and cp437: ``в`` alone is ``╫``)
    data = text.encode("koi8_r")
    guess = guess_codecbox(data)
    assert guess.encoding is not None and guess.encoding.name == "KOI8-R", guess.how


def test_what_draws() -> None:
    # a word of box drawing alone with a character three times in a row, of blocks only,
    # or a vertical line alone; not a KOI8-R word in IBM866, nor one touching a letter
    assert guessing._drawing("╔═══╗ ║ x ║ ▄█▀ ░▒▓█ ■") == 15
    assert guessing._drawing("╨╥╔╫┼╘ ╙╦╧ ╫ ╔ x═══ ═══x ║x") == 0
    # (a shade, a block or a square alone is a bullet; a half block alone is not: KOI8-R's
    # reading of Mac Roman's è, tune documents: Italian in Mac Roman was KOI8-R)
    assert guessing._drawing("x ▒ y ■ z █ w") == 3
    # (two shades together: an art pack's banner, ║▓▒░, whose frame and shades were
    # ISO-8859-5's capitals КВБА; KOI8-R's lower-case letters are never shades in cp437)
    assert guessing._drawing("║▓▒░ x ░▒▓║ y ║▒░") == 11
    assert guessing._drawing("il file ▐ vuoto, la riga ▐ lunga ▌ x ▀ y ▄") == 0
    assert guessing._drawing("привет в доме".encode("koi8_r").decode("cp866")) == 0
    # (Korean read in cp437: its leading bytes B0 to C8 are ░▒▓│┤..., never alone)
    assert guessing._drawing("오늘은 날씨가 좋다 한국".encode("cp949").decode("cp437")) == 0


def _texts() -> list[bytes]:
    rng = random.Random(18)
    pieces = ["═══", "║", "▄█▀", "░▒", "╔", "╗", " ", "\n", "ab", "é", "д", "■", "x═", "─"]
    out = [
        ANSI_ART.encode("cp437"),
        LOGO.encode("cp437"),
        BULLETS.encode("cp437"),
        _framed("Titel", "Grüße aus Köln.").encode("cp437"),
        *(t.encode("koi8_r") for t in KOI8_R),
    ]
    for _ in range(60):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(3, 30)))
        out.append(text.encode("cp437", "replace"))
    return out


def test_the_pages_bounds_stay_above_their_scores_with_drawing() -> None:
    # DRAWING raises every box character's bound (less what touching a letter takes back)
    for window in _texts():
        assert_bounds_hold(window)


# ANSI art as art packs ship it (chardet's test data has such cp437 files): a frame of
# mixed single and double lines, colour escapes, a lone ⌐ or ° among English words.
_W = 60
ART_FRAME = "\r\n".join(
    [
        " ╒" + "═" * _W + "╕",
        " │" + "THE TRADE LANDZ".center(_W) + "│",
        " │║│▒▒" + "░" * (_W - 8) + "▒▒│║│",
        " │" + "GREETZ".center(_W) + "│",
        " │" + "─" * 8 + " " * (_W - 8) + "│",
        " │  ⌐ Reggae, Diamond, Sonik, Gavilan, Kiro, Madness, Mel°d".ljust(_W + 2) + "│",
        " │  ■ MEMBER BOARDS (NOT iN iMPORTANCE ORDER)".ljust(_W + 2) + "│",
        " ╘" + "═" * _W + "╛",
    ]
)
# (the same with colours: ESC [ 1 ; 34 m before each vertical line, ESC [ 0 m after it)
ART_COLOURED = "\x1b[0;1;34m" + ART_FRAME.replace("│", "\x1b[36m│\x1b[0m")


@pytest.mark.parametrize(
    ("text", "codec"),
    [
        (ART_FRAME, "cp437"),  # (main 42829df: IBM866, for ⌐ is й there: a letter)
        (ART_COLOURED, "cp437"),  # (hp-roman8, sure: escapes glued to each line)
        (ART_FRAME.replace("⌐", "■"), "cp437"),  # (IBM866: the same text, named first)
        # (cp850: double lines and shades are the same bytes there, and it is tried first)
        (ANSI_ART, "cp437"),
        (_framed("README", "This program runs under DOS. Please read the notes first."), "cp437"),
        ("Установка:\n" + ART_FRAME.replace("⌐ ", "").replace("°", ""), "IBM866"),
    ],
)
def test_ansi_art_is_named_for_its_page(text: str, codec: str) -> None:
    data = text.encode("cp866" if codec == "IBM866" else codec)
    guess = guess_codecbox(data)
    assert guess.encoding is not None and guess.encoding.name == codec, guess.how
    assert decode_bytes(data).text == text


def test_a_lone_cyrillic_letter_in_latin_text_costs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Western DOS page read as IBM866 makes single Cyrillic letters between ASCII words
    (``à`` is ``Е``, ``⌐`` is ``й``); Russian text has words of them."""
    texts = ("x й pathetic trade landz", "x pathetic trade landz й", "Он сказал: я и ты, and so")
    before = [guessing.score(t) for t in texts]
    monkeypatch.setitem(guessing.PENALTIES, "Cyrillic letters alone in Latin text", 0.0)
    after = [guessing.score(t) for t in texts]
    assert before[0] < after[0]  # (one, between ASCII words)
    assert before[1:] == after[1:]  # (at the end, a snippet's cut word; a Russian text)
