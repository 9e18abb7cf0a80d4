"""Every figure the lessons' prose states is computed and checked.

nbval never reads Markdown, so a number typed into prose could silently go
stale. Authors put a hidden claim under the sentence::

    El carácter ñ ocupa **2 bytes** en UTF-8.
    <!-- assert: len("ñ".encode("utf-8")) == 2 -->

The expression is evaluated in the notebook's own kernel at that point (after
every code cell above it ran). A bold figure must be backed by an assert, or by
a ``<!-- cita: KEY, ... -->`` comment in the same cell: a figure quoted from the
published lesson, where each KEY names an entry of ``data/published/lNN.toml``
(lesson NN is the notebook's number) and the entry's value backs the figure.
"""

from __future__ import annotations

import codecs
import copy
import json
import re

import nbformat
import pytest
from build_notebooks import execute
from notebook_utils import ALL, SOLUTIONS, ids, read

from curso.published import cite

CLAIM = re.compile(r"<!--\s*assert:\s*(.*?)\s*-->", re.S)
CITATION = re.compile(r"<!--\s*cita:\s*(.*?)\s*-->", re.S)
COMMENT = re.compile(r"<!--.*?-->", re.S)
BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
MARK = "__codecbox_claims__"


def claims(cell) -> list[str]:
    return CLAIM.findall(cell.source) if cell.cell_type == "markdown" else []


def checker_source(exprs: list[str]) -> str:
    """A code cell that evaluates the claims without leaving names behind."""
    return (
        f"def {MARK}(exprs, ns):\n"
        "    out = []\n"
        "    for e in exprs:\n"
        "        try:\n"
        "            out.append(bool(eval(e, ns)))\n"
        "        except Exception as exc:\n"
        "            out.append(f'{type(exc).__name__}: {exc}')\n"
        "    return out\n"
        f"print({MARK!r}, __import__('json').dumps({MARK}({exprs!r}, globals())))\n"
        f"del {MARK}"
    )


def run_claims(path) -> list[tuple[int, str, object]]:
    nb = read(path)
    checked = copy.deepcopy(nb)
    checked.cells = []
    where = []
    for i, cell in enumerate(nb.cells):
        checked.cells.append(cell)
        exprs = claims(cell)
        if exprs:
            checker = nbformat.v4.new_code_cell(checker_source(exprs))
            checked.cells.append(checker)
            where.append((i, exprs, checker))
    execute(checked, path.parent)
    results = []
    for i, exprs, checker in where:
        # One print may reach us as several stream outputs (ipykernel flushes when it likes).
        text = "".join(
            o.text for o in checker.outputs if o.output_type == "stream" and o.name == "stdout"
        )
        assert text.startswith(MARK), f"cell {i}: the claim checker printed {text!r}"
        for expr, ok in zip(exprs, json.loads(text[len(MARK) :]), strict=True):
            results.append((i, expr, ok))
    return results


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_claims_hold(path):
    results = run_claims(path)
    failed = [f"cell {i}: {expr}  ->  {ok}" for i, expr, ok in results if ok is not True]
    assert not failed, f"{path.name}: claims that do not hold:\n" + "\n".join(failed)


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_lessons_make_claims(path):
    assert sum(len(claims(c)) for c in read(path).cells) >= 5


def is_encoding_name(token: str) -> bool:
    """`UTF-8`, `cp1252`, `latin-1` contain digits but are names, not figures."""
    if token.isdigit():
        return False
    try:
        codecs.lookup(token)
    except LookupError:
        return False
    return True


def lesson_of(path) -> str:
    """``solutions/06_deteccion.ipynb`` -> ``"l06"``: the published figures it may cite."""
    return "l" + path.name.split("_", 1)[0]


def cited_keys(source: str) -> list[str]:
    return [k.strip() for c in CITATION.findall(source) for k in c.split(",") if k.strip()]


def _flatten(value) -> list[str]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _flatten(v)]
    if isinstance(value, list):
        return [x for v in value for x in _flatten(v)]
    return [str(value)]


def cited_values(source: str, lesson: str) -> list[str]:
    """The values of the published figures the cell cites (KeyError for a missing key)."""
    return [x for key in cited_keys(source) for x in _flatten(cite(lesson, key))]


def unbacked_figures(source: str, lesson: str = "l06") -> list[str]:
    """Bold spans with a figure that no assert or cited figure in the cell mentions."""
    backing = " ".join(CLAIM.findall(source) + cited_values(source, lesson)).lower()
    backing = backing.replace("_", "")
    prose = COMMENT.sub("", source)
    missing = []
    for span in BOLD.findall(prose):
        for token in span.split():
            token = token.strip(".,;:()¿?¡!«»\"'`")
            if not any(ch.isdigit() for ch in token) or is_encoding_name(token):
                continue
            bare = re.sub(r"(?<=\d)[,.](?=\d{3}\b)", "", token).lower()
            if bare not in backing:
                missing.append(f"**{span}** ({token})")
    return missing


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_citations_name_published_figures(path):
    """Every <!-- cita: KEY --> names an entry of data/published/lNN.toml."""
    missing = []
    for i, cell in enumerate(read(path).cells):
        if cell.cell_type != "markdown":
            continue
        for key in cited_keys(cell.source):
            try:
                cite(lesson_of(path), key)
            except (KeyError, FileNotFoundError) as exc:
                missing.append(f"cell {i}: {exc}")
    assert not missing, f"{path.name}: citations of figures that are not published:\n" + "\n".join(
        missing
    )


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_bold_figures_are_backed(path):
    problems = []
    for i, cell in enumerate(read(path).cells):
        if cell.cell_type == "markdown":
            problems += [f"cell {i}: {m}" for m in unbacked_figures(cell.source, lesson_of(path))]
    assert not problems, f"{path.name}: bold figures without a claim or citation:\n" + "\n".join(
        problems
    )


def test_the_checker_catches_a_false_claim(tmp_path):
    """The claims machinery itself: a wrong figure must fail, an unbacked one must be found."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [
        nbformat.v4.new_code_cell('palabra = "año"'),
        nbformat.v4.new_markdown_cell(
            "Ocupa **4 bytes**.\n<!-- assert: len(palabra.encode()) == 4 -->\n"
            "<!-- assert: len(palabra.encode()) == 5 -->"
        ),
    ]
    path = tmp_path / "demo.ipynb"
    nbformat.write(nb, path)
    results = run_claims(path)
    assert [ok for _, _, ok in results] == [True, False]
    assert unbacked_figures("Son **3 letras** y **4 bytes**.\n<!-- assert: n == 4 -->") == [
        "**3 letras** (3)"
    ]
    assert unbacked_figures("Citado: **894 ms**. <!-- cita: prefix.whole_ms -->") == []
    assert unbacked_figures("Citado: **895 ms**. <!-- cita: prefix.whole_ms -->") == [
        "**895 ms** (895)"
    ]
    with pytest.raises(KeyError, match="prefix.whole_s"):
        unbacked_figures("Citado: **894 ms**. <!-- cita: prefix.whole_s -->")
    assert unbacked_figures("En **UTF-8** ...") == []
