"""A web server for one notebook cell: fixed pages on 127.0.0.1, stopped when the cell ends.

Lesson 2 fetches pages with requests as a scraper would. The pages are served from this
machine, never from the internet, so the lesson runs offline and gives the same output
every time::

    with servidor(PAGINAS) as sitio:
        respuesta = sitio.get("meta-utf8")   # requests, without proxies

:func:`servidor` binds 127.0.0.1 on a port the system chooses (port 0), serves from one
thread, and on leaving the ``with`` block, also after an error, stops the server, closes
its socket and joins the thread: nothing is left running.

>>> with servidor({"hola": Pagina(b"<p>hola</p>", "text/html", "hola")}) as sitio:
...     r = sitio.get("hola")
...     ip = sitio.address[0]
>>> r.status_code, r.content, ip
(200, b'<p>hola</p>', '127.0.0.1')
"""

from __future__ import annotations

import http.client
import io
import socketserver
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import requests
import urllib3

__all__ = ["HOST", "THREAD_NAME", "Pagina", "Sitio", "servidor"]

HOST = "127.0.0.1"
#: The serving thread's name (the tests look for it in ``threading.enumerate()``).
THREAD_NAME = "curso-l02-servidor"
TIMEOUT = 5  # seconds: a request that takes longer is a bug, not a slow network


@dataclass(frozen=True)
class Pagina:
    """A page: the bytes served, the ``Content-Type`` header, and the text it says."""

    cuerpo: bytes
    content_type: str
    texto: str


class _Server(HTTPServer):
    def server_bind(self) -> None:
        # HTTPServer.server_bind would look the host up in DNS (socket.getfqdn): skip it.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = HOST, self.server_address[1]


def _handler(paginas: Mapping[str, Pagina]) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            pagina = paginas.get(self.path.lstrip("/"))
            if pagina is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", pagina.content_type)
            self.send_header("Content-Length", str(len(pagina.cuerpo)))
            self.end_headers()
            self.wfile.write(pagina.cuerpo)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # no request log on stderr (nbval compares it)

    return Handler


class Sitio:
    """The running server: its address, and ``get`` (requests, without proxies)."""

    def __init__(self, server: HTTPServer, session: requests.Session) -> None:
        self._server = server
        self._session = session

    @property
    def address(self) -> tuple[str, int]:
        host, port = self._server.server_address[:2]
        return str(host), int(port)

    def url(self, nombre: str) -> str:
        host, port = self.address
        return f"http://{host}:{port}/{nombre}"

    def get(self, nombre: str) -> requests.Response:
        """``requests.get`` of one page (a proxy set in the environment is not used)."""
        return self._session.get(self.url(nombre), timeout=TIMEOUT)


class _Conexion:
    """What a request handler and ``http.client`` need of a socket, over bytes in memory."""

    def __init__(self, entrada: bytes) -> None:
        self.entrada, self.salida = io.BytesIO(entrada), io.BytesIO()

    def makefile(self, mode: str, *args: Any) -> io.BytesIO:
        return self.entrada if "r" in mode else self.salida

    def sendall(self, data: bytes) -> None:
        self.salida.write(data)


class _EnMemoria(requests.adapters.HTTPAdapter):
    """Each request to the same handler through memory, its HTTP response parsed as from a
    socket: for Pyodide (a browser), which can neither listen on a port nor start a thread."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        super().__init__()
        self._handler = handler

    def send(self, request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:
        linea = f"{request.method} {request.path_url} HTTP/1.1\r\nHost: {HOST}\r\n\r\n"
        conexion = _Conexion(linea.encode("ascii"))
        self._handler(conexion, (HOST, 0), None)  # type: ignore[arg-type]
        respuesta = http.client.HTTPResponse(_Conexion(conexion.salida.getvalue()))  # type: ignore[arg-type]
        respuesta.begin()
        crudo = urllib3.HTTPResponse(
            body=io.BytesIO(respuesta.read()),
            headers=urllib3.HTTPHeaderDict(respuesta.getheaders()),
            status=respuesta.status,
            reason=respuesta.reason,
            preload_content=False,
            request_url=request.url,
        )
        return self.build_response(request, crudo)


class _SinRed:
    server_address = (HOST, 80)


@contextmanager
def servidor(paginas: Mapping[str, Pagina]) -> Iterator[Sitio]:
    """Serve ``paginas`` (name -> :class:`Pagina`) on 127.0.0.1 for the ``with`` block."""
    if sys.platform == "emscripten":  # Pyodide: no server; the same handler, in memory
        with requests.Session() as session:
            session.mount("http://", _EnMemoria(_handler(dict(paginas))))
            yield Sitio(_SinRed(), session)  # type: ignore[arg-type]
        return
    server = _Server((HOST, 0), _handler(dict(paginas)))
    try:
        thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, name=THREAD_NAME
        )
        thread.start()
        try:
            with requests.Session() as session:
                session.trust_env = False  # 127.0.0.1 directly, whatever HTTP_PROXY says
                yield Sitio(server, session)
        finally:
            server.shutdown()
            thread.join()
    finally:
        server.server_close()
