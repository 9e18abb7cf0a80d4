"""The ``codecbox`` command: detect, decode, convert, import, html and encodings.

The ``codecbox`` console script, and ``python -m codecbox``. Each subcommand is one library
call (:func:`~codecbox.decode_bytes`, :func:`~codecbox.transcode`,
:func:`~codecbox.import_bytes` over many files with a quarantine and a resumable log,
:func:`~codecbox.decode_html`) deciding through :func:`codecbox.decoding.decide`, with the
decision printed beside it; the help (from :data:`_COMMANDS`) gives the exit statuses.
Only the result goes to stdout (text as UTF-8 bytes, whatever the locale); messages and the
progress bar go to stderr, with ``errors="backslashreplace"`` (``\\u…``, not a crash).
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import importlib
import io
import itertools
import json
import os
import stat
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any, BinaryIO, NoReturn, TextIO

from codecbox import decoding, importing
from codecbox.decoding import (
    DEFAULT_DETECTOR,
    Decider,
    Decoded,
    bytes_decider,
    html_decider,
)
from codecbox.detection import DETECTORS, Detector, Guess
from codecbox.errors import DecodeError, EncodeError, _file_error, _shown, install_hint
from codecbox.importing import BATCH, LOG_NAME, ImportLog, ImportRun, prepare_import
from codecbox.labels import Encoding
from codecbox.rules import Decided, Rule
from codecbox.sniffing import bom
from codecbox.streaming import (
    WHOLE,
    Scanned,
    TranscodeReport,
    _decide_head,
    _texts,
    decide_stream,
    read_chunks,
    transcode_stream,
    write_atomic,
)

__all__ = ["EXIT_ERROR", "EXIT_OK", "EXIT_REVIEW", "EXIT_USAGE", "build_parser", "main"]

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_REVIEW = 3

#: A progress bar appears (on a terminal) for inputs of at least this many bytes.
PROGRESS_MIN = 4 * 1024 * 1024
#: What to install for the progress bar.
CLI_EXTRA = install_hint("cli")
#: How much ``convert`` (without ``--from``) looks at by default.
SNIFF_BYTES = 65536
#: A file name that means standard input or standard output.
STDIO = "-"
#: How much ``convert`` reads from standard input at a time.
CHUNK = 65536


class _Usage(Exception):
    """Bad usage found after parsing: exit 2, nothing done."""


class _Stopped(BaseException):
    """SIGTERM (``args[0]``), raised where the program is, so that atomic writes clean up."""


def _err(message: str) -> int:
    """``message`` on stderr; returns EXIT_ERROR, for the failures that end a command."""
    print(message, file=sys.stderr, flush=True)
    return EXIT_ERROR


# --- the parser -----------------------------------------------------------------------------


def _checked(check: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse type from the library's check (its ``ValueError`` is the message)."""

    def checked(value: str) -> Any:
        try:
            return check(value)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return checked


#: A codec name chosen by the user, read as Python reads it (``--from``, ``--to``).
_codec_name = _checked(importing._codec)
#: A declared label, read as the library reads declarations (checked here, used there).
_label = _checked(importing._label)


def _candidates(value: str) -> list[Encoding]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give one or more encoding names, e.g. cp1252,cp932")
    return [_codec_name(name) for name in names]


def _positive(value: str) -> int:
    """A number of bytes, from 1 to 1 GiB (more would be read into memory at once)."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {value!r}") from None
    if not 1 <= number <= 2**30:
        raise argparse.ArgumentTypeError(f"must be from 1 to {2**30} (1 GiB), got {number}")
    return number


_USAGE = "bad usage: unknown option, encoding or detector, missing extra"
_UNDECODABLE = "bytes that do not decode (the file and byte offset are given)"

#: Each command ("": the whole program): its summary, description, examples, a note, and
#: its exit statuses in the order they win.
_COMMANDS: dict[str, tuple[str, str, str, str, dict[int, str]]] = {
    "": (
        "",
        "Decode text you did not write, and say how you decided.",
        "",
        "A FILE, SRC or DST '-' is standard input or output (a file named '-' is ./-).\n\n"
        "Run 'codecbox COMMAND --help' for a command's options.",
        {
            2: _USAGE,
            1: f"a file failed: {_UNDECODABLE}, a character the target cannot encode, a file "
            "not read or written, binary data given to convert or decode",
            3: "convert, import and fix only: done, but needs review (a guess, U+FFFD inserted, "
            "a file quarantined or left undecided, a line repaired)",
            0: "done; for detect, decode and html also a guess (their output says how sure)",
        },
    ),
    "detect": (
        "the encoding of each file, the rule that chose it, how sure",
        "Print, for each FILE ('-': standard input), the encoding 'codecbox decode' would use,\n"
        "the rule that chose it (BOM, NUL pattern, escape sequences, valid UTF-8, mostly valid\n"
        "UTF-8, detected, default) and how sure it is (certain, or tentative with the\n"
        "detector's confidence), or that it is binary data. --max-bytes: only their start.",
        "codecbox detect *.csv\n"
        "codecbox detect --json --max-bytes 65536 export/*.txt\n"
        "curl -s https://example.com/data.csv | codecbox detect -",
        "",
        {
            2: _USAGE,
            1: "a file could not be read (the others are still examined)",
            0: "every file was answered, certain or not: a guess, the default (no guess fit) or "
            'binary data ("f.png: binary data: PNG image") is exit 0 too; each line says how '
            'sure it is, and ends "from the first N bytes" for a file longer than --max-bytes',
        },
    ),
    "decode": (
        "a file's text on stdout, as UTF-8",
        "Decode FILE ('-': standard input; BOM > --declared > XML declaration > evidence >\n"
        "detector > windows-1252) and write only its text to stdout, always as UTF-8; the\n"
        "decision goes to stderr. Strict by default: bytes that do not decode are an error\n"
        "giving the offset.",
        "codecbox decode supplier.csv --declared latin1 > text.txt\n"
        "cat old.txt | codecbox decode - --candidates cp1252,cp850 | less",
        "",
        {
            2: _USAGE.replace("option,", "option, label,"),
            1: f"FILE could not be read, {_UNDECODABLE} (strict, the default), or it is binary "
            "data and no --declared label was given; nothing is written to stdout",
            0: "decoded, certain or not: a guess, the default, or U+FFFD inserted with "
            "--errors replace is exit 0 too; the decision on stderr says which",
        },
    ),
    "convert": (
        "convert a file's encoding, atomically",
        "Convert SRC to DST (UTF-8 by default), atomically and in constant memory: DST is\n"
        "replaced only once the whole conversion is on disk, so after any error it is as\n"
        "before and no temporary file is left.",
        "codecbox convert export.txt export_utf8.txt --from cp1252\n"
        "codecbox convert old.txt - | less\n"
        "gunzip -c data.csv.gz | codecbox convert - data_utf8.csv",
        "DST '-' is standard output: it gets only the converted bytes, written as they are\n"
        "converted, so standard output is not atomic: after an error, what was converted\n"
        "before it has been written. SRC '-' is standard input, read in pieces like a file.",
        {
            2: f"{_USAGE}, an encoding that cannot be streamed (UTF-7), SRC and DST the same file",
            1: f"failed, a DST file as before: {_UNDECODABLE}, a character the target cannot "
            "encode, a file not read or written, SRC binary data without --from",
            3: "converted, but needs review: the encoding was guessed (or is the default), or "
            "--errors replace replaced something",
            0: "converted, and the encoding was certain (--from, BOM, valid UTF-8)",
        },
    ),
    "import": (
        "import many files: UTF-8 copies, quarantine, log",
        "Import each SRC by the strict policy: BOM > --declared > XML declaration > evidence\n"
        "(UTF-16/32 by their NUL pattern, ISO-2022 escapes, valid UTF-8) > a guess among\n"
        "--candidates (only with them, on --min-sample bytes). DIR gets a UTF-8 copy of each,\n"
        "written atomically. A file that needs review (a guess, binary data, UTF-8 with a\n"
        "few invalid bytes) is moved to --quarantine if given, else a guess is copied and the\n"
        "rest left alone. Each file gets a line in the log\n"
        f"(default: DIR/{LOG_NAME}), synced every {BATCH} files or second: after a crash or\n"
        "Ctrl-C, the same command skips the files already done and does the rest. Regular\n"
        "files only: a link (unless --follow-symlinks), FIFO or device fails.",
        "codecbox import inbox/*.txt --into imported --quarantine review "
        "--candidates cp1252,cp850\n"
        "codecbox import data/*.csv --into utf8 --declared windows-1252",
        "",
        {
            2: f"{_USAGE}, '-' as SRC, --into, --quarantine or --log, two sources with one name",
            1: f"a file failed (the others are still imported): {_UNDECODABLE}, a file not "
            "read or copied; or the log is open in another import",
            3: "done, but needs review: a guess was copied, or a file quarantined or undecided",
            0: "done: every file was imported with a certain encoding",
        },
    ),
    "html": (
        "the browser's decision for a saved page",
        "Decide a saved page's encoding in the browser's order (BOM > Content-Type charset >\n"
        "<meta> > valid UTF-8 > detector > windows-1252) and print the decision on stdout\n"
        "(--text: the text; the decision on stderr). As in a browser, bad bytes become U+FFFD\n"
        "unless --errors strict. FILE '-' is standard input.",
        'codecbox html page.html --content-type "text/html; charset=Shift_JIS"\n'
        "cat page.html | codecbox html -\n"
        "curl -s https://example.com/ | codecbox html - --text | less",
        "",
        {
            2: _USAGE,
            1: f"FILE could not be read, or with --errors strict {_UNDECODABLE}",
            0: "decided, certain or not: a <meta>, a guess, the default, or U+FFFD inserted "
            "(--errors replace, the default) is exit 0 too; the output says how sure",
        },
    ),
    "fix": (
        "repair mojibake in a UTF-8 text, line by line",
        "Repair each line of FILE ('-': standard input), UTF-8 text in which UTF-8 was once\n"
        "read with a wrong single-byte encoding ('aÃ±o' for 'año'; windows-1252, latin-1,\n"
        "windows-1250/1251/1253/1254/1257, MacRoman, IBM437/850, one to three times), and\n"
        "write the text to stdout. Only broken runs change; a line with no evidence of\n"
        "damage stays as it is. The count goes to stderr; --explain adds each repair's steps.",
        "codecbox fix export.csv > export_fixed.csv\n"
        "codecbox fix --explain notes.txt > /dev/null\n"
        "codecbox fix --json names.txt | jq -c 'select(.changed)'",
        "Lines go one at a time, in bounded memory. A step reads 'START-END: encode as X,\n"
        "decode as UTF-8' (characters START to END of the line, END excluded; no span: the\n"
        "whole line). A lost byte (U+FFFD) stays lost: the line keeps one U+FFFD for it.",
        {
            2: _USAGE,
            1: "FILE could not be read, or is not UTF-8 (the byte offset is given)",
            3: "something was repaired: review it (--explain says what)",
            0: "nothing needed repair: the output is the input",
        },
    ),
    "encodings": (
        "the encodings codecbox knows, from its one table",
        "List every encoding of codecbox's table (codecbox.table): its name, the Python codec\n"
        "that reads it, whether browsers know it (then it is decoded with their exact decoder),\n"
        "the detector's prior when it tries it without --candidates, its languages, its BOM,\n"
        "whether bytes 0-127 are ASCII and the most bytes a character takes.",
        "codecbox encodings\ncodecbox encodings --json | jq -r 'select(.prior) | .name'",
        "",
        {2: _USAGE, 0: "listed"},
    ),
}

#: The commands that take none of the detector's options.
_OWN = ("encodings", "fix")
_PROGRESS = ("--progress", dict(choices=["auto", "on", "off"], default="auto"))
#: The arguments of each command ("*": of all); the help is in _HELP.
_ARGUMENTS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "detect": [
        ("files", dict(nargs="+", metavar="FILE")),
        ("--max-bytes", dict(type=_positive, metavar="N")),
        ("--json", dict(action="store_true")),
    ],
    "decode": [
        ("file", dict(metavar="FILE")),
        ("--declared", dict(type=_label, metavar="LABEL")),
        ("--errors", dict(choices=["strict", "replace"], default="strict")),
    ],
    "convert": [
        ("src", dict(metavar="SRC")),
        ("dst", dict(metavar="DST")),
        ("--from", dict(dest="source", type=_codec_name, metavar="ENCODING")),
        ("--to", dict(dest="target", type=_codec_name, default="utf-8", metavar="ENCODING")),
        ("--errors", dict(choices=["strict", "replace"], default="strict")),
        ("--max-bytes", dict(type=_positive, default=SNIFF_BYTES, metavar="N")),
        _PROGRESS,
    ],
    "import": [
        ("sources", dict(nargs="+", metavar="SRC")),
        ("--into", dict(required=True, metavar="DIR")),
        ("--quarantine", dict(metavar="DIR")),
        ("--declared", dict(type=_label, metavar="LABEL")),
        (
            "--min-sample",
            dict(type=_positive, default=importing.MIN_SAMPLE, metavar="N"),
        ),
        ("--log", dict(metavar="FILE")),
        ("--follow-symlinks", dict(action="store_true")),
        _PROGRESS,
    ],
    "html": [
        ("file", dict(metavar="FILE")),
        ("--content-type", dict(metavar="VALUE")),
        ("--errors", dict(choices=["replace", "strict"], default="replace")),
        ("--text", dict(action="store_true")),
        ("--json", dict(action="store_true")),
    ],
    "encodings": [("--json", dict(action="store_true"))],
    "fix": [
        ("file", dict(metavar="FILE")),
        ("--explain", dict(action="store_true")),
        ("--json", dict(action="store_true")),
    ],
    "": [],
    "*": [
        ("--candidates", dict(type=_candidates, metavar="LIST")),
        ("--detector", dict(choices=DETECTORS)),  # the dict as it is when parsing
        ("--hint", dict(metavar="LANG")),  # only when a detector takes one
    ],
}

#: The help of each argument: "COMMAND ARGUMENT" for one command's, "ARGUMENT" for all's,
#: with the detector's {default} and the detectors that take a --hint, {hinting}.
_HELP = {
    "--candidates": "comma-separated codec names a guess may choose from, e.g. cp1252,cp932 "
    "(default: the detector's own set)",
    "--detector": "the detector that guesses (default: {default}; chardet needs "
    f"{install_hint('chardet')})",
    "--hint": "a language code or a domain (ru, www.example.jp) whose encodings the guess "
    "favours ({hinting} detector)",
    "--progress": "a progress bar on stderr; auto: only on a terminal, for inputs over "
    f"{PROGRESS_MIN // 2**20} MiB (needs tqdm: {CLI_EXTRA})",
    "detect files": "files to examine",
    "detect --max-bytes": "decide from the first N bytes only (constant memory on huge files)",
    "detect --json": "JSON lines: one object per file",
    "decode file": "the file to decode",
    "decode --declared": "the encoding the sender declared (a label, read as a browser reads "
    "it: latin1 means windows-1252)",
    "decode --errors": "strict (default): fail at the first bad byte; replace: put U+FFFD "
    "instead (counted on stderr)",
    "convert src": "the file to convert",
    "convert dst": "where to write the result",
    "convert --from": "SRC's encoding, a Python codec name (latin-1 means ISO-8859-1)",
    "convert --to": "DST's encoding (default: utf-8, without BOM; utf-8-sig writes one)",
    "convert --errors": "strict (default): fail at the first bad byte or character; replace: "
    "U+FFFD for bad bytes, ? for unencodable characters, and exit 3",
    "convert --max-bytes": "without --from, decide from the first N bytes (default: %(default)s)",
    "import sources": "files to import",
    "import --into": "folder for the UTF-8 copies",
    "import --quarantine": "move the sources that need review here",
    "import --declared": "the encoding every source is declared to be in",
    "import --min-sample": "guess only on files of at least N bytes (default: %(default)s)",
    "import --log": f"the JSON-lines log (default: DIR/{LOG_NAME})",
    "import --follow-symlinks": "import what a symbolic link points to (default: refuse "
    "it, as FIFOs, devices and sockets are: regular files only)",
    "html file": "the saved page",
    "html --content-type": "the HTTP Content-Type header it came with, e.g. "
    "'text/html; charset=sjis'",
    "html --errors": "replace (default, as browsers do; counted in the output) or strict",
    "html --text": "print the decoded text instead",
    "html --json": "the decision as a JSON object",
    "encodings --json": "JSON lines: one object per encoding, with its labels",
    "fix file": "the UTF-8 text to repair",
    "fix --explain": "on stderr, the steps of each repaired line",
    "fix --json": "JSON lines on stdout, one per line: its text, whether it changed, the "
    "steps, the characters lost",
}


def _epilog(command: str) -> str:
    import textwrap

    *_, examples, note, statuses = _COMMANDS[command]
    fill = partial(textwrap.fill, width=85, subsequent_indent=" " * 5, break_on_hyphens=False)
    lines = ["examples:", textwrap.indent(examples, "  "), ""] if examples else []
    lines.append("exit status (when several apply, the first listed wins):")
    for code, text in statuses.items():
        text += "; nothing was done" if code == EXIT_USAGE else ""
        lines.append(fill(text, initial_indent=f"  {code}  "))
    resume = ": run the same command again to finish" if command == "import" else ""
    lines.append(f"  130 / 143: interrupted by Ctrl-C / SIGTERM{resume}")
    return "\n".join(lines + (["", note] if note else []))


def build_parser() -> argparse.ArgumentParser:
    """The ``codecbox`` argument parser (argparse, from the standard library).

    >>> args = build_parser().parse_args(["detect", "pedidos.csv"])
    >>> args.command, args.files
    ('detect', ['pedidos.csv'])
    """
    from codecbox import __version__

    formatter = partial(argparse.RawDescriptionHelpFormatter, max_help_position=30)
    texts: dict[str, Any] = {
        "description": _COMMANDS[""][1],
        "epilog": _epilog(""),
        "formatter_class": formatter,
    }
    parser = argparse.ArgumentParser(prog="codecbox", **texts)
    parser.add_argument("--version", action="version", version=f"codecbox {__version__}")
    commands = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    hinting = " and ".join(importing._hinting())
    for name, (summary, description, *_) in list(_COMMANDS.items())[1:]:
        texts.update(description=description, epilog=_epilog(name))
        sub = commands.add_parser(name, help=summary, **texts)
        for argument, options in _ARGUMENTS[name] + _ARGUMENTS["" if name in _OWN else "*"]:
            if argument != "--hint" or hinting:
                text = _HELP.get(f"{name} {argument}") or _HELP[argument]
                sub.add_argument(
                    argument, help=text.format(default=DEFAULT_DETECTOR, hinting=hinting), **options
                )
    return parser


# --- reading, writing, the progress bar ---------------------------------------------------


def _console_safety() -> None:
    """Never crash on a character the console cannot show: print ``\\u…`` instead."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, io.UnsupportedOperation):
                stream.reconfigure(errors="backslashreplace")


def _write_text(text: str) -> None:
    """Text to stdout as UTF-8 bytes (1 MiB at a time), whatever the locale or the console."""
    out: BinaryIO | None = getattr(sys.stdout, "buffer", None)
    if out is None:  # a text-only stdout (an embedding program, a test harness)
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    for start in range(0, len(text), 1 << 20):
        out.write(text[start : start + (1 << 20)].encode("utf-8", "backslashreplace"))
    out.flush()


def _drop_stdout() -> None:
    """After a write to standard output failed: what is still buffered goes nowhere, so that
    Python's final flush does not fail again (a traceback, and exit status 120)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _read_from(f: BinaryIO, size: int) -> bytes:
    """The next ``size`` bytes of ``f``, or all that is left."""
    parts = []  # read(size) would take all of size in memory first, however short f is
    while size > 0 and (part := f.read(min(size, CHUNK))):
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


class _Spool:
    """A source that cannot seek (standard input, a FIFO, a device) as a seekable file:
    what is read from it is kept in a temporary file on disk, not in memory, and read
    from the source only as far as asked (a device's first bytes may be all it takes)."""

    def __init__(self, source: BinaryIO, head: bytes) -> None:
        import tempfile

        self.source, self.file = source, tempfile.TemporaryFile()
        self.file.write(head)
        self.end, self.pos, self.done = len(head), 0, False

    def _fill(self, upto: int | None) -> None:
        self.file.seek(self.end)
        while not self.done and (upto is None or self.end < upto):
            chunk = self.source.read(CHUNK)
            if not chunk:
                self.done = True
            self.file.write(chunk)
            self.end += len(chunk)

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        if whence == os.SEEK_END:
            self._fill(None)
            offset += self.end
        self.pos = offset
        return offset

    def read(self, size: int = -1) -> bytes:
        self._fill(None if size < 0 else self.pos + size)
        self.file.seek(self.pos)
        data = self.file.read(size)
        self.pos += len(data)
        return data


@contextlib.contextmanager
def _opened(name: str) -> Iterator[tuple[BinaryIO, bytes]]:
    """File ``name`` (``-``: standard input) as a seekable binary file, and its first
    :data:`~codecbox.streaming.WHOLE` + 1 bytes: longer input is decided and decoded in
    pieces (:func:`~codecbox.streaming.decide_stream`), in bounded memory."""
    with contextlib.nullcontext(sys.stdin.buffer) if name == STDIO else open(name, "rb") as f:
        regular = name != STDIO and stat.S_ISREG(os.fstat(f.fileno()).st_mode)
        # (a regular file's start in one read: pieces joined would hold it twice)
        head = f.read(WHOLE + 1) if regular else _read_from(f, WHOLE + 1)
        if len(head) <= WHOLE:
            yield io.BytesIO(head), head
        elif regular:
            yield f, head
        else:
            spool = _Spool(f, head)
            try:
                yield spool, head  # type: ignore[misc]
            finally:
                spool.file.close()


def _print_json(record: dict[str, object]) -> None:
    print(json.dumps(record, ensure_ascii=True), flush=True)


@dataclass
class _Progress:
    """A tqdm bar on stderr, or nothing (``bar`` None); messages go around it."""

    bar: Any = None

    def update(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def note(self, message: str) -> None:
        if self.bar is None:
            _err(message)
        else:
            self.bar.write(message, file=sys.stderr)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()  # again is a no-op


def _tqdm() -> Any:
    with contextlib.suppress(ImportError):
        return importlib.import_module("tqdm")
    return None


def _progress(mode: str, total: int, label: str) -> _Progress:
    if mode == "off" or (mode == "auto" and (total < PROGRESS_MIN or not sys.stderr.isatty())):
        return _Progress()
    if (module := _tqdm()) is None:
        _err(f"codecbox: no progress bar without tqdm ({CLI_EXTRA})")
        return _Progress()
    options = dict(unit="B", unit_scale=True, unit_divisor=1024, dynamic_ncols=True, disable=False)
    return _Progress(module.tqdm(total=total, desc=label, file=sys.stderr, **options))


# --- decisions, shown the same way everywhere ---------------------------------------------


@dataclass(frozen=True)
class _Decision(Decided):
    """An encoding, the rule that chose it (:func:`~codecbox.decoding.decide`'s), the
    detector's answer if it was asked, the U+FFFD inserted, and ``first``: decided from the
    first this many bytes of a longer input (``--max-bytes``)."""

    encoding: Encoding
    rule: Rule
    guess: Guess | None = None
    replaced: int | None = None
    first: int | None = None

    @property
    def binary(self) -> str | None:
        """For binary data, what it is (``"PNG image"``), else None."""
        if self.rule is not Rule.BINARY:
            return None
        return (self.guess and self.guess.binary) or "unknown format"

    def line(self, name: str | None = None) -> str:
        """``name: windows-1252 (detected), tentative, confidence 0.97 (codecbox)``."""
        rule, guess = self.rule, self.guess
        parts = [f"{self.encoding} ({rule})", "certain" if self.confident else "tentative"]
        if self.binary is not None:
            parts = [f"binary data: {self.binary}"]
        elif guess is not None and rule is Rule.DETECTED:
            shown = "n/a" if guess.confidence is None else f"{guess.confidence:.2f}"
            parts.append(f"confidence {shown} ({guess.detector})")
            if guess.runner_up is not None:
                parts.append(f"not sure: or {guess.runner_up}")
        elif guess is not None and rule is Rule.DEFAULT:
            parts.append(f"no guess fit ({guess.detector})")
        if self.replaced and self.binary is None:
            parts.append(f"{self.replaced} U+FFFD inserted")
        if self.first is not None:
            parts.append(f"from the first {self.first} bytes")
        return ", ".join(parts) if name is None else f"{_shown(name)}: {', '.join(parts)}"

    def show(self, name: str, as_json: bool) -> None:
        """On stdout: :meth:`record` as JSON, or :meth:`line`."""
        shown = json.dumps(self.record(name), ensure_ascii=True) if as_json else self.line(name)
        print(shown, flush=True)

    def record(self, name: str) -> dict[str, object]:
        asked = self.guess if self.rule in (Rule.DETECTED, Rule.DEFAULT) else None
        runner_up = None if self.guess is None else self.guess.runner_up
        return {
            "file": name,
            "encoding": self.encoding.name,
            "codec": self.encoding.codec,
            "rule": self.rule.value,
            "confident": self.confident,
            "confidence": None if asked is None else asked.confidence,
            "detector": None if asked is None else asked.detector,
            "replaced": self.replaced,
            "runner_up": None if runner_up is None else runner_up.name,
            "binary": self.binary,
            "first_bytes": self.first,
        }


def _decided(result: Decoded | Scanned) -> _Decision:
    return _Decision(result.encoding, result.rule, result.guess, result.replaced)


def _sniff(
    name: str, max_bytes: int, candidates: Sequence[Encoding] | None, detector: str | Detector
) -> tuple[bytes, _Decision, Encoding]:
    """Read the start of ``name`` and :func:`~codecbox.decoding.decide` on its first
    ``max_bytes`` (as :func:`~codecbox.sniff`; a character may be cut). Returns the bytes
    read, the decision and the codec to stream with: for a BOM, one that drops it."""
    # A BOM needs 4 bytes, and one byte more tells whether anything follows the cut.
    with contextlib.nullcontext(sys.stdin.buffer) if name == STDIO else open(name, "rb") as f:
        head = _read_from(f, max(max_bytes, 4) + 1)
    decision, more = _decide_head(head, max_bytes, candidates, detector)
    first = max_bytes if more else None
    shown = _Decision(decision.encoding, decision.rule, decision.guess, first=first)
    eating = bom(head[: decision.skip], keep=True) if decision.skip else None
    return head, shown, decision.encoding if eating is None else eating[0]


def _detector(args: argparse.Namespace) -> str | Detector:
    """The detector asked for (or the library's default), with ``--hint`` bound. An unknown
    name, a missing extra, a candidate the detector cannot use, or a hint it does not take
    are usage errors, found before any work."""
    try:
        return importing._detector(args.detector or DEFAULT_DETECTOR, args.candidates,
                                   getattr(args, "hint", None))  # fmt: skip
    except ValueError as exc:
        raise _Usage(str(exc)) from None


# --- detect, decode, html -------------------------------------------------------------------


def _detect(args: argparse.Namespace) -> int:
    if args.files.count(STDIO) > 1:
        raise _Usage("FILE '-' (standard input) can be read only once")
    detector = _detector(args)
    failed = False
    for name in args.files:
        try:
            if args.max_bytes is not None:
                decision = _sniff(name, args.max_bytes, args.candidates, detector)[1]
            else:
                decider = bytes_decider(None, args.candidates, detector=detector)
                with _opened(name) as (f, head):
                    decision = _decided(decide_stream(f, decider, head))
        except OSError as exc:
            failed, message = True, _file_error(name, exc)
            if args.json:
                _print_json({"file": name, "error": message})
            _err(message)
        else:
            decision.show(name, args.json)
    return EXIT_ERROR if failed else EXIT_OK  # a guess is an answer: its line says so


def _decode(args: argparse.Namespace) -> int:
    """``decode`` (the text on stdout) and ``html`` (the decision, or with --text the text)."""
    html, detector = args.command == "html", _detector(args)
    decider: Decider
    if html:  # decode_html's decision, or decode_bytes's
        decider = html_decider(args.content_type, candidates=args.candidates, detector=detector)
    else:
        decider = bytes_decider(args.declared, args.candidates, detector=detector)

    def decode(data: bytes) -> Decoded:
        decision = decider(data, False)
        try:
            return decoding._decode(data, decision, args.errors)
        except DecodeError as exc:
            if exc.rule != Rule.BINARY.value:
                raise
            # binary data, which strict decoding refused: the decision says what it is
            return decoding._decode(data, decision, "replace")

    writing = False
    try:
        with _opened(args.file) as (f, head):
            texts: Iterable[str]
            if len(head) <= WHOLE:
                result = decode(head)
                decision, texts = _decided(result), (result.text,)
            else:  # in pieces: decided and checked to the end first, then decoded
                scanned = decide_stream(f, decider, head)
                decision = _decided(scanned)
                textless = html and not args.text or decision.binary is not None
                texts = () if textless else _texts(f, scanned, args.errors, _shown(args.file))
            if html and not args.text:
                writing = True
                decision.show(args.file, args.json)
                return EXIT_OK
            if decision.binary is not None:
                message = f"{decision.line(args.file)}: not decoded (give --declared to decode it)"
                return _err(message)
            for text in texts:
                writing = True
                _write_text(text)
                writing = False
    except OSError as exc:
        if writing:  # standard output: main says so
            raise
        return _err(_file_error(args.file, exc))
    except DecodeError as exc:
        exc.where = _shown(args.file)
        return _err(str(exc))
    except ValueError as exc:  # an encoding that cannot be decoded in pieces (UTF-7)
        return _err(f"{_shown(args.file)}: {exc}")
    _err(decision.line(args.file))
    return EXIT_OK  # a guess or a <meta> is an answer: the decision says how sure


# --- convert --------------------------------------------------------------------------------

_COUNTING = "codecbox.cli-count"
#: The counts of the ``convert`` running in this thread (or context): error handlers are
#: registered for the whole process, so the handler finds its call's counts here.
_COUNTS: ContextVar[Counter[str]] = ContextVar("_COUNTS")


def _counting() -> Counter[str]:
    """``_COUNTING``: ``replace``, counting the bytes it replaced by U+FFFD and the
    characters it replaced by ``?`` in a Counter of this call's own (per thread)."""

    def handler(exc: UnicodeError) -> tuple[str, int]:
        if not isinstance(exc, UnicodeDecodeError | UnicodeEncodeError):
            raise exc
        decoding = isinstance(exc, UnicodeDecodeError)
        _COUNTS.get()["byte" if decoding else "character"] += exc.end - exc.start
        return ("\ufffd" if decoding else "?" * (exc.end - exc.start)), exc.end

    codecs.register_error(_COUNTING, handler)  # the same handler each time
    counts: Counter[str] = Counter()
    _COUNTS.set(counts)
    return counts


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _writes_into(name: str, out: TextIO) -> bool:
    """Whether ``out`` is the regular file ``name`` (``convert x.txt - >> x.txt``)."""
    try:
        mine = os.fstat(out.fileno())
        return stat.S_ISREG(mine.st_mode) and os.path.samestat(mine, os.stat(name))
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        return False


def _size(name: str) -> int:
    """The size of a file, or of standard input when it is one (0 for a pipe)."""
    if name != STDIO:
        return os.stat(name).st_size
    try:
        info = os.fstat(sys.stdin.fileno())
    except (OSError, ValueError):
        return 0
    return info.st_size if stat.S_ISREG(info.st_mode) else 0


def _transcode(
    args: argparse.Namespace, source: Encoding, head: bytes, errors: str, bar: _Progress
) -> TranscodeReport:
    """:func:`~codecbox.transcode`, where SRC ``-`` is standard input (``head`` already read
    from it) and DST ``-`` standard output, written as it goes (not atomic)."""
    src, dst = args.src, args.dst
    chunks: Iterator[bytes]
    if src == STDIO:
        chunks = itertools.chain([head], iter(partial(sys.stdin.buffer.read, CHUNK), b""))
    else:
        chunks = read_chunks(src, CHUNK)
    reports: list[TranscodeReport] = []

    def write(out: BinaryIO) -> None:
        options: dict[str, Any] = {"where": _shown(src), "progress": bar.update}
        reports.append(transcode_stream(chunks, out, source, args.target, errors, **options))

    if dst != STDIO:  # as transcode(): a new DST gets SRC's permission bits
        write_atomic(dst, write, mode=None if src == STDIO else os.stat(src).st_mode)
    else:
        sys.stdout.flush()
        write(sys.stdout.buffer)
        sys.stdout.buffer.flush()
    return reports[0]


def _convert(args: argparse.Namespace) -> int:
    src, dst = args.src, args.dst
    if STDIO not in (src, dst) and _same_file(src, dst):
        raise _Usage(f"SRC and DST are the same file: {_shown(src)}")
    if dst == STDIO and src != STDIO and _writes_into(src, sys.stdout):
        raise _Usage(f"SRC and DST are the same file: standard output is {_shown(src)}")
    if dst == STDIO and getattr(sys.stdout, "buffer", None) is None:
        raise _Usage("DST '-': this standard output takes text, not bytes")  # an embedding
    detector = None if args.source is not None else _detector(args)
    decision: _Decision | None = None
    head, source = b"", args.source
    try:
        size = _size(src)
        if detector is not None:
            head, decision, source = _sniff(src, args.max_bytes, args.candidates, detector)
    except OSError as exc:
        return _err(_file_error(src, exc))
    if decision is not None and decision.binary is not None:
        return _err(f"{decision.line(src)}: not converted (give --from to convert it)")
    counts = _counting() if args.errors == "replace" else Counter()
    errors = _COUNTING if args.errors == "replace" else "strict"
    bar = _progress(args.progress, size, "stdin" if src == STDIO else Path(src).name)
    try:
        report = _transcode(args, source, head, errors, bar)
    except BrokenPipeError:
        raise  # the reader of stdout went away (``| head``): main() ends quietly
    except (DecodeError, EncodeError, OSError) as exc:
        bar.close()  # before the message, so that the bar is not drawn over it
        if isinstance(exc, OSError):
            if dst == STDIO:
                _drop_stdout()
            return _err(_file_error("standard output" if dst == STDIO else dst, exc))
        if not isinstance(exc, DecodeError) or decision is None:
            return _err(str(exc))
        exc.rule = exc.rule or decision.rule.value
        return _err(
            f"{exc}\ncodecbox: the encoding was decided from the first {args.max_bytes} "
            "bytes; check the file and give --from"
        )
    except ValueError as exc:  # a codec that cannot be streamed (UTF-7)
        raise _Usage(str(exc)) from None
    finally:
        bar.close()
    how = f"{report.source} (--from), certain" if decision is None else decision.line()
    n, m = counts["byte"], counts["character"]
    replaced = f"; replaced {_plural(n, 'byte')} by U+FFFD, {_plural(m, 'character')} by ?"
    _err(
        f"{_shown(src)} -> {_shown(dst)}: {how}; {report.bytes_read} bytes read as "
        f"{report.source}, {report.bytes_written} written as {report.target}"
        + (replaced if n or m else "")
    )
    guessed = decision is not None and not decision.rule.certain
    return EXIT_REVIEW if n or m or guessed else EXIT_OK


# --- import ---------------------------------------------------------------------------------


def _plan(args: argparse.Namespace) -> tuple[Path, Path | None, Path]:
    """Check all that can be checked before a file is touched (usage errors); returns
    --into, --quarantine and the log."""
    if STDIO in args.sources:
        raise _Usage("SRC '-': standard input has no file name to copy to; save it to a file")
    for option, value in (("--into", args.into), ("--quarantine", args.quarantine)):
        if value == STDIO:
            raise _Usage(f"{option} -: standard output is not a folder (a folder named '-' is ./-)")
    if args.log == STDIO:
        raise _Usage("--log -: the log must be a file, it is read again to resume")
    into = Path(args.into)
    quarantine = None if args.quarantine is None else Path(args.quarantine)
    for option, folder in (("--into", into), ("--quarantine", quarantine)):
        if folder is not None and os.path.lexists(folder) and not folder.is_dir():
            raise _Usage(f"{option} {folder}: not a folder")
    if quarantine is not None and quarantine.absolute().resolve() == into.absolute().resolve():
        raise _Usage("--quarantine must be another folder than --into")
    log = Path(args.log) if args.log else into / LOG_NAME
    if log.is_dir():
        raise _Usage(f"--log {log}: is a folder")
    names: dict[str, str] = {}
    for name in args.sources:
        path = Path(name)
        dst = into / path.name
        if path.is_dir():
            raise _Usage(f"{_shown(name)}: is a folder (give the files)")
        if path.name in names:
            raise _Usage(
                f"{_shown(names[path.name])} and {_shown(name)} would both be copied to "
                f"{_shown(dst)}; "
                "import them into different folders"
            )
        names[path.name] = name
        if dst.absolute() == log.absolute():
            raise _Usage(f"{_shown(name)}: its copy would overwrite the log {_shown(log)}")
        if _same_file(name, str(dst)):
            raise _Usage(f"{_shown(name)}: is already in --into {_shown(into)}")
    return into, quarantine, log


def _import(args: argparse.Namespace) -> int:
    _detector(args)  # its usage errors first
    into, quarantine, log_path = _plan(args)
    try:
        options, policy = prepare_import(
            into, quarantine, log_path, declared=args.declared, candidates=args.candidates,
            min_sample=args.min_sample, detector=args.detector or DEFAULT_DETECTOR,
            hint=getattr(args, "hint", None),
        )  # fmt: skip
        log = ImportLog(log_path, policy)
    except OSError as exc:
        return _err(_file_error(str(into), exc))
    total = 0
    for name in args.sources:
        with contextlib.suppress(OSError):
            total += os.stat(name).st_size
    bar = _progress(args.progress, total, "import")
    run = ImportRun(options, into, quarantine, log, args.follow_symlinks, bar.note, bar.update)
    try:
        tally = run.import_files(args.sources)
    finally:
        bar.close()
        log.close()
    review = tally["guessed"] + tally["quarantined"] + tally["undecided"]
    print(
        f"{tally['files']} files: {tally['imported']} imported, {tally['guessed']} guessed "
        f"(copied, review them), {tally['quarantined']} quarantined, {tally['undecided']} "
        f"undecided, {tally['error']} failed"
        + (f"; {tally['earlier']} of them done by an earlier run" if tally["earlier"] else "")
        + f"\nlog: {_shown(log_path)}",
        flush=True,
    )
    return EXIT_ERROR if tally["error"] else EXIT_REVIEW if review else EXIT_OK


# --- encodings ------------------------------------------------------------------------------


#: The fields of ``codecbox encodings --json``, in order.
_ENCODING_FIELDS = "name python exact labels prior tries languages bom ascii width".split()


def _encodings(args: argparse.Namespace) -> int:
    from codecbox.table import TABLE

    rows = [["NAME", "PYTHON", "BROWSERS", "PRIOR", "LANGUAGES", "BOM", "ASCII", "WIDTH"]]
    for r in TABLE:
        if args.json:  # (tuples are JSON lists)
            record = {field: getattr(r, field) for field in _ENCODING_FIELDS}
            _print_json({**record, "bom": r.bom.hex(" ")})
            continue
        prior = "" if r.prior is None else f"{r.prior:+.1f}"
        languages = " ".join(r.languages[:4]) + (" ..." if len(r.languages) > 4 else "")
        row = [r.name, r.python or "-", "yes" if r.exact else "", prior, languages]
        rows.append([*row, r.bom.hex(" "), "yes" if r.ascii else "no", str(r.width)])
    if not args.json:
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        for row in rows:
            _write_text(
                "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() + "\n"
            )
    return EXIT_OK


# --- fix ------------------------------------------------------------------------------------


def _fix(args: argparse.Namespace) -> int:
    from codecbox.repair import fix_lines

    shown, offset, repaired, lost = _shown(args.file), 0, 0, 0

    def lines(raw: Iterable[bytes]) -> Iterator[str]:
        nonlocal offset
        for line in raw:
            try:
                yield line.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise DecodeError.wrap(exc, base=offset, where=shown) from None
            offset += len(line)

    try:
        source = sys.stdin.buffer if args.file == STDIO else open(args.file, "rb")
    except OSError as exc:
        return _err(_file_error(args.file, exc))
    out: BinaryIO | None = getattr(sys.stdout, "buffer", None)  # None: a text-only stdout
    with source:  # (a write to standard output that fails goes to main)
        try:
            for number, repair in enumerate(fix_lines(lines(source)), 1):
                repaired += repair.changed
                lost += repair.lost if repair.changed else 0
                steps = [str(step) for step in repair.steps]
                if args.explain and repair.changed:
                    _err(f"{shown}:{number}: {'; '.join(steps)}")
                if args.json:
                    record = {"line": number, "text": repair.text, "changed": repair.changed}
                    _print_json({**record, "steps": steps, "lost": repair.lost})
                elif out is not None:
                    out.write(repair.text.encode("utf-8", "surrogatepass"))
                else:  # (an embedding program, a test harness)
                    sys.stdout.write(repair.text)
        except DecodeError as exc:
            sys.stdout.flush()
            return _err(f"{exc} (the lines before it were written)")
    sys.stdout.flush()
    gone = f" ({_plural(lost, 'character')} lost before, left as U+FFFD)" if lost else ""
    _err(f"{shown}: {_plural(repaired, 'line')} repaired{gone}")
    return EXIT_REVIEW if repaired else EXIT_OK


# --- main -----------------------------------------------------------------------------------

#: What runs each command (``html`` is ``_decode``'s other face).
_RUN = {"detect": _detect, "decode": _decode, "html": _decode, "convert": _convert}
_RUN.update({"import": _import, "encodings": _encodings, "fix": _fix})


@contextlib.contextmanager
def _signals() -> Iterator[None]:
    """SIGTERM becomes an exception, so atomic writes remove their temporary files."""
    import signal

    def stop(signum: int, frame: FrameType | None) -> NoReturn:
        raise _Stopped(signum)

    previous = None
    with contextlib.suppress(AttributeError, ValueError):  # no SIGTERM, not the main thread
        previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``codecbox`` command; returns the exit status.

    0 when every file was read, 1 on an error, 3 when ``fix`` repaired something (see
    ``codecbox --help``)::

        >>> import tempfile, pathlib
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> (folder / "a.txt").write_bytes("año".encode("utf-8"))
        4
        >>> main(["detect", str(folder / "a.txt")]) == 0  # prints the file and its encoding
        ... # doctest: +ELLIPSIS
        /.../a.txt: UTF-8 (valid UTF-8)...
        True
    """
    _console_safety()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    if sys.stdout is None:  # started with it closed (``>&-``): every command writes there
        return _err(f"codecbox {args.command}: standard output is closed; nothing done")
    resume = "; run the same command again to finish the import" if args.command == "import" else ""
    try:
        # The README's rule: asking for what an extra provides, without it, names the extra.
        if getattr(args, "progress", None) == "on" and _tqdm() is None:
            raise _Usage(f"--progress on needs tqdm: {CLI_EXTRA}")
        with _signals():
            return _RUN[args.command](args)
    except _Usage as exc:
        print(f"codecbox {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"codecbox: interrupted{resume}", file=sys.stderr)
        return 130
    except _Stopped as exc:
        print(f"codecbox: stopped{resume}", file=sys.stderr)
        return 128 + int(exc.args[0])
    except OSError as exc:
        if exc.filename is not None:  # the import log (a full disk): the files logged are done
            return _err(f"codecbox {args.command}: {_file_error('', exc)}{resume}")
        # Standard output could not be written (full, closed); the reader gone (``| head``)
        # needs no message.
        _drop_stdout()
        if isinstance(exc, BrokenPipeError):
            return EXIT_ERROR
        return _err(f"codecbox {args.command}: {_file_error('standard output', exc)}")
