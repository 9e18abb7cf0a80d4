"""The repository's scripts (``course.py``, ``benchmarks/*.py``) imported as modules, for tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(relative: str, name: str) -> ModuleType:
    """Import ``ROOT / relative`` as module ``name`` (registered in ``sys.modules``, so that its
    dataclasses work). A script's ``main()`` only runs under ``__main__``: importing it defines."""
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
