"""Lesson 5's apparatus: its texts, tables, cuts, widget and the checks of its exercises."""

from __future__ import annotations

import unicodedata

import pytest

from codecbox.length import UNITS, graphemes, length, truncate
from curso.l01 import _recortar as _recortar_l01
from curso.l05.lesson import (
    FACEPALM,
    FAMILIA,
    LENGUAJES,
    NOMBRES,
    PREGUNTAS_MEDIDOR,
    TEXTOS_PREDICCION,
    TEXTS,
    cortar,
    medidor,
    medir,
    recortar_con_error,
    revisar,
    tabla_cortes,
    tabla_lenguajes,
    tabla_longitudes,
    tabla_programas,
)
from tests.course.check_contract import contract

# --- the exercises' checks -------------------------------------------------------------------


def _recortar_bytes(texto: str, limite: int) -> str:
    out = ""
    for grafema in graphemes(texto):
        if len((out + grafema).encode("utf-8")) > limite:
            break
        out += grafema
    return out


def _largo_como(lenguaje: str, texto: str) -> int:
    if lenguaje == "Go":
        return len(texto.encode("utf-8"))
    if lenguaje == "JavaScript":
        return len(texto.encode("utf-16-le")) // 2
    if lenguaje == "Swift":
        return len(graphemes(texto))
    return len(texto)


SOLVED = {
    1: {"prediccion_python": [5, 2, 2, 2], "prediccion_js": [8, 4, 2, 2]},
    2: {"recortar_bytes": _recortar_bytes},
    3: {
        "respuestas_medidor": {
            "javascript_🤦🏼‍♂️": 7,
            "rust_🤦🏼‍♂️": 17,
            "swift_🤦🏼‍♂️": 1,
            "python_corta_🇪🇸🇲🇽_a_3": "🇪🇸🇲",
        }
    },
    4: {"largo_como": _largo_como},
}


def _with(n: int, **changes) -> dict:
    return {**SOLVED[n], **changes}


def _answers(**changes) -> dict:
    return {"respuestas_medidor": {**SOLVED[3]["respuestas_medidor"], **changes}}


def _largo_con_bom(lenguaje: str, texto: str) -> int:
    if lenguaje == "JavaScript":
        return len(texto.encode("utf-16")) // 2
    return _largo_como(lenguaje, texto)


def _largo_sin_grafemas(lenguaje: str, texto: str) -> int:
    return len(texto) if lenguaje == "Swift" else _largo_como(lenguaje, texto)


#: Lesson 1's answer: never splits a code point, but splits grapheme clusters.
_recortar_por_puntos = _recortar_l01


def _recortar_de_mas(texto: str, limite: int) -> str:
    """Keeps one cluster too many: over the limit."""
    clusters = graphemes(texto)
    kept = truncate(texto, limite, "bytes")
    n = len(graphemes(kept))
    return "".join(clusters[: n + 1])


# Plausible wrong answers: (exercise, namespace, a word the hint must contain).
WRONG = [
    # 1: everything counted as seen, JS taken for Python, strings, a short list
    (1, _with(1, prediccion_python=[1, 1, 1, 2]), "prediccion_python"),
    (1, _with(1, prediccion_js=[5, 2, 2, 2]), "UTF-16"),
    (1, _with(1, prediccion_js=[8, 4, 2, 4]), "texto 4"),
    (1, _with(1, prediccion_python=["5", "2", "2", "2"]), "número entero"),
    (1, _with(1, prediccion_python=[5, 2]), "lista de 4"),
    # 2: the bug itself, lesson 1's answer, one cluster too many, not a prefix, not a str
    (2, {"recortar_bytes": recortar_con_error}, "grafema partido"),
    (2, {"recortar_bytes": _recortar_por_puntos}, "graphemes()"),
    (2, {"recortar_bytes": _recortar_de_mas}, "más que el límite"),
    (2, {"recortar_bytes": lambda t, n: truncate(t[1:], n, "bytes")}, "principio del texto"),
    (2, {"recortar_bytes": lambda t, n: t.encode()[:n]}, "debe devolver un str"),
    (2, {"recortar_bytes": lambda t, n: ""}, "cabe un grafema más"),
    # 3: each answer wrong, types, missing keys
    (3, _answers(**{"javascript_🤦🏼‍♂️": 5}), "javascript_🤦🏼‍♂️"),
    (3, _answers(**{"rust_🤦🏼‍♂️": 7}), "Rust"),
    (3, _answers(**{"swift_🤦🏼‍♂️": 5}), "Swift"),
    (3, _answers(**{"python_corta_🇪🇸🇲🇽_a_3": "🇪🇸"}), "python_corta"),
    (3, _answers(**{"rust_🤦🏼‍♂️": "17"}), "número entero"),
    (3, _answers(**{"python_corta_🇪🇸🇲🇽_a_3": 3}), "texto"),
    (3, _answers(**{"swift_🤦🏼‍♂️": ...}), "faltan respuestas"),
    (3, {"respuestas_medidor": [7, 17, 1, "x"]}, "diccionario"),
    (3, _answers(**{"javascript_🤦🏼‍♂️": 5, "swift_🤦🏼‍♂️": 5}), "revisa también"),
    # 4: a BOM counted, code points for Swift, bytes for Python
    (4, {"largo_como": _largo_con_bom}, "BOM"),
    (4, {"largo_como": _largo_sin_grafemas}, "grafemas"),
    (4, {"largo_como": lambda lenguaje, t: len(t.encode())}, "Python cuenta puntos"),
]


test_solved, test_unsolved, test_wrong = contract(revisar, SOLVED, WRONG)


def test_template_left_as_is_is_unsolved(capsys):
    revisar(1, {"prediccion_python": [...] * 4, "prediccion_js": [...] * 4})
    template = dict.fromkeys(PREGUNTAS_MEDIDOR, ...)
    revisar(3, {"respuestas_medidor": template})
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("… Ejercicio 1 sin resolver")
    assert out[1].startswith("… Ejercicio 3 sin resolver")


def test_hints_do_not_give_the_answer_away(capsys):
    revisar(1, _with(1, prediccion_js=[5, 2, 2, 2]))
    out = capsys.readouterr().out
    assert "8" not in out and "4" not in out.replace("de 4", "")
    revisar(3, _answers(**{"rust_🤦🏼‍♂️": 7}))
    assert "17" not in capsys.readouterr().out


def test_code_that_raises_is_reported_not_raised(capsys):
    def broken(texto, limite):
        raise RuntimeError("sin terminar")

    revisar(2, {"recortar_bytes": broken})
    assert capsys.readouterr().out.startswith("✗ Ejercicio 2: tu código lanzó RuntimeError")


def test_the_checks_agree_with_codecbox():
    assert SOLVED[1]["prediccion_python"] == [len(t) for t in TEXTOS_PREDICCION]
    assert SOLVED[1]["prediccion_js"] == [length(t, "utf16") for t in TEXTOS_PREDICCION]
    answers = {k: f() for k, f in PREGUNTAS_MEDIDOR.items()}
    assert answers == SOLVED[3]["respuestas_medidor"]
    assert FACEPALM == "🤦🏼‍♂️"


# --- the texts and the tables -----------------------------------------------------------------


def test_texts_are_the_lessons():
    assert TEXTS == list(NOMBRES)
    assert len(TEXTS) == len(set(TEXTS)) == 10
    assert TEXTS[0] == unicodedata.normalize("NFC", TEXTS[1]) != TEXTS[1]
    assert TEXTS[2] == unicodedata.normalize("NFC", TEXTS[3]) != TEXTS[3]
    assert FAMILIA in TEXTS and all(isinstance(t, str) for t in TEXTS)


def test_the_lesson_counts_nine_languages_eight_of_them_run():
    assert len(LENGUAJES) == 9
    assert [leng.nombre for leng in LENGUAJES if not leng.ejecutado] == ["C#"]
    units = {leng.nombre: leng.unidad for leng in LENGUAJES}
    assert units["C#"] == units["Java"] == units["JavaScript"] == "utf16"
    assert {units[n] for n in ("Go", "Rust", "C", "PHP")} == {"bytes"}
    assert units["Python"] == "code_points" and units["Swift"] == "graphemes"
    assert tabla_lenguajes().rows[3][-1] == "solo documentado"


def test_the_table_of_lengths_is_computed():
    table = tabla_longitudes(TEXTS)
    assert len(table.rows) == len(TEXTS)
    for text, row in zip(TEXTS, table.rows, strict=True):
        assert row[1:5] == tuple(str(length(text, unit)) for unit in UNITS)
    family = table.rows[TEXTS.index(FAMILIA)]
    assert family[1:] == ("18", "8", "5", "1", "2")
    assert "<table" in table._repr_html_()


def test_tabla_programas_lists_every_measure_of_the_runtimes():
    from curso.l05.runtimes import RUNTIMES

    rows = tabla_programas().rows
    assert len(rows) == sum(len(r.measures) for r in RUNTIMES)
    assert ("Rust", "s.len()", "bytes UTF-8") in rows


# --- cutting ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("texto", "n", "unidad", "problema"),
    [
        ("a\u00f1o", 2, "bytes", "UTF-8 partido"),
        ("a\u00f1o", 3, "bytes", ""),
        ("\U0001f600!", 1, "utf16", "sustituto suelto U+D83D"),
        ("\U0001f600!", 2, "utf16", ""),
        (FAMILIA, 3, "code_points", "grafema partido"),
        ("\U0001f1ea\U0001f1f8", 1, "code_points", "grafema partido"),
        ("cafe\u0301", 4, "code_points", "grafema partido"),
        (FAMILIA, 1, "graphemes", ""),
        ("", 3, "bytes", ""),
    ],
)
def test_cortar_diagnoses(texto, n, unidad, problema):
    corte = cortar(texto, n, unidad)
    assert corte.problema.startswith(problema) if problema else corte.sano


def test_cortar_rejects_an_unknown_unit():
    with pytest.raises(ValueError, match="unidad"):
        cortar("a", 1, "letras")


def test_tabla_cortes_ends_with_the_safe_cut():
    table = tabla_cortes(FAMILIA + " hola", 3)
    assert [row[-1] for row in table.rows] == ["", "", "", "👩<U+200D>👩<U+200D>👧 h"]
    assert [row[3].startswith("nada") for row in table.rows] == [False, False, False, True]


def test_recortar_con_error_really_breaks_clusters():
    assert recortar_con_error(FAMILIA + " Ana", 12) == FAMILIA[:3]
    assert recortar_con_error("¡Olé! 🇪🇸🇲🇽", 12) == "¡Olé! 🇪"


# --- the widget ----------------------------------------------------------------------------------

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def test_medidor_defaults_and_fallback():
    view = medidor()
    bundle = view._repr_mimebundle_()
    assert WIDGET_MIME in bundle
    assert bundle["text/plain"] == str(medir(FAMILIA + " hola", 4)) == str(view)
    assert "<table" in bundle["text/html"]


def test_medidor_follows_the_box_and_the_limit():
    view = medidor("a", 1)
    view.input.value = r"a\u00f1o"
    view.limite.value = 2
    rows = medir("a\u00f1o", 2).tabla().rows
    assert str(view) == str(medir("a\u00f1o", 2))
    by_language = {row[0]: row for row in rows}
    assert by_language["Python"][2:] == ("3", "s[:n]", "añ", "bien")
    assert by_language["Go"][4] == "a\\xc3"
    assert by_language["Rust"][5].startswith("pánico")
    assert by_language["C# (documentado)"][2] == "3"
    assert by_language["Swift"][5] == "bien"


# --- the live check's summary ------------------------------------------------------------------


def test_resumen_ejecucion_says_who_was_compared_and_who_was_absent():
    from curso.l05.lesson import resumen_ejecucion
    from curso.l05.runtimes import RUNTIMES, Result, expected

    texts = TEXTS[:3]
    want = expected(texts)
    rust = next(r for r in RUNTIMES if r.key == "rust")
    swift = next(r for r in RUNTIMES if r.key == "swift")
    values = {m.expression: want[m.unit] for m in rust.measures}
    values["s.len()"] = (9, *values["s.len()"][1:])  # one wrong count
    results = [
        Result(rust, "rustc 1.0", values, None),
        Result(swift, None, None, "no está instalado"),
    ]
    lines = resumen_ejecucion(results, texts).splitlines()
    assert lines[0] == "✓ Rust (rustc 1.0): 8 de 9 cuentas iguales"
    assert lines[1].strip() == "s.len() con año (NFC): 9, no 4 (¡sin explicar!)"
    assert lines[2] == "✗ Swift: no se comparó (no está instalado)"
