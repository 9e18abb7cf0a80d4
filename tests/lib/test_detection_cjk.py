"""Short Chinese, Korean and Japanese (issue 18, item 6): the ranked lists of frequent
characters (codecbox/data/frequent.txt, Chinese from jieba's word list) behind the scores of
codecbox.guessing, and what the detector answers on a few characters of everyday text."""

from __future__ import annotations

from importlib import resources

import pytest

from codecbox import guessing
from codecbox.detection import guess_codecbox


def _right(text: str, codec: str) -> tuple[bool, str, bool]:
    data = text.encode(codec)
    g = guess_codecbox(data)
    assert g.encoding is not None
    return data.decode(g.encoding.codec, "replace") == text, g.encoding.name, g.sure


def test_everyday_chinese_characters_are_frequent() -> None:
    # The list counted from software messages had none of 妈, 鸡, 蛋, 爸, 饭 (so a Chinese
    # reading of "妈妈买鸡蛋" was five rare ideographs); jieba's word list has them.
    for text in ("妈妈买鸡蛋", "爸爸做饭", "媽媽買雞蛋"):
        assert guessing.common_share(text, "zh") == (len(text), len(text))


def test_ranks_cost_more_down_the_list() -> None:
    # One ideograph at the top of the list costs nothing, one further down part of the rare
    # one's penalty, one off the list all of it.
    rare = guessing.PENALTIES["ideograph rare in the text of the reading's language"]
    costs = [guessing.score(ch, "gb18030") - 1.5 for ch in ("的", "睡", "犌")]
    assert costs[0] == 0.0
    assert rare < costs[1] < 0.0
    assert costs[2] == rare


@pytest.mark.parametrize("text", ["鸡蛋面条", "爸爸回家", "我们吃饭", "我们买了", "喝杯牛奶"])
def test_four_everyday_ideographs_in_gbk_are_chinese(text: str) -> None:
    # The issue: "Short simplified Chinese: 0/100 right at 4 characters ... the wrong answers
    # are EUC-KR or EUC-JP". These five were read as EUC-JP ("厘断択阻" for 我们买了): its
    # kanji were all in the Japanese list, 买 and 饭 were not in the Chinese one.
    right, name, _ = _right(text, "gbk")
    assert right, name
    assert name not in ("EUC-KR", "euc_kr", "EUC-JP", "euc_jp")


def test_six_everyday_ideographs_in_gbk_are_chinese() -> None:
    assert _right("妈妈买了鸡蛋", "gbk")[0]  # (was EUC-JP)


@pytest.mark.parametrize("text", ["媽媽做飯", "雞蛋麵條"])
def test_four_everyday_ideographs_in_big5_are_chinese(text: str) -> None:
    # (were GB2312 and EUC-KR: 媽, 雞, 飯, 麵 were not in the traditional list)
    assert _right(text, "big5")[0]


@pytest.mark.parametrize(
    "text",
    [
        "奶奶牛奶开车喜欢妹妹姐姐下班姐姐妈妈早上上学米饭爷爷姐姐已经学校写字奶奶姐姐开车奶奶奶奶",
        "妈妈妈妈鸡蛋鸡蛋哥哥哥哥姐姐姐姐奶奶奶奶爸爸爸爸弟弟弟弟妹妹妹妹叔叔叔叔阿姨阿姨",
    ],
)
def test_everyday_words_in_gb18030_once_sure_japanese_are_chinese(text: str) -> None:
    # 88 and 80 bytes of gb18030: both were EUC-JP, sure (kanji of the Japanese list against
    # ideographs the Chinese one did not have).
    right, name, sure = _right(text, "gb18030")
    assert right, (name, sure)


@pytest.mark.parametrize(
    "text",
    [
        "回家姐姐你们公园厨房回家他们米饭苹果牛奶弟弟爸爸上学晚上医院牛奶姐姐觉得做饭知道妈妈姐姐",
        "做饭厨房买菜所以他们弟弟弟弟姐姐奶奶特别鸡蛋今天面条妈妈做饭奶奶晚上因为回家妹妹吃饭觉得",
    ],
)
def test_88_bytes_of_gb18030_are_chinese(text: str) -> None:
    # (were EUC-JP, not sure)
    assert len(text.encode("gb18030")) == 88
    assert _right(text, "gb18030")[0]


@pytest.mark.parametrize(
    ("text", "codec"),
    [
        ("엄마하고", "euc_kr"),
        ("밥을 먹어", "euc_kr"),
        ("오늘 날씨", "euc_kr"),
        ("학교에 가", "euc_kr"),
        ("お母さん", "euc_jp"),
        ("ご飯を食", "euc_jp"),
        ("卵を買う", "shift_jis"),
        ("今日は雨", "shift_jis"),
    ],
)
def test_short_korean_and_japanese_stay_right(text: str, codec: str) -> None:
    # Hangul and kanji are ranked too (their lists' order): common ones cost nothing still.
    assert _right(text, codec)[0]


def test_the_chinese_rows_and_their_notice_ship() -> None:
    data = resources.files("codecbox").joinpath("data")
    rows = data.joinpath("frequent.txt").read_text("utf-8").splitlines()
    jieba = [r.split("\t") for r in rows if r.startswith(("zh_CN.jieba", "zh_TW.jieba"))]
    assert [(r[1], len(r[2])) for r in jieba] == [("han", 4000), ("han", 4000)]
    assert "JIEBA-NOTICE.txt" in "\n".join(r for r in rows if r.startswith("#"))
    notice = data.joinpath("JIEBA-NOTICE.txt").read_text("utf-8")
    assert "jieba 0.42.1" in notice and "MIT License" in notice
    assert "055ca12f62674fafed09427f176506079bc135638a14e23e25be909131928db2" in notice


def test_one_cjk_character_touching_a_word_at_the_edge_of_the_text() -> None:
    # A lone ideograph before an ASCII letter costs as much at the text's start as after a
    # space, and after one at the text's end as before a space (it cost nothing there).
    def cost(text: str) -> float:
        return guessing.cjk_points(text, guessing.base(text), "zh")

    assert cost("鄉y") == cost(" 鄉y") < cost("鄉 y")
    assert cost("y鄉") == cost("y鄉 ") < cost("y 鄉")


@pytest.mark.parametrize(("text", "codec"), [("śmy ", "iso8859_2"), (" mēs", "cp1257")])
def test_short_latin_with_a_lone_ideograph_at_its_edge_is_not_cjk(text: str, codec: str) -> None:
    # Read as Big5 and Shift_JIS: "鄉y " and " m輳" (the edge of the text was not a
    # neighbour for the rule on one CJK character touching an ASCII word).
    data = text.encode(codec)
    g = guess_codecbox(data)
    assert g.encoding is not None and guessing.language_of(g.encoding.codec) == ""


def test_two_cjk_characters_inside_an_ascii_word() -> None:
    # "łyśmy" in ISO-8859-2 read as Big5 is two ideographs between ASCII letters: it cost
    # nothing (only one was a CJK character inside a word).
    def cost(text: str) -> float:
        return guessing.cjk_points(text, guessing.base(text), "")

    assert cost("a漢字b") == guessing.PENALTIES["CJK inside an ASCII word"]
    assert cost("a漢字 b") == cost("a漢字語b") == 0.0


@pytest.mark.parametrize("text", ["szłyśmy ", "byłyśmy tam", "zrobiłyśmy"])
def test_polish_with_ly_sm_is_not_big5(text: str) -> None:
    data = text.encode("iso8859_2")
    g = guess_codecbox(data)
    assert g.encoding is not None and guessing.language_of(g.encoding.codec) == ""


@pytest.mark.parametrize(
    ("text", "codec"),
    [
        # one ü (81) before an ASCII r: Shift_JIS's 〉 (81 72), sure enough with its prior
        (
            "Dies beeinflusst lediglich die Anzahl der Threads; xz wird dadurch niemals die "
            "Ausgabe veraendern. Falls die Grenze für\njegliches Multithreading zu niedrig ist, "
            "wird die Anzahl der Threads reduziert, bis die Grenze eingehalten wird.",
            "cp850",
        ),
        # one ò (CA in HP Roman-8): Shift_JIS's half-width ﾊ
        (
            "Un editore di testi, compatibile con Vi. Puo essere usato per modificare "
            "qualsiasi testo, e si usa per scrivere programmi. Pi\u00f9 di cento comandi.",
            "hp_roman8",
        ),
    ],
)
def test_cjk_signs_alone_are_no_cjk_text(text: str, codec: str) -> None:
    data = text.encode(codec)
    g = guess_codecbox(data)
    assert g.encoding is not None and g.encoding.name not in ("Shift_JIS", "shift_jis"), g.how


def test_cjk_signs_with_cjk_writing_still_count() -> None:
    text = "「Linux」の設定を〈確認〉してください。ＯＳは最新です。"
    g = guess_codecbox(text.encode("shift_jis"))
    assert g.encoding is not None and text.encode("shift_jis").decode(g.encoding.codec) == text
