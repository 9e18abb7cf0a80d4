"""curso.l06.multibyte: the byte pairs each double-byte code page accepts, counted with the
codecs, and the lead and trail bytes lesson 6 explains its misreadings with."""

from __future__ import annotations

import pytest

from curso.l06.multibyte import lead_bytes, pairs, ranges, table, trail_bytes, valid_pairs


def test_thousands_of_pairs_not_millions():
    # 65,536 pairs exist at all; each code page accepts a few thousand of them
    counts = {c: valid_pairs(c) for c in ("shift_jis", "cp932", "euc_jp", "euc_kr", "cp949")}
    assert counts == {
        "shift_jis": 6879,
        "cp932": 9604,
        "euc_jp": 6942,
        "euc_kr": 8225,
        "cp949": 17048,
    }
    assert all(n < 256 * 256 for n in counts.values())
    # the Windows variant accepts more than its family
    assert counts["cp932"] > counts["shift_jis"] and counts["cp949"] > counts["euc_kr"]
    assert valid_pairs("cp1252") == 0  # a single-byte code page: two bytes are two characters


@pytest.mark.parametrize("codec", ["cp932", "euc_jp", "cp949"])
def test_every_pair_is_one_character(codec):
    for lead, trail in pairs(codec)[::97]:
        assert len(bytes((lead, trail)).decode(codec)) == 1
    assert set(lead_bytes(codec)) == {a for a, _ in pairs(codec)}
    assert set(trail_bytes(codec)) == {b for _, b in pairs(codec)}


def test_the_lessons_misreadings():
    # é (E9) and ’ (92) in Windows-1252 are lead bytes of CP932, and its trail bytes include
    # ASCII letters: léfo -> l馭o, It’s -> It痴; テ is 83 65, and 65 alone is «e».
    assert {0xE9, 0x92, 0x82, 0x83} <= lead_bytes("cp932")
    assert set(range(0x40, 0x7F)) <= trail_bytes("cp932") and 0x65 in trail_bytes("cp932")
    assert (
        bytes([0xE9, 0x66]).decode("cp932") == "馭" and bytes([0x92, 0x73]).decode("cp932") == "痴"
    )
    # the half-width katakana bytes stand alone: they are not lead bytes
    assert not set(range(0xA1, 0xE0)) & lead_bytes("cp932")


def test_ranges():
    assert ranges(lead_bytes("cp932")) == "81–84, 87–9F, E0–EA, ED–EE, F0–FC"
    assert ranges(trail_bytes("cp932")) == "40–7E, 80–FC"
    assert ranges([5]) == "05" and ranges([3, 1, 2, 2]) == "01–03" and ranges([]) == "—"


def test_table():
    t = table(["cp932", "cp949"])
    assert t.header == ("codificación", "pares que son un carácter", "primer byte", "segundo byte")
    assert t.rows[1] == ("cp949", "17,048 de 65,536", "81–C8, CA–FD", "41–5A, 61–7A, 81–FE")
    assert "<th>cp932</th>" in t._repr_html_()
