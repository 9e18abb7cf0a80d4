"""EBCDIC text (IBM mainframes): its space is 0x40, ASCII's ``@``, its lower-case letters
0x81-0xA9, and a Hebrew page's letters 0x41-0x71, all below 0x80. Before the EBCDIC pages were
in the table, codecbox read such bytes as windows-1256 (sure), Shift_JIS, or, Hebrew in
cp424, as "valid UTF-8" (certain). The sentences are this file's own.

Right, as in benchmarks/detection.py: decoding the bytes with the answer gives the text back
(cp037 and cp1140 read the same bytes alike but for 0x9F, ¤ or €).
"""

from __future__ import annotations

import base64
import random
import struct

import pytest

from codecbox import decode_bytes, sniff
from codecbox.decoding import decide
from codecbox.detection import EBCDIC, evidence, guess_codecbox
from codecbox.rules import Rule
from codecbox.table import record

SENTENCES = (
    (
        "cp037",
        "The old lighthouse keeper [retired now] walks his dog along the harbour every "
        "morning; at noon he reads the paper and argues about the weather!",
    ),
    (
        "cp037",
        "El pescador volvió al puerto con la barca llena; los niños corrieron a ayudarle y "
        "su mujer preparó café.",
    ),
    (
        "cp500",
        "Le boulanger du village ouvre sa boutique à six heures; les enfants achètent des "
        "croissants avant l'école. Où est passé le chat?",
    ),
    (
        "cp1140",
        "The ticket costs 12 € and the bus leaves at nine, so we had breakfast at the station.",
    ),
    (
        "cp273",
        "Die Bäckerei öffnet früh, und die Straße füllt sich mit dem Duft von frischen "
        "Brötchen. Über den Dächern kreisen Möwen.",
    ),
    (
        "cp1026",
        "Küçük kız, ağaçların gölgesinde oturup kitabını okuyordu. Şehir çok sessizdi ve "
        "güneş yavaşça batıyordu.",
    ),
    (
        "cp875",
        "Ο ψαράς γύρισε στο λιμάνι νωρίς το πρωί με τη βάρκα γεμάτη ψάρια. Τα παιδιά "
        "έτρεξαν να τον βοηθήσουν.",
    ),
    (
        "cp424",
        "הילדים הלכו לים ביום שישי ושיחקו בחול עד השקיעה. אחר כך אכלו ארוחת ערב עם סבא וסבתא.",
    ),
)


def test_table_has_the_ebcdic_pages_outside_the_ranking() -> None:
    assert EBCDIC == ("cp037", "cp500", "cp1140", "cp273", "cp1026", "cp875", "cp424")
    for name in EBCDIC:
        r = record(name)
        assert not r.ascii and r.prior is None and r.exact is None


# Manual pages (a synopsis of options in brackets, a path with braces, a size after a number):
# the bytes in which the EBCDIC pages differ are their brackets, and the wrong page read
# cp500's ``[-a]`` as cp037's ``¢-a!`` and preferred it (the brackets, touching letters,
# cost as much as a symbol glued to a word), and ``100\ KiB`` as cp1026's ``100ü KiB``.
# installed.py's documents (tune): 11 EBCDIC man pages wrong that way, this file's own text.
MAN_PAGES = (
    (
        "cp500",
        "ÜBERSICHT\nfakeroot [-l|--lib Bibliothek] [--faked Programm] [-i Datei] [-s Datei]\n"
        "Die Optionen [-u] und [-b] ändern nichts; siehe [Abschnitt 2].\n",
    ),
    (
        "cp500",
        "SYNOPSIS\nwhich [-a] nom_de_fichier...\nDESCRIPTION\nwhich affiche le chemin [complet]"
        " des fichiers qui seraient exécutés.\n",
    ),
    (
        "cp037",
        "SINOPSE\ngroupmod [-g gid [-o]] [-n novo_nome] grupo\nO comando groupmod modifica a"
        " definição do grupo [especificado].\n",
    ),
    (
        "cp500",
        "El núcleo nuevo se instala en {directorio}/vmlinuz-{versión} y el antiguo en "
        "{directorio}/vmlinuz-{versión}.old si ya existía.\n",
    ),
    (
        "cp1140",
        "Utilise environ 100\\ Kio de mémoire; 0\\ est alpha, 1\\ est bêta et 2\\ est stable. "
        "Le niveau 3\\ est réservé, 4\\ aussi, comme 5\\ et 6\\ pour la suite.\n",
    ),
)


@pytest.mark.parametrize(
    ("codec", "text"), SENTENCES + MAN_PAGES, ids=[c for c, _ in SENTENCES + MAN_PAGES]
)
def test_ebcdic_sentences_are_read_right(codec: str, text: str) -> None:
    data = text.encode(codec)
    g = guess_codecbox(data)
    assert g.encoding is not None and g.encoding.codec is not None
    assert data.decode(g.encoding.codec) == text, g.how
    assert g.rule is Rule.DETECTED and not g.confident
    # The one pipeline: decode_bytes and sniff give the same answer, tentative.
    decoded = decode_bytes(data)
    assert decoded.text == text and decoded.rule is Rule.DETECTED
    assert sniff(data).encoding == g.encoding


@pytest.mark.parametrize(
    "codec", ["cp273", "cp1026", "cp875", "cp424"], ids=["de", "tr", "el", "he"]
)
def test_national_pages_are_sure(codec: str) -> None:
    text = dict(SENTENCES)[codec]
    g = guess_codecbox(text.encode(codec))
    assert g.sure and g.encoding is not None and g.encoding.name == codec


def test_cp424_hebrew_is_not_valid_utf8() -> None:
    """cp424's Hebrew letters are all below 0x80: the bytes are ASCII, but not ASCII text."""
    data = dict(SENTENCES)["cp424"].encode("cp424")
    assert data.isascii()
    proof = evidence(data)
    assert proof is not None and proof.encoding is not None and proof.encoding.name == "cp424"


def test_pages_that_differ_in_punctuation_are_not_sure_without_it() -> None:
    """Brackets inside French text in cp500 read as letters in cp273 (Ä, Ü): the detector
    keeps cp500 but names the other reading."""
    text = "Quelle surprise! Le garçon a trouvé une lettre [très ancienne] dans le grenier."
    g = guess_codecbox(text.encode("cp500"))
    assert g.encoding is not None and g.encoding.name == "cp500"
    if not g.sure:
        assert g.runner_up is not None and g.runner_up.name in EBCDIC


def test_a_web_page_is_never_ebcdic() -> None:
    """Browsers never decode EBCDIC: a page's decision leaves it out."""
    data = dict(SENTENCES)["cp273"].encode("cp273")
    assert decide(data).encoding.name == "cp273"
    assert decide(data, web=True).encoding.name not in EBCDIC


_RNG = random.Random("ebcdic traps")
TRAPS = {
    "e-mail list": b"\n".join(
        b"%s@example.org" % n for n in (b"ann", b"bob", b"carla.smith", b"d.o", b"eve")
    ),
    "e-mail list on one line": b";".join(
        b"%s@example.org" % n for n in (b"ann", b"bob", b"carla", b"dora", b"eve") * 3
    ),
    "at signs between names": b"@ann@bob@carla@dora@eve@frank@gina@hugo@ivan@jo",
    "ASCII art": b"@" * 40,
    "letters and at signs": b"ABCD@EFGHI@QRSTU@bcdefg@hiq@ABCD@EFGHI@QRSTU",
    "decorators": b"@property\n@staticmethod\ndef f():\n    return 1\n",
    "CSV": b"id,name,email\n1,Ann,ann@example.org\n2,Bob,bob@example.org\n",
    "base64": base64.b64encode(bytes(_RNG.randrange(256) for _ in range(600))),
    "binary": bytes(_RNG.randrange(256) for _ in range(4000)),
    "doubles": b"".join(struct.pack("<d", _RNG.uniform(2, 4)) for _ in range(200)),
    "Shift_JIS ideographic spaces": "名前　　　山田　太郎　　年齢　　三十　　住所　　東京都".encode(
        "cp932"
    )
    * 4,
    "Big5 trail bytes 0x40": "我一個人在一個小城市住了一年，每天一早起來一邊喝茶一邊看書。".encode(
        "big5"
    )
    * 3,
    "Big5 一": "一".encode("big5") * 60,
    # four characters, one 0x40 trail byte: cp037 read them "u yGu4¡å" above Big5's score
    # (tune snippets of the merge with the lead's main, 3 of 150 at 4 characters)
    "four Big5 characters": "一些水果".encode("big5"),
    "four more": "和一些水".encode("big5"),
    # (GBK's characters 81 40 to 9F 40 between those of a sentence: a quarter of the bytes)
    "GBK trail bytes 0x40": "".join(
        a + bytes([lead, 0x40]).decode("gbk")
        for a, lead in zip(
            "我们在一个小城市住了一年，每天早上一边喝茶一边看书。", range(0x81, 0xA0), strict=False
        )
    ).encode("gbk"),
}


@pytest.mark.parametrize("name", list(TRAPS))
def test_traps_are_not_ebcdic(name: str) -> None:
    g = guess_codecbox(TRAPS[name])
    assert g.encoding is None or g.encoding.name not in EBCDIC, g.how


def test_a_candidate_list_without_ebcdic_bounds_the_guess() -> None:
    data = dict(SENTENCES)["cp273"].encode("cp273")
    assert guess_codecbox(data, ["cp273", "cp1252"]).encoding.name == "cp273"
    g = guess_codecbox(data, ["cp1252", "cp1250"])
    assert g.encoding is None or g.encoding.name not in EBCDIC
    assert decode_bytes(data, candidates=["cp1252"]).encoding.name not in EBCDIC


def test_brackets_that_do_not_pair_are_still_odd() -> None:
    """German in cp273 read as cp037: ä ö ü become { | } — a ``{`` and a ``}`` on one line,
    glued to letters, make no pair."""
    text = "Das Mädchen für alles ging über die Brücke zur Bäckerei und kaufte Brötchen.\n"
    g = guess_codecbox(text.encode("cp273"))
    assert g.encoding is not None and g.encoding.name == "cp273"


# Mainframe files as they are (chardet's test data has both kinds): fixed-length records of
# digits and capitals with no line end (not 40 % letters: the gate counted letters only, so
# KOI8-R, sure), and an HTML page (its < > = " were not "ordinary text": binary data).
_RECORDS = "".join(
    f"01{i * 7919 % 10**6:06d}I  {i * 104729 % 10**8:08d}{'0' * 12}"
    f"{name:<30}{'ANDERSON FOREST PRODUCTS':<28}{i % 999:3d}H  {'0' * (20 + i % 30)}".ljust(200)
    for i, name in enumerate(["A.J.P. (OLMOS)", "BRISCOE RANCH (EAGLEFORD)", "SANTA CRUZ"] * 4)
)
_PAGE = (
    "<HTML>\n<head>\n<title>Old mainframe page</title>\n<base target='_blank'>\n</head>\n"
    '<body>\n<center>\n<font face="Mono" size="3" color="#4C9CAF">[</font>'
    '<font face="Mono" size="3" color="white">Welcome</font>\n</center>\n'
    '<script type="text/javascript">\nvar message="Nothing to see here, move along";\n'
    'var color="#4C9CAF";\nfunction cross(n){ return document.getElementById("n"+n); }\n'
    "</script>\n</body>\n</html>\n"
)


@pytest.mark.parametrize("codec", ["cp037", "cp500"])
@pytest.mark.parametrize("text", [_RECORDS, _PAGE, _RECORDS[:200]], ids=["records", "page", "one"])
def test_records_and_markup_are_ebcdic(text: str, codec: str) -> None:
    data = text.encode(codec)
    g = guess_codecbox(data)
    assert g.encoding is not None and g.encoding.name in EBCDIC, g.how
    assert data.decode(g.encoding.codec or g.encoding.name) == text
