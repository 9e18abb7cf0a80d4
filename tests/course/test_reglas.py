"""curso.reglas: codecbox's results said in Spanish, with one vocabulary for every lesson."""

from __future__ import annotations

import pytest

from codecbox import decode_bytes, decode_html, import_bytes, import_file
from codecbox.rules import Rule
from curso.l06.flow import write_files
from curso.reglas import REGLAS, como, describe, reason


def test_every_rule_has_both_forms():
    """A new member of codecbox's Rule fails here until the course says it both ways."""
    assert list(REGLAS) == list(Rule)
    for rule in Rule:
        assert REGLAS[rule].nombre.strip(), rule
        assert REGLAS[rule].motivo.strip(), rule


def test_no_two_rules_are_said_alike():
    assert len({r.nombre for r in REGLAS.values()}) == len(Rule)
    assert len({r.motivo for r in REGLAS.values()}) == len(Rule)


@pytest.mark.parametrize("field", ["nombre", "motivo"])
def test_one_word_per_idea(field):
    """A guess is «adivinada» and the fallback «por defecto», in both forms (lessons 2 and 6
    once said «detectada» and «por omisión»)."""
    words = " ".join(getattr(r, field) for r in REGLAS.values())
    assert "detectada" not in words and "omisión" not in words
    assert getattr(REGLAS[Rule.DETECTED], field) == "adivinada"
    assert getattr(REGLAS[Rule.DEFAULT], field) == "por defecto"


@pytest.mark.parametrize(
    ("decidido", "dicho"),
    [
        (
            decode_html(b"caf\xe9", content_type="text/html; charset=Shift_JIS"),
            "Shift_JIS (cabecera)",
        ),
        (decode_bytes(b"\xef\xbb\xbfhola"), "UTF-8 (BOM)"),
        (decode_bytes(b"hola", declared="latin1"), "windows-1252 (declarada)"),
        (decode_bytes("Envío de piñones. ".encode("cp1252") * 20), "windows-1252 (adivinada)"),
    ],
)
def test_como_is_the_spanish_how(decidido, dicho):
    assert como(decidido) == dicho
    english = decidido.how.rsplit(" (", 1)[0]
    assert dicho.startswith(english + " (")


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


def test_describe_says_each_rule_with_its_phrase():
    for result, rule in [
        (import_bytes(b"\xef\xbb\xbfhola"), Rule.BOM),
        (import_bytes("año".encode(), candidates=["cp1252"]), Rule.VALID_UTF8),
        (import_bytes(b"hola", declared="ascii"), Rule.DECLARED),
    ]:
        assert result.rule is rule
        assert describe(result).startswith(f"{result.encoding}, {REGLAS[rule].motivo} · ")
