"""Lesson 2's web server: it binds 127.0.0.1 only, on a port the system picks, serves the
pages as given, and leaves nothing behind (no thread, no listening socket), even when the
body of the ``with`` block raises."""

from __future__ import annotations

import socket
import threading

import pytest

from codecbox import decode_html
from curso.l02.server import HOST, THREAD_NAME, Pagina, servidor
from curso.l02.web import PAGINAS, tabla_paginas


def other_local_address() -> str | None:
    """An IPv4 address of this machine that is not loopback, if it has one."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 80))  # TEST-NET-1; connecting UDP sends nothing
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def threads() -> set[threading.Thread]:
    return set(threading.enumerate())


def assert_nothing_left(port: int, before: set[threading.Thread]) -> None:
    assert not [t for t in threading.enumerate() if t.name == THREAD_NAME]
    # no thread started since; threads other tests left dying (asyncio's waitpid watcher)
    # may have ended meanwhile, so the check is "nothing new", not "the same set"
    assert not (threads() - before)
    with pytest.raises(OSError):  # ConnectionRefusedError: nobody listens any more
        socket.create_connection((HOST, port), timeout=1).close()


def test_binds_loopback_only_on_an_ephemeral_port():
    before = threads()
    with servidor(PAGINAS) as sitio:
        host, port = sitio.address
        assert host == "127.0.0.1"
        assert port > 0
        assert sitio.url("x") == f"http://127.0.0.1:{port}/x"
        (server_thread,) = [t for t in threading.enumerate() if t.name == THREAD_NAME]
        assert server_thread.is_alive()
        # the listening socket answers on 127.0.0.1, as an IPv4 socket bound to that address
        with socket.create_connection((HOST, port), timeout=1) as conn:
            assert conn.getpeername() == ("127.0.0.1", port)
        # ... and on no other address of this machine
        other = other_local_address()
        if other is not None:
            with pytest.raises(OSError):
                socket.create_connection((other, port), timeout=1).close()
    assert_nothing_left(port, before)


def test_nothing_left_when_the_block_raises():
    before = threads()
    with pytest.raises(RuntimeError, match="a propósito"):
        with servidor(PAGINAS) as sitio:
            port = sitio.address[1]
            assert sitio.get("meta-utf8").status_code == 200
            raise RuntimeError("a propósito")
    assert_nothing_left(port, before)


def test_two_servers_in_a_row_get_their_own_ports_and_both_stop():
    before = threads()
    ports = []
    for _ in range(2):
        with servidor({"a": Pagina(b"a", "text/plain", "a")}) as sitio:
            ports.append(sitio.address[1])
            assert sitio.get("a").content == b"a"
    for port in ports:
        assert_nothing_left(port, before)


def test_pages_are_served_as_given():
    with servidor(PAGINAS) as sitio:
        for nombre, pagina in PAGINAS.items():
            r = sitio.get(nombre)
            assert r.status_code == 200
            assert r.content == pagina.cuerpo
            assert r.headers["content-type"] == pagina.content_type
        assert sitio.get("no-existe").status_code == 404


def test_text_against_decode_html():
    """requests' .text gets six of the seven pages wrong; decode_html gets all seven right."""
    with servidor(PAGINAS) as sitio:
        descargas = []
        for nombre in PAGINAS:
            r = sitio.get(nombre)
            descargas.append((nombre, r, decode_html(r.content, r.headers.get("content-type"))))
    tabla = tabla_paginas(descargas)
    assert tabla.mal_decode == 0
    assert [f.nombre for f in tabla.filas if f.text_bien] == ["windows-1251"]
    assert tabla.fila("meta-utf8").encoding_requests == "ISO-8859-1"
    assert tabla.fila("bom-utf8").text.startswith("ï»¿")
    assert (
        "〜" in tabla.fila("shift_jis").text and "～" in tabla.fila("shift_jis").decodificada.text
    )
    assert "port" not in str(tabla) and ":" not in "".join(r[0] for r in tabla.table().rows if r)
