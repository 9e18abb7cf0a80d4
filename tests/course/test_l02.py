"""Lesson 2's apparatus: the checks of its exercises, its tables and its widget.

Each check answers ✓ for the course's solution, «sin resolver» for an empty namespace,
and a hint (not ✓) for plausible wrong answers; ``revisar(n, estricto=True)`` raises
``AssertionError`` unless the answer is right.
"""

from __future__ import annotations

import pytest
from check_contract import contract

from codecbox import fix_mojibake
from codecbox.repair import READINGS, Step, apply_steps
from curso.l02 import CASOS, FICHA, comparar_con_ftfy, explicar, tabla_manejadores, tabla_pares
from curso.l02.checks import (
    MUESTRAS_DIAGNOSTICO,
    PREGUNTAS_TALLER,
    TEXTO_TROZOS,
    TEXTOS_PREDICCION,
    diagnostico,
    largo_mojibake,
    revisar,
)
from curso.l02.pedidos import PEDIDOS, Roto, contenido, escritas, llegadas, ruta_pedidos
from curso.l02.taller import (
    CODIFICACIONES_TALLER,
    leer_como,
    linea_leida,
    partes,
    taller,
    vista_taller,
)
from curso.l02.trozos import por_trozos, trozos
from curso.paths import paragraphs

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

# --- the course's solutions, as a student would write them ------------------------------------


def _diagnosticar(crudo: bytes) -> str:
    if b"\xef\xbf\xbd" in crudo:
        return "perdido"
    try:
        texto = crudo.decode("utf-8")
    except UnicodeDecodeError:
        return "otra"
    if "Ã" in texto or "Â" in texto or "â€" in texto:
        return "mojibake"
    return "utf-8"


def _reparar(texto: str) -> str:
    while True:
        try:
            anterior = texto.encode("cp1252").decode("utf-8")
        except UnicodeError:
            return texto
        if anterior == texto:
            return texto
        texto = anterior


def _reparar_con_error(texto: str) -> str:  # the bug, copied
    return texto.encode("cp1252").decode("utf-8", errors="replace")


def _reparar_una_capa(texto: str) -> str:
    try:
        return texto.encode("cp1252").decode("utf-8")
    except UnicodeError:
        return texto


TALLER = {
    "letra_en_lugar_de_ñ": "ń",
    "reparar_arregla_1250": False,
    "repara_Ángel_leído_como_1252": False,
    "repara_Ángel_leído_como_latin1": True,
    "punto_de_código_en_shift_jis": "U+301C",
    "trozo_reparado": "texto[14:16]",
}

SOLVED = {
    1: {"prediccion_mojibake": [7, 3, None, 7]},
    2: {"diagnosticar": _diagnosticar},
    3: {"reparar": _reparar},
    4: {"respuestas_taller": TALLER},
}

WRONG = {
    1: [
        {"prediccion_mojibake": [6, 3, None, 7]},
        {"prediccion_mojibake": [7, 3, 7, 7]},
        {"prediccion_mojibake": [7, None, None, 7]},
        {"prediccion_mojibake": [7, 3, None]},
    ],
    2: [
        {"diagnosticar": lambda crudo: "utf-8"},
        {"diagnosticar": lambda crudo: "mojibake" if b"\xc3" in crudo else "utf-8"},
        {"diagnosticar": lambda crudo: "cp1252"},
    ],
    3: [
        {"reparar": _reparar_con_error},
        {"reparar": _reparar_una_capa},
        {"reparar": lambda texto: texto.encode("cp1252").decode("utf-8")},
        {"reparar": lambda texto: texto},
    ],
    4: [
        {"respuestas_taller": {**TALLER, "letra_en_lugar_de_ñ": "ñ"}},
        {"respuestas_taller": {**TALLER, "repara_Ángel_leído_como_1252": True}},
        {"respuestas_taller": {**TALLER, "punto_de_código_en_shift_jis": "U+FF5E"}},
        {"respuestas_taller": {**TALLER, "reparar_arregla_1250": ...}},
        {"respuestas_taller": {**TALLER, "trozo_reparado": "texto[13:17]"}},  # all of «año»
        {"respuestas_taller": {**TALLER, "trozo_reparado": (14, 16)}},
        {"respuestas_taller": {k: v for k, v in TALLER.items() if k != "trozo_reparado"}},
    ],
}


test_solved, test_unsolved, test_wrong = contract(
    revisar, SOLVED, [(n, ns, None) for n, cases in WRONG.items() for ns in cases]
)


def test_hints_do_not_give_the_answer_away(capsys):
    revisar(1, {"prediccion_mojibake": [6, 3, None, 7]})
    assert "7" not in capsys.readouterr().out
    revisar(4, {"respuestas_taller": {**TALLER, "punto_de_código_en_shift_jis": "U+FF5E"}})
    assert "301C" not in capsys.readouterr().out
    revisar(4, {"respuestas_taller": {**TALLER, "trozo_reparado": "texto[13:17]"}})
    hint = capsys.readouterr().out
    assert "trozo_reparado" in hint and "14" not in hint and "16" not in hint
    spaced = {**TALLER, "trozo_reparado": " texto[14: 16] "}  # spaces do not matter
    revisar(4, {"respuestas_taller": spaced}, estricto=True)


def test_the_answers_are_what_the_codecs_say():
    assert [largo_mojibake(t) for t in TEXTOS_PREDICCION] == [7, 3, None, 7]
    assert {k: f() for k, f in PREGUNTAS_TALLER.items()} == TALLER
    labels = [diagnostico(c) for c in MUESTRAS_DIAGNOSTICO]
    assert set(labels) == {"perdido", "otra", "mojibake", "utf-8"}


def test_the_bug_and_the_library_on_the_exercise_3_cases():
    assert _reparar_con_error("año") == "a\ufffdo"  # the bug: clean text damaged
    assert _reparar("aÃƒÂ±o") == "año"
    assert _reparar("CAFÉ…") == "CAFɅ"  # the simple loop still breaks clean capitals
    assert fix_mojibake("CAFÉ…").text == "CAFÉ…"  # the library does not


# --- tables ----------------------------------------------------------------------------------


def test_pairs_table_is_computed():
    t = tabla_pares("ñÁ€")
    assert t.rows[0] == ("ñ", "C3 B1", "Ã±", "Ã±")
    assert t.rows[1][2] == "Ã[81?]"
    assert t.rows[2][2] == "â‚¬"
    assert t.notes  # the undefined byte is explained
    assert not tabla_pares("ñ").notes


def test_handlers_table():
    rows = {r[0]: r for r in tabla_manejadores().rows if r}
    assert rows["strict"][1:3] == ("UnicodeEncodeError", "UnicodeDecodeError")
    assert rows["xmlcharrefreplace"][1] == "b'12 &#8364;'"
    assert rows["surrogateescape"][2] == repr("a\udcf1o")
    assert "a\udcf1o".encode("utf-8", "surrogateescape") == "año".encode("cp1252")


def test_comparison_with_ftfy():
    c = comparar_con_ftfy()
    assert len(c.filas) == len(CASOS)
    assert (c.bien_codecbox, c.bien_ftfy) == (7, 6)
    assert c.fila("comillas (navegador)").ftfy == '"Hola"'  # ftfy straightens quotes
    partly = c.fila("sano y roto juntos")  # only the broken run repaired; its step says where
    assert partly.bien_ftfy and partly.bien_codecbox
    assert [(s.start, s.end) for s in partly.codecbox.steps] == [(6, 8)]
    assert not c.fila("windows-1250").bien_ftfy and not c.fila("windows-1250").bien_codecbox
    lossy = c.fila("con U+FFFD").codecbox  # the lost byte stays lost, and is counted
    assert lossy.text == "\ufffdngel" and lossy.lost == 1
    for fila in c.filas:  # codecbox never makes a case worse: right, unchanged, or lossy and said
        assert fila.bien_codecbox or not fila.codecbox.changed or fila.codecbox.lost


def test_the_record_fools_charset_normalizer():
    from codecbox import decode_bytes

    d = decode_bytes(FICHA.encode("cp1252"), detector="charset-normalizer")
    assert d.encoding.name == "windows-1250"
    assert "Muńoz" in d.text
    assert decode_bytes(FICHA.encode("cp1252")).text == FICHA  # the default reads it right


def test_explanation_in_spanish():
    text = str(explicar("aÃƒÂ±o"))
    assert text.count("codificar como windows-1252") == 2
    assert "no queda nada que parezca mojibake" in text
    for broken in ("Ã\ufffdngel", "5€ y aÃ±o", "aÃ±o 日本", "â€œHolaâ\x80\x9d", "aÃ±o PERÚ»"):
        said = str(explicar(broken)).splitlines()[-1]
        assert said.startswith("se detuvo: ") and "mojibake" not in said.split(":", 1)[0]
    assert "<table" in explicar("aÃ±o")._repr_html_()


# --- the workshop widget -----------------------------------------------------------------------


def test_workshop_plain_text_and_widget():
    view = taller("año", "utf-8", "cp1252")
    bundle = view._repr_mimebundle_()
    assert WIDGET_MIME in bundle
    assert "aÃ±o" in bundle["text/plain"]
    assert "reparar" not in bundle["text/plain"]
    view.reparar.value = True
    assert "la línea entera  «aÃ±o»  «año»" in str(view)
    assert "✓ es otra vez el texto escrito" in str(view)
    assert "<table" in view.output.value and "trozo a trozo" in view.output.value
    view.input.value = "Muñoz"
    view.escribir.value, view.leer.value = "cp1252", "cp1250"
    assert "Muńoz" in str(view) and "✗ no es el texto escrito" in str(view)
    assert bundle["text/html"] != view.output.value


def test_workshop_edge_cases():
    assert str(vista_taller("€", "latin-1", "utf-8")[0]) == "latin-1 no puede escribir «€» (U+20AC)"
    assert "U+301C" in str(vista_taller("～", "cp932", "shift_jis")[2])
    assert leer_como("Ángel", "utf-8", "cp1252") == "Ã\ufffdngel"
    with pytest.raises(ValueError, match="elige una de"):
        taller("a", "utf-7")
    codecs_offered = [c for _, c in CODIFICACIONES_TALLER]
    for codec in codecs_offered:
        for other in codecs_offered:
            vista_taller("año ～ €", codec, other, reparar=True)  # never raises


def test_charset_normalizer_reads_the_corpus_as_windows_1250():
    from curso.l02 import confusiones_1250

    found = confusiones_1250()
    assert (found.leidos_1250, found.total) == (18, 20)
    assert str(found).startswith("18 de 20 párrafos")
    assert confusiones_1250("codecbox").leidos_1250 == 0


def test_workshop_breaks_only_the_parts_between_brackets():
    assert partes("Precio: 5€ — [año]") == [("Precio: 5€ — ", False), ("año", True)]
    assert partes("a[]b [c") == [("a[]b [c", True)]  # no part between brackets: all of it
    assert linea_leida(TEXTO_TROZOS, "utf-8", "cp1252") == "Precio: 5€ — aÃ±o"
    assert linea_leida("5€ y [año]", "latin-1", "utf-8") == "5€ y a\ufffdo"  # € typed, not sent
    assert linea_leida("[€] y año", "latin-1", "utf-8") is None  # latin-1 cannot write €
    view = taller(TEXTO_TROZOS, "utf-8", "cp1252")
    view.reparar.value = True
    text = str(view)
    assert "la línea que llega: «Precio: 5€ — aÃ±o»" in text
    assert "texto[0:14]   «Precio: 5€ — a»  (sin tocar)" in text
    assert (
        "texto[14:16]  «Ã±»              «ñ»" in text and "✓ es otra vez el texto escrito" in text
    )
    view.input.value = "[Muñoz], [piña], [año] y [más]"  # the bytes of two parts, then a count
    assert str(view).count("escrito como utf-8") == 2 and "(y 2 partes más" in str(view)
    assert "✓ es otra vez el texto escrito" in str(view)


def _damaged_lines() -> list[tuple[str, str]]:
    """Corpus sentences with one clause read wrongly (every reading, one or two layers deep)."""
    readings = list(READINGS.values())
    out = []
    for n, para in enumerate(p for lang in ("es", "en", "ja", "ko") for p in paragraphs(lang)):
        words = para.split(" ")
        cut = len(words) // 2
        head, tail = " ".join(words[:cut]), " ".join(words[cut:])
        broken = tail
        for layer in range(1 + n % 2):
            codec = readings[(n + layer) % len(readings)]
            broken = broken.encode("utf-8").decode(codec, "replace")
        out.append((para, f"{head} {broken}" if head else broken))
    return out


def test_pieces_of_a_repair_add_up_to_the_line_and_to_the_repair():
    lines = _damaged_lines() + [(c.esperado, c.texto) for c in CASOS]
    lines += list(zip(escritas(), llegadas(), strict=True))
    assert len(lines) > 100
    repaired = 0
    for _, line in lines:
        r = fix_mojibake(line)
        pieces = trozos(r)
        assert "".join(t.antes for t in pieces) == r.original, line
        assert "".join(t.despues for t in pieces) == r.text, line
        assert [t.inicio for t in pieces] == [0, *(t.fin for t in pieces[:-1])], line
        assert all(t.antes == t.despues for t in pieces if not t.reparado), line
        alone = [not t.reparado for t in pieces]
        assert not any(a and b for a, b in zip(alone, alone[1:], strict=False)), line
        for t in pieces:  # a piece repaired by whole steps alone: its chain repairs it alone
            if t.reparado and not any(partial for _, partial in t.pasos):
                chain = [Step(s.encoding, nbsp=s.nbsp, decoding=s.decoding) for s, _ in t.pasos]
                if not any(s.nbsp for s in chain):
                    assert apply_steps(t.antes, chain) == t.despues, (line, t)
        repaired += any(t.reparado for t in pieces)
        str(por_trozos(r))
    assert repaired > len(lines) // 2


def test_pieces_of_a_partial_repair():
    (before, repaired, after) = trozos(fix_mojibake("5€ y aÃ±o"))
    assert (before.antes, repaired.antes, repaired.despues, after.antes) == (
        "5€ y a",
        "Ã±",
        "ñ",
        "o",
    )
    assert (repaired.inicio, repaired.fin) == (6, 8) and not before.reparado
    twice = [t for t in trozos(fix_mojibake(llegadas()[4])) if t.reparado]
    assert [(t.antes, t.despues, len(t.pasos)) for t in twice] == [("ÃƒÂ©", "é", 2), ("Ã³", "ó", 1)]
    assert "(2 veces)" in twice[0].como()
    # a later step on part of an earlier repair: one piece, the later step said partial
    joined = [t for t in trozos(fix_mojibake("Ñandú y Ã‘andÃº y Ãƒâ€˜andÃƒÂº")) if t.reparado]
    assert (
        len(joined) == 1
        and joined[0].despues == "Ñandú y Ñandú"
        and "(en una parte)" in joined[0].como()
    )
    assert str(por_trozos("")) == "(línea vacía)" and not trozos(fix_mojibake(""))
    lossy = str(por_trozos("Ã\ufffdngel"))
    assert "1 carácter cuyos bytes ya se habían perdido" in lossy
    assert "parece mojibake, pero ninguna lectura" in str(explicar("xÃÂa"))


# --- the file repaired with codecbox fix ---------------------------------------------------------


def test_the_course_file_is_what_the_code_builds():
    assert ruta_pedidos().read_bytes() == contenido()
    for parts, written, arrived in zip(PEDIDOS, escritas(), llegadas(), strict=True):
        r = fix_mojibake(arrived)
        assert r.text == written, arrived  # every line comes back as it was written
        assert r.changed == any(isinstance(p, Roto) for p in parts), arrived
    assert "SÃO PAULO" in escritas()[-1]  # a trap the repair leaves alone


def test_codecbox_fix_on_the_course_file(tmp_path):
    import shutil
    import subprocess
    import sys

    shutil.copy(ruta_pedidos(), tmp_path)
    order = [sys.executable, "-m", "codecbox", "fix", "--explain", "pedidos.csv"]
    first = subprocess.run(order, capture_output=True, cwd=tmp_path, check=False)
    assert first.returncode == 3
    assert first.stdout.decode("utf-8").splitlines() == escritas()
    explained = first.stderr.decode("utf-8").splitlines()
    assert explained[0] == "pedidos.csv:3: encode as windows-1252, decode as UTF-8"
    assert explained[1].startswith("pedidos.csv:4: 26-42: ")
    assert explained[-1] == "pedidos.csv: 3 lines repaired"
    (tmp_path / "pedidos_bien.csv").write_bytes(first.stdout)
    order = [sys.executable, "-m", "codecbox", "fix", "pedidos_bien.csv"]
    again = subprocess.run(order, capture_output=True, cwd=tmp_path, check=False)
    assert again.returncode == 0 and again.stdout == first.stdout
