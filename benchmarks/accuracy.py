"""Print lesson 6's accuracy tables, measured on the course's held-out corpus, with timings.

.venv/bin/python benchmarks/accuracy.py            # cold (no cache), then warm (cache)
.venv/bin/python benchmarks/accuracy.py --warm     # use the cache if it is there
"""

from __future__ import annotations

import argparse
import tempfile
import time

from curso.l06 import accuracy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warm", action="store_true", help="read the cache instead of a cold run")
    args = parser.parse_args()

    if args.warm:
        start = time.perf_counter()
        results = accuracy.measure()
        print(f"measure() with the cache: {time.perf_counter() - start:.2f} s")
    else:
        with tempfile.TemporaryDirectory() as cache:
            start = time.perf_counter()
            results = accuracy.measure(cache_dir=cache)
            cold = time.perf_counter() - start
            start = time.perf_counter()
            again = accuracy.measure(cache_dir=cache)
            warm = time.perf_counter() - start
        assert again == results
        print(f"cold (measure and write the cache): {cold:.2f} s; warm (read it): {warm:.3f} s")
    print(f"cache key {results.key[:16]}")
    for length in results.lengths:
        print()
        print(accuracy.table(results, length))
    print()
    print(accuracy.utf8_table(results))


if __name__ == "__main__":
    main()
