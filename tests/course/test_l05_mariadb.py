"""Lesson 5's MariaDB experiment: the live server behaves as its documentation says, and
the private server leaves no process, port or file behind, even when the block raises.

Skips when MariaDB is not installed, unless ``mariadb`` is in ``COURSE_REQUIRE_RUNTIMES``.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from curso.l05 import mariadb

REQUIRED = "mariadb" in os.environ.get("COURSE_REQUIRE_RUNTIMES", "").split()


@pytest.fixture(autouse=True)
def needs_mariadb() -> None:
    why = mariadb.available()
    if why is not None:
        if REQUIRED:
            pytest.fail(f"mariadb is required (COURSE_REQUIRE_RUNTIMES) but: {why}")
        pytest.skip(why)


def assert_gone(server: mariadb.Server) -> None:
    with pytest.raises(ProcessLookupError):
        os.kill(server.pid, 0)
    with pytest.raises(OSError):  # nobody listens on the port any more
        socket.create_connection((mariadb.HOST, server.port), timeout=1).close()
    assert not Path(server.socket).parent.exists()  # the data directory is deleted


def test_live_experiment_matches_the_documentation() -> None:
    with mariadb.server() as server:
        assert server.version
        live = mariadb.experiment(server)
        with server.connect() as conn, conn.cursor() as cursor:
            cursor.execute("SELECT @@bind_address, @@port")
            assert cursor.fetchone() == (mariadb.HOST, server.port)
    print(mariadb.tabla(live, f"MariaDB {server.version}"))
    assert_gone(server)
    assert len(live) == len(mariadb.DOCUMENTED)
    pairs = zip(live, mariadb.DOCUMENTED, strict=True)
    mismatches = [(got, doc) for got, doc in pairs if got != doc]
    assert not mismatches, "\n".join(f"live: {g}\ndocs: {d}" for g, d in mismatches)


def test_nothing_left_when_the_block_raises() -> None:
    with pytest.raises(RuntimeError, match="a propósito"):
        with mariadb.server() as server:
            with server.connect() as conn, conn.cursor() as cursor:
                cursor.execute("SELECT 1")
            raise RuntimeError("a propósito")
    assert_gone(server)


def test_documented_rows_cite_their_sources() -> None:
    outcomes = {row.outcome for row in mariadb.DOCUMENTED}
    assert {"guardado", "error 1366", "guardado con aviso 1366", "error 1406"} <= outcomes
    assert "guardado con aviso 1265" in outcomes
    for row in mariadb.DOCUMENTED:
        assert row.sources and all(url.startswith("https://") for url in row.sources)
        if row.stored is not None and "?" in row.stored:
            assert mariadb.QUESTION_MARK in row.sources  # not in MariaDB's KB: say where
    # the sources are not part of the comparison
    row = mariadb.DOCUMENTED[0]
    assert row == mariadb.Row(*[getattr(row, f) for f in mariadb.Row.__dataclass_fields__][:8])


def test_live_collations_match_the_stored_run() -> None:
    """The result the lesson shows where there is no server (a browser, a computer without
    MariaDB) is what a live server gives: ñ = n in general_ci and uca1400_ai_ci, not in the
    Spanish ones nor bin; the order of the words; the UNIQUE column's duplicate."""
    with mariadb.server() as server:
        live = mariadb.collations(server)
    assert_gone(server)
    print(mariadb.tabla_colaciones(live, f"MariaDB {server.version}"))
    assert [c.name for c in live] == list(mariadb.COLLATIONS)
    assert live == mariadb.STORED_COLLATIONS
    # the second run of a lesson's cell starts from nothing: the same answer
    with mariadb.server() as server:
        assert mariadb.collations(server) == live
