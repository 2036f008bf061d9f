"""The stack and resolved spells' continuous effects from state-file data.

Rules
-----
CR 405.1: the stack's last entry is on top. CR 305.9: a land is never a spell on the
stack. CR 107.3: only a spell with {X} in its mana cost has a chosen X, never negative.
CR 118.9: an alternative cost is one the card offers. CR 603.10a, 608.2h: a triggered
ability keeps the last-known counters of the object it refers to. CR 611.2a: a resolved
spell's continuous effect still applies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..state import ContinuousEffect, StackItem
from .builder import MAX_NUMBER, Builder, small_int
from .problems import check_keys

__all__ = ["EFFECT_KEYS", "STACK_KEYS", "build_effect", "build_stack_item"]

STACK_KEYS = ("card", "id", "controller", "x", "alternative_cost", "targets", "ability_of",
              "ability", "trigger", "counters")
EFFECT_KEYS = ("card", "id", "controller", "timestamp")


def build_stack_item(b: Builder, entry: Any, path: str) -> StackItem | None:
    if not isinstance(entry, Mapping):
        b.c.add("a stack entry is a mapping with 'card' (a spell) or 'ability_of'", path)
        return None
    check_keys(entry, STACK_KEYS, path, b.c)
    controller = entry.get("controller")
    if controller is None:
        b.c.add("missing key 'controller'", path)
    else:
        b.player_ref(controller, f"{path}.controller")
    targets = entry.get("targets", [])
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        b.c.add("targets must be a list of object ids or player names", f"{path}.targets")
        targets = []
    if "card" in entry:
        card = b.card(entry["card"], f"{path}.card")
        if card is None:
            return None
        if not card.is_spell_card:
            b.c.add(f"'{card.name}' is a land: lands are played, never cast, so it "
                    "can't be a spell on the stack (CR 305.9)", f"{path}.card")
            return None
        x = entry.get("x")
        if x is not None:
            if not small_int(x):
                b.c.add(f"x must be a whole number up to {MAX_NUMBER:,}, got {x!r}",
                        f"{path}.x")
                x = None
            elif x < 0:
                b.c.add(f"x can't be negative (CR 107.3), got {x}", f"{path}.x")
                x = None
            elif not card.has_variable_cost:
                b.c.add(f"x given for '{card.name}', whose mana cost "
                        f"{card.mana_cost or '(none)'} has no X (CR 107.3)", f"{path}.x",
                        "remove 'x'")
                x = None
        alt = entry.get("alternative_cost")
        if alt is not None:
            names = [a.name for a in card.alternative_costs]
            if alt not in names:
                b.c.add(f"'{card.name}' has no alternative cost '{alt}'",
                        f"{path}.alternative_cost",
                        f"it has: {', '.join(names)}" if names else "it has none")
                alt = None
        return StackItem(id=b.new_id(entry, card.name, path), controller=str(controller),
                         card=card, x=x, alternative_cost=alt, targets=tuple(targets))
    if "ability_of" in entry and "trigger" in entry:
        # A triggered ability (resolution solver): its number among the source's
        # triggered abilities and the last-known counters it refers to (CR 608.2h).
        src = entry["ability_of"]
        t = entry["trigger"]
        if not small_int(t) or t < 1:
            b.c.add(f"trigger must be a number from 1, got {t!r}", f"{path}.trigger")
            t = 1
        return StackItem(id=b.new_id(entry, f"trigger of {src}", path),
                         controller=str(controller), source=str(src), trigger=t,
                         targets=tuple(targets),
                         counters=b.counters(entry.get("counters"), f"{path}.counters"))
    if "ability_of" in entry:
        src = entry["ability_of"]
        n = entry.get("ability", 1)
        if not small_int(n) or n < 1:
            b.c.add(f"ability must be a number from 1, got {n!r}", f"{path}.ability")
            n = 1
        return StackItem(id=b.new_id(entry, f"ability of {src}", path),
                         controller=str(controller), source=str(src), ability=n,
                         targets=tuple(targets))
    b.c.add("a stack entry needs 'card' (a spell) or 'ability_of' (an ability)", path)
    return None



def build_effect(b: Builder, entry: Any, path: str) -> ContinuousEffect | None:
    """A resolved spell's continuous effect (CR 611.2a): {card, controller, id}."""
    if not isinstance(entry, Mapping):
        b.c.add("an effect is a mapping such as {card: Pale Moon, controller: Alice}",
                path)
        return None
    check_keys(entry, EFFECT_KEYS, path, b.c)
    controller = entry.get("controller")
    if controller is None:
        b.c.add("missing key 'controller'", path)
    elif not b.player_ref(controller, f"{path}.controller"):
        controller = None
    if "card" not in entry:
        b.c.add("missing key 'card'", path)
        return None
    card = b.card(entry["card"], f"{path}.card")
    if card is None or controller is None:
        return None
    if not card.static_abilities:
        b.c.add(f"'{card.name}' has no continuous effect to apply", f"{path}.card")
        return None
    stamp = entry.get("timestamp")
    if stamp is not None and not small_int(stamp):
        b.c.add(f"timestamp must be a whole number, got {stamp!r}", f"{path}.timestamp",
                "smaller is earlier (CR 613.7b); leave it out for after the permanents")
        stamp = None
    return ContinuousEffect(b.new_id(entry, card.name, path), card, str(controller),
                            int(stamp) if stamp is not None else None)
