"""Browser tests: JupyterLab (test_lab.py), the static site and JupyterLite, in Debian's Chromium.

A package so that ``test_lab.py`` does not clash with ``tests/notebooks/test_lab.py``. Shared
helpers live in ``tools/browser.py``: import them as ``from tools.browser import ...`` (a bare
``import browser`` would name this package).
"""
