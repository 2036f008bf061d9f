"""``manacheck cards fetch`` (``manacheck.model.cardfetch``) against a real HTTP server on
loopback (issue 12).

The server is a ``ThreadingHTTPServer`` on 127.0.0.1, port 0, serving a small bulk-data
object and a small Scryfall-format card list; each test says how it misbehaves (a
connection closed after N bytes, a Range ignored, a changed file, a wrong size, an HTTP
error). Every connection a test opens that isn't to loopback is refused, so nothing
here can reach the internet; the servers are shut down by their fixture.
"""

from __future__ import annotations

import gzip
import hashlib
import http.server
import io
import json
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from manacheck.model import cardfetch
from manacheck.model.cardfetch import FetchError, fetch, fetched_file, resolve_cards_path
from manacheck.model.errors import BadInput
from manacheck.model.usercards import CACHE_ENV

from manacheck.cli import main
from manacheck.commands.cards import ProgressBar

UPDATED = "2026-12-01T09:02:41.123+00:00"


def card(name: str, cost: str, type_line: str, text: str, **more: Any) -> dict[str, Any]:
    colors = sorted({c for c in "WUBRG" if c in cost})
    return {"object": "card", "id": f"id-{name}", "oracle_id": f"oracle-{name}",
            "name": name, "lang": "en", "released_at": "2026-01-01", "layout": "normal",
            "mana_cost": cost, "cmc": float(sum(int(ch) if ch.isdigit() else 1
                                                for ch in cost.replace("}", "")[1::2])),
            "type_line": type_line, "oracle_text": text, "colors": colors,
            "color_identity": colors, "keywords": [], "legalities": {"vintage": "legal"},
            "games": ["paper"], "set": "tst", "set_name": "Test Set",
            "set_type": "expansion", "digital": False, "rarity": "common", **more}


CARDS = [
    card("Thornwood Tender", "{1}{G}", "Creature — Elf Druid", "{T}: Add {G}.",
         power="1", toughness="1"),
    card("Glimmerstone Idol", "{2}", "Artifact", "{T}: Add {C}."),
    card("Ashen Hollow", "", "Land", "{T}: Add {B} or {R}."),
    card("Cinderlash Adept", "{R}", "Creature — Human Shaman",
         "{R}, {T}: Cinderlash Adept deals 1 damage to any target.",
         power="1", toughness="1"),
]
BODY = json.dumps(CARDS, indent=1, ensure_ascii=False).encode("utf-8")
ETAG = '"v1-abc"'
#: The most requests one test's server answers (every loop here is bounded).
MAX_REQUESTS = 30


@dataclass
class Site:
    """What the loopback server serves, how it misbehaves, and what it was asked."""

    body: bytes = BODY
    etag: str | None = ETAG
    last_modified: str | None = "Tue, 01 Dec 2026 09:02:41 GMT"
    updated_at: str = UPDATED
    size: int | None = None  # the bulk object's "size" (default: len(body))
    #: bytes after which the n-th request for the file has its connection closed
    breaks: list[int | None] = field(default_factory=list)
    ignore_range: bool = False
    send_length: bool = True
    status: dict[str, int] = field(default_factory=dict)  # path -> HTTP error
    bulk_text: bytes | None = None  # replaces the bulk-data object
    gzip: bool = False  # the file sent with Content-Encoding: gzip
    redirects: dict[str, str] = field(default_factory=dict)  # path -> Location
    requests: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    base: str = ""

    @property
    def bulk_url(self) -> str:
        return f"{self.base}/bulk-data/oracle-cards"

    def file_requests(self) -> list[dict[str, str]]:
        return [h for p, h in self.requests if p == "/file/oracle-cards.json"]

    def bulk_object(self) -> bytes:
        if self.bulk_text is not None:
            return self.bulk_text
        return json.dumps({
            "object": "bulk_data", "id": "27bf3214", "type": "oracle_cards",
            "updated_at": self.updated_at, "uri": self.bulk_url, "name": "Oracle Cards",
            "description": "One Scryfall card object for each Oracle ID",
            "size": len(self.body) if self.size is None else self.size,
            "download_uri": f"{self.base}/file/oracle-cards.json",
            "content_type": "application/json", "content_encoding": "gzip"}).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    server: Server

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        site = self.server.site
        site.requests.append((self.path, dict(self.headers.items())))
        if len(site.requests) > MAX_REQUESTS or self.path in site.status:
            self.send_error(site.status.get(self.path, 500))
            return
        if self.path in site.redirects:
            self.send_body(302, b"", {"Location": site.redirects[self.path]})
            return
        if self.path == "/bulk-data/oracle-cards":
            self.send_body(200, site.bulk_object(), {"Content-Type": "application/json"})
        elif self.path == "/file/oracle-cards.json":
            self.send_file(site)
        else:
            self.send_error(404)

    def send_body(self, code: int, body: bytes, headers: dict[str, str],
                  cut: int | None = None, length: bool = True) -> None:
        self.send_response(code)
        for k, v in headers.items():
            self.send_header(k, v)
        if length:
            self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body if cut is None else body[:cut])
        self.wfile.flush()
        self.close_connection = True

    def send_file(self, site: Site) -> None:
        n = len(site.file_requests()) - 1
        cut = site.breaks[n] if n < len(site.breaks) else None
        headers = {"Content-Type": "application/json"}
        if site.gzip:
            headers["Content-Encoding"] = "gzip"
        if site.etag:
            headers["ETag"] = site.etag
        if site.last_modified:
            headers["Last-Modified"] = site.last_modified
        wanted = self.headers.get("Range")
        if_range = self.headers.get("If-Range")
        if wanted and not site.ignore_range and if_range in (site.etag, site.last_modified):
            start = int(wanted.removeprefix("bytes=").rstrip("-"))
            if start >= len(site.body):
                self.send_body(416, b"", {"Content-Range": f"bytes */{len(site.body)}"})
                return
            headers["Content-Range"] = f"bytes {start}-{len(site.body) - 1}/{len(site.body)}"
            self.send_body(206, site.body[start:], headers, cut)
            return
        self.send_body(200, site.body, headers, cut, site.send_length)


class Server(http.server.ThreadingHTTPServer):
    site: Site
    daemon_threads = True


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Loopback only: any other connection is refused; no proxy; a short timeout; the
    cache in tmp_path."""
    real = socket.create_connection

    def loopback_only(address: Any, *args: Any, **kwargs: Any) -> socket.socket:
        if address[0] not in ("127.0.0.1", "localhost"):
            raise ConnectionRefusedError(f"test refused a connection to {address[0]}")
        return real(address, *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", loopback_only)
    for name in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY",
                 "ALL_PROXY", cardfetch.URL_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv(cardfetch.TIMEOUT_ENV, "5")
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))


@pytest.fixture
def site() -> Iterator[Site]:
    server = Server(("127.0.0.1", 0), Handler)
    server.site = Site(base=f"http://127.0.0.1:{server.server_address[1]}")
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield server.site
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def cached() -> Path:
    return fetched_file()


def sidecar(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.with_name(path.name + ".meta.json").read_text())
    return data


def part() -> Path:
    return cached().with_name(cached().name + ".part")


# ---- a fresh download, and one that is current --------------------------------------


def test_a_fresh_download(site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert code == 0, err
    assert cached().read_bytes() == BODY
    assert cached().parent.name == "downloads"
    meta = sidecar(cached())
    assert meta["updated_at"] == UPDATED and meta["size"] == len(BODY)
    assert meta["sha256"] == hashlib.sha256(BODY).hexdigest()
    assert meta["etag"] == ETAG and meta["source"] == site.bulk_url
    assert meta["download_uri"] == f"{site.base}/file/oracle-cards.json"
    assert not part().exists() and not list(cached().parent.glob("*.part*"))
    assert str(cached()) in out and "--cards scryfall" in out
    # Not a terminal: plain lines, the last one the whole file.
    lines = err.splitlines()
    assert 1 <= len(lines) <= 12 and "\r" not in err
    assert lines[-1].startswith("2.3 KiB / 2.3 KiB  100%  ") and lines[-1].endswith("/s")
    # Scryfall asks for a User-Agent and an Accept header on every request.
    for _, headers in site.requests:
        assert headers["User-Agent"].startswith("manacheck/")
        assert headers["Accept"] == "application/json"
        assert "Range" not in headers


def test_the_url_may_come_from_the_environment(site: Site, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(cardfetch.URL_ENV, site.bulk_url)
    assert run(capsys, "cards", "fetch")[0] == 0
    assert cached().read_bytes() == BODY


def test_a_current_file_is_not_downloaded_again(site: Site,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 0
    assert len(site.file_requests()) == 1
    code, out, _ = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert code == 0 and "already current" in out
    assert len(site.file_requests()) == 1  # only the bulk-data object was asked again
    assert [p for p, _ in site.requests].count("/bulk-data/oracle-cards") == 2
    # --force downloads it again; so does a newer updated_at.
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url, "--force")[0] == 0
    assert len(site.file_requests()) == 2
    site.updated_at = "2026-12-02T09:00:00.000+00:00"
    site.body = BODY.replace(b"Glimmerstone", b"Glitterstone")
    code, out, _ = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert code == 0 and "already current" not in out
    assert cached().read_bytes() == site.body
    assert sidecar(cached())["updated_at"] == site.updated_at


def test_a_changed_cached_file_is_not_current(site: Site,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 0
    cached().write_bytes(BODY[:10])
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 0
    assert len(site.file_requests()) == 2 and cached().read_bytes() == BODY


def test_json_output(site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "fetch", "--url", site.bulk_url, "--json")
    assert code == 0
    data = json.loads(out)
    assert data == {"path": str(cached()), "bytes": len(BODY), "updated_at": UPDATED,
                    "resumed": False, "sha256": hashlib.sha256(BODY).hexdigest(),
                    "current": False, "source": site.bulk_url}
    code, out, _ = run(capsys, "cards", "--json", "fetch", "--url", site.bulk_url)
    assert code == 0 and json.loads(out)["current"] is True


# ---- interrupted transfers ----------------------------------------------------------


def test_a_broken_transfer_is_resumed_with_range_and_if_range(
        site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    site.breaks = [100]  # the first answer stops after 100 bytes
    code, out, err = run(capsys, "cards", "fetch", "--url", site.bulk_url, "--json")
    assert code == 0, err
    first, second = site.file_requests()
    assert "Range" not in first
    assert second["Range"] == "bytes=100-" and second["If-Range"] == ETAG
    assert cached().read_bytes() == BODY
    data = json.loads(out)
    assert data["resumed"] is True and data["sha256"] == hashlib.sha256(BODY).hexdigest()
    assert not part().exists()


def test_a_part_left_by_an_earlier_run_is_resumed(site: Site,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    site.breaks = [200, None, None, None]
    site.etag = None  # no ETag: Last-Modified is the validator
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 0
    assert site.file_requests()[1]["If-Range"] == site.last_modified
    # Every attempt of a run broken: exit 1, one line, the part kept for the next run.
    site.requests.clear()
    site.breaks = [150, 0, 0, 0]
    code, _, err = run(capsys, "cards", "fetch", "--url", site.bulk_url, "--force")
    assert code == 1
    assert [ln for ln in err.splitlines() if ln.startswith("error:")] == [
        ln for ln in err.splitlines()[-1:]]
    assert "connection closed after 150 of" in err and "resumed by the next" in err
    assert part().read_bytes() == BODY[:150]
    assert cached().read_bytes() == BODY  # the earlier whole file is still there
    site.requests.clear()
    site.breaks = []
    code, out, _ = run(capsys, "cards", "fetch", "--url", site.bulk_url, "--json", "--force")
    assert code == 0 and json.loads(out)["resumed"] is True
    assert site.file_requests()[0]["Range"] == "bytes=150-"
    assert cached().read_bytes() == BODY and not part().exists()
    # A part beside a current file is of no use: it goes.
    part().write_bytes(BODY[:10])
    code, out, _ = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert code == 0 and "already current" in out and not part().exists()


def test_a_server_that_ignores_range_restarts_cleanly(
        site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    site.breaks = [100]
    site.ignore_range = True
    code, out, _ = run(capsys, "cards", "fetch", "--url", site.bulk_url, "--json")
    assert code == 0
    assert site.file_requests()[1]["Range"] == "bytes=100-"  # asked, and got a 200
    assert cached().read_bytes() == BODY  # not the first 100 bytes twice
    assert json.loads(out)["resumed"] is False


def test_a_changed_validator_restarts_cleanly(site: Site,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    site.breaks = [120, 0, 0, 0]
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 1
    assert part().read_bytes() == BODY[:120]
    # The file changed on the server (a new ETag, the same updated_at): If-Range doesn't
    # match, the server sends the whole new file, which replaces the part.
    site.requests.clear()
    site.breaks = []
    site.etag = '"v2-def"'
    site.body = BODY.replace(b"Ashen Hollow", b"Ashen Burrow")
    code, out, _ = run(capsys, "cards", "fetch", "--url", site.bulk_url, "--json")
    assert code == 0
    assert site.file_requests()[0]["If-Range"] == ETAG
    assert cached().read_bytes() == site.body and json.loads(out)["resumed"] is False
    assert sidecar(cached())["etag"] == '"v2-def"'


def test_a_new_version_discards_the_part(site: Site,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    site.breaks = [120, 0, 0, 0]
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 1
    site.requests.clear()
    site.breaks = []
    site.updated_at = "2026-12-03T00:00:00.000+00:00"
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 0
    assert "Range" not in site.file_requests()[0]  # another version: no resume
    assert cached().read_bytes() == BODY


def test_a_range_past_the_end_restarts_cleanly(site: Site,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    site.breaks = [120, 0, 0, 0]
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 1
    # The part is longer than the file now is (416 Range Not Satisfiable).
    part().write_bytes(BODY + b"x" * 10)
    site.requests.clear()
    site.breaks = []
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 0
    first, second = site.file_requests()
    assert first["Range"] == f"bytes={len(BODY) + 10}-" and "Range" not in second
    assert cached().read_bytes() == BODY


def test_ctrl_c_leaves_a_resumable_part(site: Site, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cardfetch, "CHUNK", 64)
    calls: list[int] = []

    def progress(done: int, total: int | None) -> None:
        if done >= 128 and not calls:
            calls.append(done)
            raise KeyboardInterrupt

    monkeypatch.setattr("manacheck.commands.cards.ProgressBar",
                        lambda stream: _Interrupting(progress))
    code, out, err = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert code == 130 and out == ""
    assert err.count("\n") == 1 and "interrupted" in err and "resume" in err
    assert part().read_bytes() == BODY[:128] and not cached().exists()
    code, out, _ = run(capsys, "cards", "fetch", "--url", site.bulk_url, "--json")
    assert code == 0 and json.loads(out)["resumed"] is True
    assert site.file_requests()[-1]["Range"] == "bytes=128-"
    assert cached().read_bytes() == BODY


def test_ctrl_c_before_the_file_is_one_line(site: Site, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    def interrupt(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cardfetch, "get_bulk_info", interrupt)
    code, out, err = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert (code, out, err) == (130, "", "interrupted: nothing was downloaded\n")


class _Interrupting:
    def __init__(self, fn: Any) -> None:
        self.fn = fn

    def __call__(self, done: int, total: int | None) -> None:
        self.fn(done, total)

    def finish(self) -> None:
        pass


# ---- sizes ---------------------------------------------------------------------------


def test_a_body_longer_than_announced_never_reaches_the_final_path(
        site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    site.send_length = False  # no Content-Length: the bulk object's size is the check
    site.size = len(BODY) - 7
    code, _, err = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert code == 1 and err.count("error:") == 1 and "size mismatch" in err
    assert not cached().exists() and not part().exists()


def test_a_body_shorter_than_announced_never_reaches_the_final_path(
        site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    site.send_length = False
    site.size = len(BODY) + 7
    site.etag = site.last_modified = None  # nothing to resume with: each try restarts
    code, _, err = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert code == 1 and "error:" in err and f"closed after {len(BODY)} of" in err
    assert not cached().exists()
    assert len(site.file_requests()) <= cardfetch.MAX_ATTEMPTS


def test_a_size_mismatch_keeps_the_earlier_file(site: Site,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 0
    site.send_length = False
    site.size = 5
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url, "--force")[0] == 1
    assert cached().read_bytes() == BODY and sidecar(cached())["size"] == len(BODY)


def test_a_redirect_is_followed(site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    site.redirects["/moved"] = site.bulk_url
    assert run(capsys, "cards", "fetch", "--url", f"{site.base}/moved")[0] == 0
    assert cached().read_bytes() == BODY
    assert sidecar(cached())["source"] == f"{site.base}/moved"
    # Another bulk-data URL is another file: not current, fetched again.
    code, out, _ = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert code == 0 and "already current" not in out and len(site.file_requests()) == 2


def test_a_redirect_elsewhere_than_http_is_refused(
        site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    site.redirects["/moved"] = "file:///etc/passwd"
    code, _, err = run(capsys, "cards", "fetch", "--url", f"{site.base}/moved")
    assert code == 1 and err.count("\n") == 1
    assert err.startswith(f"error: cannot fetch {site.base}/moved: ")
    assert not cached().exists()


def test_a_gzipped_answer_is_kept_as_sent_and_read(
        site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    # Scryfall's bulk object says content_encoding gzip: should the server send it so,
    # the bytes are kept as they came (checked against Content-Length), and the card
    # readers tell a gzip file from its content.
    site.body = gzip.compress(BODY)
    site.gzip = True
    site.size = len(BODY)  # the bulk object's size is the file's, not the transfer's
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 0
    assert gzip.decompress(cached().read_bytes()) == BODY
    code, out, err = run(capsys, "card", "Glimmerstone Idol", "--cards", "scryfall")
    assert code == 0, err
    assert out.startswith("Glimmerstone Idol  {2}\nArtifact\n")


# ---- failures: one line each ---------------------------------------------------------


@pytest.mark.parametrize(("path", "code", "cause"), [
    ("/bulk-data/oracle-cards", 404, "HTTP 404"),
    ("/bulk-data/oracle-cards", 500, "HTTP 500"),
    ("/file/oracle-cards.json", 404, "HTTP 404"),
    ("/file/oracle-cards.json", 503, "HTTP 503"),
])
def test_http_errors_are_one_line_exit_1(site: Site, capsys: pytest.CaptureFixture[str],
                                         path: str, code: int, cause: str) -> None:
    site.status[path] = code
    status, out, err = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert status == 1 and out == ""
    line = err.splitlines()[-1]
    assert err.count("error:") == 1 and line.startswith("error: cannot fetch ")
    assert f"{site.base}{path}" in line and cause in line and "Traceback" not in err
    assert not cached().exists()


def test_a_refused_connection_is_one_line_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as s:  # a port that was free a moment ago: nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}/bulk-data/oracle-cards"
    code, out, err = run(capsys, "cards", "fetch", "--url", url)
    assert (code, out) == (1, "")
    assert err == f"error: cannot fetch {url}: the connection was refused\n"


def test_a_host_elsewhere_is_never_reached(capsys: pytest.CaptureFixture[str]) -> None:
    # The guard of this file: a real host name gets no connection.
    code, _, err = run(capsys, "cards", "fetch", "--url",
                       "https://api.scryfall.com/bulk-data/oracle-cards")
    assert code == 1 and err.count("\n") == 1 and "cannot fetch" in err


def test_a_timeout_is_one_line_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as s:  # listens, never answers
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        url = f"http://127.0.0.1:{s.getsockname()[1]}/bulk-data/oracle-cards"
        code, _, err = run(capsys, "cards", "fetch", "--url", url, "--timeout", "0.2")
    assert code == 1
    assert err == f"error: cannot fetch {url}: no answer within 0.2 s (timed out)\n"


@pytest.mark.parametrize(("text", "why"), [
    (b'{"object": "bulk_data", "updated_at": "x"}', "no http or https 'download_uri'"),
    (b'{"download_uri": "file:///etc/passwd", "updated_at": "x"}', "'download_uri'"),
    (b'{"download_uri": "http://127.0.0.1:1/f"}', "no 'updated_at'"),
    (b"<html>busy</html>", "not JSON"),
    (b"[1, 2]", "not a JSON object"),
])
def test_a_malformed_bulk_object_is_one_line_exit_1(
        site: Site, capsys: pytest.CaptureFixture[str], text: bytes, why: str) -> None:
    site.bulk_text = text
    code, _, err = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert code == 1
    assert err.startswith(f"error: {site.bulk_url}: not a Scryfall bulk-data object (")
    assert why in err
    assert err.count("\n") == 1 and not site.file_requests()


@pytest.mark.parametrize("url", ["ftp://example.org/x", "file:///etc/passwd", "scryfall",
                                 "http://", "https:///nohost"])
def test_a_bad_url_is_bad_input(capsys: pytest.CaptureFixture[str], url: str) -> None:
    code, out, err = run(capsys, "cards", "fetch", "--url", url)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "not an http or https URL" in err


def test_a_bad_url_in_the_environment_is_bad_input(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(cardfetch.URL_ENV, "gopher://x")
    code, _, err = run(capsys, "cards", "fetch")
    assert code == 2 and cardfetch.URL_ENV in err and err.count("\n") == 1


@pytest.mark.parametrize("value", ["0", "-1", "soon", "inf", "nan"])
def test_a_bad_timeout_is_bad_input(capsys: pytest.CaptureFixture[str], value: str) -> None:
    code, _, err = run(capsys, "cards", "fetch", "--timeout", value)
    assert code == 2 and err.count("\n") == 1 and "positive number" in err


def test_an_unwritable_cache_is_one_line_exit_1(site: Site, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(CACHE_ENV, str(blocker))
    code, _, err = run(capsys, "cards", "fetch", "--url", site.bulk_url)
    assert code == 1 and err.count("\n") == 1 and "cannot write the download" in err


def test_the_api_raises_fetch_error(site: Site) -> None:
    site.status["/file/oracle-cards.json"] = 410
    with pytest.raises(FetchError, match="HTTP 410"):
        fetch(site.bulk_url)
    with pytest.raises(BadInput):
        fetch("mailto:someone@example.org")


# ---- --cards scryfall ----------------------------------------------------------------


def test_cards_scryfall_reads_the_fetched_file(site: Site,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "card", "Thornwood Tender", "--cards", "scryfall")
    assert code == 2 and err.count("\n") == 1
    assert "run manacheck cards fetch" in err and "Traceback" not in err
    assert run(capsys, "cards", "fetch", "--url", site.bulk_url)[0] == 0
    code, out, err = run(capsys, "card", "Thornwood Tender", "--cards", "scryfall")
    assert code == 0, err
    assert out.splitlines()[:3] == ["Thornwood Tender  {1}{G}", "Creature — Elf Druid", "1/1"]
    assert "ability 1: {T}: Add {G}." in out
    assert str(cached()) in err  # the note names the file read
    code, out, _ = run(capsys, "cards", "search", "Glimmerstone", "--cards", "scryfall")
    assert code == 0 and "Glimmerstone Idol" in out
    assert resolve_cards_path("scryfall") == str(cached())
    # A state file with a card only the fetched file has.
    state = cached().parent.parent / "s.yaml"
    state.write_text("turn: {active_player: A, phase: precombat_main}\nplayers:\n  A:\n"
                     "    battlefield:\n      - {card: Thornwood Tender, "
                     "summoning_sick: false}\n")
    code, out, err = run(capsys, "produce", str(state), "--cards", "scryfall", "--json")
    assert code == 0, err
    assert "Thornwood Tender" in out and '"G"' in out


def test_a_file_named_scryfall_is_read_with_a_slash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "scryfall").write_bytes(BODY)
    code, _, err = run(capsys, "card", "Ashen Hollow", "--cards", "scryfall")
    assert code == 2 and "./scryfall" in err and "run manacheck cards fetch" in err
    code, out, err = run(capsys, "card", "Ashen Hollow", "--cards", "./scryfall")
    assert code == 0, err
    assert out.startswith("Ashen Hollow\nLand\n")
    assert resolve_cards_path("./scryfall") == "./scryfall"


def test_every_command_with_cards_knows_scryfall(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    state = tmp_path / "s.yaml"
    state.write_text("turn: {active_player: A}\nplayers:\n  A: {battlefield: [Forest]}\n")
    for argv in (["validate", str(state)], ["show", str(state)], ["produce", str(state)],
                 ["abilities", str(state)], ["pay", str(state), "{G}"],
                 ["can-activate", str(state), "Forest"], ["resolve", str(state)],
                 ["report", "Forest"], ["report", "--all"], ["cards", "search", "x"]):
        code, _, err = run(capsys, *argv, "--cards", "scryfall")
        assert code == 2 and "run manacheck cards fetch" in err, argv
        assert err.count("\n") == 1, argv


def test_cards_search_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "search", "cradle", "--in", "name")
    assert code == 0 and "Gaea's Cradle" in out
    code, _, err = run(capsys, "cards")
    assert code == 2 and err.count("\n") == 1
    code, _, err = run(capsys, "cards", "search")
    assert code == 2 and "TEXT" in err
    code, _, err = run(capsys, "cards", "fetch", "extra")
    assert code == 2 and err.count("\n") == 1


# ---- the progress bar ----------------------------------------------------------------


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_progress_bar_on_a_terminal_redraws_in_place() -> None:
    out, clock = io.StringIO(), _Clock()
    bar = ProgressBar(out, tty=True, clock=clock)
    for i in range(0, 1_048_577, 4096):
        clock.now = i / 1_048_576
        bar(i, 1_048_576)
    bar.finish()
    text = out.getvalue()
    assert text.endswith("\n") and text.count("\n") == 1
    assert 5 <= text.count("\r") <= 13  # ten a second at most, over one second
    last = text.rstrip().rsplit("\r", 1)[1]
    assert last.split() == ["1.0", "MiB", "/", "1.0", "MiB", "100%", "1.0", "MiB/s"]


def test_the_progress_bar_elsewhere_writes_a_few_lines() -> None:
    out, clock = io.StringIO(), _Clock()
    bar = ProgressBar(out, tty=False, clock=clock)
    for i in range(0, 100_001, 100):
        clock.now += 0.001
        bar(i, 100_000)
    bar.finish()
    lines = out.getvalue().splitlines()
    assert len(lines) == 11 and "\r" not in out.getvalue()
    assert [re.search(r"(\d+)%", ln)[1] for ln in lines] == [  # type: ignore[index]
        str(p) for p in range(0, 101, 10)]
    # An unknown total: one line at the end.
    out = io.StringIO()
    bar = ProgressBar(out, tty=False, clock=clock)
    for i in range(0, 100_001, 100):
        bar(i, None)
    bar.finish()
    assert out.getvalue().count("\n") == 1 and out.getvalue().startswith("97.7 KiB  ")


def test_cards_fetch_imports_no_solver() -> None:
    code = ("from manacheck.cli import main\n"
            "main(['cards', 'fetch', '--url', 'ftp://example.org/'])\n"
            "import sys, json\nprint(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[1])
    loaded = set(json.loads(out.stdout.splitlines()[-1]))
    assert "manacheck.model.cardfetch" in loaded
    assert not [m for m in loaded if m.startswith("manacheck.solver")]
