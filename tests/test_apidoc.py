"""The API reference (``tools/apidoc.py``, pdoc) and the docstring examples it shows.

Every public function of the library has a docstring with an example that runs as a doctest
(``--doctest-modules`` runs them all in ``python3 course.py test``); the reference has one
page per public module, each public name with its anchor, so the site can link to it.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import apidoc
import pytest


def public_names(module_name: str) -> list[tuple[str, object]]:
    module = importlib.import_module(module_name)
    return [(name, getattr(module, name)) for name in module.__all__]


@pytest.mark.parametrize("module_name", apidoc.modules())
def test_every_public_function_has_an_example(module_name: str) -> None:
    missing = [
        name
        for name, obj in public_names(module_name)
        if inspect.isfunction(obj) and ">>>" not in (inspect.getdoc(obj) or "")
    ]
    assert not missing, f"{module_name}: no doctest example in {missing}"


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("api")
    apidoc.build(out)
    return out


def test_one_page_per_public_module_with_every_public_name(reference: Path) -> None:
    pages = sorted(p.relative_to(reference).as_posix() for p in reference.rglob("*.html"))
    expected = sorted(
        [apidoc.START, "index.html"]
        + [f"codecbox/{name.split('.', 1)[1]}.html" for name in apidoc.modules()[1:]]
    )
    assert pages == expected
    for module_name in apidoc.modules():
        page = reference / ("codecbox.html" if module_name == "codecbox" else
                            f"codecbox/{module_name.split('.', 1)[1]}.html")  # fmt: skip
        ids = set(re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8")))
        names = {name for name, _ in public_names(module_name)}
        assert names <= ids, f"{page.name}: no anchor for {sorted(names - ids)}"


def test_the_reference_shows_the_examples_and_resolves_roles(reference: Path) -> None:
    page = (reference / apidoc.START).read_text(encoding="utf-8")
    # the package docstring's :func:`decode_html` became a link, its example a code block
    docstring = page.split('<div class="docstring">', 1)[1].split("</div>", 1)[0]
    assert ":func:" not in docstring
    assert '<a href="#decode_html">decode_html()</a>' in page
    assert "Shift_JIS (meta)" in page
    # nothing from a CDN: the site works offline
    assert not re.search(r'<(?:script|link)[^>]+(?:src|href)="https?://', page)
