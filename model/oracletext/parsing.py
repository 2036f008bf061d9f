"""The grammar's parser, built once, and the splitting of an effect into sentences:
shared by the line reader (``reading``) and the target reader (``targets``).

Rules
-----
CR 602.1a: an activated ability is "[Cost]: [Effect.] [Activation instructions (if
any).]", its effect one or more sentences.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from lark import Lark
from lark.exceptions import LarkError

from .transform import ToData

__all__ = ["GrammarBroken", "parse", "parser", "sentences"]


class GrammarBroken(RuntimeError):
    """``grammar.lark`` doesn't build (an LALR collision, a bad rule). Not a LarkError on
    purpose: a line the grammar can't parse stays unread, but a grammar that can't be
    built must fail loudly, not leave every line unread."""


@functools.cache
def parser() -> Lark:
    """The LALR(1) parser of ``grammar.lark``, built once per process.

    Raises
    ------
    GrammarBroken
        When the grammar doesn't build.
    """
    grammar = (Path(__file__).parent / "grammar.lark").read_text(encoding="utf-8")
    try:
        return Lark(grammar, parser="lalr",
                    start=["costs", "mana_sentence", "rider", "target_phrase", "target_list",
                           "static_line", "grant_line", "declared_line"])
    except LarkError as e:
        raise GrammarBroken(f"grammar.lark doesn't build: {e}") from e


def parse(text: str, start: str) -> Any:
    """The card-format value of ``text`` read from the grammar's rule ``start``
    (``transform.ToData``); Lark's errors and :class:`~.words.Unreadable` pass through."""
    tree = parser().parse(text, start=start)
    return ToData().transform(tree)


def sentences(text: str) -> list[str]:
    """The sentences of an effect, split after a full stop outside quotes."""
    out: list[str] = []
    quoted, start = False, 0
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "." and not quoted and (i + 1 == len(text) or text[i + 1] == " "):
            out.append(text[start:i + 1].strip())
            start = i + 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return out
