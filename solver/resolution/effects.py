"""The effects of a resolving triggered or activated ability, one function per kind.

:func:`do_effects` follows an ability's effects in the order written, each by the
function ``EFFECTS`` names for its kind; a kind that isn't there is refused with
:class:`~.core.Unsupported`, never skipped. Each function returns whether the rest of
the effects happen (False after "sacrifice a permanent; if you do, ..." when nothing is
sacrificed). :func:`draw` is also the ``draw`` event's.

Rules
-----
CR 608.2c: instructions are followed in the order written. CR 608.2b: a target that is
no longer legal is not affected. CR 608.2h: information the effect needs from an object
that has left is its last-known information. CR 122.6: putting counters, as the
effects on the battlefield change them (:func:`put_counters_on`: replacement effects,
CR 614.1a, 616.1; "can't have counters put on it"); CR 122.8: "put its counters" puts
the same number of each kind; CR 122.5: moving a counter is removing it and putting it,
and a counter that can't be put onto the second object isn't removed from the first.
CR 119.3: gaining and losing life (a target player's: CR 115.1, 608.2b). CR 121.2:
drawing cards one at a time (from an empty library: noted for CR 704.5b). CR 701.21a,
603.5: sacrificing (optional when the ability says "you may"). CR 111.1: creating
tokens. CR 701.26a-b: tapping and untapping. CR 701.6a: countering a spell. CR 603.6c,
400.7, 107.3: returning a card to the battlefield as a new object (persist, CR
702.79a; undying, CR 702.93a). The composed effects (damage, destroy, exile, return,
discard, mill, ...) are in :mod:`.composed`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace

from manacheck.model import Card, Counters, Permanent, StackItem, effective, matches
from manacheck.model.abilities import Effect, ObjectFilter
from manacheck.model.placing import place_counters
from manacheck.model.tokens import predefined_token

from . import limits
from .cards import TOKENS, UNKNOWN_CARD
from .composed import COMPOSED, target_of, target_player
from .core import Run, Unsupported
from .triggers import enter_battlefield, leave_battlefield
from .zones import add_card, fmt_counters, new_id, on_battlefield, set_counters

__all__ = ["EFFECTS", "EffectFunction", "do_effects", "draw", "put_counters_on"]

#: An effect's function: (run, effect, the resolving stack object, whether the ability
#: is optional) -> whether the rest of the effects happen.
EffectFunction = Callable[[Run, Effect, StackItem, bool], bool]


#: Parameters no effect function reads: "at the beginning of the next end step" (a
#: delayed triggered ability, CR 603.7), "if"/"unless" conditions of the effect, and
#: an effect's own "may" (``optional``; an optional ability's is the ability's).
_NOT_MODELLED_PARAMS = ("at", "if", "unless", "optional")


def do_effects(run: Run, effects: Iterable[Effect], item: StackItem, optional: bool) -> None:
    """CR 608.2c: follow the effects in order, each by its kind's function."""
    for eff in effects:
        do = EFFECTS.get(eff.kind)
        if do is None:
            raise Unsupported(f"the effect '{eff.kind}' of '{item.id}' is not modelled by "
                              "the resolution solver")
        if any(k in eff.params for k in _NOT_MODELLED_PARAMS):
            # a delayed trigger (CR 603.7) or a condition of the effect's own
            raise Unsupported(f"the effect '{eff.kind}' of '{item.id}' with "
                              f"{'/'.join(k for k in _NOT_MODELLED_PARAMS if k in eff.params)}"
                              " is not modelled by the resolution solver")
        if not do(run, eff, item, optional):
            return


def _put_counters(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 122.6 put counters; CR 122.8, 608.2h "put its counters" (as it last existed)."""
    src = item.source or ""
    k = eff.kind
    if k == "put_counters_like":
        counters = item.counters
    else:
        counters = Counters.of({eff.params.str("counter"): _count(run, eff, item)})
    onto = eff.params.str("onto", "self")
    if onto not in ("self", "target"):  # ("each creature you control", ...)
        raise Unsupported(f"putting counters onto '{onto}' is not modelled by the "
                          "resolution solver")
    if onto == "self":
        dest = src
    else:
        found = target_of(run, eff, item)  # (CR 608.2b: not if illegal now)
        if found is None:
            return True
        dest = found
    perm = on_battlefield(run.state, dest)
    if perm is None:
        run.note(f"{dest} is no longer on the battlefield: no counters are put "
                 "on it", "608.2h", "122.5" if onto == "self" else "608.2b")
        return True
    if not counters:
        run.note("no counters to put", "122.8")
        return True
    like = k == "put_counters_like"
    put = put_counters_on(run, dest, counters)
    if put:
        run.note(f"put {fmt_counters(put)} on {dest}"
                 + (" (the same number of each kind it had)" if like and put == counters
                    else ""),
                 *(["122.8", "608.2h"] if like else ["122.6"]))
    return True


def _count(run: Run, eff: Effect, item: StackItem) -> int:
    """An effect's ``count``: a number (1 when absent), or ``for_each``: the number of
    permanents matching its ``filter`` (relative to the ability's controller), of the
    active player's when ``whose: active_player`` ("for each untapped land that player
    controls" in "at the beginning of each player's end step", CR 513.1), counted as the
    effect happens (CR 608.2h)."""
    n = eff.params.get("count", 1)
    if isinstance(n, int) and not isinstance(n, bool):
        return n
    flt = eff.params.get("filter")
    if n != "for_each" or not isinstance(flt, ObjectFilter):
        raise Unsupported(f"the count {n!r} of '{item.id}' is not modelled by the "
                          "resolution solver")
    whose = eff.params.str("whose")
    if whose not in ("", "active_player"):
        raise Unsupported(f"'whose: {whose}' of '{item.id}' is not modelled by the "
                          "resolution solver")
    chars = effective(run.state)
    active = run.state.turn.active_player
    return sum(1 for p in run.state.permanents
               if (not whose or p.controller == active)
               and matches(flt, chars[p.id], p, run.state, item.controller, item.source))


def put_counters_on(run: Run, dest: str, counters: Counters) -> Counters:
    """Put ``counters`` on the permanent ``dest``, as the effects on the battlefield
    change them (:func:`~manacheck.model.placing.place_counters`: replacement effects
    such as Branching Evolution's, and "can't have counters put on it"); each change is
    logged. Returns the counters put.

    Rules
    -----
    CR 122.6, 614.1a, 616.1 (see :mod:`manacheck.model.placing`).
    """
    placing = place_counters(run.state, dest, counters)
    for text, rules in placing.why:
        run.note(text, *rules)
    if placing.put:
        perm = run.state.permanent(dest)
        run.state = set_counters(run.state, dest, perm.counters.plus(placing.put))
    elif placing.why:
        run.note(f"no counters are put on {dest}", "122.6")
    return placing.put


def _move_all_counters(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 122.5: move all counters from the source onto the target: if either object
    isn't there (or they are one object), nothing moves; a counter that can't be put
    onto the target (Tatterkite, Blightbeetle) stays on the source and the others move
    (a counter is moved or not, each on its own: Weapon Rack ruling 2019-10-04, "If the
    creature ... can't have a +1/+1 counter put onto it for some other reason, you
    won't remove a +1/+1 counter"; XMage TheOzolithTest.testTheOzolithCantGiveSome-
    Counters). The player can't choose to move only some (The Ozolith ruling
    2020-04-17). The counters put are changed as any put is (:func:`put_counters_on`:
    Branching Evolution doubles +1/+1 counters moved onto a creature of its
    controller's; Bioshift ruling 2013-01-24)."""
    src = item.source or ""
    dest = item.targets[eff.params.int("target", 0)]
    source_perm = on_battlefield(run.state, src)
    dest_perm = on_battlefield(run.state, dest)
    if source_perm is None or dest_perm is None or dest == src:
        run.note(f"can't move counters: {src if source_perm is None else dest} "
                 "isn't on the battlefield; nothing moves", "122.5")
        return True
    have = source_perm.counters
    # CR 122.5: a counter that can't be put onto the second object isn't moved: it
    # stays (Weapon Rack's ruling; XMage TheOzolithTest.testTheOzolithCantGiveSomeCounters).
    placing = place_counters(run.state, dest, have)
    barred = [k for k in have if not placing.put[k]]
    moved = Counters.of({k: n for k, n in have.items if k not in barred})
    if barred:
        for text, rules in placing.why:
            if "can't have" in text:
                run.note(text, *rules, "122.5")
        run.note(f"{fmt_counters(Counters.of({k: have[k] for k in barred}))} can't be put "
                 f"onto {dest}, so they aren't moved: they stay on {src}", "122.5")
    if not moved:
        run.note(f"no counter can be moved from {src} onto {dest}", "122.5")
        return True
    run.state = set_counters(run.state, src, Counters.of({k: have[k] for k in barred}))
    run.note(f"move {fmt_counters(moved)} from {src} onto {dest} (removed from {src} and "
             f"put onto {dest})", "122.5")
    put_counters_on(run, dest, moved)
    return True


def _life(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 119.3: the ability's controller gains or loses life; ``who: each_player``
    every player, ``who: each_opponent`` each opponent of its controller (CR 102.2),
    at once (CR 101.4: in turn order, which changes nothing here)."""
    k = eff.kind
    you = item.controller
    who = eff.params.get("who")
    if who is None:
        players = [you]
    elif who == "each_player":
        players = [p.name for p in run.state.players]
    elif who == "each_opponent":
        players = [p.name for p in run.state.opponents(you)]
    elif who == "target":
        # the target player (CR 115.1), if still legal (608.2b)
        t = target_player(run, eff, item)
        players = [] if t is None else [t]
    else:
        raise Unsupported(f"'{k}' for {who} is not modelled by the resolution solver")
    n = eff.params.get("amount", 1)
    if not isinstance(n, int) or isinstance(n, bool):
        raise Unsupported(f"the amount {n!r} of '{item.id}' is not modelled by the "
                          "resolution solver")
    for name in players:
        p = run.state.player(name)
        life = p.life + (n if k == "gain_life" else -n)
        run.state = run.state.with_player(replace(p, life=life))
        run.note(f"{name} {'gains' if k == 'gain_life' else 'loses'} {n} life "
                 f"({p.life} → {life})", "119.3")
    return True


def _draw(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 121.2: draw cards (``draw_up_to``: up to a hand size); the count as
    :func:`_count` reads it (an amount it doesn't read is refused)."""
    you = item.controller
    if "who" in eff.params:
        # the target player (CR 115.1), if still legal (608.2b); another: refused
        target = target_player(run, eff, item)
        if target is None:
            return True
        you = target
    n = _count(run, eff, item)
    if eff.kind == "draw_up_to":
        n = max(0, n - len(run.state.player(you).hand))
    draw(run, you, n)
    return True


def _sacrifice_then(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 701.21a, 603.5: (you may) sacrifice a permanent; if none, the rest doesn't
    happen (CR 608.2c)."""
    src = item.source or ""
    you = item.controller
    flt = eff.params.get("filter")
    cands = [p.id for p in run.state.permanents
             if p.controller == you and (
                 not isinstance(flt, ObjectFilter)  # no filter: anything
                 or matches(flt, effective(run.state)[p.id], p, run.state, you,
                            src))]
    opts = (["none"] if optional else []) + cands
    if not opts or opts == ["none"]:
        run.note("nothing to sacrifice; the rest doesn't happen", "608.2c")
        return False
    pick = run.choose("sacrifice", you, "the permanent to sacrifice (or none)",
                      opts, ("701.21a", "603.5"), auto_single=False)
    if pick == "none":
        run.note(f"{you} doesn't sacrifice; the rest doesn't happen", "608.2c")
        return False
    run.note(f"{you} sacrifices {pick}", "701.21a")
    leave_battlefield(run, [pick], "graveyard")
    return True


def _create_tokens(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 111.1: create tokens (``per_counter``: one for each counter it had, CR 608.2h)."""
    you = item.controller
    name = eff.params.str("token")
    if "copy_of" in eff.params:
        raise Unsupported("a token that's a copy of an object is not modelled (CR 707.2)")
    # The solver's own tokens, then the predefined ones by name (CR 111.10: "Create a
    # Treasure token" uses the rules' definition).
    token = TOKENS.get(name) or predefined_token(name)
    if token is None:
        raise Unsupported(f"unknown token '{name}'")
    per = eff.params.str("per_counter")
    n = item.counters[per] if per else _count(run, eff, item)
    if n > limits.MAX_TOKENS:
        raise Unsupported(f"'{item.id}' would create {n} tokens; the limit is "
                          f"{limits.MAX_TOKENS}")
    # Their ids first: entering adds nothing else to the state (its triggers wait,
    # CR 603.3), and each id is taken, so these are the ids one at a time would give.
    ids = [new_id(run.state, name, run.taken, run.id_memo) for _ in range(n)]
    for tid in ids:
        enter_battlefield(run, Permanent(id=tid, card=token, controller=you,
                                         owner=you, summoning_sick=True,
                                         token=True))
    why = f" (one for each {per} counter it had: last-known information)"
    run.note(f"create {n} {name} token(s)" + (why if per else ""),
             "111.1", *(["608.2h", "603.10a"] if per else []),
             *(["111.10"] if name not in TOKENS else []))
    return True


def _tap_or_untap(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 701.26a-b: only an untapped permanent can be tapped, only a tapped one
    untapped; otherwise nothing happens."""
    k = eff.kind
    if "target" in eff.params:
        found = target_of(run, eff, item)  # (CR 608.2b: not if illegal now)
        if found is None:
            return True
        dest = found
    elif eff.params.get("onto") == "self" and len(eff.params.as_dict()) == 1:
        dest = item.source or ""
    else:  # "all": not its target
        raise Unsupported(f"'{k}' of something other than a target or its source is "
                          "not modelled by the resolution solver")
    perm = on_battlefield(run.state, dest)
    if perm is None:
        run.note(f"{dest} is no longer on the battlefield", "608.2b", "400.7")
        return True
    if perm.tapped == (k == "tap"):
        run.note(f"{dest} is already {'tapped' if perm.tapped else 'untapped'}: "
                 f"nothing happens", "701.26a" if k == "tap" else "701.26b")
        return True
    run.state = run.state.with_permanent(replace(perm, tapped=(k == "tap")))
    run.note(f"{k} {dest}", "701.26a" if k == "tap" else "701.26b")
    return True


def _return_to_battlefield(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """Persist/undying: the card returns from the graveyard it went to (CR 603.6c,
    400.7: as a new object) with the counter; it wasn't cast, so X is 0 (107.3)."""
    oid = item.source or ""
    counter = eff.params.str("counter")
    if "what" in eff.params or not counter:  # (an exiled card, "tapped": CR 701.13)
        raise Unsupported("returning another object than the source with a counter is "
                          "not modelled by the resolution solver")
    if oid not in run.state or run.state.zone_of(oid) != "graveyard":
        run.note(f"{oid} is no longer in the graveyard it went to: it doesn't return",
                 "603.6c", "400.7")
        return True
    card = run.state.get(oid)
    assert isinstance(card, Card)
    owner = run.state.player(card.owner)
    run.state = run.state.with_player(
        replace(owner, graveyard=tuple(c for c in owner.graveyard if c.id != oid)))
    counters = Counters.of({counter: 1})
    for ab in card.card.static_abilities:
        if ab.kind == "enters_with_counters" and ab.counter and isinstance(ab.count, int):
            counters = counters.add(ab.counter, ab.count)
    run.note(f"{oid} returns to the battlefield under {card.owner}'s control with "
             f"{fmt_counters(counters)}", "702.79a" if counter == "-1/-1" else "702.93a",
             "400.7")
    enter_battlefield(run, Permanent(id=oid, card=card.card, controller=card.owner,
                                     owner=card.owner, summoning_sick=True,
                                     counters=counters))
    return True


def _counter(run: Run, eff: Effect, item: StackItem, optional: bool) -> bool:
    """CR 701.6a: the target spell is countered and put into its owner's graveyard (a
    spell not its target, ``what: subject``, is refused)."""
    if "target" not in eff.params:
        raise Unsupported(f"countering a spell that isn't the target of '{item.id}' is "
                          "not modelled by the resolution solver")
    t = item.targets[eff.params.int("target", 0)]
    spell = run.state.get(t)
    assert isinstance(spell, StackItem)
    run.state = replace(run.state, stack=tuple(s for s in run.state.stack
                                               if s.id != t))
    if spell.card is not None:
        run.state = add_card(run.state, spell.controller, "graveyard",
                             Card(spell.id, spell.card, spell.controller))
    run.note(f"{t} is countered and put into its owner's graveyard", "701.6a")
    return True


#: The effect kinds the solver models, each with its function.
EFFECTS: Mapping[str, EffectFunction] = {
    "put_counters_like": _put_counters,
    "put_counters": _put_counters,
    "move_all_counters": _move_all_counters,
    "gain_life": _life,
    "lose_life": _life,
    "draw": _draw,
    "draw_up_to": _draw,
    "sacrifice_then": _sacrifice_then,
    "create_tokens": _create_tokens,
    "untap": _tap_or_untap,
    "tap": _tap_or_untap,
    "return_to_battlefield": _return_to_battlefield,
    "counter": _counter,
    **COMPOSED,
}


def draw(run: Run, player: str, n: int) -> None:
    """CR 121.2: ``player`` draws ``n`` cards, each an ``Unknown Card``; drawing from an
    empty library is remembered for the state-based action (CR 704.5b)."""
    p = run.state.player(player)
    got = min(n, p.library_size)
    cards = []
    for _ in range(got):
        cards.append(Card(new_id(run.state, "Unknown Card", run.taken, run.id_memo), UNKNOWN_CARD,
                          player))
    run.state = run.state.with_player(replace(p, hand=(*p.hand, *cards),
                                                library_size=p.library_size - got))
    run.note(f"{player} draws {got} card(s) (library: {p.library_size} → "
             f"{p.library_size - got})", "121.2")
    if got < n:
        run.drew_from_empty.add(player)
        run.note(f"{player} can't draw {n - got} more: the library is empty", "121.2")
