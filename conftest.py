"""Test set-up for everything under the repository root.

``tools/`` is importable (the notebook builder, the claims reader), and the plugin
``tools/nbchecks.py`` adds the lessons' claims and a second run of every cell to
nbval's run of each notebook.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))

pytest_plugins = ["nbchecks"]

_STARTED = 0.0


def pytest_sessionstart(session):
    global _STARTED
    import time

    _STARTED = time.time()


def pytest_terminal_summary(terminalreporter):
    """Lesson 5's cross-check report (which runtimes, which versions, what was compared),
    when this run wrote it, so CI's log shows it."""
    from curso.paths import cache_dir

    report = cache_dir() / "l05" / "comparacion.txt"
    if report.exists() and report.stat().st_mtime >= _STARTED:
        terminalreporter.section("lesson 5: string lengths in other runtimes, compared")
        terminalreporter.write(report.read_text(encoding="utf-8"))
