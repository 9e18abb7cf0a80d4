"""``codecbox import`` on a Dask cluster: a bag of paths, the command's guarantees.

:func:`import_bag` imports each path of a ``dask.bag.Bag`` (or of a list, made into one)
on whatever Dask scheduler is active (a ``dask.distributed.Client``'s cluster, or a local
one), with the per-file code of the ``codecbox import`` command
(:class:`~codecbox.importing.ImportRun`, :class:`~codecbox.importing.ImportLog`): the
same policy (:func:`~codecbox.import_bytes`), the same copies written by the same atomic,
never-overwriting writer, the same quarantine moves and the same JSON-lines records. Each
partition keeps its own log (``LOG.parts/part-<hash of its paths>.jsonl``, locked while
its task runs); the driver appends them to the one log (the command's own file and format:
``codecbox import`` can resume from it) at the end of the run and at the start of the next,
so an interrupted run, run again, skips what is done and finishes the rest.

:func:`import_bag` is made of three functions that do not use Dask, for other engines (the
README has a Spark recipe): :func:`plan_import` on the driver (the command's checks, and a
picklable :class:`ImportJob`), :func:`import_partition` in each task and
:func:`merge_logs` on the driver, before and after.

Importing this module does not import Dask; :func:`import_bag` does, and needs the
``dask`` extra (``pip install 'dask[distributed]>=2024.8'``).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from codecbox import importing
from codecbox.cli import EXIT_ERROR, EXIT_OK, EXIT_REVIEW
from codecbox.decoding import DEFAULT_DETECTOR
from codecbox.errors import install_hint
from codecbox.importing import LOG_NAME, ImportLog, ImportRun, prepare_import, read_log

if TYPE_CHECKING:
    from dask.bag import Bag

__all__ = ["BagImport", "ImportJob", "import_bag", "import_partition", "merge_logs", "plan_import"]

#: Files per partition when :func:`import_bag` makes the bag from a list.
PARTITION_SIZE = 200
#: The prefix of a partition log's name, in the ``LOG.parts`` folder.
PART_PREFIX = "part-"

_logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class BagImport:
    """What :func:`import_bag` did: the counts of ``codecbox import``'s summary line."""

    #: paths in the bag
    files: int
    #: copied with an encoding a rule was certain of
    imported: int
    #: copied from a guess (only without a quarantine): review them
    guessed: int
    #: moved to the quarantine
    quarantined: int
    #: nothing decided, left in place (only without a quarantine)
    undecided: int
    #: bytes that contradict the deciding rule, a file not read or written
    failed: int
    #: of all these, the files an earlier run had done (skipped)
    earlier: int
    #: the merged JSON-lines log
    log: Path

    @property
    def status(self) -> int:
        """``codecbox import``'s exit status for the same files: 1 if a file failed, else 3
        if one needs review (guessed, quarantined or undecided), else 0."""
        if self.failed:
            return EXIT_ERROR
        return EXIT_REVIEW if self.guessed + self.quarantined + self.undecided else EXIT_OK


@dataclass(frozen=True)
class ImportJob:
    """What every partition of an import needs, checked and made absolute by
    :func:`plan_import` on the driver; small and picklable, it is sent to each task."""

    #: the folder of the UTF-8 copies
    into: str
    #: the quarantine folder, or None
    quarantine: str | None
    #: the merged log (the command's)
    log: str
    #: the folder of the partition logs, ``LOG.parts``
    parts: str
    #: import_bytes's options, as the command builds them
    options: dict[str, Any]
    #: the options that decide a file's fate, as the log records them
    policy: dict[str, Any]
    #: import what a symbolic link points to (``--follow-symlinks``)
    follow_symlinks: bool


#: The merged log as a worker process last read it: its (inode, mtime, size), the last
#: record of each file and every copy each file was imported to.
#: (benchmarks/dask_history.py: reading a merged log of 20,000 files costs some 140 ms of
#: CPU, of 100,000 1.3 s, for every task without this, beside 0.1-1 s to import its 200.)
_HISTORY: dict[str, tuple[tuple[int, int, int], dict[str, Any], dict[str, set[str]]]] = {}
_HISTORY_LOCK = threading.Lock()


def _history(path: Path) -> tuple[dict[str, Any], dict[str, set[str]]]:
    """The merged log's state (``ImportLog.last`` and ``.written``), read once per process for
    each version of the file; the driver does not change it while partitions run."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return {}, {}
    stamp = (st.st_ino, st.st_mtime_ns, st.st_size)
    with _HISTORY_LOCK:
        cached = _HISTORY.get(str(path))
        if cached is not None and cached[0] == stamp:
            return cached[1], cached[2]
        last: dict[str, dict[str, Any]] = {}
        written: dict[str, set[str]] = {}
        for record in read_log(path.read_bytes()):
            importing._remember(last, written, record)
        _HISTORY.clear()
        _HISTORY[str(path)] = (stamp, last, written)
        return last, written


def _part_name(keys: Sequence[str]) -> str:
    """A partition log's name, from its files: a retried task, or the next run with the
    same partitions, opens the same log."""
    joined = "\n".join(sorted(keys)).encode("utf-8", "surrogateescape")
    return f"{PART_PREFIX}{hashlib.sha256(joined).hexdigest()[:24]}.jsonl"


def import_partition(paths: Iterable[str | os.PathLike[str]], job: ImportJob) -> dict[str, int]:
    """Import one partition's files (absolute paths) as ``codecbox import`` does, in this
    process: the task of :func:`import_bag`, or of any engine's job (see the README's
    Spark recipe). Its log is ``LOG.parts/part-<hash of the paths>.jsonl``, locked while it
    runs: a retried task, or the next run with the same partition, opens the same one and
    skips what it (or the merged log) says is done. Returns the tally: ``files``,
    ``imported``, ``guessed``, ``quarantined``, ``undecided``, ``error``, ``earlier``.

    >>> import tempfile
    >>> from pathlib import Path
    >>> inbox, out = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
    >>> _ = (inbox / "a.txt").write_bytes("año".encode("utf-8"))
    >>> job = plan_import(out)
    >>> import_partition([inbox / "a.txt"], job)
    {'files': 1, 'imported': 1}
    >>> import_partition([inbox / "a.txt"], job)  # its partition log says it is done
    {'earlier': 1, 'files': 1, 'imported': 1}
    >>> merge_logs(job), len((out / ".codecbox-import.jsonl").read_text().splitlines())
    (1, 1)
    """
    names = [os.fspath(p) for p in paths]
    if not names:
        return {}
    keys = [str(Path(name).absolute()) for name in names]
    Path(job.parts).mkdir(exist_ok=True)
    log = ImportLog(Path(job.parts) / _part_name(keys), job.policy)
    try:
        # What the merged log knows of these files, under what this partition's own log
        # says (newer: written by an earlier attempt at this task, since the merge).
        last, written = _history(Path(job.log))
        for key in keys:
            if key not in log.last and key in last:
                log.last[key] = last[key]
            log.written.setdefault(key, set()).update(written.get(key, ()))
        quarantine = None if job.quarantine is None else Path(job.quarantine)
        # the command's per-file messages go to this module's logger (the log has them too)
        run = ImportRun(job.options, Path(job.into), quarantine, log, job.follow_symlinks,
                        _logger.info)  # fmt: skip
        tally = run.import_files(names)
    finally:
        log.close()
    return dict(sorted(tally.items()))


def _partition(paths: Iterable[str | os.PathLike[str]], job: ImportJob) -> list[dict[str, int]]:
    """:func:`import_partition` as a bag's partition: a list of one tally."""
    return [import_partition(paths, job)]


def _absorb(merged: ImportLog, folder: Path) -> int:
    """Append to ``merged`` the records of each partition log in ``folder`` that no task is
    writing (its lock is free), fsync, then delete those partition logs; returns how many
    were appended. A record equal to its file's last one is not appended again (a merge cut
    short before the delete)."""
    taken = []
    try:
        for part in sorted(folder.glob(f"{PART_PREFIX}*.jsonl")) if folder.is_dir() else []:
            f = open(part, "rb")
            if not importing._lock(f):  # a task of an interrupted run still writing
                f.close()
                continue
            taken.append((part, f))
        appended = 0
        for _, f in taken:
            for record in read_log(f.read()):
                if record != merged.last.get(record["file"]):
                    merged.append(record)  # the same line: it keeps its policy
                    appended += 1
        merged.sync()
        for part, _ in taken:
            part.unlink()
    finally:
        for _, f in taken:
            f.close()
    return appended


def merge_logs(job: ImportJob) -> int:
    """Append to the merged log the lines of every partition log that no task is writing
    (its lock is free), then delete those partition logs; returns how many lines were
    appended. :func:`import_bag` does this at its start (what an interrupted run left)
    and its end; call it on the driver before and after a job made of
    :func:`import_partition` tasks. A line equal to its file's last record (a merge cut
    short before the delete, or a file that failed the same way again) is not repeated.
    ``OSError`` (EAGAIN) if another import holds the merged log.

    >>> import tempfile
    >>> merge_logs(plan_import(tempfile.mkdtemp()))  # no partition has run: nothing
    0
    """
    merged = ImportLog(Path(job.log), job.policy)
    try:
        return _absorb(merged, Path(job.parts))
    finally:
        merged.close()


def _problem(path: str | os.PathLike[str], into: str, own: tuple[str, ...]) -> str | None:
    """What ``codecbox import`` would refuse up front about ``path`` (before any file is
    touched), or None. ``own``: the names in ``into`` that the log and its parts take."""
    name = os.fspath(path)
    if not os.path.isabs(name):
        return f"{name}: a relative path (give absolute ones: a worker's folder is not yours)"
    if os.path.isdir(name):
        return f"{name}: is a folder (give the files)"
    target = os.path.join(into, os.path.basename(name))
    if target in own:
        return f"{name}: its copy would overwrite the log {target}"
    with contextlib.suppress(OSError):
        if os.path.samefile(name, target):
            return f"{name}: is already in {into}"
    return None


def _basename(path: str | os.PathLike[str]) -> str:
    return os.path.basename(os.fspath(path))


def _repeated(pair: tuple[str, int]) -> bool:
    return pair[1] > 1


def import_bag(
    paths: Bag | Iterable[str | os.PathLike[str]],
    into: str | os.PathLike[str],
    *,
    quarantine: str | os.PathLike[str] | None = None,
    declared: str | None = None,
    candidates: Sequence[str] | None = None,
    min_sample: int = 256,
    detector: str | None = None,
    hint: str | None = None,
    log: str | os.PathLike[str] | None = None,
    follow_symlinks: bool = False,
    partition_size: int = PARTITION_SIZE,
) -> BagImport:
    """Import every file of ``paths`` into ``into`` on the active Dask scheduler, with the
    guarantees of ``codecbox import SRC... --into INTO`` and the same options.

    Each file ends in exactly one place: a UTF-8 copy in ``into``, or moved to
    ``quarantine``, or (undecided without a quarantine, or failed) left where it is; a copy
    is written atomically and never over a file this import did not write. Each partition
    logs to ``LOG.parts/part-<hash>.jsonl``; at the end (and at the start of the next run,
    for what an interrupted run left) those lines are appended to ``log`` (default
    ``INTO/.codecbox-import.jsonl``, the command's), one per file done. Run again, with
    the same options, it skips every file the logs say is done and imports the rest: a
    worker killed mid-partition, or a run stopped, costs only the files not yet logged,
    and none is imported twice (a copy already holding the same bytes is reused).

    ``paths``: absolute paths, as a ``dask.bag.Bag`` (its partitions are the tasks) or
    any iterable (made into a bag of ``partition_size`` files per partition). Like the
    command, two files with the same name are refused (``ValueError``) before any is
    touched; so are relative paths. ``declared``, ``candidates``, ``min_sample``,
    ``detector`` and ``hint`` are :func:`~codecbox.import_bytes`'s and the command's
    options (names, as the command takes them, so that the log's ``policy`` is the
    command's). The folders must be on a file system every worker shares.

    >>> import tempfile
    >>> from pathlib import Path
    >>> import dask
    >>> inbox, out, review = (Path(tempfile.mkdtemp()) for _ in range(3))
    >>> _ = (inbox / "a.txt").write_bytes("año".encode("utf-8"))
    >>> _ = (inbox / "b.txt").write_bytes("año".encode("cp1252"))  # too short to guess
    >>> with dask.config.set(scheduler="synchronous"):
    ...     done = import_bag(sorted(inbox.iterdir()), out, quarantine=review)
    >>> done.imported, done.quarantined, done.status
    (1, 1, 3)
    >>> (out / "a.txt").read_text(encoding="utf-8"), [p.name for p in review.iterdir()]
    ('año', ['b.txt'])
    >>> with dask.config.set(scheduler="synchronous"):  # again: nothing left to do
    ...     import_bag([inbox / "a.txt", inbox / "b.txt"], out, quarantine=review).earlier
    2
    """
    try:
        import dask.bag
        from dask.base import compute as dask_compute
    except ImportError as exc:
        raise ModuleNotFoundError(f"codecbox.dask needs Dask: {install_hint('dask')}") from exc
    compute: Any = dask_compute  # (dask's functions are not annotated)
    from_sequence: Any = dask.bag.from_sequence
    bag: Any = paths
    listed: list[str] | None = None
    if not isinstance(paths, dask.bag.Bag):
        if isinstance(paths, str | bytes | os.PathLike):
            raise TypeError("import_bag() takes many paths (a bag or a list), not one")
        listed = [os.fspath(p) for p in paths]
        parts = max(1, -(-len(listed) // max(1, partition_size)))
        bag = from_sequence(listed, npartitions=parts)
    job = plan_import(
        into,
        quarantine=quarantine,
        declared=declared,
        candidates=candidates,
        min_sample=min_sample,
        detector=detector,
        hint=hint,
        log=log,
        follow_symlinks=follow_symlinks,
    )
    own = (job.log, job.parts)
    if listed is not None:  # here: a few stat calls per path, cheaper than a Dask pass
        problems = [p for p in (_problem(n, job.into, own) for n in listed) if p][:5]
        repeated = list(filter(_repeated, Counter(map(_basename, listed)).items()))
    else:  # a pass over the bag, on the workers
        problems, repeated = compute(
            bag.map(_problem, job.into, own)
            .filter(None)
            .take(5, npartitions=-1, compute=False, warn=False),
            bag.map(_basename).frequencies().filter(_repeated),
        )
    if problems or repeated:
        shown = [*problems, *(f"{n!r}: {k} files have this name" for n, k in repeated[:5])]
        raise ValueError(
            "; ".join(shown) + ("; import them into different folders" * bool(repeated))
        )
    merged = ImportLog(Path(job.log), job.policy)  # locked for the run, as the command's
    try:
        parts_folder = Path(job.parts)
        _absorb(merged, parts_folder)  # what an interrupted run left
        try:
            tallies: list[dict[str, int]] = bag.map_partitions(_partition, job).compute()
        finally:
            _absorb(merged, parts_folder)  # also after a failure: what is done is logged
    finally:
        merged.close()
    total = sum(map(Counter, tallies), Counter[str]())
    return BagImport(
        files=total["files"],
        imported=total["imported"],
        guessed=total["guessed"],
        quarantined=total["quarantined"],
        undecided=total["undecided"],
        failed=total["error"],
        earlier=total["earlier"],
        log=Path(job.log),
    )


def plan_import(
    into: str | os.PathLike[str],
    *,
    quarantine: str | os.PathLike[str] | None = None,
    declared: str | None = None,
    candidates: Sequence[str] | None = None,
    min_sample: int = 256,
    detector: str | None = None,
    hint: str | None = None,
    log: str | os.PathLike[str] | None = None,
    follow_symlinks: bool = False,
) -> ImportJob:
    """On the driver, before any file is touched: the checks ``codecbox import`` makes on
    its options (a ``ValueError`` or ``OSError`` here, as the command's usage errors), the
    folders made, the temporary files a killed run left in them removed, and the job every
    :func:`import_partition` task takes: the options and the logged policy exactly as the
    command builds them from the same options (its ``--into``, ``--quarantine``,
    ``--declared``, ``--candidates``, ``--min-sample``, ``--detector``, ``--hint``,
    ``--log``, ``--follow-symlinks``).

    >>> import tempfile
    >>> job = plan_import(tempfile.mkdtemp(), candidates=["cp1252", "koi8-r"])
    >>> job.policy["candidates"], job.policy["detector"], job.log.endswith(".jsonl")
    (['windows-1252', 'KOI8-R'], 'codecbox', True)
    >>> plan_import(tempfile.mkdtemp(), candidates=["klingon"])
    Traceback (most recent call last):
    ...
    codecbox.errors.UnknownEncodingError: unknown encoding 'klingon'
    """
    folder = Path(into).absolute()
    review = None if quarantine is None else Path(quarantine).absolute()
    merged = Path(log).absolute() if log is not None else None
    options, policy = prepare_import(
        folder, review, merged, declared=declared, candidates=candidates,
        min_sample=min_sample, detector=detector or DEFAULT_DETECTOR, hint=hint,
    )  # fmt: skip
    merged = merged or folder / LOG_NAME
    return ImportJob(
        into=str(folder),
        quarantine=None if review is None else str(review),
        log=str(merged),
        parts=f"{merged}.parts",
        options=options,
        policy=policy,
        follow_symlinks=follow_symlinks,
    )
