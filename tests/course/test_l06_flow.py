"""curso.l06.flow: lesson 6's import results said in Spanish, and the files its import cell
rewrites on every run."""

from __future__ import annotations

from pathlib import Path

import pytest

from codecbox import import_bytes, import_file
from codecbox.rules import Rule
from curso.l06.flow import RULES, describe, reason, write_files


def test_every_rule_has_a_spanish_name():
    assert set(RULES) == set(Rule)


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("invalid continuation byte", "byte de continuación inválido"),
        ("unexpected end of data", "faltan bytes al final"),
        ("no candidate list: not guessing", "sin lista de candidatos no adivina"),
        ("sample too short: 5 bytes < 256", "muestra demasiado corta (5 bytes < 256)"),
        ("no candidate fits (cp932, euc_jp)", "no encaja ningún candidato (cp932, euc_jp)"),
        ("something new", "something new"),  # unknown: shown as it is
    ],
)
def test_reasons(english, spanish):
    assert reason(english) == spanish


def test_describe_each_outcome(tmp_path):
    write_files(tmp_path, {"a.csv": "año".encode("cp1252"), "b.txt": b"caf\xe9"})
    declared = import_file(tmp_path / "a.csv", declared="windows-1252")
    assert (
        describe(declared, tmp_path)
        == "windows-1252, porque se declaró · revisar: no · a.csv · 'año'"
    )
    parked = import_file(tmp_path / "b.txt", candidates=["cp1252"], quarantine=tmp_path / "q")
    assert describe(parked, tmp_path) == (
        "cuarentena: muestra demasiado corta (4 bytes < 256) · revisar: sí · q/b.txt"
    )
    long = import_bytes("Envío de piñones. ".encode("cp1252") * 20, candidates=["cp1252", "cp932"])
    assert describe(long).startswith(
        "windows-1252, adivinada · revisar: sí · 'Envío de piñones. En…'"
    )
    with pytest.raises(UnicodeDecodeError) as caught:
        import_file(tmp_path / "a.csv", declared="utf-8")
    assert describe(caught.value) == (
        "error: el byte F1 (posición 1) no es UTF-8 válido: byte de continuación inválido"
    )
    with pytest.raises(UnicodeDecodeError) as caught:
        b"a\xe3\x81".decode("utf-8")
    assert describe(caught.value) == (
        "error: los bytes E3 81 (posición 1) no son utf-8 válido: faltan bytes al final"
    )


def test_write_files_starts_from_the_same_files_every_time(tmp_path):
    files = {"uno.txt": b"1", "dos.txt": b"2"}
    write_files(tmp_path, files)
    (tmp_path / "cuarentena").mkdir()
    (tmp_path / "uno.txt").rename(tmp_path / "cuarentena" / "uno.txt")
    (tmp_path / "extra.txt").write_bytes(b"x")
    write_files(tmp_path, files)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dos.txt", "uno.txt"]
    assert (tmp_path / "uno.txt").read_bytes() == b"1"
    write_files(tmp_path / "nueva", files)
    assert sorted(p.name for p in Path(tmp_path / "nueva").iterdir()) == ["dos.txt", "uno.txt"]
