"""The README's Python examples run, and pass ``mypy --strict``, so they cannot drift.

Each ```python block runs alone in a fresh interpreter, in a folder that holds the sample
files the examples name (a Spanish CSV and an accounting export, both windows-1252).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)
#: The files the examples read, made here (the README's examples say what they are).
SAMPLES = {
    "proveedor.csv": "id;producto;precio\n1;Piña;1,50\n2;Jalapeño;0,80\n3;Café del año;12,00\n",
    "export_contable.txt": "Factura nº 7: cañería, 1.234,50 €\nCliente: José Núñez\n" * 40,
}


def blocks() -> list[str]:
    return BLOCK.findall(README.read_text(encoding="utf-8"))


def test_the_readme_has_python_examples() -> None:
    assert len(blocks()) >= 3


@pytest.mark.parametrize("index", range(len(blocks())))
def test_each_python_example_runs(index: int, tmp_path: Path) -> None:
    for name, text in SAMPLES.items():
        (tmp_path / name).write_bytes(text.encode("cp1252"))
    code = blocks()[index]
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, f"README example {index + 1}:\n{code}\n{run.stderr}"


def test_the_python_examples_pass_mypy_strict(tmp_path: Path) -> None:
    files = []
    for i, code in enumerate(blocks()):
        path = tmp_path / f"readme_example_{i + 1}.py"
        path.write_text(code, encoding="utf-8")
        files.append(str(path))
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_readme_states_the_orders_the_code_follows() -> None:
    """Issue 21, F12: the README's English table once said ``declared > BOM``; a byte order
    mark wins over a declared label in every entry point, as the README now says."""
    import codecs

    from codecbox import decode_bytes, decode_html, import_bytes

    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    data = codecs.BOM_UTF8 + "año".encode()
    assert import_bytes(data, declared="windows-1252").how == "UTF-8 (BOM)"
    assert decode_bytes(data, declared="windows-1252").how == "UTF-8 (BOM)"
    assert decode_html(data, "text/html; charset=windows-1252").how == "UTF-8 (BOM)"
    rows = [line for line in text.splitlines() if line.startswith("| `") and " > " in line]
    assert rows, "the README's table of entry points lists no order"
    for row in rows:
        orders = re.findall(r"(?:[\w`<>-]+ ?(?:\([^)]*\))? > )+[\w`<>-]+", row)
        for order in orders:
            names = [part.strip().split(" ")[0] for part in order.split(" > ")]
            if "BOM" in names:
                assert names[0] == "BOM", f"the BOM comes first in the code: {row[:80]}"
