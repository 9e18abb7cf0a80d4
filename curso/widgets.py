"""The classroom widget base: controls in, a view that follows them, live.

:class:`LiveWidget` re-renders an HTML area whenever a control changes;
:class:`LiveView` (built by :func:`live`) is the common case, a text box and a
view of what is typed. Each lesson builds its own widget on these (lesson 1's
explorer is :func:`curso.l01.explorer`). Every widget also has a plain-text form,
its current view, so a notebook shows something useful where widgets cannot
render: nbval compares ``text/plain``, and a static HTML export without widget
state falls back to ``text/html``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

__all__ = [
    "LiveView",
    "LiveWidget",
    "Progress",
    "as_html",
    "as_text",
    "barra",
    "live",
    "spaced",
]

Render = Callable[[str], Any]


def _parts(view: Any) -> Sequence[Any]:
    return view if isinstance(view, list | tuple) else [view]


def as_text(view: Any) -> str:
    """Plain text of a view, or of a list/tuple of views (separated by a blank line)."""
    return "\n\n".join(str(part) for part in _parts(view))


def as_html(view: Any) -> str:
    """HTML of a view: its ``_repr_html_`` if it has one, else its text in a ``<pre>``."""
    out = []
    for part in _parts(view):
        method = getattr(part, "_repr_html_", None)
        out.append(method() if method else f"<pre>{html.escape(str(part))}</pre>")
    return "\n".join(out)


_SPACED_CSS = (
    "<style>"
    ".curso-spaced table{border-collapse:collapse;margin:0 0 0.6em 0}"
    ".curso-spaced th,.curso-spaced td{padding:0.25em 0.9em;white-space:nowrap;text-align:left}"
    ".curso-spaced th+th,.curso-spaced td+td{border-left:1px solid #ccc}"
    ".curso-spaced caption{white-space:nowrap;text-align:left;caption-side:top}"
    "</style>"
)


def spaced(rich: str) -> str:
    """HTML whose tables keep their columns apart, whatever the front end's table style.

    Inside a widget, JupyterLab's table style applies only through the
    ``jp-RenderedHTMLCommon`` class; other front ends (or a stripped class) leave the
    cells with almost no padding, and two columns of hex bytes read as one. The style
    is scoped to a wrapper, so it touches nothing else on the page.

    >>> spaced("<table></table>").startswith('<div class="curso-spaced"><style>')
    True
    """
    return f'<div class="curso-spaced">{_SPACED_CSS}{rich}</div>'


class LiveWidget:
    """Controls and an HTML view that is re-rendered whenever a control changes.

    It also has a plain-text form (the current view), so a notebook shows something
    useful where widgets cannot render: nbval compares ``text/plain``, and a static
    HTML export without widget state falls back to ``text/html``. If rendering
    raises, the error is shown instead, so a classroom demo never ends in a traceback.
    """

    def __init__(
        self,
        layout: Sequence[Any],
        watched: Sequence[Any],
        render: Callable[[], Any],
        *,
        spaced: bool = False,
    ) -> None:
        self._render_now = render
        self._spaced = spaced  # wrap the HTML in spaced(): padded, separated columns
        # JupyterLab styles tables inside rendered outputs, not inside widgets: borrow the class.
        self.output = w.HTML()
        self.output.add_class("jp-RenderedHTMLCommon")
        self.box = w.VBox([*layout, self.output])
        for control in watched:
            control.observe(self._update, names="value")
        self._update()

    def _view(self) -> tuple[str, str]:
        try:
            view = self._render_now()
        except Exception as exc:  # shown to the student, not swallowed
            message = f"error: {type(exc).__name__}: {exc}"
            return message, f"<pre>{html.escape(message)}</pre>"
        rich = as_html(view)
        return as_text(view), spaced(rich) if self._spaced else rich

    def _update(self, change: object = None) -> None:
        self.output.value = self._view()[1]

    def __str__(self) -> str:
        return self._view()[0]

    def __repr__(self) -> str:
        return str(self)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget itself, plus text and HTML of the current view as fallbacks."""
        widget_bundle = getattr(self.box, "_repr_mimebundle_", None)  # None once closed
        bundle = dict(widget_bundle(**kwargs) or {}) if callable(widget_bundle) else {}
        plain, rich = self._view()
        bundle["text/plain"] = plain
        bundle["text/html"] = rich
        return bundle


class LiveView(LiveWidget):
    """A text box and a view of its text that follows every keystroke.

    ``render`` turns the text into anything with ``__str__`` (and ideally
    ``_repr_html_``), or a list of such things.
    """

    def __init__(self, render: Render, text: str = "", *, description: str = "Texto:") -> None:
        self.render = render
        self.input = w.Text(value=text, description=description, continuous_update=True)
        super().__init__([self.input], [self.input], lambda: self.render(self.text))

    @property
    def text(self) -> str:
        return self.input.value


def live(render: Render, text: str = "", *, description: str = "Texto:") -> LiveView:
    """Build an "input -> live view" widget from any function of the typed text.

    >>> from curso.views import hexbytes
    >>> view = live(lambda t: hexbytes(t.encode("utf-8")), "ñ")
    >>> print(view)
    C3 B1
    >>> view.input.value = "año"
    >>> print(view)
    61 C3 B1 6F
    """
    return LiveView(render, text, description=description)


class Progress:
    """A progress bar for a long cell, shown only while work is being done.

    Pass it to a function that reports ``(done, total)``: the first report displays an
    ``IntProgress`` widget, later ones move it, and the last one closes it, so the cell
    keeps no trace of it. Nothing is displayed when no work is reported (a cache hit),
    and outside a notebook nothing is displayed at all.
    """

    def __init__(self, description: str) -> None:
        self.description = description
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            from IPython import get_ipython
            from IPython.display import display

            if get_ipython() is None:  # not in a notebook: stay quiet
                return
            self.bar = w.IntProgress(value=0, min=0, max=max(total, 1))
            self.bar.description = self.description
            self.bar.style.description_width = "initial"
            display(self.bar)
        self.bar.value = done
        if done >= total:
            self.bar.close()


def barra(descripcion: str) -> Progress:
    """The progress bar lessons pass to their long measurements (see :class:`Progress`)."""
    return Progress(descripcion)
