"""Shared test set-up: the course tools are importable, hypothesis runs the same everywhere."""

import sys
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

# Derandomized so that CI and a student's machine run the same examples.
settings.register_profile("course", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("course")
