"""Which ability is meant: an object's activated abilities, numbered, and who asks.

Abilities are numbered from 1 in the order :func:`activated_abilities` gives them;
``--ability N`` picks one, and may be left out when only one could be meant.

Rules
-----
CR 113.6: abilities work from the battlefield unless they say otherwise (only those
that say they work from a hand or graveyard can be activated there). CR 305.6,
613.1f: a basic land's intrinsic mana ability comes first, then printed, then granted
abilities. CR 602.2: the controller of a permanent (the owner of a card) activates its
abilities.
"""

from __future__ import annotations

from manacheck.model import (
    ActivatedAbility,
    AmbiguousInput,
    BadInput,
    GameState,
    Permanent,
    StackItem,
    Zone,
    effective,
)

from .words import ability_text

__all__ = ["activated_abilities", "default_player", "resolve_ability", "unread_asked",
           "zone_of"]


def zone_of(state: GameState, object_id: str) -> Zone:
    """The zone the object is in."""
    return Zone(state.zone_of(object_id))


def activated_abilities(state: GameState, object_id: str) -> tuple[ActivatedAbility, ...]:
    """The object's activated abilities in user numbering (1-based by position).

    For a permanent: its effective abilities (intrinsic basic-land abilities first,
    then printed, then granted; CR 305.6, 613.1f). For a card elsewhere: its printed
    activated abilities, in printed order (CR 113.6: only those that say they work
    from that zone can be activated there).
    """
    obj = state.get(object_id)
    if isinstance(obj, Permanent):
        return effective(state)[obj.id].activated
    if isinstance(obj, StackItem):
        if obj.card is None:
            return ()
        return obj.card.activated_abilities
    return obj.card.activated_abilities


def resolve_ability(
    state: GameState, object_id: str, ability: int | None = None
) -> tuple[int, ActivatedAbility]:
    """The ability number and ability meant by ``ability`` (1-based, or None).

    ``None`` is allowed when exactly one of the object's activated abilities works from
    the zone the object is in (CR 113.6).

    Raises
    ------
    UnknownObject
        No such object.
    BadInput
        The object has no activated abilities, or no ability with that number.
    AmbiguousInput
        ``ability`` is None and more than one ability could be meant.
    """
    obj = state.get(object_id)
    acts = activated_abilities(state, object_id)
    if isinstance(obj, StackItem):
        raise BadInput(f"'{object_id}' is on the stack; only permanents and cards in a hand "
                       f"or graveyard have abilities to activate")
    if not acts:
        raise BadInput(f"'{object_id}' ({obj.name}) has no activated abilities",
                       suggestion=_unread_hint(obj))
    if ability is None:
        zone = zone_of(state, object_id)
        usable = [i for i, a in enumerate(acts, 1) if a.zone is zone]
        if len(acts) == 1:
            return 1, acts[0]
        if len(usable) == 1:
            return usable[0], acts[usable[0] - 1]
        listing = "; ".join(f"{i}: {ability_text(a)}" for i, a in enumerate(acts, 1))
        raise AmbiguousInput(
            f"'{object_id}' ({obj.name}) has {len(acts)} activated abilities; choose one "
            f"with --ability N",
            suggestion=listing,
        )
    if not 1 <= ability <= len(acts):
        hint = _unread_hint(obj)
        raise BadInput(f"'{object_id}' ({obj.name}) has no activated ability {ability} "
                       f"(it has {len(acts)})",
                       suggestion=f"use --ability 1..{len(acts)}"
                       + (f"; {hint}" if hint else ""))
    return ability, acts[ability - 1]


def unread_asked(state: GameState, object_id: str, ability: int | None) -> str | None:
    """The unread text that may be the activated ability asked about, when the abilities
    read can't be it: the object has none read, or fewer than ``ability``, and a line
    of its text that wasn't read may be an activated ability (CR 602.1a). Asking about
    it isn't bad input: whether it may be activated is not decided. None otherwise
    (then :func:`resolve_ability` answers, or says what is wrong with the question).
    """
    obj = state.get(object_id)
    if isinstance(obj, StackItem):
        return None
    acts = activated_abilities(state, object_id)
    if acts and (ability is None or 1 <= ability <= len(acts)):
        return None
    from ..soundness import may_be_activated

    card = getattr(obj, "card", None)
    unread = [str(getattr(a, "text", "")) for a in getattr(card, "abilities", ())
              if may_be_activated(a)]
    if ability is not None and not 1 <= ability <= len(acts) + len(unread):
        return None
    if ability is None and len(acts) + len(unread) != 1:
        return None
    return unread[0] if unread else None


def _unread_hint(obj: object) -> str | None:
    """For a card with text that wasn't read (from a card download): that text may hold
    the ability asked for, so the card needs a definition in the card format."""
    from ..soundness import may_be_activated

    card = getattr(obj, "card", None)
    unread = [getattr(a, "text", "") for a in getattr(card, "abilities", ())
              if may_be_activated(a)]
    if not unread:
        return None
    return (f"its text that wasn't read may hold one: '{unread[0]}'; define the card in the "
            "card format (docs/card-files.md) to ask about it")



def default_player(state: GameState, object_id: str) -> str:
    """Who activates it when nobody is named: its controller, or its owner (CR 602.2)."""
    obj = state.get(object_id)
    if isinstance(obj, Permanent | StackItem):
        return obj.controller
    return obj.owner

