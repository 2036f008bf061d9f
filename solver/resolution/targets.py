"""Targets: which objects are legal targets now, and an ability's source as it was.

:func:`legal_target` says whether an object is a legal target for a target
specification right now (in the right zone, not untargetable, matching the filter);
:func:`target_options` lists the legal ones. Untargetability (shroud, hexproof,
protection) depends on the ability's source, judged by :func:`source_chars`: as it is
on the battlefield, or by its last-known information if it has left.

Rules
-----
CR 115.1, 601.2c: targets are chosen as a spell or ability is put on the stack; CR
608.2b: they are checked again as it resolves. CR 702.18a shroud, 702.11b/d hexproof,
702.16b/j protection. CR 113.7a: an ability whose source has left uses the source's
last-known information.
"""

from __future__ import annotations

from collections.abc import Mapping

from manacheck.model import Permanent, StackItem, effective, matches
from manacheck.model.abilities import TargetSpec
from manacheck.model.characteristics import (
    Characteristics,
    characteristics,
    object_characteristics,
)
from manacheck.model.keywords import untargetable_reason

from .core import Run, Unsupported

__all__ = ["legal_player", "legal_target", "source_chars", "target_options"]


def target_options(run: Run, spec: TargetSpec, you: str, source: str) -> list[str]:
    """The legal targets now: players first (CR 115.4 any target; target player), then
    permanents, then spells."""
    if spec.zone in ("battlefield", "any", "player", "player_or_planeswalker"):
        players = [n for n in run.state.player_names if legal_player(run, spec, n, you)]
        return players + [p.id for p in run.state.permanents
                          if spec.zone != "player"
                          and legal_target(run, spec, p.id, you, source)]
    if spec.zone == "stack":
        return [s.id for s in run.state.stack if legal_target(run, spec, s.id, you,
                                                               source)]
    raise Unsupported(f"targets in zone '{spec.zone}' are not supported here")


def source_chars(run: Run, source: str) -> Characteristics:
    """The characteristics of an ability's source: as it is now, or as it last
    existed on the battlefield if it has left (CR 113.7a)."""
    if source in run.state and run.state.zone_of(source) == "battlefield":
        return effective(run.state)[source]
    if source in run.lki_chars:
        return run.lki_chars[source]
    if source in run.state:
        return object_characteristics(run.state, source)
    raise Unsupported(f"the characteristics of the source '{source}' are not known")


def legal_player(run: Run, spec: TargetSpec, name: str, you: str) -> bool:
    """CR 115.1, 115.4, 608.2b: a player is a legal target of "target player", "target
    opponent" (an opponent of the ability's controller, CR 102.2), "target player or
    planeswalker" and "any target" while in the game. (A player's own hexproof or
    shroud, "You have hexproof.", is a static the resolution question refuses:
    ``solver.soundness.RESOLUTION``.)"""
    if name not in run.state.player_names or spec.zone not in (
            "player", "player_or_planeswalker", "any"):
        return False
    if spec.zone == "any":
        return True
    return spec.filter.controller != "opponent" or name != you


def legal_target(run: Run, spec: TargetSpec, oid: str, you: str, source: str,
                 bindings: Mapping[str, int] | None = None) -> bool:
    """CR 115, 608.2b: in the right zone and matching the filter now; a player by
    :func:`legal_player`. A target in a zone the solver doesn't model (a card in a
    graveyard) is refused, never taken to be illegal."""
    if oid in run.state.player_names:
        return legal_player(run, spec, oid, you)
    if spec.zone not in ("battlefield", "any", "player_or_planeswalker", "stack",
                         "player"):
        raise Unsupported(f"a target in the {spec.zone} ('{spec.text or spec.zone}') is "
                          "not modelled by the resolution solver (CR 115.1, 608.2b)")
    if oid not in run.state:
        return False
    zone = run.state.zone_of(oid)
    obj = run.state.get(oid)
    if spec.zone in ("battlefield", "any", "player_or_planeswalker"):
        if zone != "battlefield":
            return False
        assert isinstance(obj, Permanent)
        chars = effective(run.state)[oid]
        if spec.zone == "any" and not ({"Creature", "Planeswalker", "Battle"}
                                       & chars.types):
            return False
        if spec.zone == "player_or_planeswalker":
            # the filter is the player's; any planeswalker will do
            return "Planeswalker" in chars.types and untargetable_reason(
                chars.keywords, obj.controller, source_chars(run, source), you) is None
        # CR 702.18a shroud, 702.11b/d hexproof, 702.16b/j protection.
        if untargetable_reason(chars.keywords, obj.controller, source_chars(run, source),
                               you) is not None:
            return False
        return matches(spec.filter, chars, obj, run.state, you, source, bindings)
    if spec.zone == "stack":
        if zone != "stack" or not isinstance(obj, StackItem):
            return False
        if spec.spell and obj.card is None:
            return False
        return matches(spec.filter, characteristics(obj), obj, run.state, you, source,
                       bindings)
    return False
