"""Fetch Scryfall's ``oracle-cards`` bulk file into the user's cache directory.

:func:`fetch` asks the bulk-data object (``BULK_URL``, or ``--url``, or
``$MANACHECK_SCRYFALL_BULK_URL``) for its ``download_uri`` and ``updated_at``, then
downloads that file to ``<cache>/downloads/oracle-cards.json`` (the cache is
``manacheck.model.usercards.cache_dir()``), with a sidecar ``oracle-cards.json.meta.json``
that records where it came from, its ``updated_at``, its validators (ETag,
Last-Modified), its size and SHA-256. ``--cards scryfall`` then means that file
(:func:`resolve_cards_path`). Only the standard library's ``urllib`` is used.

Rules
-----
* Current: when the sidecar's ``updated_at`` and source URL are the bulk object's and
  the file has the size the sidecar records, nothing is downloaded (unless ``force``);
  a ``.part`` left beside a current file is removed.
* Atomic: the body is streamed into ``oracle-cards.json.part`` in the same folder, then
  flushed, fsynced and its size checked against Content-Length (or Content-Range's
  total, or the bulk object's ``size`` when the body isn't content-encoded), and only
  then renamed onto the final name (``os.replace``). The final name never holds a
  partial file; a size mismatch deletes the part and is an error.
* Resumed: a ``.part`` left by an interrupted transfer has a sidecar of its own
  (``oracle-cards.json.part.meta.json``: the URL, ``updated_at``, the validator). When
  the URL and ``updated_at`` are still the bulk object's, the request carries
  ``Range: bytes=N-`` and ``If-Range: <validator>`` (a strong ETag, else Last-Modified).
  A 206 whose Content-Range starts at N (and whose total agrees) is appended; a 200
  (the server ignored the range, or the file changed), a 416 or any inconsistency
  restart from byte 0, cleanly. A transfer that breaks after making progress is resumed
  at once, a bounded number of times (``MAX_ATTEMPTS``); after that the ``.part`` stays
  for the next run. A ``KeyboardInterrupt`` also leaves a resumable ``.part``.
* Bytes as served: the file is stored as the server sends it. It is requested without
  ``Accept-Encoding``; should a server gzip it anyway, the card readers tell a
  compressed file from its content, not its name (``manacheck.model.jsonstream``).
* Every request has a socket timeout (``DEFAULT_TIMEOUT``, or
  ``$MANACHECK_FETCH_TIMEOUT``), a User-Agent and ``Accept: application/json``, as
  Scryfall asks. Only http and https are followed (no ``file:`` or ``ftp:``).

Notes
-----
Failures are of two kinds. A bad URL given by the user (not http or https) is bad input,
:class:`~manacheck.model.errors.BadInput` (exit status 2 in the CLI). Anything the
network or the server does (offline, DNS, a refused connection, an HTTP error, a
timeout, a malformed bulk-data object, a size mismatch) is :class:`FetchError`: one line
naming the URL and the cause. It is not bad input, so the CLI exits 1 ("no": the file
could not be fetched), not 2.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import re
import socket
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, cast

from .errors import BadInput
from .usercards import cache_dir

__all__ = ["BULK_URL", "DEFAULT_TIMEOUT", "FILE_NAME", "MAX_ATTEMPTS", "RESERVED_NAME",
           "TIMEOUT_ENV", "URL_ENV", "USER_AGENT", "BulkInfo", "FetchError", "FetchResult",
           "bulk_url", "download_dir", "fetch", "fetched_file", "fetched_meta",
           "get_bulk_info", "resolve_cards_path", "timeout_of"]

#: Scryfall's bulk-data object for the oracle cards (one entry per card).
BULK_URL = "https://api.scryfall.com/bulk-data/oracle-cards"
#: The environment variable that replaces :data:`BULK_URL` (tests point it at loopback).
URL_ENV = "MANACHECK_SCRYFALL_BULK_URL"
#: The environment variable that replaces :data:`DEFAULT_TIMEOUT` (seconds).
TIMEOUT_ENV = "MANACHECK_FETCH_TIMEOUT"
#: The socket timeout of every request, in seconds.
DEFAULT_TIMEOUT = 30.0
USER_AGENT = "manacheck/0.1.0 (Magic rules answers; python-urllib)"
#: The downloaded file's name in :func:`download_dir`.
FILE_NAME = "oracle-cards.json"
#: ``--cards scryfall``: the fetched file (a path with a slash, ``./scryfall``, is a file).
RESERVED_NAME = "scryfall"
#: Requests for the file in one run: the first, and resumes or restarts after it.
MAX_ATTEMPTS = 4
#: The largest bulk-data object read (it is under a kilobyte).
MAX_BULK_INFO = 1 << 20
CHUNK = 1 << 16
_FORMAT = "manacheck-fetch"

#: ``progress(done, total)``: bytes in the file so far, and its size when known.
Progress = Callable[[int, int | None], None]


class FetchError(Exception):
    """The file could not be fetched: one line naming the URL and the cause (not bad
    input: the CLI exits 1)."""


class _Restart(Exception):
    """The partial file can't be continued: start again from byte 0."""


class _Broken(Exception):
    """The connection broke in the middle of the body (resumable); ``progressed`` when
    some bytes had arrived in this attempt."""

    def __init__(self, message: str, progressed: bool) -> None:
        super().__init__(message)
        self.progressed = progressed


@dataclass(frozen=True)
class BulkInfo:
    """Scryfall's bulk-data object: where the file is and which version it is."""

    source: str
    download_uri: str
    updated_at: str
    size: int | None = None
    content_type: str | None = None
    content_encoding: str | None = None


@dataclass(frozen=True)
class FetchResult:
    """What :func:`fetch` did. ``current`` is True when nothing was downloaded because
    the cached file already was the bulk object's version."""

    path: Path
    bytes: int
    updated_at: str
    sha256: str
    resumed: bool = False
    current: bool = False
    source: str = ""

    def as_json(self) -> dict[str, Any]:
        """The result as ``--json`` prints it."""
        return {"path": str(self.path), "bytes": self.bytes, "updated_at": self.updated_at,
                "resumed": self.resumed, "sha256": self.sha256, "current": self.current,
                "source": self.source}


# ---- where things are ---------------------------------------------------------------


def download_dir() -> Path:
    """The folder of fetched files: ``downloads`` in the user's cache directory."""
    return cache_dir() / "downloads"


def _meta_path(path: Path) -> Path:
    return path.with_name(path.name + ".meta.json")


def fetched_file() -> Path:
    """Where the fetched oracle-cards file is (or would be)."""
    return download_dir() / FILE_NAME


def fetched_meta() -> dict[str, Any] | None:
    """The fetched file's sidecar, or None when nothing (or nothing whole) was fetched."""
    meta = _read_json(_meta_path(fetched_file()))
    if meta is None or meta.get("format") != _FORMAT:
        return None
    return meta


def resolve_cards_path(value: str) -> str:
    """The file ``--cards VALUE`` means: the fetched oracle-cards file for the reserved
    word ``scryfall``, else ``VALUE`` itself.

    Rules
    -----
    Only the bare word is reserved: ``./scryfall`` (any path with a slash) is a file. A
    file named ``scryfall`` in the current folder is not read for the bare word.

    Raises
    ------
    BadInput
        ``scryfall`` when nothing has been fetched yet (run ``manacheck cards fetch``).
    """
    if value != RESERVED_NAME:
        return value
    path = fetched_file()
    if fetched_meta() is None or not path.is_file():
        local = " (for the file named 'scryfall' here, write ./scryfall)" \
            if os.path.exists(RESERVED_NAME) else ""
        raise BadInput(f"'scryfall' is the Scryfall oracle-cards file that 'manacheck "
                       f"cards fetch' downloads, and none is in {path.parent} yet{local}",
                       suggestion="run manacheck cards fetch")
    return str(path)


# ---- requests ----------------------------------------------------------------------


def bulk_url(url: str | None = None) -> str:
    """The bulk-data object's URL: ``url``, else ``$MANACHECK_SCRYFALL_BULK_URL``, else
    :data:`BULK_URL`.

    Raises
    ------
    BadInput
        A URL that is not http or https, or has no host.
    """
    chosen = url if url is not None else (os.environ.get(URL_ENV) or BULK_URL)
    where = "--url" if url is not None else (URL_ENV if os.environ.get(URL_ENV) else "url")
    if not _is_http(chosen):
        raise BadInput(f"{where} {chosen!r}: not an http or https URL",
                       suggestion=f"e.g. {BULK_URL}")
    return chosen


def timeout_of(value: float | str | None = None) -> float:
    """The socket timeout: ``value``, else ``$MANACHECK_FETCH_TIMEOUT``, else 30 s.

    Raises
    ------
    BadInput
        A timeout that is not a positive number.
    """
    raw: float | str | None = value if value is not None else os.environ.get(TIMEOUT_ENV)
    if raw is None or raw == "":
        return DEFAULT_TIMEOUT
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not seconds > 0 or seconds == float("inf"):
        raise BadInput(f"timeout {raw!r}: not a positive number of seconds")
    return seconds


def _is_http(url: str) -> bool:
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def _opener() -> urllib.request.OpenerDirector:
    """http and https only (with redirects and the user's proxy settings)."""
    opener = urllib.request.OpenerDirector()
    for handler in (urllib.request.ProxyHandler(), urllib.request.HTTPHandler(),
                    urllib.request.HTTPSHandler(), urllib.request.HTTPRedirectHandler(),
                    urllib.request.HTTPErrorProcessor(),
                    urllib.request.HTTPDefaultErrorHandler()):
        opener.add_handler(handler)
    return opener


def _open(url: str, timeout: float, headers: Mapping[str, str] | None = None
          ) -> http.client.HTTPResponse:
    request = urllib.request.Request(url, headers={
        "User-Agent": USER_AGENT, "Accept": "application/json", **(headers or {})})
    return cast(http.client.HTTPResponse, _opener().open(request, timeout=timeout))


def _cause(e: BaseException, timeout: float) -> str:
    """A short, human reason for a network failure."""
    if isinstance(e, urllib.error.HTTPError):
        return f"HTTP {e.code} {e.reason}".rstrip()
    reason: object = e.reason if isinstance(e, urllib.error.URLError) else e
    if isinstance(reason, socket.gaierror):
        return "the host name can't be resolved (offline, or no DNS?)"
    if isinstance(reason, TimeoutError):
        return f"no answer within {timeout:g} s (timed out)"
    if isinstance(reason, ConnectionRefusedError):
        return "the connection was refused"
    if isinstance(reason, ConnectionResetError):
        return "the connection was reset"
    if isinstance(reason, http.client.RemoteDisconnected):
        return "the server closed the connection without an answer"
    text = str(getattr(reason, "strerror", None) or reason) or type(reason).__name__
    return " ".join(text.split())


def get_bulk_info(url: str, *, timeout: float = DEFAULT_TIMEOUT) -> BulkInfo:
    """GET the bulk-data object at ``url`` and read where its file is.

    Raises
    ------
    FetchError
        The request failed, or the answer is not a bulk-data object with a
        ``download_uri`` (http or https) and an ``updated_at``.
    """
    try:
        with _open(url, timeout) as response:
            raw = response.read(MAX_BULK_INFO + 1)
    except (OSError, http.client.HTTPException) as e:
        raise FetchError(f"cannot fetch {url}: {_cause(e, timeout)}") from None
    if len(raw) > MAX_BULK_INFO:
        raise FetchError(f"{url}: not a Scryfall bulk-data object (over "
                         f"{MAX_BULK_INFO} bytes)")
    try:
        data = json.loads(raw)
    except ValueError:
        raise FetchError(f"{url}: not a Scryfall bulk-data object (not JSON)") from None
    if not isinstance(data, dict):
        raise FetchError(f"{url}: not a Scryfall bulk-data object (not a JSON object)")
    uri, updated = data.get("download_uri"), data.get("updated_at")
    if not isinstance(uri, str) or not _is_http(uri):
        raise FetchError(f"{url}: not a Scryfall bulk-data object (no http or https "
                         "'download_uri')")
    if not isinstance(updated, str) or not updated:
        raise FetchError(f"{url}: not a Scryfall bulk-data object (no 'updated_at')")
    size = data.get("size")

    def text(key: str) -> str | None:
        value = data.get(key)
        return value if isinstance(value, str) else None

    return BulkInfo(url, uri, updated,
                    size if isinstance(size, int) and not isinstance(size, bool)
                    and size >= 0 else None,
                    text("content_type"), text("content_encoding"))


# ---- files -------------------------------------------------------------------------


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _write_json(path: Path, data: Mapping[str, Any]) -> None:
    """Write ``data`` to ``path`` atomically (a temporary file, fsynced, renamed)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _discard(part: Path) -> None:
    part.unlink(missing_ok=True)
    _meta_path(part).unlink(missing_ok=True)


def _is_current(info: BulkInfo, path: Path) -> FetchResult | None:
    meta = fetched_meta()
    if meta is None or meta.get("updated_at") != info.updated_at \
            or meta.get("source") != info.source:
        return None  # another version, or another bulk-data object
    try:
        size = path.stat().st_size
    except OSError:
        return None
    if size != meta.get("size") or not isinstance(meta.get("sha256"), str):
        return None
    return FetchResult(path, size, info.updated_at, meta["sha256"], current=True,
                       source=info.source)


# ---- the transfer ------------------------------------------------------------------


@dataclass
class _Transfer:
    """One file being fetched into ``part``."""

    info: BulkInfo
    part: Path
    timeout: float
    progress: Progress | None
    resumed: bool = False

    def _validator(self, headers: http.client.HTTPMessage) -> dict[str, str | None]:
        return {"etag": headers.get("ETag"), "last_modified": headers.get("Last-Modified")}

    def _part_meta(self) -> dict[str, Any] | None:
        """The sidecar of a ``.part`` that can be continued, if any."""
        meta = _read_json(_meta_path(self.part))
        if meta is None or meta.get("url") != self.info.download_uri \
                or meta.get("updated_at") != self.info.updated_at:
            return None
        return meta

    def _if_range(self, meta: Mapping[str, Any]) -> str | None:
        etag = meta.get("etag")
        if isinstance(etag, str) and etag and not etag.startswith("W/"):
            return etag  # If-Range takes a strong validator only (RFC 9110 13.1.5)
        modified = meta.get("last_modified")
        return modified if isinstance(modified, str) and modified else None

    def run(self) -> tuple[int, str]:
        """Fetch the whole file into ``part``; (its size, its SHA-256)."""
        fresh = False
        for attempt in range(MAX_ATTEMPTS):
            try:
                return self._attempt(fresh)
            except _Restart:
                _discard(self.part)
                fresh = True
            except _Broken as e:
                if attempt == MAX_ATTEMPTS - 1 or not e.progressed:
                    meta = self._part_meta()
                    then = "; the part kept is resumed by the next 'manacheck cards " \
                        "fetch'" if meta is not None and self._if_range(meta) else ""
                    raise FetchError(f"cannot fetch {self.info.download_uri}: {e}"
                                     f"{then}") from None
                fresh = False
        raise FetchError(f"cannot fetch {self.info.download_uri}: the server's answers "
                         f"were inconsistent {MAX_ATTEMPTS} times")

    def _attempt(self, fresh: bool) -> tuple[int, str]:
        url = self.info.download_uri
        have = self.part.stat().st_size if self.part.is_file() else 0
        meta = None if fresh else self._part_meta()
        validator = self._if_range(meta) if meta is not None else None
        headers: dict[str, str] = {}
        if have and validator is not None:
            headers = {"Range": f"bytes={have}-", "If-Range": validator}
        elif have or self.part.exists():
            _discard(self.part)
            have = 0
        try:
            response = _open(url, self.timeout, headers)
        except urllib.error.HTTPError as e:
            if e.code == 416 and headers:
                e.close()
                raise _Restart from None  # the range is past the end: start over
            raise FetchError(f"cannot fetch {url}: {_cause(e, self.timeout)}") from None
        except (OSError, http.client.HTTPException) as e:
            raise FetchError(f"cannot fetch {url}: {_cause(e, self.timeout)}") from None
        with response:
            return self._receive(response, have if headers else 0)

    def _expected(self, response: http.client.HTTPResponse, start: int) -> int | None:
        """The size the whole file must have, from this response (None: unknown)."""
        if response.status == 206:
            m = re.fullmatch(r"\s*bytes\s+(\d+)-(\d+)/(\d+|\*)\s*",
                             response.headers.get("Content-Range", ""))
            if m is None or int(m.group(1)) != start or m.group(3) == "*" \
                    or int(m.group(2)) != int(m.group(3)) - 1:
                raise _Restart  # not the range asked for
            total = int(m.group(3))
            length = response.headers.get("Content-Length")
            if length is not None and length.isdigit() and int(length) != total - start:
                raise _Restart
            return total
        length = response.headers.get("Content-Length")
        if length is not None and length.strip().isdigit():
            return int(length)
        encoding = (response.headers.get("Content-Encoding") or "identity").lower()
        return self.info.size if encoding == "identity" else None

    def _receive(self, response: http.client.HTTPResponse, start: int) -> tuple[int, str]:
        if response.status == 206 and not start:
            raise _Restart  # a range nobody asked for
        if response.status not in (200, 206):
            raise FetchError(f"cannot fetch {self.info.download_uri}: HTTP "
                             f"{response.status} {response.reason}")
        if response.status == 200:
            start = 0  # a whole file: the server ignored the range, or it changed
        total = self._expected(response, start)
        meta = _read_json(_meta_path(self.part)) if start else None
        if start and meta is not None:
            new = self._validator(response.headers)
            if new["etag"] and meta.get("etag") and new["etag"] != meta["etag"]:
                raise _Restart
            if total is not None and isinstance(meta.get("total"), int) \
                    and meta["total"] != total:
                raise _Restart
        digest = hashlib.sha256()
        self.resumed = bool(start)
        if start:
            with open(self.part, "rb") as f:
                while block := f.read(1 << 20):
                    digest.update(block)
            _write_json(_meta_path(self.part), {**(meta or {}), "total": total})
        else:
            self.part.unlink(missing_ok=True)
            _write_json(_meta_path(self.part), {
                "url": self.info.download_uri, "updated_at": self.info.updated_at,
                "total": total, **self._validator(response.headers)})
        with open(self.part, "ab" if start else "wb") as out:
            try:
                done = self._copy(response, out, digest, start, total)
            finally:
                out.flush()
                os.fsync(out.fileno())
        if total is not None and done > total:
            _discard(self.part)
            raise FetchError(f"cannot fetch {self.info.download_uri}: more than the "
                             f"{total} bytes announced arrived (size mismatch); nothing "
                             "kept")
        if total is not None and done < total:
            raise _Broken(f"the connection closed after {done} of {total} bytes",
                          done > start)
        return done, digest.hexdigest()

    def _copy(self, response: http.client.HTTPResponse, out: BinaryIO,
              digest: Any, done: int, total: int | None) -> int:
        if self.progress is not None:
            self.progress(done, total)
        first = done
        while True:
            try:
                block = response.read(CHUNK)
            except (http.client.IncompleteRead, OSError) as e:
                raise _Broken(f"the connection broke after {done} of "
                              f"{total if total is not None else '?'} bytes "
                              f"({_cause(e, self.timeout)})", done > first) from None
            if not block:
                break
            out.write(block)
            digest.update(block)
            done += len(block)
            if self.progress is not None:
                self.progress(done, total)
            if total is not None and done > total:
                break
        return done


def fetch(url: str | None = None, *, force: bool = False,
          timeout: float | None = None, progress: Progress | None = None) -> FetchResult:
    """Fetch the oracle-cards bulk file into :func:`download_dir` (see the module's
    Rules), unless the file there is already current and ``force`` is False.

    Parameters
    ----------
    url
        The bulk-data object's URL (default: ``$MANACHECK_SCRYFALL_BULK_URL``, else
        :data:`BULK_URL`).
    force
        Download again even when the cached file is current.
    timeout
        The socket timeout of every request (default :func:`timeout_of`).
    progress
        Called with (bytes so far, total or None) as the file arrives.

    Raises
    ------
    BadInput
        ``url`` is not http or https; a timeout that isn't a positive number.
    FetchError
        Anything the network or the server did (one line naming the URL and the cause).
    OSError
        The cache directory can't be written (the message names the path).
    """
    source = bulk_url(url)
    seconds = timeout_of(timeout)
    info = get_bulk_info(source, timeout=seconds)
    final = fetched_file()
    part = final.with_name(final.name + ".part")
    if not force:
        current = _is_current(info, final)
        if current is not None:
            _discard(part)  # nothing left to resume
            return current
    final.parent.mkdir(parents=True, exist_ok=True)
    transfer = _Transfer(info, part, seconds, progress)
    size, sha = transfer.run()
    headers = _read_json(_meta_path(part)) or {}
    os.replace(part, final)
    _fsync_dir(final.parent)
    _write_json(_meta_path(final), {
        "format": _FORMAT, "source": source, "download_uri": info.download_uri,
        "updated_at": info.updated_at, "etag": headers.get("etag"),
        "last_modified": headers.get("last_modified"), "size": size, "sha256": sha,
        "content_type": info.content_type, "content_encoding": info.content_encoding,
        "fetched_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())})
    _meta_path(part).unlink(missing_ok=True)
    return FetchResult(final, size, info.updated_at, sha, resumed=transfer.resumed,
                       source=source)
