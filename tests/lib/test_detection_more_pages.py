"""Code pages beyond the issue's list that chardet 7.7 detects and codecbox read as a page it
tried first, often sure: Ukrainian DOS (cp1125) as IBM866, HP Roman-8 as macintosh, Arabic
DOS (cp720) as x-mac-cyrillic, Icelandic DOS (cp861) as windows-1250, Kazakh (kz1048,
ptcp154) as windows-1251 and Tajik (koi8-t) as KOI8-R; now each is a candidate
(codecbox.table, priors -3.5 to -4.5; Kazakh and Tajik letters from the gettext catalogues,
tools/frequent_characters.py). The sentences are written for these tests.
"""

from __future__ import annotations

import pytest

from codecbox.detection import guess_codecbox

SENTENCES = {
    "uk": "Київ - столиця України. Її мешканці їздять на роботу метро, а ввечері гуляють "
    "набережною Дніпра. Ґанок старого будинку відремонтували цієї осені.",
    "ar": "ذهب الطلاب إلى المكتبة العامة في المدينة لقراءة الكتب الجديدة عن تاريخ العلوم",
    "fr": "Le médecin a prescrit un traitement pour l'été : du repos à la campagne, près "
    "de la rivière, loin du bruit de la ville.",
    "de": "Die Bürger der kleinen Stadt haben für den Umbau der Brücke über den Fluss "
    "gestimmt; die Arbeiten beginnen nächste Woche.",
    "is": "Við fórum í sund á laugardaginn og síðan borðuðum við fisk með kartöflum "
    "heima hjá ömmu minni í Reykjavík.",
    "kk": "Біздің ауылда жаз айларында балалар өзенге барып, кешке дейін су жағасында "
    "ойнайды; әжелері оларға құрт пен ірімшік береді.",
    "tg": "Дар шаҳри мо ҳар баҳор ҷашни Наврӯз мегузаранд; мардум ба ҳамсояҳо меҳмон "
    "мешаванд ва хӯрокҳои ширин мепазанд.",
    "ru": "Вчера вечером мы долго гуляли по набережной и разговаривали о планах на лето.",
}


@pytest.mark.parametrize(
    ("lang", "codec"),
    [
        ("uk", "cp1125"),  # (before: IBM866, sure: і ї є ґ are ў ∙ Є and others there)
        ("ar", "cp720"),  # (x-mac-cyrillic, sure)
        ("fr", "hp-roman8"),  # (macintosh, sure)
        ("de", "hp-roman8"),  # (macintosh)
        ("is", "cp861"),  # (windows-1250, sure)
        ("kk", "kz1048"),  # (windows-1251, sure: қ ә ң ү are ќ ј ѕ ї there)
        ("kk", "ptcp154"),  # (windows-1251, sure)
        ("tg", "koi8-t"),  # (KOI8-R, sure: ҳ ҷ ӯ are box drawing there)
    ],
)
def test_a_sentence_in_a_page_chardet_knows(lang: str, codec: str) -> None:
    text = SENTENCES[lang]
    data = text.encode(codec)
    guess = guess_codecbox(data)
    assert guess.encoding is not None and data.decode(guess.encoding.codec) == text, guess


@pytest.mark.parametrize(
    ("lang", "codec", "name"),
    [("ru", "cp866", "IBM866"), ("ru", "cp1251", "windows-1251"), ("ru", "koi8_r", "KOI8-R")],
)
def test_the_page_it_extends_keeps_its_text(lang: str, codec: str, name: str) -> None:
    # Russian reads alike in cp866 and cp1125, in windows-1251 and kz1048 or ptcp154, in
    # KOI8-R and KOI8-T: the tie goes to the older page's prior
    guess = guess_codecbox(SENTENCES[lang].encode(codec))
    assert guess.encoding is not None and guess.encoding.name == name, guess


@pytest.mark.parametrize(
    ("text", "codec", "name"),
    [
        # KOI8-R text whose writer put « » … – at KOI8-T's bytes (box drawing ╚ ╩ ┘ √ in
        # KOI8-R; chardet's KOI8-R/greek.ru.xml): KOI8-T read it, sure (eval, 83b943d)
        ("Операция «Аттила» началась… в июле – на острове.", "koi8-t", "KOI8-R"),
        # a windows-1251 sentence with a byte kz1048 reads otherwise (№ 0xB9 is the same;
        # « » likewise): the letters are Russian's
        ("Дом № 5 «Весна» стоит на углу.", "kz1048", "windows-1251"),
    ],
)
def test_a_variant_with_the_commoner_pages_letters_is_that_page_not_sure(
    text: str, codec: str, name: str
) -> None:
    guess = guess_codecbox(text.encode(codec))
    assert guess.encoding is not None and guess.encoding.name == name, guess
    assert not guess.sure or guess.runner_up is None
