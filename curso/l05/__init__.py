"""Lesson 5: the length of a string in eight languages.

* :mod:`curso.l05.lesson`: the lesson's texts (:data:`~curso.l05.lesson.TEXTS`), its tables,
  the naive cuts and what they break, the classroom widget and ``revisar(n)``;
* :mod:`curso.l05.runtimes`: the same texts measured by Node.js, Java, Rust, Go, C, PHP and
  Swift, where installed, and compared with :mod:`codecbox.length`;
* :mod:`curso.l05.mariadb`: a private MariaDB server for one cell, and ``utf8mb3`` against
  ``utf8mb4`` (measured, and as documented).

The lengths themselves, and the safe cut, are the library's: :mod:`codecbox.length`.
"""
