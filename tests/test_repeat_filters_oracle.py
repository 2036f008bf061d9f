"""Repeatable mana abilities that cost one mana and add one (issue 16, point 1) against
an independent brute force on random small boards.

The brute force knows nothing of the payment solver: it tries every number of
activations of each filter (with each color it may add), every set of lands tapped,
and every assignment of the resulting mana to the symbols to pay -- the cost's and each
activation's own -- one mana per symbol, all mana spent (CR 601.2h), an activation never
paid by an activation of the same card (the pointless loop ``sources.repeat_filters``
leaves out), and the "who pays whom" relation without a cycle (so some order exists,
CR 605.3a). A payment is the multiset of (land or filter, mana added), as in issue 3.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from manacheck.model import ManaType, load_state_text
from manacheck.solver.payments import payments

W, U, B, R, G = ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G
LANDS = {"Plains": W, "Island": U, "Swamp": B, "Mountain": R, "Forest": G}
# card: (what its cost accepts (None: any), the colors it may add)
FILTERS = {
    "Farrelite Priest": (None, (W,)),  # {1}: Add {W}.
    "Orochi Leafcaller": (G, (W, U, B, R, G)),  # {G}: Add one mana of any color.
    "Agent of Stromgald": (R, (B,)),  # {R}: Add {B}.
}
PRIEST = """
cards:
  - name: Farrelite Priest
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - activated: {cost: "{1}", mana: {add: "{W}"}, text: "{1}: Add {W}."}
"""
SYMBOLS = {"{W}": W, "{U}": U, "{B}": B, "{R}": R, "{G}": G, "{1}": None}


def _pays(sym: ManaType | None, t: ManaType) -> bool:
    return sym is None or sym is t


def valid(lands: list[ManaType], acts: list[tuple[str, ManaType]],
          cost: list[ManaType | None]) -> bool:
    """Some assignment of every unit (lands', then activations') to a symbol: the cost's
    or an activation's own, one unit each, never same-card feeding, no feeding cycle.
    Plain backtracking over the units (each tries every free symbol)."""
    units = [(-1, t) for t in lands] + [(i, t) for i, (_, t) in enumerate(acts)]
    slots = [(-1, s) for s in cost] + [(i, FILTERS[c][0]) for i, (c, _) in enumerate(acts)]
    if len(units) != len(slots):
        return False
    taken = [False] * len(slots)
    feeds: dict[int, int] = {}

    def cyclic() -> bool:
        for start in feeds:
            seen, node = {start}, start
            while node in feeds:
                node = feeds[node]
                if node in seen:
                    return True
                seen.add(node)
        return False

    def go(u: int) -> bool:
        if u == len(units):
            return not cyclic()
        src, t = units[u]
        for j, (owner, sym) in enumerate(slots):
            if taken[j] or not _pays(sym, t):
                continue
            if src >= 0 and owner >= 0 and acts[src][0] == acts[owner][0]:
                continue  # the same card's mana never pays it again
            taken[j] = True
            if src >= 0 and owner >= 0:
                feeds[src] = owner
            if go(u + 1):
                return True
            taken[j] = False
            feeds.pop(src, None)
        return False

    return go(0)


def oracle(lands: dict[str, int], filters: list[str], cost: list[ManaType | None]
           ) -> set[frozenset[tuple[tuple[str, ManaType], int]]]:
    out = set()
    n_cost = len(cost)
    for used in itertools.product(*(range(n + 1) for n in lands.values())):
        land_units = [LANDS[name] for name, k in zip(lands, used, strict=True)
                      for _ in range(k)]
        if len(land_units) != n_cost:
            continue  # one-for-one filters: the lands' mana is all the cost gets
        # Each activation takes one mana and gives one, and a unit passes through each
        # card at most once: at most lands x cards activations.
        for acts_n in range(len(land_units) * len(filters) + 1):
            options = [(c, t) for c in filters for t in FILTERS[c][1]]
            for acts in itertools.combinations_with_replacement(options, acts_n):
                if valid(land_units, list(acts), cost):
                    key = Counter({(name, LANDS[name]): k
                                   for name, k in zip(lands, used, strict=True) if k})
                    key.update(acts)
                    out.add(frozenset(key.items()))
    return out


def solver_payments(text: str, cost: str) -> set[frozenset[tuple[tuple[str, ManaType], int]]]:
    s = load_state_text(text)
    got = set()
    for p in payments(s, "A", cost):
        c: Counter[tuple[str, ManaType]] = Counter()
        for u in p.activations:
            (t,) = u.mana.types
            assert u.mana.total == 1
            c[(s.permanent(u.object).card.name, t)] += u.times
        got.add(frozenset(c.items()))
    return got


@pytest.mark.cr("602.1")
@pytest.mark.cr("605.3a")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(sorted(LANDS)), st.integers(1, 2), min_size=1,
                       max_size=2),
       st.lists(st.sampled_from(sorted(FILTERS)), min_size=1, max_size=2, unique=True),
       st.lists(st.sampled_from(sorted(SYMBOLS)), min_size=1, max_size=3))
def test_repeated_filters_match_the_brute_force(lands: dict[str, int], filters: list[str],
                                                symbols: list[str]) -> None:
    perms = [name for name, n in lands.items() for _ in range(n)] + filters
    text = ("turn: {active_player: A}\nplayers:\n  A:\n    battlefield: ["
            + ", ".join(f'"{x}"' for x in perms) + "]\n" + PRIEST)
    cost = "".join(symbols)
    expected = oracle(lands, filters, [SYMBOLS[x] for x in symbols])
    assert solver_payments(text, cost) == expected
    p = payments(load_state_text(text), "A", cost)
    assert p.count() == len(expected) and not p.left_out
