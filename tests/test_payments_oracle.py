"""A brute-force payment oracle, small enough to trust by reading (issue 3).

It enumerates every per-permanent choice (activate nothing, or one option of one mana
ability), every sub-multiset of the pool, every mode of every symbol, and every way
to hand distinct mana units to the symbol units, then dedupes by the issue's
definition of a distinct payment. It shares nothing with ``solver/payments.py``
except ``activation_outcomes`` (the agreed contract for what an activation adds).

Same modelling choices as the solver (so the two can be compared): a mana ability's
own mana cost (filter lands) is paid with mana from other sources, the pool, or an
activation made before it (every order is tried); restricted mana pays such a cost only
when its restriction allows abilities of that source (CR 106.6). An ability without
{T}, {Q} or sacrifice in its cost may be activated again while its costs can be paid
(Grand Architect: once for each blue creature it can tap).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from manacheck.model import (
    CostKind,
    GameState,
    ManaCost,
    ManaType,
    Permanent,
    SymbolKind,
    Zone,
    effective,
    matches,
    object_characteristics,
)
from manacheck.solver.payments import Payment
from manacheck.solver.produce import activation_outcomes, base_outcomes

Unit = tuple[ManaType, bool, bool]  # (type, from a snow source, can't pay generic)
Req = Callable[[Unit], bool]
LIFE = "life"


@dataclass(frozen=True)
class Opt:
    ability: int
    event: tuple[ManaType, ...]
    snow: bool
    restricted: bool
    allowed: bool  # may pay the cost itself (CR 106.6)
    mana_cost: ManaCost
    life: int
    taps_self: bool = False  # the {T} symbol: this permanent can't also pay a Drum's cost
    taps_creature: int = 0  # "Tap an untapped creature you control" (Springleaf Drum)
    tap_filter: object = None  # what those taps may tap
    repeat: int = 1  # times one permanent may activate it (no {T}, {Q} or sacrifice)
    spend_on: object = None  # restricted mana: the abilities it may pay for (CR 106.6)
    sacs: int = 0  # "Sacrifice a creature" (Ashnod's Altar): permanents it sacrifices
    sac_filter: object = None
    gone: bool = False  # it sacrifices its own source (Lotus Petal)
    no_generic: bool = False  # its mana can't pay generic mana costs (Jegantha)


def group_key(state: GameState, object_id: str) -> tuple[object, ...]:
    """Same card in the same status (issue 3's interchangeable permanents)."""
    if state.zone_of(object_id) == "hand":
        return ("hand", state.get(object_id).name)
    p = state.permanent(object_id)
    return (p.card.name, p.tapped, p.summoning_sick, p.counters, p.chosen, p.controller)


def sources(state: GameState, player: str, for_object: str | None,
            exclude: Iterable[str] = ()) -> list[tuple[str, list[Opt]]]:
    out = []
    chars_all = effective(state)
    for perm in state.player(player).battlefield:
        if perm.id in exclude:
            continue
        chars = chars_all[perm.id]
        opts = []
        for n, ab in enumerate(chars.activated, 1):
            if not ab.is_mana_ability or ab.mana is None:
                continue
            if ab.tap and perm.tapped:
                continue  # CR 107.5
            if ab.untap and not perm.tapped:
                continue  # CR 107.6
            sick = chars.is_creature and perm.summoning_sick and "Haste" not in chars.keywords
            if (ab.tap or ab.untap) and sick:
                continue  # CR 302.6
            life = sum(int(c.count) for c in ab.costs if c.kind is CostKind.PAY_LIFE)
            taps = sum(int(c.count) for c in ab.costs if c.kind is CostKind.TAP_UNTAPPED)
            tflt = next((c.filter for c in ab.costs if c.kind is CostKind.TAP_UNTAPPED), None)
            sacs = sum(int(c.count) for c in ab.costs if c.kind is CostKind.SACRIFICE)
            sflt = next((c.filter for c in ab.costs if c.kind is CostKind.SACRIFICE), None)
            gone = any(c.kind in (CostKind.SACRIFICE_SELF, CostKind.EXILE_SELF)
                       for c in ab.costs)
            restricted = ab.mana.restriction is not None
            # CR 602.1: without {T}, {Q} or sacrifice in its cost, an ability may be
            # activated as often as its costs can be paid: here, once per permanent
            # its "tap an untapped ..." cost can tap (checked again per payment below).
            once = ab.tap or ab.untap or any(c.kind in (CostKind.SACRIFICE_SELF,
                                                        CostKind.EXILE_SELF)
                                             for c in ab.costs)
            repeat = 1
            if not once and taps:
                repeat = len(tappable(state, player, tflt)) // taps
            if not once and sacs:  # an outlet: once per permanent it could sacrifice
                repeat = len(sacrificable(state, player, sflt, perm.id, exclude)) // sacs
            for c in ab.costs:  # Titans' Nest: once per card it could exile (CR 118.3;
                # any card of your graveyard, its filter; not the card being cast)
                if c.kind is CostKind.EXILE_FROM_GRAVEYARD:
                    cards = [card for card in state.player(player).graveyard
                             if card.id != for_object]
                    repeat = len(cards) // int(c.count)
            for ev in activation_outcomes(state, perm.id, n):
                opts.append(Opt(n, ev, chars.is_snow, restricted,
                                spendable(state, player, ab.mana.restriction, for_object),
                                ab.mana_cost, life,
                                ab.tap, taps, tflt, repeat,
                                ab.mana.restriction.abilities if restricted else None,
                                sacs, (sflt, perm.id), gone,
                                getattr(ab.mana.restriction, "not_generic", False)))
        if opts:
            out.append((perm.id, opts))
    for card in state.player(player).hand:  # mana abilities that work from the hand
        opts = []
        for n, ab in enumerate(card.card.activated_abilities, 1):
            if ab.is_mana_ability and ab.mana is not None and ab.zone is Zone.HAND:
                fake = Permanent(card.id, card.card, player, card.owner)
                for ev in base_outcomes(state, fake, ab.mana):
                    opts.append(Opt(n, ev, False, False, True, ab.mana_cost, 0))
        if opts:
            out.append((card.id, opts))
    return out


def spendable(state: GameState, player: str, restriction: object,
              for_object: str | None) -> bool:
    """CR 106.6: may this mana pay the cost of casting ``for_object`` (a card in hand)?
    Unrestricted mana always; restricted mana when its spell filter fits the card."""
    if restriction is None or getattr(restriction, "any_use", False):
        return True
    spells = getattr(restriction, "spells", None)
    if for_object is None or spells is None:
        return False
    return matches(spells, object_characteristics(state, for_object),  # type: ignore[arg-type]
                   state.get(for_object), state, player)


def sacrificable(state: GameState, player: str, flt: object, source: str,
                 exclude: Iterable[str] = ()) -> list[str]:
    """Permanents the player controls that fit an outlet's "Sacrifice a ..." cost."""
    chars = effective(state)
    return [p.id for p in state.player(player).battlefield if p.id not in set(exclude)
            and matches(flt, chars[p.id], p, state, player, source)]  # type: ignore[arg-type]


def sacs_assignable(state: GameState, player: str, chosen: list[tuple[str, Opt]],
                    exclude: Iterable[str] = ()) -> bool:
    """Each outlet sacrifice gets its own fitting permanent, none that sacrifices itself
    for mana in this payment (it would be gone); one tapped for mana first is fine."""
    demands = [o.sac_filter for _, o in chosen for _ in range(o.sacs)]
    if not demands:
        return True
    gone = {pid for pid, o in chosen if o.gone}
    fits = [[m for m in sacrificable(state, player, f[0], f[1], exclude)  # type: ignore[index]
             if m not in gone] for f in demands]
    pool = sorted({m for f in fits for m in f})
    for perm in itertools.permutations(pool, len(demands)):
        if all(m in f for m, f in zip(perm, fits, strict=True)):
            return True
    return False


def tappable(state: GameState, player: str, flt: object) -> list[str]:
    """Untapped permanents the player controls that fit a "tap an untapped ..." cost."""
    chars = effective(state)
    return [p.id for p in state.player(player).battlefield
            if not p.tapped and flt is not None
            and matches(flt, chars[p.id], p, state, player)]  # type: ignore[arg-type]


def spend_rule(state: GameState, player: str, owned: list[tuple[str, Opt]]
               ) -> Callable[[Opt, int], bool]:
    """CR 106.6: restricted mana pays an activation's cost only when the restriction
    allows that source's abilities (Grand Architect's mana: abilities of artifacts)."""
    chars = effective(state)

    def may_pay(o: Opt, j: int) -> bool:
        if not o.restricted:
            return True
        if o.spend_on is None:
            return False
        pid = owned[j][0]
        if state.zone_of(pid) != "battlefield":
            return False
        return matches(o.spend_on, chars[pid], state.permanent(pid), state,  # type: ignore[arg-type]
                       player)
    return may_pay


def choices(opts: list[Opt]) -> list[tuple[Opt, ...]]:
    """What one permanent may do in a payment: one of its once-only activations, one
    to ``repeat`` activations of a repeatable ability (any mix of its outcomes), or a
    {T} activation and then one that sacrifices it."""
    out: list[tuple[Opt, ...]] = []
    for o in opts:
        if o.repeat == 1:
            out.append((o,))
    by_ability: dict[int, list[Opt]] = {}
    for o in opts:
        if o.repeat > 1:
            by_ability.setdefault(o.ability, []).append(o)
    for same in by_ability.values():
        for k in range(1, same[0].repeat + 1):
            out.extend(itertools.combinations_with_replacement(same, k))
    # Tap it for mana, then sacrifice it for more (Eye of Ramos; CR 601.2g, 605.3a):
    # one {T} activation and one that sacrifices it without tapping.
    out.extend((t, g) for t in opts if t.taps_self and not t.gone
               for g in opts if g.gone and not g.taps_self)
    return out


def taps_assignable(state: GameState, player: str,
                    chosen: list[tuple[str, Opt]]) -> bool:
    """Each "tap an untapped ..." cost gets its own fitting permanent, one not tapped
    for its own {T} ability in this payment (CR 601.2g, 107.5)."""
    demands = [o.tap_filter for _, o in chosen for _ in range(o.taps_creature)]
    if not demands:
        return True
    busy = {pid for pid, o in chosen if o.taps_self}
    fits = [[t for t in tappable(state, player, f) if t not in busy] for f in demands]
    pool = sorted({t for f in fits for t in f})
    for perm in itertools.permutations(pool, len(demands)):
        if all(t in f for t, f in zip(perm, fits, strict=True)):
            return True
    return False


def modes(sym: object, any_color: frozenset[ManaType] = frozenset(),
          krrik: bool = False) -> list[list[Req] | str]:
    """Each way one symbol can be paid: a list of one-mana requirements, or LIFE.
    ``any_color``: types the payer may spend as though they were mana of any color
    (CR 609.4b: they may pay colored symbols and halves, never {C}). ``krrik``: "For
    each {B} in a cost, you may pay 2 life rather than pay that mana" (K'rrik, Son of
    Yawgmoth): any symbol one of whose ways is {B} may be paid with 2 life (its
    rulings: {B/R}, {2/B}; never generic mana)."""
    s = sym
    if krrik and s.kind in (SymbolKind.COLORED, SymbolKind.HYBRID,  # type: ignore[attr-defined]
                            SymbolKind.MONO_HYBRID, SymbolKind.COLORLESS_HYBRID) \
            and ManaType.B in s.colors:  # type: ignore[attr-defined]
        return [*modes(sym, any_color), LIFE]
    k = s.kind  # type: ignore[attr-defined]
    colors = s.colors  # type: ignore[attr-defined]

    def is_(t: ManaType) -> Req:
        if t is ManaType.C:
            return lambda u: u[0] is t
        return lambda u: u[0] is t or u[0] in any_color

    def any_(u: Unit) -> bool:
        return not u[2]  # generic mana: not with Jegantha's mana (CR 107.4b)

    if k is SymbolKind.COLORED:
        return [[is_(colors[0])]]
    if k is SymbolKind.COLORLESS:
        return [[is_(ManaType.C)]]
    if k is SymbolKind.GENERIC:
        return [[any_] * s.amount]  # type: ignore[attr-defined]
    if k is SymbolKind.HYBRID:
        return [[is_(colors[0])], [is_(colors[1])]]
    if k is SymbolKind.MONO_HYBRID:
        return [[is_(colors[0])], [any_, any_]]
    if k is SymbolKind.COLORLESS_HYBRID:
        return [[is_(colors[0])], [is_(ManaType.C)]]
    if k is SymbolKind.PHYREXIAN:
        return [[is_(colors[0])], LIFE]
    if k is SymbolKind.HYBRID_PHYREXIAN:
        return [[is_(colors[0])], [is_(colors[1])], LIFE]
    if k is SymbolKind.SNOW:
        return [[lambda u: u[1]]]
    raise ValueError(s)


def assignable(reqs: list[tuple[Req, object]],
               units: list[tuple[Unit, object, bool, frozenset[int]]],
               acts: int, pool_n: int, rank: dict[int, int]) -> bool:
    """Give each requirement its own unit; every pool unit and at least one unit of
    every activation must be used. A requirement's owner is "main" (the cost) or the
    index of the mana-costing activation whose cost it is; units are (unit, owner,
    allowed_main, the activations whose costs it may pay). An activation's mana pays
    another's cost only if it was activated earlier (``rank``)."""
    used = [False] * len(units)

    def fits(j: int, owner: object) -> bool:
        _u, src, allowed, act_ok = units[j]
        if owner == "main":
            return allowed
        if owner not in act_ok:
            return False
        return src == "pool" or src not in rank or rank[src] < rank[owner]  # type: ignore[index]

    def go(i: int) -> bool:
        if i == len(reqs):
            owners = {units[j][1] for j in range(len(units)) if used[j]}
            pool_used = sum(1 for j in range(len(units)) if used[j] and units[j][1] == "pool")
            return pool_used == pool_n and all(a in owners for a in range(acts))
        req, owner = reqs[i]
        for j, (u, _src, _allowed, _ok) in enumerate(units):
            if used[j] or not req(u) or not fits(j, owner):
                continue
            used[j] = True
            if go(i + 1):
                return True
            used[j] = False
        return False

    return go(0)


def valid_lives(chosen: list[Opt], pool: list[Unit], pool_allowed: bool,
                cost: ManaCost, life_total: int,
                may_pay: Callable[[Opt, int], bool] = lambda o, j: not o.restricted,
                any_color: frozenset[ManaType] = frozenset(), krrik: bool = False) -> set[int]:
    """Every life amount with which these activations and this pool mana pay the cost,
    trying every order of the activations whose abilities cost mana (CR 605.3a).
    ``may_pay(o, j)``: may mana from option ``o`` pay activation ``j``'s cost."""
    units: list[tuple[Unit, object, bool, frozenset[int]]] = []
    for i, o in enumerate(chosen):
        ok = frozenset(j for j in range(len(chosen)) if may_pay(o, j))
        for t in o.event:
            units.append(((t, o.snow, o.no_generic), i, o.allowed, ok))
    for u in pool:
        units.append((u, "pool", pool_allowed,
                      frozenset(range(len(chosen))) if pool_allowed else frozenset()))
    syms: list[tuple[object, object]] = [(s, "main") for s in cost]
    syms += [(s, i) for i, o in enumerate(chosen) for s in o.mana_cost]
    filters = [i for i, o in enumerate(chosen) if o.mana_cost]
    act_life = sum(o.life for o in chosen)
    lives = set()
    for combo in itertools.product(*(modes(s, any_color, krrik) for s, _ in syms)):
        reqs: list[tuple[Req, object]] = []
        life = act_life
        for (_s, owner), m in zip(syms, combo, strict=True):
            if m == LIFE:
                life += 2
            else:
                reqs.extend((r, owner) for r in m)  # type: ignore[union-attr]
        if life > 0 and life > life_total:
            continue  # CR 119.4
        if life in lives or len(reqs) < len(chosen) + len(pool):
            continue
        for perm in itertools.permutations(filters):
            rank = {a: n for n, a in enumerate(perm)}
            if assignable(reqs, units, len(chosen), len(pool), rank):
                lives.add(life)
                break
    return lives


Identity = tuple[frozenset[tuple[tuple[object, ...], int]], tuple[str, ...], int]


def oracle(state: GameState, player: str, cost: ManaCost, *, for_object: str | None = None,
           exclude: Iterable[str] = ()) -> set[Identity]:
    """Every distinct payment, by brute force over permanents."""
    srcs = sources(state, player, for_object, exclude)
    pl = state.player(player)
    pool_units: list[Unit] = [(e.type, e.snow, False) for e in pl.mana_pool.entries
                              for _ in range(e.amount)]
    pool_allowed = all(e.restriction is None for e in pl.mana_pool.entries)
    # CR 609.4b: Chromatic Orrery lets its controller spend any mana as any color.
    any_color = frozenset(ManaType) if any(p.name == "Chromatic Orrery"
                                           for p in pl.battlefield) else frozenset()
    krrik = any(p.name == "K'rrik, Son of Yawgmoth" for p in pl.battlefield)
    out: set[Identity] = set()
    max_units = sum(2 if s.kind is SymbolKind.MONO_HYBRID else
                    s.amount if s.kind is SymbolKind.GENERIC else 1 for s in cost)
    # The most mana one activation's own cost asks for (in mana: {2} asks for two).
    filter_extra = max((sum(2 if s.kind is SymbolKind.MONO_HYBRID else
                            s.amount if s.kind is SymbolKind.GENERIC else 1
                            for s in o.mana_cost) for _, opts in srcs for o in opts),
                       default=0)
    # Each activation gives a mana to the cost or to a later activation's cost.
    filter_sources = sum(1 for _, opts in srcs if any(o.mana_cost for o in opts))
    most = max_units + filter_sources * (1 + filter_extra)
    for size in range(0, min(most, len(srcs)) + 1):
        for subset in itertools.combinations(srcs, size):
            for picks in itertools.product(*(choices(opts) for _, opts in subset)):
                owned = [(pid, o) for (pid, _), pick in zip(subset, picks, strict=True)
                         for o in pick]
                chosen = [o for _, o in owned]
                if len(chosen) > most or not taps_assignable(state, player, owned) \
                        or not sacs_assignable(state, player, owned, exclude):
                    continue
                for k in range(len(pool_units) + 1):
                    for pool in set(itertools.combinations(sorted(pool_units, key=str), k)):
                        for life in valid_lives(chosen, list(pool), pool_allowed, cost,
                                                pl.life, spend_rule(state, player, owned),
                                                any_color, krrik):
                            key = frozenset(Counter(
                                (group_key(state, pid), o.ability, o.event)
                                for pid, o in owned
                            ).items())
                            out.add((key, tuple(sorted(t.value for t, *_ in pool)), life))  # type: ignore[arg-type]
    return out


def identity(state: GameState, p: Payment) -> Identity:
    """The same normal form for a solver payment."""
    c: Counter[tuple[object, int, tuple[ManaType, ...]]] = Counter()
    for u in p.activations:
        listed = u.mana.listed(1000)  # the oracle's boards make a few mana at most
        assert listed is not None
        c[(group_key(state, u.object), u.ability, listed)] += u.times
    return (frozenset(c.items()), tuple(sorted(t.value for t in p.pool)), p.life)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------
# The property test: solver vs oracle on random boards
# ---------------------------------------------------------------------------------------

def same_as_brute_force(text: str, cost: str, player: str = "A") -> int:
    """The solver's payments for ``cost`` on the board ``text`` are exactly the brute
    force's (:func:`oracle`), each once; their number."""
    from manacheck.model import load_state_text
    from manacheck.solver.payments import search_payments

    s = load_state_text(text)
    expected = oracle(s, player, ManaCost.parse(cost))
    got = [identity(s, p) for p in search_payments(s, player, cost)]
    assert len(got) == len(set(got)) and set(got) == expected
    return len(expected)


def verdict_and_count(text: str, cost: str, player: str = "A") -> tuple[str, int | None]:
    """``payment_answer``'s verdict and count for ``cost`` on the board ``text``."""
    from manacheck.model import load_state_text
    from manacheck.solver.payments import payment_answer

    a = payment_answer(load_state_text(text), player, cost)
    return a.verdict, a.count


from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from manacheck.model import load_state, load_state_text  # noqa: E402
from manacheck.solver.payments import count_payments  # noqa: E402
from manacheck.solver.payments import search_payments as payments  # noqa: E402
from manacheck.solver.payments.precheck import flow_payable  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
CARDS = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Snow-Covered Forest",
         "Snow-Covered Island", "Tundra", "Badlands", "Birds of Paradise", "Llanowar Elves",
         "City of Brass", "Mana Confluence", "Sol Ring", "Graven Cairns", "Eldrazi Temple",
         "Lotus Petal", "Springleaf Drum", "Pili-Pala", "Azorius Signet", "Grand Architect",
         "Vizier of Tumbling Sands", "Ashnod's Altar", "Phyrexian Altar",
         "Krark-Clan Ironworks", "Phyrexian Tower", "Chromatic Orrery",
         "Jegantha, the Wellspring", "Mage-Ring Network", "K'rrik, Son of Yawgmoth",
         "Eye of Ramos"]
OUTLET_CARDS = {"Ashnod's Altar", "Phyrexian Altar", "Krark-Clan Ironworks", "Phyrexian Tower"}
# Generic symbols are listed several times so that more random costs are payable.
SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{1}", "{1}", "{1}", "{2}", "{2}",
           "{W/U}", "{B/R}", "{2/W}", "{G/P}", "{W/P}", "{S}", "{G/W/P}", "{C/W}",
           "{C/G}"]


def board_text(perms: list[tuple[str, bool, bool]], pool: str, life: int,
               hand: list[str] = ()) -> str:  # type: ignore[assignment]
    lines = ["turn: {active_player: A}", "players:", "  A:", f"    life: {life}"]
    if pool:
        lines.append(f'    mana_pool: "{pool}"')
    if hand:
        lines.append(f"    hand: [{', '.join(hand)}]")
    lines.append("    battlefield:")
    for name, tapped, sick in perms:
        # Mage-Ring Network's "Remove any number of storage counters" gets two.
        counters = ", counters: {storage: 2}" if name == "Mage-Ring Network" else ""
        lines.append(f"      - {{card: \"{name}\", tapped: {str(tapped).lower()}, "
                     f"summoning_sick: {str(sick).lower()}{counters}}}")
    if not perms:
        lines[-1] = "    battlefield: []"
    return "\n".join(lines) + "\n"


def units_of(cost: list[str]) -> int:
    return sum(2 if s.startswith("{2") else 1 for s in cost)


@st.composite
def boards(draw: st.DrawFn) -> tuple[str, str, bool]:
    n = draw(st.integers(0, 6))  # the brute force grows exponentially with the board
    perms = [(draw(st.sampled_from(CARDS)), draw(st.booleans()) and draw(st.booleans()),
              draw(st.booleans())) for _ in range(n)]
    if any(name in OUTLET_CARDS for name, _, _ in perms):
        perms = perms[:5]  # the brute force multiplies every outlet activation's choices
    pool = "".join(draw(st.lists(st.sampled_from(["{G}", "{C}", "{W}"]), max_size=2)))
    life = draw(st.sampled_from([0, 1, 2, 3, 20]))
    cost = draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4).filter(
        lambda c: units_of(c) <= 5))
    eldrazi = draw(st.booleans())
    hand = (["Thought-Knot Seer"] if eldrazi else []) + \
        (["Elvish Spirit Guide"] if draw(st.integers(0, 3)) == 0 else [])
    return board_text(perms, pool, life, hand), "".join(cost), eldrazi


@pytest.mark.cr("601.2h")
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
@example(case=("turn: {active_player: A}\nplayers:\n  A:\n    life: 2\n    hand: [Elvish Spirit "
               "Guide]\n    battlefield:\n      - {card: \"Graven Cairns\", tapped: false, "
               "summoning_sick: false}\n      - {card: \"K'rrik, Son of Yawgmoth\", tapped: "
               "false, summoning_sick: false}\n", "{B}", False))
def test_solver_matches_brute_force(case: tuple[str, str, bool]) -> None:
    text, cost_text, eldrazi = case
    state = load_state_text(text)
    cost = ManaCost.parse(cost_text)
    for_object = "Thought-Knot Seer" if eldrazi else None
    expected = oracle(state, "A", cost, for_object=for_object)
    p = payments(state, "A", cost, for_object=for_object)
    listed = [identity(state, q) for q in p]
    assert len(listed) == len(set(listed)), "a payment was listed twice"
    if p.left_out:
        # A source the solver can't model (K'rrik paying a filter land's {B/R}, say) is
        # left out and said: the answer is then a lower bound, never more than the
        # brute force finds (found by this test on a random board: Graven Cairns with
        # K'rrik and 2 life).
        assert set(listed) <= expected
        assert p.count() <= len(expected)
        assert not p or expected
        return
    assert set(listed) == expected
    assert p.count() == len(expected)
    assert bool(p) == bool(expected)
    if not flow_payable(state, "A", cost, for_object=for_object):
        assert not expected
    for q in p.best(3):
        assert q in p


@pytest.mark.cr("605.3a")
def test_mana_costing_sources_count_their_cost_in_mana_not_symbols() -> None:
    # Regression: Pili-Pala's {2} is one symbol but two mana. Forest + Springleaf Drum
    # paying Pili-Pala's {2}, whose mana pays the {1}, is a payment (three activations).
    state = load_state(REPO / "examples" / "activation.yaml")
    for cost in ("{1}", "{1}{W}", "{3}"):
        expected = oracle(state, "Alice", ManaCost.parse(cost), exclude=["Voltaic Key"])
        got = {identity(state, q)
               for q in payments(state, "Alice", cost, exclude=frozenset({"Voltaic Key"}))}
        assert got == expected
    # Hand count for {1}: Drum (5 colors), Forest, Sol Ring (7); and Pili-Pala (5 colors)
    # with its {2} paid by Sol Ring alone, Sol Ring + Forest, Sol Ring + Drum (5),
    # Forest + Drum (5): 7 + 5 * 12 = 67.
    assert count_payments(state, "Alice", "{1}", exclude=frozenset({"Voltaic Key"})) == 67


@pytest.mark.cr("107.4f")
def test_oracle_itself_on_a_hand_count() -> None:
    # Hand count: {W/P} with one Plains at life 2 -> tap the Plains, or pay 2 life.
    state = load_state_text(board_text([("Plains", False, False)], "", 2))
    assert len(oracle(state, "A", ManaCost.parse("{W/P}"))) == 2
    state = load_state_text(board_text([("Plains", False, False)], "", 1))
    assert len(oracle(state, "A", ManaCost.parse("{W/P}"))) == 1


@pytest.mark.cr("601.2g")
@pytest.mark.parametrize(("battlefield", "cost"), [
    ("[Eye of Ramos, Eye of Ramos]", "{U}{U}"),
    ("[Eye of Ramos, Eye of Ramos]", "{U}{U}{U}"),
    ("[Eye of Ramos, {card: Eye of Ramos, tapped: true}]", "{2}"),
    ("[Eye of Ramos, Springleaf Drum, Llanowar Elves]", "{G}{U}"),
    ("[Eye of Ramos, Springleaf Drum, Llanowar Elves]", "{W}{U}{1}"),
    ("[Eye of Ramos, Lotus Petal, Forest]", "{U}{U}{1}"),
    ("[Eye of Ramos, Graven Cairns, Swamp]", "{B}{R}{U}"),
])
def test_tap_then_sacrifice_matches_brute_force(battlefield: str, cost: str) -> None:
    """Eye of Ramos ("{T}: Add {U}." and "Sacrifice Eye of Ramos: Add {U}."): each
    permanent may tap for mana and then be sacrificed for more (CR 601.2g, 605.3a), beside
    a Springleaf Drum tapping a creature, a Lotus Petal that both taps and sacrifices
    itself, and a filter land paid with the Eye's mana: the solver lists exactly the
    brute force's payments (its ``choices`` try every {T}-then-sacrifice pair)."""
    text = f"turn: {{active_player: A}}\nplayers:\n  A: {{battlefield: {battlefield}}}\n"
    same_as_brute_force(text, cost)


NEST_BOARD = """turn: {{active_player: A}}
players:
  A:
    hand: [Centaur Courser, Grizzly Bears]
    graveyard: {graveyard}
    battlefield: {battlefield}
"""


@pytest.mark.cr("118.3", "602.1")
@pytest.mark.parametrize(("graveyard", "battlefield", "spell"), [
    ("[Grizzly Bears, Forest]", "[Titans' Nest, Forest]", "Centaur Courser"),
    ("[Grizzly Bears]", "[Titans' Nest, Forest]", "Centaur Courser"),
    ("[Grizzly Bears, Forest, Island]", "[Titans' Nest, Forest, Forest]", "Centaur Courser"),
    ("[Grizzly Bears, Forest, Island]", "[Titans' Nest, Llanowar Elves]", "Grizzly Bears"),
    ("[]", "[Titans' Nest, Forest, Forest]", "Grizzly Bears"),
])
def test_graveyard_exile_matches_brute_force(graveyard: str, battlefield: str,
                                             spell: str) -> None:
    """Titans' Nest ("Exile a card from your graveyard: Add {C}. Spend this mana only to
    cast a colored spell without {X} in its mana cost."): activated once per card it can
    exile (CR 602.1, 118.3); the solver lists exactly the brute force's payments for a
    green spell (its restriction met, CR 106.6)."""
    from manacheck.model import load_state_text
    from manacheck.solver.payments import search_payments as payments

    s = load_state_text(NEST_BOARD.format(graveyard=graveyard, battlefield=battlefield))
    card = next(c for c in s.player("A").hand if c.card.name == spell)
    expected = oracle(s, "A", card.card.mana_cost, for_object=card.id)
    got = [identity(s, p) for p in payments(s, "A", card.card.mana_cost, for_object=card.id)]
    assert len(got) == len(set(got)) and set(got) == expected
