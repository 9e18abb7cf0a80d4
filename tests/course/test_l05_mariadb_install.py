"""How lesson 5's private MariaDB server reports and survives a failed installation; no
MariaDB needed (the installer is a stand-in script)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from curso.l05 import mariadb

FAILED = """\
2026-12-01  3:48:23 0 [Warning] something harmless
2026-12-01  3:48:23 0 [ERROR] InnoDB: Cannot map innodb_buffer_pool_size_max=8388608m
2026-12-01  3:48:23 0 [ERROR] Aborting
"""
ADVICE = (
    "Please check all of the above before submitting a bug report\nat https://mariadb.org/jira\n"
)


def test_the_error_names_the_servers_error_lines_not_the_installers_advice() -> None:
    why = mariadb._why(FAILED, ADVICE)
    cannot_map = "[ERROR] InnoDB: Cannot map innodb_buffer_pool_size_max=8388608m"
    assert why == f"{cannot_map} / [ERROR] Aborting"


def test_without_error_lines_the_last_lines_are_quoted() -> None:
    assert mariadb._why("", "uno\ndos\n") == "uno / dos"
    assert mariadb._why("", "") == "código de salida distinto de 0, sin mensaje"


def stand_in(tmp_path: Path, failures: int) -> list[str]:
    """An installer that fails ``failures`` times (counting in a file), then succeeds."""
    count = tmp_path / "count"
    script = tmp_path / "install.py"
    script.write_text(
        "import pathlib, sys\n"
        f"count = pathlib.Path({str(count)!r})\n"
        "n = int(count.read_text()) if count.exists() else 0\n"
        "count.write_text(str(n + 1))\n"
        "data = pathlib.Path(sys.argv[1])\n"
        "if data.exists() and any(data.iterdir()):\n"
        "    sys.exit('the data folder is not empty')\n"
        "data.mkdir(parents=True, exist_ok=True)\n"
        "(data / 'ibdata1').write_text('half-written')\n"
        f"if n < {failures}:\n"
        "    sys.stderr.write('2026-12-01  3:48:23 0 [ERROR] disco lleno\\n')\n"
        "    sys.exit(1)\n"
    )
    return [sys.executable, str(script)]


def test_one_transient_failure_is_retried_in_an_empty_folder(tmp_path: Path) -> None:
    data = tmp_path / "data"
    mariadb._install([*stand_in(tmp_path, failures=1), str(data)], data, timeout=30)
    assert (tmp_path / "count").read_text() == "2"


def test_two_failures_raise_with_the_servers_words(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with pytest.raises(RuntimeError, match=r"falló: \[ERROR\] disco lleno$"):
        mariadb._install([*stand_in(tmp_path, failures=2), str(data)], data, timeout=30)
    assert (tmp_path / "count").read_text() == "2"
