"""Test set-up for everything under the repository root.

``tools/`` is importable (the notebook builder, the claims reader), and the plugin
``tools/nbchecks.py`` adds the lessons' claims and a second run of every cell to
nbval's run of each notebook.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))

pytest_plugins = ["nbchecks"]
