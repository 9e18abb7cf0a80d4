"""Lesson 1's apparatus: the exercises' checks and the explorer with its encoding selector.

Each check answers ✓ for the course's solution, «sin resolver» for an empty namespace,
and a hint (not ✓) for plausible wrong answers; ``revisar(n, estricto=True)`` raises
``AssertionError`` unless the answer is right.
"""

from __future__ import annotations

import pytest
from check_contract import contract

from curso.l01 import (
    CODIFICACIONES,
    PREGUNTAS_EXPLORADOR,
    TEXTOS_PREDICCION,
    explorer,
    in_encoding,
    revisar,
)
from curso.views import chars, hexbytes

# --- the course's solutions, as a student would define them ---------------------------------


def _es_continuacion(byte: int) -> bool:
    return byte >> 6 == 0b10


def _partir_utf8(crudo: bytes) -> list[bytes]:
    partes: list[bytes] = []
    for byte in crudo:
        if _es_continuacion(byte) and partes:
            partes[-1] += bytes([byte])
        else:
            partes.append(bytes([byte]))
    return partes


def _recortar_utf8(texto: str, limite: int) -> str:
    crudo = texto.encode("utf-8")
    if len(crudo) <= limite:
        return texto
    corte = limite
    while corte > 0 and _es_continuacion(crudo[corte]):
        corte -= 1
    return crudo[:corte].decode("utf-8")


SOLVED = {
    1: {"prediccion_len": [5, 2, 1, 1], "prediccion_bytes": [7, 3, 3, 4]},
    2: {"es_continuacion": _es_continuacion, "partir_utf8": _partir_utf8},
    3: {
        "respuestas_explorador": {
            "bytes_utf8_de_é": 2,
            "unidades_utf16_de_😀": 2,
            "bytes_utf16_de_año": 8,
            "byte_cp1252_de_€": 0x80,
            "latin1_puede_escribir_€": False,
        }
    },
    4: {"recortar_utf8": _recortar_utf8},
}


def _with(n: int, **changes) -> dict:
    return {**SOLVED[n], **changes}


def _answers(**changes) -> dict:
    return {"respuestas_explorador": {**SOLVED[3]["respuestas_explorador"], **changes}}


# Plausible wrong answers: (exercise, namespace, a word the hint must contain).
WRONG = [
    # 1: counting bytes as len, or what one sees as len
    (1, _with(1, prediccion_len=[5, 1, 1, 1]), "prediccion_len"),
    (1, _with(1, prediccion_len=[7, 3, 3, 4]), "prediccion_len"),
    (1, _with(1, prediccion_bytes=[5, 2, 1, 1]), "prediccion_bytes"),
    (1, _with(1, prediccion_bytes=[6, 3, 3, 4]), "«¿Qué?»"),
    (1, _with(1, prediccion_bytes=[7, 3, 2, 4]), "«文»"),
    (1, _with(1, prediccion_len=5), "lista"),
    # 2: "high bit set" is not "continuation"; a split that forgets the continuation bytes
    (2, _with(2, es_continuacion=lambda b: b >= 0x80), "es_continuacion(0xC0)"),
    (2, _with(2, es_continuacion=lambda b: b & 0x80 == 0x80), "es_continuacion(0xC0)"),
    (2, _with(2, partir_utf8=lambda crudo: [bytes([b]) for b in crudo]), "partir_utf8"),
    (2, _with(2, partir_utf8=lambda crudo: list(crudo.decode("utf-8"))), "lista de bytes"),
    # 3: the decomposed é, UTF-16 without the BOM, the byte as text, latin-1 taken for cp1252
    (3, _answers(**{"bytes_utf8_de_é": 3}), "combinante"),
    (3, _answers(**{"bytes_utf16_de_año": 6}), "bytes_utf16_de_año"),
    (3, _answers(**{"byte_cp1252_de_€": "80"}), "byte_cp1252_de_€"),
    (3, _answers(**{"latin1_puede_escribir_€": True}), "latin1_puede_escribir_€"),
    (3, _answers(**{"unidades_utf16_de_😀": 1, "bytes_utf8_de_é": 1}), "revisa también"),
    (3, _answers(**{"latin1_puede_escribir_€": ...}), "faltan respuestas"),
    (3, {"respuestas_explorador": [2, 2, 8, 0x80, False]}, "diccionario"),
    # 4: the bug itself, and the fixes that break something else
    (4, {"recortar_utf8": lambda texto, limite: texto[:limite]}, "más que el límite"),
    (
        4,
        {"recortar_utf8": lambda t, n: t.encode("utf-8")[:n].decode("utf-8")},
        "UnicodeDecodeError",
    ),
    (
        4,
        {"recortar_utf8": lambda t, n: t.encode("utf-8")[:n].decode("utf-8", "replace")},
        "partió",
    ),
    (4, {"recortar_utf8": lambda t, n: t.encode("utf-8")[:n]}, "str"),
    (4, {"recortar_utf8": lambda t, n: t[: n // 4]}, "cabe un punto de código más"),
]


test_solved, test_unsolved, test_wrong = contract(revisar, SOLVED, WRONG)


def test_template_left_as_is_is_unsolved(capsys):
    """The commented templates, uncommented but not filled in, are still «sin resolver»."""
    revisar(1, {"prediccion_len": ..., "prediccion_bytes": ...})
    template = dict.fromkeys(PREGUNTAS_EXPLORADOR, ...)
    revisar(3, {"respuestas_explorador": template})
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("… Ejercicio 1 sin resolver")
    assert out[1].startswith("… Ejercicio 3 sin resolver")


def test_hints_do_not_give_the_answer_away(capsys):
    """A wrong prediction names the text to look at again, never the right number."""
    revisar(1, _with(1, prediccion_bytes=[6, 3, 3, 4]))
    out = capsys.readouterr().out
    assert "7" not in out


def test_code_that_raises_is_reported_not_raised(capsys):
    def broken(byte):
        raise RuntimeError("sin terminar")

    revisar(2, _with(2, es_continuacion=broken))
    assert capsys.readouterr().out.startswith("✗ Ejercicio 2: tu código lanzó RuntimeError")


def test_the_checks_agree_with_the_codecs():
    assert [len(t) for t in TEXTOS_PREDICCION] == SOLVED[1]["prediccion_len"]
    sizes = [len(t.encode("utf-8")) for t in TEXTOS_PREDICCION]
    assert sizes == SOLVED[1]["prediccion_bytes"]
    answers = {k: f() for k, f in PREGUNTAS_EXPLORADOR.items()}
    assert answers == SOLVED[3]["respuestas_explorador"]


# --- in_encoding and the explorer ---------------------------------------------------------------


@pytest.mark.parametrize("encoding", [codec for _, codec in CODIFICACIONES])
@pytest.mark.parametrize("text", ["año", "a€😀", "Muñoz", "e\u0301", "ｱ文", ""])
def test_in_encoding_matches_the_codec(text, encoding):
    view = in_encoding(text, encoding)
    assert len(view.parts) == len(text)
    if not view.missing:
        written = view.bom + b"".join(p for p in view.parts if p is not None)
        assert written == text.encode(encoding)
        assert view.size == len(text.encode(encoding))
    else:
        for ch in view.missing:
            with pytest.raises(UnicodeEncodeError):
                ch.encode(encoding)


def test_in_encoding_text_and_html():
    view = in_encoding("año😀", "utf-16")
    assert str(view).splitlines()[-1] == "12 bytes en utf-16 (los 2 primeros, FF FE, son el BOM)"
    html = in_encoding("a😀<", "latin-1")._repr_html_()
    assert "no puede escribir: 😀 (U+1F600)" in html
    assert "&lt;" in html and "<table" in html
    assert str(in_encoding("", "utf-8")) == "0 bytes en utf-8"


def test_explorer_keeps_utf8_by_default():
    view = explorer("año")
    assert view.encoding == "utf-8"
    expected = str(chars("año")) + "\n\n" + str(hexbytes("año".encode(), "utf-8"))
    assert str(view) == expected


def test_explorer_follows_the_encoding_selector():
    view = explorer("año")
    before = view.output.value
    view.selector.value = "utf-16"
    assert view.encoding == "utf-16"
    assert view.output.value != before
    assert str(view).endswith("8 bytes en utf-16 (los 2 primeros, FF FE, son el BOM)")
    view.input.value = "€"
    view.selector.value = "latin-1"
    assert str(view).endswith("latin-1 no puede escribir: € (U+20AC)")
    view.selector.value = "cp1252"
    assert "[80]" in str(view)


def test_explorer_keeps_its_columns_apart_in_any_front_end():
    """The UTF-8 and UTF-16 columns must not run together: padded, ruled, unwrapped cells."""
    view = explorer("😀")
    rich = view.output.value
    assert "jp-RenderedHTMLCommon" in view.output._dom_classes
    assert rich.startswith('<div class="curso-spaced"><style>')
    assert "padding" in rich and "border-left" in rich and "white-space:nowrap" in rich
    assert view._repr_mimebundle_()["text/html"] == rich


def test_explorer_refuses_an_unknown_encoding():
    with pytest.raises(ValueError, match="elige una de"):
        explorer("año", "ebcdic")
