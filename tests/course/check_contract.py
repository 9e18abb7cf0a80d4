"""What every lesson's exercise checks promise, as tests a lesson's test module adopts.

``revisar(n)`` says ✓ to the solution (and its strict form, nbgrader's hidden test, raises
nothing and prints nothing), «sin resolver» to an empty notebook (and the strict form raises),
and «todavía no. Pista: …» to a plausible wrong answer (and the strict form raises)::

    test_solved, test_unsolved, test_wrong = contract(revisar, SOLVED, WRONG)

``SOLVED`` maps an exercise number to the notebook names of its solution; ``WRONG`` lists
``(n, names, word)``: a wrong answer to exercise ``n`` and a word its hint must contain (or
None).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

Namespace = Mapping[str, Any]


def contract(
    revisar: Callable[..., None],
    solved: Mapping[int, Namespace],
    wrong: Sequence[tuple[int, Namespace, str | None]],
) -> tuple[Callable[..., None], ...]:
    @pytest.mark.parametrize("n", sorted(solved))
    def test_the_solution_is_accepted(n: int, capsys: pytest.CaptureFixture[str]) -> None:
        revisar(n, dict(solved[n]))
        assert capsys.readouterr().out.startswith(f"✓ Ejercicio {n}: ")
        revisar(n, dict(solved[n]), estricto=True)  # no AssertionError...
        assert capsys.readouterr().out == ""  # ...and nothing printed

    @pytest.mark.parametrize("n", sorted(solved))
    def test_an_empty_notebook_is_unsolved(n: int, capsys: pytest.CaptureFixture[str]) -> None:
        revisar(n, {})
        assert capsys.readouterr().out.startswith(f"… Ejercicio {n} sin resolver")
        with pytest.raises(AssertionError, match=f"Ejercicio {n}"):
            revisar(n, {}, estricto=True)

    @pytest.mark.parametrize(("n", "ns", "word"), wrong)
    def test_a_wrong_answer_gets_a_hint(
        n: int, ns: Namespace, word: str | None, capsys: pytest.CaptureFixture[str]
    ) -> None:
        revisar(n, dict(ns))
        out = capsys.readouterr().out
        assert out.startswith(f"✗ Ejercicio {n}: todavía no. Pista: "), out
        assert word is None or word in out, out
        with pytest.raises(AssertionError, match=f"Ejercicio {n}"):
            revisar(n, dict(ns), estricto=True)

    return (
        test_the_solution_is_accepted,
        test_an_empty_notebook_is_unsolved,
        test_a_wrong_answer_gets_a_hint,
    )
