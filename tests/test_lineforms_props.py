"""Lines classified by their form, taken off real pool cards, on random small boards.

The property of issue 30: a line the reader keeps unread but classifies by its form
(``model/oracletext/lineforms.py``, unread triggers) declares the families it could
change. For every question that reads none of them (through the state-based actions
performed first too, CR 117.5), the answer must be *decided* and exactly the answer on
the same board with the line taken off the card: the line can't block it, and nothing
it could change is read. Lines are drawn by seed from the shipped pool, so a failure
names a reproducible line and board.
"""

from __future__ import annotations

import json
import lzma
import random
from functools import cache

import pytest
from manacheck.model import GameState, load_state_data
from manacheck.model.effects import kind_of_ability
from manacheck.model.pool import POOL_DIR, SHARDS, shard_file
from manacheck.solver.settle import before_priority
from manacheck.solver.soundness import ACTIVATION, PAYMENT, PRODUCE, RESOLUTION

from .test_soundness_props import AROUND, COSTS, answers, reads

#: How many classified lines are drawn, and boards per line.
LINES = 80
BOARDS = 3


@cache
def classified_lines() -> list[tuple[str, dict[str, object], dict[str, object]]]:
    """(card name, its pool entry, one classified static of it), for every permanent
    card of the shipped pool with a line classified by its form."""
    found = []
    for n in range(SHARDS):
        with lzma.open(POOL_DIR / shard_file(n), "rt", encoding="utf-8") as fh:
            for line in fh:
                name, entry_text = line.rstrip("\n").split("\t", 1)
                entry = json.loads(entry_text)
                types = entry.get("types") or []
                if not {"Creature", "Artifact", "Enchantment", "Land"} & set(types):
                    continue
                for ab in entry.get("abilities") or []:
                    static = ab.get("static") if isinstance(ab, dict) else None
                    if static and static.get("kind") == "other" and (
                            static.get("affects")
                            or (static.get("params") or {}).get("unread_trigger")):
                        found.append((name, entry, static))
    return found


def _card(entry: dict[str, object], name: str, static: dict[str, object] | None
          ) -> dict[str, object]:
    keep = {k: v for k, v in entry.items()
            if k in ("types", "subtypes", "supertypes", "power", "toughness", "mana_cost")}
    return {**keep, "name": name, "abilities": [{"static": static}] if static else []}


def _boards(seed: str, card: dict[str, object], bare: dict[str, object]
            ) -> list[tuple[GameState, GameState]]:
    rng = random.Random(seed)
    out = []
    for _ in range(BOARDS):
        mine = rng.sample(AROUND, rng.randint(2, 4))
        sick = rng.random() < 0.3
        mine_entries = [{"card": n} for n in mine]
        theirs = rng.choice(AROUND)
        states = []
        for defined in (card, bare):
            states.append(load_state_data({
                "turn": {"active_player": "Alice", "phase": "precombat_main"},
                "players": {
                    "Alice": {"battlefield": [{"card": "Line Holder", "id": "holder",
                                               "summoning_sick": sick}, *mine_entries]},
                    "Bob": {"battlefield": [theirs]}},
                "cards": [defined],
            }))
        out.append((states[0], states[1]))
    return out


def _sample() -> list[tuple[str, dict[str, object], dict[str, object]]]:
    lines = classified_lines()
    return random.Random("lineforms").sample(lines, min(LINES, len(lines)))


def test_there_are_classified_lines() -> None:
    assert len(classified_lines()) > 2000


@pytest.mark.slow
@pytest.mark.parametrize(("name", "entry", "static"), _sample(),
                         ids=[f"{n}: {str(s.get('text'))[:40]}" for n, _, s in _sample()])
def test_a_classified_line_blocks_no_question_it_cant_change(
        name: str, entry: dict[str, object], static: dict[str, object]) -> None:
    card = _card(entry, "Line Holder", static)
    bare = _card(entry, "Line Holder", None)
    for i, (with_line, without_line) in enumerate(_boards(name, card, bare)):
        ab = with_line.permanent("holder").card.abilities[0]
        kind = kind_of_ability(ab)
        assert kind is not None
        cost = COSTS[(i + len(name)) % len(COSTS)]
        got = answers(with_line, "holder", cost)
        want = answers(without_line, "holder", cost)
        if before_priority(without_line).changed and kind.families & RESOLUTION.reads:
            continue  # (a state-based action is performed first, CR 117.5: by resolve)
        if not reads(kind, PAYMENT):
            assert got[0] == want[0], (name, static.get("text"), i)
        if not reads(kind, PRODUCE):
            assert got[1] == want[1], (name, static.get("text"), i)
        if not reads(kind, ACTIVATION):
            assert got[2] == want[2], (name, static.get("text"), i)
