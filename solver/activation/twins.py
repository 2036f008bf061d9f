"""Twins: permanents the state can't tell apart, whose abilities get the same verdict.

Two permanents are *twins* when they have the same card, controller, owner, status,
counters, choices, attachment and effective characteristics, and nothing else in the
state refers to either. Exchanging them maps the game state onto itself, so an ability
of one is legal exactly when the same ability of the other is, with as many ways and
for the same reasons. :func:`~manacheck.solver.activation.abilities` solves each set of
twins once and carries the verdict over (:func:`for_twin`).

Rules
-----
No rule of its own: a symmetry of the state. The verdict carried over is the one
CR 602.2 and 601.2c–h decide for the first twin; a verdict whose reasons name either
object, or that has fixes or is undecided, is not carried over but asked afresh.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from dataclasses import replace

from manacheck.model import CardDefinition, GameState, Permanent, effective

from .verdict import Verdict

__all__ = ["for_twin", "referenced_ids", "twin_key"]


def referenced_ids(state: GameState) -> frozenset[str]:
    """Every string by which the state could refer to an object: attachments and
    choices of permanents, everything on the stack but card definitions (targets,
    sources), abilities activated this turn, mana in pools, continuous effects and
    events. A permanent whose id is among them is referred to by something else (so it
    has no twin). Cached."""
    hit = state.__dict__.get("_activation_referenced")
    if hit is None:
        found: set[str] = set()

        def walk(v: object) -> None:
            if isinstance(v, str):
                found.add(v)
            elif isinstance(v, tuple | list | frozenset | set):
                for item in v:
                    walk(item)
            elif isinstance(v, dict):
                for k, item in v.items():
                    walk(k)
                    walk(item)
            elif dataclasses.is_dataclass(v) and not isinstance(v, type | CardDefinition):
                for f in dataclasses.fields(v):
                    if f.name != "id":
                        walk(getattr(v, f.name))

        for player in state.players:
            for perm in player.battlefield:
                if perm.attached_to is not None:
                    found.add(perm.attached_to)
                walk(perm.chosen)
            walk(player.mana_pool)
        for name in ("stack", "activated_this_turn", "effects", "events"):
            walk(getattr(state, name))
        hit = frozenset(found)
        state.__dict__["_activation_referenced"] = hit
    return hit  # type: ignore[no-any-return,unused-ignore]


def twin_key(state: GameState, perm: Permanent, number: int) -> Hashable | None:
    """A key shared by the same ability of *twins*: permanents with the same card,
    controller, owner, status, counters, choices, attachment, combat and effective
    characteristics, neither referred to by anything else in the state. Swapping two
    twins maps the game state onto itself, so an ability of one has exactly as many
    legal ways as the same ability of the other. None when ``perm`` can't have a twin."""
    if perm.id in referenced_ids(state):
        return None
    return (perm.card.name, id(perm.card), perm.controller, perm.owner, perm.tapped,
            perm.summoning_sick, perm.counters, perm.chosen, perm.token, perm.attached_to,
            perm.timestamp, perm.attacking, perm.blocking, perm.blocked,
            perm.attacked_this_turn, perm.damage,
            effective(state)[perm.id], number)


def for_twin(verdict: Verdict, twin: str) -> Verdict | None:
    """``verdict`` (for one of two twins) turned into the twin's verdict, or None when
    it can't be (a reason names either object: it is then asked afresh).

    Exchanging twins maps the game state onto itself (see :func:`twin_key`), so the
    twin's ability is legal exactly when this one is, with as many ways, for the same
    reasons, and the witness with the two exchanged is a legal way for it.
    """
    a = verdict.object_id
    texts = [r.message for r in verdict.reasons] + list(verdict.left_out)
    if any(a in t or twin in t for t in texts) or verdict.fixes or verdict.undecided:
        return None
    witness = verdict.witness.swapped(a, twin) if verdict.witness is not None else None
    return replace(verdict, object_id=twin, witness=witness)
