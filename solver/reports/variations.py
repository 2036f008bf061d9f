"""The one-dimension changes a report tries around a base board.

Each :class:`Variation` changes one thing the rules care about, in a direction the
ability's own data points to: its {T} or {Q} (tapped, summoning sick), its timing
(another step, the opponent's turn, a spell on the stack, priority), "once each turn",
its mana cost (one source fewer), its life and counter costs (one short of the
threshold), its discard cost (an empty hand, a card with {X} in its mana cost), its
targets (none left), counters of each kind on the source, a copy of itself, the lands a
could-produce ability looks at, and a nearby card of each effect kind (mana
replacement effects, cost changes, restrictions, and effects the question doesn't
apply, which must give "not decided").

``expected`` says whether a plain reading of the card expects the change to matter; a
case where the answer flips although it isn't expected is *surprising*.

Rules
-----
CR 107.5, 107.6, 302.6 ({T}/{Q}, summoning sickness); CR 117.1, 307.1, 602.5d (timing,
priority); CR 602.5b (once each turn); CR 601.2g-h (mana); CR 119.4, 107.4f (life);
CR 118.3, 122 (counters); CR 107.3, 202.3e (X off the stack is 0); CR 115, 601.2c
(targets); CR 704.5f, 704.5j (state-based actions); CR 106.7 (could produce).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial

from manacheck.model import (
    ActivatedAbility,
    CardDefinition,
    CostKind,
    GameState,
    ManaProductionKind,
    Permanent,
    Phase,
    StackItem,
)
from manacheck.model.mana import SymbolKind
from manacheck.model.state import Card, Counters

__all__ = ["Variation", "activation_variations", "event_targets", "leaves_variations",
           "produce_variations", "remove_permanent", "snow_variations"]

Change = Callable[[GameState], GameState | None]


@dataclass(frozen=True)
class Variation:
    """One change: what it varies, its title, whether it's expected to matter, and how."""

    dimension: str
    title: str
    expected: bool
    apply: Change
    rules: tuple[str, ...] = ()
    #: The object the change puts counters on, if any.
    subject: str | None = None
    #: For a change made of several (two effects together, every order of them): each
    #: part alone. The case is kept only when its answer is none of theirs: else the
    #: order of the effects didn't change the answer (CR 616.1), nothing new is shown.
    alone: tuple[Change, ...] = ()


def _add_counters(state: GameState, oid: str, kind: str, n: int) -> GameState:
    return _set_perm(state, oid, counters=state.permanent(oid).counters.add(kind, n))


def _set_counters(state: GameState, oid: str, kind: str, n: int) -> GameState:
    counters = Counters.of({**state.permanent(oid).counters.as_dict(), kind: n})
    return _set_perm(state, oid, counters=counters)


def _add_for(state: GameState, player: str, card: CardDefinition) -> GameState:
    return add_permanent(state, player, card)


def _set_life(state: GameState, player: str, life: int) -> GameState:
    return state.with_player(replace(state.player(player), life=life))


def _set_x(state: GameState, oid: str, x: int) -> GameState:
    return replace(state, stack=tuple(replace(i, x=x) if i.id == oid else i
                                      for i in state.stack))


def _set_alt(state: GameState, oid: str, alt: str) -> GameState:
    return replace(state, stack=tuple(replace(i, alternative_cost=alt) if i.id == oid
                                      else i for i in state.stack))


def _filler_card(state: GameState) -> CardDefinition | None:
    """A card with no abilities to hold in a hand: Wastes, else any basic land."""
    for name in ("Wastes", "Plains", "Island", "Swamp", "Mountain", "Forest"):
        c = state.cards.get(name)
        if c is not None:
            return c
    return None


def _add_to_hand(state: GameState, player: str, card: CardDefinition) -> GameState:
    p = state.player(player)
    return state.with_player(replace(p, hand=(*p.hand, Card(id=_new_id(state, card.name),
                                                            card=card, owner=player))))


def _set_perm(state: GameState, oid: str, **kw: object) -> GameState:
    perm = state.permanent(oid)
    return state.with_permanent(replace(perm, **kw))  # type: ignore[arg-type,unused-ignore]


def remove_permanent(state: GameState, oid: str) -> GameState:
    """``state`` without the permanent ``oid``."""
    return _remove_perm(state, oid)


def _remove_perm(state: GameState, oid: str) -> GameState:
    players = tuple(replace(p, battlefield=tuple(o for o in p.battlefield if o.id != oid))
                    for p in state.players)
    return replace(state, players=players)


def _remove_object(state: GameState, oid: str) -> GameState:
    players = tuple(replace(p, battlefield=tuple(o for o in p.battlefield if o.id != oid),
                            hand=tuple(o for o in p.hand if o.id != oid),
                            graveyard=tuple(o for o in p.graveyard if o.id != oid),
                            exile=tuple(o for o in p.exile if o.id != oid))
                    for p in state.players)
    return replace(state, players=players, stack=tuple(s for s in state.stack if s.id != oid))


def _new_id(state: GameState, base: str) -> str:
    def taken(i: str) -> bool:
        return i in state or i in state.player_names

    if not taken(base):
        return base
    n = 2
    while taken(f"{base}#{n}"):
        n += 1
    return f"{base}#{n}"


def add_permanent(state: GameState, player: str, card: CardDefinition) -> GameState:
    """``card`` enters under ``player``'s control, untapped, not summoning sick."""
    p = state.player(player)
    # CR 306.5b: a planeswalker enters with its printed loyalty in loyalty counters.
    counters = Counters.of({"loyalty": card.loyalty}) if card.loyalty else Counters()
    perm = Permanent(id=_new_id(state, card.name), card=card, controller=player,
                     owner=player, counters=counters)
    return state.with_player(replace(p, battlefield=(*p.battlefield, perm)))


def _is_creature(perm: Permanent) -> bool:
    return "Creature" in perm.card.types


def _opponent(state: GameState, you: str) -> str | None:
    opps = state.opponents(you)
    return opps[0].name if opps else None


def _with_turn(state: GameState, **kw: object) -> GameState:
    return replace(state, turn=replace(state.turn, **kw))  # type: ignore[arg-type]


def _x_card(state: GameState) -> CardDefinition | None:
    """A card with {X} in its mana cost (its mana value counts X as 0 off the stack):
    the first by name, found once per card database."""
    from .filecache import per_database

    return per_database(state.cards, "x card", lambda: _first_x_card(state))


def _first_x_card(state: GameState) -> CardDefinition | None:
    db = state.cards.above_pool()  # the built-in cards and the state's own, not the pool
    for name in sorted(db):
        c = db.get(name)
        if (c is not None and c.mana_cost is not None and "X" in c.mana_cost.text
                and "Land" not in c.types):
            return c
    return None


#: Real vanilla creature cards by mana value, for a spell on the stack.
_VANILLA = {1: "Savannah Lions", 2: "Grizzly Bears"}


def _spell_card(mv: int, db: object = None) -> CardDefinition:
    """A real creature card of mana value ``mv`` (a vanilla one), if the database has
    it; else a made-up one."""
    from manacheck.model import ManaCost
    from manacheck.model.cards import CardDatabase

    real = db.get(_VANILLA.get(mv, "")) if isinstance(db, CardDatabase) else None
    if real is not None:
        return real
    return CardDefinition(name="Generic Creature Spell", mana_cost=ManaCost.parse(
        "{" + str(mv) + "}"), types=("Creature",), power=1, toughness=1)


#: The rules behind each kind of nearby effect (its kind key's prefix).
_KIND_RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("static:mana_replacement", ("614.1a", "106.7")),
    ("static:land_types", ("305.7", "613.1d")),
    ("static:grant_ability", ("613.1f",)),
    ("static:cost_modifier", ("601.2f", "602.2b")),
    ("static:spend_as_any_color", ("609.4b",)),
    ("static:other:set_color", ("613.1e", "105.2")),
    ("static:other:activate_as_though_haste", ("302.6",)),
    ("static:cant_have_counters", ("122.1", "122.5")),
    ("static:counter_replacement", ("614.1a", "616.1")),
    ("static:type_change", ("613.1d", "613.4b")),
    ("trigger:tapped_for_mana", ("605.1b", "106.12a")),
    ("trigger:mana_added", ("605.1b", "106.12a")),
)


def _counter_kinds(text: str) -> list[str]:
    """The kinds of counter a card's text names ("a charge counter", "storage
    counters"), in order, without "+1/+1" and "-1/-1" spelled as words."""
    import re

    # Only a word a counter is counted by ("a charge counter", "X storage counters",
    # "three time counters", "each kind of counter" is not one): a real kind (CR 122.1),
    # never the word before "counters" in "had counters on it" (The Ozolith).
    words = re.findall(r"\b(?:a|an|one|two|three|four|five|x|\d+|many|of|those|that|"
                       r"additional|more|no)\s+([+-]\d+/[+-]\d+|[a-z]+) counters?\b",
                       text.lower())
    skip = {"a", "an", "the", "of", "those", "its", "all", "any", "each", "more", "one",
            "two", "three", "x", "that", "no", "many", "same", "number", "kind", "with",
            "additional", "remove", "put", "move", "these", "other"}
    return list(dict.fromkeys(w for w in words if w not in skip))


def probe_rules(card: CardDefinition) -> tuple[str, ...]:
    """The rules a nearby card's effects are governed by (for its cases)."""
    from manacheck.model.effects import kind_of_ability

    out: dict[str, None] = {}
    for ab in card.abilities:
        k = kind_of_ability(ab)
        if k is None:
            continue
        for prefix, rules in _KIND_RULES:
            if k.key.startswith(prefix):
                out.update(dict.fromkeys(rules))
    return tuple(out)


def common_variations(state: GameState, oid: str, player: str,
                      probes: Sequence[CardDefinition]) -> Iterator[Variation]:
    """Changes worth trying for any question about the object ``oid``."""
    obj = state.get(oid)
    card = obj.card if isinstance(obj, (Permanent, Card)) else None
    opp = _opponent(state, player)
    if isinstance(obj, Permanent) and card is not None:
        # CR 704.5f with the counters it has (a 0/0 with a +1/+1 counter is a 1/1).
        toughness = (card.toughness + obj.counters["+1/+1"] - obj.counters["-1/-1"]
                     if isinstance(card.toughness, int) else 0)
        lethal = _is_creature(obj) and toughness > 0
        named = [k for k in _counter_kinds(card.text) if k not in ("+1/+1", "-1/-1")]
        for kind in ("+1/+1", "-1/-1", *named):
            if kind == "-1/-1" and lethal and toughness == 1:
                continue  # one -1/-1 counter is the lethal case below
            had = obj.counters[kind]
            title = (f"{oid} has a {kind} counter" if not had else
                     f"{oid} has one more {kind} counter ({had + 1} in all)")
            yield Variation("counters", title, False,
                            partial(_add_counters, oid=oid, kind=kind, n=1), ("122.1",), oid)
        if lethal:
            t = toughness
            yield Variation("counters", f"{oid} has {t} -1/-1 counter(s): toughness 0",
                            True, partial(_add_counters, oid=oid, kind="-1/-1", n=t),
                            ("704.5f",), oid)
        # (whether the legend rule applied is the answer's to say: the case's title
        # names it only then, card.case_title)
        legendary = "Legendary" in card.supertypes
        yield Variation("copies", f"{player} controls a second {card.name}", legendary,
                        lambda s: add_permanent(s, player, card),
                        ("704.5j",) if legendary else ())
    for probe in probes:
        rules = probe_rules(probe)
        yield Variation("nearby", f"{player} controls {probe.name}", True,
                        partial(_add_for, player=player, card=probe), rules)
        if opp is not None:
            yield Variation("nearby", f"{opp} controls {probe.name}", True,
                            partial(_add_for, player=opp, card=probe), rules)


def activation_variations(state: GameState, oid: str, number: int, ab: ActivatedAbility,
                          player: str, targets: Sequence[str],
                          probes: Sequence[CardDefinition]) -> list[Variation]:
    """Every change tried for "may ``player`` activate ability ``number`` of ``oid``"."""
    out: list[Variation] = []
    add = out.append
    obj = state.get(oid)
    opp = _opponent(state, player)
    if isinstance(obj, Permanent):
        if not obj.tapped:
            add(Variation("tapped", f"{oid} is tapped", ab.tap,
                          lambda s: _set_perm(s, oid, tapped=True), ("107.5",)))
        else:
            add(Variation("tapped", f"{oid} is untapped", ab.untap,
                          lambda s: _set_perm(s, oid, tapped=False), ("107.6",)))
        if _is_creature(obj) and not obj.summoning_sick:
            add(Variation("summoning sickness",
                          f"{oid} came under {player}'s control this turn", ab.tap or ab.untap,
                          lambda s: _set_perm(s, oid, summoning_sick=True), ("302.6",)))
    sorcery = ab.timing == "sorcery" or ab.loyalty  # CR 606.3: loyalty abilities too
    add(Variation("timing", f"it is {player}'s upkeep", sorcery,
                  lambda s: _with_turn(s, phase=Phase.UPKEEP), ("307.1", "602.5d")))
    if opp is not None:
        add(Variation("timing", f"it is {opp}'s turn ({player} holds priority)", sorcery,
                      lambda s: _with_turn(s, active_player=opp, priority=player),
                      ("602.5d",)))
        add(Variation("priority", f"{opp} holds priority", True,
                      lambda s: _with_turn(s, priority=opp), ("117.1",)))
        spell = _spell_card(2, state.cards)

        def with_spell(s: GameState) -> GameState:
            item = StackItem(id=_new_id(s, spell.name), controller=opp, card=spell)
            return replace(s, stack=(*s.stack, item))
        add(Variation("stack", f"{opp}'s spell is on the stack", sorcery, with_spell,
                      ("602.5d",)))
    add(Variation("once each turn", f"ability {number} of {oid} was activated this turn",
                  ab.once_each_turn or ab.loyalty,
                  lambda s: replace(s, activated_this_turn=(*s.activated_this_turn,
                                                            (oid, number))), ("602.5b",)))
    # Mana: one source fewer (CR 601.2g-h).
    if ab.mana_cost.symbols:
        seen: set[str] = set()
        for perm in state.player(player).battlefield:
            makes_mana = "Land" in perm.card.types or any(
                isinstance(a, ActivatedAbility) and a.mana is not None
                for a in perm.card.abilities)
            if perm.id == oid or perm.card.name in seen or not makes_mana:
                continue
            seen.add(perm.card.name)
            add(Variation("mana", f"{player} has no {perm.id}", True,
                          partial(_remove_perm, oid=perm.id), ("601.2g", "601.2h")))
    phyrexian = sum(1 for sym in ab.mana_cost.symbols if sym.kind in (
        SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN))
    if phyrexian:
        # CR 107.4f, 119.4: each Phyrexian symbol is paid with its mana or 2 life, and a
        # player can pay only life they have: at 1 life, only the mana pays.
        for life in (2 * phyrexian, 1):
            add(Variation("life", f"{player} has {life} life", life == 1,
                          partial(_set_life, player=player, life=life), ("107.4f", "119.4")))
        sources = [p.id for p in state.player(player).battlefield if p.id != oid]
        if sources:
            def no_mana(s: GameState, ids: tuple[str, ...] = tuple(sources)) -> GameState:
                for i in ids:
                    s = _remove_perm(s, i)
                return s
            add(Variation("life", f"{player} has no other permanents: Phyrexian mana paid "
                          "with life", False, no_mana, ("107.4f", "119.4")))
    for part in ab.costs:
        if part.kind is CostKind.PAY_LIFE and isinstance(part.count, int):
            n = part.count
            add(Variation("life", f"{player} has exactly {n} life", False,
                          partial(_set_life, player=player, life=n),
                          ("119.4",)))
            add(Variation("life", f"{player} has {n - 1} life", True,
                          partial(_set_life, player=player, life=n - 1), ("119.4",)))
        if (part.kind is CostKind.REMOVE_COUNTERS and isinstance(part.count, int)
                and isinstance(obj, Permanent)):
            n, kind = part.count, part.counter
            add(Variation("counters", f"{oid} has {n - 1} {kind} counter(s)", True,
                          partial(_set_counters, oid=oid, kind=kind, n=n - 1),
                          ("118.3",)))
        if part.kind in (CostKind.DISCARD, CostKind.REVEAL, CostKind.DISCARD_HAND):
            hand = state.player(player).hand
            add(Variation("hand", f"{player}'s hand is empty",
                          part.kind is not CostKind.DISCARD_HAND,
                          lambda s: s.with_player(replace(s.player(player), hand=())),
                          ("118.3",)))
            xc = _x_card(state)
            if xc is not None and hand and part.filter != type(part.filter)():
                def x_hand(s: GameState, c: CardDefinition = xc) -> GameState:
                    p = s.player(player)
                    new = tuple(Card(id=_new_id(s, c.name) if i == 0 else f"{c.name}#{i + 1}",
                                     card=c, owner=player) for i in range(len(p.hand)))
                    return s.with_player(replace(p, hand=new))
                add(Variation("hand", f"{player}'s hand holds {xc.name} "
                              f"({xc.mana_cost.text if xc.mana_cost else ''}) instead",
                              False, x_hand, ("107.3", "202.3e")))
    # Hand size: one card more (an ability that counts cards in hand, CR 402).
    extra = _filler_card(state)
    if extra is not None:
        hand_matters = ab.condition is not None or any(
            p.kind in (CostKind.DISCARD, CostKind.REVEAL, CostKind.DISCARD_HAND)
            for p in ab.costs)
        add(Variation("hand", f"{player} has one more card in hand ({extra.name})",
                      hand_matters, partial(_add_to_hand, player=player, card=extra),
                      ("402.1",)))
    # Targets: the chosen ones leave (CR 115, 601.2c); a spell target's X changes.
    for t in dict.fromkeys(targets):
        if t in state.player_names or t == oid:
            continue
        tname = state.get(t).name if t in state else t
        shown = t if tname == t else f"{tname} ({t})"
        add(Variation("targets", f"{shown} isn't there", True,
                      partial(_remove_object, oid=t), ("601.2c", "115.1")))
        for item in state.stack:
            if item.id == t and item.x is not None:
                add(Variation("stack", f"{t} was cast with X={item.x + 1}", True,
                              partial(_set_x, oid=t, x=item.x + 1),
                              ("107.3", "202.3e")))
            if (item.id == t and item.card is not None and item.card.alternative_costs
                    and item.alternative_cost is None):
                alt = item.card.alternative_costs[0].name
                # CR 118.9c, 202.3: an alternative cost doesn't change the mana value.
                add(Variation("stack", f"{t} was cast for its {alt} cost", False,
                              partial(_set_alt, oid=t, alt=alt), ("118.9c", "202.3")))
    out.extend(common_variations(state, oid, player, probes))
    return out


def _leaves_first(state: GameState, oid: str) -> GameState | None:
    events = list(state.events)
    if not events or oid not in state or state.zone_of(oid) != "battlefield":
        return None
    last = events[-1]
    if not (last == "resolve" or (isinstance(last, dict) and "resolve" in last)):
        return None
    return replace(state, events=(*events[:-1], {"exile": oid}, last))


def leaves_variations(state: GameState, oid: str, *, target: bool = False
                      ) -> list[Variation]:
    """For a board with events ending in a resolution: the object ``oid`` (the card, or
    with ``target`` a target its events choose) is exiled just before it. CR 113.7a: an
    ability on the stack exists independently of its source; CR 608.2h: last-known
    information; CR 400.7: a new object; CR 608.2b: a target gone is illegal."""
    if target:
        return [Variation("leaves", f"the target {oid} is exiled just before the last "
                          "resolution", True, partial(_leaves_first, oid=oid),
                          ("608.2b", "400.7"))]
    return [Variation("leaves", f"{oid} is exiled just before the last resolution", True,
                      partial(_leaves_first, oid=oid), ("113.7a", "608.2h", "400.7"))]


def event_targets(state: GameState) -> list[str]:
    """The targets a board's events choose (``activate``/``cast`` targets, ``choose:
    {target}``/``{targets}``), in order, once each."""
    out: dict[str, None] = {}
    for ev in state.events:
        if not isinstance(ev, dict):
            continue
        for key in ("activate", "cast", "choose"):
            body = ev.get(key)
            if not isinstance(body, dict):
                continue
            ts = body.get("targets", [body["target"]] if "target" in body else [])
            for t in ts if isinstance(ts, list) else []:
                if isinstance(t, str):
                    out.setdefault(t, None)
    return list(out)


def produce_variations(state: GameState, oid: str, helpers: Sequence[str],
                       probes: Sequence[CardDefinition]) -> list[Variation]:
    """Every change tried for "what could ``oid`` produce" (CR 106.7)."""
    perm = state.permanent(oid)
    player = perm.controller
    out: list[Variation] = []
    out.append(Variation("tapped", f"{oid} is tapped", False,
                         lambda s: _set_perm(s, oid, tapped=True), ("106.7",)))
    for h in helpers:
        out.append(Variation("lands", f"{h} isn't there", True,
                             partial(_remove_perm, oid=h), ("106.7",)))
        out.append(Variation("lands", f"{h} is tapped", False,
                             partial(_set_perm, oid=h, tapped=True), ("106.7",)))

        def to_copy(s: GameState, h: str = h) -> GameState:
            hp = s.permanent(h)
            return add_permanent(_remove_perm(s, h), hp.controller, perm.card)
        out.append(Variation("copies", f"a second {perm.card.name} instead of {h}", False,
                             to_copy, ("106.7",)))
    out.extend(common_variations(state, oid, player, probes))
    replacers = [c for c in probes if "614.1a" in probe_rules(c)
                 and "106.7" in probe_rules(c)]
    if len(replacers) >= 2:
        a, b = replacers[0], replacers[1]

        def both(s: GameState) -> GameState:
            return add_permanent(add_permanent(s, player, a), player, b)
        out.append(Variation("replacement order", f"{player} controls {a.name} and "
                             f"{b.name} (every order of the two, CR 616.1)", True, both,
                             ("106.7", "616.1"), alone=(
                                 partial(_add_for, player=player, card=a),
                                 partial(_add_for, player=player, card=b))))
    return out


def could_produce_refs(perm: Permanent) -> bool:
    """Whether a mana ability of ``perm`` looks at other lands (CR 106.7)."""
    return any(isinstance(a, ActivatedAbility) and a.mana is not None
               and a.mana.kind is ManaProductionKind.COULD_PRODUCE
               for a in perm.card.abilities)


_BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def snow_variations(state: GameState, oid: str, db: object) -> list[Variation]:
    """For "can {S} be paid" with a snow permanent's mana (CR 107.4h: {S} is paid only
    with mana a snow source produced): it is tapped; a real non-snow land instead (the
    basic land of its first basic land type, else Wastes), which makes the same mana
    but no snow mana."""
    from manacheck.model.cards import CardDatabase

    perm = state.permanent(oid)
    basics = [t for t in perm.card.subtypes if t in _BASIC_TYPES]
    name = basics[0] if basics else "Wastes"
    plain = db.get(name) if isinstance(db, CardDatabase) else None
    out = [Variation("tapped", f"{oid} is tapped", True,
                     lambda s: _set_perm(s, oid, tapped=True), ("107.4h", "601.2h"))]
    if plain is not None and "Snow" not in plain.supertypes:
        def swap(s: GameState, c: CardDefinition = plain) -> GameState:
            return add_permanent(_remove_perm(s, oid), perm.controller, c)
        out.append(Variation("snow", f"a {name} (not snow) instead of {oid}", True, swap,
                             ("107.4h",)))
    return out
