"""The JupyterLite build (``python3 course.py lite``): its lessons run to the end in Chromium.

The site is built into a temporary folder (the downloads it needs, the ``pyodide`` npm
package and a few pure-Python wheels from PyPI, are cached in the course's cache), served by
``python -m http.server`` on 127.0.0.1, and each lesson of ``lite.LESSONS`` is run with *Run
All Cells* in JupyterLab inside the browser, with the Pyodide kernel, in a page of its own.
The browser may reach nothing but the local server. Every cell of the lesson must be in the
copy with the same id and source (or the source :func:`lite.lite_source` gives, for the few
cells the copy changes), every cell's text output must be the one stored in ``lessons/``
(except the cells marked ``# NBVAL_IGNORE_OUTPUT``), no cell may fail, the cells only in the
copy (ids ``lite-…``) must run too, and the lesson's widget must render. The cells that
cannot work in a browser (:data:`UNAVAILABLE`) must say so.

The glossary link every lesson has (``../docs/glosario.md``) opens the glossary when clicked.
Without a browser: every relative link of the site's notebooks and Markdown pages (the lessons,
their solutions, the glossary) leads to a file the site has, every folder their text names
(`lessons/`, `solutions/`, `docs/`, `data/`) is in the site, and lesson 5's code skips its
programs and its MariaDB server under Pyodide without starting a thread or a process.

Skipped, not failed, when a registry cannot be reached and nothing is cached, or when
chromium or JupyterLite is missing, unless ``COURSE_REQUIRE_RUNTIMES`` names ``lite``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import time
import urllib.parse
from pathlib import Path

import lite
import pytest
import website

from tools.browser import CHROMIUM_ARGS, markdown_links

BROWSER_ARGS = list(CHROMIUM_ARGS)
UI_MS, KERNEL_MS, RUN_MS = 180_000, 300_000, 420_000
#: What a cell's output says when its part of the lesson cannot run in a browser.
IN_BROWSER = "no disponible en el navegador"


def _runtimes() -> int:
    from curso.l05.runtimes import RUNTIMES

    return len(RUNTIMES)


#: (lesson, a text of the cell) -> how many times its output in the browser says
#: :data:`IN_BROWSER`: lesson 5's comparison with the other languages (one line per language)
#: and its MariaDB server.
UNAVAILABLE: dict[tuple[str, str], int] = {
    ("05", "resultados = runtimes.run(TEXTS)"): _runtimes(),
    ("05", "motivo = mariadb.available()"): 1,
    ("05", "sin_servidor = mariadb.available()"): 1,
    ("04", "motivo = sin_pandas()"): 1,
}


def unavailable(reason: str):
    if "lite" in os.environ.get("COURSE_REQUIRE_RUNTIMES", ""):
        pytest.fail(f"{reason} (required by COURSE_REQUIRE_RUNTIMES)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    try:
        import jupyterlite_core  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
    except ImportError as exc:
        unavailable(f"JupyterLite is not installed ({exc}): pip install 'codecbox-curso[lite]'")
    started = time.monotonic()
    try:
        site = lite.build(tmp_path_factory.mktemp("lite") / "lite")
    except lite.Unavailable as exc:
        unavailable(f"the JupyterLite build needs a registry: {exc}")
    print(f"lite: built in {time.monotonic() - started:.1f} s")
    return site


@pytest.fixture(scope="module")
def lite_url(lite_site: Path):
    with website.serve(lite_site) as url:
        yield url


@pytest.fixture(scope="module")
def lite_browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        unavailable("chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, headless=True, args=BROWSER_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def text_of(outputs: list[dict]) -> str:
    """The text a reader sees: streams, the text/plain of results, errors by name."""
    parts = []
    for output in outputs:
        kind = output["output_type"]
        if kind == "stream":
            text = output["text"]
        elif kind in ("execute_result", "display_data"):
            text = output["data"].get("text/plain", "")
        else:
            text = f"{output.get('ename')}: {output.get('evalue')}"
        parts.append("".join(text) if isinstance(text, list) else text)
    return "".join(parts)


@pytest.mark.parametrize("number", lite.LESSONS)
def test_lesson_runs_to_the_end(lite_browser, lite_url: str, number: str) -> None:
    import nbformat

    (source,) = (website.ROOT / "lessons").glob(f"{number}_*.ipynb")
    context = lite_browser.new_context()
    outside: list[str] = []

    def local_only(route):
        if route.request.url.startswith(lite_url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    try:
        context.route("**/*", local_only)
        page = context.new_page()
        started = time.monotonic()
        page.goto(f"{lite_url}lab/index.html?path=lessons/{source.name}", timeout=UI_MS)
        page.wait_for_function(
            "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
            " return !!(w && w.context && w.context.isReady && w.sessionContext); }",
            timeout=UI_MS,
            polling=250,
        )
        page.wait_for_function(
            "() => { const k = window.jupyterapp.shell.currentWidget.sessionContext.session"
            "?.kernel; return !!k && k.status === 'idle'; }",
            timeout=KERNEL_MS,
            polling=250,
        )
        kernel_ready = time.monotonic() - started
        # firing the command without awaiting it (awaiting it inside evaluate can hang)
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        # done when every cell ran, or when one failed (Run All stops there)
        page.wait_for_function(
            "() => { const w = window.jupyterapp.shell.currentWidget;"
            " const cells = w.context.model.toJSON().cells.filter(c => c.cell_type === 'code');"
            " return w.sessionContext.session?.kernel?.status === 'idle'"
            " && (cells.every(c => c.execution_count !== null)"
            " || cells.some(c => c.outputs.some(o => o.output_type === 'error'))); }",
            timeout=RUN_MS,
            polling=500,
        )
        ran = time.monotonic() - started
        notebook = page.evaluate(
            "() => window.jupyterapp.shell.currentWidget.context.model.toJSON()"
        )
        # a text box (lessons 1 to 4) or a drop-down list (lesson 6's explorer)
        page.locator(
            ".jp-OutputArea-output .widget-text input, .jupyter-widgets input,"
            " .jupyter-widgets select"
        ).first.wait_for(state="visible", timeout=60_000)
    finally:
        context.close()

    cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    stored = nbformat.read(source, as_version=4)
    expected = [c for c in stored.cells if c.cell_type == "code"]
    assert cells[0]["source"].startswith("%pip install") and cells[0]["id"] == "lite-install"
    errors = [c["source"] for c in cells for o in c["outputs"] if o["output_type"] == "error"]
    assert not errors, f"cells failed in the browser: {errors}"
    lesson_cells = [c for c in cells if not c["id"].startswith("lite-")]
    assert [c["id"] for c in lesson_cells] == [c.id for c in expected]
    # a cell that reveals a prediction's answer is stored without output in lessons/: its
    # output is the one the solution notebook stores
    solution = nbformat.read(website.ROOT / "solutions" / source.name, as_version=4)
    revealed = {c.id: c.outputs for c in solution.cells if c.cell_type == "code"}
    compared = 0
    for got, want in zip(lesson_cells, expected, strict=True):
        assert got["source"] == lite.lite_source(number, want.source)
        if want.source.startswith("# NBVAL_IGNORE_OUTPUT"):
            continue
        outputs = want.outputs
        if "nbval-ignore-output" in want.metadata.get("tags", []):
            outputs = revealed[want.id]
        assert text_of(got["outputs"]) == text_of(outputs), want.source
        compared += 1
    assert compared >= 20
    for (lesson, text), times in UNAVAILABLE.items():
        if lesson == number:
            (said,) = [text_of(c["outputs"]) for c in lesson_cells if text in c["source"]]
            assert said.count(IN_BROWSER) == times, said
    assert not outside, f"the site asked for something outside it: {outside[:5]}"
    print(f"lite: lesson {number}: kernel ready after {kernel_ready:.1f} s, ran in {ran:.1f} s")


#: A folder named in the text (`` `solutions/` ``, `` `data/l03/productos.csv` ``): one of the
#: course's folders the site has, then the rest of the path.
FOLDER_NAMED = re.compile(r"`((?:" + "|".join(lite.FOLDERS) + r")/[^`\s]*)`")
#: The link to the glossary, the same in every lesson (JupyterLab, the web site and here).
GLOSSARY = "../docs/glosario.md"


def site_documents(files: Path) -> list[tuple[Path, list[str]]]:
    """Each notebook and Markdown page of the site's files, with its Markdown texts (not the
    sources copied for reading, lite.SOURCES: their READMEs speak of the repository)."""
    import nbformat

    documents = []
    for path in sorted(files.rglob("*")):
        if path.relative_to(files).parts[0] in lite.SOURCES:
            continue
        if path.suffix == ".ipynb":
            cells = nbformat.read(path, as_version=4).cells
            documents.append((path, [c.source for c in cells if c.cell_type == "markdown"]))
        elif path.suffix == ".md":
            documents.append((path, [path.read_text(encoding="utf-8")]))
    return documents


def test_links_lead_to_files_of_the_site(lite_site: Path) -> None:
    """Every relative link of the site's notebooks and pages leads to a file the site serves
    (its ``files/``, listed in ``api/contents/all.json``), resolved from the linking file's
    folder as JupyterLab resolves it; the site has the copies of all of lite.LESSONS in
    ``lessons/`` and ``solutions/``, and the glossary."""
    files = lite_site / "files"
    listing = json.loads((lite_site / "api" / "contents" / "all.json").read_text("utf-8"))
    listed = {entry["path"] for entry in listing["content"]}
    assert set(lite.FOLDERS) <= listed
    for kind in ("lessons", "solutions"):
        copies = sorted((files / kind).glob("*.ipynb"))
        assert [p.name[:2] for p in copies] == list(lite.LESSONS)
    assert (files / "docs" / "glosario.md").is_file()
    checked, broken, glossary = 0, [], set()
    for document, texts in site_documents(files):
        for text in texts:
            for href in markdown_links(text):
                parts = urllib.parse.urlsplit(href)
                if parts.scheme or parts.netloc or not parts.path:
                    continue  # outside the site, or an anchor in the same notebook
                target = (document.parent / urllib.parse.unquote(parts.path)).resolve()
                checked += 1
                if not (target.is_file() and target.is_relative_to(files.resolve())):
                    broken.append(f"{document.relative_to(files)}: {href}")
                if href == GLOSSARY:
                    glossary.add(document.relative_to(files).as_posix())
    assert not broken, f"links to what the site lacks: {broken}"
    assert checked >= 100
    # every lesson and its solutions link to the glossary
    for number in ("01", "02", "03", "04", "05", "06"):
        for kind in ("lessons", "solutions"):
            assert any(g.startswith(f"{kind}/{number}_") for g in glossary), (kind, number)
    print(f"lite: {checked} links checked, the glossary linked from {len(glossary)} notebooks")


def test_folders_named_in_the_text_are_in_the_site(lite_site: Path) -> None:
    """A course folder the text names (`` `solutions/` ``, `` `data/l04/` ``) is in the site,
    and so is a file it names (`` `data/l03/productos.csv` ``), unless the name is a pattern
    (``<idioma>``) or a folder of the data that stays out (the cache)."""
    files = lite_site / "files"
    named, missing = 0, []
    for document, texts in site_documents(files):
        for text in texts:
            for path in FOLDER_NAMED.findall(text):
                named += 1
                top = path.split("/", 1)[0]
                exists = (files / top).is_dir()
                is_file = "." in path.rsplit("/", 1)[-1] and not re.search(r"[<*…]", path)
                if is_file:
                    exists = (files / path).is_file()
                if not exists:
                    missing.append(f"{document.relative_to(files)}: {path}")
    assert not missing, f"the text names what the site lacks: {missing}"
    assert named >= 10
    print(f"lite: {named} folders and files named in the text, all in the site")


def test_the_glossary_link_opens_the_glossary(lite_browser, lite_url: str) -> None:
    """Clicking lesson 1's glossary link (``../docs/glosario.md`` from ``lessons/``) opens
    ``docs/glosario.md`` in JupyterLite, with no kernel needed."""
    context = lite_browser.new_context()
    try:
        context.route(
            "**/*",
            lambda route: (
                route.continue_() if route.request.url.startswith(lite_url) else route.abort()
            ),
        )
        page = context.new_page()
        page.goto(f"{lite_url}lab/index.html?path=lessons/01_caracteres_y_bytes.ipynb")
        # JupyterLab rewrites a relative link's href to the file's download address
        link = page.locator('.jp-RenderedMarkdown a[href*="docs/glosario.md"]').first
        link.wait_for(state="visible", timeout=UI_MS)
        link.click()
        page.wait_for_function(
            "() => { const w = window.jupyterapp.shell.currentWidget;"
            " return !!(w && w.context && w.context.path === 'docs/glosario.md'); }",
            timeout=UI_MS,
            polling=250,
        )
    finally:
        context.close()


def test_lesson_5_skips_programs_and_mariadb_in_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under Pyodide (``sys.platform == "emscripten"``) lesson 5's comparison returns every
    language skipped and its MariaDB part says why, without a thread or a process."""
    import subprocess
    import threading

    from curso.l05 import mariadb, runtimes
    from curso.l05.lesson import TEXTS, resumen_ejecucion

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("started in a browser")

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(subprocess, "Popen", refused)
    monkeypatch.setattr(threading.Thread, "start", refused)
    results = runtimes.run(TEXTS)
    assert [r.runtime for r in results] == list(runtimes.RUNTIMES)
    assert all(r.values is None and r.skipped == runtimes.IN_BROWSER for r in results)
    assert resumen_ejecucion(results, TEXTS).count(IN_BROWSER) == len(runtimes.RUNTIMES)
    assert runtimes.run(TEXTS, only=["node"])[0].skipped == runtimes.IN_BROWSER
    with pytest.raises(KeyError, match="cobol"):
        runtimes.run(TEXTS, only=["cobol"])
    assert mariadb.available() == mariadb.IN_BROWSER
    assert mariadb.IN_BROWSER.startswith(IN_BROWSER)
    with pytest.raises(RuntimeError, match=IN_BROWSER), mariadb.server():
        pass
