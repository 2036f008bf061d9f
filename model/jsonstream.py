"""Reading a large JSON file piece by piece, in bounded memory.

:class:`JsonStream` walks the skeleton of a JSON document (the arrays and objects a
reader descends into) one token at a time, and decodes each leaf value it is asked for
(a card object) with the standard library's C decoder (``json.JSONDecoder.raw_decode``)
on a sliding text buffer. The buffer holds the current value and at most about a chunk
more, so a 1 GB file is read in a few megabytes; a single value larger than
``max_value`` characters is refused instead of being buffered.

:func:`open_chunks` gives the decompressed bytes of a file (plain, gzip, xz, bzip2 or a
zip with one member), told apart by their first bytes, never by the file name; the
decompressed size is capped, and so is the ratio of decompressed to compressed bytes
(a zip bomb is refused after a few megabytes, not after filling the memory).

Every problem is a :class:`~manacheck.model.errors.BadInput` of one line: the file, the
byte offset in the decompressed text, and the token found there.
"""

from __future__ import annotations

import bz2
import codecs
import json
import lzma
import re
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from .errors import BadInput

__all__ = ["DEFAULT_MAX_DECOMPRESSED", "MAX_RATIO", "JsonStream", "open_chunks"]

#: Bytes read from the file at a time.
CHUNK = 1 << 20
#: The most decompressed bytes a card file may hold (AllPrintings is about 1.5 GB).
DEFAULT_MAX_DECOMPRESSED = 4 << 30
#: Past the first ``RATIO_GRACE`` decompressed bytes, at most this many decompressed
#: bytes per compressed byte (JSON card data compresses about 10 to 30 times; a zip
#: bomb a thousand times or more).
MAX_RATIO = 200
RATIO_GRACE = 16 << 20

_GZIP = b"\x1f\x8b"
_XZ = b"\xfd7zXZ\x00"
_BZ2 = b"BZh"
_ZIP = b"PK\x03\x04"


def compression_of(head: bytes) -> str:
    """``gzip``, ``xz``, ``bzip2``, ``zip`` or ``none``, from a file's first bytes."""
    if head.startswith(_GZIP):
        return "gzip"
    if head.startswith(_XZ):
        return "xz"
    if head.startswith(_BZ2):
        return "bzip2"
    if head.startswith(_ZIP):
        return "zip"
    return "none"


class _Meter:
    """Counts decompressed bytes against the caps."""

    def __init__(self, name: str, kind: str, limit: int) -> None:
        self.name, self.kind, self.limit = name, kind, limit
        self.out = 0

    def add(self, n: int, compressed: int) -> None:
        self.out += n
        if self.out > self.limit:
            raise BadInput(f"{self.name}: more than {_size(self.limit)} once decompressed "
                           f"({self.kind}); the cap is {_size(self.limit)}",
                           suggestion="give a smaller card file (AtomicCards.json holds "
                           "every card once)")
        if self.out > RATIO_GRACE and self.out > MAX_RATIO * max(compressed, 1):
            raise BadInput(f"{self.name}: {self.kind} data expands more than {MAX_RATIO} "
                           f"times ({_size(self.out)} from {_size(compressed)}): refused as "
                           f"a compression bomb; the cap is {MAX_RATIO} times past the "
                           f"first {_size(RATIO_GRACE)}")


def _size(n: int) -> str:
    for unit, step in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= step:
            return f"{n / step:.4g} {unit}"
    return f"{n} bytes"


def open_chunks(path: str | Path, *, max_decompressed: int = DEFAULT_MAX_DECOMPRESSED,
                name: str | None = None) -> Iterator[bytes]:
    """The decompressed bytes of ``path``, a chunk at a time.

    Raises
    ------
    BadInput
        A file that can't be read, a damaged compressed stream, a zip without exactly
        one member, or more decompressed data than the caps allow.
    """
    label = name or str(path)
    if not Path(path).is_file():
        raise BadInput(f"{label}: not a regular file")
    try:
        f = open(path, "rb")  # noqa: SIM115 (closed by the generator)
    except OSError as e:
        raise BadInput(f"{label}: can't read the card file ({e.strerror or e})") from None
    return _chunks(f, label, max_decompressed)


def _chunks(f: BinaryIO, label: str, cap: int) -> Iterator[bytes]:
    with f:
        head = f.read(8)
        f.seek(0)
        kind = compression_of(head)
        meter = _Meter(label, kind, cap)
        try:
            if kind == "none":
                while block := f.read(CHUNK):
                    # Not compressed: as many bytes read as given (a ratio of 1), counted
                    # from the start, not this block alone (a short last block of a file
                    # over RATIO_GRACE was taken for a bomb).
                    meter.add(len(block), meter.out + len(block))
                    yield block
            elif kind == "zip":
                yield from _zip_chunks(f, label, meter)
            else:
                yield from _stream_chunks(f, kind, label, meter)
        except (OSError, EOFError, zlib.error, lzma.LZMAError, zipfile.BadZipFile) as e:
            raise BadInput(f"{label}: damaged {kind} data ({e})",
                           suggestion="download the file again") from None


def _decompressor(kind: str) -> Any:
    if kind == "gzip":
        return zlib.decompressobj(wbits=31)
    if kind == "xz":
        return lzma.LZMADecompressor()
    return bz2.BZ2Decompressor()


def _stream_chunks(f: BinaryIO, kind: str, label: str, meter: _Meter) -> Iterator[bytes]:
    """gzip, xz or bzip2, several concatenated streams allowed; each call decompresses at
    most a chunk, so one small input block can't expand to gigabytes in memory."""
    d = _decompressor(kind)
    read = 0
    pending = b""
    while True:
        if not pending:
            pending = f.read(CHUNK)
            read += len(pending)
            if not pending:
                break
        if kind == "gzip":
            out = d.decompress(pending, CHUNK)
            pending = d.unconsumed_tail
            if d.eof:
                pending = d.unused_data + pending
        else:
            out = d.decompress(pending, CHUNK)
            pending = b""
            while not d.eof and not d.needs_input:
                if out:
                    meter.add(len(out), read)
                    yield out
                out = d.decompress(b"", CHUNK)
            if d.eof:
                pending = d.unused_data
        if out:
            meter.add(len(out), read)
            yield out
        if d.eof:
            if not pending.strip(b"\x00"):
                pending = f.read(CHUNK)
                read += len(pending)
                if not pending.strip(b"\x00"):
                    break
            d = _decompressor(kind)
    if not d.eof:
        raise BadInput(f"{label}: the {kind} data ends early (a truncated file)",
                       suggestion="download the file again")


def _zip_chunks(f: BinaryIO, label: str, meter: _Meter) -> Iterator[bytes]:
    with zipfile.ZipFile(f) as z:
        members = [i for i in z.infolist() if not i.is_dir()]
        if len(members) != 1:
            names = ", ".join(i.filename for i in members[:5]) or "none"
            raise BadInput(f"{label}: a zip card file holds one JSON file; this one holds "
                           f"{len(members)} ({names})",
                           suggestion="unzip it and give the card file itself")
        info = members[0]
        with z.open(info) as m:
            while block := m.read(CHUNK):
                meter.add(len(block), info.compress_size)
                yield block


_WS = re.compile(r"[ \t\n\r]*")
#: A run of JSON without brackets, its strings whole (possessive: no backtracking).
_RUN = re.compile(r'(?:[^"\[\]{}\\]++|"(?:[^"\\]|\\.)*+")*+', re.DOTALL)


class JsonStream:
    """A JSON document read token by token from decompressed chunks (see the module
    docstring). ``name`` is the file's name in messages."""

    def __init__(self, chunks: Iterator[bytes], name: str, *,
                 max_value: int = 64 << 20, max_depth: int = 32) -> None:
        self._chunks = chunks
        self._decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self._json = json.JSONDecoder()
        self.name = name
        self.max_value = max_value
        self.max_depth = max_depth
        self._buf = ""
        self._pos = 0
        self._eof = False
        self._base_bytes = 0  # bytes of text dropped from the front of the buffer
        self._base_chars = 0  # and its characters
        self._mark_pos = 0  # a buffer position whose byte offset is known:
        self._mark_bytes = 0  # base_bytes + mark_bytes
        self._depth = 0

    # ---- the buffer ----------------------------------------------------------------

    def _fill(self) -> bool:
        """Append the next chunk's text; False at the end of the file."""
        if self._eof:
            return False
        if self._pos > CHUNK:
            self._base_bytes = self.offset(self._pos)
            self._base_chars += self._pos
            self._mark_pos = self._mark_bytes = 0
            self._buf = self._buf[self._pos:]
            self._pos = 0
        for block in self._chunks:
            try:
                text = self._decoder.decode(block)
            except UnicodeDecodeError as e:
                raise self.error("the file is not UTF-8 text",
                                 offset=self.offset(len(self._buf)) + e.start) from None
            if text:
                self._buf += text
                return True
        try:
            self._buf += self._decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            raise self.error("the file ends inside a UTF-8 character",
                             offset=self.offset(len(self._buf))) from None
        self._eof = True
        return False

    def _at(self) -> int:
        """The current position from the start of the text."""
        return self._base_chars + self._pos

    def offset(self, pos: int | None = None) -> int:
        """The byte offset (in the decompressed text) of buffer position ``pos``."""
        p = self._pos if pos is None else pos
        if p < self._mark_pos:
            return self._base_bytes + len(self._buf[:p].encode("utf-8"))
        # Each character is encoded once as the position moves on.
        self._mark_bytes += len(self._buf[self._mark_pos:p].encode("utf-8"))
        self._mark_pos = p
        return self._base_bytes + self._mark_bytes

    def error(self, what: str, *, offset: int | None = None,
              suggestion: str | None = None) -> BadInput:
        at = self.offset() if offset is None else offset
        return BadInput(f"{self.name}: {what} at byte offset {at}", suggestion=suggestion)

    def _token(self) -> str:
        """The text at the current position, for messages."""
        snippet = self._buf[self._pos:self._pos + 24]
        if not snippet:
            return "the end of the file"
        cleaned = snippet.replace("\x00", "\\0")
        return repr(" ".join(cleaned.split())[:20] or cleaned[:20])

    def peek(self) -> str:
        """The next non-blank character ('' at the end of the file)."""
        while True:
            m = _WS.match(self._buf, self._pos)
            assert m is not None
            self._pos = m.end()
            if self._pos < len(self._buf):
                return self._buf[self._pos]
            if not self._fill():
                return ""

    def _expect(self, ch: str, what: str) -> None:
        if self.peek() != ch:
            raise self.error(f"expected {what}, found {self._token()}")
        self._pos += 1

    # ---- values --------------------------------------------------------------------

    def value(self) -> Any:
        """Decode the value at the current position."""
        self.peek()
        while True:
            try:
                v, end = self._json.raw_decode(self._buf, self._pos)
            except json.JSONDecodeError as e:
                if not self._eof and (e.msg.startswith("Unterminated string")
                                      or e.pos >= len(self._buf) - 16):
                    self._more()
                    continue
                if self._eof and (e.pos >= len(self._buf) - 1
                                  or e.msg.startswith("Unterminated string")):
                    raise self.error("the JSON ends early (a truncated file?)",
                                     offset=self.offset(e.pos),
                                     suggestion="download the file again") from None
                raise self.error(f"bad JSON ({e.msg})", offset=self.offset(e.pos)) from None
            except RecursionError:
                raise self.error("JSON nested too deeply") from None
            except ValueError as e:  # e.g. a number with more digits than int() takes
                raise self.error(f"bad JSON value ({e})") from None
            if end >= len(self._buf) and not self._eof:
                self._more()  # a number may go on in the next chunk
                continue
            self._pos = end
            return v

    def _more(self) -> None:
        """Read on until the buffer from the current position is twice as long."""
        want = max(2 * (len(self._buf) - self._pos), CHUNK)
        if len(self._buf) - self._pos > self.max_value:
            raise self.error(f"a single JSON value longer than {self.max_value >> 20} MiB "
                             "(not a card)")
        while len(self._buf) - self._pos < want and self._fill():
            pass

    def string(self, what: str) -> str:
        if self.peek() != '"':
            raise self.error(f"expected {what}, found {self._token()}")
        v = self.value()
        assert isinstance(v, str)
        return v

    def kind(self) -> str:
        """``object``, ``array``, ``string``, ``number``, ``literal`` or ``end`` for the
        next value."""
        ch = self.peek()
        if ch == "{":
            return "object"
        if ch == "[":
            return "array"
        if ch == '"':
            return "string"
        if ch == "":
            return "end"
        if ch in "-0123456789":
            return "number"
        return "literal"

    def skip(self) -> None:
        """Step over the value at the current position, in bounded memory and at the
        speed of the regular expression engine: a run of anything but brackets, with its
        strings whole, is one match; only the brackets are counted one by one (and
        must pair up). What is stepped over isn't otherwise checked."""
        k = self.kind()
        if k not in ("object", "array"):
            self.value()
            return
        closing = {"[": "]", "{": "}"}
        stack: list[str] = []
        while True:
            m = _RUN.match(self._buf, self._pos)
            assert m is not None
            self._pos = m.end()
            if self._pos >= len(self._buf):
                if not self._fill():
                    raise self._truncated()
                continue
            ch = self._buf[self._pos]
            if ch == '"':  # a string that goes on past the buffer
                if self._eof:
                    raise self._truncated()
                self._more()
                continue
            if ch in closing:
                stack.append(closing[ch])
                if len(stack) + self._depth > self.max_depth:
                    raise self.error("JSON nested too deeply")
            elif ch in "]}":
                if not stack or stack.pop() != ch:
                    raise self.error(f"bad JSON (a '{ch}' that closes nothing open)")
            else:
                raise self.error(f"bad JSON: {self._token()} outside a string")
            self._pos += 1
            if not stack:
                return

    def _truncated(self) -> BadInput:
        return self.error("the JSON ends early (a truncated file?)",
                          suggestion="download the file again")

    def _enter(self) -> None:
        self._depth += 1
        if self._depth > self.max_depth:
            raise self.error("JSON nested too deeply")

    def items(self) -> Iterator[int]:
        """Step into an array: yields each element's index with the position at the
        element (the caller reads or skips it before asking for the next)."""
        self._expect("[", "'['")
        self._enter()
        i = 0
        if self.peek() == "]":
            self._pos += 1
            self._depth -= 1
            return
        while True:
            self.peek()
            start = self._at()
            yield i
            if self._at() == start:
                self.skip()
            i += 1
            ch = self.peek()
            if ch == ",":
                self._pos += 1
                continue
            if ch == "]":
                self._pos += 1
                self._depth -= 1
                return
            if ch == "":
                raise self.error("the JSON ends early, inside a list (a truncated file?)",
                                 suggestion="download the file again")
            raise self.error(f"expected ',' or ']' in a list, found {self._token()}")

    def members(self) -> Iterator[str]:
        """Step into an object: yields each key with the position at its value."""
        self._expect("{", "'{'")
        self._enter()
        if self.peek() == "}":
            self._pos += 1
            self._depth -= 1
            return
        while True:
            if self.peek() == "":
                raise self.error("the JSON ends early, inside an object (a truncated "
                                 "file?)", suggestion="download the file again")
            key = self.string("a key in double quotes")
            self._expect(":", "':' after a key")
            self.peek()
            start = self._at()
            yield key
            if self._at() == start:
                self.skip()
            ch = self.peek()
            if ch == ",":
                self._pos += 1
                continue
            if ch == "}":
                self._pos += 1
                self._depth -= 1
                return
            if ch == "":
                raise self.error("the JSON ends early, inside an object (a truncated "
                                 "file?)", suggestion="download the file again")
            raise self.error(f"expected ',' or '}}' in an object, found {self._token()}")

    def finish(self) -> None:
        """Only blanks may follow the document."""
        if self.peek() != "":
            raise self.error(f"unexpected data after the JSON document: {self._token()}")
