"""curso.l06.flow: the files lesson 6's import cell rewrites on every run (its results said in
Spanish are curso.reglas, tested in test_reglas.py)."""

from __future__ import annotations

from pathlib import Path

from curso.l06.flow import write_files


def test_write_files_starts_from_the_same_files_every_time(tmp_path):
    files = {"uno.txt": b"1", "dos.txt": b"2"}
    write_files(tmp_path, files)
    (tmp_path / "cuarentena").mkdir()
    (tmp_path / "uno.txt").rename(tmp_path / "cuarentena" / "uno.txt")
    (tmp_path / "extra.txt").write_bytes(b"x")
    write_files(tmp_path, files)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dos.txt", "uno.txt"]
    assert (tmp_path / "uno.txt").read_bytes() == b"1"
    write_files(tmp_path / "nueva", files)
    assert sorted(p.name for p in Path(tmp_path / "nueva").iterdir()) == ["dos.txt", "uno.txt"]
