"""tools/folders.py: a build folder is replaced whole, never left half-written."""

from __future__ import annotations

from pathlib import Path

from folders import replace_folder


def test_the_new_folder_replaces_the_old_one_and_nothing_is_left_aside(tmp_path: Path) -> None:
    out = tmp_path / "site"
    (out / "old").mkdir(parents=True)
    (tmp_path / ".site-old" / "leftover").mkdir(parents=True)  # an interrupted earlier run
    new = tmp_path / "tmp-build"
    new.mkdir()
    (new / "index.html").write_text("nuevo", encoding="utf-8")
    replace_folder(new, out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert [p.name for p in out.iterdir()] == ["index.html"]


def test_a_first_build_needs_no_old_folder(tmp_path: Path) -> None:
    new = tmp_path / "tmp-build"
    new.mkdir()
    replace_folder(new, tmp_path / "lite")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lite"]
