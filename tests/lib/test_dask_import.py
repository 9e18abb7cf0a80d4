"""codecbox.dask.import_bag on a real LocalCluster (2 worker processes): the same copies,
quarantine and log records as ``codecbox import`` on the same files, every file in exactly
one place and on exactly one line of the merged log, also after a worker is killed in the
middle of a partition and the import is run again; and ``import codecbox`` stays free of
Dask. The cluster is closed at the end, with no process or thread left behind."""

from __future__ import annotations

import codecs
import contextlib
import faulthandler
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")
psutil = pytest.importorskip("psutil")

from codecbox.dask import import_bag  # noqa: E402

#: What ``codecbox import`` and import_bag are given: a guess may choose among these.
CANDIDATES = ["cp1252", "cp932", "koi8-r"]
#: The whole module must end within this (seconds): a hang kills the test process.
DEADLINE = 120
SPANISH = "Factura nº {i}: cañería, jalapeño y señal del año; José Núñez pagó 1.234,50 €.\n"
JAPANESE = "請求書 {i}: 東京都の倉庫から、明日の朝に発送します。よろしくお願いします。\n"
RUSSIAN = "Счёт {i}: доставка из склада в Москве завтра утром, спасибо за заказ.\n"


def source(i: int) -> tuple[str, bytes]:
    """The ``i``-th generated file: its name and bytes, 12 kinds in turn (certain, guessed,
    too short to guess, binary, mostly valid UTF-8, bytes that contradict their BOM)."""
    kind = i % 12
    es, ja, ru = (t.format(i=i) for t in (SPANISH, JAPANESE, RUSSIAN))
    data = {
        0: lambda: (es * 3).encode("utf-8"),  # valid UTF-8: imported
        1: lambda: codecs.BOM_UTF8 + es.encode("utf-8"),  # BOM
        2: lambda: es.encode("utf-16"),  # BOM (UTF-16LE)
        3: lambda: (es * 5).encode("cp1252"),  # a guess: quarantined
        4: lambda: f"año {i}".encode("cp1252"),  # too short to guess: quarantined
        5: lambda: (ja * 4).encode("cp932"),  # a guess
        6: lambda: (ru * 4).encode("koi8-r"),  # a guess
        7: lambda: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 2,  # binary
        8: lambda: (es * 3).encode("utf-8") + b"\xff" + es.encode("utf-8"),  # mostly UTF-8
        9: lambda: f"plain ASCII line {i}\n".encode("ascii") * 3,  # ASCII is UTF-8
        10: lambda: (ja * 2).encode("iso-2022-jp"),  # escapes prove ISO-2022-JP
        11: lambda: codecs.BOM_UTF16_LE + es.encode("utf-16-le") + b"\x00",  # odd: an error
    }[kind]()
    return f"f{i:03d}.txt", data


def write_sources(folder: Path, n: int) -> list[Path]:
    folder.mkdir(parents=True)
    paths = []
    for i in range(n):
        name, data = source(i)
        (folder / name).write_bytes(data)
        paths.append(folder / name)
    return paths


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by its path there, with its bytes (logs aside)."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".codecbox-import.jsonl" not in str(p)
    }


def records(log: Path, root: Path) -> list[dict[str, Any]]:
    """The log's records, each with its paths made relative to ``root`` and what differs
    between two runs by design (the policy's quarantine folder) left out."""
    out = []
    for line in log.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        for field in ("file", "destination"):
            if record.get(field):
                record[field] = str(Path(record[field]).relative_to(root))
        if record.get("reason"):
            record["reason"] = record["reason"].replace(f"{root}{os.sep}", "")
        record["policy"].pop("quarantine")
        out.append(record)
    return out


def by_file(found: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {record["file"]: record for record in found}


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """``codecbox import`` (the command, in a child process) on 240 generated files: its
    folder (``in/`` what is left, ``out/`` the copies and the log, ``q/`` the quarantine)."""
    root = tmp_path_factory.mktemp("command")
    paths = write_sources(root / "in", 240)
    command = [sys.executable, "-m", "codecbox", "import", *map(str, paths), "--into"]
    command += [str(root / "out"), "--quarantine", str(root / "q")]
    command += ["--candidates", ",".join(CANDIDATES), "--progress", "off"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    return root, done.returncode


def threads() -> set[threading.Thread]:
    return set(threading.enumerate())


def children() -> set[int]:
    return {p.pid for p in psutil.Process().children(recursive=True)}


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A LocalCluster of 2 worker processes of 1 thread, and its client; afterwards, no
    thread and no process this started is left."""
    faulthandler.dump_traceback_later(DEADLINE, exit=True)  # a hang ends the test process
    before_threads, before_children = threads(), children()
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        host="127.0.0.1",
        silence_logs=50,
    )
    try:
        with distributed.Client(cluster) as c:
            yield c
    finally:
        cluster.close(timeout=30)
        faulthandler.cancel_dump_traceback_later()
        # Two helpers live as long as the process once started, whoever starts them:
        # multiprocessing's resource tracker (a child process, with the spawned workers)
        # and distributed's one-thread offload pool. Stopped here (the pool replaced by
        # an unstarted one, as distributed.utils makes it), so that nothing is left.
        if not before_children:
            from multiprocessing import resource_tracker

            getattr(resource_tracker._resource_tracker, "_stop", lambda: None)()
        from concurrent.futures import ThreadPoolExecutor

        from distributed import utils

        if not any(t.name.startswith("Dask-Offload") for t in before_threads):
            utils._offload_executor.shutdown(wait=True)
            utils._offload_executor = ThreadPoolExecutor(1, thread_name_prefix="Dask-Offload")
    deadline = time.monotonic() + 15
    while (children() - before_children or threads() - before_threads) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.1)
    assert not children() - before_children, "worker processes left running"
    left = threads() - before_threads
    assert not left, f"threads left running: {sorted(t.name for t in left)}"


def test_importing_codecbox_does_not_import_dask() -> None:
    code = (
        "import sys, codecbox, codecbox.dask\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"


def test_refused_before_any_file_is_touched(tmp_path: Path) -> None:
    """As the command refuses them up front: two files with the same name (both would be
    copied to one), a relative path (a worker's folder is not the driver's)."""
    import dask
    import dask.bag

    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.txt").write_bytes("año".encode("cp1252"))
    same = [tmp_path / "a" / "x.txt", tmp_path / "b" / "x.txt"]
    with dask.config.set(scheduler="synchronous"):
        for given in (same, dask.bag.from_sequence(same, npartitions=2)):  # a list, a bag
            with pytest.raises(ValueError, match="'x.txt': 2 files have this name"):
                import_bag(given, tmp_path / "out", quarantine=tmp_path / "q")
        for relative in (["a/x.txt"], dask.bag.from_sequence(["a/x.txt"])):
            with pytest.raises(ValueError, match="x.txt: a relative path"):
                import_bag(relative, tmp_path / "out", quarantine=tmp_path / "q")
    assert not list((tmp_path / "out").iterdir()) and not (tmp_path / "q").exists()
    assert all(path.exists() for path in same)


def check_same_as_the_command(root: Path, reference: tuple[Path, int], n: int) -> None:
    ref, status = reference
    assert status == 1  # 1: the files whose bytes contradict their BOM failed
    assert tree(root / "out") == tree(ref / "out")
    assert tree(root / "q") == tree(ref / "q")
    assert tree(root / "in") == tree(ref / "in")  # copied or failed: left in place
    # every file in exactly one place: copied (its source stays), moved to the quarantine,
    # or failed (left in place)
    names = {source(i)[0] for i in range(n)}
    copied, moved, left = set(tree(root / "out")), set(tree(root / "q")), set(tree(root / "in"))
    assert not copied & moved and copied | moved == names - (left - copied)
    assert left == names - moved
    merged = records(root / "out" / ".codecbox-import.jsonl", root)
    assert len(merged) == n, "one line per file"
    assert by_file(merged) == by_file(records(ref / "out" / ".codecbox-import.jsonl", ref))
    assert not list((root / "out" / ".codecbox-import.jsonl.parts").iterdir())


def test_a_bag_on_two_workers_imports_as_the_command_does(
    client: Any, reference: tuple[Path, int], tmp_path: Path
) -> None:
    n = 240
    paths = write_sources(tmp_path / "in", n)
    options: dict[str, Any] = {"quarantine": tmp_path / "q", "candidates": CANDIDATES}
    start = time.monotonic()
    done = import_bag(paths, tmp_path / "out", partition_size=40, **options)
    took = time.monotonic() - start
    assert (done.files, done.earlier, done.status) == (n, 0, 1)
    assert done.imported + done.quarantined + done.failed == n
    assert (done.guessed, done.undecided) == (0, 0)
    assert done.failed == n // 12
    check_same_as_the_command(tmp_path, reference, n)
    # Run again: the failed files are tried again and fail the same way; the merged log
    # does not repeat a file's last record, so it still has one line per file.
    again = import_bag(paths, tmp_path / "out", partition_size=40, **options)
    assert again.earlier == n - done.failed
    assert (again.files, again.failed) == (n, done.failed)
    check_same_as_the_command(tmp_path, reference, n)
    # The merged log is the command's: codecbox import, given the same files and options,
    # finds them done (all but the failed ones, which it tries again).
    command = [sys.executable, "-m", "codecbox", "import", *map(str, paths), "--into"]
    command += [str(tmp_path / "out"), "--quarantine", str(tmp_path / "q")]
    command += ["--candidates", ",".join(CANDIDATES), "--progress", "off"]
    resumed = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert f"; {n - done.failed} of them done by an earlier run" in resumed.stdout
    print(f"{n} files on 2 workers: {took:.2f} s")


def _die_after(count: int, marks: str) -> None:
    """In a worker process: SIGKILL this process when it starts its ``count + 1``-th file
    (a crash in the middle of a partition), and leave a mark saying it imports."""
    from codecbox.importing import ImportRun

    one = ImportRun.import_file
    started = [0]

    def dying(self: Any, name: str) -> Any:
        started[0] += 1
        if started[0] == 1:
            Path(marks, str(os.getpid())).touch()
        if started[0] > count:
            os.kill(os.getpid(), signal.SIGKILL)
        return one(self, name)

    ImportRun.import_file = dying  # type: ignore[method-assign]


def test_a_worker_killed_mid_partition_then_a_second_run(
    client: Any, reference: tuple[Path, int], tmp_path: Path
) -> None:
    import cloudpickle

    n = 240
    paths = write_sources(tmp_path / "in", n)
    options: dict[str, Any] = {"quarantine": tmp_path / "q", "candidates": CANDIDATES}
    marks = tmp_path / "marks"
    marks.mkdir()
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        # 2 partitions of 120; a worker dies as it starts its 111th file, after a batch was
        # logged and synced (every 100 files or second) and before the rest was
        client.run(_die_after, 110, str(marks))
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    allowed = client.run_on_scheduler(_allowed_failures, 0)  # a dead worker ends the run
    try:
        with pytest.raises(distributed.KilledWorker):
            import_bag(paths, tmp_path / "out", partition_size=120, **options)
        # wait until every worker that imported is dead (none still writes), then for
        # the two fresh workers the nannies start
        deadline = time.monotonic() + 30
        while any(psutil.pid_exists(int(p.name)) for p in marks.iterdir()):
            assert time.monotonic() < deadline, "a killed worker is still running"
            time.sleep(0.05)
        client.wait_for_workers(2, timeout=30)
    finally:
        client.run_on_scheduler(_allowed_failures, allowed)
    # What the logs say is done: the merged log, and the partition log of a task that was
    # still running when the driver merged (merged at the next start)
    log = tmp_path / "out" / ".codecbox-import.jsonl"
    last = {}
    for path in [log, *sorted(Path(f"{log}.parts").iterdir())]:
        for line in path.read_text().splitlines() if path.exists() else ():
            with contextlib.suppress(ValueError):  # a line cut by the kill
                record = json.loads(line)
                last[record["file"]] = record["status"]
    logged = sum(status in ("imported", "quarantined") for status in last.values())
    assert 0 < logged < n, logged  # some done, not all
    done = import_bag(paths, tmp_path / "out", partition_size=120, **options)
    assert (done.files, done.earlier) == (n, logged)  # the logged ones skipped, no other
    check_same_as_the_command(tmp_path, reference, n)
    assert not [p for p in (tmp_path / "q").iterdir() if p.name.startswith(".")]
    assert not [p for p in (tmp_path / "out").iterdir() if p.name.endswith(".tmp")]


def test_a_worker_killed_mid_partition_is_retried_in_the_same_run(
    client: Any, reference: tuple[Path, int], tmp_path: Path
) -> None:
    """Dask runs a task whose worker died again (allowed-failures): the new attempt opens
    the same partition log, skips what the dead one logged, and the run ends as the
    command's."""
    import cloudpickle
    import dask.bag

    n = 240
    paths = write_sources(tmp_path / "in", n)
    options: dict[str, Any] = {"quarantine": tmp_path / "q", "candidates": CANDIDATES}
    marks = tmp_path / "marks"
    marks.mkdir()
    client.wait_for_workers(2, timeout=30)
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        client.run(_die_after, 110, str(marks))
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    allowed = client.run_on_scheduler(_allowed_failures, 3)
    try:
        bag = dask.bag.from_sequence(paths, npartitions=2)  # a bag this time: its partitions
        done = import_bag(bag, tmp_path / "out", **options)
    finally:
        client.run_on_scheduler(_allowed_failures, allowed)
    assert list(marks.iterdir()), "no worker imported"
    assert not any(psutil.pid_exists(int(p.name)) for p in marks.iterdir()), "none was killed"
    assert done.files == n
    assert 0 < done.earlier < n  # what the killed attempts had logged, skipped by the retry
    check_same_as_the_command(tmp_path, reference, n)


def _allowed_failures(count: int, dask_scheduler: Any = None) -> int:
    """On the scheduler: set how many worker deaths a task survives; returns the old one."""
    old: int = dask_scheduler.allowed_failures
    dask_scheduler.allowed_failures = count
    return old
