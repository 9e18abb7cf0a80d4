"""Lesson 5's database experiment: what MariaDB's ``utf8mb3`` and ``utf8mb4`` do with text.

:func:`server` starts a private MariaDB server (a fresh data directory in a temporary
folder, listening on 127.0.0.1 on a free port, no passwords) and stops it when the
``with`` block ends, even after an exception: no process and no file is left behind.
:func:`experiment` inserts a few texts into ``VARCHAR`` columns of both character sets,
in strict and in non-strict SQL mode, and reads back what was stored with
``CHAR_LENGTH`` (characters) and ``LENGTH`` (bytes). :data:`DOCUMENTED` is the same
table written from MariaDB's documentation, each row with its sources, so that the test
can compare what the server does with what the manual says.

:func:`collations` is the lesson's optional part on collations: which ones take ``ñ`` for
``n`` (in a comparison, an ``ORDER BY`` and a ``UNIQUE`` column). :data:`STORED_COLLATIONS`
is a real run's result, shown where no server can be started (and compared with a live run
by the test where one can).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pymysql

from curso.render import Table, visible

__all__ = [
    "CHARSETS",
    "COLLATIONS",
    "DOCUMENTED",
    "IN_BROWSER",
    "MODES",
    "STORED_COLLATIONS",
    "STORED_VERSION",
    "Collation",
    "Row",
    "Server",
    "available",
    "collations",
    "experiment",
    "server",
    "tabla",
    "tabla_colaciones",
]

HOST = "127.0.0.1"
#: the character sets compared
CHARSETS: tuple[str, ...] = ("utf8mb3", "utf8mb4")
#: the SQL modes compared: strict, and none at all (non-strict)
MODES: tuple[str, ...] = ("STRICT_TRANS_TABLES", "")
#: the texts stored in a column wide enough for all of them
TEXTS: tuple[str, ...] = ("año", "한글", "😀", "👩\u200d👩\u200d👧")
#: the texts stored in a utf8mb4 VARCHAR(3): longer than 3 characters
LONG_TEXTS: tuple[str, ...] = ("mañana", "👩\u200d👩\u200d👧")
WIDE = "VARCHAR(10)"
NARROW = "VARCHAR(3)"

_SBIN = ("/usr/sbin", "/usr/local/sbin", "/usr/local/mysql/bin", "/usr/bin")
#: Why there is no server in a browser (Pyodide, ``sys.platform == "emscripten"``): it starts
#: no program, so neither ``mariadb-install-db`` nor ``mariadbd``.
IN_BROWSER = "no disponible en el navegador, que no puede arrancar un servidor de MariaDB"


def _find(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for folder in _SBIN:
        path = Path(folder) / name
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    return None


def _programs() -> tuple[str, str] | str:
    if sys.platform == "emscripten":
        return IN_BROWSER
    server_program = _find("mariadbd") or _find("mysqld")
    install = _find("mariadb-install-db") or _find("mysql_install_db")
    if server_program is None:
        return "no está instalado el servidor de MariaDB (no se encuentra «mariadbd»)"
    if install is None:
        return "no se encuentra «mariadb-install-db», que crea el directorio de datos"
    return server_program, install


def available() -> str | None:
    """None if a MariaDB server can be started here; otherwise why not (Spanish)."""
    found = _programs()
    return found if isinstance(found, str) else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    """A running private server: its version, port and process id."""

    version: str
    port: int
    pid: int
    socket: str

    def connect(self, charset: str = "utf8mb4") -> pymysql.connections.Connection:
        """A new connection (as root, no password) whose character set is ``charset``."""
        return pymysql.connect(
            host=HOST,
            port=self.port,
            user="root",
            charset=charset,
            connect_timeout=10,
            read_timeout=30,
            write_timeout=30,
            autocommit=True,
        )


def _stop(process: subprocess.Popen[bytes], timeout: float = 30) -> None:
    """SIGTERM (mariadbd shuts down cleanly), then SIGKILL; always reaps the process."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
    process.wait()


def _log_tail(path: Path) -> str:
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    except OSError:
        return "(sin registro)"
    return " / ".join(lines[-3:]) or "(registro vacío)"


@contextlib.contextmanager
def server(timeout: float = 60) -> Iterator[Server]:
    """Start a private MariaDB server on 127.0.0.1; stop it and delete its data on exit.

    RuntimeError (in Spanish) if MariaDB is not installed or does not start within
    ``timeout`` seconds.
    """
    found = _programs()
    if isinstance(found, str):
        raise RuntimeError(found)
    mariadbd, install = found
    as_root = ["--user=root"] if os.geteuid() == 0 else []
    with tempfile.TemporaryDirectory(prefix="curso-l05-mariadb-") as tmp:
        folder = Path(tmp)
        data = folder / "data"
        # small files, and synchronous I/O: InnoDB's io_uring/libaio need kernel resources
        # (locked memory, aio-max-nr) that other servers on the machine may hold
        small = [
            "--innodb-log-file-size=4M",
            "--innodb-buffer-pool-size=16M",
            "--innodb-use-native-aio=0",
        ]
        command = [
            install,
            "--no-defaults",
            f"--datadir={data}",
            "--auth-root-authentication-method=normal",
            "--skip-test-db",
            "--skip-name-resolve",
            *as_root,
            *small,
        ]
        _install(command, data, timeout)
        sock = folder / "mariadb.sock"
        log = folder / "error.log"
        deadline = time.monotonic() + timeout
        for _attempt in range(3):  # another program may take the free port first
            port = _free_port()
            process = subprocess.Popen(
                [
                    mariadbd,
                    "--no-defaults",
                    f"--datadir={data}",
                    f"--socket={sock}",
                    f"--port={port}",
                    f"--bind-address={HOST}",
                    f"--pid-file={folder / 'mariadbd.pid'}",
                    f"--log-error={log}",
                    f"--tmpdir={folder}",
                    "--skip-grant-tables",
                    "--skip-name-resolve",
                    "--skip-log-bin",
                    "--character-set-server=utf8mb4",
                    *small,
                    *as_root,
                ],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            try:
                version = _wait(process, port, deadline, log)
                if version is None:  # it exited: maybe the port was taken
                    continue
                yield Server(version, port, process.pid, str(sock))
                return
            finally:
                _stop(process)
        raise RuntimeError(f"mariadbd no arranca: {_log_tail(log)}")


def _install(command: list[str], data: Path, timeout: float) -> None:
    """Run mariadb-install-db; once more in an empty folder if it fails (a transient
    failure of the machine); RuntimeError with the server's own error lines otherwise."""
    for attempt in range(2):
        if attempt:
            shutil.rmtree(data, ignore_errors=True)
        try:
            done = subprocess.run(
                command,
                capture_output=True,
                text=True,
                timeout=timeout,
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired as error:
            raise RuntimeError(f"mariadb-install-db tardó más de {timeout:.0f} s") from error
        if done.returncode == 0:
            return
    raise RuntimeError(f"mariadb-install-db falló: {_why(done.stderr, done.stdout)}")


_STAMP = re.compile(r"^\d{4}-\d\d-\d\d +\d+:\d\d:\d\d +\d+ +")


def _why(stderr: str, stdout: str) -> str:
    """What a failed mariadb-install-db says went wrong: the server's ``[ERROR]`` lines
    (on stderr; stdout ends with the same advice whatever the cause), else the last lines."""
    errors = [_STAMP.sub("", line).strip() for line in stderr.splitlines() if "[ERROR]" in line]
    lines = errors or (stderr + "\n" + stdout).strip().splitlines()
    return " / ".join(lines[-5:]) or "código de salida distinto de 0, sin mensaje"


def _wait(process: subprocess.Popen[bytes], port: int, deadline: float, log: Path) -> str | None:
    """The server's version once it accepts connections; None if it exited."""
    while True:
        if process.poll() is not None:
            return None
        try:
            with pymysql.connect(host=HOST, port=port, user="root", connect_timeout=2) as conn:
                with conn.cursor() as cursor:
                    cursor.execute("SELECT VERSION()")
                    row = cursor.fetchone()
                    return str(row[0]) if row else "?"
        except pymysql.err.OperationalError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"mariadbd no acepta conexiones a tiempo: {_log_tail(log)}")
        time.sleep(0.1)


# --- the experiment ----------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One INSERT: where, in which mode, what happened and what was stored.

    ``outcome`` is «guardado», «guardado con aviso NNNN» (non-strict mode: the server
    changed the value and said so in a warning) or «error NNNN» (nothing stored).
    """

    charset: str
    column: str
    sql_mode: str
    text: str
    outcome: str
    stored: str | None
    char_length: int | None
    length: int | None
    #: where the documentation says so (only in :data:`DOCUMENTED`; not compared)
    sources: tuple[str, ...] = field(default=(), compare=False)


def _insert(cursor: pymysql.cursors.Cursor, table: str, text: str) -> tuple[str, str | None]:
    """Insert ``text``; the outcome and the id of the new row (None on error)."""
    try:
        cursor.execute(f"INSERT INTO {table} (v) VALUES (%s)", (text,))
    except (pymysql.err.DataError, pymysql.err.OperationalError) as error:
        return f"error {error.args[0]}", None
    new_id = str(cursor.lastrowid)
    cursor.execute("SHOW WARNINGS")
    codes = sorted({int(code) for _level, code, _message in cursor.fetchall()})
    if codes:
        return "guardado con aviso " + ", ".join(str(code) for code in codes), new_id
    return "guardado", new_id


def _cases() -> list[tuple[str, str, str, str]]:
    """(charset, column, sql_mode, text) of every INSERT, in the order they run."""
    cases = []
    for charset in CHARSETS:
        groups = [(WIDE, TEXTS)] + ([(NARROW, LONG_TEXTS)] if charset == "utf8mb4" else [])
        for column, texts in groups:
            for mode in MODES:
                cases += [(charset, column, mode, text) for text in texts]
    return cases


def experiment(server: Server) -> list[Row]:
    """Insert :data:`TEXTS` into a VARCHAR(10) of each character set and :data:`LONG_TEXTS`
    into a utf8mb4 VARCHAR(3), in each SQL mode, and read back what was stored."""
    rows = []
    with server.connect("utf8mb4") as conn, conn.cursor() as cursor:
        cursor.execute("CREATE DATABASE IF NOT EXISTS curso")
        cursor.execute("USE curso")
        tables: dict[tuple[str, str], str] = {}
        for charset, column, mode, text in _cases():
            table = tables.get((charset, column))
            if table is None:
                table = tables[charset, column] = f"t{len(tables)}"
                cursor.execute(f"DROP TABLE IF EXISTS {table}")
                cursor.execute(
                    f"CREATE TABLE {table} (id INT AUTO_INCREMENT PRIMARY KEY,"
                    f" v {column} CHARACTER SET {charset}) ENGINE=InnoDB"
                )
            cursor.execute("SET SESSION sql_mode = %s", (mode,))
            outcome, new_id = _insert(cursor, table, text)
            stored = char_length = length = None
            if new_id is not None:
                cursor.execute(
                    f"SELECT v, CHAR_LENGTH(v), LENGTH(v) FROM {table} WHERE id = %s", (new_id,)
                )
                stored, char_length, length = cursor.fetchone()
            rows.append(Row(charset, column, mode, text, outcome, stored, char_length, length))
    return rows


# --- what the documentation says ---------------------------------------------------------
#
# DOCUMENTED is not a copy of a run: it applies, to each INSERT, the rules that the manual
# states, and each row names the pages it relies on. Where MariaDB's own knowledge base is
# silent (that a character utf8mb3 cannot hold becomes «?»), the source is MySQL's manual
# and bug tracker, from which MariaDB inherited the behaviour: the row says so by its URL.

#: utf8mb3 holds 1 to 3 bytes per character, no supplementary characters (above U+FFFF);
#: utf8mb4 is the same UTF-8 and stores supplementary characters in four bytes.
UNICODE = "https://mariadb.com/kb/en/unicode/"
#: strict mode: invalid data aborts the statement with an error; without it the value is
#: adjusted (a string too long is truncated) and a warning is produced.
SQL_MODE = "https://mariadb.com/kb/en/sql-mode/#strict-mode"
#: VARCHAR(M): «M represents the maximum column length in characters».
VARCHAR = "https://mariadb.com/kb/en/varchar/"
#: CHAR_LENGTH counts characters; LENGTH counts bytes.
CHAR_LENGTH = "https://mariadb.com/kb/en/char_length/"
LENGTH = "https://mariadb.com/kb/en/length/"
#: 1366 ER_TRUNCATED_WRONG_VALUE_FOR_FIELD «Incorrect %s value: '%s' for column ...»
E1366 = "https://mariadb.com/kb/en/e1366/"
#: 1406 ER_DATA_TOO_LONG «Data too long for column '%s' at row %lu»
E1406 = "https://mariadb.com/kb/en/e1406/"
#: 1265 WARN_DATA_TRUNCATED «Data truncated for column '%s' at row %lu»
E1265 = "https://mariadb.com/kb/en/e1265/"
#: a character outside the BMP converted to utf8mb3 (MySQL's «utf8») becomes «?»: MySQL bug
#: 58320, closed as a documentation fix, and the MySQL manual's page on utf8mb3
QUESTION_MARK = "https://bugs.mysql.com/bug.php?id=58320"
MYSQL_UTF8MB3 = "https://dev.mysql.com/doc/refman/8.0/en/charset-unicode-utf8mb3.html"


def _documented(charset: str, column: str, mode: str, text: str) -> Row:
    """What the documentation says one INSERT does."""
    strict = "STRICT_TRANS_TABLES" in mode
    limit = int(column[column.index("(") + 1 : column.index(")")])  # in characters: VARCHAR
    sources = [UNICODE, VARCHAR, SQL_MODE, CHAR_LENGTH, LENGTH]
    warnings = []
    value = text
    if charset == "utf8mb3" and any(ord(ch) > 0xFFFF for ch in text):
        sources.append(E1366)
        if strict:
            return Row(charset, column, mode, text, "error 1366", None, None, None, tuple(sources))
        sources += [QUESTION_MARK, MYSQL_UTF8MB3]
        value = "".join("?" if ord(ch) > 0xFFFF else ch for ch in text)
        warnings.append(1366)
    if len(value) > limit:
        if strict:
            sources.append(E1406)
            return Row(charset, column, mode, text, "error 1406", None, None, None, tuple(sources))
        sources.append(E1265)
        value = value[:limit]
        warnings.append(1265)
    outcome = "guardado"
    if warnings:
        outcome += " con aviso " + ", ".join(str(code) for code in sorted(warnings))
    size = len(value.encode("utf-8"))  # both are UTF-8: 1 to 3 bytes, or 4 above U+FFFF
    return Row(charset, column, mode, text, outcome, value, len(value), size, tuple(sources))


#: The experiment's rows as MariaDB's documentation describes them, with their sources.
DOCUMENTED: list[Row] = [_documented(*case) for case in _cases()]


def tabla(rows: list[Row], caption: str = "") -> Table:
    """The rows as a table: what was stored, in characters and in bytes."""
    body: list[tuple[str, ...] | None] = []
    previous = None
    for row in rows:
        group = (row.charset, row.column, row.sql_mode)
        if previous is not None and group != previous:
            body.append(None)
        previous = group
        body.append(
            (
                row.charset,
                row.column,
                row.sql_mode or "(no estricto)",
                visible(row.text),
                row.outcome,
                "" if row.stored is None else visible(row.stored),
                "" if row.char_length is None else str(row.char_length),
                "" if row.length is None else str(row.length),
            )
        )
    return Table(
        (
            "juego de caracteres",
            "columna",
            "sql_mode",
            "texto",
            "resultado",
            "guardado",
            "CHAR_LENGTH",
            "LENGTH",
        ),
        tuple(body),
        caption=caption,
        align="llllllrr",
    )


# --- collations: is ñ an n? ---------------------------------------------------------------

#: The utf8mb4 collations compared: MariaDB 10.11's default for utf8mb4, its Unicode (UCA
#: 14.0.0) accent-insensitive one, the two Spanish ones, and the binary one (code points).
COLLATIONS: tuple[str, ...] = (
    "utf8mb4_general_ci",
    "utf8mb4_uca1400_ai_ci",
    "utf8mb4_spanish_ci",
    "utf8mb4_uca1400_spanish_ai_ci",
    "utf8mb4_bin",
)
#: The words stored in a ``UNIQUE`` column of each collation, in this order.
WORDS: tuple[str, ...] = ("oca", "ñu", "nube")
#: The word inserted next: the same as «ñu» where ñ is n.
TWIN = "nu"


@dataclass(frozen=True)
class Collation:
    """What one collation says: whether ``'año' = 'ano'``, the order of :data:`WORDS`, and
    what inserting :data:`TWIN` into the ``UNIQUE`` column that holds them does
    («guardado» or «error 1062», duplicate key)."""

    name: str
    ano_is_año: bool
    order: tuple[str, ...]
    twin: str


def collations(server: Server) -> list[Collation]:
    """Each of :data:`COLLATIONS` on a live server."""
    rows = []
    with server.connect("utf8mb4") as conn, conn.cursor() as cursor:
        cursor.execute("CREATE DATABASE IF NOT EXISTS curso")
        cursor.execute("USE curso")
        for number, name in enumerate(COLLATIONS):
            table = f"colacion{number}"
            cursor.execute(f"DROP TABLE IF EXISTS {table}")
            cursor.execute(
                f"CREATE TABLE {table} (v VARCHAR(10) CHARACTER SET utf8mb4 COLLATE {name}"
                " UNIQUE) ENGINE=InnoDB"
            )
            cursor.executemany(f"INSERT INTO {table} (v) VALUES (%s)", [(w,) for w in WORDS])
            cursor.execute(f"SELECT 'año' = 'ano' COLLATE {name}")
            (same,) = cursor.fetchone()
            cursor.execute(f"SELECT v FROM {table} ORDER BY v")
            order = tuple(str(v) for (v,) in cursor.fetchall())
            try:
                cursor.execute(f"INSERT INTO {table} (v) VALUES (%s)", (TWIN,))
                twin = "guardado"
            except pymysql.err.IntegrityError as error:
                twin = f"error {error.args[0]}"
            rows.append(Collation(name, bool(same), order, twin))
    return rows


#: The server :data:`STORED_COLLATIONS` was measured on.
STORED_VERSION = "10.11.19-MariaDB-0+deb12u1"
#: :func:`collations` on :data:`STORED_VERSION`, for where no server can be started (a
#: browser, a computer without MariaDB); tests/course/test_l05_mariadb.py compares it with a
#: live run.
STORED_COLLATIONS: list[Collation] = [
    Collation("utf8mb4_general_ci", True, ("ñu", "nube", "oca"), "error 1062"),
    Collation("utf8mb4_uca1400_ai_ci", True, ("ñu", "nube", "oca"), "error 1062"),
    Collation("utf8mb4_spanish_ci", False, ("nube", "ñu", "oca"), "guardado"),
    Collation("utf8mb4_uca1400_spanish_ai_ci", False, ("nube", "ñu", "oca"), "guardado"),
    Collation("utf8mb4_bin", False, ("nube", "oca", "ñu"), "guardado"),
]


def tabla_colaciones(rows: list[Collation], caption: str = "") -> Table:
    """The collations as a table (Spanish)."""
    return Table(
        ("colación", "'año' = 'ano'", "ORDER BY", f"INSERT '{TWIN}' (UNIQUE, ya está 'ñu')"),
        tuple((r.name, "sí" if r.ano_is_año else "no", ", ".join(r.order), r.twin) for r in rows),
        caption=caption,
    )
