"""Every figure the lessons' prose states is computed and checked (rules in tools/claims.py).

The claims themselves are evaluated during nbval's run of each notebook, in its own
kernel (tools/nbchecks.py); the tests here check, without running anything, that the
claims could fail at all and that every bold figure and citation is backed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import pytest
from claims import cited_keys, claims, lesson_of, literal_conjuncts, unbacked_figures
from notebook_utils import ALL, SOLUTIONS, ids, read

from curso.published import cite

ROOT = Path(__file__).resolve().parents[2]


def markdown(path):
    return [(i, c.source) for i, c in enumerate(read(path).cells) if c.cell_type == "markdown"]


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_lessons_make_claims(path):
    assert sum(len(claims(source)) for _, source in markdown(path)) >= 5


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_claim_compares_only_literals(path):
    """``143 > 107`` or ``len(b"a") == 1`` is true whatever the lesson computes."""
    weak = [
        f"cell {i}: {conjunct}"
        for i, source in markdown(path)
        for expr in claims(source)
        for conjunct in literal_conjuncts(expr)
    ]
    assert not weak, f"{path.name}: claims that compare only literals:\n" + "\n".join(weak)


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_citations_name_published_figures(path):
    """Every <!-- cita: KEY --> names an entry of data/published/lNN.toml."""
    missing = []
    for i, source in markdown(path):
        for key in cited_keys(source):
            try:
                cite(lesson_of(path.name), key)
            except (KeyError, FileNotFoundError) as exc:
                missing.append(f"cell {i}: {exc}")
    assert not missing, f"{path.name}: citations of unpublished figures:\n" + "\n".join(missing)


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_bold_figures_are_backed(path):
    problems = [
        f"cell {i}: {figure}"
        for i, source in markdown(path)
        for figure in unbacked_figures(source, lesson_of(path.name))
    ]
    assert not problems, f"{path.name}: bold figures no claim computes:\n" + "\n".join(problems)


def test_the_rules_catch_weak_backing():
    """A literal-only assert and a figure backed only by a substring or a wrong citation fail."""
    assert literal_conjuncts("143 > 107 and 103 < 135") == ["143 > 107", "103 < 135"]
    assert literal_conjuncts('len(b"a") == 1 and 64 * 1024 == 65536') == [
        "len(b'a') == 1",
        "64 * 1024 == 65536",
    ]
    assert literal_conjuncts('len("ñ".encode()) == 2 and aciertos(ES, 4) == 143') == []
    # backed as a number, not as a substring
    assert unbacked_figures(
        "**150** de **200** <!-- assert: n == 1500 and m == 200 -->", "l06"
    ) == ["**150** (150)"]
    assert unbacked_figures("**8 bytes** <!-- assert: enc == 'utf-8' -->", "l06") == [
        "**8 bytes** (8)"
    ]
    # a literal-only conjunct backs nothing, even beside a computing one
    assert unbacked_figures("**107** <!-- assert: 143 > 107 and n == 143 -->", "l06") == [
        "**107** (107)"
    ]
    assert unbacked_figures("**1,114,112** <!-- assert: n + 1 == 1114112 -->", "l06") == []
    assert unbacked_figures("**U+00F1** <!-- assert: codepoint(c) == 'U+00F1' -->", "l06") == []
    # a code point is a figure even with no decimal digit in it
    assert unbacked_figures("**U+FFFD** <!-- assert: n == 3 -->", "l06") == ["**U+FFFD** (U+FFFD)"]
    # bytes in hexadecimal are figures too, letters only or not, backed whole and in order
    bom = "**`EF BB BF`** <!-- assert: hexa(BOM) == 'EF BB BF' -->"
    assert unbacked_figures(bom, "l06") == []
    assert unbacked_figures("**`EF BB BF`** <!-- assert: n == 3 -->", "l06") == [
        "**`EF BB BF`** (EF BB BF)"
    ]
    assert unbacked_figures("**`BF BB EF`** <!-- assert: hexa(b) == 'EF BB BF' -->", "l06") == [
        "**`BF BB EF`** (BF BB EF)"
    ]
    # a citation backs the figure it holds, and only that one
    assert unbacked_figures("**894 ms** <!-- cita: prefix.whole_ms -->", "l06") == []
    assert unbacked_figures("**895 ms** <!-- cita: prefix.whole_ms -->", "l06") == [
        "**895 ms** (895)"
    ]
    with pytest.raises(KeyError, match="whole_s"):
        unbacked_figures("**894 ms** <!-- cita: prefix.whole_s -->", "l06")
    assert unbacked_figures("En **UTF-8** ...", "l06") == []


DEMO = [
    nbformat.v4.new_code_cell('palabra = "año"'),
    nbformat.v4.new_markdown_cell(
        "Ocupa **4 bytes**.\n<!-- assert: len(palabra.encode()) == 4 -->\n"
        "<!-- assert: len(palabra.encode()) == 5 -->"
    ),
    nbformat.v4.new_code_cell("try:\n    n += 1\nexcept NameError:\n    n = 1\nprint(n)"),
]


def test_nbval_runs_the_claims_and_a_second_run(tmp_path):
    """The plugin fails a false claim in its cell, and a cell whose output changes on a rerun."""
    nb = nbformat.v4.new_notebook(cells=DEMO)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    from build_notebooks import execute

    execute(nb, tmp_path)
    nbformat.write(nb, tmp_path / "demo.ipynb")
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "tools"), str(ROOT)])}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "nbchecks", "-p", "no:cacheprovider"]
        + ["--nbval", "--nbval-current-env", "-rf", "demo.ipynb"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    report = run.stdout
    assert run.returncode == 1, report
    assert "markdown cell 1: len(palabra.encode()) == 5  ->  False" in report
    assert "len(palabra.encode()) == 4  ->" not in report
    assert "run a second time" in report
    summary = textwrap.dedent(report.splitlines()[-1])
    assert "2 failed, 1 passed" in summary, report
