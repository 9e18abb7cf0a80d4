"""Hostile inputs for ``decode_html``: megabytes of markup that never ends, or of one
construct repeated, each a step of the prescan's or the HTML tokenizer's walk.

One home for the tests and the benchmark: ``tests/lib/test_sniffing.py`` counts the work
``decode_html`` does on them (it must grow linearly with the size) and
``benchmarks/hostile.py`` times them against w3lib. Each decodes without a detector, once
as it is (valid UTF-8) and once with one byte that is not UTF-8 (:data:`TAILS`).
"""

from __future__ import annotations

#: What follows each input.
TAILS = {"valid UTF-8": b"", "one bad byte": b"\xff"}
META = b"<meta charset=big5>"


def inputs(size: int = 10_000_000) -> dict[str, bytes]:
    """Each hostile input, about ``size`` bytes long; those made of many small constructs,
    each a step of a walk in Python to the <meta> at the end, a fifth of that."""
    n, small = size, size // 5
    return {
        "'<meta ' repeated": b"<meta " * (n // 6),
        "'<meta charset=x ' repeated": b"<meta charset=x " * (n // 16),
        "<meta charset=bogus> repeated": b"<meta charset=bogus>" * (n // 20),
        "<!-- repeated": b"<!--" * (n // 4),
        "unterminated attribute": b'<meta content="' + b"a" * n,
        "unterminated quote": b"<p title='" + META * (n // 19),
        "<meta at the very end": b"x" * n + b"<meta",
        "<meta charset at the very end": b"x" * n + META,
        "'<a ', then 'b=' repeated": b"<a " + b"b=" * (n // 2),
        "< repeated": b"<" * n,
        "<p> repeated, <meta>": b"<p>" * (small // 3) + META,
        "<!x> repeated, <meta>": b"<!x>" * (small // 4) + META,
        "<!-- a --> repeated, <meta>": b"<!-- a -->" * (small // 10) + META,
        # each "<meta" here holds the rest:
        "'<meta a ' repeated, '>'": b"<meta a " * (small // 8) + b">",
        "<title> repeated, <meta>": b"<title>" * (small // 7) + META,
        "escaped scripts, <meta>": b"<script><!--<script>" + b"</script>" * (small // 9) + META,
        "<script><!--</script> repeated, <meta>": b"<script><!--</script>" * (small // 21) + META,
        "<meta charset=bogus><p> repeated": b"<meta charset=bogus><p>" * (small // 23),
    }
