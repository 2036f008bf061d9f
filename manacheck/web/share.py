"""A board in the page address: ``#board=`` and the state-file data as compact JSON,
compressed with zlib (the browser's ``CompressionStream("deflate")``) and written in
base64url without padding (RFC 4648 §5), so that a link holds the whole board.

Decoding is bounded as a state file's reading is: the text may not exceed the state
files' ``MAX_BYTES`` (a compressed bomb is refused after that many bytes), and it must be
a JSON object read as a ``.json`` state file is (depth, values, duplicate keys:
``manacheck.model.statefile.parse_bytes``).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from manacheck.model import BadInput
from manacheck.model.statefile import MAX_BYTES, parse_bytes

__all__ = ["PREFIX", "decode_board", "encode_board"]

#: What starts the fragment (after ``#``).
PREFIX = "board="


def encode_board(data: dict[str, Any]) -> str:
    """The fragment (without ``#``) that holds state-file data ``data``."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def decode_board(fragment: str) -> dict[str, Any]:
    """The state-file data a fragment holds (with or without ``#`` and ``board=``).

    Raises
    ------
    BadInput
        Not base64url, not zlib data, more than ``MAX_BYTES`` once inflated, not UTF-8
        JSON, or not an object.
    """
    text = fragment.removeprefix("#").removeprefix(PREFIX).strip()
    try:
        packed = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_",
                                  validate=True)
    except (binascii.Error, ValueError):
        raise BadInput("the link's board isn't base64url text: copy the whole link") from None
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(packed, MAX_BYTES + 1)
    except zlib.error:
        raise BadInput("the link's board is damaged (not zlib data): copy the whole "
                       "link") from None
    if len(raw) > MAX_BYTES or inflate.unconsumed_tail:
        raise BadInput(f"the link's board is larger than {MAX_BYTES:,} bytes once "
                       "unpacked") from None
    data = parse_bytes(raw, "link.json").data  # (the state files' limits and checks)
    if not isinstance(data, dict):
        raise BadInput("the link's board isn't a state file (a mapping of keys)")
    return data
