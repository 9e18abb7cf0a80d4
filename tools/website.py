"""The course as a static website: ``build/site/`` from the executed notebooks.

    python3 course.py site [--out DIR]

Built with nbconvert's HTML exporter and its ``lab`` template (the notebooks look as they
do in JupyterLab), extended by a small template that drops the CDN scripts the pages do
not need (MathJax, RequireJS: there is no math and no live widget), so the site works
offline. Pages:

* ``index.html``: the six lessons (title, links to the lesson and its solutions) and the
  course's table of contents (every lesson's sections);
* ``lessons/NN_….html`` and ``solutions/NN_….html``: each notebook with its stored
  outputs, a navigation bar (index, previous, next, the other version of the lesson) and a
  table of contents of the page built from its headings;
* ``docs/NAME.html``: each Markdown page ``docs/NAME.md`` (the teacher's guide, the
  glossary), rendered as a one-cell notebook so it looks like the lessons, listed on the
  index;
* ``api/codecbox.html`` and ``api/codecbox/MODULE.html``: the library's API reference, made
  from its docstrings by pdoc (``tools/apidoc.py``), linked from the index.

Links between notebooks (``03_normalizacion.ipynb#…``, and from a Markdown page
``../lessons/03_normalizacion.ipynb#…``) become links between pages, and so do the links to a
Markdown page (``../docs/glosario.md`` in every lesson: ``../docs/glosario.html``). The
plots are embedded SVG images (an ``<img>`` with a data URI and its ``alt``). The widgets'
stored outputs carry no widget state, so each shows its plain-text view (``text/plain``),
the one a reader without a kernel can use.

The build is atomic (written to a temporary folder beside the target, then renamed over
it) and deterministic (the same notebooks give the same bytes).
"""

from __future__ import annotations

import argparse
import contextlib
import html
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import apidoc
from folders import replace_folder

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "build" / "site"
KINDS = ("lessons", "solutions")
DOCS = "docs"
#: The folder of the API reference (``tools/apidoc.py``) inside the site.
API = "api"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

#: The lab template without the scripts fetched from a CDN (no math, no live widgets).
TEMPLATE = """\
{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
"""

STYLE = """\
<style>
.curso-nav{font-family:system-ui,sans-serif;max-width:60em;margin:1em auto;padding:0 1em}
.curso-nav a{margin-right:1.2em}
.curso-toc{font-family:system-ui,sans-serif;max-width:60em;margin:0 auto 1em auto;
 padding:0.5em 1em;border:1px solid #ddd;border-radius:4px}
.curso-toc ul{margin:0.2em 0}
.curso-toc li.h3{margin-left:1.5em}
</style>
"""

HEADING = re.compile(r'<h([1-3]) id="([^"]+)">(.*?)<a class="anchor-link"', re.S)
#: A link inside a heading (a Markdown page's «… (clase 1)»): not repeated inside the toc's link.
LINK_TAG = re.compile(r"</?a\b[^>]*>")
NB_LINK = re.compile(r'href="((?:\.\./(?:lessons|solutions)/)?\d\d_[A-Za-z0-9_]+)\.ipynb(#[^"]*)?"')
#: A link to a Markdown page of docs/: ``../docs/glosario.md`` from a notebook (the form every
#: lesson uses, which JupyterLab opens from lessons/ and solutions/ alike), ``glosario.md``
#: from another page of docs/. It becomes the page's HTML.
DOC_LINK = re.compile(r'href="((?:\.\./docs/)?[A-Za-z0-9_]+)\.md(#[^"]*)?"')


@dataclass(frozen=True)
class Page:
    """One notebook of the site: ``kind`` is lessons or solutions."""

    kind: str
    stem: str
    title: str
    headings: tuple[tuple[int, str, str], ...]  # (level, id, html text)

    @property
    def href(self) -> str:
        return f"{self.kind}/{self.stem}.html"


def notebooks(kind: str) -> list[Path]:
    return sorted((ROOT / kind).glob("[0-9][0-9]_*.ipynb"))


def prepare(nb):  # noqa: ANN001, ANN201 (an nbformat node)
    """Widget outputs keep only their plain-text view (no widget state is stored)."""
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data")
            if data and WIDGET_MIME in data:
                text = data.get("text/plain", "")
                data.clear()
                data["text/plain"] = text
    return nb


def exporter():  # noqa: ANN201
    import jinja2
    from nbconvert import HTMLExporter

    return HTMLExporter(
        template_name="lab",
        extra_loaders=[jinja2.DictLoader({"curso-site.html.j2": TEMPLATE})],
        template_file="curso-site.html.j2",
        language_code="es",
    )


def strip_tags(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


def nav_bar(page: Page, pages: list[Page]) -> str:
    if page.kind == DOCS:
        return (
            '<nav class="curso-nav" aria-label="Navegación del curso">'
            '<a href="../index.html">Índice del curso</a></nav>'
        )
    same = [p for p in pages if p.kind == page.kind]
    i = same.index(page)
    links = ['<a href="../index.html">Índice del curso</a>']
    if i > 0:
        links.append(f'<a href="{same[i - 1].stem}.html" rel="prev">← Clase anterior</a>')
    if i + 1 < len(same):
        links.append(f'<a href="{same[i + 1].stem}.html" rel="next">Clase siguiente →</a>')
    other = "solutions" if page.kind == "lessons" else "lessons"
    if any(p.kind == other and p.stem == page.stem for p in pages):
        label = "Soluciones de esta clase" if other == "solutions" else "Clase sin resolver"
        links.append(f'<a href="../{other}/{page.stem}.html">{label}</a>')
    return '<nav class="curso-nav" aria-label="Navegación del curso">' + " ".join(links) + "</nav>"


def toc(page: Page) -> str:
    items = [
        f'<li class="h{level}"><a href="#{ident}">{LINK_TAG.sub("", text)}</a></li>'
        for level, ident, text in page.headings
        if level > 1
    ]
    return (
        '<nav class="curso-toc" aria-label="Contenido de la página"><strong>Contenido</strong>'
        f"<ul>{''.join(items)}</ul></nav>"
    )


def doc_pages() -> list[Path]:
    return sorted((ROOT / DOCS).glob("*.md"))


def render(path: Path, kind: str, html_exporter=None) -> tuple[Page, str]:  # noqa: ANN001
    import nbformat

    if kind == DOCS:  # a Markdown page: one Markdown cell
        text = path.read_text(encoding="utf-8")
        cell = nbformat.v4.new_markdown_cell(text, id=path.stem)  # not a random id
        nb = nbformat.v4.new_notebook(cells=[cell])
        nb.metadata["language_info"] = {"name": "python"}
    else:
        nb = prepare(nbformat.read(path, as_version=4))
    html_exporter = html_exporter or exporter()
    body, _ = html_exporter.from_notebook_node(nb, resources={"metadata": {"name": path.stem}})
    for link in (NB_LINK, DOC_LINK):
        body = link.sub(lambda m: f'href="{m.group(1)}.html{m.group(2) or ""}"', body)
    headings = tuple(
        (int(level), ident, re.sub(r"<a class=\"anchor-link\".*", "", text).strip())
        for level, ident, text in HEADING.findall(body)
    )
    h1 = [strip_tags(text) for level, _, text in headings if level == 1]
    title = h1[0] if h1 else path.stem
    body = re.sub(r"<title>.*?</title>", f"<title>{html.escape(title)}</title>", body, count=1)
    return Page(kind, path.stem, title, headings), body


def index_page(pages: list[Page]) -> str:
    lessons = [p for p in pages if p.kind == "lessons"]
    docs = "".join(
        f'<li><a href="{p.href}">{html.escape(p.title)}</a></li>' for p in pages if p.kind == DOCS
    )
    api_modules = ", ".join(
        f'<a href="{API}/{name.replace(".", "/")}.html"><code>{name}</code></a>'
        for name in apidoc.modules()
    )
    rows, contents = [], []
    for n, lesson in enumerate(lessons, 1):
        solution = f"solutions/{lesson.stem}.html"
        rows.append(
            f'<tr><td>{n}</td><td><a href="{lesson.href}">{html.escape(lesson.title)}</a></td>'
            f'<td><a href="{solution}">soluciones</a></td></tr>'
        )
        sections = "".join(
            f'<li><a href="{lesson.href}#{ident}">{text}</a></li>'
            for level, ident, text in lesson.headings
            if level == 2
        )
        contents.append(
            f'<li><a href="{lesson.href}">{html.escape(lesson.title)}</a><ul>{sections}</ul></li>'
        )
    return f"""<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Curso de texto y codificación</title>
<style>
body{{font-family:system-ui,sans-serif;max-width:50em;margin:2em auto;padding:0 1em;
line-height:1.5}}
table{{border-collapse:collapse}} td,th{{padding:0.3em 0.8em;border-bottom:1px solid #ddd;
text-align:left}}
</style>
</head>
<body>
<main>
<h1>Curso de texto y codificación</h1>
<p>Seis clases ejecutables sobre texto y codificaciones de caracteres, con la biblioteca
<code>codecbox</code>. Cada clase se muestra con las salidas guardadas de su cuaderno; las
soluciones de los ejercicios están en una página aparte.</p>
<h2 id="clases">Las clases</h2>
<table>
<thead><tr><th>#</th><th>Clase</th><th>Soluciones</th></tr></thead>
<tbody>
{chr(10).join(rows)}
</tbody>
</table>
<h2 id="contenido">Contenido</h2>
<ul class="curso-contents">
{chr(10).join(contents)}
</ul>
<h2 id="paginas">Más páginas</h2>
<ul class="curso-docs">{docs}</ul>
<p>La biblioteca: <a href="{API}/{apidoc.START}">referencia de la API de codecbox</a> (en
inglés, como la biblioteca), hecha con sus docstrings, cuyos ejemplos se ejecutan como tests.
Sus módulos: {api_modules}.</p>
</main>
</body>
</html>
"""


def build(out: Path = DEFAULT_OUT) -> Path:
    """Write the site to ``out`` atomically; return ``out``."""
    out = Path(out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    html_exporter = exporter()
    rendered: list[tuple[Page, str]] = [
        render(path, kind, html_exporter) for kind in KINDS for path in notebooks(kind)
    ] + [render(path, DOCS, html_exporter) for path in doc_pages()]
    if not any(page.kind == "lessons" for page, _ in rendered):
        raise SystemExit("site: no notebooks found in lessons/")
    pages = [page for page, _ in rendered]
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        for page, body in rendered:
            header = STYLE + nav_bar(page, pages) + toc(page)
            body = body.replace("<main>", header + "\n<main>", 1)
            target = tmp / page.href
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(body, encoding="utf-8", newline="\n")
        (tmp / "index.html").write_text(index_page(pages), encoding="utf-8", newline="\n")
        apidoc.build(tmp / API)
        tmp.chmod(0o755)
        for path in tmp.rglob("*"):
            path.chmod(0o755 if path.is_dir() else 0o644)
        replace_folder(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out


# --- serving (used by the browser tests, and by `site --serve`) ----------------------------


@contextlib.contextmanager
def serve(directory: Path, timeout: float = 30.0) -> Iterator[str]:
    """``python -m http.server`` on 127.0.0.1 and a free port; yields the base URL.

    The server is always stopped (terminated, then killed) when the block ends.
    """
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)],
        cwd=directory,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"http.server exited with {proc.returncode} (port {port})")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"http.server did not listen on {port}") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="course.py site", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="default: build/site")
    parser.add_argument("--serve", action="store_true", help="then serve it on 127.0.0.1")
    args = parser.parse_args(argv)
    started = time.monotonic()
    out = build(args.out)
    count = sum(1 for _ in out.rglob("*.html"))
    print(f"site: {count} pages in {out} ({time.monotonic() - started:.1f} s)")
    if args.serve:
        with serve(out) as url:
            print(f"site: serving at {url} (Ctrl-C stops)", flush=True)
            with contextlib.suppress(KeyboardInterrupt):
                while True:
                    time.sleep(3600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
