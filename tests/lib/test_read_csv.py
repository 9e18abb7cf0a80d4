"""Issue 22: codecbox.read_csv, a CSV decided by codecbox's one pipeline and parsed by pandas.

The files are the ones lesson 4's suppliers send (written here, not read from the course's
data: the sdist carries no course): UTF-8 with and without a BOM, windows-1252 Spanish, the
UTF-16LE «Texto Unicode» Excel saves (tabs between columns), cp850 from DOS, and a few that
must be refused, each time with the file and the byte offset.
"""

from __future__ import annotations

import codecs
import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

from codecbox import DecodeError, UnsureEncodingError, decode_bytes, read_csv

pd = pytest.importorskip("pandas")

ROWS = [
    ("1", "Turrón de Jijona", "12,50", "Envío en 24 h"),
    ("2", "Piña en almíbar", "3,75", "Oferta: 2 × 1 €"),
    ("3", "Jamón ibérico", "1.249,90", "Pieza entera, señal del 10 %"),
    ("4", "Ñandú de peluche", "15,00", "Juguete nº 3; precio en EUR"),
]
HEADER = ("id", "producto", "precio", "nota")


def csv_text(sep: str = ";", rows: list[tuple[str, ...]] = ROWS) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=sep, lineterminator="\r\n")
    writer.writerow(HEADER)
    writer.writerows(rows)
    return out.getvalue()


SPANISH = csv_text()


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def products(df) -> list[str]:
    return list(df["producto"])


# --- what each supplier sends -----------------------------------------------------------------


def test_utf8(tmp_path):
    path = write(tmp_path, "web.csv", SPANISH.encode("utf-8"))
    df = read_csv(path, sep=";")
    assert list(df.columns) == list(HEADER)
    assert products(df) == [r[1] for r in ROWS]
    assert df.attrs["codecbox"] == {
        "file": str(path),
        "encoding": "UTF-8",
        "rule": "valid UTF-8",
        "how": "UTF-8 (valid UTF-8)",
        "confident": True,
        "replaced": 0,
    }


def test_utf8_with_bom_gives_id_not_bom_id(tmp_path):
    data = SPANISH.encode("utf-8-sig")
    path = write(tmp_path, "tienda_bom.csv", data)
    df = read_csv(path, sep=";")
    assert list(df.columns)[0] == "id"  # not '\ufeffid': the BOM decided and was skipped
    assert products(df) == [r[1] for r in ROWS]
    info = df.attrs["codecbox"]
    assert (info["encoding"], info["rule"], info["confident"]) == ("UTF-8", "BOM", True)


def test_cp1252_declared(tmp_path):
    data = SPANISH.encode("cp1252")
    path = write(tmp_path, "contable_1252.csv", data)
    with pytest.raises(UnicodeDecodeError):  # pandas alone: UTF-8, and the first é fails
        pd.read_csv(path, sep=";")
    df = read_csv(path, declared="cp1252", sep=";")
    assert products(df) == [r[1] for r in ROWS]
    assert list(df["nota"])[1] == "Oferta: 2 × 1 €"
    info = df.attrs["codecbox"]
    assert (info["encoding"], info["rule"], info["confident"]) == (
        "windows-1252",
        "declared",
        True,
    )


def test_cp1252_guessed_is_refused_with_the_file_and_offset(tmp_path):
    data = SPANISH.encode("cp1252")
    path = write(tmp_path, "contable_1252.csv", data)
    first_high = next(i for i, b in enumerate(data) if b >= 0x80)
    with pytest.raises(UnsureEncodingError) as caught:
        read_csv(path, sep=";", candidates=["cp1252", "cp850"])
    err = caught.value
    assert isinstance(err, UnicodeDecodeError)  # what an except for pandas.read_csv catches
    assert err.where == str(path) and err.offset == first_high
    assert err.decoded.rule.value == "detected" and not err.decoded.confident
    message = str(err)
    assert message.startswith(f"{path}: not certain of the encoding: windows-1252 (detected)")
    assert f"byte {data[first_high]:02x} at offset {first_high}" in message
    assert "declared=" in message and "allow_unsure=True" in message


def test_cp1252_guessed_with_allow_unsure(tmp_path):
    path = write(tmp_path, "contable_1252.csv", SPANISH.encode("cp1252"))
    df = read_csv(path, sep=";", candidates=["cp1252", "cp850"], allow_unsure=True)
    assert products(df) == [r[1] for r in ROWS]
    info = df.attrs["codecbox"]
    assert info["how"] == "windows-1252 (detected)"
    assert info["confident"] is False and info["replaced"] == 0


def test_excel_unicode_text_utf16le_tabs(tmp_path):
    data = codecs.BOM_UTF16_LE + csv_text(sep="\t").encode("utf-16-le")
    path = write(tmp_path, "excel_unicode.txt", data)
    df = read_csv(path, sep="\t")
    assert list(df.columns) == list(HEADER)
    assert products(df) == [r[1] for r in ROWS]
    assert df.attrs["codecbox"]["how"] == "UTF-16LE (BOM)"


def test_declared_cp850(tmp_path):
    path = write(tmp_path, "dos_850.csv", csv_text(rows=[ROWS[3]]).encode("cp850"))
    df = read_csv(path, declared="cp850", sep=";")
    assert products(df) == ["Ñandú de peluche"]
    assert df.attrs["codecbox"]["how"] == "cp850 (declared)"


def test_a_bom_overrules_the_declared_label(tmp_path):
    path = write(tmp_path, "tienda_bom.csv", SPANISH.encode("utf-8-sig"))
    df = read_csv(path, declared="cp1252", sep=";")
    assert products(df) == [r[1] for r in ROWS]
    assert df.attrs["codecbox"]["how"] == "UTF-8 (BOM)"


# --- bytes that do not decode -----------------------------------------------------------------


def test_undecodable_bytes_name_the_file_and_offset(tmp_path):
    data = SPANISH.encode("cp1252")
    path = write(tmp_path, "contable_1252.csv", data)
    first_high = next(i for i, b in enumerate(data) if b >= 0x80)
    with pytest.raises(DecodeError) as caught:
        read_csv(path, declared="utf-8", sep=";")
    err = caught.value
    assert not isinstance(err, UnsureEncodingError)
    assert (err.where, err.offset, err.rule) == (str(path), first_high, "declared")
    assert str(err).startswith(f"{path}: cannot decode byte {data[first_high]:02x} at offset")


def test_mostly_utf8_is_refused_then_counted_with_allow_unsure(tmp_path):
    # valid UTF-8 but for one byte: decided as "mostly valid UTF-8", a tentative rule
    data = SPANISH.encode("utf-8")
    bad = data.index("Jamón".encode()) + 3
    data = data[:bad] + b"\xf3" + data[bad + 2 :]  # ó (C3 B3) written as latin-1's F3
    assert decode_bytes(data).rule.value == "mostly valid UTF-8"
    path = write(tmp_path, "mezcla.csv", data)
    with pytest.raises(DecodeError) as caught:
        read_csv(path, sep=";")
    assert (caught.value.where, caught.value.offset) == (str(path), bad)
    df = read_csv(path, sep=";", allow_unsure=True)
    assert products(df)[2] == "Jam\ufffdn ibérico"
    info = df.attrs["codecbox"]
    assert (info["rule"], info["confident"], info["replaced"]) == (
        "mostly valid UTF-8",
        False,
        1,
    )


def test_binary_data_is_refused(tmp_path):
    png = bytes.fromhex("89504e470d0a1a0a0000000d49484452") + bytes(64)
    path = write(tmp_path, "logo.csv", png)
    with pytest.raises(UnicodeDecodeError) as caught:
        read_csv(path)
    assert caught.value.where == str(path) and caught.value.offset == 0
    assert "binary data" in str(caught.value)


# --- pandas' options, the input kinds ---------------------------------------------------------


def test_pandas_kwargs_pass_through(tmp_path):
    text = "id;precio;nombre\r\n001;3,75;Piña\r\n002;1.249,90;Ñu\r\n"
    path = write(tmp_path, "precios.csv", text.encode("utf-8"))
    df = read_csv(path, sep=";", dtype={"id": str}, decimal=",", thousands=".")
    assert list(df["id"]) == ["001", "002"]  # dtype: kept as text, zeros and all
    assert list(df["precio"]) == [3.75, 1249.90]
    assert list(df["nombre"]) == ["Piña", "Ñu"]
    assert len(read_csv(path, sep=";", nrows=1)) == 1


@pytest.mark.parametrize("option", ["encoding", "encoding_errors"])
def test_encoding_options_are_refused(tmp_path, option):
    path = write(tmp_path, "a.csv", b"a\n1\n")
    with pytest.raises(TypeError, match=f"takes no {option}=") as caught:
        read_csv(path, **{option: "utf-8"})
    if option == "encoding":
        assert "declared=" in str(caught.value)


@pytest.mark.parametrize("kind", [bytes, bytearray, memoryview])
def test_bytes_input(kind):
    df = read_csv(kind(SPANISH.encode("utf-8-sig")), sep=";")
    assert products(df) == [r[1] for r in ROWS]
    assert df.attrs["codecbox"]["file"] is None
    with pytest.raises(UnsureEncodingError) as caught:
        read_csv(kind(SPANISH.encode("cp1252")), sep=";")
    assert caught.value.where is None and str(caught.value).startswith("not certain")


def test_binary_file_object(tmp_path):
    path = write(tmp_path, "tienda.csv", SPANISH.encode("utf-8-sig"))
    with open(path, "rb") as f:
        df = read_csv(f, sep=";")
    assert products(df) == [r[1] for r in ROWS]
    assert df.attrs["codecbox"]["file"] == str(path)
    df = read_csv(io.BytesIO(SPANISH.encode("utf-16")), sep=";")
    assert df.attrs["codecbox"]["rule"] == "BOM" and df.attrs["codecbox"]["file"] is None


def test_a_text_file_or_other_object_is_refused(tmp_path):
    path = write(tmp_path, "a.csv", b"a\n1\n")
    with open(path, encoding="utf-8") as f, pytest.raises(TypeError, match="binary mode"):
        read_csv(f)
    with pytest.raises(TypeError, match="not int"):
        read_csv(3)  # type: ignore[arg-type]


# --- read once --------------------------------------------------------------------------------

_OPENED: list[str] | None = None
_HOOKED = False


def _audit(event: str, args: tuple[object, ...]) -> None:
    if _OPENED is not None and event == "open" and isinstance(args[0], str | Path):
        _OPENED.append(str(args[0]))


def test_the_file_is_opened_once(tmp_path):
    """Every open() in the process raises the "open" audit event (pandas' own too). An audit
    hook cannot be removed: it is added once, by this test, and records only while it runs."""
    global _OPENED, _HOOKED
    if not _HOOKED:
        sys.addaudithook(_audit)
        _HOOKED = True
    path = write(tmp_path, "contable_1252.csv", SPANISH.encode("cp1252"))
    _OPENED = []
    try:
        read_csv(path, declared="cp1252", sep=";")
        read_csv(path, sep=";", allow_unsure=True)
    finally:
        opened, _OPENED = _OPENED, None
    assert [p for p in opened if Path(p).name == path.name] == [str(path)] * 2


def test_a_file_object_is_read_once():
    calls: list[tuple[object, ...]] = []

    class Counting(io.BytesIO):
        def read(self, *args):  # type: ignore[override]
            calls.append(args)
            return super().read(*args)

        def seek(self, *args):  # type: ignore[override]
            raise AssertionError("read_csv must not seek back to read again")

    df = read_csv(Counting(SPANISH.encode("utf-8")), sep=";")
    assert len(df) == len(ROWS) and calls == [()]


# --- pandas stays an extra --------------------------------------------------------------------


def test_import_codecbox_does_not_import_pandas():
    code = (
        "import sys, codecbox\n"
        "codecbox.decode_bytes(b'a;b\\n1;2\\n')\n"
        "assert 'pandas' not in sys.modules and 'numpy' not in sys.modules, 'imported'\n"
        "codecbox.read_csv(b'a;b\\n1;2\\n', sep=';')\n"
        "assert 'pandas' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
