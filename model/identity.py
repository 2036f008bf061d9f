"""Color identity (the Commander variant): what "your commander's color identity" is.

:func:`color_identity` is a card's color identity, or None when the card format can't
say it exactly; :func:`other_faces` finds the faces a card's identity also includes.

Rules
-----
CR 903.4: the color identity of a card is the colors of the mana symbols in its mana
cost and rules text, plus the colors its characteristic-defining abilities and color
indicator define. 903.4a: it is established before the game begins (so it doesn't
change with continuous effects). 903.4b: a commander's color chosen before the game
affects it (not modelled: such a card's identity is None). 903.4c: reminder text is
ignored. 903.4d: a double-faced card's back face counts. 903.4e: an adventurer card's
other characteristics count (not modelled: its faces carry an unread line, so the
identity is None). 702.124c: two commanders' identities are combined. 903.4f: with no
commander, the colors of its identity are undefined, and that part of an ability does
nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping

from .abilities import StaticAbility
from .cards import CardDatabase, CardDefinition, LayeredCards, LazyCards
from .mana import COLORS, ManaType

__all__ = ["color_identity", "combined_identity", "other_faces"]

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_REMINDER = re.compile(r"\([^()]*\)")
#: Text that makes a card's identity something the card format doesn't hold: a color
#: chosen before the game (CR 903.4b), a part of a card with other characteristics
#: (the reader's unread line on split, adventure, flip and meld faces, CR 903.4e).
_UNSURE = re.compile(r"chosen color|one part of the")


def _symbol_colors(text: str) -> set[ManaType]:
    """The colors of the mana symbols in ``text`` ({W/U} both, {G/P} green, {2/W}
    white; {C}, {T}, {E}, numbers and X none)."""
    out: set[ManaType] = set()
    for sym in _SYMBOL.findall(text):
        for part in sym.upper().split("/"):
            if part in ("W", "U", "B", "R", "G"):
                out.add(ManaType[part])
    return out


def _own_identity(card: CardDefinition) -> set[ManaType] | None:
    texts = [card.text, *(a.text for a in card.abilities if isinstance(a, StaticAbility))]
    if any(_UNSURE.search(t) for t in texts):
        return None
    if card.color_indicator is None and re.search(
            rf"\b{re.escape(card.name)} is (?:all colors|white|blue|black|red|green)\b",
            card.text):
        return None  # a characteristic-defining color the card data doesn't hold (604.3)
    out = set(card.mana_cost.colors) if card.mana_cost is not None else set()
    out |= _symbol_colors(_REMINDER.sub("", card.text))
    if card.color_indicator is not None:
        out |= set(card.color_indicator)
    return out


def color_identity(card: CardDefinition, faces: Iterable[CardDefinition] = ()
                   ) -> frozenset[ManaType] | None:
    """The color identity of ``card`` with its other ``faces`` (CR 903.4, 903.4d), or
    None when it can't be said exactly (module docstring)."""
    out: set[ManaType] = set()
    for c in (card, *faces):
        got = _own_identity(c)
        if got is None:
            return None
        out |= got
    return frozenset(out)


def combined_identity(identities: Iterable[frozenset[ManaType] | None]
                      ) -> tuple[ManaType, ...] | None:
    """Two commanders' combined identity (CR 702.124c), in WUBRG order; None if one
    isn't known."""
    out: set[ManaType] = set()
    for ident in identities:
        if ident is None:
            return None
        out |= ident
    return tuple(c for c in COLORS if c in out)


def _back_names(entries: Mapping[str, object], name: str) -> list[str]:
    """The names among card-format entries (JSON text or definitions) that are a back
    face of ``name``."""
    quoted = json.dumps(name, ensure_ascii=False)
    quoted_ascii = json.dumps(name)
    out = []
    for n, e in entries.items():
        if isinstance(e, str):
            if ('"back_face_of"' in e or '"transforms_from"' in e) and (
                    quoted in e or quoted_ascii in e):
                out.append(n)
        elif isinstance(e, CardDefinition) and e.front_face == name:
            out.append(n)
    return out


def other_faces(db: CardDatabase, card: CardDefinition) -> tuple[CardDefinition, ...]:
    """The back faces whose front face is ``card`` (CR 903.4d), from every layer of the
    card database (the pool's 64 shards are read: only when a commander is named)."""
    from .pool import PoolCards

    cards = db.cards
    names: list[str] = []
    layers: list[object] = [cards.top, cards.under] if isinstance(cards, LayeredCards) \
        else [cards]
    for layer in layers:
        if isinstance(layer, LazyCards):
            names += _back_names(layer.raw(), card.name)
        elif isinstance(layer, PoolCards):
            names += _back_names(dict(layer.entries()), card.name)
        elif isinstance(layer, Mapping):
            names += [n for n in layer if layer[n].front_face == card.name]
    out: list[CardDefinition] = []
    for n in dict.fromkeys(names):
        face = db.get(n)
        if face is not None and face.front_face == card.name and face.name != card.name:
            out.append(face)
    return tuple(out)
