"""Shared helpers for the browser tests: Debian's Chromium driven by Playwright for Python.

Import it as ``from tools.browser import ...`` (``tests/browser/`` is a package named
``browser``, so a bare ``import browser`` names that package, not this module).

- :func:`missing` says why no browser test can run here (``None`` when they can);
  :func:`require` turns that into ``pytest.skip``, or into ``pytest.fail`` when
  ``COURSE_REQUIRE_RUNTIMES`` names ``chromium`` (CI sets it).
- :func:`launch` is a context manager giving a headless Playwright ``Browser`` on the
  system's Chromium (``playwright install`` is never needed); the browser and
  Playwright's driver are closed on exit, also when the body raises.
- :func:`start_jupyterlab` starts a ``jupyter lab`` server on a free port and waits until it
  answers (the lab test and the nbgrader test each start one, as ``course.py lab`` would).
- :func:`markdown_links` gives the link targets of a Markdown text as a renderer makes them
  (the site's and the lite site's link checks read the lessons' Markdown with it).
- :func:`artifacts` is the folder for screenshots (``build/test-artifacts/browser``,
  ignored by git); CI can keep it.
"""

from __future__ import annotations

import html.parser
import json
import os
import shutil
import signal
import subprocess
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = [
    "CHROMIUM_ARGS",
    "ROOT",
    "artifacts",
    "chromium",
    "launch",
    "markdown_links",
    "missing",
    "require",
    "start_jupyterlab",
]

ROOT = Path(__file__).resolve().parents[1]

#: Flags for a headless Chromium as root in a container, with no network chatter.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)


def chromium() -> str | None:
    """The system's Chromium (Debian's package ``chromium``), or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (extra 'lite' of curso)"
    if chromium() is None:
        return "no Chromium on PATH (Debian: apt-get install chromium)"
    return None


def require() -> None:
    """Skip the calling test when no browser test can run, or fail when CI requires them."""
    import pytest

    why = missing()
    if why is None:
        return
    if "chromium" in os.environ.get("COURSE_REQUIRE_RUNTIMES", "").split():
        pytest.fail(f"chromium is required (COURSE_REQUIRE_RUNTIMES) but: {why}")
    pytest.skip(why)


@contextmanager
def launch(**kwargs: Any) -> Iterator[Any]:
    """A headless Playwright ``Browser`` on the system's Chromium, closed on exit.

    ``kwargs`` go to ``chromium.launch`` (e.g. ``slow_mo=100`` while debugging).
    """
    from playwright.sync_api import sync_playwright

    executable = chromium()
    if executable is None:
        raise RuntimeError("no Chromium on PATH")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=executable, headless=True, args=list(CHROMIUM_ARGS), **kwargs
        )
        try:
            yield browser
        finally:
            browser.close()


def artifacts() -> Path:
    """``build/test-artifacts/browser``, created if needed: screenshots go here."""
    out = ROOT / "build" / "test-artifacts" / "browser"
    out.mkdir(parents=True, exist_ok=True)
    return out


def start_jupyterlab(
    command: Sequence[str],
    *,
    env: Mapping[str, str],
    runtime: Path,
    token: str,
    log_path: Path,
    polls: int = 480,
    cwd: Path = ROOT,
) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``command`` (a ``jupyter lab`` with ``--ServerApp.port=0`` and ``token``) from
    ``cwd`` in a session of its own, its output in ``log_path``; return it and its URL once
    the server file it writes in ``runtime`` names a port that answers ``/api/status``.

    ``polls`` looks 0.25 s apart (120 s: JupyterLab's start on a busy 2-core machine). If the
    server exits or never answers, it is stopped and ``RuntimeError`` carries its log. The
    caller stops it (``os.killpg(proc.pid, ...)``: the server and its kernels).
    """
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            list(command),
            cwd=cwd,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    for _ in range(polls):
        if proc.poll() is not None:
            break
        for info in sorted(runtime.glob("jpserver-*.json")):
            try:
                url = f"http://127.0.0.1:{json.loads(info.read_text(encoding='utf-8'))['port']}"
                request = urllib.request.Request(
                    f"{url}/api/status", headers={"Authorization": f"token {token}"}
                )
                urllib.request.urlopen(request, timeout=10).close()
                return proc, url
            except (OSError, ValueError, KeyError):
                pass  # the file half-written, or the server not serving yet
        time.sleep(0.25)
    code = proc.poll()
    how = f"exited with {code}" if code is not None else f"did not answer in {polls} looks"
    if code is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    tail = log_path.read_text(encoding="utf-8", errors="replace")[-4000:]
    raise RuntimeError(f"JupyterLab {how}; its log ({log_path}):\n{tail}")


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hrefs += [v for k, v in attrs if tag == "a" and k == "href" and v]


def markdown_links(markdown: str) -> list[str]:
    """The targets of the links of a Markdown text, as a Markdown renderer (mistune, the one
    nbconvert uses) makes them: ``[a](b.md)`` gives ``b.md``; code spans give none."""
    import mistune

    parser = _Links()
    parser.feed(mistune.html(markdown))
    return parser.hrefs
