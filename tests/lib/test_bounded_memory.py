"""Issue 19, N10: any size, in bounded memory, with the whole input checked.

A file over ``streaming.WHOLE`` bytes is decided on its start and decoded to the end in
pieces (:func:`codecbox.streaming.decide_stream`). The decisions are compared with
deciding the whole input at once (:func:`codecbox.decode_bytes`), with ``WHOLE`` made
small so that the inputs stay small; the commands are run as subprocesses on files of two
and six times their ``WHOLE`` (made 1 MiB there), counting the bytes Python allocates at the peak
(tracemalloc), not time. ``benchmarks/memory.py`` measures the real sizes.
"""

from __future__ import annotations

import codecs
import io
import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from codecbox import streaming
from codecbox.decoding import bytes_decider, decode_bytes, html_decider
from codecbox.importing import Quarantined, import_bytes, import_stream
from codecbox.rules import Rule
from codecbox.streaming import Scanned, decide_file, decide_stream

ES = "Año de señales, café y jamón; ¿qué tal? línea\n"
SMALL = 4096  # WHOLE in the comparisons


@pytest.fixture
def small_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(streaming, "WHOLE", SMALL)
    monkeypatch.setattr(streaming, "SAMPLE", SMALL // 4)


N = SMALL // len(ES.encode()) * 6  # lines: six times WHOLE
CASES = {
    "utf-8": (ES * N).encode(),
    "ascii, then windows-1252": b"id;n\n" * (SMALL // 2) + (ES * 40).encode("cp1252"),
    "windows-1252": (ES * N).encode("cp1252"),
    "utf-8 with one windows-1252 word late": (ES * N).encode() + "señal".encode("cp1252"),
    "utf-8, then half windows-1252": (ES * N).encode() + (ES * N).encode("cp1252"),
    "NUL bytes": bytes(SMALL * 3),
    "text, then NUL bytes": (ES * N).encode() + bytes(SMALL * 12),
    "UTF-16 with a BOM": codecs.BOM_UTF16_LE + (ES * N).encode("utf-16-le"),
    "windows-1251": ("Съешь же ещё этих мягких булок\n" * N).encode("cp1251"),
    "Shift_JIS": ("日本語のテキストです。\n" * N).encode("cp932"),
}


@pytest.mark.parametrize("name", CASES)
def test_the_decision_in_pieces_is_the_decision_on_the_whole(small_whole, name):
    data = CASES[name]
    assert len(data) > streaming.WHOLE
    whole = decode_bytes(data)
    scanned = decide_stream(io.BytesIO(data), bytes_decider())
    assert (scanned.encoding, scanned.rule) == (whole.encoding, whole.rule)
    if scanned.size is not None:  # binary data is known from its start: not read on
        assert scanned.size == len(data)
        assert scanned.replaced == whole.replaced


def test_an_ascii_start_is_decided_again_where_the_text_starts(small_whole):
    data = CASES["ascii, then windows-1252"]
    scanned = decide_stream(io.BytesIO(data), bytes_decider(candidates=["cp1252", "utf-8"]))
    assert scanned.how == "windows-1252 (detected)"
    assert scanned.at == data.index(b"\xf1")  # the ñ of the first Año


def test_later_bytes_that_contradict_utf8_are_counted_not_hidden(small_whole):
    data = CASES["utf-8 with one windows-1252 word late"]
    scanned = decide_stream(io.BytesIO(data), bytes_decider())
    assert scanned.rule is Rule.MOSTLY_UTF8 and not scanned.confident
    assert scanned.replaced == 1 and scanned.invalid_bytes == 1
    assert scanned.first_invalid == len(data) - 3  # the ñ of señal


def test_utf8_then_another_encoding_is_decided_again_at_the_first_invalid_byte(small_whole):
    head = ("ñ" * 20 + "\n").encode() * 40  # valid UTF-8, few characters
    tail = ("Съешь же ещё этих мягких булок\n" * 400).encode("cp1251")
    data = head + b"x" * (SMALL * 2) + tail
    scanned = decide_stream(io.BytesIO(data), bytes_decider())
    whole = decode_bytes(data)
    assert scanned.encoding.name == "windows-1251"
    assert scanned.at == len(data) - len(tail)
    assert scanned.replaced == whole.replaced == 0 if whole.encoding == scanned.encoding else True


def test_html_decider_reads_the_meta_of_a_long_page(small_whole):
    page = b"<meta charset=koi8-r>" + ("Привет, мир\n" * 2000).encode("koi8-r")
    scanned = decide_stream(io.BytesIO(page), html_decider())
    assert scanned.how == "KOI8-R (meta)" and scanned.replaced == 0


def test_decide_file_names_the_file_and_takes_html(tmp_path, small_whole):
    path = tmp_path / "page.html"
    path.write_bytes(b"<p>" + ("Привет\n" * 2000).encode("koi8-r"))
    assert decide_file(path, html=True, content_type="text/html; charset=KOI8-R").how == (
        "KOI8-R (header)"
    )


def test_import_stream_applies_the_import_policy(small_whole):
    data = CASES["utf-8 with one windows-1252 word late"]
    result = import_stream(io.BytesIO(data))
    whole = import_bytes(data)
    assert isinstance(result, Quarantined) and isinstance(whole, Quarantined)
    assert result.reason == whole.reason  # "mostly valid UTF-8: 1 invalid byte, the first at"
    guessed = import_stream(io.BytesIO(CASES["windows-1252"]), candidates=["cp1252"])
    assert isinstance(guessed, Scanned) and guessed.how == "windows-1252 (detected)"
    assert isinstance(import_stream(io.BytesIO(CASES["NUL bytes"])), Quarantined)


# --- the commands, as subprocesses, on a file ten times WHOLE ------------------------------

WHOLE = 1 << 20  # the commands' WHOLE in these runs: the same code on a file 4 times smaller
PEAK = f"""
import sys, tracemalloc
import codecbox.cli, codecbox.importing, codecbox.streaming
codecbox.cli.WHOLE = codecbox.importing.WHOLE = codecbox.streaming.WHOLE = {WHOLE}
codecbox.streaming.SAMPLE = {WHOLE // 4}
tracemalloc.start()
from codecbox.cli import main
status = main(sys.argv[1:])
sys.stdout.flush()
print(status, tracemalloc.get_traced_memory()[1], file=sys.stderr)
"""


def write(path: Path, size: int) -> Path:
    block = (ES * 20000).encode("cp1252")
    with open(path, "wb") as f:
        for _ in range(size // len(block) + 1):
            f.write(block)
    return path


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Path:
    return write(tmp_path_factory.mktemp("big") / "big.txt", 6 * WHOLE)


@pytest.fixture(scope="module")
def start(tmp_path_factory) -> Path:
    return write(tmp_path_factory.mktemp("start") / "big.txt", 2 * WHOLE)


def peak(args: list[str], cwd: Path, stdin: Path | None = None) -> tuple[int, int, Path]:
    """Exit status and the peak bytes Python allocated running ``codecbox ARGS``."""
    out = cwd / "stdout"
    with open(out, "wb") as stdout, open(stdin or "/dev/null", "rb") as source:
        done = subprocess.run(
            [sys.executable, "-c", PEAK, *args],
            cwd=cwd, stdin=source, stdout=stdout, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
    status, allocated = done.stderr.splitlines()[-1].split()
    return int(status), int(allocated), out


@pytest.mark.parametrize(
    "args",
    [
        ["detect", "big.txt"],
        ["decode", "big.txt"],
        ["html", "big.txt"],
        ["html", "--text", "big.txt"],
        ["decode", "-"],
        ["import", "big.txt", "--into", "o", "--candidates", "cp1252", "--log", "l.jsonl"],
    ],
    ids=" ".join,
)
def test_each_command_stays_in_bounded_memory(big, start, args):
    """The peak on a file of 6 WHOLE exceeds the peak on one of 2 WHOLE by less than one
    WHOLE: reading either whole would cost 4 WHOLE more (plus its text)."""
    stdin = "-" in args
    status, allocated, out = peak(args, big.parent, stdin=big if stdin else None)
    status_start, allocated_start, _ = peak(args, start.parent, stdin=start if stdin else None)
    assert status == status_start and status in (0, 3)
    grown = allocated - allocated_start
    assert grown < WHOLE, f"{grown:,} bytes more at the peak for {4 * WHOLE:,} bytes more"
    text = big.read_bytes().decode("cp1252").encode()
    if args[0] == "decode" or "--text" in args:
        assert out.read_bytes() == text
    if args[0] == "import":
        assert (big.parent / "o" / "big.txt").read_bytes() == text
        record = json.loads((big.parent / "l.jsonl").read_text().splitlines()[-1])
        assert record["status"] == "imported" and record["encoding"] == "windows-1252"


def test_import_quarantines_a_large_file_by_moving_its_bytes(big, tmp_path):
    source = tmp_path / "big.txt"
    source.write_bytes(big.read_bytes())
    args = ["import", "big.txt", "--into", "o", "--quarantine", "q", "--candidates", "cp1252"]
    status, _, _ = peak(args, tmp_path)
    assert status == 3
    assert not source.exists()
    assert (tmp_path / "q" / "big.txt").read_bytes() == big.read_bytes()


def test_strict_decoding_of_a_late_bad_byte_writes_nothing_and_names_the_offset(tmp_path):
    path = tmp_path / "late.txt"
    data = (ES * (streaming.WHOLE // len(ES) + 10)).encode() + b"\xff" + b"end\n"
    path.write_bytes(data)
    done = subprocess.run(
        [sys.executable, "-m", "codecbox", "decode", "--declared", "utf-8", "--errors",
         "strict", "late.txt"], cwd=tmp_path, capture_output=True,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stdout == b""
    message = done.stderr.decode().strip().splitlines()
    assert len(message) == 1 and f"offset {len(data) - 5}" in message[0], message


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_an_endless_device_is_binary_not_a_memory_error():
    done = subprocess.run(
        [sys.executable, "-m", "codecbox", "detect", "/dev/zero"],
        capture_output=True, text=True, timeout=120, preexec_fn=_limit_memory,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "/dev/zero: binary data: NUL and control bytes"
