"""The composed effects of activated and triggered abilities (``model/vocabulary.py``,
read by ``model/oracletext/transform_effects.py``): damage, destroy, exile, return to
hand, sacrifice, discard, mill, scry, and the effects that last until end of turn.

Each function is an :data:`~.effects.EffectFunction`: it returns whether the rest of the
effects happen. An effect on a target finds it with :func:`target_of`, which checks it
again as the effect acts: a target that is no longer legal is not affected (CR 608.2b).
What the state model can't hold is refused with :class:`~.core.Unsupported`, naming the
rule, never skipped: damage to a battle (CR 120.3h), deathtouch and wither (704.5h,
702.80a), poison (CR 120.3b), a continuous effect until end of turn (CR 611.2a), and damage where
an effect on the board could prevent or replace it (CR 615, 614).

Rules
-----
CR 120.3a (damage to a player: life lost), 120.3c (to a planeswalker: loyalty counters
removed), 120.3e (to a creature: marked; lethal damage destroys it, 704.5g), 120.3f
(lifelink), 119.3; 701.8a-b (destroy), 702.12b (indestructible); 701.13a (exile); 400.6,
400.7 (zone changes; a new object); 111.7 (a token leaving the battlefield); 701.21a
(sacrifice: only a permanent you control); 701.9a-b (discard: the player chooses);
701.17a-b (mill: as many as there are); 701.22a (scry); 608.2b, 608.2h.
"""

from __future__ import annotations

from dataclasses import replace

from manacheck.model import Card, StackItem, effective
from manacheck.model.abilities import Effect
from manacheck.model.effects import Family, kind_of_ability, kind_of_keyword

from .cards import UNKNOWN_CARD
from .core import Run, Unsupported
from .targets import legal_target
from .triggers import leave_battlefield
from .zones import add_card, new_id, on_battlefield, set_counters

__all__ = ["COMPOSED", "target_of", "target_player"]


def target_of(run: Run, eff: Effect, item: StackItem) -> str | None:
    """The id (or player name) of the effect's ``target`` if it is still legal, else
    None, noted (CR 608.2b: an illegal target isn't affected)."""
    idx = eff.params.int("target", 0)
    if idx >= len(item.targets):
        raise Unsupported(f"'{item.id}' has no target {idx + 1}: an 'up to' target not "
                          "chosen is not modelled by the resolution solver")
    t = item.targets[idx]
    if idx < len(run.target_specs) and not legal_target(
            run, run.target_specs[idx], t, item.controller, item.source or item.id):
        run.note(f"{t} is no longer a legal target: the effect doesn't affect it",
                 "608.2b")
        return None
    return t


def target_player(run: Run, eff: Effect, item: StackItem) -> str | None:
    """The player the effect acts on: its controller, or its target player
    (``who: target``); None when that target is illegal now (CR 608.2b). Another
    ``who`` is refused."""
    who = eff.params.str("who")
    if not who:
        return item.controller
    if who != "target":
        raise Unsupported(f"'{eff.kind}' for '{who}' is not modelled by the resolution "
                          "solver")
    t = target_of(run, eff, item)
    if t is not None and t not in run.state.player_names:
        raise Unsupported(f"'{eff.kind}' of '{item.id}': its target {t} is not a player")
    return t


def _has(keywords: frozenset[str], word: str) -> bool:
    return any(k.lower() == word for k in keywords)


#: Damage-family keywords that change only damage their own object deals to creatures
#: (CR 702.2 deathtouch, 702.80 wither: refused for the source, :func:`_deal_damage`)
#: or combat damage (702.164 toxic): another object's change nothing here.
_CREATURE_ONLY = frozenset({"deathtouch", "wither", "toxic"})


def _refuse_damage_changes(run: Run, item: StackItem, src_kw: frozenset[str]) -> None:
    """Damage is refused where an effect on the board could prevent, redirect or replace
    it (CR 615, 614.1a; declared in the DAMAGE family, ``model.effects``), or where the
    source's infect makes it poison (CR 702.90b, 120.3b); lifelink is applied
    (:func:`_deal_damage`) and indestructible by the state-based actions (702.12b).
    Another object's deathtouch, wither, infect, toxic or lifelink changes only the
    damage that object deals."""
    if _has(src_kw, "infect"):
        raise Unsupported(f"'{item.id}': damage from a source with infect (poison "
                          "counters, -1/-1 counters; CR 702.90b, 120.3b) is not modelled by "
                          "the resolution solver")
    chars = effective(run.state)
    for perm in run.state.permanents:
        c = chars[perm.id]
        for kw in c.keywords:
            kind = kind_of_keyword(kw)
            name = kind.key.removeprefix("keyword:")
            if Family.DAMAGE in kind.families and name not in _CREATURE_ONLY | {
                    "infect", "lifelink", "indestructible"}:
                raise Unsupported(f"{perm.id}'s {kw} could change the damage "
                                  f"'{item.id}' deals (CR 615, 614.1a); not modelled by "
                                  "the resolution solver")
        for ab in c.abilities:
            found = kind_of_ability(ab)
            if found is not None and Family.DAMAGE in found.families:
                raise Unsupported(f"{perm.id} ({getattr(ab, 'text', '') or found.key}) "
                                  f"could change the damage '{item.id}' deals (CR 615, "
                                  "614.1a); not modelled by the resolution solver")


def _deal_damage(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 120.3: the ability's source deals damage (its characteristics as it is, or
    as it last existed: CR 113.7a, 608.2h). To a player: that player loses that much
    life (120.3a); to a planeswalker: that many loyalty counters are removed from it
    (120.3c); to a creature: marked on it (120.3e; lethal damage destroys it as a
    state-based action, 704.5g); to a battle: refused (120.3h). Lifelink: the source's
    controller also gains that much life (120.3f, 702.15b). To the ``target``, or
    ``to``: ``each_opponent``, ``each_player`` or ``you``."""
    from .targets import source_chars

    n = eff.params.get("amount")
    if not isinstance(n, int) or isinstance(n, bool):
        raise Unsupported(f"the damage {n!r} of '{item.id}' is not modelled by the "
                          "resolution solver")
    src = item.source or item.id  # (a spell is its effects' source, CR 608.2)
    kws = source_chars(run, src).keywords
    _refuse_damage_changes(run, item, kws)
    to = "target" if "target" in eff.params else eff.params.str("to")
    you = item.controller
    if to == "target":
        t = target_of(run, eff, item)
        victims = [] if t is None else [t]
    elif to == "each_opponent":
        victims = [p.name for p in run.state.opponents(you)]
    elif to == "each_player":
        victims = list(run.state.player_names)
    elif to == "you":
        victims = [you]
    else:
        raise Unsupported(f"damage to '{to}' is not modelled by the resolution solver")
    dealt = 0
    for v in victims:
        if n <= 0:
            run.note(f"{src} deals no damage to {v} (0 damage isn't dealt)", "120.8")
            continue
        if v in run.state.player_names:
            p = run.state.player(v)
            run.state = run.state.with_player(replace(p, life=p.life - n))
            run.note(f"{src} deals {n} damage to {v}: {v} loses {n} life "
                      f"({p.life} → {p.life - n})", "120.3a", "119.3")
            dealt += n
            continue
        perm = on_battlefield(run.state, v)
        if perm is None:
            raise Unsupported(f"damage to {v}, which isn't on the battlefield, is not "
                              "modelled by the resolution solver")
        types = effective(run.state)[v].types
        if "Battle" in types:
            raise Unsupported(f"{src} would deal {n} damage to {v}: damage to a battle "
                              "(defense counters, CR 120.3h) is not modelled by the "
                              "resolution solver")
        if "Creature" in types and ({"deathtouch", "wither"} & {k.lower() for k in kws}):
            raise Unsupported(f"{src} would deal {n} damage to {v}: damage to a "
                              "creature from a source with deathtouch or wither (CR "
                              "704.5h, 702.80a) is not modelled by the resolution solver")
        if "Creature" in types and "Planeswalker" in types:
            raise Unsupported(f"damage to {v}, both a creature and a planeswalker (CR "
                              "120.3c, 120.3e), is not modelled by the resolution solver")
        if "Creature" in types:
            # CR 120.3e: damage is marked on the creature; lethal damage destroys it as a
            # state-based action (704.5g)
            run.state = run.state.with_permanent(replace(perm, damage=perm.damage + n))
            run.note(f"{src} deals {n} damage to {v}: {n} damage is marked on it "
                     f"({perm.damage} → {perm.damage + n})", "120.3e")
            dealt += n
            continue
        if "Planeswalker" in types:
            have = perm.counters["loyalty"]
            left = max(0, have - n)
            run.state = set_counters(run.state, v, perm.counters.remove("loyalty", have - left))
            run.note(f"{src} deals {n} damage to {v}: {have - left} loyalty counter(s) "
                     f"are removed ({have} → {left})", "120.3c")
            dealt += n
            continue
        raise Unsupported(f"damage to {v} (neither player, creature, planeswalker nor "
                          "battle) is not modelled")
    if dealt and _has(kws, "lifelink"):
        p = run.state.player(you)
        run.state = run.state.with_player(replace(p, life=p.life + dealt))
        run.note(f"{src} has lifelink: {you} gains {dealt} life ({p.life} → "
                 f"{p.life + dealt})", "120.3f", "702.15b", "119.3")
    return True


def _destroy(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 701.8a: the target permanent is moved to its owner's graveyard, unless it has
    indestructible (702.12b: it isn't destroyed). Regeneration shields aren't in the
    state model: none can exist where no regenerate effect resolved (CR 701.19)."""
    t = target_of(run, eff, item)
    if t is None:
        return True
    perm = on_battlefield(run.state, t)
    if perm is None:
        raise Unsupported(f"destroying {t}, which isn't a permanent, is not modelled")
    if _has(effective(run.state)[t].keywords, "indestructible"):
        run.note(f"{t} has indestructible: it isn't destroyed", "702.12b", "701.8a")
        return True
    run.note(f"{t} is destroyed: put into its owner's graveyard", "701.8a")
    leave_battlefield(run, [t], "graveyard")
    return True


def _exile(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 701.13a: the target permanent is moved to the exile zone (a token then ceases
    to exist, 111.7). Exiling other things (cards from a zone, ``all``) is refused."""
    if set(eff.params) - {"target"}:
        raise Unsupported(f"this exile effect of '{item.id}' is not modelled by the "
                          "resolution solver")
    t = target_of(run, eff, item)
    if t is None:
        return True
    if on_battlefield(run.state, t) is None:
        raise Unsupported(f"exiling {t}, which isn't a permanent, is not modelled")
    run.note(f"{t} is exiled", "701.13a")
    leave_battlefield(run, [t], "exile")
    return True


def _return_to_hand(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 400.6: the permanent (``of: self``, the source; ``of: target``) is returned to
    its owner's hand, as a new object (400.7); a token ceases to exist (111.7). A
    source that has left the battlefield isn't returned (400.7: it is a new object)."""
    of = eff.params.str("of")
    if of == "self" and not set(eff.params) - {"of"}:
        oid = item.source or ""
        if on_battlefield(run.state, oid) is None:
            run.note(f"{oid} is no longer on the battlefield: it isn't returned (a new "
                     "object)", "400.7")
            return True
    elif of == "target":
        t = target_of(run, eff, item)
        if t is None:
            return True
        if on_battlefield(run.state, t) is None:
            raise Unsupported(f"returning {t}, which isn't a permanent, is not modelled")
        oid = t
    else:
        raise Unsupported(f"this return effect of '{item.id}' is not modelled by the "
                          "resolution solver")
    run.note(f"{oid} is returned to its owner's hand", "400.6")
    leave_battlefield(run, [oid], "hand")
    return True


def _sacrifice(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 701.21a: "Sacrifice CARDNAME": its controller moves it to its owner's
    graveyard, if it is still on the battlefield under the ability's controller's
    control (only a permanent you control can be sacrificed); indestructible doesn't
    stop it."""
    if eff.params.str("of") != "self" or set(eff.params) - {"of"}:
        raise Unsupported(f"this sacrifice effect of '{item.id}' is not modelled by the "
                          "resolution solver")
    oid = item.source or ""
    perm = on_battlefield(run.state, oid)
    if perm is None or perm.controller != item.controller:
        run.note(f"{oid} isn't on the battlefield under {item.controller}'s control: "
                 "it can't be sacrificed", "701.21a")
        return True
    run.note(f"{item.controller} sacrifices {oid}", "701.21a")
    leave_battlefield(run, [oid], "graveyard")
    return True


def _count(eff: Effect, item: StackItem) -> int:
    n = eff.params.get("count", 1)
    if not isinstance(n, int) or isinstance(n, bool):
        raise Unsupported(f"the count {n!r} of '{item.id}' is not modelled by the "
                          "resolution solver")
    return n


def _discard(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 701.9a-b: the player (the controller, or the target player) discards cards
    of their choice from their hand, one choice at a time here (the same cards); with
    fewer in hand, all of them. Each goes to its owner's graveyard."""
    player = target_player(run, eff, item)
    if player is None:
        return True
    n = _count(eff, item)
    for i in range(n):
        hand = run.state.player(player).hand
        if not hand:
            run.note(f"{player} has no card left in hand to discard ({i} of {n} "
                     "discarded)", "701.9a")
            break
        pick = run.choose("discard", player, f"the card {player} discards "
                          f"({i + 1} of {n})", [c.id for c in hand], ("701.9b",))
        card = next(c for c in hand if c.id == pick)
        p = run.state.player(player)
        run.state = add_card(run.state.with_player(
            replace(p, hand=tuple(c for c in p.hand if c.id != pick))), card.owner,
            "graveyard", card)
        run.note(f"{player} discards {pick}", "701.9a")
    return True


def _mill(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 701.17a-b: the player puts the top cards of their library into their
    graveyard: as many as there are, up to the count (each an ``Unknown Card``: the
    library's cards aren't in the state model)."""
    player = target_player(run, eff, item)
    if player is None:
        return True
    n = _count(eff, item)
    p = run.state.player(player)
    got = min(n, p.library_size)
    cards = tuple(Card(new_id(run.state, "Unknown Card", run.taken, run.id_memo),
                       UNKNOWN_CARD, player) for _ in range(got))
    run.state = run.state.with_player(replace(p, graveyard=(*p.graveyard, *cards),
                                              library_size=p.library_size - got))
    run.note(f"{player} mills {got} card(s) (library: {p.library_size} → "
             f"{p.library_size - got})" + (f"; only {got} were there" if got < n else ""),
             "701.17a", *(["701.17b"] if got < n else []))
    return True


def _scry(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 701.22a: look at the top cards and put any on the bottom. The library's
    cards and their order aren't in the state model (only its size, which scrying
    doesn't change), so the outcome is the same whatever is chosen."""
    n = _count(eff, item)
    run.note(f"{item.controller} scries {n}: the library's order isn't in the state; "
             "its size is unchanged", "701.22a")
    return True


def _attach(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 701.3a: attach the source, an Equipment, to the target (equip, 702.6a). It
    doesn't move if it can't be attached (701.3b): an Equipment that is a creature, or
    the creature itself (301.5c); attaching it where it already is does nothing (701.3b).
    A source that has left the battlefield isn't attached (400.7). Becoming attached
    gives it a new timestamp (613.7e), which changes only the order of layer 4-6
    effects: an Equipment whose statics do more than +N/+N or grant keywords is
    refused."""
    src = item.source or ""
    t = target_of(run, eff, item)
    if t is None:
        return True
    perm = on_battlefield(run.state, src)
    if perm is None:
        run.note(f"{src} is no longer on the battlefield: nothing is attached", "400.7",
                 "701.3b")
        return True
    chars = effective(run.state)[src]
    if "Equipment" not in chars.subtypes:
        raise Unsupported(f"attaching {src}, which isn't an Equipment, is not modelled by "
                          "the resolution solver")
    for ab in chars.abilities:
        found = kind_of_ability(ab)
        if found is not None and not found.families <= {Family.POWER_TOUGHNESS} \
                and not found.key.startswith("static:other:grant_keywords:"):
            raise Unsupported(f"{src} ({getattr(ab, 'text', '') or found.key}) gets a new "
                              "timestamp as it becomes attached (CR 613.7e), which the "
                              "resolution solver doesn't apply")
    if chars.is_creature or t == src:
        run.note(f"{src} can't be attached to {t} (an Equipment that's a creature, or "
                 "itself): it doesn't move", "301.5c", "701.3b")
        return True
    if perm.attached_to == t:
        run.note(f"{src} is already attached to {t}: nothing happens", "701.3b")
        return True
    if on_battlefield(run.state, t) is None:
        raise Unsupported(f"attaching {src} to {t}, which isn't a permanent, is not "
                          "modelled")
    run.state = run.state.with_permanent(replace(perm, attached_to=t))
    run.note(f"{src} is attached to {t}" + (f" (unattached from {perm.attached_to})"
                                             if perm.attached_to else ""), "701.3a")
    return True


def _until_end_of_turn(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 611.2a: "gets +N/+N" and "gains [keyword]" until end of turn are continuous
    effects from a resolved ability; the state model holds none for one object, so they
    are refused, naming the effect."""
    what = (f"+{eff.params.get('power')}/+{eff.params.get('toughness')}"
            if eff.kind == "pump" else str(eff.params.get("keyword")))
    raise Unsupported(f"'{item.id}': {what} until end of turn (a continuous effect from "
                      "a resolved ability, CR 611.2a, 613) is not modelled by the "
                      "resolution solver")


#: The composed kinds this module plays out, each with its function.
COMPOSED = {
    "deal_damage": _deal_damage,
    "destroy": _destroy,
    "exile": _exile,
    "return_to_hand": _return_to_hand,
    "sacrifice": _sacrifice,
    "discard": _discard,
    "mill": _mill,
    "scry": _scry,
    "attach": _attach,
    "pump": _until_end_of_turn,
    "gain_keyword": _until_end_of_turn,
}
