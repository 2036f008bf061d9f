"""The page's HTTP server: the standard library's ``ThreadingHTTPServer`` on 127.0.0.1.

``GET /`` is the page (``static/index.html``, its few values filled in with
``string.Template``), ``GET /static/NAME`` its script and style sheet (package data),
``GET /api/complete?q=TEXT`` and ``GET /api/card?name=NAME`` the autocomplete and a
typed name's check; ``POST /api/NAME`` with a JSON body the rest (:mod:`.api`).

It serves one person's browser on this machine: it binds the loopback address only,
answers only requests whose ``Host`` is that address (a page elsewhere can't reach it
through a DNS name that points here), takes only JSON bodies of bounded size, and sends
a content security policy that allows only its own script.
"""

from __future__ import annotations

import json
import socket
import string
import sys
import threading
import webbrowser
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlsplit

from manacheck.model import CR_VERSION, CardDatabase
from manacheck.model.state import Phase
from manacheck.model.statefile import MAX_BYTES

from .api import Api

__all__ = ["Server", "make_server", "page_html"]

#: The largest request body taken: a board at the state files' limit, and its JSON.
MAX_BODY = 4 * MAX_BYTES
STATIC = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"}
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'")
PHASES = tuple(p.value for p in Phase)


def _static(name: str) -> bytes:
    return resources.files("manacheck.web").joinpath("static", name).read_bytes()


def page_html(api: Api) -> str:
    """The page, with its configuration (phases, version, the number of names)."""
    config = {"phases": PHASES, "cr": CR_VERSION, "names": len(api.names)}
    template = string.Template(_static("index.html").decode("utf-8"))
    return template.substitute(
        cr=CR_VERSION, names=f"{len(api.names):,}",
        config=json.dumps(config).replace("<", "\\u003c"))


class Server(ThreadingHTTPServer):
    """The server and its answers; ``url`` is the page's address."""

    daemon_threads = True

    def __init__(self, port: int, api: Api) -> None:
        self.api = api
        self.page = page_html(api).encode("utf-8")
        self.svg_css = _svg_css().encode("utf-8")
        super().__init__(("127.0.0.1", port), _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that went away mid-answer is no error; anything else is said in one
        line on standard error, never a traceback."""
        err = sys.exc_info()[1]
        if isinstance(err, (BrokenPipeError, ConnectionResetError)):
            return
        print(f"manacheck serve: internal error (please report it): "
              f"{type(err).__name__}: {err}", file=sys.stderr)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"


def _svg_css() -> str:
    """The report pages' style rules of the board drawing, reused as they are."""
    from manacheck.solver.reports.page_style import CSS

    return "\n".join(ln for ln in CSS.splitlines() if ln.startswith(("svg ", ":root")))


def make_server(port: int = 0, cards: CardDatabase | None = None) -> Server:
    """A server on 127.0.0.1 (``port`` 0: a free one), not yet serving."""
    return Server(port, Api(cards))


def serve(port: int, cards: CardDatabase | None, *, open_page: bool, fragment: str = "",
          say: Callable[[str], None] = print) -> None:
    """Serve until interrupted; print the address (and open it with ``open_page``)."""
    server = make_server(port, cards)
    url = server.url + (f"#{fragment}" if fragment else "")
    say(f"manacheck: the judges' page is at {url} (Ctrl-C stops the server)")
    sys.stdout.flush()
    if open_page:
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    try:
        server.serve_forever()
    finally:
        server.server_close()


class _Handler(BaseHTTPRequestHandler):
    server: Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet: no line per request
        return

    def setup(self) -> None:
        super().setup()
        # The headers and the body are two writes: without this, Nagle's algorithm and
        # the client's delayed ACK hold the body back about 40 ms.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _send(self, status: HTTPStatus, body: bytes, ctype: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Referrer-Policy", "no-referrer")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, data: Any, status: HTTPStatus = HTTPStatus.OK) -> None:
        body = json.dumps(data, ensure_ascii=False).encode("utf-8")
        self._send(status, body, "application/json; charset=utf-8")

    def _host_ok(self) -> bool:
        port = self.server.server_address[1]
        if self.headers.get("Host") in (f"127.0.0.1:{port}", f"localhost:{port}"):
            return True
        self._json({"error": "this server answers only its own page on 127.0.0.1"},
                   HTTPStatus.FORBIDDEN)
        return False

    def do_GET(self) -> None:
        if not self._host_ok():
            return
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        api = self.server.api
        if url.path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, self.server.page, "text/html; charset=utf-8")
        elif url.path == "/static/board.css":
            self._send(HTTPStatus.OK, self.server.svg_css, "text/css; charset=utf-8")
        elif url.path.startswith("/static/") and url.path[8:] in STATIC:
            name = url.path[8:]
            self._send(HTTPStatus.OK, _static(name), STATIC[name])
        elif url.path == "/api/complete":
            n = query.get("n", "12")
            self._json(api.complete(query.get("q", ""), int(n) if n.isdigit() else 12))
        elif url.path == "/api/card":
            self._json(api.card(query.get("name", "")))
        else:
            self._json({"error": f"no such page: {url.path}"}, HTTPStatus.NOT_FOUND)

    def do_POST(self) -> None:
        if not self._host_ok():
            return
        body = self._body()
        if body is None:
            return
        route = _ROUTES.get(urlsplit(self.path).path)
        if route is None:
            self._json({"error": f"no such request: {self.path}"}, HTTPStatus.NOT_FOUND)
            return
        self._json(route(self.server.api, body))

    def _body(self) -> dict[str, Any] | None:
        """The request's JSON object, or None once an error is sent."""
        if not self.headers.get("Content-Type", "").startswith("application/json"):
            self._json({"error": "send JSON"}, HTTPStatus.UNSUPPORTED_MEDIA_TYPE)
            return None
        size = self.headers.get("Content-Length", "")
        if not size.isdigit() or int(size) > MAX_BODY:
            self._json({"error": f"the request is larger than {MAX_BODY:,} bytes"},
                       HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
            self.close_connection = True
            return None
        try:
            data = json.loads(self.rfile.read(int(size)))
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            self._json({"error": "the request isn't a JSON object"}, HTTPStatus.BAD_REQUEST)
            return None
        return data


def _board(api: Api, body: dict[str, Any]) -> dict[str, Any]:
    return {**api.check(body.get("board")), **api.picture(body.get("board"))}


_ROUTES: dict[str, Callable[[Api, dict[str, Any]], dict[str, Any]]] = {
    "/api/board": _board,
    "/api/ask": lambda api, b: api.ask(b.get("board"), b.get("question")),
    "/api/abilities": lambda api, b: api.abilities(b.get("board"), b.get("object")),
    "/api/read": lambda api, b: api.read_file(b.get("text"), b.get("name")),
    "/api/yaml": lambda api, b: api.guarded_yaml(b.get("board")),
    "/api/link": lambda api, b: api.link(b.get("board")),
    "/api/unlink": lambda api, b: api.unlink(b.get("fragment")),
}
