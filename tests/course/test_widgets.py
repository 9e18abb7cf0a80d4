"""curso.widgets and lesson 1's explorer: live views update, and show plain text where
widgets cannot render (nbval compares text/plain; a static export falls back to text/html)."""

from __future__ import annotations

import ipywidgets as w

from curso.l01 import explorer
from curso.views import chars, hexbytes
from curso.widgets import LiveWidget, as_html, as_text, live

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def test_explorer_plain_text_fallback():
    view = explorer("año")
    bundle = view._repr_mimebundle_()
    assert WIDGET_MIME in bundle
    expected = str(chars("año")) + "\n\n" + str(hexbytes("año".encode(), "utf-8"))
    assert bundle["text/plain"] == expected
    assert repr(view) == str(view) == expected
    assert bundle["text/html"] == view.output.value
    assert "<table" in bundle["text/html"]


def test_explorer_default_text():
    assert explorer().text == "año"
    assert str(explorer()) == str(explorer("año"))


def test_explorer_follows_the_text_box():
    view = explorer("año")
    before_html, before_text = view.output.value, view._repr_mimebundle_()["text/plain"]
    view.input.value = "€😀"
    assert view.text == "€😀"
    assert view.output.value != before_html
    assert "U+1F600" in view.output.value
    after = view._repr_mimebundle_()
    assert after["text/plain"] != before_text
    assert "D83D DE00" in after["text/plain"]
    assert after["text/plain"] == str(chars("€😀")) + "\n\n" + str(
        hexbytes("€😀".encode(), "utf-8")
    )
    assert after["text/html"] == view.output.value


def test_live_shows_errors_instead_of_raising():
    view = live(lambda t: hexbytes(t.encode("cp1252")), "año")
    assert str(view) == "61 F1 6F"
    view.input.value = "文"
    assert str(view).startswith("error: UnicodeEncodeError: 'charmap' codec can't encode")
    assert view.output.value.startswith("<pre>error: UnicodeEncodeError")
    view.input.value = "ñ"  # and it recovers
    assert str(view) == "F1"


def test_live_description():
    assert live(str, "x", description="Bytes:").input.description == "Bytes:"


def test_live_widget_watches_every_control():
    a, b = w.IntText(value=1), w.IntText(value=2)
    calls = []

    def render():
        calls.append(1)
        return f"{a.value} + {b.value} = {a.value + b.value}"

    widget = LiveWidget([a, b], [a, b], render)
    assert widget.output.value == "<pre>1 + 2 = 3</pre>"
    a.value = 10
    assert widget.output.value == "<pre>10 + 2 = 12</pre>"
    b.value = 5
    assert widget.output.value == "<pre>10 + 5 = 15</pre>"
    assert str(widget) == "10 + 5 = 15"
    assert len(calls) == 4  # at start, two changes, and str()
    assert list(widget.box.children) == [a, b, widget.output]


def test_as_text_and_as_html_accept_lists_and_plain_objects():
    assert as_text(["a", "b"]) == "a\n\nb"
    assert as_text(("a",)) == "a"
    assert as_text(chars("a")) == str(chars("a"))
    assert as_html("<b>") == "<pre>&lt;b&gt;</pre>"
    assert as_html(chars("a")).startswith("<table")
    assert as_html(["<b>", hexbytes(b"a")]) == "<pre>&lt;b&gt;</pre>\n<code>61</code>"


def test_closed_widget_still_shows_text():
    view = explorer("a")
    view.box.close()
    bundle = view._repr_mimebundle_()
    assert WIDGET_MIME not in bundle
    assert bundle["text/plain"].startswith("carácter")
    assert "<table" in bundle["text/html"]
