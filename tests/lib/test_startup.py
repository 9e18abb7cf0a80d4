"""Start-up work: what ``import codecbox`` (and ``codecbox --help``) does before any input.

Counted, not timed (benchmarks/startup.py has the times): each probe runs in a fresh
interpreter that counts, from before the import, the index files opened (an audit hook
on "open"), the regular expressions compiled by codecbox's modules (a wrapper around
``re._compile``), the error handlers registered (around ``codecs.register_error``) and
the modules from outside the standard library that got imported.
"""

from __future__ import annotations

import ast
import codecs
import json
import subprocess
import sys
from pathlib import Path

import pytest

from codecbox.labels import PYTHON_CODECS, WHATWG_CODECS

ROOT = Path(__file__).resolve().parents[2]

#: The regular expressions ``import codecbox`` may compile, by module (any other: none).
#: What these modules compile at import today: guessing's and detection's (sniffing's and
#: whatwg's compile on first use). Lower a budget when its module compiles on first use.
REGEX_BUDGET = {"codecbox.guessing": 14, "codecbox.detection": 10}
#: Modules ``import codecbox`` leaves to the first function that needs them.
DEFERRED = {"bisect", "bz2", "glob", "html", "json", "lzma", "shutil", "threading"} | {
    f"codecbox.{m}" for m in ("adapters", "importing", "repair", "streaming")
}

_PROBE = r"""
import codecs, json, re, sys

before = set(sys.modules)
opened, handlers, regexes = [], [], {}

def audit(event, args):
    path = args[0].replace("\\", "/") if event == "open" and isinstance(args[0], str) else ""
    if "/data/index-" in path:
        opened.append(path.rsplit("/", 1)[1])

sys.addaudithook(audit)
compile_ = re._compile

def counting_compile(*args, **kwargs):
    frame = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__", "").split(".")[0] in RE:
        frame = frame.f_back
    module = "" if frame is None else frame.f_globals.get("__name__", "")
    if module.startswith("codecbox"):
        regexes[module] = regexes.get(module, 0) + 1
    return compile_(*args, **kwargs)

RE = ("re", "sre_compile")  # 3.10: re.compile is in sre_compile
re._compile = counting_compile
register_error = codecs.register_error

def counting_register_error(name, handler):
    handlers.append(name)
    register_error(name, handler)

codecs.register_error = counting_register_error

def report(step):
    std = sys.stdlib_module_names
    new = {m.split(".")[0] for m in set(sys.modules) - before}
    return {
        "step": step,
        "index_files": sorted(opened),
        "regexes": dict(regexes),
        "handlers": list(handlers),
        "third_party": sorted(new - set(std) - {"codecbox"}),
        "modules": sorted(set(sys.modules) - before),
    }

steps = []
%s
print(json.dumps(steps))
"""


def _probe(code: str) -> list[dict[str, object]]:
    """Run ``code`` (which appends ``report(step)`` to ``steps``) in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE % code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    steps: list[dict[str, object]] = json.loads(done.stdout.splitlines()[-1])
    return steps


@pytest.fixture(scope="module")
def imported() -> list[dict[str, object]]:
    return _probe(
        "import codecbox\n"
        "steps.append(report('import'))\n"
        "page = codecbox.decode_html(b'<meta charset=sjis>\\x82\\xa0')\n"
        "assert page.text[-1] == '\\u3042', page.text\n"
        "steps.append(report('decode_html'))\n"
        "text = b'\\x82\\xa0\\x85\\x40'.decode('whatwg-shift_jis', 'replace')\n"
        "assert text == '\\u3042\\ufffd@', repr(text)\n"
        "steps.append(report('whatwg-shift_jis'))\n"
        "from codecbox import whatwg\n"
        "whatwg._ASCII_RUN()  # compiled on first use, by codecbox.whatwg: the count sees it\n"
        "steps.append(report('a pattern used'))\n"
    )


def test_import_loads_no_index_file(imported: list[dict[str, object]]) -> None:
    assert imported[0]["index_files"] == []


def test_import_loads_no_third_party_module(imported: list[dict[str, object]]) -> None:
    # chardet, charset_normalizer, regex, tqdm: each loads when what needs it is called.
    assert imported[0]["third_party"] == []


def test_import_leaves_some_modules_to_first_use(
    imported: list[dict[str, object]],
) -> None:
    modules = imported[0]["modules"]
    assert isinstance(modules, list)
    assert DEFERRED.isdisjoint(modules), sorted(DEFERRED.intersection(modules))
    assert "html" in imported[1]["modules"]  # (decode_html's tree builder unescapes)


def test_import_compiles_only_the_budgeted_regexes(imported: list[dict[str, object]]) -> None:
    regexes = imported[0]["regexes"]
    assert isinstance(regexes, dict)
    over = {m: n for m, n in regexes.items() if n > REGEX_BUDGET.get(m, 0)}
    assert not over, f"compiled at import, over the budget: {over} (all: {regexes})"
    assert sum(regexes.values()) <= sum(REGEX_BUDGET.values())


def test_import_registers_no_whatwg_error_handler(imported: list[dict[str, object]]) -> None:
    handlers = imported[0]["handlers"]
    assert isinstance(handlers, list)
    assert [h for h in handlers if h.startswith("codecbox.whatwg")] == []


def test_decoding_loads_only_the_index_it_needs(imported: list[dict[str, object]]) -> None:
    _, page, sjis, used = imported
    # cp932 decodes this page as the standard does: the quick path needs no index at all
    assert page["index_files"] == []
    # a pair cp932 refuses goes through the standard's decoder: jis0208, once, and nothing else
    assert sjis["index_files"] == ["index-jis0208.txt.gz"]
    handlers = sjis["handlers"]
    assert isinstance(handlers, list)
    # (each on first use: the strict first try, whose errors are declined, then "replace")
    assert sorted(h for h in handlers if h.startswith("codecbox.whatwg")) == [
        "codecbox.whatwg-quick-Shift_JIS-cp932",
        "codecbox.whatwg-quick-Shift_JIS-cp932-replace",
    ]
    # the counter does see a pattern codecbox compiles (so the budget test can fail)
    assert used["regexes"] != sjis["regexes"]


def test_help_loads_no_index_file_and_no_third_party_module() -> None:
    (done,) = _probe(
        "from codecbox.cli import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "steps.append(report('--help'))\n"
    )
    assert (done["index_files"], done["third_party"]) == ([], [])


def test_the_codec_tables_use_canonical_names() -> None:
    # labels maps a codec back to its WHATWG name without looking any codec up (looking up
    # an exact codec builds it, and a single-byte one loads its index): that needs each
    # name in these tables to be the one codecs.lookup gives.
    for codec in [*PYTHON_CODECS.values(), *WHATWG_CODECS.values()]:
        if codec is not None:
            assert codecs.lookup(codec).name == codec


def test_the_encoding_table_imports_nothing_of_codecbox() -> None:
    # the facts of an encoding are in table.py, which whatwg.py and labels.py read (no
    # import cycle): table.py imports no codecbox module at its top level (Record.labels
    # reads labels.py when called), whatwg.py only table.py, anywhere
    for module, allowed in (("table", []), ("whatwg", ["codecbox.table"])):
        tree = ast.parse((ROOT / "codecbox" / f"{module}.py").read_text("utf-8"))
        imported = [
            node.module if isinstance(node, ast.ImportFrom) else alias.name
            for node in (tree.body if module == "table" else ast.walk(tree))
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for alias in node.names
        ]
        assert [name for name in imported if name and name.startswith("codecbox")] == allowed
