"""The static website (``python3 course.py site``): built, served, opened in Chromium.

The site is built into a temporary folder, served by ``python -m http.server`` on
127.0.0.1, and crawled from ``index.html``: every internal link of every page must lead to a
page the server returns and, when it names an anchor, to an element with that id. The
browser may not reach anything but the local server.
"""

from __future__ import annotations

import os
import shutil
import urllib.parse
from pathlib import Path

import apidoc
import pytest
import website

from tools.browser import CHROMIUM_ARGS, markdown_links

BROWSER_ARGS = list(CHROMIUM_ARGS)
TIMEOUT_MS = 120_000
#: The link to the glossary, the same in every lesson (JupyterLab, this site and JupyterLite).
GLOSSARY = "../docs/glosario.md"


def chromium_path() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        if "chromium" in os.environ.get("COURSE_REQUIRE_RUNTIMES", ""):
            pytest.fail("chromium is required (COURSE_REQUIRE_RUNTIMES) but not installed")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return path


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return website.build(tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="module")
def site_url(site_dir: Path):
    with website.serve(site_dir) as url:
        yield url


@pytest.fixture(scope="module")
def site_page(site_url: str):
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = chromium_path()
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, headless=True, args=BROWSER_ARGS)
        try:
            context = browser.new_context()
            context.set_default_timeout(TIMEOUT_MS)
            context.set_default_navigation_timeout(TIMEOUT_MS)

            def local_only(route):  # the site must not need anything outside it
                if route.request.url.startswith(site_url) or route.request.url.startswith("data:"):
                    route.continue_()
                else:
                    route.abort()

            context.route("**/*", local_only)
            yield context.new_page()
        finally:
            browser.close()


def open_page(page, url: str) -> None:
    response = page.goto(url, wait_until="load")
    assert response is not None and response.status == 200, url


def test_build_is_deterministic_and_complete(site_dir: Path, tmp_path: Path) -> None:
    again = website.build(tmp_path / "again")
    files = sorted(p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again).as_posix() for p in again.rglob("*") if p.is_file())
    for name in files:
        assert (site_dir / name).read_bytes() == (again / name).read_bytes(), name
    lessons = sorted(p.stem for p in (website.ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
    assert len(lessons) == 6
    expected = {"index.html"} | {f"{k}/{s}.html" for k in website.KINDS for s in lessons}
    docs = {f"docs/{p.stem}.html" for p in website.doc_pages()}
    assert "docs/guia_docente.html" in docs
    api = {f"{website.API}/{name}" for name in ("index.html", apidoc.START, "search.js")} | {
        f"{website.API}/codecbox/{name.split('.', 1)[1]}.html" for name in apidoc.modules()[1:]
    }
    assert set(files) == expected | docs | api
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no leftovers


def test_index_lists_the_six_lessons_in_spanish(site_page, site_url: str) -> None:
    open_page(site_page, site_url + "index.html")
    assert site_page.locator("html").get_attribute("lang") == "es"
    rows = site_page.locator("table tbody tr")
    assert rows.count() == 6
    titles = [rows.nth(i).locator("td").nth(1).inner_text() for i in range(6)]
    assert all(title.startswith(f"Clase {n}") for n, title in enumerate(titles, 1)), titles
    assert site_page.locator("ul.curso-contents > li").count() == 6


def test_every_internal_link_works(site_page, site_url: str, site_dir: Path) -> None:
    """Crawl from the index; every link to the site must resolve, anchors included."""
    ids: dict[str, set[str]] = {}
    links: dict[str, set[str]] = {}
    queue = [site_url + "index.html"]
    while queue:
        url = queue.pop()
        if url in ids:
            continue
        open_page(site_page, url)
        ids[url] = set(site_page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
        hrefs = site_page.eval_on_selector_all("a[href]", "els => els.map(a => a.href)")
        for href in hrefs:
            if not href.startswith(site_url):
                continue
            target = href.split("#", 1)[0]
            links.setdefault(target, set()).add(href)
            if target.endswith(".html") and target not in ids:
                queue.append(target)
    checked = 0
    for target, hrefs in links.items():
        assert target in ids, f"not a page of the site: {target}"
        for href in hrefs:
            checked += 1
            if "#" in href:
                fragment = href.split("#", 1)[1]
                found = fragment in ids[target] or urllib.parse.unquote(fragment) in ids[target]
                assert found, f"no anchor {fragment!r} in {target}"
    # the index, six lessons, six solutions, the Markdown pages (the teacher's guide...) and
    # the API reference's pages (its index.html only redirects to codecbox.html: not linked)
    api = sorted(
        site_url + page.relative_to(site_dir).as_posix()
        for page in (site_dir / website.API).rglob("*.html")
        if page.name != "index.html"
    )
    assert len(api) == len(apidoc.modules())
    assert len(ids) == 13 + len(website.doc_pages()) + len(api)
    assert set(api) <= set(ids)
    assert checked > 200
    print(f"site: {len(ids)} pages, {checked} distinct internal links checked")


def test_the_teachers_guide_is_listed_and_links_every_lesson(site_page, site_url: str) -> None:
    open_page(site_page, site_url + "index.html")
    site_page.locator("ul.curso-docs").get_by_role("link", name="Guía docente").click()
    site_page.wait_for_url("**/docs/guia_docente.html")
    assert site_page.locator("html").get_attribute("lang") == "es"
    hrefs = site_page.eval_on_selector_all("main a[href]", "els => els.map(a => a.href)")
    lessons = sorted(p.stem for p in (website.ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
    for stem in lessons:
        assert any(h.split("#")[0].endswith(f"/lessons/{stem}.html") for h in hrefs), stem
    assert site_page.locator("nav.curso-toc li").count() >= 6


def test_lesson_page_has_outputs_widget_text_and_navigation(site_page, site_url: str) -> None:
    open_page(site_page, site_url + "lessons/01_caracteres_y_bytes.html")
    assert site_page.title().startswith("Clase 1:")
    nav = site_page.locator("nav.curso-nav")
    assert nav.get_by_role("link", name="Soluciones de esta clase").count() == 1
    assert nav.get_by_role("link", name="Clase siguiente →").count() == 1
    assert site_page.locator("nav.curso-toc li").count() >= 5
    # the explorer widget: its plain-text view, not an empty widget placeholder
    widget = site_page.locator(".jp-CodeCell", has_text='explorer("Muñoz")').locator(
        '[data-mime-type="text/plain"]'
    )
    assert "LATIN SMALL LETTER N WITH TILDE" in widget.inner_text()
    assert site_page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count() == 0
    # outputs of ordinary cells (an HTML table) are there
    assert site_page.locator(".jp-OutputArea-output table").count() >= 5


def test_plot_is_an_image_that_loads(site_page, site_url: str) -> None:
    open_page(site_page, site_url + "lessons/06_deteccion.html")
    images = site_page.locator(".jp-OutputArea-output img")
    assert images.count() >= 1
    site_page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
        ".every(i => i.complete && i.naturalWidth > 100)"
    )


def links_in(path: Path) -> list[str]:
    """The link targets of a notebook's Markdown cells or a Markdown page, as rendered."""
    import nbformat

    if path.suffix == ".md":
        texts = [path.read_text(encoding="utf-8")]
    else:
        cells = nbformat.read(path, as_version=4).cells
        texts = [c.source for c in cells if c.cell_type == "markdown"]
    return [href for text in texts for href in markdown_links(text)]


def test_relative_links_lead_to_files_of_the_course() -> None:
    """In JupyterLab a relative link opens the file it names from the notebook's folder: every
    one of lessons/, solutions/ and docs/ (``../docs/glosario.md``, ``05_longitud.ipynb``)
    names a file of the checkout, inside it."""
    root = website.ROOT.resolve()
    paths = [p for kind in website.KINDS for p in website.notebooks(kind)] + website.doc_pages()
    checked, broken = 0, []
    for path in paths:
        for href in links_in(path):
            parts = urllib.parse.urlsplit(href)
            if parts.scheme or parts.netloc or not parts.path:
                continue
            target = (path.parent / urllib.parse.unquote(parts.path)).resolve()
            checked += 1
            if not (target.is_file() and target.is_relative_to(root)):
                broken.append(f"{path.relative_to(root)}: {href}")
    assert not broken, f"links to files the course lacks: {broken}"
    assert checked > 100


def test_the_glossary_link_becomes_the_glossarys_page(site_dir: Path) -> None:
    """Each notebook that links the glossary as every lesson does (:data:`GLOSSARY`) links its
    page, ``docs/glosario.html``, on the site (the crawl above checks that page exists);
    all six lessons and their solutions do."""
    linking = []
    for kind in website.KINDS:
        for path in website.notebooks(kind):
            if GLOSSARY not in links_in(path):
                continue
            page = (site_dir / kind / f"{path.stem}.html").read_text(encoding="utf-8")
            assert 'href="../docs/glosario.html"' in page, path.name
            assert "glosario.md" not in page, path.name
            linking.append(f"{kind}/{path.stem[:2]}")
    assert set(linking) == {f"{kind}/0{n}" for kind in website.KINDS for n in range(1, 7)}
    print(f"site: the glossary's page linked from {len(linking)} notebooks")
