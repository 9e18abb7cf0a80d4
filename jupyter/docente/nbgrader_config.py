"""nbgrader para este curso: lo leen `python3 course.py nbgrader …` y `course.py lab --docente`.

La carpeta del curso de nbgrader es `docente/`, en la raíz del curso (course.py copia allí
`solutions/NN_*.ipynb` como `source/lNN/`). Los cuadernos que genera `generate_assignment`
son los de `lessons/`: los mismos textos en lugar de la solución que pone
tools/build_notebooks.py (CODE_STUB, TEXT_STUB), no el `raise NotImplementedError()` de
nbgrader, que detendría «Run All» en el primer ejercicio.
"""

from pathlib import Path

c = get_config()  # noqa: F821 (nbgrader's config loader defines it)

ROOT = Path(__file__).resolve().parents[2]

c.CourseDirectory.root = str(ROOT / "docente")
c.CourseDirectory.course_id = "curso"
c.ClearSolutions.code_stub = {"python": "# Escribe tu solución aquí."}
c.ClearSolutions.text_stub = (
    "*Escribe aquí tu respuesta. La del curso está en el cuaderno del mismo nombre, "
    "en la carpeta `solutions/`.*"
)
# Lesson 6 with a cold cache is the slowest notebook to run
c.ExecutePreprocessor.timeout = 300
# The course is handed out as files (a shared folder, a platform, e-mail): no exchange
# directory shared between accounts. This one only keeps nbgrader from warning about
# /usr/local/share/nbgrader/exchange.
c.Exchange.root = str(ROOT / "docente" / "intercambio")
