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
    monkeypatch.setattr(module, "made_by_this_python", lambda: True)
    return module


def installs(course) -> int:
    return sum(1 for c in course.calls if "install" in c and "-e" in c)


def test_a_fresh_set_up_creates_installs_and_stamps(course, monkeypatch):
    monkeypatch.setattr(course, "has_pip", lambda: True)
    monkeypatch.setattr(course, "healthy", lambda kind="lab": True)
    course.setup()
    assert any(c[1:3] == ["-m", "venv"] for c in course.calls)
    assert installs(course) == 1
    assert course.STAMP.read_text() == course.fingerprint("full")
    course.calls.clear()
    course.setup()  # the second call starts at once
    course.setup("lab")  # and a full set-up serves lab too
    assert course.calls == []


def test_an_interrupted_first_set_up_is_rebuilt(course, monkeypatch):
    """Ctrl-C during ensurepip leaves bin/python and no pip: the next call starts over."""
    (course.BIN).mkdir(parents=True)
    course.PY.touch()
    (course.VENV / "half-made").touch()
    pips = iter([False, True, True])
    monkeypatch.setattr(course, "has_pip", lambda: next(pips))
    monkeypatch.setattr(course, "healthy", lambda kind="lab": True)
    course.setup()
    assert not (course.VENV / "half-made").exists()
    assert any(c[1:3] == ["-m", "venv"] for c in course.calls)
    assert course.STAMP.exists()


def test_an_interrupted_install_is_finished_without_a_stamp_it_did_not_earn(course, monkeypatch):
    course.BIN.mkdir(parents=True)
    course.PY.touch()
    monkeypatch.setattr(course, "has_pip", lambda: True)
    monkeypatch.setattr(course, "healthy", lambda kind="lab": True)

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
    course.STAMP.write_text(course.fingerprint("full"))
    (course.VENV / "old").touch()
    health = iter([False, True])
    monkeypatch.setattr(course, "has_pip", lambda: True)
    monkeypatch.setattr(course, "healthy", lambda kind="lab": next(health))
    course.setup()
    assert not (course.VENV / "old").exists()
    assert installs(course) == 1


def test_lab_installs_the_classroom_only_and_test_completes_it_in_place(course, monkeypatch):
    monkeypatch.setattr(course, "has_pip", lambda: True)
    monkeypatch.setattr(course, "healthy", lambda kind="lab": True)
    course.setup("lab")
    (lab,) = [c for c in course.calls if "-e" in c]
    assert lab[-4:] == ["-e", ".[chardet,cli]", "-e", "./curso[lab]"]
    assert course.STAMP.read_text() == course.fingerprint("lab")
    course.calls.clear()
    course.setup("lab")
    assert course.calls == []
    course.setup("full")
    assert not any(c[1:3] == ["-m", "venv"] for c in course.calls), "not rebuilt"
    (full,) = [c for c in course.calls if "-e" in c]
    assert full[-4:] == ["-e", ".[chardet,cli]", "-e", "./curso[lab,test,lite]"]
    assert course.STAMP.read_text() == course.fingerprint("full")


def test_an_old_or_foreign_stamp_vouches_for_nothing(course):
    course.BIN.mkdir(parents=True)
    for text in ("", "lab", course.fingerprint("full").split()[1], "full 0123"):
        course.STAMP.write_text(text)
        assert course.installed() is None, text
    course.STAMP.write_text(course.fingerprint("lab"))
    assert course.installed() == "lab"


def test_a_venv_of_another_python_is_not_taken_for_this_ones(tmp_path, monkeypatch):
    """`python3.12 course.py test` after a 3.11 set-up: the 3.12 lock in a 3.11 .venv
    would be neither; setup() makes .venv again when this check fails."""
    course = load_script("course.py", "course_other_python")
    monkeypatch.setattr(course, "VENV", tmp_path)
    assert not course.made_by_this_python()  # no pyvenv.cfg
    other = "3.9.1" if sys.version_info[:2] != (3, 9) else "3.8.1"
    (tmp_path / "pyvenv.cfg").write_text(f"home = /x\nversion = {other}\n")
    assert not course.made_by_this_python()
    (tmp_path / "pyvenv.cfg").write_text(f"version = {sys.version.split()[0]}\n")
    assert course.made_by_this_python()


def test_health_means_importing_not_finding(course, tmp_path, monkeypatch):
    """A module that is there but fails to import (codecbox on a Python it did not support
    did) is a broken environment: the check imports every module it names."""
    (tmp_path / "broken_on_import.py").write_text("raise SyntaxError('not on this Python')\n")
    (tmp_path / "fine.py").write_text("")
    monkeypatch.setattr(course, "PY", Path(sys.executable))
    monkeypatch.setattr(course, "ROOT", tmp_path)
    monkeypatch.setattr(course, "MODULES", {"lab": ("fine",), "full": ("broken_on_import",)})
    assert course.healthy("lab")
    assert not course.healthy("full")


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
    for _ in range(600):  # polls, 0.05 s apart
        if marker.exists() and marker.read_text() == "started":
            break
        time.sleep(0.05)
    else:
        pytest.fail("the child did not start")
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 0
    assert marker.read_text() == "SIGTERM"


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux: read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_one_ctrl_c_in_a_terminal_stops_lab_and_its_kernels(tmp_path):
    """A person's Ctrl-C: the terminal sends SIGINT to the whole foreground process group.

    course.py must not forward a second one (JupyterLab would ask "Shut down this Jupyter
    server (y/[n])?" twice, and go on running when nobody answers in 5 s).
    """
    import json
    import pty
    import secrets
    import urllib.request

    token = secrets.token_hex(16)
    runtime = tmp_path / "runtime"
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_RUNTIME_DIR": str(runtime),
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
    }
    args = [sys.executable, str(ROOT / "course.py"), "lab", "--no-browser",
            "--ServerApp.ip=127.0.0.1", "--ServerApp.port=0", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}"]  # fmt: skip
    pid, fd = pty.fork()
    if pid == 0:  # the child: a session leader whose controlling terminal is the pty
        os.execve(sys.executable, args, env)
    output = bytearray()

    def read() -> None:
        import select

        while select.select([fd], [], [], 0.05)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the other side closed
                return
            if not chunk:
                return
            output.extend(chunk)

    try:
        port = None
        for _ in range(2400):  # up to ~2 min for the server file (a first set-up is longer)
            read()
            info = sorted(runtime.glob("jpserver-*.json"))
            if info:
                try:
                    port = json.loads(info[0].read_text())["port"]
                    break
                except (ValueError, KeyError):
                    pass  # half-written
            assert os.waitpid(pid, os.WNOHANG) == (0, 0), output.decode(errors="replace")
            time.sleep(0.05)
        assert port, "JupyterLab wrote no server file:\n" + output.decode(errors="replace")
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/kernels",
            data=b"{}",
            method="POST",
            headers={"Authorization": f"token {token}"},
        )
        for _ in range(200):  # the server file comes a moment before the server answers
            try:
                urllib.request.urlopen(request, timeout=30).close()
                break
            except OSError:
                time.sleep(0.05)
        (jupyter,) = _children(pid)
        kernels = []
        for _ in range(600):
            kernels = _children(jupyter)
            if kernels:
                break
            time.sleep(0.05)
        assert kernels, "the kernel did not start"
        read()
        os.write(fd, b"\x03")  # what the Ctrl-C key sends; the terminal turns it into SIGINT
        status = None
        for _ in range(600):  # a clean shutdown takes a few seconds
            read()
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.05)
        else:
            pytest.fail("course.py lab still runs 30 s after one Ctrl-C:\n" + output.decode())
        read()
        text = output.decode(errors="replace")
        assert os.waitstatus_to_exitcode(status) == 130, text
        assert "Shut down this Jupyter server" not in text, text
        assert not _alive(jupyter) and not any(_alive(k) for k in kernels), text
    finally:
        for p in (pid, *_children(pid)):
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
        os.close(fd)


# --- students and teachers: `lab`, `lab --docente`, `nbgrader` --------------------------------


@pytest.fixture
def launched(course, monkeypatch):
    """main() with set-up and commands faked: what it would run, with which set-up and env."""
    monkeypatch.setattr(course, "DOCENTE", course.VENV.parent / "docente")
    seen: dict = {"setup": [], "run": []}
    monkeypatch.setattr(course, "setup", lambda kind="full": seen["setup"].append(kind))
    monkeypatch.setattr(
        course, "run", lambda *args, **kw: seen["run"].append(([str(a) for a in args], kw)) or 0
    )
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", "/elsewhere")
    return seen


def test_a_students_lab_reads_the_configuration_without_nbgrader(course, launched):
    assert course.main(["lab", "--no-browser"]) == 0
    assert launched["setup"] == ["lab"]
    ((args, kw),) = launched["run"]
    assert args == [str(course.BIN / "jupyter"), "lab", *course.lab_options(), "--no-browser"]
    paths = kw["env"]["JUPYTER_CONFIG_PATH"].split(os.pathsep)
    assert paths == [str(ROOT / "jupyter" / "alumnos"), "/elsewhere"]
    assert not course.DOCENTE.exists()


def test_a_teachers_lab_reads_nbgrader_config_and_gets_the_course_folder(course, launched):
    assert course.main(["lab", "--docente", "--no-browser"]) == 0
    assert launched["setup"] == ["full"]  # nbgrader comes with the full set-up
    ((args, kw),) = launched["run"]
    assert "--docente" not in args and args[-1] == "--no-browser"
    env = kw["env"]
    assert env["JUPYTER_CONFIG_PATH"].split(os.pathsep)[0] == str(ROOT / "jupyter" / "docente")
    assert env["PATH"].split(os.pathsep)[0] == str(course.BIN)  # nbgrader's `alembic`
    assert (course.DOCENTE / "source" / "l01" / "01_caracteres_y_bytes.ipynb").is_file()


def test_nbgrader_runs_in_the_course_folder_with_the_course_configuration(course, launched):
    assert course.main(["nbgrader", "autograde", "l01"]) == 0
    assert launched["setup"] == ["full"]
    ((args, kw),) = launched["run"]
    assert args == [str(course.BIN / "nbgrader"), "autograde", "l01"]
    assert kw["cwd"] == course.DOCENTE
    assert kw["env"]["JUPYTER_CONFIG_PATH"].split(os.pathsep)[0] == str(
        ROOT / "jupyter" / "docente"
    )
    assert kw["env"]["PATH"].split(os.pathsep)[0] == str(course.BIN)
    assert kw["env"]["PYTHONHASHSEED"] == "0"
