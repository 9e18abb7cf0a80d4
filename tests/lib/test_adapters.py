"""Issue 22: decode_response on real requests and httpx responses from a server on
127.0.0.1, with the scraping guide's cases: a header charset, a ``<meta>`` only, nothing,
a BOM, a wrong header; and what ``response.text`` gives for the same page."""

from __future__ import annotations

import codecs
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from codecbox import decode_response
from codecbox.errors import DecodeError
from codecbox.rules import Rule

TEXT = "Año nuevo: ¡café, jamón y señal!"
JA = "価格は1,000～2,000円です"

#: path -> (Content-Type or None, body)
PAGES: dict[str, tuple[str | None, bytes]] = {
    "/header": ("text/html; charset=Shift_JIS", f"<p>{JA}</p>".encode("cp932")),
    "/meta": ("text/html", '<meta charset="windows-1251"><p>Привет</p>'.encode("cp1251")),
    "/none": ("text/html", f"<p>{TEXT}</p>".encode()),
    "/bom": ("text/html; charset=iso-8859-1", codecs.BOM_UTF8 + f"<p>{TEXT}</p>".encode()),
    "/wrong": ("text/html; charset=utf-8", f"<p>{TEXT}</p>".encode("cp1252")),
    "/csv": ("text/csv", f"id;nombre\n1;{TEXT}\n".encode("cp1252")),
    "/csv-header": ("text/csv; charset=windows-1252", f"1;{TEXT}\n".encode("cp1252")),
    "/csv-bogus": ("text/csv; charset=klingon", f"1;{TEXT}\n".encode()),
    "/json": ("application/json", f'{{"t": "{TEXT}"}}'.encode()),
    "/no-type": (None, f"{TEXT}\n".encode("utf-16-le")),
}


class Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        content_type, body = PAGES[self.path]
        self.send_response(200)
        if content_type is not None:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def get(client: str, url: str):
    if client == "requests":
        requests = pytest.importorskip("requests")
        return requests.get(url, timeout=10)
    httpx = pytest.importorskip("httpx")
    return httpx.get(url, timeout=10)


EXPECTED = {
    "/header": (f"<p>{JA}</p>", "Shift_JIS (header)"),
    "/meta": ('<meta charset="windows-1251"><p>Привет</p>', "windows-1251 (meta)"),
    "/none": (f"<p>{TEXT}</p>", "UTF-8 (valid UTF-8)"),
    "/bom": (f"<p>{TEXT}</p>", "UTF-8 (BOM)"),
    "/csv": (f"id;nombre\n1;{TEXT}\n", "windows-1252 (detected)"),
    "/csv-header": (f"1;{TEXT}\n", "windows-1252 (header)"),
    "/csv-bogus": (f"1;{TEXT}\n", "UTF-8 (valid UTF-8)"),
    "/json": (f'{{"t": "{TEXT}"}}', "UTF-8 (valid UTF-8)"),
    "/no-type": (f"{TEXT}\n", "UTF-16LE (NUL pattern)"),
}


@pytest.mark.parametrize("client", ["requests", "httpx"])
@pytest.mark.parametrize("path", sorted(EXPECTED))
def test_each_case_decodes_as_a_browser_would(server, client, path):
    response = get(client, server + path)
    decoded = decode_response(response)
    assert (decoded.text, decoded.how, decoded.replaced) == (*EXPECTED[path], 0)


@pytest.mark.parametrize("client", ["requests", "httpx"])
def test_the_text_pitfall_is_what_it_fixes(server, client):
    """A UTF-8 page served as text/html without charset: requests reads it as ISO-8859-1
    (httpx, since 0.24, guesses UTF-8 here), codecbox as the browser does."""
    response = get(client, server + "/none")
    assert decode_response(response).text == f"<p>{TEXT}</p>"
    if client == "requests":
        assert response.encoding == "ISO-8859-1"
        assert response.text == f"<p>{TEXT}</p>".encode().decode("iso-8859-1")
        assert "Ã±" in response.text


@pytest.mark.parametrize("client", ["requests", "httpx"])
def test_a_wrong_header_wins_as_in_browsers_but_its_damage_is_counted(server, client):
    response = get(client, server + "/wrong")
    decoded = decode_response(response)
    assert decoded.how == "UTF-8 (header)" and decoded.rule is Rule.HEADER
    assert decoded.replaced == sum(ch > "\x7f" for ch in TEXT)  # each cp1252 byte: a U+FFFD
    with pytest.raises(DecodeError, match=r"offset 4 as UTF-8 \(header\)"):
        decode_response(response, errors="strict")


def test_anything_without_headers_and_bytes_is_refused():
    with pytest.raises(TypeError, match="takes a response with headers and content"):
        decode_response(b"<p>hola</p>")
