"""Lesson 3's apparatus: the exercises' checks, the normalizer widget, the data set and views.

Each check answers ✓ for the course's solution, «sin resolver» for an empty namespace, and
a hint (not ✓) for plausible wrong answers; ``revisar(n, estricto=True)`` raises
``AssertionError`` unless the answer is right.
"""

from __future__ import annotations

import unicodedata

import pytest
from check_contract import contract

from curso.l03 import (
    ESTRATEGIAS,
    FORMAS,
    PARES_PREDICCION,
    PREGUNTAS_NORMALIZADOR,
    comparar,
    distintos,
    normalizador,
    parecidos,
    parecidos_a,
    productos,
    puntos,
    revisar,
    tabla_dedup,
    tabla_formas,
    tabla_orden,
    tabla_productos,
)

# --- the course's solutions, as a student would define them ---------------------------------


def _nfc(texto: str) -> str:
    return unicodedata.normalize("NFC", texto)


def _nfd(texto: str) -> str:
    return unicodedata.normalize("NFD", texto)


def _buscar_archivo(nombres: list[str], buscado: str) -> str | None:
    if buscado in nombres:
        return buscado
    buscado_nfc = _nfc(buscado)
    for nombre in nombres:
        if _nfc(nombre) == buscado_nfc:
            return nombre
    return None


def _clave_producto(nombre: str) -> str:
    nombre = unicodedata.normalize("NFKC", nombre)
    nombre = nombre.casefold()
    return " ".join(nombre.split())


SOLVED = {
    1: {
        "prediccion_nfc": [True, True, False, False, False, False],
        "prediccion_nfkc": [True, True, True, True, True, False],
    },
    2: {
        "respuestas_normalizador": {
            "puntos_nfd_de_ệ": 3,
            "puntos_nfkc_de_㎏": 2,
            "formas_iguales_ℌ_H": ["NFKC", "NFKD"],
            "formas_iguales_ohmio_omega": ["NFC", "NFD", "NFKC", "NFKD"],
        }
    },
    3: {"buscar_archivo": _buscar_archivo},
    4: {"clave_producto": _clave_producto},
}


def _with(n: int, **changes) -> dict:
    return {**SOLVED[n], **changes}


def _answers(**changes) -> dict:
    return {"respuestas_normalizador": {**SOLVED[2]["respuestas_normalizador"], **changes}}


def _first_nfc(nombres: list[str], buscado: str) -> str | None:
    """Forgets that a listing may hold both forms: returns the first match, not the identical."""
    return next((n for n in nombres if _nfc(n) == _nfc(buscado)), None)


# Plausible wrong answers: (exercise, namespace, a word the hint must contain).
WRONG = [
    # 1: NFC taken for NFKC, the wave dash taken for the tilde, strings instead of bools
    (1, _with(1, prediccion_nfc=[True, True, True, True, True, False]), "prediccion_nfc"),
    (1, _with(1, prediccion_nfc=[True, False, False, False, False, False]), "par 2"),
    (1, _with(1, prediccion_nfkc=[True, True, True, True, True, True]), "par 6"),
    (1, _with(1, prediccion_nfkc=[True, True, False, True, False, False]), "par 3, 5"),
    (1, _with(1, prediccion_nfc=["True"] * 6), "sin comillas"),
    (1, _with(1, prediccion_nfc=[True, True]), "lista de 6"),
    # 2: counting what one sees, K forms forgotten, the ohm sign taken for a look-alike
    (2, _answers(**{"puntos_nfd_de_ệ": 1}), "puntos_nfd_de_ệ"),
    (2, _answers(**{"puntos_nfd_de_ệ": 2}), "NFD"),
    (2, _answers(**{"puntos_nfkc_de_㎏": 1}), "puntos_nfkc_de_㎏"),
    (2, _answers(**{"formas_iguales_ℌ_H": []}), "formas_iguales_ℌ_H"),
    (2, _answers(**{"formas_iguales_ohmio_omega": ["NFKC", "NFKD"]}), "\\u2126"),
    (2, _answers(**{"formas_iguales_ℌ_H": "NFKC"}), "lista de nombres"),
    (2, _answers(**{"formas_iguales_ℌ_H": ["NFKX"]}), "lista de nombres"),
    (2, _answers(**{"puntos_nfd_de_ệ": "3"}), "número entero"),
    (2, _answers(**{"puntos_nfd_de_ệ": 1, "puntos_nfkc_de_㎏": 1}), "revisa también"),
    (2, _answers(**{"formas_iguales_ℌ_H": ...}), "faltan respuestas"),
    (2, {"respuestas_normalizador": [3, 2, [], []]}, "diccionario"),
    # 3: the bug itself, and the fixes that break something else
    (3, {"buscar_archivo": lambda ns, b: b if b in ns else None}, "None, pero el archivo está"),
    (3, {"buscar_archivo": lambda ns, b: _nfc(b) if _nfc(b) in map(_nfc, ns) else None}, "tal"),
    (
        3,
        {
            "buscar_archivo": lambda ns, b: next(
                (
                    n
                    for n in ns
                    if unicodedata.normalize("NFKC", n) == unicodedata.normalize("NFKC", b)
                ),
                None,
            )
        },
        "NFKC junta",
    ),
    (
        3,
        {
            "buscar_archivo": lambda ns, b: next(
                (n for n in ns if _nfc(n).casefold() == _nfc(b).casefold()), None
            )
        },
        "dos archivos distintos",
    ),
    (3, {"buscar_archivo": _first_nfc}, "idéntico"),
    (3, {"buscar_archivo": lambda ns, b: ns[0] if ns else None}, "no es el archivo buscado"),
    # 4: each step forgotten, lower for casefold, accents stripped, a key that is not a str
    (4, {"clave_producto": lambda s: " ".join(s.casefold().split())}, "chars()"),
    (4, {"clave_producto": lambda s: " ".join(_nfc(s).casefold().split())}, "NFC no los cambia"),
    (
        4,
        {"clave_producto": lambda s: " ".join(unicodedata.normalize("NFKC", s).lower().split())},
        "lower() no basta",
    ),
    (4, {"clave_producto": lambda s: unicodedata.normalize("NFKC", s).casefold()}, "espacios"),
    (
        4,
        {
            "clave_producto": lambda s: "".join(
                c for c in _nfd(_clave_producto(s)) if not unicodedata.combining(c)
            )
        },
        "quitar las tildes",
    ),
    (4, {"clave_producto": lambda s: ""}, "productos distintos"),
    (4, {"clave_producto": lambda s: _clave_producto(s).split()}, "str"),
]


test_solved, test_unsolved, test_wrong = contract(revisar, SOLVED, WRONG)


def test_template_left_as_is_is_unsolved(capsys):
    """The commented templates, uncommented but not filled in, are still «sin resolver»."""
    revisar(1, {"prediccion_nfc": [...] * 6, "prediccion_nfkc": [...] * 6})
    revisar(1, {"prediccion_nfc": ..., "prediccion_nfkc": ...})
    template = {
        "puntos_nfd_de_ệ": ...,
        "puntos_nfkc_de_㎏": ...,
        "formas_iguales_ℌ_H": [...],
        "formas_iguales_ohmio_omega": [...],
    }
    assert set(template) == set(PREGUNTAS_NORMALIZADOR)
    revisar(2, {"respuestas_normalizador": template})
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("… Ejercicio 1 sin resolver")
    assert out[1].startswith("… Ejercicio 1 sin resolver")
    assert out[2].startswith("… Ejercicio 2 sin resolver")
    with pytest.raises(AssertionError, match="Ejercicio 1"):
        revisar(1, {"prediccion_nfc": [...] * 6, "prediccion_nfkc": [...] * 6}, estricto=True)


def test_a_half_filled_template_names_what_is_missing(capsys):
    half = {**SOLVED[2]["respuestas_normalizador"], "formas_iguales_ℌ_H": [...]}
    revisar(2, {"respuestas_normalizador": half})
    assert "faltan respuestas: formas_iguales_ℌ_H" in capsys.readouterr().out


def test_hints_do_not_give_the_answer_away(capsys):
    """A wrong prediction names the pair to look at again, never the right value."""
    revisar(1, _with(1, prediccion_nfkc=[True, True, True, True, True, True]))
    out = capsys.readouterr().out
    assert "True" not in out and "False" not in out
    revisar(2, _answers(**{"puntos_nfd_de_ệ": 1}))
    assert "3" not in capsys.readouterr().out


def test_code_that_raises_is_reported_not_raised(capsys):
    def broken(nombres, buscado):
        raise RuntimeError("sin terminar")

    revisar(3, {"buscar_archivo": broken})
    assert capsys.readouterr().out.startswith("✗ Ejercicio 3: tu código lanzó RuntimeError")


def test_other_good_answers_are_accepted(capsys):
    """NFKD works as well as NFKC for a matching key; forms may be a set, in any case."""
    nfkd_key = {
        "clave_producto": lambda s: " ".join(unicodedata.normalize("NFKD", s).casefold().split())
    }
    revisar(4, nfkd_key, estricto=True)
    revisar(2, _answers(**{"formas_iguales_ℌ_H": {"nfkd", "NFKC "}}), estricto=True)
    assert capsys.readouterr().out == ""


def test_the_checks_agree_with_unicodedata():
    predicted = SOLVED[1]
    for forma, name in (("NFC", "prediccion_nfc"), ("NFKC", "prediccion_nfkc")):
        got = [
            unicodedata.normalize(forma, a) == unicodedata.normalize(forma, b)
            for a, b in PARES_PREDICCION
        ]
        assert got == predicted[name]
    answers = {k: f() for k, f in PREGUNTAS_NORMALIZADOR.items()}
    solved = SOLVED[2]["respuestas_normalizador"]
    assert answers == {k: set(v) if isinstance(v, list) else v for k, v in solved.items()}


# --- views ----------------------------------------------------------------------------------


def test_puntos():
    assert puntos("") == ""
    assert puntos("año") == "U+0061 U+00F1 U+006F"
    assert puntos("😀") == "U+1F600"
    assert puntos("abcd", limite=4) == "U+0061 U+0062 U+0063 U+0064"
    assert puntos("abcde", limite=4) == "U+0061 U+0062 U+0063 U+0064 … (+1)"


def test_tabla_formas_counts_code_points():
    table = tabla_formas(["\u00e9", "\ud55c", "\u3231"])
    assert table.header == ("texto", "puntos de código", *FORMAS)
    assert [row[2:] for row in table.rows] == [
        ("é (1)", _nfd("é") + " (2)", "é (1)", _nfd("é") + " (2)"),
        ("한 (1)", _nfd("한") + " (3)", "한 (1)", _nfd("한") + " (3)"),
        ("㈱ (1)", "㈱ (1)", "(株) (3)", "(株) (3)"),
    ]
    assert "<table" in table._repr_html_()


@pytest.mark.parametrize(
    ("a", "b", "iguales"),
    [
        ("\u00e9", "e\u0301", ("NFC", "NFD", "NFKC", "NFKD")),
        ("\u210c", "H", ("NFKC", "NFKD")),
        ("\u301c", "\uff5e", ()),
        ("abc", "abc", ("NFC", "NFD", "NFKC", "NFKD")),
    ],
)
def test_comparar(a, b, iguales):
    comparacion = comparar(a, b)
    assert comparacion.formas_iguales == iguales
    assert comparacion.iguales("sin normalizar") == (a == b)
    text = str(comparacion)
    assert text.startswith(f"A = «{a}»")
    assert text.splitlines()[-1].split()[-4:] == ["sí" if f in iguales else "no" for f in FORMAS]


def test_comparar_clips_long_texts():
    text = str(comparar("x" * 20, ""))
    assert "… (+12)" in text
    assert "  20" in text


# --- the widget -----------------------------------------------------------------------------

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def test_normalizador_defaults_and_fallback():
    view = normalizador()
    assert view.a == "\u00e9" and view.b == "e\u0301"
    bundle = view._repr_mimebundle_()
    assert WIDGET_MIME in bundle
    assert bundle["text/plain"] == str(comparar("\u00e9", "e\u0301")) == str(view)
    assert bundle["text/html"] == view.output.value
    assert "<table" in bundle["text/html"]
    assert view.output.value.startswith('<div class="curso-spaced"><style>')


def test_normalizador_follows_both_boxes():
    view = normalizador("a", "a")
    before = view.output.value
    view.input_a.value = r"\u2126"
    assert view.a == "\u2126"
    assert view.output.value != before
    assert "U+2126" in view.output.value
    view.input_b.value = "\u03a9"
    assert str(view).splitlines()[-1].split()[-5:] == ["no", "sí", "sí", "sí", "sí"]


# --- the data set, deduplication, sorting, confusables ---------------------------------------


def test_productos_is_the_lesson_data_set():
    filas = productos()
    assert len(filas) == 23
    assert {f.fuente for f in filas} == {"web", "proveedor"}
    assert len({f.producto for f in filas}) == 9
    assert sum(not unicodedata.is_normalized("NFC", f.nombre) for f in filas) == 6
    assert any("\u00a0" in f.nombre for f in filas)
    assert any("\uff10" in f.nombre for f in filas)
    assert sum("\u0410" in f.nombre for f in filas) == 1


def test_each_key_of_the_lesson_leaves_what_the_lesson_says():
    nombres = [f.nombre for f in productos()]
    counts = {name: distintos(nombres, key) for name, key in ESTRATEGIAS.items()}
    assert counts == {
        "tal cual": 22,
        "NFC": 18,
        "NFC + lower": 15,
        "NFC + casefold": 14,
        "NFKC + casefold": 11,
        "NFKC + casefold + espacios": 10,
    }
    rows = tabla_dedup(nombres).rows
    assert rows[-1] == ("NFKC + casefold + espacios", "10")


def test_the_recommended_key_groups_by_product_but_for_the_cyrillic_row():
    filas = productos()
    key = ESTRATEGIAS["NFKC + casefold + espacios"]
    groups: dict[str, set[int]] = {}
    for fila in filas:
        groups.setdefault(key(fila.nombre), set()).add(fila.producto)
    assert all(len(products) == 1 for products in groups.values())  # never joins two products
    assert sorted(len([k for k, v in groups.items() if p in v]) for p in range(1, 10)) == [
        1
    ] * 8 + [2]


def test_tabla_productos_spells_out_the_invisible():
    table = tabla_productos(productos())
    names = [row[1] for row in table.rows]
    assert "Galletas María<U+00A0>800 g" in names
    assert [row[3] for row in table.rows].count("no") == 6


def test_tabla_orden():
    table = tabla_orden(["nube", "ñandú", "Zaragoza", "árbol"])
    assert [row[0] for row in table.rows] == ["Zaragoza", "nube", "árbol", "ñandú"]
    assert [row[1] for row in table.rows] == ["árbol", "ñandú", "nube", "Zaragoza"]


def test_parecidos():
    table = parecidos("p\u0430pa", ["latin"])
    assert [row[:3] for row in table.rows] == [("\u0430", "U+0430", "CYRILLIC")]
    tildes = parecidos("\uff5e\u301c")
    assert [row[0] for row in tildes.rows] == ["\uff5e", "\u301c"]
    assert "… (+" in parecidos("a").rows[0][3]
    assert parecidos("hola", ["latin"]).rows == ()
    assert parecidos_a("a") == 23
    assert parecidos_a("ñ") == 0
