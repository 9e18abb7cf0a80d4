"""The ``codecbox`` command beside iconv, chardetect and ``file``: ``-`` and exit statuses.

``-`` is standard input or standard output wherever a file is named (and a usage error
where it makes no sense); ``detect``, ``decode`` and ``html`` exit 0 when they answered,
a guess included, as chardetect does; ``convert`` and ``import`` keep 3 for needs review.
Each test runs ``python -m codecbox`` in a subprocess with bytes on stdin and stdout.
A file named ``-`` sits in the working folder, so that reading or writing it instead of
the standard stream shows.
"""

from __future__ import annotations

import contextlib
import io
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_cli import codecbox, err  # one way to run the command in the tests

SPANISH = "¿Año nuevo? ¡Señor Muñoz! El café cuesta 3 €.\n" * 20
GUESS = ["--detector", "codecbox", "--candidates", "cp1252,cp949"]
DASH = b"not the standard stream\n"
#: How many times a test looks, 0.05 s apart, for a child's output.
POLLS = 1200


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file and folder under ``folder`` (None for a folder), to show nothing changed."""
    return {
        str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes()
        for p in folder.rglob("*")
    }


@pytest.fixture
def work(tmp_path: Path) -> Path:
    """utf8.txt, es.txt (cp1252, only a guess can tell), and a file named '-'."""
    (tmp_path / "utf8.txt").write_text(SPANISH, encoding="utf-8")
    (tmp_path / "es.txt").write_bytes(SPANISH.encode("cp1252"))
    (tmp_path / "-").write_bytes(DASH)
    return tmp_path


# --- detect, decode, html: exit 0 when answered, certain or not ---------------------------


def test_detect_exits_0_on_a_guess_and_on_a_certain_answer(work):
    guessed = codecbox("detect", "es.txt", *GUESS, cwd=work)
    assert guessed.returncode == 0, err(guessed)
    tentative = b"es.txt: windows-1252 (detected), tentative, confidence 1.00 (codecbox)\n"
    assert guessed.stdout == tentative
    certain = codecbox("detect", "utf8.txt", cwd=work)
    assert (certain.returncode, certain.stdout) == (0, b"utf8.txt: UTF-8 (valid UTF-8), certain\n")


def test_detect_exits_0_when_no_guess_fit_and_1_for_a_missing_file(work):
    # Bytes no candidate decodes: the answer is the default, and says so (chardetect: cp1252).
    (work / "odd.bin").write_bytes(b"\x81\x8d caf\xe9")
    nofit = codecbox(
        "detect", "odd.bin", "--detector", "codecbox", "--candidates", "ascii", cwd=work
    )
    assert nofit.returncode == 0, err(nofit)
    assert b"windows-1252 (default), tentative, no guess fit (codecbox)" in nofit.stdout
    missing = codecbox("detect", "es.txt", "missing.txt", *GUESS, cwd=work)
    assert missing.returncode == 1
    assert "missing.txt: No such file or directory" in err(missing)


def test_decode_exits_0_on_a_guess_and_1_on_undecodable_bytes(work):
    guessed = codecbox("decode", "es.txt", *GUESS, cwd=work)
    assert guessed.returncode == 0, err(guessed)
    assert guessed.stdout == SPANISH.encode("utf-8")
    assert err(guessed).startswith("es.txt: windows-1252 (detected), tentative")
    certain = codecbox("decode", "utf8.txt", cwd=work)
    assert (certain.returncode, certain.stdout) == (0, SPANISH.encode("utf-8"))
    strict = codecbox("decode", "es.txt", "--declared", "utf-8", cwd=work)
    assert (strict.returncode, strict.stdout) == (1, b"")
    assert "es.txt: cannot decode byte bf at offset 0 as UTF-8 (declared)" in err(strict)


def test_detect_and_decode_read_stdin_not_a_file_named_dash(work):
    data = SPANISH.encode("cp1252")
    detected = codecbox("detect", "-", *GUESS, cwd=work, stdin=data)
    assert detected.returncode == 0, err(detected)
    assert detected.stdout == b"-: windows-1252 (detected), tentative, confidence 1.00 (codecbox)\n"
    head = codecbox("detect", "-", "--max-bytes", "4", cwd=work, stdin=b"abcd\xe9")
    assert head.stdout == b"-: UTF-8 (valid UTF-8), certain, from the first 4 bytes\n"
    decoded = codecbox("decode", "-", *GUESS, cwd=work, stdin=data)
    assert (decoded.returncode, decoded.stdout) == (0, SPANISH.encode("utf-8"))
    assert (work / "-").read_bytes() == DASH


def test_html_of_stdin_exits_0_on_a_meta(work):
    page = '<meta charset="shift_jis"><p>こんにちは</p>'.encode("cp932")
    result = codecbox("html", "-", cwd=work, stdin=page)
    assert (result.returncode, result.stdout) == (0, b"-: Shift_JIS (meta), tentative\n")
    text = codecbox("html", "-", "--text", cwd=work, stdin=page)
    assert text.stdout.decode("utf-8").endswith("<p>こんにちは</p>")


# --- convert: '-' in and out ------------------------------------------------------------


def test_convert_to_stdout_writes_the_bytes_there(work):
    result = codecbox("convert", "es.txt", "-", "--from", "cp1252", cwd=work)
    assert result.returncode == 0, err(result)
    assert result.stdout == SPANISH.encode("utf-8")  # only the converted bytes
    assert err(result).startswith("es.txt -> -: windows-1252 (--from), certain;")
    assert (work / "-").read_bytes() == DASH  # not written to a file named '-'
    guessed = codecbox("convert", "es.txt", "-", "--to", "utf-16-le", *GUESS, cwd=work)
    assert guessed.returncode == 3  # a guess still needs review
    assert guessed.stdout == SPANISH.encode("utf-16-le")


def test_convert_from_stdin(work):
    data = SPANISH.encode("cp1252")
    guessed = codecbox("convert", "-", "out.txt", *GUESS, cwd=work, stdin=data)
    assert guessed.returncode == 3, err(guessed)
    assert (work / "out.txt").read_text(encoding="utf-8") == SPANISH
    assert guessed.stdout == b""
    assert "- -> out.txt: windows-1252 (detected), tentative" in err(guessed)
    told = codecbox("convert", "-", "out.txt", "--from", "cp1252", cwd=work, stdin=data)
    assert told.returncode == 0, err(told)
    assert (work / "out.txt").read_text(encoding="utf-8") == SPANISH
    assert sorted(p.name for p in work.iterdir()) == ["-", "es.txt", "out.txt", "utf8.txt"]


def test_convert_stdin_to_stdout_keeps_the_sniffed_start(work):
    # The encoding is decided from the first 7 bytes (a BOM), which are then converted too;
    # 300 000 bytes are several reads, with characters cut between them.
    data = b"\xef\xbb\xbf" + (SPANISH * 80).encode("utf-8")
    result = codecbox(
        "convert", "-", "-", "--max-bytes", "7", "--to", "utf-16-be", cwd=work, stdin=data
    )
    assert result.returncode == 0, err(result)
    assert result.stdout == (SPANISH * 80).encode("utf-16-be")
    assert "- -> -: UTF-8 (BOM), certain" in err(result)


def test_convert_to_stdout_is_not_atomic(work):
    # As the help says: what was converted before the bad byte has been written.
    (work / "big.txt").write_bytes(b"hola " * 100_000 + b"\xff fin")
    result = codecbox("convert", "big.txt", "-", "--from", "utf-8", cwd=work)
    assert result.returncode == 1
    assert "big.txt: cannot decode byte ff at offset 500000 as UTF-8" in err(result)
    assert result.stdout.startswith(b"hola hola") and b"fin" not in result.stdout


@pytest.mark.skipif(os.name != "posix", reason="select() on a pipe")
def test_convert_streams_stdin(work):
    """Output comes while stdin is still open: convert does not read all of it first."""
    child = subprocess.Popen(
        [sys.executable, "-m", "codecbox", "convert", "-", "-", "--from", "cp1252"],
        cwd=work,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdin is not None and child.stdout is not None
    # 100 000 bytes: one read of 65 536 and a part, which waits for more (or the end).
    # Less than two pipe buffers, so that this write never waits for our reading.
    child.stdin.write(b"caf\xe9 " * 20_000)
    child.stdin.flush()
    shown = b""
    for _ in range(POLLS):
        if len(shown) >= 65536:
            break
        assert child.poll() is None, child.communicate()
        if select.select([child.stdout], [], [], 0)[0]:
            shown += os.read(child.stdout.fileno(), 1 << 20)
        else:
            time.sleep(0.05)
    else:
        child.kill()
        pytest.fail(f"only {len(shown)} bytes out after {POLLS} polls, stdin still open")
    rest, _ = child.communicate(b"fin", timeout=60)
    assert child.returncode == 0
    assert shown + rest == "café ".encode() * 20_000 + b"fin"


def test_convert_refuses_stdout_that_is_the_source(work):
    with open(work / "utf8.txt", "ab") as stdout:  # codecbox convert utf8.txt - >> utf8.txt
        result = subprocess.run(
            [sys.executable, "-m", "codecbox", "convert", "utf8.txt", "-"],
            cwd=work,
            stdout=stdout,
            stderr=subprocess.PIPE,
            timeout=120,
        )
    assert result.returncode == 2
    assert err(result) == (
        "codecbox convert: error: SRC and DST are the same file: standard output is utf8.txt\n"
    )
    assert (work / "utf8.txt").read_text(encoding="utf-8") == SPANISH


def test_convert_to_a_text_only_stdout_is_a_usage_error(work, monkeypatch):
    # In-process, as the JupyterLite copy of lesson 4 runs the command: stdout takes str.
    from codecbox.cli import main

    monkeypatch.chdir(work)
    shown, errors = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(shown), contextlib.redirect_stderr(errors):
        code = main(["convert", "utf8.txt", "-"])
    assert (code, shown.getvalue()) == (2, "")
    assert errors.getvalue() == (
        "codecbox convert: error: DST '-': this standard output takes text, not bytes\n"
    )


# --- where '-' makes no sense: one line, exit 2, nothing done --------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["import", "-", "--into", "out"], "SRC '-'"),
        (["import", "utf8.txt", "--into", "-"], "--into -"),
        (["import", "utf8.txt", "--into", "out", "--quarantine", "-"], "--quarantine -"),
        (["import", "utf8.txt", "--into", "out", "--log", "-"], "--log -"),
        (["detect", "-", "utf8.txt", "-"], "FILE '-'"),
    ],
)
def test_dash_where_it_makes_no_sense_is_a_usage_error(work, args, named):
    (work / "-").unlink()  # nothing named '-': none may be made (a folder, a log)
    before = snapshot(work)
    result = codecbox(*args, cwd=work, stdin=b"hola\n")
    assert result.returncode == 2, err(result)
    lines = err(result).splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"codecbox {args[0]}: error: {named}")
    assert result.stdout == b""
    assert snapshot(work) == before  # no folder, log or copy named '-' or 'out'


# --- the help says all this ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "lines"),
    [
        ("detect", ["codecbox detect *.csv", "0  every file was answered, certain or not"]),
        ("decode", ["codecbox decode - ", "0  decoded, certain or not"]),
        ("html", ["cat page.html | codecbox html -", "0  decided, certain or not"]),
        ("convert", ["codecbox convert old.txt - | less", "standard output is not atomic"]),
        ("import", ["codecbox import ", "3  done, but needs review"]),
    ],
)
def test_each_help_has_examples_and_its_own_exit_status(work, command, lines):
    result = codecbox(command, "--help", cwd=work)
    text = result.stdout.decode()
    assert "examples:" in text and "130 / 143" in text
    for line in lines:
        assert line in text
    answering = command in ("detect", "decode", "html")
    assert ("  3  " in text) is not answering  # detect, decode and html never exit 3


# --- standard output closed or full, the log's disk full, bad numbers (issue 19, N14) -------

EVERY_COMMAND = [
    ["detect", "utf8.txt"],
    ["detect", "--json", "utf8.txt"],
    ["decode", "utf8.txt"],
    ["html", "utf8.txt"],
    ["html", "--text", "utf8.txt"],
    ["convert", "utf8.txt", "-"],
    ["import", "utf8.txt", "--into", "out"],
    ["encodings"],
]


def _shell(command: list[str], redirect: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    line = " ".join([sys.executable, "-m", "codecbox", *command, redirect])
    return subprocess.run(["sh", "-c", line], cwd=cwd, capture_output=True, timeout=60)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="/dev/full (Linux)")
@pytest.mark.parametrize("command", EVERY_COMMAND, ids=" ".join)
def test_a_full_standard_output_is_exit_1_and_one_line(work, command):
    result = _shell(command, ">/dev/full", work)
    assert result.returncode == 1
    assert err(result).splitlines()[-1] == (
        f"codecbox {command[0]}: standard output: No space left on device"
        if command[0] != "convert"
        else "standard output: No space left on device"
    )
    assert "Traceback" not in err(result)


@pytest.mark.skipif(os.name != "posix", reason="sh")
@pytest.mark.parametrize("command", EVERY_COMMAND, ids=" ".join)
def test_a_closed_standard_output_is_exit_1_and_nothing_done(work, command):
    before = snapshot(work)
    result = _shell(command, ">&-", work)
    assert result.returncode == 1
    assert err(result) == f"codecbox {command[0]}: standard output is closed; nothing done\n"
    assert snapshot(work) == before


@pytest.mark.parametrize("number", ["0", "-1", str(10**30), str(2**63)])
def test_a_number_out_of_range_is_a_usage_error(work, number):
    result = codecbox("detect", "--max-bytes", number, "utf8.txt", cwd=work)
    assert result.returncode == 2
    assert err(result).splitlines()[-1].startswith("codecbox detect: error: argument --max-bytes")


def test_a_full_disk_for_the_log_is_exit_1_and_one_line(work, monkeypatch, capsys):
    from codecbox import cli

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cli.os, "fsync", full)
    monkeypatch.chdir(work)
    assert cli.main(["import", "utf8.txt", "--into", "out"]) == 1
    log = Path("out") / ".codecbox-import.jsonl"
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"codecbox import: {log}: No space left on device; run the same command again to "
        "finish the import"
    )
