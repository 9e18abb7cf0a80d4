"""`python3 course.py lab` must open JupyterLab with a kernel that imports codecbox and curso."""

import subprocess
import sys
from pathlib import Path

from jupyter_client.manager import start_new_kernel

ROOT = Path(__file__).resolve().parents[2]


def test_jupyterlab_is_installed_in_this_environment():
    result = subprocess.run(
        [sys.executable, "-m", "jupyterlab", "--version"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().startswith("4.")


def test_python3_kernel_imports_codecbox_and_curso():
    """The kernel JupyterLab starts for the lessons ('python3') sees this checkout's packages."""
    outputs: list[dict] = []
    km, kc = start_new_kernel(kernel_name="python3", cwd=str(ROOT / "lessons"))
    try:
        reply = kc.execute_interactive(
            "import codecbox, curso, pathlib\n"
            "print(pathlib.Path(codecbox.__file__).parent)\n"
            "print(pathlib.Path(curso.__file__).parent)",
            timeout=60,
            output_hook=outputs.append,
        )
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    assert reply["content"]["status"] == "ok"
    printed = "".join(m["content"].get("text", "") for m in outputs if m["msg_type"] == "stream")
    assert [Path(line) for line in printed.split()] == [ROOT / "codecbox", ROOT / "curso"]


def test_widgets_extension_is_enabled_in_jupyterlab():
    """Without it the classroom widgets show only their plain-text fallback."""
    result = subprocess.run(
        [sys.executable, "-m", "jupyterlab.labextensions", "list"],
        capture_output=True,
        text=True,
    )
    listing = result.stdout + result.stderr
    assert "@jupyter-widgets/jupyterlab-manager" in listing
    line = next(ln for ln in listing.splitlines() if "jupyterlab-manager" in ln)
    assert "enabled" in line and "OK" in line
