"""Soundness over every built-in card (issue 10), on random small boards.

For every built-in card, on boards of ordinary mana sources around it, every question
(payment, could-produce, can-activate) is asked twice for each of the card's effects:

* an effect the question reads but doesn't apply: the answer is not decided, naming it;
* an effect in no family the question reads: the answer is exactly the same with the
  effect taken off the card (the declaration that it can't change the answer holds).

Boards are drawn from a seeded generator, so a failure names a reproducible board.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from manacheck.model import (
    ActivatedAbility,
    CardDefinition,
    GameState,
    effective,
    load_state_data,
)
from manacheck.model.carddata import builtin_cards
from manacheck.model.effects import OWN_OBJECT_FAMILIES, EffectKind, kind_of_ability
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer
from manacheck.solver.payments.answer import ABILITY_COST_KIND, sources_costs_change
from manacheck.solver.produce import explain_could_produce
from manacheck.solver.settle import STATE_BASED
from manacheck.solver.soundness import ACTIVATION, PAYMENT, PRODUCE, Question

DB = builtin_cards()
NAMES = sorted(DB)
AROUND = ["Forest", "Island", "Plains", "Swamp", "Mountain", "Wastes", "Sol Ring",
          "Llanowar Elves", "Birds of Paradise", "Azorius Signet", "Graven Cairns",
          "Snow-Covered Forest", "Tundra", "City of Brass"]
COSTS = ["{1}", "{G}", "{W}{U}", "{2}{B}", "{C}", "{R/G}{1}", "{S}", "{3}", "{G}{G}"]
BOARDS_PER_CARD = 8


def boards(name: str) -> Iterator[GameState]:
    rng = random.Random(f"soundness:{name}")
    for _ in range(BOARDS_PER_CARD):
        mine = [name, *rng.sample(AROUND, rng.randint(2, 4))]
        entries = [{"card": n, "tapped": rng.random() < 0.15} for n in mine]
        yield load_state_data({
            "turn": {"active_player": "Alice", "phase": "precombat_main"},
            "players": {"Alice": {"life": 20, "hand": [rng.choice(AROUND)],
                                  "battlefield": entries},
                        "Bob": {"battlefield": [rng.choice(AROUND)]}},
        })


def without(state: GameState, oid: str, ability: object) -> GameState:
    perm = state.permanent(oid)
    card = perm.card
    stripped = replace(card, abilities=tuple(a for a in card.abilities if a is not ability))
    return state.with_permanent(replace(perm, card=stripped))


def answers(state: GameState, oid: str, cost: str) -> tuple[object, ...]:
    """Every question's answer about this board, in a comparable form."""
    pay = payment_answer(state, "Alice", cost, list_payments=False)
    produce = tuple((p.id, explain_could_produce(state, p.id).mana_types,
                     bool(explain_could_produce(state, p.id).undecided))
                    for p in state.permanents)
    acts = []
    if oid in state and state.zone_of(oid) == "battlefield":
        for n, _ in enumerate(effective(state)[oid].activated, 1):
            v = can_activate(state, oid, n, "Alice", find_fixes=False)
            acts.append((n, v.legal, v.ways, bool(v.undecided)))
    return (pay.payable, pay.count, bool(pay.undecided)), produce, tuple(acts)


def reads(kind: EffectKind, q: Question) -> bool:
    """Whether ``q`` reads a family of ``kind``, itself or through the state-based
    actions performed before it (CR 117.5). A self-only kind's own-object families count
    only for the object asked about; here the board is asked about as a whole."""
    fams = kind.families - (OWN_OBJECT_FAMILIES if kind.self_only else frozenset())
    return bool(fams & (q.reads | STATE_BASED.reads))


def effects_of(card: CardDefinition) -> list[tuple[object, EffectKind]]:
    out = []
    for ab in card.abilities:
        if isinstance(ab, ActivatedAbility):
            continue
        kind = kind_of_ability(ab)
        if kind is not None:
            out.append((ab, kind))
    return out


#: Permanent cards with effects (an instant's or sorcery's effect is a resolved spell's
#: continuous effect, checked in test_soundness.py).
CARDS_WITH_EFFECTS = [n for n in NAMES if effects_of(DB[n]) and DB[n].is_permanent_card]


def test_there_are_cards_to_check() -> None:
    assert len(CARDS_WITH_EFFECTS) > 250


@pytest.mark.slow
@pytest.mark.parametrize("name", CARDS_WITH_EFFECTS)
def test_each_effect_is_applied_named_or_irrelevant(name: str) -> None:
    card = DB[name]
    for i, state in enumerate(boards(name)):
        cost = COSTS[(i + len(name)) % len(COSTS)]
        oid = next(p.id for p in state.permanents if p.card.name == name)
        base = answers(state, oid, cost)
        for ab, kind in effects_of(card):
            if not any(ab is a for a in effective(state)[oid].abilities):
                continue  # it doesn't function here (Blood Moon took it away)
            read_by = [q for q in (PAYMENT, PRODUCE, ACTIVATION) if reads(kind, q)]
            if not read_by:
                # Declared to change nothing these questions read: removing it changes
                # nothing.
                assert answers(without(state, oid, ab), oid, cost) == base, (name, kind.key)
                continue
            for q in read_by:
                if kind.key in q.implements or kind.key in STATE_BASED.implements:
                    continue
                # Read and not applied: that question's answers are not decided. (A
                # change to activation costs is applied to the ability asked about,
                # and counts for a payment only if it changes a mana source's cost.)
                if q is PAYMENT:
                    if kind.key == ABILITY_COST_KIND and not sources_costs_change(
                            state, "Alice"):
                        continue
                    assert base[0][0] is None and base[0][2], (name, kind.key, i)
                elif q is ACTIVATION:
                    if kind.key == ABILITY_COST_KIND:
                        continue
                    assert all(a[3] for a in base[2]), (name, kind.key, i)
                elif not kind.self_only:
                    assert all(u for _, _, u in base[1]), (name, kind.key, i)
                else:
                    assert next(u for o, _, u in base[1] if o == oid), (name, kind.key, i)
