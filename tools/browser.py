"""Shared helpers for the browser tests: Debian's Chromium driven by Playwright for Python.

Import it as ``from tools.browser import ...`` (``tests/browser/`` is a package named
``browser``, so a bare ``import browser`` names that package, not this module).

- :func:`missing` says why no browser test can run here (``None`` when they can);
  :func:`require` turns that into ``pytest.skip``, or into ``pytest.fail`` when
  ``COURSE_REQUIRE_RUNTIMES`` names ``chromium`` (CI sets it).
- :func:`launch` is a context manager giving a headless Playwright ``Browser`` on the
  system's Chromium (``playwright install`` is never needed); the browser and
  Playwright's driver are closed on exit, also when the body raises.
- :func:`artifacts` is the folder for screenshots (``build/test-artifacts/browser``,
  ignored by git); CI can keep it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM_ARGS", "ROOT", "artifacts", "chromium", "launch", "missing", "require"]

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
