"""codecbox's API reference, generated from its docstrings by pdoc.

    python3 tools/apidoc.py [--out DIR]     # default: build/api (the site puts it in api/)

One page per public module of the library (``codecbox.html``, ``codecbox/decoding.html``…),
each name with its signature, its docstring (reStructuredText, with the ``:func:`` links
resolved) and its source, plus pdoc's search index. The same docstrings' examples run as
doctests in ``python3 course.py test``, so what the reference shows is checked. The pages are
in English, as the library is; the course's site links them from its index
(``tools/website.py``). pdoc writes no date and fetches nothing from a CDN.
"""

from __future__ import annotations

import argparse
import pkgutil
import re
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "build" / "api"
#: Not part of the API: ``python -m codecbox`` and the package of data files.
SKIP = ("__main__", "data")
#: The page a reader starts from (the package's own docstring and its public names).
START = "codecbox.html"


def modules() -> list[str]:
    """The library's public modules, ``codecbox`` first, then its submodules by name."""
    sys.path.insert(0, str(ROOT))
    import codecbox

    found = sorted(m.name for m in pkgutil.iter_modules(codecbox.__path__))
    return ["codecbox"] + [f"codecbox.{name}" for name in found if name not in SKIP]


def build(out: Path = DEFAULT_OUT) -> list[Path]:
    """Write the reference into ``out`` (which must not exist or be empty); return its pages."""
    import pdoc
    import pdoc.render

    import codecbox
    from codecbox import labels

    # Some names come from a module ``__getattr__`` on first use (``codecbox.fix_mojibake``,
    # ``codecbox.import_file``..., ``labels.LABELS``); pdoc reads the module's namespace, so
    # put them there.
    for module in (codecbox, labels):
        for name in module.__all__:
            setattr(module, name, getattr(module, name))
    pdoc.render.configure(
        docformat="restructuredtext",
        footer_text=f"codecbox {codecbox.__version__}",
        search=True,
        show_source=True,
    )
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings():
        # whatwg.decode's ``ReadableBuffer`` is a typeshed-only name (under TYPE_CHECKING):
        # pdoc shows it as written, and says so in a warning.
        warnings.filterwarnings("ignore", message=".*ReadableBuffer.*")
        # ``codecbox.length`` is also the name of a function in ``codecbox.__all__``, through
        # which pdoc finds the module before its own spec: one page all the same.
        warnings.filterwarnings("ignore", message=".*has already been added.*")
        # A dataclass field documented by a ``#:`` comment (``Step.encoding``…): pdoc finds
        # the comment but not the field's origin, and assumes (rightly) the class's own file.
        warnings.filterwarnings("ignore", message="Cannot determine where .* is taken from")
        pdoc.pdoc(*modules(), output_directory=out)
    pages = sorted(out.rglob("*.html"))
    unlink_missing_anchors(pages)
    return pages


LINK = re.compile(r'<a href="([^":#]*)#([^"]+)">(.*?)</a>', re.S)
ID = re.compile(r'\bid="([^"]+)"')


def unlink_missing_anchors(pages: list[Path]) -> int:
    """Turn pdoc's links to anchors that no page has into plain text; return how many.

    pdoc links a name in a docstring to the member it resolves to, also to an attribute
    inherited from a built-in class (``DecodeError.encoding``, from ``UnicodeDecodeError``)
    that it does not render, so the anchor is missing: the word stays, the link goes.
    """
    ids = {page.resolve(): set(ID.findall(page.read_text(encoding="utf-8"))) for page in pages}
    removed = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        kept = []
        end = 0
        for m in LINK.finditer(text):
            target = (page.parent / m.group(1)).resolve() if m.group(1) else page.resolve()
            if m.group(2) not in ids.get(target, {m.group(2)}):
                kept += [text[end : m.start()], m.group(3)]
                end = m.end()
                removed += 1
        if end:
            page.write_text("".join([*kept, text[end:]]), encoding="utf-8")
    return removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    pages = build(args.out)
    print(f"{args.out / START}: {len(pages)} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
