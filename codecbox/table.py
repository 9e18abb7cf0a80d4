"""The encoding table: one record per encoding, from which every other table is derived.

A :class:`Record` says what codecbox knows about one encoding (see its fields); its labels
are the Encoding Standard's (:attr:`Record.labels`). The browsers' tables
(:mod:`codecbox.whatwg`, :mod:`codecbox.labels`), the byte order marks
(:mod:`codecbox.sniffing`), the detector's candidates, priors and hints
(:mod:`codecbox.detection`), the scorer's CJK languages (:mod:`codecbox.guessing`) and
``codecbox encodings`` are all computed from :data:`TABLE`.

>>> record("Shift_JIS").python, record("Shift_JIS").exact, record("Shift_JIS").tries
('cp932', 'whatwg-shift_jis', ('shift_jis', 'cp932', 'shift_jis_2004'))
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

__all__ = ["TABLE", "Record", "record"]


@dataclass(frozen=True)
class Record:
    """What codecbox knows about one encoding."""

    #: WHATWG name for a browser's encoding, else Python's canonical codec name
    name: str
    #: the nearest Python codec (a programmer's name for it; the encoder); None: no codec
    python: str | None
    #: the codec decoding exactly as browsers do; None for an encoding no browser knows
    exact: str | None = None
    #: Python codecs a browser reads with this encoding's decoder (their labels name it, or
    #: they hold a subset of its byte sequences): each sequence they decode reads the same
    #: there but for mapping variants, counted in tests/lib/test_table.py (Shift_JIS 6 pairs
    #: such as the wave dash, GB2312 2, Big5 260 and cp950 250, mostly punctuation and the
    #: C6A1 block), and ISO-8859-1/9/11's bytes 0x80-0x9F, C1 controls there
    subsets: tuple[str, ...] = ()
    #: the detector's prior in points when it tries this encoding without candidates
    prior: float | None = None
    #: the Python codecs the detector reads it with: the strict form first, then the ones
    #: tried only when that one cannot read the bytes (empty: ``python`` or ``exact``)
    tries: tuple[str, ...] = ()
    #: languages (BCP 47) whose legacy text it holds: a hint in one of them favours it
    languages: tuple[str, ...] = ()
    #: top-level domains whose pages use it: a hint of one favours it
    tlds: tuple[str, ...] = ()
    #: its byte order mark, and the Python codec that reads the mark and drops it
    bom: bytes = b""
    sig: str = ""
    #: escape sequences only this 7-bit encoding writes
    escapes: tuple[bytes, ...] = ()
    #: bytes 0x00-0x7F are ASCII (a ``<`` in the bytes is a ``<`` in the text)
    ascii: bool = True
    #: the most bytes one character takes
    width: int = 1
    #: an IBM EBCDIC code page (space 0x40, letters from 0x81): never a default candidate of
    #: the ranking, recognised by :func:`codecbox.detection.evidence` and chosen among its kind
    ebcdic: bool = False
    #: the commoner encoding this one varies (its name): the detector answers this one only
    #: where its reading has other letters than the commoner one's (KOI8-T's « » are KOI8-R's
    #: box drawing ╚ ╩; its Tajik letters are what it is for)
    variant_of: str = ""

    @property
    def labels(self) -> tuple[str, ...]:
        """The labels the Encoding Standard gives it (none for a Python-only encoding)."""
        from codecbox.labels import LABELS

        return tuple(label for label, name in LABELS.items() if name == self.name)

    @property
    def key(self) -> str:
        """The codec the detector's tables name it by (its first try)."""
        return (self.tries or (self.python or self.name,))[0]


def _web(name: str, python: str | None, exact: str = "", **facts: object) -> Record:
    """A browser's encoding: its exact decoder is ``whatwg-<name>`` unless told."""
    return Record(name, python, exact or f"whatwg-{name.lower()}", **facts)  # type: ignore[arg-type]


_RU = ("ru", "be", "kk")
_RU_TLD = ("ru", "by", "kz", "su", "xn--p1ai")
_CENTRAL = ("pl", "cs", "sk", "hu", "sl", "hr", "ro", "bs")
_CENTRAL_TLD = ("pl", "cz", "sk", "hu", "si", "hr", "ro", "ba")
_ARABIC = ("ar", "fa", "ur")
_ARABIC_TLD = ("sa", "eg", "ae", "ma", "dz", "tn", "iq", "jo", "ir")
_HEBREW = ("he", "iw", "yi")
_WESTERN = (
    *("es", "fr", "de", "pt", "it", "nl", "ca", "gl", "eu", "da", "no", "nb", "nn", "sv"),
    *("en", "fi", "is", "ga", "cy", "af", "id", "ms", "sw"),
)
_WESTERN_TLD = (
    *("es", "fr", "de", "pt", "it", "nl", "be", "ch", "at", "lu", "dk", "no", "se"),
    *("uk", "ie", "fi", "is", "br", "mx", "ar", "cl", "co", "pe", "ve", "uy"),
)

#: Every encoding codecbox knows. Unicode first (the byte order marks longest first: the
#: UTF-32LE mark starts with UTF-16LE's); then the encodings the detector tries without
#: candidates, in the order it prefers them on a tie; then the rest.
# fmt: off
TABLE: tuple[Record, ...] = (
    _web("UTF-8", "utf-8", "utf-8", bom=codecs.BOM_UTF8, sig="utf-8-sig", width=4),
    Record("utf-32-le", "utf-32-le", bom=codecs.BOM_UTF32_LE, sig="utf-32", ascii=False, width=4),
    Record("utf-32-be", "utf-32-be", bom=codecs.BOM_UTF32_BE, sig="utf-32", ascii=False, width=4),
    _web("UTF-16BE", "utf-16-be", "utf-16-be", bom=codecs.BOM_UTF16_BE, sig="utf-16", ascii=False,
        width=4),
    _web("UTF-16LE", "utf-16-le", "utf-16-le", bom=codecs.BOM_UTF16_LE, sig="utf-16", ascii=False,
        width=4),
    # -- the detector's default candidates
    _web("windows-1252", "cp1252", subsets=("iso8859-1",), prior=0.0, languages=_WESTERN,
        tlds=_WESTERN_TLD),
    _web("Shift_JIS", "cp932", subsets=("shift_jis",), prior=0.0,
        tries=("shift_jis", "cp932", "shift_jis_2004"), languages=("ja",), tlds=("jp",), width=2),
    _web("EUC-JP", "euc_jp", prior=0.0, tries=("euc_jp", "euc_jis_2004"), languages=("ja",),
        tlds=("jp",), width=3),
    _web("EUC-KR", "cp949", subsets=("euc_kr",), prior=0.0, tries=("euc_kr", "cp949"),
        languages=("ko",), tlds=("kr",), width=2),
    _web("GBK", "gb18030", subsets=("gb2312", "gbk"), prior=-0.5,
        tries=("gb2312", "gbk", "gb18030"), languages=("zh",), tlds=("cn", "sg"), width=4),
    _web("Big5", "big5hkscs", subsets=("big5", "cp950"), prior=-1.0,
        tries=("big5", "cp950", "big5hkscs"), languages=("zh-Hant",), tlds=("tw", "hk", "mo"),
        width=2),
    _web("windows-1251", "cp1251", prior=-1.5, languages=(*_RU, "uk", "bg", "sr", "mk"),
        tlds=(*_RU_TLD, "ua", "bg", "rs", "mk")),
    _web("windows-1250", "cp1250", prior=-0.5, languages=_CENTRAL, tlds=_CENTRAL_TLD),
    _web("ISO-8859-15", "iso8859-15", prior=-1.0, languages=_WESTERN, tlds=_WESTERN_TLD),
    # (-1, not -1.5: its text differs from windows-1252's only in ğ ş ı İ Ğ Ş, which are
    # Icelandic's ð þ ý Ý Ð Þ there, and short Turkish went to windows-1252. Tune --n 150,
    # with windows-1257 raised alike: all snippets 95.2 -> 95.7 %, Turkish 71.2 -> 80.8,
    # Latvian 90.7 -> 97.7, Lithuanian 79.4 -> 81.9, Czech 99.4 -> 96.2, Vietnamese -1.0;
    # the sure ones all right. Debian's gettext messages, one by one: Turkish 86.8 -> 89.9 %
    # of 28,169, Lithuanian 57.4 -> 63.6 % of 8,987, Icelandic 99.5 -> 99.2 % of 3,649,
    # Czech 99.0 % of 22,060 less 9)
    _web("windows-1254", "cp1254", subsets=("iso8859-9",), prior=-1.0, languages=("tr", "az"),
        tlds=("tr", "az")),
    _web("windows-1253", "cp1253", prior=-2.0, languages=("el",), tlds=("gr", "cy")),
    # (1/16 over windows-1254's: Lithuanian's ž is Turkish's ş there, and ties of their
    # readings went to windows-1254. Tune --n 150: Lithuanian +9.5 points, Latvian +1.7,
    # Vietnamese -0.1, Turkish the same)
    _web("windows-1257", "cp1257", prior=-0.9375, languages=("lt", "lv", "et"),
        tlds=("lt", "lv", "ee")),
    _web("KOI8-R", "koi8-r", prior=-2.0, languages=_RU, tlds=_RU_TLD),
    _web("windows-1256", "cp1256", prior=-2.0, languages=_ARABIC, tlds=_ARABIC_TLD),
    _web("windows-1255", "cp1255", prior=-1.0, languages=_HEBREW, tlds=("il",)),
    # (-1.5, not -2: 4 or 8 Thai letters are 2 or 4 characters of GB2312, EUC-JP or EUC-KR,
    # which a prior 1.5-2 points above outweighed; tune --n 150: Thai 92.0 -> 95.9 %, Arabic
    # -0.2, Greek -0.1; -1.0 gains Thai 2 more and costs Russian, Korean and Chinese)
    _web("windows-874", "cp874", subsets=("iso8859-11",), prior=-1.5, languages=("th",),
        tlds=("th",)),
    # (a point and a quarter under windows-1250's, not a point: where the two read one letter
    # alike but for a rare symbol, ą or ±, nothing else told them apart and a tie decided)
    _web("ISO-8859-2", "iso8859-2", prior=-1.25, languages=_CENTRAL, tlds=_CENTRAL_TLD),
    _web("KOI8-U", "koi8-u", prior=-2.5, languages=("uk",), tlds=("ua",)),
    # (cp437 before IBM866, same prior: their box drawing and blocks are the same bytes, and a
    # frame of ANSI art with ASCII text in it is the IBM PC's, cp437, not Russian DOS)
    Record("cp437", "cp437", prior=-2.5),
    _web("IBM866", "cp866", prior=-2.5, languages=_RU, tlds=_RU_TLD),
    _web("ISO-8859-7", "iso8859-7", prior=-2.5, languages=("el",), tlds=("gr", "cy")),
    _web("ISO-8859-8", "iso8859-8", prior=-2.5, languages=_HEBREW, tlds=("il",)),
    _web("windows-1258", "cp1258", prior=-1.5, languages=("vi",), tlds=("vn",)),
    _web("ISO-8859-5", "iso8859-5", prior=-3.0, languages=(*_RU, "bg", "sr", "mk"),
        tlds=(*_RU_TLD, "bg", "rs", "mk")),
    _web("ISO-8859-6", "iso8859-6", prior=-3.0, languages=_ARABIC, tlds=_ARABIC_TLD),
    _web("x-mac-cyrillic", "mac-cyrillic", prior=-3.0, languages=(*_RU, "uk"),
        tlds=(*_RU_TLD, "ua")),
    _web("macintosh", "mac-roman", prior=-2.0),
    Record("johab", "johab", prior=-4.0, languages=("ko",), width=2),
    # encodings no browser guesses, tried last: DOS code pages, Mac, the other ISO-8859
    # (cp850 and cp437 a point above their first priors, -3 and -3.5: Western DOS letters
    # read as windows-1252 are symbols, quotes and spaces (ö ä ß ç á are ” „ á ‡ and a
    # no-break space), which cost less than the accents' letters in short text. Tune --n
    # 150, with guessing's rules on those inside words: 10 snippets gained, none lost, the
    # sure answers 12,198 -> 12,204; constructed DOS sentences 463 -> 531 of 628 right.
    # Half a point more: 550, but 28 fewer sure answers, de/cs/hu windows-125x snippets
    # whose runner-up cp850 comes within the margin; a point more loses 21 snippets, 17 of
    # them Czech windows-1250 read as cp850)
    Record("cp850", "cp850", prior=-2.0),
    Record("cp852", "cp852", prior=-3.0),
    Record("cp855", "cp855", prior=-3.5),
    _web("ISO-8859-13", "iso8859-13", prior=-3.0),
    _web("ISO-8859-4", "iso8859-4", prior=-3.5),
    _web("ISO-8859-10", "iso8859-10", prior=-3.5),
    _web("ISO-8859-16", "iso8859-16", prior=-3.5),
    _web("ISO-8859-3", "iso8859-3", prior=-3.5),
    Record("mac-latin2", "mac-latin2", prior=-3.5),
    Record("mac-greek", "mac-greek", prior=-3.5),
    Record("cp737", "cp737", prior=-4.0),
    # (-3.5, not -4: a reading in it whose best language is not Baltic pays
    # guessing.FOREIGN; constructed Lithuanian and Latvian sentences +4 of 40, tune snippets
    # the same; -3 loses Spanish cp850 pairs of sentences to it)
    Record("cp775", "cp775", prior=-3.5),
    Record("cp857", "cp857", prior=-4.0),
    # (Portuguese DOS: its ã õ are cp850's ä ö; not tried before, its text was windows-1252,
    # sure, in 7 of 20 constructed sentences, 2 after the priors above; now none, 9 right)
    Record("cp860", "cp860", prior=-4.0),
    Record("cp862", "cp862", prior=-4.0),
    Record("cp869", "cp869", prior=-4.0),
    Record("mac-turkish", "mac-turkish", prior=-4.0),
    # (chardet 7.7's list beyond the issue's: Ukrainian, Arabic, Icelandic and Nordic DOS
    # pages, Icelandic Mac, HP's Roman-8, the € of cp850, Kazakh and Tajik pages. Each was read as a
    # page tried before it, often sure: Ukrainian cp1125 as IBM866, Roman-8 as macintosh)
    Record("cp858", "cp858", prior=-3.5, variant_of="cp850"),
    Record("cp1125", "cp1125", prior=-4.0, variant_of="IBM866"),
    Record("cp720", "cp720", prior=-4.0),
    Record("cp861", "cp861", prior=-4.0),
    Record("cp865", "cp865", prior=-4.0),
    Record("mac-iceland", "mac-iceland", prior=-4.0, variant_of="macintosh"),
    Record("hp-roman8", "hp-roman8", prior=-3.0),
    Record("kz1048", "kz1048", prior=-4.5, languages=("kk",), variant_of="windows-1251"),
    Record("ptcp154", "ptcp154", prior=-4.5, languages=("kk",), variant_of="windows-1251"),
    Record("koi8-t", "koi8-t", prior=-4.5, languages=("tg",), variant_of="KOI8-R"),
    # -- the rest
    _web("gb18030", "gb18030", languages=("zh",), width=4),
    _web("ISO-2022-JP", "iso2022_jp",
        escapes=(b"\x1b$B", b"\x1b$@", b"\x1b(J", b"\x1b$(D"), languages=("ja",), width=8),
    # (ISO-2022-JP's extensions, tried when its decoder refuses the text: half-width katakana,
    # JIS X 0213's planes, ISO-2022-JP-2's Chinese, Korean and ISO-8859 sets)
    Record("iso2022_jp_ext", "iso2022_jp_ext", escapes=(b"\x1b(I",), languages=("ja",), width=9),
    Record("iso2022_jp_2004", "iso2022_jp_2004",
        escapes=(b"\x1b$(Q", b"\x1b$(O", b"\x1b$(P"), languages=("ja",), width=9),
    Record("iso2022_jp_3", "iso2022_jp_3",
        escapes=(b"\x1b$(O", b"\x1b$(P"), languages=("ja",), width=9),
    Record("iso2022_jp_2", "iso2022_jp_2",
        escapes=(b"\x1b$A", b"\x1b$(A", b"\x1b$(C", b"\x1b.A", b"\x1b.F"), languages=("ja",),
        width=9),
    Record("iso2022_kr", "iso2022_kr", escapes=(b"\x1b$)C",), languages=("ko",), width=8),
    Record("hz", "hz", escapes=(b"~{",), languages=("zh",), width=6),
    Record("shift_jis_2004", "shift_jis_2004", subsets=("shift_jisx0213",), languages=("ja",),
        width=2),
    Record("euc_jis_2004", "euc_jis_2004", subsets=("euc_jisx0213",), languages=("ja",), width=3),
    _web("ISO-8859-8-I", "iso8859-8", languages=_HEBREW),
    _web("ISO-8859-14", "iso8859-14"),
    _web("x-user-defined", "x-user-defined", "x-user-defined"),
    _web("replacement", None, "whatwg-replacement", ascii=False),
    # EBCDIC (IBM mainframes; no browser reads it), in the order a tie prefers them: US and
    # Canada, international (Latin-1 letters, other brackets), US with the euro at 0x9F
    # (cp037's ¤), German and Austrian (umlauts where cp037 has brackets), Turkish, Greek,
    # Hebrew (its letters at 0x41-0x71: all bytes below 0x80 but for Latin ones and digits)
    Record("cp037", "cp037", ascii=False, ebcdic=True, languages=("en", "pt", "es", "nl")),
    Record("cp500", "cp500", ascii=False, ebcdic=True, languages=("fr", "de", "es", "it")),
    Record("cp1140", "cp1140", ascii=False, ebcdic=True, languages=("en",)),
    Record("cp273", "cp273", ascii=False, ebcdic=True, languages=("de",)),
    Record("cp1026", "cp1026", ascii=False, ebcdic=True, languages=("tr",)),
    Record("cp875", "cp875", ascii=False, ebcdic=True, languages=("el",)),
    Record("cp424", "cp424", ascii=False, ebcdic=True, languages=("he",)),
    # UTF-7 (RFC 2152, mail of the 1990s): ASCII but for ``+``, which starts base64 runs of
    # UTF-16 code units (its bytes of markup, such as ``<``, are ASCII); browsers refuse it (a
    # script could hide in it)
    Record("utf-7", "utf-7", width=8),
)
# fmt: on

_BY_NAME = {r.name: r for r in TABLE}


def record(name: str) -> Record:
    """The record of the encoding called ``name`` in :data:`TABLE` (KeyError if none).

    >>> r = record("windows-1252")
    >>> r.python, r.exact, r.width, r.ascii
    ('cp1252', 'whatwg-windows-1252', 1, True)
    """
    return _BY_NAME[name]


#: CJK language of every codec that reads Chinese, Japanese or Korean text (lowercase,
#: ``_`` for ``-``): what the scorer needs to know about the codec that made a reading.
CJK: dict[str, str] = {
    codec.lower().replace("-", "_"): r.languages[0][:2]
    for r in TABLE
    if r.languages and r.languages[0][:2] in ("zh", "ja", "ko")
    for codec in (r.python, r.exact, *r.subsets, *r.tries)
    if codec
}
