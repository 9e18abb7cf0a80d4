"""codecbox.widgets: live views update, and show plain text where widgets cannot render."""

from __future__ import annotations

from codecbox.inspection import chars, hexbytes
from codecbox.widgets import as_html, as_text, explorer, live

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def test_explorer_plain_text_fallback():
    view = explorer("año")
    bundle = view._repr_mimebundle_()
    assert WIDGET_MIME in bundle
    expected = str(chars("año")) + "\n\n" + str(hexbytes("año".encode(), "utf-8"))
    assert bundle["text/plain"] == expected
    assert repr(view) == expected
    assert bundle["text/html"] == view.output.value
    assert "<table" in bundle["text/html"]


def test_explorer_follows_the_text_box():
    view = explorer("año")
    before = view.output.value
    view.input.value = "€😀"
    assert view.output.value != before
    assert "U+1F600" in view.output.value
    assert "D83D DE00" in view._repr_mimebundle_()["text/plain"]


def test_live_shows_errors_instead_of_raising():
    view = live(lambda t: hexbytes(t.encode("cp1252")), "año")
    assert str(view) == "61 F1 6F"
    view.input.value = "文"
    assert str(view).startswith("error: UnicodeEncodeError")
    assert "error" in view.output.value


def test_as_text_and_as_html_accept_lists_and_plain_objects():
    assert as_text(["a", "b"]) == "a\n\nb"
    assert as_html("<b>") == "<pre>&lt;b&gt;</pre>"
    assert as_html(chars("a")).startswith("<table")


def test_closed_widget_still_shows_text():
    view = explorer("a")
    view.box.close()
    bundle = view._repr_mimebundle_()
    assert WIDGET_MIME not in bundle
    assert bundle["text/plain"].startswith("carácter")
