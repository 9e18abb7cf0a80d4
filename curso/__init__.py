"""curso: the support code of the notebooks of the course on text and encodings.

Not a library, and not part of codecbox's distribution: it holds what only the
lessons need, in Spanish where a student reads it. One of each shared piece:

* :mod:`curso.paths`: where the course's data and cache are; the corpus reader;
* :mod:`curso.render`: the one table (plain text and HTML), plots, text widths;
* :mod:`curso.inspection`: text as data (code points, bytes grouped by character,
  strict readings, UTF-8's bit layout), which only the lessons need;
* :mod:`curso.views`: Spanish views over :mod:`curso.inspection`;
* :mod:`curso.reglas`: codecbox's results in Spanish, the one vocabulary (rules, reasons);
* :mod:`curso.widgets`: the classroom widget base;
* :mod:`curso.published`: the figures of published lessons, as data;

and one module (or folder) per lesson: :mod:`curso.l01`, :mod:`curso.l02`, :mod:`curso.l03`,
:mod:`curso.l04`, :mod:`curso.l05`, :mod:`curso.l06`.

The rule for what goes into ``codecbox`` instead: code that works without Jupyter
or the course's data, has an English typed API, is tested without a notebook and
prints no Spanish.
"""
