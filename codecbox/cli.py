"""The ``codecbox`` command: detect, decode, convert, import and html, from a shell.

Installed as the ``codecbox`` console script; ``python -m codecbox`` is the same
command. Each subcommand is one library call with its decision printed beside it, and
every one decides through the same pipeline, :func:`codecbox.decoding.decide` (BOM >
declared label > what the bytes prove > detector > default; ``html`` in a browser's
version of it):

* ``detect FILE...``: the encoding :func:`~codecbox.decode_bytes` would use, the rule
  that chose it and how sure it is, or "binary data", one line per file (``--json``:
  JSON lines);
* ``decode FILE``: the text, in UTF-8, on stdout; how it was decided on stderr;
* ``convert SRC DST``: :func:`~codecbox.transcode`, in constant memory, atomic for a file;
* ``import SRC... --into DIR``: the import policy (:func:`~codecbox.import_bytes`) over
  many files, with UTF-8 copies, a quarantine, a JSON-lines log and a summary; an
  interrupted run is resumed by running the same command again;
* ``html FILE``: :func:`~codecbox.decode_html`'s browser-order decision for a saved page.

Exit status, when several apply the first listed wins: 2 bad usage (nothing was done),
1 a file failed (it names the file, and the byte offset for bytes that do not decode),
3 ``convert`` or ``import`` done but needs review (a guess, the default, U+FFFD, a
quarantined or undecided file), 0 done. ``detect``, ``decode`` and ``html`` answer:
a guess, a ``<meta>`` or the default is exit 0 like a certain answer, and how sure it
is, is in their output (as ``chardetect`` and charset-normalizer's ``normalizer`` do).
Ctrl-C gives 130, SIGTERM 143.

The file name ``-`` means standard input (read as bytes) or standard output (written as
bytes): ``cat page.html | codecbox html -``, ``codecbox convert old.txt - | less``.
Where that makes no sense (``import -``, ``--into -``, ``--log -``) it is a usage error.

Only the result goes to stdout (``decode`` writes the text as UTF-8 bytes whatever the
locale, ``convert SRC -`` the converted bytes);
decisions, per-file errors and the progress bar go to stderr. Other output keeps the
console's encoding with ``errors="backslashreplace"``, so a name a cp1252 console
cannot show is printed as ``\\u…`` instead of crashing the command.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import errno
import importlib
import inspect
import io
import json
import os
import shutil
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, BinaryIO, NoReturn, TextIO

from codecbox.decoding import Decoded, decode_bytes, decode_html
from codecbox.detection import DETECTORS, Detector, Guess, detector_for
from codecbox.errors import DecodeError, EncodeError, UnknownEncodingError, install_hint
from codecbox.importing import Imported, Quarantined, import_bytes
from codecbox.labels import Encoding, resolve
from codecbox.rules import Rule
from codecbox.sniffing import bom
from codecbox.streaming import (
    TranscodeReport,
    _decide_head,
    read_chunks,
    remove_stale_temporaries,
    transcode,
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
#: The import log's name inside ``--into`` (hidden, so ``DIR/*`` lists only the copies).
LOG_NAME = ".codecbox-import.jsonl"
#: How much ``convert`` (without ``--from``) and ``detect --max-bytes`` look at by default.
SNIFF_BYTES = 65536
#: A file name that means standard input or standard output.
STDIO = "-"
#: How much ``convert`` reads from standard input at a time.
CHUNK = 65536

EXIT_STATUS = """\
exit status (when several apply, the first listed wins):
  2  bad usage: unknown option, encoding or detector, missing extra; nothing was done
  1  a file failed: bytes that do not decode (the file and byte offset are given),
     a character the target cannot encode, a file that cannot be read or written,
     binary data given to convert or decode
  3  convert and import only: done, but needs review (a guessed encoding, U+FFFD
     inserted, a file quarantined or left undecided: binary data, mostly valid
     UTF-8, a guess)
  0  done; for detect, decode and html also when the answer is a guess (how sure
     it is, is in their output)
  130 / 143: interrupted by Ctrl-C / SIGTERM

A FILE, SRC or DST '-' is standard input or output (a file named '-' is ./-)."""

#: The last line of every exit status.
_SIGNALS = "  130 / 143: interrupted by Ctrl-C / SIGTERM"

DETECT_EPILOG = f"""\
examples:
  codecbox detect *.csv
  codecbox detect --json --max-bytes 65536 export/*.txt
  curl -s https://example.com/data.csv | codecbox detect -

exit status (when several apply, the first listed wins):
  2  bad usage: unknown option, encoding or detector, missing extra; nothing was done
  1  a file could not be read (the others are still examined)
  0  every file was answered, certain or not: a guess, the default when no guess
     fit ("windows-1252 (default), tentative, no guess fit"), or binary data
     ("f.png: binary data: PNG image") is exit 0 as well; how sure each answer is,
     is in the output; with --max-bytes, a file longer than N bytes is decided on
     its start, and its line ends "from the first N bytes"
{_SIGNALS}"""

DECODE_EPILOG = f"""\
examples:
  codecbox decode supplier.csv --declared latin1 > text.txt
  cat old.txt | codecbox decode - --candidates cp1252,cp850 | less

exit status:
  2  bad usage: unknown option, label, encoding or detector, missing extra;
     nothing was done
  1  FILE could not be read, or (strict, the default) its bytes do not decode: the
     file and byte offset are given, and nothing is written to stdout; or FILE is
     binary data (a PNG, NUL and control bytes) and no --declared label was given:
     nothing is written to stdout
  0  decoded, certain or not: a guess, the default, or U+FFFD inserted with
     --errors replace is exit 0 as well; the decision on stderr says which
{_SIGNALS}"""

CONVERT_EPILOG = f"""\
examples:
  codecbox convert export.txt export_utf8.txt --from cp1252
  codecbox convert old.txt - | less
  gunzip -c data.csv.gz | codecbox convert - data_utf8.csv

SRC '-' is standard input, read in pieces like a file. DST '-' is standard output:
only the converted bytes go there (messages go to stderr), and they are written as
they are converted, so standard output is not atomic: after an error, what was
converted before it has been written. A file named '-' is ./-.

exit status:
  2  bad usage: unknown option, encoding or detector, missing extra, an encoding
     that cannot be streamed (UTF-7), SRC and DST the same file; nothing was done
  1  failed: bytes that do not decode (the file and byte offset are given), a
     character the target cannot encode, a file that cannot be read or written,
     SRC is binary data without --from (nothing is written); a DST file is then
     as before
  3  converted, but needs review: the encoding was guessed (or is the default: no
     guess fit), or --errors replace replaced something
  0  converted, and the encoding was certain (--from, BOM, valid UTF-8)
{_SIGNALS}"""

IMPORT_EPILOG = f"""\
examples:
  codecbox import inbox/*.txt --into imported --quarantine review --candidates cp1252,cp850
  codecbox import data/*.csv --into utf8 --declared windows-1252

Standard input cannot be imported (it has no name to copy to): SRC '-', and
'-' for --into, --quarantine or --log, are usage errors. A file named '-' is ./-.

exit status (when several apply, the first listed wins):
  2  bad usage: unknown option, encoding or detector, missing extra, '-' as SRC,
     --into, --quarantine or --log, two sources with one name; nothing was done
  1  a file failed: its bytes do not decode (the file and byte offset are given),
     it could not be read or its copy written (the others are still imported), or
     the log could not be opened (another import is writing it)
  3  done, but needs review: a guessed file was copied, or a file was quarantined
     or left undecided (a guess, binary data, UTF-8 with a few invalid bytes)
  0  done: every file was imported with a certain encoding
{_SIGNALS}: run the same command again to finish"""

HTML_EPILOG = f"""\
examples:
  codecbox html page.html --content-type "text/html; charset=Shift_JIS"
  cat page.html | codecbox html -
  curl -s https://example.com/ | codecbox html - --text | less

exit status:
  2  bad usage: unknown option, encoding or detector, missing extra; nothing was done
  1  FILE could not be read, or with --errors strict its bytes do not decode (the
     file and byte offset are given)
  0  decided, certain or not: a <meta>, a guess, the default, or U+FFFD inserted
     (by the default --errors replace) is exit 0 as well; how sure the decision
     is, is in the output
{_SIGNALS}"""


class _Usage(Exception):
    """Bad usage found after parsing: exit 2, nothing done."""


class _Stopped(BaseException):
    """SIGTERM, raised where the program is, so that atomic writes clean up."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


# --- the outcome of a run -------------------------------------------------------------------


class _Outcome:
    """The worst thing that happened: an error beats a needs-review, which beats ok."""

    def __init__(self) -> None:
        self.error = False
        self.review = False

    @property
    def code(self) -> int:
        if self.error:
            return EXIT_ERROR
        return EXIT_REVIEW if self.review else EXIT_OK


def _err(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _file_error(name: str, exc: OSError) -> str:
    """``name: No such file or directory``: the file first, as the decode errors do."""
    where = exc.filename if exc.filename is not None else name
    return f"{os.fsdecode(where)}: {exc.strerror or exc}"


# --- argument types -------------------------------------------------------------------------


def _codec_name(value: str) -> Encoding:
    """A codec name chosen by the user, read as Python reads it (``--from``, ``--to``)."""
    try:
        encoding = resolve(value)
    except UnknownEncodingError:
        raise argparse.ArgumentTypeError(f"unknown encoding {value!r}") from None
    if encoding.codec is None:
        raise argparse.ArgumentTypeError(f"{encoding.name} has no codec")
    return encoding


def _label(value: str) -> str:
    """A declared label, read as the library reads declarations (checked here, used there)."""
    for as_label in (True, False):
        try:
            resolve(value, label=as_label)
        except UnknownEncodingError:
            continue
        return value
    raise argparse.ArgumentTypeError(f"unknown encoding {value!r}")


def _candidates(value: str) -> list[Encoding]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give one or more encoding names, e.g. cp1252,cp932")
    return [_codec_name(name) for name in names]


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {number}")
    return number


def _default(function: Callable[..., object], parameter: str) -> str:
    """A library function's default, shown in the help and followed when changed."""
    return str(inspect.signature(function).parameters[parameter].default)


# --- the parser -----------------------------------------------------------------------------


class _Formatter(argparse.RawDescriptionHelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30)


def _add_candidates(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--candidates",
        type=_candidates,
        metavar="LIST",
        help="comma-separated codec names a guess may choose from, e.g. cp1252,cp932 "
        "(default: the detector's own set)",
    )


def _add_detector(parser: argparse.ArgumentParser, function: Callable[..., object]) -> None:
    parser.add_argument(
        "--detector",
        choices=list(DETECTORS),
        help=f"the detector that guesses (default: {_default(function, 'detector')}; "
        f"chardet needs {install_hint('chardet')})",
    )
    hinting = _hinting()
    if hinting:
        parser.add_argument(
            "--hint",
            metavar="LANG",
            help="a language code or a domain (ru, www.example.jp) whose encodings the "
            f"guess favours ({' and '.join(hinting)} detector)",
        )


def _add_progress(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--progress",
        choices=["auto", "on", "off"],
        default="auto",
        help="a progress bar on stderr; auto: only on a terminal, for inputs over "
        f"{PROGRESS_MIN // 2**20} MiB (needs tqdm: {CLI_EXTRA})",
    )


def build_parser() -> argparse.ArgumentParser:
    """The ``codecbox`` argument parser (argparse, from the standard library)."""
    from codecbox import __version__

    parser = argparse.ArgumentParser(
        prog="codecbox",
        description="Decode text you did not write, and say how you decided.",
        epilog=EXIT_STATUS + "\n\nRun 'codecbox COMMAND --help' for a command's options.",
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"codecbox {__version__}")
    commands = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")

    def command(name: str, summary: str, description: str, epilog: str) -> argparse.ArgumentParser:
        return commands.add_parser(
            name,
            help=summary,
            description=description,
            epilog=epilog,
            formatter_class=_Formatter,
        )

    p = command(
        "detect",
        "the encoding of each file, the rule that chose it, how sure",
        "Print, for each file, the encoding 'codecbox decode' would use, the rule that\n"
        "chose it (BOM, NUL pattern, escape sequences, valid UTF-8, mostly valid UTF-8,\n"
        "detected, default) and how sure that rule is: certain, or tentative with the\n"
        "detector's confidence; or that it is binary data. Reads whole files; with\n"
        "--max-bytes, only their start (what 'codecbox convert' does without --from).\n"
        "FILE '-' is standard input.",
        DETECT_EPILOG,
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="files to examine")
    _add_candidates(p)
    _add_detector(p, decode_bytes)
    p.add_argument(
        "--max-bytes",
        type=_positive,
        metavar="N",
        help="decide from the first N bytes only (constant memory on huge files)",
    )
    p.add_argument("--json", action="store_true", help="JSON lines: one object per file")

    p = command(
        "decode",
        "a file's text on stdout, as UTF-8",
        "Decode FILE (BOM > --declared > evidence > detector > windows-1252) and write\n"
        "only its text to stdout, always as UTF-8; the decision goes to stderr.\n"
        "Strict by default: bytes that do not decode are an error that gives the byte\n"
        "offset. FILE '-' is standard input.",
        DECODE_EPILOG,
    )
    p.add_argument("file", metavar="FILE", help="the file to decode")
    p.add_argument(
        "--declared",
        type=_label,
        metavar="LABEL",
        help="the encoding the sender declared (a label, read as a browser reads it: "
        "latin1 means windows-1252)",
    )
    _add_candidates(p)
    _add_detector(p, decode_bytes)
    p.add_argument(
        "--errors",
        choices=["strict", "replace"],
        default="strict",
        help="strict (default): fail at the first bad byte; replace: put U+FFFD instead "
        "(counted on stderr)",
    )

    p = command(
        "convert",
        "convert a file's encoding, atomically",
        "Convert SRC to DST (UTF-8 by default), atomically and in constant memory: DST is\n"
        "replaced only once the whole conversion is on disk, so after any error DST is as\n"
        "before and no temporary file is left. Without --from, the encoding is decided from\n"
        "the first N bytes (--max-bytes; BOM > evidence > detector > windows-1252), a\n"
        "guess exits 3 and binary data is refused. Strict by default. SRC or DST '-' is\n"
        "standard input or output.",
        CONVERT_EPILOG,
    )
    p.add_argument("src", metavar="SRC", help="the file to convert")
    p.add_argument("dst", metavar="DST", help="where to write the result")
    p.add_argument(
        "--from",
        dest="source",
        type=_codec_name,
        metavar="ENCODING",
        help="SRC's encoding, a Python codec name (latin-1 means ISO-8859-1)",
    )
    p.add_argument(
        "--to",
        dest="target",
        type=_codec_name,
        default=resolve("utf-8"),
        metavar="ENCODING",
        help="DST's encoding (default: utf-8, without BOM; utf-8-sig writes one)",
    )
    p.add_argument(
        "--errors",
        choices=["strict", "replace"],
        default="strict",
        help="strict (default): fail at the first bad byte or character; replace: "
        "U+FFFD for bad bytes, ? for unencodable characters, and exit 3",
    )
    _add_candidates(p)
    _add_detector(p, decode_bytes)
    p.add_argument(
        "--max-bytes",
        type=_positive,
        default=SNIFF_BYTES,
        metavar="N",
        help=f"without --from, decide from the first N bytes (default: {SNIFF_BYTES})",
    )
    _add_progress(p)

    p = command(
        "import",
        "import many files: UTF-8 copies, quarantine, log",
        "Import each SRC by the strict policy: BOM > --declared > evidence (UTF-16/32 by\n"
        "their NUL pattern, ISO-2022 escapes, valid UTF-8) > a guess among --candidates\n"
        "(only with them, on at least --min-sample bytes); binary data and UTF-8 with a\n"
        "few invalid bytes need review. DIR gets a\n"
        "UTF-8 copy of each file, named like it and written atomically. Files that need\n"
        "review (a guess, or nothing could decide) are moved to --quarantine when given;\n"
        "without it a guessed file is copied anyway and an undecided one is left alone.\n"
        f"Every file gets a line in the log (default: DIR/{LOG_NAME}),\n"
        "appended and synced as soon as the file is done: after a crash or Ctrl-C, the\n"
        "same command skips the files already done and does the rest. Prints a summary.",
        IMPORT_EPILOG,
    )
    p.add_argument("sources", nargs="+", metavar="SRC", help="files to import")
    p.add_argument("--into", required=True, metavar="DIR", help="folder for the UTF-8 copies")
    p.add_argument("--quarantine", metavar="DIR", help="move the sources that need review here")
    p.add_argument(
        "--declared",
        type=_label,
        metavar="LABEL",
        help="the encoding every source is declared to be in",
    )
    _add_candidates(p)
    p.add_argument(
        "--min-sample",
        type=_positive,
        default=int(_default(import_bytes, "min_sample")),
        metavar="N",
        help="guess only on files of at least N bytes (default: %(default)s)",
    )
    _add_detector(p, import_bytes)
    p.add_argument("--log", metavar="FILE", help=f"the JSON-lines log (default: DIR/{LOG_NAME})")
    _add_progress(p)

    p = command(
        "html",
        "the browser's decision for a saved page",
        "Decide a saved page's encoding in the browser's order: BOM > the Content-Type\n"
        "charset > <meta> (prescan) > valid UTF-8 > detector > windows-1252, and print\n"
        "the decision on stdout (--text: the text, decision on stderr). As a browser,\n"
        "bad bytes become U+FFFD unless --errors strict. FILE '-' is standard input.",
        HTML_EPILOG,
    )
    p.add_argument("file", metavar="FILE", help="the saved page")
    p.add_argument(
        "--content-type",
        metavar="VALUE",
        help="the HTTP Content-Type header it came with, e.g. 'text/html; charset=sjis'",
    )
    _add_candidates(p)
    _add_detector(p, decode_html)
    p.add_argument(
        "--errors",
        choices=["replace", "strict"],
        default="replace",
        help="replace (default, as browsers do; counted in the output) or strict",
    )
    p.add_argument("--text", action="store_true", help="print the decoded text instead")
    p.add_argument("--json", action="store_true", help="the decision as a JSON object")
    return parser


# --- console safety -------------------------------------------------------------------------


def _console_safety() -> None:
    """Never crash on a character the console cannot show: print ``\\u…`` instead."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, io.UnsupportedOperation):
                stream.reconfigure(errors="backslashreplace")


def _write_text(text: str) -> None:
    """Text to stdout as UTF-8 bytes, whatever the locale or the console."""
    sys.stdout.flush()
    out: BinaryIO | None = getattr(sys.stdout, "buffer", None)
    step = 1 << 20
    for start in range(0, len(text), step):
        piece = text[start : start + step]
        if out is None:  # a text-only stdout (an embedding program, a test harness)
            sys.stdout.write(piece)
        else:
            out.write(piece.encode("utf-8", "backslashreplace"))
    if out is not None:
        out.flush()


def _read(name: str) -> bytes:
    if name == STDIO:
        return sys.stdin.buffer.read()
    with open(name, "rb") as f:
        return f.read()


def _decode_file(name: str, decode: Callable[[bytes], Decoded]) -> Decoded | None:
    """Read and decode one file; on failure say why on stderr (file, byte offset) and give None."""
    try:
        return decode(_read(name))
    except OSError as exc:
        _err(_file_error(name, exc))
    except DecodeError as exc:
        exc.where = name
        _err(str(exc))
    return None


# --- the progress bar -----------------------------------------------------------------------


class _Progress:
    """A tqdm bar on stderr, or nothing; messages go around it."""

    def __init__(self, bar: Any = None) -> None:
        self._bar = bar

    def update(self, n: int) -> None:
        if self._bar is not None:
            self._bar.update(n)

    def note(self, message: str) -> None:
        if self._bar is not None:
            self._bar.write(message, file=sys.stderr)
        else:
            _err(message)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def _tqdm() -> Any:
    try:
        return importlib.import_module("tqdm")
    except ImportError:
        return None


def _check_progress(mode: str) -> None:
    # The README's rule: asking for what an extra provides, without it, names the extra.
    if mode == "on" and _tqdm() is None:
        raise _Usage(f"--progress on needs tqdm: {CLI_EXTRA}")


def _progress(mode: str, total: int, label: str) -> _Progress:
    wanted = mode == "on" or (mode == "auto" and total >= PROGRESS_MIN and sys.stderr.isatty())
    if not wanted:
        return _Progress()
    module = _tqdm()
    if module is None:
        _err(f"codecbox: no progress bar without tqdm ({CLI_EXTRA})")
        return _Progress()
    bar = module.tqdm(
        total=total,
        desc=label,
        unit="B",
        unit_scale=True,
        unit_divisor=1024,
        file=sys.stderr,
        disable=False,
        dynamic_ncols=True,
    )
    return _Progress(bar)


# --- decisions, shown the same way everywhere ---------------------------------------------


@dataclass(frozen=True)
class _Decision:
    """An encoding, the rule that chose it (:func:`~codecbox.decoding.decide`'s), and the
    detector's answer if it was asked."""

    encoding: Encoding
    rule: Rule
    guess: Guess | None = None
    replaced: int | None = None
    #: decided from the first this many bytes of a longer input (``--max-bytes``)
    first: int | None = None

    @property
    def runner_up(self) -> Encoding | None:
        """The detector's second choice when it was not sure (detectors that say so)."""
        found = getattr(self.guess, "runner_up", None)
        return found if isinstance(found, Encoding) else None

    @property
    def binary(self) -> str | None:
        """For binary data, what it is (``"PNG image"``), else None."""
        if self.rule is not Rule.BINARY:
            return None
        what = getattr(self.guess, "binary", None)
        return what if isinstance(what, str) else "unknown format"

    @property
    def review(self) -> bool:
        return not self.rule.certain or bool(self.replaced)

    def line(self, name: str) -> str:
        """``name: windows-1252 (detected), tentative, confidence 0.97 (codecbox)``."""
        return f"{name}: {self.describe()}"

    def describe(self) -> str:
        first = "" if self.first is None else f", from the first {self.first} bytes"
        if self.binary is not None:
            return f"binary data: {self.binary}{first}"
        parts = [f"{self.encoding} ({self.rule})", "certain" if self.rule.certain else "tentative"]
        if self.guess is not None and self.rule is Rule.DETECTED:
            shown = "" if self.guess.confidence is None else f" {self.guess.confidence:.2f}"
            parts.append(f"confidence{shown or ' n/a'} ({self.guess.detector})")
        elif self.guess is not None and self.rule is Rule.DEFAULT:
            parts.append(f"no guess fit ({self.guess.detector})")
        if self.runner_up is not None and self.rule is Rule.DETECTED:
            parts.append(f"not sure: or {self.runner_up}")
        if self.replaced:
            parts.append(f"{self.replaced} U+FFFD inserted")
        return ", ".join(parts) + first

    def record(self, name: str) -> dict[str, object]:
        detector = self.guess is not None and self.rule in (Rule.DETECTED, Rule.DEFAULT)
        return {
            "file": name,
            "encoding": self.encoding.name,
            "codec": self.encoding.codec,
            "rule": self.rule.value,
            "confident": self.rule.certain,
            "confidence": self.guess.confidence if detector and self.guess else None,
            "detector": self.guess.detector if detector and self.guess else None,
            "replaced": self.replaced,
            "runner_up": None if self.runner_up is None else self.runner_up.name,
            "binary": self.binary,
            "first_bytes": self.first,
        }


def _decided(result: Decoded) -> _Decision:
    return _Decision(result.encoding, result.rule, result.guess, result.replaced)


def _decide_prefix(
    head: bytes, max_bytes: int, candidates: Sequence[Encoding] | None, detector: str | Detector
) -> tuple[_Decision, Encoding]:
    """:func:`~codecbox.decoding.decide` on the first ``max_bytes`` of ``head`` (the
    pipeline of :func:`~codecbox.sniff`; a character may be cut). Returns the decision and
    the codec to stream with: for a byte order mark, one that drops it."""
    decision, more = _decide_head(head, max_bytes, candidates, detector)
    first = max_bytes if more else None
    shown = _Decision(decision.encoding, decision.rule, decision.guess, first=first)
    if decision.skip:
        eating = bom(head[: decision.skip], keep=True)
        assert eating is not None
        return shown, eating[0]
    return shown, decision.encoding


def _takes_hint(detect: Callable[..., object]) -> bool:
    try:
        return "hint" in inspect.signature(detect).parameters
    except (TypeError, ValueError):
        return False


def _hinting() -> list[str]:
    """The detectors that take a ``hint`` (a language or a domain), by name."""
    return [name for name, detect in DETECTORS.items() if _takes_hint(detect)]


def _detector(args: argparse.Namespace, function: Callable[..., object]) -> str | Detector:
    """The detector asked for (or the library function's default), with ``--hint`` bound.

    Checked before any work: an unknown name, a missing extra, a candidate the detector
    cannot use, or a hint it does not take are usage errors.
    """
    name: str = args.detector or _default(function, "detector")
    try:
        detect = detector_for(name)
        detect(b"", args.candidates)  # a candidate this detector cannot use fails here
    except ModuleNotFoundError as exc:
        raise _Usage(str(exc)) from None
    except ValueError as exc:
        raise _Usage(str(exc)) from None
    hint: str | None = getattr(args, "hint", None)
    if hint is None:
        return name
    if not _takes_hint(detect):
        raise _Usage(
            f"the {name} detector takes no --hint; give --detector " + " or ".join(_hinting())
        )

    def hinted(
        data: bytes, candidates: Sequence[str | Encoding] | None = None, *, prefix: bool = False
    ) -> Guess:
        guess: Guess = detect(data, candidates, prefix=prefix, hint=hint)  # type: ignore[call-arg]
        return guess

    return hinted


def _print_json(record: dict[str, object]) -> None:
    print(json.dumps(record, ensure_ascii=True), flush=True)


# --- detect ---------------------------------------------------------------------------------


def _detect(args: argparse.Namespace) -> int:
    if args.files.count(STDIO) > 1:
        raise _Usage("FILE '-' (standard input) can be read only once")
    detector = _detector(args, decode_bytes)
    failed = False
    for name in args.files:
        try:
            if args.max_bytes is None:
                decision = _decided(
                    decode_bytes(_read(name), candidates=args.candidates, detector=detector)
                )
            else:
                head = _head(name, _head_size(args.max_bytes))
                decision = _decide_prefix(head, args.max_bytes, args.candidates, detector)[0]
        except OSError as exc:
            failed = True
            message = _file_error(name, exc)
            if args.json:
                _print_json({"file": name, "error": message})
            _err(message)
            continue
        if args.json:
            _print_json(decision.record(name))
        else:
            print(decision.line(name), flush=True)
    return EXIT_ERROR if failed else EXIT_OK  # a guess is an answer: its line says so


def _head_size(max_bytes: int) -> int:
    """How much to read to decide from ``max_bytes``: a BOM needs 4, and one byte more
    tells whether anything follows (then it is a decision on a prefix)."""
    return max(max_bytes, 4) + 1


def _head(name: str, size: int) -> bytes:
    if name == STDIO:
        return sys.stdin.buffer.read(size)
    with open(name, "rb") as f:
        return f.read(size)


# --- decode ---------------------------------------------------------------------------------


def _decode(args: argparse.Namespace) -> int:
    detector = _detector(args, decode_bytes)

    def decode(data: bytes) -> Decoded:
        options = {"declared": args.declared, "candidates": args.candidates}
        try:
            return decode_bytes(data, **options, detector=detector, errors=args.errors)
        except DecodeError as exc:
            if exc.rule != Rule.BINARY.value:
                raise
            # binary data, which strict decoding refused: the decision says what it is
            return decode_bytes(data, **options, detector=detector, errors="replace")

    result = _decode_file(args.file, decode)
    if result is None:
        return EXIT_ERROR
    decision = _decided(result)
    if decision.binary is not None:
        _err(f"{args.file}: {decision.describe()}: not decoded (give --declared to decode it)")
        return EXIT_ERROR
    _write_text(result.text)
    _err(decision.line(args.file))
    return EXIT_OK  # a guess is an answer: the line on stderr says how sure


# --- convert --------------------------------------------------------------------------------

_COUNTING = "codecbox.cli-count"


class _Replacements:
    """An error handler like ``replace`` that counts what it replaced."""

    def __init__(self) -> None:
        self.bytes = 0
        self.chars = 0

    def __call__(self, exc: UnicodeError) -> tuple[str, int]:
        if isinstance(exc, UnicodeDecodeError):
            self.bytes += exc.end - exc.start
            return "\ufffd", exc.end
        if isinstance(exc, UnicodeEncodeError):
            self.chars += exc.end - exc.start
            return "?" * (exc.end - exc.start), exc.end
        raise exc


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


def _stdin_chunks(head: bytes) -> Iterator[bytes]:
    """Standard input in pieces of ``CHUNK`` bytes, after the ``head`` already read from it."""
    if head:
        yield head
    while chunk := sys.stdin.buffer.read(CHUNK):
        yield chunk


def _transcode(
    args: argparse.Namespace,
    source: Encoding,
    head: bytes,
    errors: str,
    progress: Callable[[int], object],
) -> TranscodeReport:
    """:func:`~codecbox.transcode`, where SRC ``-`` is standard input (``head`` already read
    from it) and DST ``-`` standard output, written as it goes (not atomic)."""
    if args.src != STDIO and args.dst != STDIO:
        return transcode(args.src, args.dst, source, args.target, errors=errors, progress=progress)
    chunks = _stdin_chunks(head) if args.src == STDIO else read_chunks(args.src, CHUNK)
    reports: list[TranscodeReport] = []

    def write(out: BinaryIO) -> None:
        reports.append(
            transcode_stream(
                chunks, out, source, args.target, errors, where=args.src, progress=progress
            )
        )

    if args.dst == STDIO:
        sys.stdout.flush()
        write(sys.stdout.buffer)
        sys.stdout.buffer.flush()
    else:
        write_atomic(args.dst, write)
    return reports[0]


def _convert(args: argparse.Namespace) -> int:
    _check_progress(args.progress)
    if STDIO not in (args.src, args.dst) and _same_file(args.src, args.dst):
        raise _Usage(f"SRC and DST are the same file: {args.src}")
    if args.dst == STDIO and args.src != STDIO and _writes_into(args.src, sys.stdout):
        raise _Usage(f"SRC and DST are the same file: standard output is {args.src}")
    if args.dst == STDIO and getattr(sys.stdout, "buffer", None) is None:
        raise _Usage("DST '-': this standard output takes text, not bytes")  # an embedding
    detector = None if args.source is not None else _detector(args, decode_bytes)
    decision: _Decision | None = None
    head = b""
    try:
        size = _size(args.src)
        if detector is None:
            source: Encoding = args.source
        else:
            head = _head(args.src, _head_size(args.max_bytes))
            decision, source = _decide_prefix(head, args.max_bytes, args.candidates, detector)
    except OSError as exc:
        _err(_file_error(args.src, exc))
        return EXIT_ERROR
    if decision is not None and decision.binary is not None:
        _err(f"{args.src}: {decision.describe()}: not converted (give --from to convert it)")
        return EXIT_ERROR
    errors = "strict"
    counter = _Replacements()
    if args.errors == "replace":
        codecs.register_error(_COUNTING, counter)
        errors = _COUNTING
    label = "stdin" if args.src == STDIO else Path(args.src).name
    bar = _progress(args.progress, size, label)
    try:
        report = _transcode(args, source, head, errors, bar.update)
    except DecodeError as exc:
        bar.close()
        if decision is not None and exc.rule is None:
            exc.rule = decision.rule.value
        _err(str(exc))
        if decision is not None:
            _err(f"codecbox: the encoding was decided from the first {args.max_bytes} bytes; "
                 "check the file and give --from")  # fmt: skip
        return EXIT_ERROR
    except EncodeError as exc:
        bar.close()
        _err(str(exc))
        return EXIT_ERROR
    except BrokenPipeError:
        raise  # the reader of stdout went away (``| head``): main() ends quietly
    except OSError as exc:
        bar.close()
        _err(_file_error(args.dst, exc))
        return EXIT_ERROR
    except ValueError as exc:  # a codec that cannot be streamed (UTF-7)
        bar.close()
        raise _Usage(str(exc)) from None
    finally:
        bar.close()
    if decision is None:
        how = f"{report.source} (--from), certain"
        review = False
    else:
        how = decision.describe()
        review = decision.review
    extra = ""
    if counter.bytes or counter.chars:
        review = True
        extra = (
            f"; replaced {_plural(counter.bytes, 'byte')} by U+FFFD, "
            f"{_plural(counter.chars, 'character')} by ?"
        )
    _err(
        f"{args.src} -> {args.dst}: {how}; {report.bytes_read} bytes read as "
        f"{report.source}, {report.bytes_written} written as {report.target}{extra}"
    )
    return EXIT_REVIEW if review else EXIT_OK


# --- import ---------------------------------------------------------------------------------

#: Log statuses whose destination holds the result: done, skipped by the next run.
_DONE = ("imported", "quarantined")


def _sha256(data: bytes) -> str:
    import hashlib  # on use: with secrets and signal, some 5 ms of start-up

    return hashlib.sha256(data).hexdigest()


def _sha256_file(path: Path) -> str | None:
    import hashlib

    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            while chunk := f.read(1 << 20):
                h.update(chunk)
    except OSError:
        return None
    return h.hexdigest()


class _Log:
    """The JSON-lines log: read once, then one line appended and fsynced per file.

    A line cut by a kill is ignored when read, and ended before the next one is
    appended. The last line for a file is its state.
    """

    def __init__(self, path: Path, policy: dict[str, Any]) -> None:
        self.path = path
        #: the options that decide a file's fate; a record made under others is not reused
        self.policy = policy
        #: the last record of each file: its state
        self.last: dict[str, dict[str, Any]] = {}
        #: every copy each file was ever imported to: this import may overwrite those
        self.written: dict[str, set[str]] = {}
        self._f = open(path, "ab")  # closed by close()
        try:
            self._lock()  # before reading: what is read stays true while this run lasts
            content = path.read_bytes()
            for line in content.decode("utf-8", "replace").splitlines():
                try:
                    record = json.loads(line)
                except ValueError:
                    continue
                if isinstance(record, dict) and isinstance(record.get("file"), str):
                    self._remember(record)
            if content and not content.endswith(b"\n"):
                self._f.write(b"\n")  # end a line cut by a kill; it stays unreadable
        except BaseException:
            self._f.close()
            raise

    def _lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: no lock
            return
        if not hasattr(fcntl, "flock"):  # pragma: no cover - Emscripten (Pyodide): no lock
            return
        try:
            fcntl.flock(self._f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            message = "another 'codecbox import' is writing this log"
            raise OSError(errno.EAGAIN, message, str(self.path)) from None

    def append(self, record: dict[str, Any]) -> None:
        record["policy"] = self.policy
        self._f.write((json.dumps(record, ensure_ascii=True) + "\n").encode("ascii"))
        self._f.flush()
        os.fsync(self._f.fileno())
        self._remember(record)

    def _remember(self, record: dict[str, Any]) -> None:
        self.last[record["file"]] = record
        if record.get("status") == "imported" and isinstance(record.get("destination"), str):
            self.written.setdefault(record["file"], set()).add(record["destination"])

    def close(self) -> None:
        self._f.close()


@dataclass
class _Tally:
    imported: int = 0
    guessed: int = 0
    quarantined: int = 0
    undecided: int = 0
    failed: int = 0
    earlier: int = 0

    def count(self, record: dict[str, Any]) -> None:
        status = record["status"]
        if status == "imported":
            if record.get("confident"):
                self.imported += 1
            else:
                self.guessed += 1
        elif status == "quarantined":
            self.quarantined += 1
        elif status == "undecided":
            self.undecided += 1
        else:
            self.failed += 1

    def summary(self, total: int) -> str:
        line = (
            f"{total} files: {self.imported} imported, {self.guessed} guessed (copied, "
            f"review them), {self.quarantined} quarantined, {self.undecided} undecided, "
            f"{self.failed} failed"
        )
        if self.earlier:
            line += f"; {self.earlier} of them done by an earlier run"
        return line

    @property
    def outcome(self) -> _Outcome:
        outcome = _Outcome()
        outcome.error = self.failed > 0
        outcome.review = bool(self.guessed or self.quarantined or self.undecided)
        return outcome


def _temporary(target: Path) -> Path:
    # The name write_atomic uses, so remove_stale_temporaries cleans up after a kill.
    import secrets

    return target.with_name(f".{target.name}.codecbox-{os.getpid()}-{secrets.token_hex(4)}.tmp")


def _hard_link(source: Path, target: Path) -> None:
    """``os.link``; OSError where the platform has no hard links at all (Emscripten, WASI)."""
    link = getattr(os, "link", None)
    if link is None:
        raise OSError(errno.ENOTSUP, "no hard links on this platform", str(target))
    link(source, target)


def _place(source: Path, digest: str, folder: Path) -> tuple[Path, bool]:
    """Put a copy of ``source`` into ``folder`` under a free name, never overwriting.

    A name already holding the same bytes is taken as this file's copy (left by an
    interrupted run), so running again never makes a second one. Returns the path and
    whether it was created now. The source stays where it is.
    """
    folder.mkdir(parents=True, exist_ok=True)
    n = 0
    while True:
        name = source.name if n == 0 else f"{source.stem}.{n}{source.suffix}"
        target = folder / name
        if os.path.lexists(target):
            if _sha256_file(target) == digest:
                return target, False
            n += 1
            continue
        try:
            _hard_link(source, target)  # atomic, never overwrites; same bytes, same mode
        except FileExistsError:
            continue
        except OSError:  # another file system, or one without hard links: copy
            if not _copy_exclusive(source, target):
                continue
        return target, True


def _copy_exclusive(source: Path, target: Path) -> bool:
    """Copy ``source`` to a temporary file, then give it ``target``'s name if still free."""
    tmp = _temporary(target)
    try:
        shutil.copyfile(source, tmp)
        shutil.copystat(source, tmp)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        try:
            _hard_link(tmp, target)
        except FileExistsError:
            return False
        except OSError:  # no hard links at all here: a rename after one more check
            if os.path.lexists(target):
                return False
            os.replace(tmp, target)
        return True
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


@dataclass(frozen=True)
class _Source:
    """A file to import: the name as given (for messages and file operations) and its
    absolute path (the log's key)."""

    given: str
    key: str

    @property
    def path(self) -> Path:
        return Path(self.given)


@dataclass(frozen=True)
class _ImportPlan:
    sources: list[_Source]
    into: Path
    quarantine: Path | None
    log: Path


def _absolute(path: Path) -> str:
    return str(path.absolute())


def _plan(args: argparse.Namespace) -> _ImportPlan:
    """Check everything that can be checked before a file is touched (usage errors)."""
    if STDIO in args.sources:
        raise _Usage("SRC '-': standard input has no file name to copy to; save it to a file")
    for option, value in (("--into", args.into), ("--quarantine", args.quarantine)):
        if value == STDIO:
            raise _Usage(f"{option} -: standard output is not a folder (a folder named '-' is ./-)")
    if args.log == STDIO:
        raise _Usage("--log -: the log must be a file, it is read again to resume")
    into = Path(args.into)
    if os.path.lexists(into) and not into.is_dir():
        raise _Usage(f"--into {into}: not a folder")
    quarantine = None if args.quarantine is None else Path(args.quarantine)
    if quarantine is not None:
        if os.path.lexists(quarantine) and not quarantine.is_dir():
            raise _Usage(f"--quarantine {quarantine}: not a folder")
        if quarantine.absolute().resolve() == into.absolute().resolve():
            raise _Usage("--quarantine must be another folder than --into")
    log = Path(args.log) if args.log else into / LOG_NAME
    if log.is_dir():
        raise _Usage(f"--log {log}: is a folder")
    names: dict[str, str] = {}
    for name in args.sources:
        path = Path(name)
        if path.is_dir():
            raise _Usage(f"{name}: is a folder (give the files)")
        if path.name in names:
            raise _Usage(
                f"{names[path.name]} and {name} would both be copied to {into / path.name}; "
                "import them into different folders"
            )
        names[path.name] = name
        dst = into / path.name
        if dst.absolute() == log.absolute():
            raise _Usage(f"{name}: its copy would overwrite the log {log}")
        if _same_file(name, str(dst)):
            raise _Usage(f"{name}: is already in --into {into}")
    sources = [_Source(name, _absolute(Path(name))) for name in args.sources]
    return _ImportPlan(sources, into, quarantine, log)


def _import(args: argparse.Namespace) -> int:
    _check_progress(args.progress)
    detector = _detector(args, import_bytes)
    plan = _plan(args)
    try:
        plan.into.mkdir(parents=True, exist_ok=True)
        plan.log.parent.mkdir(parents=True, exist_ok=True)
        for folder in (plan.into, plan.quarantine):
            if folder is not None and folder.is_dir():
                remove_stale_temporaries(folder)
        policy = {
            "declared": args.declared,
            "candidates": None if args.candidates is None else [e.name for e in args.candidates],
            "min_sample": args.min_sample,
            "detector": args.detector or _default(import_bytes, "detector"),
            "hint": getattr(args, "hint", None),
            "quarantine": None if plan.quarantine is None else _absolute(plan.quarantine),
        }
        log = _Log(plan.log, policy)
    except OSError as exc:
        _err(_file_error(str(plan.into), exc))
        return EXIT_ERROR
    total = 0
    for source in plan.sources:
        with contextlib.suppress(OSError):
            total += os.stat(source.given).st_size
    bar = _progress(args.progress, total, "import")
    tally = _Tally()
    try:
        for source in plan.sources:
            record, earlier = _import_one(source, args, detector, plan, log, bar)
            tally.count(record)
            tally.earlier += earlier
    finally:
        bar.close()
        log.close()
    print(tally.summary(len(plan.sources)), flush=True)
    print(f"log: {plan.log}", flush=True)
    return tally.outcome.code


def _record(source: _Source, digest: str | None, status: str, **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "file": source.key,
        "sha256": digest,
        "status": status,
        "encoding": None,
        "rule": None,
        "confident": False,
        "replaced": 0,  # the policy decodes strictly: never a U+FFFD
        "destination": None,
    }
    record.update(fields)
    return record


def _failed(
    source: _Source, digest: str | None, message: str, log: _Log, bar: _Progress, **fields: Any
) -> dict[str, Any]:
    bar.note(message)
    record = _record(source, digest, "error", reason=message, **fields)
    log.append(record)
    return record


def _done_before(source: _Source, digest: str | None, log: _Log) -> dict[str, Any] | None:
    """The log's record for ``source`` if an earlier run finished it; else None."""
    last = log.last.get(source.key)
    if last is None or last.get("status") not in _DONE or not last.get("destination"):
        return None
    destination = Path(last["destination"])
    if not destination.exists():
        return None
    if digest is None:  # the source is gone (moved away, or by the quarantine): done
        return last
    if last.get("policy") != log.policy:  # other options: the file is done again
        return None
    if last["status"] == "imported":
        return last if digest == last.get("sha256") else None
    # Quarantined, and the same bytes are still at the source: a run killed after the
    # log line and before it removed the source. Finish the move, unless the copy in
    # the quarantine was edited since.
    if digest != last.get("sha256") or _sha256_file(destination) != digest:
        return None
    if source.key != _absolute(destination):
        source.path.unlink()
    return last


def _import_one(
    source: _Source,
    args: argparse.Namespace,
    detector: str | Detector,
    plan: _ImportPlan,
    log: _Log,
    bar: _Progress,
) -> tuple[dict[str, Any], int]:
    """Import one file; returns its log record and 1 if an earlier run had done it."""
    missing: OSError | None = None
    try:
        data: bytes | None = _read(source.given)
    except FileNotFoundError as exc:
        data, missing = None, exc
    except OSError as exc:
        return _failed(source, None, _file_error(source.given, exc), log, bar), 0
    digest = None if data is None else _sha256(data)
    try:
        earlier = _done_before(source, digest, log)
    except OSError as exc:
        return _failed(source, digest, _file_error(source.given, exc), log, bar), 0
    if earlier is not None:
        bar.update(len(data or b""))
        return earlier, 1
    if data is None or digest is None:
        assert missing is not None
        return _failed(source, None, _file_error(source.given, missing), log, bar), 0
    try:
        result = import_bytes(
            data,
            declared=args.declared,
            candidates=args.candidates,
            min_sample=args.min_sample,
            detector=detector,
        )
    except DecodeError as exc:
        exc.where = source.given
        fields = {"encoding": exc.encoding, "rule": exc.rule, "offset": exc.offset}
        return _failed(source, digest, str(exc), log, bar, **fields), 0
    try:
        if isinstance(result, Imported) and (result.confident or plan.quarantine is None):
            record = _copy_in(source, digest, result, plan.into, log, bar)
        elif plan.quarantine is not None:
            record = _quarantine(source, digest, result, plan.quarantine, log, bar)
        else:
            assert isinstance(result, Quarantined)
            bar.note(f"{source.given}: undecided, left in place: {result.reason}")
            rule = None if result.rule is None else result.rule.value
            record = _record(source, digest, "undecided", reason=result.reason, rule=rule)
            log.append(record)
    except OSError as exc:
        return _failed(source, digest, _file_error(source.given, exc), log, bar), 0
    bar.update(len(data))
    return record, 0


def _copy_in(
    source: _Source, digest: str, result: Imported, into: Path, log: _Log, bar: _Progress
) -> dict[str, Any]:
    dst = into / source.path.name
    content = result.text.encode("utf-8")
    ours = _absolute(dst) in log.written.get(source.key, ())
    if not ours and dst.exists() and _sha256_file(dst) != _sha256(content):
        message = (
            f"{source.given}: {dst} exists and was not written by an import of this file; "
            "not overwriting it"
        )
        return _failed(source, digest, message, log, bar)
    write_atomic(dst, content)
    record = _record(
        source,
        digest,
        "imported",
        encoding=result.encoding.name,
        rule=result.rule.value,
        confident=result.confident,
        destination=_absolute(dst),
    )
    if not result.confident:
        record["confidence"] = None if result.guess is None else result.guess.confidence
        bar.note(f"{source.given}: guessed {result.how}: review {dst}")
    log.append(record)
    return record


def _quarantine(
    source: _Source,
    digest: str,
    result: Imported | Quarantined,
    folder: Path,
    log: _Log,
    bar: _Progress,
) -> dict[str, Any]:
    path = source.path
    if path.parent.resolve() == folder.resolve():
        target, created = path, False
    else:
        target, created = _place(path, digest, folder)
    if isinstance(result, Imported):
        fields: dict[str, Any] = {
            "encoding": result.encoding.name,
            "rule": result.rule.value,
            "reason": f"guessed {result.how}",
            "confidence": None if result.guess is None else result.guess.confidence,
        }
    else:
        fields = {"reason": result.reason}
        if result.rule is not None:
            fields["rule"] = result.rule.value
    record = _record(source, digest, "quarantined", destination=_absolute(target), **fields)
    log.append(record)  # before the source goes: a kill now leaves two copies, never none
    if target != path:
        try:
            path.unlink()
        except OSError:
            if created:
                with contextlib.suppress(OSError):
                    target.unlink()
            raise
    bar.note(f"{source.given}: quarantined ({fields['reason']}) -> {target}")
    return record


# --- html -----------------------------------------------------------------------------------


def _html(args: argparse.Namespace) -> int:
    detector = _detector(args, decode_html)
    result = _decode_file(
        args.file,
        lambda data: decode_html(
            data,
            args.content_type,
            candidates=args.candidates,
            detector=detector,
            errors=args.errors,
        ),
    )
    if result is None:
        return EXIT_ERROR
    decision = _decided(result)
    if args.text:
        _write_text(result.text)
        _err(decision.line(args.file))
    elif args.json:
        _print_json(decision.record(args.file))
    else:
        print(decision.line(args.file), flush=True)
    return EXIT_OK  # a <meta> or a guess is an answer: the output says how sure


# --- main -----------------------------------------------------------------------------------

_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "detect": _detect,
    "decode": _decode,
    "convert": _convert,
    "import": _import,
    "html": _html,
}


_RESUME = {"import": "; run the same command again to finish the import"}


def _on_sigterm(signum: int, frame: FrameType | None) -> NoReturn:
    raise _Stopped(signum)


@contextlib.contextmanager
def _signals() -> Iterator[None]:
    """SIGTERM becomes an exception, so atomic writes remove their temporary files."""
    import signal

    if not hasattr(signal, "SIGTERM"):  # pragma: no cover
        yield
        return
    try:
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``codecbox`` command; returns the exit status."""
    _console_safety()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    stderr: TextIO = sys.stderr
    try:
        with _signals():
            return _COMMANDS[args.command](args)
    except _Usage as exc:
        print(f"codecbox {args.command}: error: {exc}", file=stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"codecbox: interrupted{_RESUME.get(args.command, '')}", file=stderr)
        return 130
    except _Stopped as exc:
        print(f"codecbox: stopped{_RESUME.get(args.command, '')}", file=stderr)
        return 128 + exc.signum
    except BrokenPipeError:
        # The reader went away (``| head``): say nothing more, and do not let Python
        # complain about the final flush of stdout.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_ERROR
