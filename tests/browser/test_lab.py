"""Every notebook in JupyterLab, in a real browser: it runs, its widget renders and works.

One JupyterLab (the course's options: root at the repository, lessons/ first) is started on
127.0.0.1 with a port the OS picks and a random token, with autosave off (the notebooks on
disk are never rewritten) and its settings, workspaces and runtime files in a temporary
folder. Debian's Chromium, driven by Playwright, opens each of the 12 notebooks of lessons/
and solutions/ and runs all its cells (JupyterLab's own ``notebook:run-all-cells``), then:

- no cell has an error output or writes to stderr, and every code cell ran;
- the kernel is the course's environment (its ``sys.prefix`` is this interpreter's and it
  imports this checkout's ``codecbox``);
- the classroom widget renders as a widget (not its text/HTML fallback);
- in solutions/, one scripted interaction per widget (typing, a dropdown, a toggle) changes
  the view to exactly what the course's code computes for that input, and a figure the
  library computes is in it (lesson 1: the code points of ``año 😀 한``; lesson 6: the
  detectors' counts at length 8);
- axe-core finds no serious or critical accessibility violation in the notebook's outputs.

Screenshots of each widget go to build/test-artifacts/browser/ (a failing test also leaves a
full-page screenshot and the server log there). The server, its kernels and the browser are
stopped in finalizers that always run. Skipped without Chromium or Playwright, unless
``COURSE_REQUIRE_RUNTIMES`` names ``chromium``.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import pytest
from course_scripts import load_script

from tools.browser import ROOT, artifacts, launch, require, start_jupyterlab

pytestmark = pytest.mark.xdist_group("jupyterlab")

NOTEBOOKS = sorted(
    str(p.relative_to(ROOT)) for d in ("lessons", "solutions") for p in (ROOT / d).glob("*.ipynb")
)
#: Looks for the running server, 0.25 s apart: some 2 minutes, JupyterLab's start on a busy
#: 2-core CI machine.
START_POLLS = 480
RUN_TIMEOUT = 240_000  # ms: Run All of the slowest notebook (lesson 6 with a cold cache)
UI_TIMEOUT = 60_000  # ms: any other wait on the page

#: The lab's settings: no autosave (the run must not rewrite notebooks on disk), every cell in
#: the DOM (the browser skips painting off-screen ones: read textContent, not innerText), no
#: news or update check (no pop-ups, no network).
SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "contentVisibility"},
    "@jupyterlab/apputils-extension/notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


# --- the server ------------------------------------------------------------------------------


@dataclass
class Lab:
    url: str
    token: str
    runtime: Path  # kernels' connection files are here

    def api(self, method: str, path: str) -> Any:
        request = urllib.request.Request(
            f"{self.url}{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        for kernel in self.api("GET", "/api/kernels"):
            try:
                self.api("DELETE", f"/api/kernels/{kernel['id']}")
            except OSError:
                pass  # already gone


def _lab_command() -> list[str]:
    """``jupyter lab`` with ``course.py lab``'s own options (the test adds what it needs)."""
    course = load_script("course.py", "_course_script")
    return [sys.executable, "-m", "jupyter", "lab", *course.lab_options()]


def _kernel_pids(runtime: Path) -> list[int]:
    """Processes started for this server's kernels (their command line names ``runtime``)."""
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == os.getpid():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if str(runtime).encode() in cmdline:
            pids.append(int(proc.name))
    return pids


def _stop(proc: subprocess.Popen, lab: Lab | None, runtime: Path) -> None:
    """Stop kernels and server, politely first; then kill what is left, by pid."""
    if lab is not None and proc.poll() is None:
        try:
            lab.shutdown_kernels()
            lab.api("POST", "/api/shutdown")
        except OSError:
            pass
    for sig, wait in ((None, 20), (signal.SIGTERM, 20), (signal.SIGKILL, 10)):
        if proc.poll() is not None:
            break
        if sig is not None:
            try:
                os.killpg(proc.pid, sig)  # the server and anything in its process group
            except ProcessLookupError:
                break
        try:
            proc.wait(wait)
        except subprocess.TimeoutExpired:
            pass
    for _ in range(50):  # 0.2 s apart: kernels asked to shut down exit on their own
        if not _kernel_pids(runtime):
            break
        time.sleep(0.2)
    for pid in _kernel_pids(runtime):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.fixture(scope="module")
def lab() -> Iterator[Lab]:
    require()
    tmp = Path(tempfile.mkdtemp(prefix="course-lab-"))
    runtime, settings = tmp / "runtime", tmp / "settings"
    for name, values in SETTINGS.items():
        path = settings / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    token = secrets.token_hex(24)
    command = [
        *_lab_command(),
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port=0",  # the OS picks a free port; read back from the server file
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: run commands, read models
    ]
    # as `python3 course.py lab` starts it for a student: jupyter/alumnos/ first on
    # JUPYTER_CONFIG_PATH (nbgrader's menus and server extensions off)
    env = load_script("course.py", "_course_script").jupyter_env(
        "alumnos",
        {
            **os.environ,
            "PYTHONHASHSEED": "0",
            "JUPYTER_CONFIG_DIR": str(tmp / "config"),
            "JUPYTER_RUNTIME_DIR": str(runtime),
            "JUPYTER_DATA_DIR": str(tmp / "data"),
        },
    )
    log_path = artifacts() / "lab-server.log"
    lab_: Lab | None = None
    try:
        proc, url = start_jupyterlab(
            command, env=env, runtime=runtime, token=token, log_path=log_path, polls=START_POLLS
        )
    except RuntimeError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        pytest.fail(str(exc))
    try:
        lab_ = Lab(url, token, runtime)
        yield lab_
    finally:
        _stop(proc, lab_, runtime)
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="module")
def browser(lab: Lab) -> Iterator[Any]:
    with launch() as b:
        yield b


# --- the page --------------------------------------------------------------------------------

_FIND = """
(path) => {
  const app = window.jupyterapp;
  if (!app) return null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.content && w.sessionContext) return w;
  }
  return null;
}
"""

_READY = f"""
(path) => {{
  const w = ({_FIND})(path);
  if (!w || !w.context.isReady) return false;
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected'
    && w.content.widgets.length === w.content.model.cells.length;
}}
"""

_RUN_ALL = f"""
(path) => {{
  const w = ({_FIND})(path);
  const app = window.jupyterapp;
  app.shell.activateById(w.id);
  window.__runAll = window.__runAll || {{}};
  delete window.__runAll[path];
  app.commands.execute('notebook:run-all-cells').then(
    (ok) => {{ window.__runAll[path] = String(ok); }},
    (err) => {{ window.__runAll[path] = 'error: ' + err; }});
}}
"""

_DONE = f"""
(path) => {{
  if (!window.__runAll || window.__runAll[path] === undefined) return false;
  const w = ({_FIND})(path);
  const kernel = w.sessionContext.session.kernel;
  return kernel.status === 'idle';
}}
"""

#: What the run left: per code cell its execution count, and its errors and stderr.
_REPORT = f"""
(path) => {{
  const w = ({_FIND})(path);
  const cells = w.content.model.cells;
  const out = {{result: window.__runAll[path], kernel: w.sessionContext.session.kernel.id,
               kernelName: w.sessionContext.session.kernel.name, cells: []}};
  for (let i = 0; i < cells.length; i++) {{
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    const problems = [];
    for (const o of cell.outputs.toJSON()) {{
      if (o.output_type === 'error') problems.push(o.ename + ': ' + o.evalue);
      if (o.output_type === 'stream' && o.name === 'stderr') problems.push('stderr: ' + o.text);
    }}
    out.cells.push({{index: i, count: cell.executionCount, problems}});
  }}
  return out;
}}
"""

#: Whether an element's text is the text of ``html`` as this browser parses it.
_SAME_TEXT = """
([el, html]) => {
  const d = document.createElement('div');
  d.innerHTML = html;
  return el.textContent === d.textContent;
}
"""
_TEXT_OF = "(html) => { const d = document.createElement('div'); d.innerHTML = html; "
_TEXT_OF += "return d.textContent; }"


_OPEN = """
(path) => { window.jupyterapp.commands.execute('docmanager:open', {path, factory: 'Notebook'}); }
"""

#: Close the notebook without saving (autosave is off: nothing on disk changes).
_CLOSE = f"""
(path) => {{
  const w = ({_FIND})(path);
  if (w) {{ w.context.model.dirty = false; w.dispose(); }}
}}
"""


class Pages:
    """One JupyterLab page for all the notebooks (the app loads once); a new one after a
    failure, so a failed test leaves nothing (a dialog, a half-run notebook) to the next."""

    def __init__(self, browser: Any, lab: Lab) -> None:
        self.browser, self.lab = browser, lab
        self.context: Any = None
        self.page: Any = None

    def get(self) -> Any:
        if self.page is None:
            self.context = self.browser.new_context(viewport={"width": 1400, "height": 1000})
            self.context.set_default_timeout(UI_TIMEOUT)
            page = self.context.new_page()
            workspace = f"t{secrets.token_hex(4)}"  # empty: nothing restored, no kernel started
            page.goto(f"{self.lab.url}/lab/workspaces/{workspace}?token={self.lab.token}")
            page.wait_for_function("() => !!window.jupyterapp", timeout=UI_TIMEOUT * 2)
            page.evaluate("() => { window.jupyterapp.restored.then(() => { window.__up = 1; }); }")
            page.wait_for_function("() => window.__up === 1", timeout=UI_TIMEOUT * 2)
            self.page = page
        return self.page

    def discard(self) -> None:
        if self.context is not None:
            try:
                self.context.close()
            except Exception:
                pass
        self.context = self.page = None


@pytest.fixture(scope="module")
def pages(browser: Any, lab: Lab) -> Iterator[Pages]:
    holder = Pages(browser, lab)
    try:
        yield holder
    finally:
        holder.discard()


def _run_all(page: Any, path: str) -> dict:
    page.evaluate(_OPEN, path)
    page.wait_for_function(_READY, arg=path, timeout=UI_TIMEOUT * 2, polling=250)
    page.evaluate(_RUN_ALL, path)
    page.wait_for_function(_DONE, arg=path, timeout=RUN_TIMEOUT, polling=250)
    return page.evaluate(_REPORT, path)


def _kernel_env(lab: Lab, kernel_id: str) -> list[str]:
    """``sys.prefix`` and ``codecbox``'s folder, as the notebook's kernel sees them."""
    from jupyter_client import BlockingKernelClient

    client = BlockingKernelClient()
    client.load_connection_file(str(lab.runtime / f"kernel-{kernel_id}.json"))
    client.start_channels()
    printed: list[str] = []

    def hook(msg: dict) -> None:
        if msg["msg_type"] == "stream":
            printed.append(msg["content"]["text"])

    try:
        code = "import sys, pathlib, codecbox\nprint(sys.prefix)\n"
        code += "print(pathlib.Path(codecbox.__file__).parent)"
        reply = client.execute_interactive(code, timeout=60, output_hook=hook, store_history=False)
    finally:
        client.stop_channels()
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(printed).split()


# --- the widgets and their interactions ------------------------------------------------------


def _text(widget: Any, description: str) -> Any:
    return widget.locator(".widget-text").filter(has_text=description).locator("input")


def _select(widget: Any, description: str) -> Any:
    return widget.locator(".widget-dropdown").filter(has_text=description).locator("select")


def _table_cells(view: Any, table: int) -> list[list[str]]:
    rows = view.locator("table").nth(table).locator("tbody tr")
    return [
        [c.strip() for c in rows.nth(i).locator("th, td").all_text_contents()]
        for i in range(rows.count())
    ]


def _lesson1(widget: Any) -> tuple[Any, Callable[[Any], None]]:
    from curso.l01 import explorer

    text = "año 😀 한"
    _text(widget, "Texto:").fill(text)
    expected = explorer("Muñoz")
    expected.input.value = text

    def check(view: Any) -> None:
        rows = _table_cells(view, 0)
        assert [r[1] for r in rows] == [f"U+{ord(ch):04X}" for ch in text]
        assert {"U+00F1", "U+1F600", "U+D55C"} <= {r[1] for r in rows}
        assert [r[3] for r in rows] == [ch.encode().hex(" ").upper() for ch in text]

    return expected, check


def _lesson2(widget: Any) -> tuple[Any, Callable[[Any], None]]:
    from codecbox import fix_mojibake
    from curso.l02 import taller
    from curso.l02.taller import leer_como

    widget.locator("button", has_text="Reparar").click()
    expected = taller("año", "utf-8", "cp1252")
    expected.reparar.value = True
    read = leer_como("año", "utf-8", "cp1252")

    def check(view: Any) -> None:
        shown = view.text_content()
        assert f"«{read}»" in shown
        repaired = fix_mojibake(read).text == "año"
        assert ("✓ es otra vez el texto escrito" in shown) == repaired

    return expected, check


def _lesson3(widget: Any) -> tuple[Any, Callable[[Any], None]]:
    from curso.l03 import comparar, normalizador

    a, b = "ﬁ", "fi"
    _text(widget, "A:").fill(a)
    _text(widget, "B:").fill(b)
    expected = normalizador()
    expected.input_a.value, expected.input_b.value = a, b

    def check(view: Any) -> None:
        verdict = comparar(a, b).veredicto()
        assert _table_cells(view, 2) == [list(row) for row in verdict.rows]

    return expected, check


def _lesson4(widget: Any) -> tuple[Any, Callable[[Any], None]]:
    from curso.l04 import lector, lectura

    _select(widget, "Leer como:").select_option(label="utf-8-sig")
    expected = lector()
    expected.leer.value = "utf-8-sig"

    def check(view: Any) -> None:
        header = lectura("utf-8", True, "utf-8-sig").filas()[0]
        assert repr(header) in view.text_content()

    return expected, check


def _lesson5(widget: Any) -> tuple[Any, Callable[[Any], None]]:
    from codecbox.length import length
    from curso.l05.lesson import LENGUAJES, cortar, medidor

    text, n = "año 😀 한", 3
    _text(widget, "Texto:").fill(text)
    _text(widget, "n:").fill(str(n))
    expected = medidor()
    expected.input.value, expected.limite.value = text, n

    def check(view: Any) -> None:
        rows = _table_cells(view, 0)
        assert [row[2] for row in rows] == [str(length(text, leng.unidad)) for leng in LENGUAJES]
        assert [row[4] for row in rows] == [
            cortar(text, n, leng.unidad).texto for leng in LENGUAJES
        ]

    return expected, check


def _lesson6(widget: Any) -> tuple[Any, Callable[[Any], None]]:
    from curso.l06.explorer import accuracy_explorer, counts

    _select(widget, "Longitud:").select_option(label="8")
    expected = accuracy_explorer()
    expected.length_input.value = 8

    def check(view: Any) -> None:
        rows = _table_cells(view, 0)
        got = {row[0]: row[1] for row in rows}
        right = counts(("ja", "cp932"), 8)
        assert got == {name: f"{n} de {expected.n}" for name, n in right.items()}

    return expected, check


#: Per lesson: what its widget cell calls, and its interaction (solutions/ only).
WIDGETS: dict[str, tuple[str, Callable[[Any], tuple[Any, Callable[[Any], None]]]]] = {
    "01": ('explorer("Muñoz")', _lesson1),
    "02": ('taller("año", "utf-8", "cp1252")', _lesson2),
    "03": ("normalizador()", _lesson3),
    "04": ("lector()", _lesson4),
    "05": ("medidor()", _lesson5),
    "06": ("explorer.accuracy_explorer()", _lesson6),
}


def _widget_cell(path: str) -> int:
    """Index (among all cells) of the notebook's widget cell."""
    call = WIDGETS[Path(path).name[:2]][0]
    nb = nbformat.read(ROOT / path, as_version=4)
    found = [
        i
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "code" and cell.source.rstrip().endswith(call)
    ]
    assert len(found) == 1, f"{path}: expected one cell ending in {call}, found {found}"
    return found[0]


#: Serious or critical violations known and not yet fixed: (lesson, rule) -> why. Any other
#: one fails the test; one listed here that no longer occurs fails it too (remove it).
#: (Rules, not axe's node selectors: those vary from run to run.)
KNOWN_A11Y: dict[tuple[str, str], str] = {}


def _screenshot(page: Any, element: Any, path: Path) -> None:
    """A picture of ``element``, taken once off-screen cells above it stopped resizing."""
    element.scroll_into_view_if_needed()
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    element.screenshot(path=path)


def _axe(page: Any) -> dict[str, list[str]]:
    """axe-core's serious and critical violations in the notebook's outputs: rule -> nodes."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(
        page,
        context={"include": [[".jp-Notebook .jp-OutputArea-output"]]},
        options={"resultTypes": ["violations"]},
    )
    return {
        v["id"]: [node["html"][:80] for node in v["nodes"]]
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    }


# --- the test --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_notebook_in_jupyterlab(lab: Lab, pages: Pages, path: str) -> None:
    name = path.replace("/", "-").removesuffix(".ipynb")
    shots = artifacts()
    page = pages.get()
    try:
        report = _run_all(page, path)

        problems = [f"cell {c['index']}: {p}" for c in report["cells"] for p in c["problems"]]
        assert not problems, "\n".join(problems)
        assert report["result"] == "true", report["result"]
        unrun = [c["index"] for c in report["cells"] if c["count"] is None]
        assert not unrun, f"cells that did not run: {unrun}"

        prefix, package = _kernel_env(lab, report["kernel"])
        assert Path(prefix) == Path(sys.prefix), f"kernel {report['kernelName']} runs in {prefix}"
        assert Path(package) == ROOT / "codecbox"

        cell = page.locator(".jp-Notebook .jp-Cell").nth(_widget_cell(path))
        # The widget itself (a view made by the widget manager), not its text/HTML fallback.
        widget = cell.locator(".jp-OutputArea-output > .jupyter-widgets.widget-vbox").first
        widget.wait_for(state="visible")
        output = widget.locator("xpath=..")
        view = widget.locator(".widget-html-content").last
        view.wait_for(state="visible")

        if path.startswith("solutions/"):
            expected_widget, check = WIDGETS[Path(path).name[:2]][1](widget)
            expected = expected_widget._repr_mimebundle_()["text/html"]
            try:
                page.wait_for_function(
                    _SAME_TEXT, arg=[view.element_handle(), expected], timeout=UI_TIMEOUT
                )
            except Exception:
                assert view.text_content() == page.evaluate(_TEXT_OF, expected)
                raise
            check(view)
            _screenshot(page, output, shots / f"{name}.png")
            lesson = Path(path).name[:2]
            known = {rule for (le, rule) in KNOWN_A11Y if le == lesson}
            violations = _axe(page)
            new = {rule: nodes for rule, nodes in violations.items() if rule not in known}
            assert not new, f"axe-core, serious or critical: {new}"
            assert known <= set(violations), f"fixed: remove from KNOWN_A11Y: {known}"
        else:
            _screenshot(page, output, shots / f"{name}.png")
    except BaseException:
        try:
            page.screenshot(path=shots / f"{name}-failure.png", full_page=True)
        except Exception:
            pass
        pages.discard()
        raise
    else:
        page.evaluate(_CLOSE, path)
    finally:
        lab.shutdown_kernels()
