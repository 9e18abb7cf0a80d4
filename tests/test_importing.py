"""Each rule of the import flow on a real file, and what happens when none fits."""

import pytest

from codecbox.errors import DecodeError
from codecbox.importing import import_text

SPANISH = "¿Año nuevo? ¡Señor Muñoz! El café cuesta 3 €. " * 20
KOREAN = "오늘은 비가 많이 와서 우산을 챙겼습니다. 내일은 맑겠습니다. " * 20


@pytest.fixture
def folder(tmp_path):
    return tmp_path


def write(folder, name, data):
    path = folder / name
    path.write_bytes(data)
    return path


def test_declared_wins_even_over_valid_utf8(folder):
    # ASCII-compatible bytes that are valid UTF-8 *and* valid cp1252: the declaration decides.
    path = write(folder, "a.csv", "Ã±".encode("utf-8"))
    result = import_text(path, declared="windows-1252")
    assert (result.how, result.text, result.review) == ("cp1252 (declared)", "Ã\u0192Â±", False)


def test_declared_label_goes_through_the_whatwg_table(folder):
    path = write(folder, "a.txt", "テスト".encode("cp932"))
    assert import_text(path, declared="Shift_JIS").how == "cp932 (declared)"


def test_declared_utf8_with_bom_drops_the_bom(folder):
    path = write(folder, "a.txt", b"\xef\xbb\xbfhola")
    assert import_text(path, declared="utf-8").text == "hola"


def test_unknown_declared_label_is_an_error():
    with pytest.raises(ValueError, match="'klingon'"):
        import_text(b"x", declared="klingon")


def test_declared_but_wrong_names_file_and_offset(folder):
    path = write(folder, "proveedor.csv", "precio: 3 €".encode("utf-8"))
    with pytest.raises(DecodeError) as info:
        import_text(path, declared="euc-kr")
    message = str(info.value)
    assert "proveedor.csv" in message and "offset 10" in message
    assert path.exists()  # nothing lost


@pytest.mark.parametrize(
    ("bom", "encoding"),
    [("utf-8-sig", "utf-8-sig"), ("utf-16", "utf-16")],
)
def test_bom(folder, bom, encoding):
    path = write(folder, "b.txt", SPANISH.encode(bom))
    result = import_text(path)
    assert (result.how, result.text) == (f"{encoding} (BOM)", SPANISH)


def test_valid_utf8(folder):
    result = import_text(write(folder, "c.txt", SPANISH.encode("utf-8")))
    assert (result.how, result.text) == ("utf-8 (valid UTF-8)", SPANISH)


def test_source_table(folder):
    path = write(folder, "d.txt", KOREAN.encode("cp949"))
    result = import_text(path, origin="seúl", origins={"seúl": "euc-kr"})
    assert (result.how, result.text, result.review) == ("cp949 (source table)", KOREAN, False)


def test_guess_is_flagged_and_parked(folder):
    path = write(folder, "e.txt", KOREAN.encode("cp949"))
    result = import_text(path, candidates=["cp1252", "cp949"], quarantine=folder / "revisar")
    assert (result.how, result.text, result.review) == ("cp949 (guess)", KOREAN, True)
    assert result.path == folder / "revisar" / "e.txt" and result.path.exists()
    assert not path.exists()


def test_short_sample_is_not_guessed(folder):
    path = write(folder, "f.txt", "año".encode("cp1252"))
    result = import_text(path, candidates=["cp1252"], quarantine=folder / "q")
    assert result.rule == "quarantine" and result.text is None and result.review
    assert result.reason == "sample too short: 3 bytes < 256"
    assert result.path == folder / "q" / "f.txt"


def test_no_candidates_no_guess():
    result = import_text(KOREAN.encode("cp949"))
    assert result.how == "quarantine (no candidate list: not guessing)"


def test_nothing_fits():
    result = import_text(KOREAN.encode("cp949"), candidates=["cp932"])
    assert result.how == "quarantine (no candidate fits (cp932))"


def test_quarantine_never_overwrites(folder):
    q = folder / "q"
    first = import_text(write(folder, "g.txt", b"\xff" * 3), candidates=["cp932"], quarantine=q)
    second = import_text(write(folder, "g.txt", b"\xfe" * 3), candidates=["cp932"], quarantine=q)
    assert first.path != second.path
    assert first.path.read_bytes() == b"\xff" * 3 and second.path.read_bytes() == b"\xfe" * 3
