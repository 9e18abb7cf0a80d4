"""Lesson 6 (detectar la codificación es adivinar): its detectors, measurements and files.

* :mod:`curso.l06.detectors`: v1 and v2, the published lesson's two stdlib detectors;
* :mod:`curso.l06.accuracy`: how often each detector is right, on the held-out corpus;
* :mod:`curso.l06.speed`: converting 10 MiB to UTF-8, timed on this machine;
* :mod:`curso.l06.samples`: the sample files, rebuilt from the corpus;
* :mod:`curso.l06.explorer`: the classroom widget over the accuracy measurement.
"""
