"""Mana sources of a payment, collected from the state and grouped.

Every mana ability the player could activate while paying is turned into options
(:class:`~.kinds.Option`): one per distinct mana event it could add (from
:func:`manacheck.solver.produce.activation_outcomes`, triggered mana included).
Interchangeable permanents (same card, status, counters, choices, controller and
options) form one :class:`~.kinds.Group`. Abilities that can't be activated now are
noted with the rule; those the solver can't model are *left out* (answers are then
lower bounds, and "not payable" becomes "not decided").

Rules
-----
CR 605.3a: mana abilities may be activated while paying a cost. CR 107.5 / 107.6: {T}
needs the permanent untapped, {Q} tapped. CR 302.6: a creature's {T}/{Q} abilities need
it under its controller's control since their most recent turn began (or haste).
CR 602.5b: "activate only once each turn". CR 602.1b: activation conditions. CR 602.5e:
"only as an instant" mana abilities aren't activated while paying (Lion's Eye Diamond
ruling). CR 602.1: non-{T} abilities may be activated as often as their costs can be
paid. CR 106.6: restrictions, including "spend only mana produced by creatures" (Myr
Superion). CR 702.51a: convoke. CR 702.66a: delve. CR 601.2a: a spell being cast is on
the stack, so its own hand abilities can't pay for it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from manacheck.model import (
    ActivatedAbility,
    CostKind,
    GameState,
    ManaCost,
    ManaType,
    ObjectFilter,
    Permanent,
    SymbolKind,
    TriggeredAbility,
    Zone,
    effective,
    matches,
)
from manacheck.model.characteristics import (
    activation_prohibited_by,
    bind_restriction,
    tap_abilities_blocked,
)
from manacheck.model.conditions import condition_holds
from manacheck.model.effects import TRIGGER_MANA_EVENTS
from manacheck.model.errors import UnknownObject

from .. import produce
from ..amounts import Amounts
from .board import Board
from .casting import resolve_cost
from .exact import simple_check_data
from .graveyard import graveyard_cards
from .kinds import (
    NOT_STATED,
    POOL_COPY_WHY,
    Group,
    Kind,
    LeftOut,
    Option,
    PoolKind,
    Stated,
    accepts,
    max_units,
    min_units,
    not_generic,
    note,
)
from .leftout import mana_events_plain, one_activation_enough, per_unit_repeatable, unmodelled
from .outlets import sac_classes, sac_filter_index, sacrificable
from .riders import once_more
from .shapes import not_who_adds, state_seen, tap_then_sacrifice
from .spending import cap_kinds, under_bounded
from .storage import generic_cost, sequence_events

__all__ = ["board_for", "build_board"]

_EXCLUSIVE_COSTS = {CostKind.SACRIFICE_SELF, CostKind.EXILE_SELF}


def build_board(state: GameState, player: str, cost: ManaCost, for_object: str | None,
                exclude: frozenset[str], delve_done: bool = False,
                for_ability: bool = False, stated: Stated = NOT_STATED) -> Board:
    """The board of one payment question: sources collected and grouped, outlets
    classified, pool kinds, activation bounds and the exact check's data."""
    b = Board(state, player, cost, for_object, exclude, delve_done, for_ability, stated)
    other_ways_to_pay(b)
    collect(b)
    b.uses_sacs = any(k.sacs_other for k in b.kinds)
    if b.uses_sacs:
        sac_classes(b)
    b.pool = pool_kinds(b)
    repeat_filters(b)  # after the pool: its mana may pay them
    under_bounded(b)  # after the repeats: they may spend more than Board.useful
    cap_kinds(b)  # after the repeats: they bound the mana a payment can spend
    b.uses_tappers = any(k.taps_other for k in b.kinds)
    b.bound_activations()
    b.simple = simple_check_data(b)
    return b


def board_for(state: GameState, player: str, cost: ManaCost | str, x: int | None,
              for_object: str | None, exclude: frozenset[str],
              for_ability: bool = False, stated: Stated = NOT_STATED) -> Board:
    """The board for the arguments of :func:`manacheck.solver.payments.payments`: the
    cost parsed and X given (CR 107.3; a cost given with its {X} contains one,
    ``Stated``), the objects checked, and a card being cast kept out of its own payment
    (CR 601.2a)."""
    parsed = ManaCost.parse(cost) if isinstance(cost, str) else cost
    if stated.contains_x is None and "X" in parsed.variables:
        stated = Stated(True, stated.total)
    c = resolve_cost(parsed, x)
    if for_object is not None and for_object not in state:
        state.get(for_object)  # raises UnknownObject with a suggestion
    for e in exclude:
        if e not in state:
            raise UnknownObject(f"unknown object '{e}' in exclude")
    excluded = frozenset(exclude)
    if for_object is not None and state.zone_of(for_object) == "hand":
        # CR 601.2a: a spell being cast is on the stack while it is paid for, so the
        # card's own hand abilities (Elvish Spirit Guide) can't pay for it.
        excluded |= {for_object}
    return build_board(state, player, c, for_object, excluded, for_ability=for_ability,
                       stated=stated)


def call_outcomes(state: GameState, object_id: str, number: int) -> frozenset[Amounts]:
    """Every mana event one activation could add, triggered mana included (CR 106.12a),
    with exact amounts (CR 107.1)."""
    return produce.activation_amounts(state, object_id, number, include_triggered=True)


def other_ways_to_pay(b: Board) -> None:
    """Convoke (CR 702.51a: tap creatures to pay) is not part of the payment model:
    when the spell being cast has it and could use it, that is said, and every
    answer is a lower bound. So is delve (CR 702.66a) on a board built directly;
    :func:`payments` handles delve itself (:class:`DelvePayments`)."""
    card = b.spell_card
    if card is None:
        return
    kws = {k.strip().lower() for k in card.keywords}
    generic = any(s.kind is SymbolKind.GENERIC and s.amount for s in b.cost)
    if "delve" in kws and generic and b.player.graveyard and not b.delve_done:
        b.left_out.append("delve (cards in your graveyard)")
        b.notes.append("delve is left out: exiling cards from your graveyard to pay "
                          "generic mana (CR 702.66a) isn't modelled by the payment solver")
    chars = effective(b.state)
    if "convoke" not in kws or not any(chars[p.id].is_creature and not p.tapped
                                       for p in b.player.battlefield):
        return
    if any(s.kind in (SymbolKind.COLORLESS, SymbolKind.COLORLESS_HYBRID, SymbolKind.SNOW)
           for s in b.cost):
        # A colorless creature's convoke pays only generic mana, which a {C}, {C/W} or
        # {S} symbol would tell apart from {C} mana: not modelled then.
        b.left_out.append("convoke (untapped creatures)")
        b.notes.append("convoke is left out: with {C}, a {C/W}-style hybrid or {S} in the "
                       "cost, tapping creatures to pay (CR 702.51a) isn't modelled")
        return
    b.convoke = True


def convoke_options(b: Board, chars: Any) -> list[Option]:
    """CR 702.51a: tapping an untapped creature you control pays one generic mana, or
    one colored mana of a color it has. As an option it is "ability 0": it taps the
    creature (exclusive, so not also for its own {T} ability; not the {T} symbol, so
    summoning sickness doesn't matter, CR 302.6) and adds one mana of one of its
    colors, or {C} for a colorless creature (only when the cost has no {C} or {S},
    so that {C} pays exactly what a generic mana pays)."""
    colors = sorted((c for c in chars.colors if c.is_color), key=lambda t: t.order)
    out = []
    for t in colors or [ManaType.C]:
        merged = Amounts.one(b.type_class[t], 1)
        k = Kind(merged, False, None, ManaCost(()), 0, "", 0, None)
        out.append(Option(0, b.kind(k), True, 1, True, 0, Amounts.one(t, 1)))
    return out


def not_from_creature(b: Board, oid: str, number: int) -> None:
    """Myr Superion's rule keeps a noncreature source out. If a creature's mana
    ability costs mana, that source might still pay it and so help: then it is left
    out (a lower bound), not excluded."""
    if b.feeds_creatures:
        b.left_out.append(f"{oid} (ability {number})")
        b.notes.append(note(oid, number, LeftOut(
            "only mana produced by creatures may pay for this spell, and mana it adds "
            "could pay a creature's mana ability, which the payment solver doesn't "
            "model")))
    else:
        b.notes.append(note(oid, number, "only mana produced by creatures may pay "
                                             "for this spell (CR 106.6)"))


def collect(b: Board) -> None:
    state = b.state
    chars_all = effective(state)
    b.feeds_creatures = b.creature_mana_only and any(
        ab.is_mana_ability and bool(ab.mana_cost)
        for p in b.player.battlefield if chars_all[p.id].is_creature
        for ab in chars_all[p.id].activated)
    keyed: dict[Hashable, list[tuple[str, tuple[Option, ...], bool]]] = {}
    names: dict[Hashable, tuple[str, str]] = {}
    tflts = tap_filters(b, chars_all)
    # Identical permanents (same card, status and effective characteristics, nothing
    # attached) make the same mana: ask activation_outcomes once for them.
    options_cache: dict[Hashable, list[Option]] = {}
    tapper_cache: dict[Hashable, bool] = {}
    attached = {p.attached_to for p in state.permanents if p.attached_to}
    any_mana_triggers = any(isinstance(ab, TriggeredAbility) and ab.event in
                            TRIGGER_MANA_EVENTS and ab.mana is not None
                            for p in state.permanents for ab in chars_all[p.id].abilities)
    outlets_here = any(c.kind is CostKind.SACRIFICE for p in state.permanents
                       for ab in chars_all[p.id].activated if ab.is_mana_ability
                       for c in ab.costs)
    any_added = any(isinstance(ab, TriggeredAbility) and ab.event == "mana_added"
                    for p in state.permanents for ab in chars_all[p.id].abilities)
    for perm in (*b.player.battlefield, *others_for_anyone(b, chars_all)):
        if perm.id in b.exclude:
            continue
        chars = chars_all[perm.id]
        mine = perm.controller == b.player.name
        opts: list[Option] = []
        for number, ab in enumerate(chars.activated, 1):
            if not ab.is_mana_ability or ab.zone is not Zone.BATTLEFIELD:
                continue
            if not mine and not ab.any_player:
                continue  # CR 602.2: only its controller may activate it
            if b.creature_mana_only and not chars.is_creature:
                not_from_creature(b, perm.id, number)
                continue
            why = cannot(b, perm, tap_abilities_blocked(state, perm), ab, number)
            if why:
                b.notes.append(note(perm.id, number, why))
                continue
            outlet = any(c.kind is CostKind.SACRIFICE for c in ab.costs)
            if outlet:
                b.outlets.append((perm.id, number))
            # (an outlet's options name what it may sacrifice, which may depend on it)
            okey: Hashable = (perm.card.name, perm.tapped, perm.summoning_sick,
                              perm.counters, perm.chosen, perm.controller, chars, number,
                              perm.id if outlet else None)
            hit = options_cache.get(okey) if perm.id not in attached else None
            triggered = produce.mana_triggers(state, perm, ab) if any_mana_triggers else ()
            differs = triggered_mana_differs(b, perm, ab, triggered) if triggered else ""
            if differs not in ("", "drop"):
                b.left_out.append(f"{perm.id} (ability {number})")
                b.notes.append(note(perm.id, number, LeftOut(differs)))
                continue
            if differs == "drop":
                triggered = ()
            if not mine and any_added:
                not_who_adds(b, perm.id, number)
                continue
            sequences = sequence_options(b, perm, ab, number, triggered, chars.is_snow)
            if sequences:
                hit = sequences
            elif hit is None or differs:
                seen = state_seen(b, ab)
                events = call_outcomes(seen, perm.id, number) if differs != "drop" else \
                    produce.activation_amounts(seen, perm.id, number)
                hit = options(b, ab, number, events, chars.is_snow, perm.card.name,
                                    perm)
                if perm.id not in attached:
                    options_cache[okey] = hit
            if hit and not hit[0].exclusive and ab.mana_cost \
                    and not once_more(b, perm, ab, number) \
                    and not b.kinds[hit[0].kind].self_feed:
                # "{1}: Add {C}{C}" could be activated again and again; only one
                # activation is modelled, so answers are lower bounds. (One that adds
                # one mana is repeated: ``repeat_filters``; one whose single activation
                # does what several would only makes counts lower bounds.)
                if one_activation_enough(b, ab, bool(triggered)):
                    b.count_only.append(f"{perm.id} (ability {number})")
                elif sequences:
                    b.count_only.append(f"{perm.id} (ability {number})")
                    b.count_sequences.append(f"{perm.id} (ability {number})")
                else:
                    b.left_out.append(f"{perm.id} (ability {number})")
                    b.notes.append(note(perm.id, number, LeftOut(
                        "it is used at most once: repeated activations of a mana ability "
                        "that costs mana (CR 602.1) are not modelled")))
            opts.extend(hit)
        opts = tap_then_sacrifice(b, perm.id, opts, outlets_here)
        if b.convoke and chars.is_creature and not perm.tapped:
            opts.extend(convoke_options(b, chars))
        tkey = (perm.card.name, perm.tapped, perm.summoning_sick, perm.counters,
                perm.chosen, perm.controller, chars)
        tapper = tapper_cache.get(tkey) if perm.id not in attached else None
        if tapper is None:
            tapper = mine and (not perm.tapped) and any(
                matches(f, chars, perm, state, b.player.name) for f in tflts)
            if perm.id not in attached:
                tapper_cache[tkey] = tapper
        if not opts:
            if tapper:
                b.extra_tappers += 1
            continue
        key: Hashable = ("battlefield", perm.card.name, perm.tapped, perm.summoning_sick,
               perm.counters, perm.chosen, perm.token, perm.controller, tuple(opts),
               tapper)
        keyed.setdefault(key, []).append((perm.id, tuple(opts), tapper))
        names[key] = (perm.card.name, "battlefield")
    for card in b.player.hand:
        if card.id in b.exclude:
            continue
        opts = []
        for number, ab in enumerate(card.card.activated_abilities, 1):
            if not ab.is_mana_ability or ab.zone is not Zone.HAND:
                continue
            if b.creature_mana_only:  # a card in a hand is not a creature
                not_from_creature(b, card.id, number)
                continue
            why = cannot(b, None, False, ab, number)
            if why:
                b.notes.append(note(card.id, number, why))
                continue
            fake = Permanent(card.id, card.card, b.player.name, card.owner)
            events = frozenset(Amounts.of(e) for e in produce.base_outcomes(
                state, fake, ab.mana)) if ab.mana else frozenset()
            opts.extend(options(b, ab, number, events, "Snow" in card.card.supertypes,
                                      card.card.name, None))
        if opts:
            hkey: Hashable = ("hand", card.card.name, tuple(opts))
            keyed.setdefault(hkey, []).append((card.id, tuple(opts), False))
            names[hkey] = (card.card.name, "hand")
    for key, members in keyed.items():
        name, zone = names[key]
        g = Group(tuple(m[0] for m in members), name, zone, members[0][1],
                   len(members) if members[0][2] else 0)
        for m in members:
            b.id_group[m[0]] = len(b.groups)
        b.groups.append(g)


def sequence_options(b: Board, perm: Permanent, ab: ActivatedAbility, number: int,
                     triggered: tuple[tuple[Permanent, TriggeredAbility], ...],
                     snow: bool) -> list[Option]:
    """A storage land's sequences of activations as options, one per sequence and
    number of {1} costs paid with other mana (``storage.sequence_events``), when each
    activation sets off a triggered mana ability; [] when not listed so."""
    if not triggered or once_more(b, perm, ab, number) or not per_unit_repeatable(ab) \
            or not mana_events_plain(b):
        return []
    seqs = sequence_events(b.state, perm, ab, triggered)
    if seqs is None:
        return []
    return [o for j, events in sorted(seqs.items())
            for o in options(b, dataclasses.replace(ab, mana_cost=generic_cost(j)), number,
                             events, snow, perm.card.name, perm)]


def others_for_anyone(b: Board, chars_all: Mapping[str, Any]) -> list[Permanent]:
    """Other players' permanents with a mana ability that "any player may activate"
    (Mana Cache; CR 602.2): the paying player may activate it, and its mana goes to
    their pool (CR 106.4, 109.5: they are its "you")."""
    return [p for p in b.state.permanents if p.controller != b.player.name
            and any(ab.any_player and ab.is_mana_ability for ab in chars_all[p.id].activated)]


def triggered_mana_differs(b: Board, perm: Permanent, ab: ActivatedAbility,
                           triggered: Sequence[tuple[Permanent, TriggeredAbility]]) -> str:
    """Whether the mana of the triggered mana abilities that tapping ``perm`` sets off
    (Mana Flare, Wild Growth, Leyline of Abundance) can be counted as part of its own.

    It can't always: that mana's source is the trigger's source (CR 106.3, 113.7; the
    Kinnan and Wild Growth rulings), so it isn't snow unless that source is, it isn't
    "produced by a creature" unless that source is one, and it carries none of the
    tapped permanent's restrictions (the Mana Flare, Heartbeat of Spring and Mirari's
    Wake rulings). Returns "" when folding it in is exact, "drop" when the triggered
    mana can pay nothing here (a spell only creatures' mana may pay, no trigger source a
    creature), or else why the source is left out.
    """
    chars = effective(b.state)
    if b.creature_mana_only and any(not chars[tp.id].is_creature for tp, _ in triggered):
        if all(not chars[tp.id].is_creature for tp, _ in triggered):
            return "drop"
        return ("the mana its triggered mana abilities add comes from their sources, some "
                "not creatures (CR 106.3), and mixing them is not modelled")
    if b.snow_matters and any(chars[tp.id].is_snow != chars[perm.id].is_snow
                              for tp, _ in triggered):
        return ("the mana its triggered mana abilities add comes from their sources (CR "
                "106.3, 113.7), which differ from it in being snow, and {S} tells them "
                "apart: not modelled")
    restriction = bind_restriction(ab.mana.restriction, perm) if ab.mana is not None else None
    if restriction is not None and not (b.allowed_main(restriction)
                                        and not b.costly_abilities
                                        and not restriction.not_generic):
        return ("its mana has a spending restriction that its triggered mana abilities' "
                "mana doesn't carry (CR 106.6; the Mana Flare and Heartbeat of Spring "
                "rulings): not modelled")
    return ""


def tap_filters(b: Board, chars_all: Mapping[str, Any]) -> list[ObjectFilter]:
    out = []
    for perm in b.player.battlefield:
        for ab in chars_all[perm.id].activated:
            for c in ab.costs:
                if c.kind is CostKind.TAP_UNTAPPED:
                    out.append(c.filter)
    return list(dict.fromkeys(out))


def cannot(b: Board, perm: Permanent | None, sick: bool, ab: ActivatedAbility,
            number: int) -> str:
    """Why this mana ability can't be activated now ("" if it can)."""
    if perm is not None and (ban := activation_prohibited_by(b.state, perm, True)):
        return (f"{ban.id}'s static ability forbids activating it (CR 602.5; a mana "
                "ability is an activated ability, 605.1a)")
    if perm is not None:
        if ab.tap and perm.tapped:
            return "it is tapped (CR 107.5: {T} needs an untapped permanent)"
        if ab.untap and not perm.tapped:
            return "it is untapped (CR 107.6: {Q} needs a tapped permanent)"
        if (ab.tap or ab.untap) and sick:
            return ("it is a creature that hasn't been under your control since your "
                    "most recent turn began (CR 302.6)")
        if ab.activations_left(b.state.activated_this_turn, perm.id, number) == 0:
            return "it was already activated this turn as often as it may be (CR 602.5b)"
    if ab.timing == "sorcery":
        # CR 602.5d, 601.2a: while a cost is paid, the spell or ability paid for is on
        # the stack, so an ability that may be activated only as a sorcery can't be.
        return ("it can be activated only as a sorcery, which is never while paying a "
                "cost (CR 602.5d; the spell or ability is on the stack, 601.2a)")
    if ab.timing == "as_instant":
        # Ruling (Lion's Eye Diamond): a mana ability that may be activated "only as
        # an instant" can't be activated while a spell or ability is being paid for.
        return ("it can be activated only when you could cast an instant, not while "
                "paying a cost (CR 602.5e)")
    for c in ab.costs:
        if c.kind is CostKind.MILL and b.player.library_size < int(c.count):
            return (f"its cost mills {c.count} card(s) and your library has "
                    f"{b.player.library_size} (CR 701.17b)")
    holds = None if ab.condition is None else condition_holds(
        state_seen(b, ab), ab.condition, b.player.name, perm.id if perm is not None else "")
    why = unmodelled(b, perm, ab, ab.condition is not None and holds is None)
    if why:
        b.left_out.append(f"{perm.id if perm is not None else 'a card in hand'} "
                             f"(ability {number})")
        if why == POOL_COPY_WHY and perm is not None:
            b.pool_copies.append((perm.id, number, b.left_out[-1]))
        return why
    if ab.condition is not None and holds is not None and not holds[0]:
        return f"its condition '{ab.condition.kind}' doesn't hold (CR 602.1b)"
    for c in ab.costs:
        if c.kind is CostKind.REMOVE_COUNTERS and perm is not None and \
                isinstance(c.count, int) and perm.counters[c.counter] < c.count:
            return f"it has fewer than {c.count} {c.counter} counter(s) (CR 602.2b)"
        if c.kind is CostKind.EXILE_SELF and perm is not None:
            return "its exile cost works from another zone"
        if c.kind is CostKind.EXILE_FROM_GRAVEYARD and perm is not None \
                and graveyard_cards(b, c, perm.id) < int(c.count):
            return (f"its cost exiles {c.count} card(s) from a graveyard and there are "
                    "fewer it could exile (CR 118.3)")

    return ""


def repeats(b: Board, ab: ActivatedAbility, perm: Permanent | None, life: int, taps: int,
             tflt: ObjectFilter | None, sacs: int = 0, sac_index: int = -1) -> int:
    """How many times one permanent may activate a mana ability with no {T}, {Q},
    sacrifice or exile in its cost (CR 602.1: as often as its costs can be paid):
    bounded by its counters (Pentad Prism), by the untapped permanents its "tap an
    untapped ..." cost could tap (Grand Architect; the tapper budget then decides
    each payment), by the life total (CR 119.4), and by the mana the cost needs
    (each activation must add some of the mana the payment needs)."""
    bound = b.useful
    for c in ab.costs:
        if c.kind is CostKind.REMOVE_COUNTERS and perm is not None:
            bound = min(bound, perm.counters[c.counter] // int(c.count))
    if taps and tflt is not None:
        chars = effective(b.state)
        can_tap = sum(1 for p in b.player.battlefield
                      if not p.tapped and p.id not in b.exclude
                      and matches(tflt, chars[p.id], p, b.state, b.player.name))
        bound = min(bound, can_tap // taps)
    if life:
        bound = min(bound, max(b.player.life, 0) // life)
    if sacs and sac_index >= 0:
        bound = min(bound, len(sacrificable(b, sac_index)) // sacs)
    for c in ab.costs:
        if c.kind is CostKind.EXILE_FROM_GRAVEYARD and perm is not None:
            # once per card it may exile (CR 118.3; ``graveyard``: nothing else in
            # the payment takes or adds such cards, or it is left out)
            bound = min(bound, graveyard_cards(b, c, perm.id) // int(c.count))
    return max(bound, 0)


def options(b: Board, ab: ActivatedAbility, number: int,
             events: Iterable[Amounts], snow: bool, name: str,
             perm: Permanent | None) -> list[Option]:
    assert ab.mana is not None
    life = sum(int(c.count) for c in ab.costs if c.kind is CostKind.PAY_LIFE)
    taps = sum(int(c.count) for c in ab.costs if c.kind is CostKind.TAP_UNTAPPED)
    tflt = next((c.filter for c in ab.costs if c.kind is CostKind.TAP_UNTAPPED), None)
    sacs = sum(int(c.count) for c in ab.costs if c.kind is CostKind.SACRIFICE)
    sflt = next((c.filter for c in ab.costs if c.kind is CostKind.SACRIFICE), None)
    sac_index = sac_filter_index(b, sflt, perm) if sacs and sflt is not None else -1
    exclusive = ab.tap or ab.untap or any(c.kind in _EXCLUSIVE_COSTS for c in ab.costs)
    gone = any(c.kind in _EXCLUSIVE_COSTS for c in ab.costs)
    repeat = 1 if exclusive or ab.mana_cost else \
        repeats(b, ab, perm, life, taps, tflt, sacs, sac_index)
    left = ab.activations_left(b.state.activated_this_turn, perm.id, number) \
        if perm is not None else None
    if left is not None:
        repeat = min(repeat, left)  # CR 602.5b: "no more than three times each turn"
    # A repeatable one that costs only mana and adds one mana: repeated after the
    # sources are known (``repeat_filters``).
    events = list(events)
    per_type = ab.mana.could_produce is not None and ab.mana.could_produce.lands == \
        "sacrificed"
    feed = f"{name}#{number}" if (
        ab.mana_cost and not exclusive and not ab.once_each_turn and not ab.per_turn
        and not ab.costs
        and all(ev.total == 1 for ev in events)) else ""
    out = []
    for ev in sorted(events, key=lambda e: e.sort_key):
        if not ev:
            continue
        # Kinds keep only what validity depends on: the snow flag only when some
        # cost has {S}, the restriction only when it forbids something here.
        # CR 106.6: "the chosen type" is this source's choice (Cavern of Souls).
        restriction = bind_restriction(ab.mana.restriction, perm)
        if restriction is not None and b.allowed_main(restriction) \
                and not b.costly_abilities and not restriction.not_generic:
            restriction = None
        real = ev
        # Types no symbol tells apart (e.g. {G} and {C} for a generic-only cost)
        # share one representative in the kind: validity can't see the difference.
        # (Amounts are cut to what a payment can spend later: ``spending.cap_kinds``.)
        merged = Amounts.of(())
        for t, n in real.items():
            merged = merged + Amounts.one(b.type_class[t], n)
        # "One mana of any type the sacrificed land could produce": a land that could
        # produce this type must be sacrificed for it (CR 106.7).
        sac_for = sac_filter_index(b, sflt, perm, real.types[0]) \
            if per_type and sflt is not None else sac_index
        k = Kind(merged, snow and b.snow_matters,
                  restriction, ab.mana_cost, 0, name if ab.mana_cost else "", taps, tflt,
                  sacs, sac_for, feed)
        out.append(Option(number, b.kind(k), exclusive, repeat, ab.tap, life, real,
                           gone))
    return out


def repeat_filters(b: Board) -> None:
    """How often each repeatable mana ability that costs only mana and adds one mana
    ("{1}: Add {W}", Farrelite Priest; "{G}: Add one mana of any color", Orochi
    Leafcaller) may be activated in a payment.

    CR 602.1: such an ability may be activated as often as its cost can be paid. Its
    mana never pays an activation of the same ability (``Kind.self_feed``): that loop
    changes nothing (each activation adds one mana, so the one that fed the other can
    be left out and its own payer pay the other, which it could, the costs being the
    same), so a payment that uses it is counted without it, and every answer is the
    same. Then each activation takes at least one mana from other sources; if no two
    such abilities can feed each other in a cycle, each unit of that mana passes
    through each ability at most once, so the activations of one (over all its
    permanents) are at most the mana of the types its cost accepts that the other
    sources and the pool could make, over the fewest its cost takes. They are also at
    most the mana a payment spends on anything else than this ability's costs (each
    activation's one mana is spent, and never on the same ability): the cost's mana,
    the costs of the other mana-costing activations (their blocks' bounds times their
    most units), and the activations of the repeatable ones it feeds, times their
    costs' most units. Those it feeds never feed it back (else it would be in a
    cycle), so this is a recursion on a directed acyclic graph. The smaller bound is
    used: the first alone would be 3^30 with a Forest under thirty Nyxbloom Ancients.
    Where
    two could feed each other in a cycle (each one's mana paying the other's cost),
    the loop through both is not excluded: those are used once and left out, as
    before (answers are then lower bounds).

    Rules
    -----
    CR 602.1 (activate as often as the costs can be paid), CR 605.3a (a mana ability
    may be activated while paying a cost), CR 601.2g-h.
    """
    keys: dict[str, tuple[set[ManaType], ManaCost]] = {}
    for g in b.groups:
        for o in g.options:
            k = b.kinds[o.kind]
            if k.self_feed:
                outs, _cost = keys.setdefault(k.self_feed, (set(), k.mana_cost))
                outs.update(o.event.types)
    if not keys:
        return

    def feeds(a: str, c: str) -> bool:
        return any(acc is None or t in acc for t in keys[a][0]
                   for acc in (accepts(sym, b.spend_sources) for sym in keys[c][1]))

    names = list(keys)
    reach = {a: {c for c in names if c != a and feeds(a, c)} for a in names}
    for _ in names:  # transitive closure (a handful of abilities)
        for a in names:
            reach[a] |= {d for c in reach[a] for d in reach[c]}
    cyclic = {a for a in names if a in reach[a]}

    def supply(key: str) -> int:
        """The most mana the other sources and the pool could give this ability's
        costs: of the types its cost accepts, unless another such ability feeds it."""
        fed = any(key in reach[a] for a in names if a != key)
        costs = keys[key][1]

        def ok(t: ManaType) -> bool:
            return fed or any(acc is None or t in acc
                              for acc in (accepts(sym, b.spend_sources) for sym in costs))
        n = sum(pk.amount for pk in b.pool if ok(pk.type))
        for g in b.groups:
            others = [o for o in g.options if not b.kinds[o.kind].self_feed]
            n += g.size * max((sum(m for t, m in o.event.items() if ok(t))
                               for o in others if o.exclusive), default=0)
            n += sum(g.size * o.repeat * sum(m for t, m in o.event.items() if ok(t))
                     for o in others if not o.exclusive)
        return n

    def units(key: str) -> int:
        return sum(max_units(s) for s in keys[key][1])

    # The mana a payment spends on the cost and on the costs of every activation that
    # isn't of an acyclic repeatable ability (cyclic ones are used once: repeat 1).
    fixed = b.d_main_max
    for g in b.groups:
        for opts, bound in g.blocks():
            if not any(b.kinds[o.kind].self_feed in keys
                       and b.kinds[o.kind].self_feed not in cyclic for o in opts):
                fixed += bound * max(sum(max_units(s) for s in b.kinds[o.kind].mana_cost)
                                     for o in opts)
    demand: dict[str, int] = {}

    def spent_beside(key: str) -> int:
        """The most mana a payment spends other than on ``key``'s own costs."""
        if key not in demand:
            demand[key] = fixed + sum(spent_beside(c) * units(c) for c in names
                                      if c != key and c not in cyclic and feeds(key, c))
        return demand[key]

    most = {key: min(supply(key) // max(1, sum(min_units(s) for s in keys[key][1])),
                     spent_beside(key))
            for key in names if key not in cyclic}
    for g in b.groups:
        changed = []
        for o in g.options:
            key = b.kinds[o.kind].self_feed
            if key and key not in cyclic:
                # The group's activations of it in all (its block's bound) reach the
                # most the other sources allow.
                o = dataclasses.replace(o, repeat=max(1, -(-most[key] // g.size)))
            changed.append(o)
        g.options = tuple(changed)
        for o in g.options:
            key = b.kinds[o.kind].self_feed
            if key in cyclic and f"{g.ids[0]} (ability {o.ability})" not in b.left_out:
                for oid in g.ids:
                    b.left_out.append(f"{oid} (ability {o.ability})")
                    b.notes.append(note(oid, o.ability, LeftOut(
                        "it is used at most once: its mana and another repeatable mana "
                        "ability's could pay each other's costs in a loop, which is not "
                        "modelled")))


def pool_kinds(b: Board) -> list[PoolKind]:
    entries = b.player.mana_pool.entries
    if b.creature_mana_only and entries:
        # Where pool mana came from isn't recorded: it might be a creature's.
        b.left_out.append("the mana pool")
        b.notes.append("the mana pool is left out: only mana produced by creatures "
                          "may pay for this spell, and where pool mana came from isn't "
                          "recorded")
        return [PoolKind(e.type, e.snow, False, e.amount) for e in entries]
    if b.snow_matters and any(e.snow and not_generic(e.restriction) for e in entries):
        # Snow mana that can't pay generic mana costs: whether it pays {S} is not
        # decided (see ``unmodelled``), so the pool is left out.
        b.left_out.append("the mana pool")
        b.notes.append("the mana pool is left out: it holds snow mana that can't be spent "
                       "to pay generic mana costs, and whether {S} is one (CR 107.4h) is "
                       "not decided by manacheck")
        return [PoolKind(e.type, e.snow, False, e.amount) for e in entries]
    unknown = [why for e in entries if (why := b.spend_unknown(e.restriction))]
    if unknown:
        b.left_out.append("the mana pool")
        b.notes.append("the mana pool is left out: it holds mana whose restriction can't "
                       "be decided here: " + unknown[0])
        return [PoolKind(e.type, e.snow, False, e.amount) for e in entries]
    return [PoolKind(e.type, e.snow, b.allowed_main(e.restriction), e.amount,
                     not_generic(e.restriction))
            for e in entries]
