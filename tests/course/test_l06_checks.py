"""curso.l06.checks: each exercise's check says ✓ to the solution, «sin resolver» to an empty
notebook, and a hint that does not give the answer away to a plausible wrong answer; the
strict form (nbgrader's hidden test) raises unless the answer is right."""

from __future__ import annotations

import codecs
import re

import pytest
import test_l06_entrega
from check_contract import contract

from curso.l06 import accuracy, checks, listing, samples
from curso.l06.checks import revisar
from curso.l06.detectors import guess_v2

# --- the answers, as the solution notebook writes them ----------------------------------------

EXPLORER = {
    "coreano_v2": 8,
    "coreano_v2_cp949_primero": 4,
    "ingles_charset_normalizer": "cp932",
    "eucjp_chardet_peor": 8,
}


def osaka_namespace(lista):
    muestras = accuracy.samples("ja", "cp932", 4) + accuracy.samples("ja", "euc_jp", 4)
    return {
        "lista_osaka": lista,
        "aciertos_por_defecto": sum(accuracy.is_correct(m, guess_v2(m.data)) for m in muestras),
        "aciertos_osaka": sum(accuracy.is_correct(m, guess_v2(m.data, lista)) for m in muestras),
    }


def contar_letra_bien(ruta, enc, letra, tam=4096):
    decoder = codecs.getincrementaldecoder(enc)()
    total = 0
    with open(ruta, "rb") as f:
        while bloque := f.read(tam):
            total += decoder.decode(bloque).count(letra)
    return total + decoder.decode(b"", final=True).count(letra)


def contar_por_bloques(ruta, enc, letra, tam=4096):  # the bug, copied
    total = 0
    with open(ruta, "rb") as f:
        while bloque := f.read(tam):
            total += bloque.decode(enc, errors="replace").count(letra)
    return total


def mi_puntuacion(ch):  # the solution's variant: the low quote ‚ (U+201A) scores 0, not +1
    if ch == "‚":
        return 0.0
    return listing.char_score(ch)


def variant_namespace(score, split="heldout"):
    muestras = [m for c in accuracy.CASES for m in accuracy.samples(*c, 4, split=split)]
    right = sum(accuracy.is_correct(m, listing.guess(m.data, score=score)) for m in muestras)
    return {"mi_puntuacion": score, "aciertos_variante": right}


SOLVED = {
    1: {"respuestas_explorador": EXPLORER},
    2: osaka_namespace(["cp932", "euc_jp"]),
    3: variant_namespace(mi_puntuacion),
    4: {"contar_letra_bien": contar_letra_bien},
    5: {"llamadas_vacias": 5},
    6: {"tabla": test_l06_entrega.reference_solution()},
}

WRONG = {
    1: {"respuestas_explorador": {**EXPLORER, "coreano_v2": 4}},
    2: osaka_namespace(["cp932"]),  # forgot the older files in EUC-JP
    3: variant_namespace(mi_puntuacion, split="tuning"),  # measured where rules are designed
    4: {"contar_letra_bien": contar_por_bloques},
    5: {"llamadas_vacias": 10},
    6: {"tabla": test_l06_entrega.reference_solution(nfc=False)},
}


def said(capsys, n, ns, **kwargs) -> str:
    revisar(n, ns, **kwargs)
    return capsys.readouterr().out


test_solved, test_unsolved, test_wrong = contract(
    revisar, SOLVED, [(n, ns, None) for n, ns in sorted(WRONG.items())]
)


def test_the_placeholders_of_the_exercise_notebook_are_unsolved(capsys):
    blank = {key: ... for key in EXPLORER}
    assert "sin resolver" in said(capsys, 1, {"respuestas_explorador": blank})
    assert "sin resolver" in said(capsys, 5, {"llamadas_vacias": ...})


# --- the hints --------------------------------------------------------------------------------


def hint(capsys, n, ns) -> str:
    out = said(capsys, n, ns)
    assert "Pista:" in out, out
    return out.split("Pista:", 1)[1]


@pytest.mark.parametrize("key", sorted(EXPLORER))
def test_explorer_hints_name_the_question_not_the_answer(capsys, key):
    wrong = {str: "cp949", int: 64}[type(EXPLORER[key])]
    text = hint(capsys, 1, {"respuestas_explorador": {**EXPLORER, key: wrong}})
    assert f"«{key}»" in text
    assert not re.search(rf"\b{EXPLORER[key]}\b", text), text


def test_explorer_accepts_any_name_of_the_right_encoding(capsys):
    for name in ("cp932", "Shift_JIS", "shift_jis", "windows-31j"):
        answers = {**EXPLORER, "ingles_charset_normalizer": name}
        assert said(capsys, 1, {"respuestas_explorador": answers}).startswith("✓")
    partial = {**EXPLORER, "eucjp_chardet_peor": ...}
    assert "te falta responder «eucjp_chardet_peor»" in said(
        capsys, 1, {"respuestas_explorador": partial}
    )
    assert "diccionario" in hint(capsys, 1, {"respuestas_explorador": [8, 4, "cp932", 8]})


def test_explorer_answers_are_computed_from_the_explorer():
    found = {key: answer() for key, (answer, _) in checks.EXPLORER_QUESTIONS.items()}
    assert found == EXPLORER


def test_osaka_hints(capsys):
    right = osaka_namespace(["cp932", "euc_jp"])
    assert "lista de nombres" in hint(capsys, 2, {**right, "lista_osaka": "cp932"})
    assert "no es una codificación" in hint(capsys, 2, {**right, "lista_osaka": ["cp9322"]})
    assert "lista por defecto" in hint(capsys, 2, {**right, "aciertos_por_defecto": 400})
    assert "segundo argumento" in hint(capsys, 2, {**right, "aciertos_osaka": 376})
    with_korean = osaka_namespace(["cp949", "cp932", "euc_jp"])
    assert with_korean["aciertos_osaka"] < 400  # a region it never receives wins some ties
    assert "no necesita" in hint(capsys, 2, with_korean)
    # one of the supplier's two encodings missing: a hint, not the list
    text = hint(capsys, 2, osaka_namespace(["cp932"]))
    assert "falta una de las dos" in text and "euc_jp" not in text
    # any list that gets every sample right is accepted, with the student's own figures
    other = osaka_namespace(("euc_jp", "cp932"))
    assert said(capsys, 2, other).startswith("✓ Ejercicio 2: con euc_jp, cp932, v2 acierta 400")


def test_lost_letters_hints(capsys):
    text = hint(capsys, 4, {"contar_letra_bien": contar_por_bloques})
    assert "lo mismo que `contar_letra`" in text
    text = hint(capsys, 4, {"contar_letra_bien": lambda ruta, enc, letra: 0})
    assert "archivo entero" in text
    assert "función" in hint(capsys, 4, {"contar_letra_bien": 12679})
    right = samples.build("japanese_1mb_utf8.txt").read_bytes().decode("utf-8").count("の")
    assert f"{right:,}" not in text


def test_a_student_function_that_raises_is_reported_not_raised(capsys):
    def broken(ruta, enc, letra):
        raise ValueError("ups")

    out = said(capsys, 4, {"contar_letra_bien": broken})
    assert out.startswith("✗ Ejercicio 4: tu código lanzó ValueError: ups")
    with pytest.raises(AssertionError, match="ValueError"):
        revisar(4, {"contar_letra_bien": broken}, estricto=True)


@pytest.mark.parametrize("wrong", [0, 2, 10, 25, 30, 3])
def test_prediction_hints_do_not_give_the_count(capsys, wrong):
    text = hint(capsys, 5, {"llamadas_vacias": wrong})
    assert not re.search(r"\b5\b", text), text


def test_prediction_must_be_a_number(capsys):
    assert "número entero" in hint(capsys, 5, {"llamadas_vacias": "5"})
    assert "número entero" in hint(capsys, 5, {"llamadas_vacias": True})


def test_the_prediction_is_what_the_decoder_does():
    decoder = codecs.getincrementaldecoder("utf-8")()
    calls = [decoder.decode(bytes([b])) for b in checks.FRASE.encode("utf-8")]
    assert calls.count("") == 5 and len(calls) == 30
    assert "".join(calls) == checks.FRASE


def test_every_exercise_has_a_check_and_no_other():
    with pytest.raises(ValueError, match="no hay ejercicio 7"):
        revisar(7, {})


# --- 3: change a rule, measure on the held-out split ------------------------------------------


def test_the_variant_check_reports_the_held_out_figure_whether_or_not_it_improved(capsys):
    out = said(capsys, 3, variant_namespace(mi_puntuacion))
    v2 = checks.variant_right("heldout")
    mine = checks.variant_right("heldout", mi_puntuacion)
    assert mine != v2  # the rule changed something...
    assert f"acierta {mine:,} de 1,000 muestras reservadas; v2, {v2:,}" in out

    def worse(ch):  # ...and a variant that does worse is accepted the same way
        return 0.0 if 0x3041 <= ord(ch) <= 0x30FF else listing.char_score(ch)

    assert checks.variant_right("heldout", worse) < v2
    assert said(capsys, 3, variant_namespace(worse)).startswith("✓ Ejercicio 3: ")


def test_the_variant_hints(capsys):
    text = hint(capsys, 3, variant_namespace(mi_puntuacion, split="tuning"))
    assert "parte de ajuste" in text and "reservada" in text
    same = variant_namespace(listing.char_score)
    assert "cambia una regla" in hint(capsys, 3, same)
    forgot = {
        **variant_namespace(mi_puntuacion),
        "aciertos_variante": checks.variant_right("heldout"),
    }
    assert "score=mi_puntuacion" in hint(capsys, 3, forgot)
    off = {**variant_namespace(mi_puntuacion), "aciertos_variante": 3}
    assert "recuenta" in hint(capsys, 3, off)
    assert "número entero" in hint(capsys, 3, {**off, "aciertos_variante": "988"})
    assert "función" in hint(capsys, 3, {**off, "mi_puntuacion": 2.0})
    right = checks.variant_right("heldout", mi_puntuacion)
    assert f"{right}" not in hint(capsys, 3, off)
