"""Concurrent ``codecbox import`` runs (issue 19, N1 and N7): nothing lost, nothing overwritten.

Four runs at once, each with its own ``--log``, share ``--into`` and ``--quarantine``. Each
imports the same 150 shared sources (half UTF-8, imported; half cp1252, guessed and so
quarantined) and 150 of its own whose names are the other runs' names too (a different text
under the same name). Every source must end in exactly one place: its bytes still at the
source, in the quarantine, or its text in ``--into``; every record a run logs as imported or
quarantined must point at a file holding that source's text or bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

RUNS, SHARED, OWN, ROUNDS = 4, 150, 150, 3
TEXT = "Registro {i} de {who}: año, señal, café, ¿qué tal? "
POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="FIFOs, sockets, file modes")
SPANISH = ("¿Año nuevo? ¡Señor Muñoz! El café cuesta 3 €.\n" * 20).encode("cp1252")


def _sources(folder: Path, who: str, n: int, prefix: str) -> dict[str, bytes]:
    """n files PREFIX000.txt...: even ones UTF-8, odd ones cp1252 (long enough to guess)."""
    folder.mkdir()
    made = {}
    for i in range(n):
        text = TEXT.format(i=i, who=who) * 12
        data = text.encode("utf-8" if i % 2 == 0 else "cp1252")
        path = folder / f"{prefix}{i:03d}.txt"
        path.write_bytes(data)
        made[str(path)] = data
    return made


def _text(data: bytes) -> bytes:
    """What the copy in --into holds: the text as UTF-8."""
    try:
        return data.decode("utf-8").encode()
    except UnicodeDecodeError:
        return data.decode("cp1252").encode()


def _records(log: Path) -> dict[str, dict[str, object]]:
    """The last record of each file."""
    last = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        last[record["file"]] = record
    return last


def _round(work: Path) -> tuple[int, int, list[str]]:
    """One round; returns the files lost, the records pointing at the wrong bytes, and the
    other problems found."""
    originals = _sources(work / "shared", "todos", SHARED, "s")
    for run in range(RUNS):
        originals.update(_sources(work / f"own{run}", f"run {run}", OWN, "f"))
    children = []
    for run in range(RUNS):
        names = sorted(str(p) for p in (work / "shared").iterdir())
        names += sorted(str(p) for p in (work / f"own{run}").iterdir())
        options = ["--into", "out", "--quarantine", "q", "--candidates", "cp1252"]
        command = [sys.executable, "-m", "codecbox", "import", *names, *options]
        command += ["--log", f"log{run}.jsonl"]
        children.append(
            subprocess.Popen(command, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        )
    problems = []
    for run, child in enumerate(children):
        stdout, stderr = child.communicate(timeout=120)
        if child.returncode not in (1, 3) or b"Traceback" in stderr:
            problems.append(f"run {run}: exit {child.returncode}: {stderr[-300:]!r}")
    quarantined = {hashlib.sha256(p.read_bytes()).digest() for p in work.glob("q/*")}
    lost = 0
    for source, data in originals.items():
        copy = work / "out" / Path(source).name
        here = os.path.exists(source) and Path(source).read_bytes() == data
        copied = copy.exists() and copy.read_bytes() == _text(data)
        lost += not (here or copied or hashlib.sha256(data).digest() in quarantined)
    wrong = 0
    for run in range(RUNS):
        records = _records(work / f"log{run}.jsonl")
        if len(records) != SHARED + OWN:
            problems.append(f"run {run}: {len(records)} files logged")
        for record in records.values():
            data = originals[str(record["file"])]
            if record["status"] == "error":
                if not record.get("reason"):
                    problems.append(f"run {run}: an error without a message: {record}")
                continue
            expected = _text(data) if record["status"] == "imported" else data
            destination = Path(str(record["destination"]))
            wrong += not destination.exists() or destination.read_bytes() != expected
    return lost, wrong, problems


@POSIX_ONLY
def test_concurrent_imports_with_their_own_logs_lose_and_overwrite_nothing(tmp_path):
    start = time.monotonic()
    results = []
    for n in range(ROUNDS):
        (tmp_path / str(n)).mkdir()
        results.append(_round(tmp_path / str(n)))
    took = time.monotonic() - start
    summary = [(lost, wrong) for lost, wrong, _ in results]
    print(
        f"{ROUNDS} rounds of {RUNS} imports x {SHARED + OWN} files in {took:.1f} s: "
        f"(lost, overwritten) per round {summary}"
    )
    assert summary == [(0, 0)] * ROUNDS, results
    assert [problems for *_, problems in results] == [[]] * ROUNDS


def test_a_copy_another_run_relies_on_is_never_removed(tmp_path, monkeypatch, capsys):
    # N1, deterministic: another import (its own log) reused this run's quarantine copy and
    # removed the source between this run's log line and its own removal of the source.
    from codecbox import cli, importing

    source = tmp_path / "in" / "data.txt"
    source.parent.mkdir()
    source.write_bytes(SPANISH)
    append = importing.ImportLog.append

    def other_run_moves_it(self: Any, record: dict[str, Any]) -> None:
        append(self, record)
        if record["status"] == "quarantined" and source.exists():
            source.unlink()

    monkeypatch.setattr(importing.ImportLog, "append", other_run_moves_it)
    monkeypatch.chdir(tmp_path)
    args = ["import", "in/data.txt", "--into", "out", "--quarantine", "q", "--candidates"]
    assert cli.main([*args, "cp1252"]) == 3
    assert (tmp_path / "q" / "data.txt").read_bytes() == SPANISH
    log = _records(tmp_path / "out" / ".codecbox-import.jsonl")
    assert [r["status"] for r in log.values()] == ["quarantined"]
    capsys.readouterr()


def _import(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "codecbox", "import", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, timeout=60)


@POSIX_ONLY
def test_only_regular_files_are_imported_and_opening_never_blocks(tmp_path):
    # N6, N9: a symbolic link (to a file outside the folder), a FIFO no one writes to, a
    # device and a socket are each refused on one line; the regular file is imported.
    import socket

    (tmp_path / "secret").write_text("root:x:0:0\n")
    (tmp_path / "ok.txt").write_text("hola\n")
    (tmp_path / "link.txt").symlink_to(tmp_path / "secret")
    os.mkfifo(tmp_path / "fifo.txt")
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(tmp_path / "sock.txt"))
        sources = ["ok.txt", "link.txt", "fifo.txt", "/dev/null", "sock.txt"]
        result = _import(*sources, "--into", "out", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.decode().splitlines() == [
        "link.txt: not a regular file but a symbolic link (--follow-symlinks reads what it "
        "points to); not imported",
        "fifo.txt: not a regular file but a FIFO; not imported",
        "/dev/null: not a regular file but a device; not imported",
        "sock.txt: not a regular file but a socket; not imported",
    ]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        ".codecbox-import.jsonl",
        "ok.txt",
    ]


@POSIX_ONLY
def test_copies_keep_the_mode_and_the_quarantine_moves_bytes_not_links(tmp_path):
    # N6, N8: a 0600 source gives a 0600 copy; a symbolic link followed and quarantined
    # leaves the bytes in the quarantine (not a link, which would dangle there) and its
    # target in place.
    (tmp_path / "in").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "in" / "private.txt").write_text("hola\n")
    (tmp_path / "in" / "private.txt").chmod(0o600)
    (tmp_path / "elsewhere" / "ledger.txt").write_bytes(SPANISH)
    (tmp_path / "in" / "ledger.txt").symlink_to(Path("..") / "elsewhere" / "ledger.txt")
    options = ["--into", "out", "--quarantine", "review/q", "--candidates", "cp1252"]
    result = _import("in/private.txt", "in/ledger.txt", *options, cwd=tmp_path)
    assert result.returncode == 1  # the link is refused without --follow-symlinks
    assert not (tmp_path / "review" / "q" / "ledger.txt").exists()
    result = _import("in/private.txt", "in/ledger.txt", *options, "--follow-symlinks", cwd=tmp_path)
    assert result.returncode == 3, result.stderr
    assert (tmp_path / "out" / "private.txt").stat().st_mode & 0o777 == 0o600
    quarantined = tmp_path / "review" / "q" / "ledger.txt"
    assert not quarantined.is_symlink() and quarantined.read_bytes() == SPANISH
    assert not os.path.lexists(tmp_path / "in" / "ledger.txt")
    assert (tmp_path / "elsewhere" / "ledger.txt").read_bytes() == SPANISH


def test_a_source_is_removed_only_once_its_log_line_is_on_disk(tmp_path, monkeypatch, capsys):
    # The log on a full disk: the quarantined source stays (two copies, never none), and
    # the next run, with room again, finishes the move.
    from codecbox import cli, importing

    (tmp_path / "es.txt").write_bytes(SPANISH)
    sync = importing.ImportLog.sync

    def full(self: Any) -> None:
        raise OSError(28, "No space left on device", str(self.path))

    monkeypatch.setattr(importing.ImportLog, "sync", full)
    monkeypatch.chdir(tmp_path)
    args = ["import", "es.txt", "--into", "out", "--quarantine", "q", "--candidates", "cp1252"]
    assert cli.main(args) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert (tmp_path / "es.txt").read_bytes() == (tmp_path / "q" / "es.txt").read_bytes()
    monkeypatch.setattr(importing.ImportLog, "sync", sync)
    assert cli.main(args) == 3
    assert not (tmp_path / "es.txt").exists() and os.listdir(tmp_path / "q") == ["es.txt"]
    log = _records(tmp_path / "out" / ".codecbox-import.jsonl")
    assert [r["status"] for r in log.values()] == ["quarantined"]
    capsys.readouterr()


def test_a_log_write_cut_short_is_written_again_whole(tmp_path):
    from codecbox.importing import ImportLog as _Log

    log = _Log(tmp_path / "log.jsonl", {})
    log.append({"file": "/a", "status": "imported"})
    real = log._f

    class Interrupted:  # Ctrl-C after the first 10 bytes
        def write(self, data: memoryview) -> int:
            real.write(bytes(data[:10]))
            raise KeyboardInterrupt

        def fileno(self) -> int:
            return real.fileno()

    log._f = Interrupted()  # type: ignore[assignment]
    with pytest.raises(KeyboardInterrupt):
        log.sync()
    log._f = real
    log.sync()  # as the import does on its way out
    log.close()
    lines = (tmp_path / "log.jsonl").read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["file"] == "/a"
    again = _Log(tmp_path / "log.jsonl", {})
    again.close()
    assert again.last["/a"]["status"] == "imported"
