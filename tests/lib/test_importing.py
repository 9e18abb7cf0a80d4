"""Each rule of the import policy on a real file, and what happens when none fits."""

from __future__ import annotations

import codecs
import os
from pathlib import Path

import pytest

from codecbox.errors import DecodeError, UnknownEncodingError
from codecbox.importing import Imported, Quarantined, import_bytes, import_file
from codecbox.rules import Rule

SPANISH = "¿Año nuevo? ¡Señor Muñoz! El café cuesta 3 €. " * 20
KOREAN = "오늘은 비가 많이 와서 우산을 챙겼습니다. 내일은 맑겠습니다. " * 20


def write(folder, name, data):
    path = folder / name
    path.write_bytes(data)
    return path


def test_declared_wins_even_over_valid_utf8(tmp_path):
    # ASCII-compatible bytes that are valid UTF-8 *and* valid cp1252: the declaration decides.
    path = write(tmp_path, "a.csv", "Ã±".encode("utf-8"))
    result = import_file(path, declared="windows-1252")
    assert isinstance(result, Imported)
    assert (result.how, result.text, result.confident) == (
        "windows-1252 (declared)",
        "Ã\u0192Â±",
        True,
    )
    assert result.path == path  # not moved: nothing was guessed


def test_declared_label_goes_through_the_whatwg_table(tmp_path):
    path = write(tmp_path, "a.txt", "テスト～".encode("cp932"))
    result = import_file(path, declared="Shift_JIS")
    assert (result.how, result.encoding.codec, result.text) == (
        "Shift_JIS (declared)",
        "whatwg-shift_jis",
        "テスト～",
    )


def test_declared_utf8_with_bom_drops_the_bom(tmp_path):
    path = write(tmp_path, "a.txt", b"\xef\xbb\xbfhola")
    assert import_file(path, declared="utf-8").text == "hola"


def test_unknown_declared_label_is_an_error():
    with pytest.raises(UnknownEncodingError, match="'klingon'"):
        import_bytes(b"x", declared="klingon")


def test_declared_but_wrong_names_file_and_offset(tmp_path):
    path = write(tmp_path, "proveedor.csv", "precio: 3 €".encode("utf-8"))
    with pytest.raises(DecodeError) as info:
        import_file(path, declared="euc-kr")
    message = str(info.value)
    assert "proveedor.csv" in message and "offset 10" in message
    assert (info.value.offset, info.value.encoding, info.value.rule) == (10, "EUC-KR", "declared")
    assert path.exists()  # nothing lost


@pytest.mark.parametrize(
    ("data", "how"),
    [
        (codecs.BOM_UTF8 + SPANISH.encode("utf-8"), "UTF-8 (BOM)"),
        (codecs.BOM_UTF16_LE + SPANISH.encode("utf-16-le"), "UTF-16LE (BOM)"),
        (codecs.BOM_UTF16_BE + SPANISH.encode("utf-16-be"), "UTF-16BE (BOM)"),
        (codecs.BOM_UTF32_LE + SPANISH.encode("utf-32-le"), "utf-32-le (BOM)"),
        (codecs.BOM_UTF32_BE + SPANISH.encode("utf-32-be"), "utf-32-be (BOM)"),
    ],
)
def test_bom(tmp_path, data, how):
    result = import_file(write(tmp_path, "b.txt", data))
    assert (result.how, result.text, result.confident) == (how, SPANISH, True)


def test_bad_bytes_after_a_bom_are_an_error(tmp_path):
    path = write(tmp_path, "b.txt", codecs.BOM_UTF8 + b"ab\xff")
    with pytest.raises(DecodeError) as info:
        import_file(path)
    assert (info.value.offset, info.value.rule, info.value.where) == (5, "BOM", str(path))


def test_valid_utf8(tmp_path):
    result = import_file(write(tmp_path, "c.txt", SPANISH.encode("utf-8")))
    assert (result.how, result.text, result.rule) == (
        "UTF-8 (valid UTF-8)",
        SPANISH,
        Rule.VALID_UTF8,
    )


def test_source_table(tmp_path):
    path = write(tmp_path, "d.txt", KOREAN.encode("cp949"))
    result = import_file(path, origin="seúl", origins={"seúl": "cp949", "tokio": "cp932"})
    assert (result.how, result.text, result.confident) == ("EUC-KR (source table)", KOREAN, True)
    # a source the table does not know is no rule: nothing else may decide here
    other = import_file(path, origin="lima", origins={"seúl": "cp949"})
    assert isinstance(other, Quarantined)


def test_source_table_names_are_codec_names():
    # A programmer writes the table: "latin-1" is ISO-8859-1 exactly, not windows-1252.
    result = import_bytes(b"10 \x80", origin="erp", origins={"erp": "latin-1"})
    assert (result.how, result.text) == ("iso8859-1 (source table)", "10 \x80")


def test_guess_is_flagged_and_parked(tmp_path):
    path = write(tmp_path, "e.txt", KOREAN.encode("cp949"))
    result = import_file(path, candidates=["cp1252", "cp949"], quarantine=tmp_path / "revisar")
    assert isinstance(result, Imported)
    assert (result.how, result.text, result.confident) == ("EUC-KR (detected)", KOREAN, False)
    assert result.guess is not None and result.guess.encoding == result.encoding
    assert result.path == tmp_path / "revisar" / "e.txt" and result.path.exists()
    assert not path.exists()


def test_guess_without_quarantine_stays_put(tmp_path):
    path = write(tmp_path, "e.txt", KOREAN.encode("cp949"))
    result = import_file(path, candidates=["cp1252", "cp949"])
    assert (result.rule, result.path) == (Rule.DETECTED, path)
    assert path.exists()


def test_short_sample_is_not_guessed(tmp_path):
    path = write(tmp_path, "f.txt", "año".encode("cp1252"))
    result = import_file(path, candidates=["cp1252"], quarantine=tmp_path / "q")
    assert isinstance(result, Quarantined) and not result.confident
    assert not hasattr(result, "text")
    assert result.reason == "sample too short: 3 bytes < 256"
    assert result.path == tmp_path / "q" / "f.txt" and result.path.exists()
    assert import_bytes("año".encode("cp1252"), candidates=["cp1252"], min_sample=3).how == (
        "windows-1252 (detected)"
    )


def test_no_candidates_no_guess():
    result = import_bytes(KOREAN.encode("cp949"))
    assert isinstance(result, Quarantined)
    assert result.how == "quarantine (no candidate list: not guessing)"
    assert result.guess is None


def test_nothing_fits():
    result = import_bytes(KOREAN.encode("cp949"), candidates=["cp932"])
    assert isinstance(result, Quarantined)
    assert result.how == "quarantine (no candidate fits (Shift_JIS))"
    assert result.guess is not None and result.guess.encoding is None


def test_quarantine_never_overwrites(tmp_path):
    q = tmp_path / "q"
    first = import_file(write(tmp_path, "g.txt", b"\xff" * 3), candidates=["cp932"], quarantine=q)
    second = import_file(write(tmp_path, "g.txt", b"\xfe" * 3), candidates=["cp932"], quarantine=q)
    assert first.path != second.path
    assert first.path.read_bytes() == b"\xff" * 3 and second.path.read_bytes() == b"\xfe" * 3


def test_import_bytes_and_import_file_agree(tmp_path):
    data = KOREAN.encode("cp949")
    from_bytes = import_bytes(data, candidates=["cp1252", "cp949"])
    from_file = import_file(write(tmp_path, "h.txt", data), candidates=["cp1252", "cp949"])
    assert (from_bytes.text, from_bytes.how) == (from_file.text, from_file.how)
    assert from_bytes.path is None


@pytest.mark.parametrize(
    ("data", "declared", "misread"),
    [
        (codecs.BOM_UTF8 + "año".encode(), "windows-1252", "ï»¿"),
        (codecs.BOM_UTF16_BE + "hola".encode("utf-16-be"), "utf-16", "\ufffe"),
    ],
)
def test_a_contradicting_bom_is_never_decoded_as_text(data, declared, misread):
    # "a failed import is cheaper than silent mojibake": the BOM may win, or the import
    # may fail, but the mark must not come out as characters of a confident result.
    try:
        result = import_bytes(data, declared=declared)
    except (DecodeError, ValueError):
        return
    assert not result.text.startswith(misread)


# --- issue 9, items 4, 5 and 9 -----------------------------------------------------------------


def test_a_bom_wins_over_a_declared_label_and_the_declaration_is_kept():
    got = import_bytes(codecs.BOM_UTF8 + "año".encode(), declared="windows-1252")
    assert (got.text, got.how, got.confident) == ("año", "UTF-8 (BOM)", True)
    assert got.declared is not None and got.declared.name == "windows-1252"
    got = import_bytes(codecs.BOM_UTF16_BE + "hola".encode("utf-16-be"), declared="utf-16")
    assert (got.text, got.how) == ("hola", "UTF-16BE (BOM)")


@pytest.mark.parametrize("label", ["ascii", "US-ASCII", " us-ascii "])
def test_a_file_declared_ascii_must_be_ascii(label):
    with pytest.raises(DecodeError) as info:
        import_bytes("año".encode("cp1252"), declared=label)
    assert info.value.offset == 1 and info.value.rule == "declared"
    assert import_bytes(b"plain", declared=label).how == "ascii (declared)"


def _import_one(args):
    """One process of the race: wait for the others, then import its own data.txt."""
    barrier, folder, i = args
    barrier.wait()
    return str(
        import_file(
            f"{folder}/in{i}/data.txt", candidates=["cp1252"], quarantine=f"{folder}/q"
        ).path
    )


def test_concurrent_imports_into_one_quarantine_lose_nothing(tmp_path):
    """Four processes, four different files named data.txt, one quarantine folder."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    text = ("Envío de la semana: piñones y café. " * 10).encode("cp1252")
    with ctx.Manager() as manager, ctx.Pool(4) as pool:
        for round_ in range(15):
            folder = tmp_path / f"r{round_}"
            for i in range(4):
                (folder / f"in{i}").mkdir(parents=True)
                (folder / f"in{i}" / "data.txt").write_bytes(text + str(i).encode())
            barrier = manager.Barrier(4)
            paths = pool.map(_import_one, [(barrier, str(folder), i) for i in range(4)])
            assert len(set(paths)) == 4, paths
            kept = sorted(p.read_bytes()[-1:] for p in (folder / "q").iterdir())
            assert kept == [b"0", b"1", b"2", b"3"]


def test_a_file_that_cannot_leave_its_folder_is_not_copied_into_quarantine(tmp_path, monkeypatch):
    src = tmp_path / "in" / "data.txt"
    src.parent.mkdir()
    src.write_bytes(("Envío de piñones. " * 20).encode("cp1252"))
    unlink = Path.unlink

    def read_only(self, *args, **kwargs):
        if self == src:
            raise PermissionError(13, "Permission denied", str(self))
        return unlink(self, *args, **kwargs)

    monkeypatch.setattr(Path, "unlink", read_only)
    with pytest.raises(PermissionError):
        import_file(src, candidates=["cp1252"], quarantine=tmp_path / "q")
    assert src.exists()
    assert list((tmp_path / "q").iterdir()) == []


def test_reimporting_from_quarantine_keeps_the_name(tmp_path):
    src = tmp_path / "x.txt"
    src.write_bytes(("Envío de piñones. " * 20).encode("cp1252"))
    first = import_file(src, candidates=["cp1252"], quarantine=tmp_path / "q")
    again = import_file(first.path, candidates=["cp1252"], quarantine=tmp_path / "q")
    assert first.path == again.path == tmp_path / "q" / "x.txt"


# --- the one decision pipeline (issue 18, item 1): what the bytes prove ---------------------

PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452") + bytes(range(256)) * 2
MIXED = ("El niño comió jamón; mañana será otro día.\n" * 60).encode() + "señal\n".encode("cp1252")


def test_utf16_without_a_bom_is_imported_by_its_nul_pattern():
    result = import_bytes("id,name\n1,Smith\n".encode("utf-16-le"))
    assert isinstance(result, Imported)
    assert (result.text, result.rule, result.encoding.codec) == (
        "id,name\n1,Smith\n",
        Rule.NUL_PATTERN,
        "utf-16-le",
    )
    assert result.confident


def test_iso2022_jp_mail_is_imported_by_its_escapes():
    mail = "件名: 会議のお知らせ\n\n明日の会議は十時からです。よろしくお願いします。\n"
    result = import_bytes(mail.encode("iso2022_jp"), candidates=["cp932", "euc_jp"])
    assert isinstance(result, Imported)
    assert (result.text, result.how, result.confident) == (
        mail,
        "ISO-2022-JP (escape sequences)",
        True,
    )


def test_binary_data_is_quarantined_as_such(tmp_path):
    path = write(tmp_path, "logo.png", PNG)
    result = import_file(path, candidates=["cp1252"], quarantine=tmp_path / "q")
    assert isinstance(result, Quarantined)
    assert (result.reason, result.rule) == ("binary data: PNG image", Rule.BINARY)
    assert result.path == tmp_path / "q" / "logo.png" and not path.exists()
    records = b"\x00\x00\x01\x07\x10\x00\xff\x13" * 60
    assert import_bytes(records).how == "quarantine (binary data: NUL and control bytes)"


@pytest.mark.parametrize("candidates", [None, ["gb18030"], ["cp1252", "gb18030"], ["utf-8"]])
def test_mostly_utf8_is_quarantined_never_decoded_with_replacements(candidates):
    result = import_bytes(MIXED, candidates=candidates)
    assert isinstance(result, Quarantined), result
    offset = MIXED.index(b"\xf1al\n")
    assert result.rule is Rule.MOSTLY_UTF8
    assert result.reason == f"mostly valid UTF-8: 1 invalid byte, the first at offset {offset}"


def test_mostly_utf8_counts_every_invalid_byte():
    data = MIXED + "¡Olé!".encode("cp1252") + ("ñ" * 40).encode()
    result = import_bytes(data)
    assert isinstance(result, Quarantined)
    assert result.reason.startswith("mostly valid UTF-8: 3 invalid bytes, the first at offset")


def test_a_late_cp1252_byte_in_a_long_ascii_csv_is_guessed():
    # 9,000 ASCII lines then one cp1252 name: the detector must look past the ASCII start.
    data = b"".join(b"%d,Smith\n" % i for i in range(1, 9000)) + "9000,Muñoz\n".encode("cp1252")
    assert len(data) > 65536
    result = import_bytes(data, candidates=["cp1252"])
    assert isinstance(result, Imported), result
    assert (result.encoding.name, result.rule) == ("windows-1252", Rule.DETECTED)
    assert result.text.endswith("9000,Muñoz\n")


def test_declared_ascii_and_iso2022_kr_read_as_decode_bytes_reads_them():
    from codecbox.decoding import decode_bytes

    for label, data, codec in (
        ("ascii", b"plain text\n", "ascii"),
        ("us-ascii", b"plain text\n", "ascii"),
        ("iso-2022-kr", "한국어 메일입니다.\n".encode("iso2022_kr"), "iso2022_kr"),
    ):
        imported = import_bytes(data, declared=label)
        decoded = decode_bytes(data, declared=label)
        assert isinstance(imported, Imported)
        assert imported.encoding == decoded.encoding and imported.encoding.codec == codec
        assert (imported.rule, decoded.rule) == (Rule.DECLARED, Rule.DECLARED)
        assert imported.text == decoded.text


def test_misuse_gets_a_clear_error(tmp_path):
    """Issue 19, D13/D14 leftovers: each misuse names what is wrong, in one line."""
    import codecbox
    from codecbox.labels import lookup

    with pytest.raises(TypeError, match="a label must be a str, not bytes"):
        lookup(b"utf-8")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="origins must map"):
        codecbox.import_bytes(b"abc", origin="erp", origins="erp")  # type: ignore[arg-type]
    source = tmp_path / "s.txt"
    source.write_text("abc")
    with pytest.raises(LookupError, match="bogus"):
        codecbox.transcode(source, tmp_path / "o.txt", "utf-8", errors="bogus")
    assert not (tmp_path / "o.txt").exists()
    blocker = tmp_path / "q"
    blocker.write_text("not a folder")
    needs_review = tmp_path / "short.txt"
    needs_review.write_bytes("año".encode("cp1252"))
    with pytest.raises(NotADirectoryError, match="the quarantine is not a folder"):
        codecbox.import_file(needs_review, candidates=["cp1252"], quarantine=blocker)
    assert (
        needs_review.read_bytes() == "año".encode("cp1252")
        and blocker.read_text() == "not a folder"
    )


def test_partition_logs_merge_without_file_locks(tmp_path, monkeypatch):
    # Where fcntl has no flock (Pyodide), codecbox.dask's partition logs are imported and
    # merged without a lock, as the command's log is.
    from codecbox.dask import import_partition, merge_logs, plan_import

    fcntl = pytest.importorskip("fcntl")
    monkeypatch.delattr(fcntl, "flock")
    (tmp_path / "a.txt").write_bytes("año".encode("utf-8"))
    job = plan_import(tmp_path / "out")
    assert import_partition([tmp_path / "a.txt"], job) == {"files": 1, "imported": 1}
    assert merge_logs(job) == 1
    assert (tmp_path / "out" / "a.txt").read_text(encoding="utf-8") == "año"
