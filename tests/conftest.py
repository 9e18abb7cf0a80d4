"""Shared test set-up: the course tools are importable, hypothesis runs the same everywhere."""

import sys
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

# Derandomized so that CI and a student's machine run the same examples.
settings.register_profile("course", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("course")

# charset-normalizer's answers depend on Python's Unicode database (3.10 ships Unicode 13,
# 3.11 Unicode 14): on Korean 8-character samples it gets 147 of 200 on 3.10 and 144 on 3.11.
# The lessons' outputs are stored with CI's Python; on another minor version the cells tagged
# below may differ (the figures the prose quotes are still checked there by the claims test).
REFERENCE_PYTHON = (3, 11)
VERSION_TAG = "outputs-depend-on-python"


def pytest_collection_modifyitems(config, items):
    if sys.version_info[:2] == REFERENCE_PYTHON:
        return
    for item in items:
        cell = getattr(item, "cell", None)
        if cell is not None and VERSION_TAG in cell.get("metadata", {}).get("tags", []):
            reason = f"stored with Python {REFERENCE_PYTHON[0]}.{REFERENCE_PYTHON[1]}"
            item.add_marker(pytest.mark.xfail(reason=reason, strict=False))
