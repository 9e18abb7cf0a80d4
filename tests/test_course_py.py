"""course.py, the two-command set-up: it repairs itself and leaves nothing running."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from course_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")


@pytest.fixture
def course(tmp_path, monkeypatch):
    """course.py imported with its .venv pointed at a scratch folder and no real commands."""
    module = load_script("course.py", "course_under_test")
    venv = tmp_path / ".venv"
    monkeypatch.setattr(module, "VENV", venv)
    monkeypatch.setattr(module, "BIN", venv / "bin")
    monkeypatch.setattr(module, "PY", venv / "bin" / "python")
    monkeypatch.setattr(module, "STAMP", venv / ".installed")
    module.calls = []

    def fake_run(*args, check=True, quiet=False, **kw):
        module.calls.append([str(a) for a in args])
        if args[1:3] == ("-m", "venv"):
            (venv / "bin").mkdir(parents=True)
            (venv / "bin" / "python").touch()
        return 0

    monkeypatch.setattr(module, "run", fake_run)
    return module


def installs(course) -> int:
    return sum(1 for c in course.calls if "install" in c and "-e" in c)


def test_a_fresh_set_up_creates_installs_and_stamps(course, monkeypatch):
    monkeypatch.setattr(course, "has_pip", lambda: True)
    monkeypatch.setattr(course, "healthy", lambda: True)
    course.setup()
    assert any(c[1:3] == ["-m", "venv"] for c in course.calls)
    assert installs(course) == 1
    assert course.STAMP.read_text() == course.fingerprint()
    course.calls.clear()
    course.setup()  # the second call starts at once
    assert course.calls == []


def test_an_interrupted_first_set_up_is_rebuilt(course, monkeypatch):
    """Ctrl-C during ensurepip leaves bin/python and no pip: the next call starts over."""
    (course.BIN).mkdir(parents=True)
    course.PY.touch()
    (course.VENV / "half-made").touch()
    pips = iter([False, True, True])
    monkeypatch.setattr(course, "has_pip", lambda: next(pips))
    monkeypatch.setattr(course, "healthy", lambda: True)
    course.setup()
    assert not (course.VENV / "half-made").exists()
    assert any(c[1:3] == ["-m", "venv"] for c in course.calls)
    assert course.STAMP.exists()


def test_an_interrupted_install_is_finished_without_a_stamp_it_did_not_earn(course, monkeypatch):
    course.BIN.mkdir(parents=True)
    course.PY.touch()
    monkeypatch.setattr(course, "has_pip", lambda: True)
    monkeypatch.setattr(course, "healthy", lambda: True)

    def interrupted(*args, **kw):
        course.calls.append([str(a) for a in args])
        if "-e" in [str(a) for a in args]:
            raise KeyboardInterrupt
        return 0

    monkeypatch.setattr(course, "run", interrupted)
    with pytest.raises(KeyboardInterrupt):
        course.setup()
    assert not course.STAMP.exists()


def test_a_damaged_environment_is_rebuilt(course, monkeypatch):
    """A package removed by hand: the stamp still matches, but the import check fails."""
    course.BIN.mkdir(parents=True)
    course.PY.touch()
    course.STAMP.write_text(course.fingerprint())
    (course.VENV / "old").touch()
    health = iter([False, False, True])
    monkeypatch.setattr(course, "has_pip", lambda: True)
    monkeypatch.setattr(course, "healthy", lambda: next(health))
    course.setup()
    assert not (course.VENV / "old").exists()
    assert installs(course) == 1


def test_a_python_without_venv_gets_the_package_to_install(course, monkeypatch):
    def no_venv(*args, **kw):
        if args[1:3] == ("-m", "venv"):
            course.VENV.mkdir()
            raise subprocess.CalledProcessError(1, args)
        return 0

    monkeypatch.setattr(course, "run", no_venv)
    monkeypatch.setattr(course, "has_pip", lambda: False)
    with pytest.raises(course.Failed, match=r"apt install python3\.\d+-venv"):
        course.setup()
    assert not course.VENV.exists(), "a half-made .venv would fool the next call"


def test_every_supported_python_has_a_lock(course):
    for version in course.SUPPORTED:
        lock = course.lock_file(version)
        assert lock.is_file(), lock
        pins = lock.read_text().splitlines()
        assert any(line.startswith("ipython==") for line in pins)
        assert any(line.startswith("charset-normalizer==") for line in pins)


@POSIX
def test_signals_reach_the_child_and_course_waits_for_it(tmp_path):
    """SIGTERM to course.py goes to its child (pip, JupyterLab); course.py exits after it."""
    marker = tmp_path / "child.txt"
    child = textwrap.dedent(
        f"""
        import signal, sys, time
        from pathlib import Path
        def stop(signum, frame):
            time.sleep(0.5)  # a clean shutdown takes a moment
            Path({str(marker)!r}).write_text(signal.Signals(signum).name)
            sys.exit(0)
        signal.signal(signal.SIGTERM, stop)
        Path({str(marker)!r}).write_text("started")
        time.sleep(60)
        """
    )
    parent = textwrap.dedent(
        f"""
        import importlib.util, sys
        spec = importlib.util.spec_from_file_location("c", {str(ROOT / "course.py")!r})
        c = importlib.util.module_from_spec(spec); spec.loader.exec_module(c)
        sys.exit(c.run(sys.executable, "-c", {child!r}, check=False, quiet=True))
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", parent])
    deadline = time.monotonic() + 30
    while not (marker.exists() and marker.read_text() == "started"):
        assert time.monotonic() < deadline, "the child did not start"
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 0
    assert marker.read_text() == "SIGTERM"
