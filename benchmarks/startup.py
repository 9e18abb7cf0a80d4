"""Start-up time: ``import codecbox`` and ``codecbox --help`` beside chardet and charset_normalizer.

Run on demand, not in CI (it starts some 200 interpreters):

    .venv/bin/python benchmarks/startup.py [--runs 15] [--src DIR] [--cold]

Each command runs ``--runs`` times in a fresh interpreter, the commands taking turns (so a
busy spell of the machine falls on all of them); a run is timed from start to exit
(``time.perf_counter`` around ``subprocess.run``). The first table gives the median and
the minimum in ms, and how long codecbox's counterpart takes against each peer (below
1.00: codecbox is faster): ``import codecbox`` against each ``import``, ``codecbox
--help`` against each peer's ``--help``. ``python -c pass`` is the interpreter alone
(this venv's ``site`` included, e.g. the editable installs' finders).

The second table is what ``python -X importtime -c "import X"`` says, median of
``--runs``: the cumulative time of each package's own line (what issue 18 bounds:
``import codecbox`` at most 60 ms), and for codecbox the ten slowest of its modules,
self and cumulative; then the modules from outside the standard library that
``import codecbox`` loads (there should be none).

Every process runs in an empty directory (the current one would come first on
``sys.path``). Bytecode: every process uses a private ``PYTHONPYCACHEPREFIX`` (a temporary
directory, nothing is written beside the sources) that a first run of every command
fills, as an installed package has its ``.pyc`` files. ``--cold`` sets ``PYTHONDONTWRITEBYTECODE``
instead, so every run compiles every module it imports from source (codecbox, chardet
and charset_normalizer alike). ``--src DIR`` puts DIR first on ``PYTHONPATH``: another
checkout of codecbox (``git archive <commit> codecbox | tar -x -C DIR``) measured the
same way, for a before/after.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

PEERS = ("chardet", "charset_normalizer")
#: (label, kind, command after the interpreter or None for a console script, script name)
COMMANDS: list[tuple[str, str, list[str] | None, str | None]] = [
    ("python -c pass", "base", ["-c", "pass"], None),
    ("import codecbox", "import", ["-c", "import codecbox"], None),
    ("import chardet", "import", ["-c", "import chardet"], None),
    ("import charset_normalizer", "import", ["-c", "import charset_normalizer"], None),
    ("python -m codecbox --help", "cli", ["-m", "codecbox", "--help"], None),
    ("codecbox --help", "cli", None, "codecbox"),
    ("chardetect --help", "cli", None, "chardetect"),
    ("normalizer --help", "cli", None, "normalizer"),
]
#: the peer of each peer command, for the ratio column
PEER_OF = {
    "import chardet": "import codecbox",
    "import charset_normalizer": "import codecbox",
    "chardetect --help": "codecbox --help",
    "normalizer --help": "codecbox --help",
}


def _environment(args: argparse.Namespace, prefix: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = prefix
    if args.cold:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    if args.src:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [args.src, env.get("PYTHONPATH")]))
    return env


def _commands(python: str) -> list[tuple[str, list[str]]]:
    found = []
    bindir = Path(python).parent
    for label, _, argv, script in COMMANDS:
        if argv is not None:
            found.append((label, [python, *argv]))
            continue
        assert script is not None
        path = bindir / script
        if path.exists():
            found.append((label, [str(path), "--help"]))
        elif shutil.which(script) is not None:
            found.append((label, [str(shutil.which(script)), "--help"]))
    return found


def _time(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        argv,
        env=env,
        cwd=env["PYTHONPYCACHEPREFIX"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode(errors='replace')}")
    return elapsed * 1000


def _importtime(python: str, module: str, env: dict[str, str]) -> dict[str, tuple[int, int]]:
    """module -> (self µs, cumulative µs), from one ``-X importtime`` run."""
    done = subprocess.run(
        [python, "-X", "importtime", "-c", f"import {module}"],
        env=env,
        cwd=env["PYTHONPYCACHEPREFIX"],
        capture_output=True,
        text=True,
        check=True,
    )
    rows: dict[str, tuple[int, int]] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        fields = line[len("import time:") :].split("|")
        if not fields[0].strip().isdigit():
            continue  # the header
        rows[fields[2].strip()] = (int(fields[0]), int(fields[1]))
    return rows


def _third_party(python: str, env: dict[str, str]) -> list[str]:
    probe = (
        "import sys; before = set(sys.modules); import codecbox; "
        "std = sys.stdlib_module_names; "
        "print(' '.join(sorted({m.split('.')[0] for m in set(sys.modules) - before} "
        "- std - {'codecbox'})))"
    )
    done = subprocess.run(
        [python, "-c", probe],
        env=env,
        cwd=env["PYTHONPYCACHEPREFIX"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.split()


def _ms(value: float) -> str:
    return f"{value:.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="fresh processes per command")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to time")
    parser.add_argument("--src", help="a directory holding another codecbox package, first")
    parser.add_argument("--cold", action="store_true", help="no bytecode: compile every run")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="codecbox-startup-") as prefix:
        env = _environment(args, prefix)
        commands = _commands(args.python)
        for _, command in commands:  # fills the bytecode cache (and checks each command runs)
            _time(command, env)
        times: dict[str, list[float]] = defaultdict(list)
        for _ in range(args.runs):
            for label, command in commands:
                times[label].append(_time(command, env))
        imports: dict[str, list[dict[str, tuple[int, int]]]] = defaultdict(list)
        for _ in range(args.runs):
            for module in ("codecbox", *PEERS):
                imports[module].append(_importtime(args.python, module, env))
        third_party = _third_party(args.python, env)

    median = {label: statistics.median(values) for label, values in times.items()}
    mode = "no bytecode (--cold)" if args.cold else "bytecode cached"
    source = f", codecbox from {args.src}" if args.src else ""
    print(f"Python {sys.version.split()[0]}, {args.runs} runs each, {mode}{source}\n")
    print("| command | median ms | min ms | codecbox's ÷ this |")
    print("|---|---:|---:|---:|")
    for label, _ in commands:
        peer = PEER_OF.get(label)
        ratio = f"{median[peer] / median[label]:.2f}" if peer in median else ""
        print(f"| `{label}` | {_ms(median[label])} | {_ms(min(times[label]))} | {ratio} |")

    print("\n`-X importtime` (median of the runs, ms):\n")
    print("| module | self | cumulative |")
    print("|---|---:|---:|")
    for module in ("codecbox", *PEERS):
        runs = [run[module] for run in imports[module] if module in run]
        own = statistics.median(s for s, _ in runs) / 1000
        cumulative = statistics.median(c for _, c in runs) / 1000
        print(f"| **{module}** | {_ms(own)} | {_ms(cumulative)} |")
    ours: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for run in imports["codecbox"]:
        for module, row in run.items():
            if module.startswith("codecbox."):
                ours[module].append(row)
    slowest = sorted(ours, key=lambda m: -statistics.median(c for _, c in ours[m]))[:10]
    for module in slowest:
        own = statistics.median(s for s, _ in ours[module]) / 1000
        cumulative = statistics.median(c for _, c in ours[module]) / 1000
        print(f"| {module} | {_ms(own)} | {_ms(cumulative)} |")
    print(f"\nthird-party modules `import codecbox` loads: {', '.join(third_party) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
