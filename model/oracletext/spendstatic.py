"""Static abilities that let mana be spent as though it were mana of any color (CR
609.4b), read from their lines and checked by rendering them back.

"You may spend mana as though it were mana of any color." (Chromatic Orrery: the
controller), "Players may spend mana as though it were mana of any color." (Mycosynth
Lattice: every player, ``params: {players: all}``) and "You may spend mana as though it
were mana of any color to cast planeswalker spells." (Oath of Nissa: only to cast the
spells ``affected`` names, read by the riders' spell filters). The data is the card
format's ``spend_as_any_color`` static, which the payment solver applies
(``solver.payments.board.spend_rule``).

Rules
-----
CR 609.4b: an effect may let a player spend mana "as though it were mana of any color";
it changes what mana may pay a colored symbol, never a spend restriction (Mycosynth
Lattice's ruling). CR 106.6, 601.2h: "to cast" a spell is its cost's payment.
"""

from __future__ import annotations

from typing import Any

from lark.exceptions import LarkError

from .normal import normalise
from .reading import parser
from .restrictions import render_spells
from .transform import ToData, Unreadable

__all__ = ["read_spend_static", "render_spend_static"]

_BODY = "may spend mana as though it were mana of any color"


def render_spend_static(ab: dict[str, Any]) -> str:
    """A ``spend_as_any_color`` static's data as its line (module docstring)."""
    who = "Players" if ab.get("params", {}).get("players") == "all" else "You"
    if set(ab.get("params", {})) - {"players"}:
        raise ValueError("a spend static with other parameters")
    spells = ab.get("affected")
    tail = f" to cast {render_spells(spells)}" if spells else ""
    return f"{who} {_BODY}{tail}."


def read_spend_static(line: str) -> dict[str, Any] | None:
    """The card-format static ability of ``line``, or None (module docstring)."""
    norm = normalise(line, "")
    if norm.reminders:
        return None
    text = norm.text
    ab: dict[str, Any] = {"kind": "spend_as_any_color"}
    for who in ("You ", "Players "):
        if text.startswith(who + _BODY):
            rest = text[len(who + _BODY):]
            break
    else:
        return None
    if who == "Players ":
        ab["params"] = {"players": "all"}
    if rest.startswith(" to cast ") and who == "You ":
        try:
            kind, val = ToData().transform(parser().parse(
                "Spend this mana only" + rest, start="rider"))
        except (LarkError, Unreadable, KeyError, ValueError):
            return None
        if kind != "spend" or set(val) != {"spells"} or not val["spells"]:
            return None
        ab["affected"] = val["spells"]
    elif rest != ".":
        return None
    try:
        if render_spend_static(ab) != text:
            return None
    except ValueError:
        return None
    return {"static": {**ab, "text": line.strip()}}
