"""Lesson 6 (detectar la codificación es adivinar): its detectors, measurements and files.

* :mod:`curso.l06.detectors`: v1 and v2, the published lesson's two stdlib detectors, and
  their score tables as the lesson shows them;
* :mod:`curso.l06.multibyte`: lead and trail bytes of the double-byte code pages, counted;
* :mod:`curso.l06.accuracy`: how often each detector is right, on the held-out corpus;
* :mod:`curso.l06.explorer`: the classroom widget over the accuracy measurement;
* :mod:`curso.l06.samples`: the sample files, rebuilt from the corpus;
* :mod:`curso.l06.speed`: converting 10 MiB to UTF-8, timed on this machine;
* :mod:`curso.l06.php`: the PHP side (mbstring, iconv), run through ``php`` when installed;
* :mod:`curso.l06.flow`: the files its import cell imports (what was decided, in Spanish,
  is :mod:`curso.reglas`);
* :mod:`curso.l06.checks`: ``revisar(n)``, the self-checks of the lesson's exercises.
"""
