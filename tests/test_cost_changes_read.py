"""Cost changes read from the pool's own text and applied (CR 601.2f, 602.2b, 118.7).

The cards here have no hand-written definition: each is the reader's reading of its
2022 Oracle text (``oracletext.costchanges``). Every total cost is derived by hand from
the card's text and the rules, and the phrase family is checked over the whole pool: a
line read must render back to its own words, and the forms the vocabulary can't say
("that target", "for each", "reduces only the amount of colored mana") stay unread.
"""

from __future__ import annotations

import json
import lzma
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from manacheck.model import GameState, ManaCost, effective, load_state_text
from manacheck.model.oracletext.costchanges import read_cost_change, render_cost_change
from manacheck.model.oracletext.normal import normalise
from manacheck.solver.costs import ability_total_cost, spell_total_cost

POOL = Path(__file__).resolve().parents[1] / "reference/cards/AtomicCards-2022-04.json.xz"


def board(mine: str, hand: str = "", theirs: str = "", their_hand: str = "") -> GameState:
    return load_state_text(f"""
turn: {{active_player: A}}
players:
  A: {{hand: [{hand}], battlefield: [{mine}]}}
  B: {{hand: [{their_hand}], battlefield: [{theirs}]}}
""")


def spell(state: GameState, player: str, name: str) -> str:
    card = next(c for c in state.player(player).hand if c.name == name)
    assert card.card is not None and card.card.mana_cost is not None
    return spell_total_cost(state, card.id, card.card.mana_cost, player).cost.text


@pytest.mark.cr("601.2f")
@pytest.mark.parametrize(("mine", "hand", "expect"), [
    # Ruby Medallion: "Red spells you cast cost {1} less to cast." Flametongue Kavu
    # {3}{R} -> {2}{R}; Lightning Bolt {R} has no generic mana to reduce (118.7a).
    ("Ruby Medallion", "Flametongue Kavu", "{2}{R}"),
    ("Ruby Medallion", "Lightning Bolt", "{R}"),
    ("Ruby Medallion", "Llanowar Elves", "{G}"),
    # Helm of Awakening: "Spells cost {1} less to cast." Every spell.
    ("Helm of Awakening", "Hill Giant", "{2}{R}"),
    # Goblin Electromancer: "Instant and sorcery spells you cast cost {1} less": either.
    ("Goblin Electromancer", "Divination", "{1}{U}"),
    ("Goblin Electromancer", "Cancel", "{U}{U}"),
    ("Goblin Electromancer", "Hill Giant", "{3}{R}"),
    # Eye of Ugin: "Colorless Eldrazi spells you cast cost {2} less to cast."
    ("Eye of Ugin", "Eldrazi Devastator", "{6}"),
    ("Eye of Ugin", "Hand of Emrakul", "{7}"),  # {9}, colorless Eldrazi
    # Hero of Iroas: "Aura spells you cast cost {1} less to cast."
    ("Hero of Iroas", "Rancor", "{G}"),
    ("Hero of Iroas", "Glorious Anthem", "{1}{W}{W}"),
    # Bosk Banneret: "Treefolk spells and Shaman spells you cast cost {1} less".
    ("Bosk Banneret", "Sakura-Tribe Elder", "{G}"),
    ("Bosk Banneret", "Hill Giant", "{3}{R}"),
    # Vryn Wingmare: "Noncreature spells cost {1} more to cast."
    ("Vryn Wingmare", "Lightning Bolt", "{1}{R}"),
    ("Vryn Wingmare", "Hill Giant", "{3}{R}"),
    # Gloom: "White spells cost {3} more to cast."
    ("Gloom", "Glorious Anthem", "{4}{W}{W}"),
    # Arcane Melee: "Instant and sorcery spells cost {2} less to cast."
    ("Arcane Melee", "Divination", "{U}"),
    # Warden of Evos Isle: "Creature spells with flying you cast cost {1} less".
    ("Warden of Evos Isle", "Serra Angel", "{2}{W}{W}"),
    ("Warden of Evos Isle", "Hill Giant", "{3}{R}"),
])
def test_a_read_cost_change_changes_the_total_cost(mine: str, hand: str, expect: str) -> None:
    assert spell(board(mine, hand), "A", hand) == expect


@pytest.mark.cr("601.2f", )
def test_you_cast_and_your_opponents_cast_reach_only_their_players() -> None:
    # God-Pharaoh's Statue: "Spells your opponents cast cost {2} more to cast." Ruby
    # Medallion: "Red spells you cast cost {1} less to cast." (CR 102.3: in two-player
    # games the other player is the opponent.)
    s = board("God-Pharaoh's Statue, Ruby Medallion", "Hill Giant", "",
              "Hill Giant")
    assert spell(s, "A", "Hill Giant") == "{2}{R}"
    assert spell(s, "B", "Hill Giant") == "{5}{R}"


@pytest.mark.cr("602.2b")
def test_ability_cost_changes() -> None:
    # Suppression Field: "Activated abilities cost {2} more to activate unless they're
    # mana abilities." (CR 605.1a): Mind Stone's {T}: Add {C} is unchanged, its
    # {1}, {T}, Sacrifice: Draw a card costs {3}.
    s = board("Suppression Field, Mind Stone")
    stone = next(p for p in s.player("A").battlefield if p.name == "Mind Stone")
    mana, draw = effective(s)[stone.id].activated
    assert ability_total_cost(s, stone.id, mana, ManaCost.parse(""), "A").cost.text == ""
    assert ability_total_cost(s, stone.id, draw, ManaCost.parse("{1}"), "A").cost.text \
        == "{3}"


@pytest.mark.parametrize(("name", "line"), [
    ("Boreal Elemental", "Spells your opponents cast that target Boreal Elemental cost {2} "
     "more to cast."),
    ("Animar, Soul of Elements", "Creature spells you cast cost {1} less to cast for each "
     "+1/+1 counter on Animar."),
    ("Edgewalker", "Cleric spells you cast cost {W}{B} less to cast. This effect reduces "
     "only the amount of colored mana you pay."),
    ("Cheap Ass", "Spells you cast cost {½} less to cast."),
    ("Centaur Omenreader", "As long as Centaur Omenreader is tapped, creature spells you "
     "cast cost {2} less to cast."),
    ("Conduit of Ruin", "The first creature spell you cast each turn costs {2} less to "
     "cast."),
    ("Cloud Key", "Spells you cast of the chosen type cost {1} less to cast."),
    ("Aura of Silence", "Green enchantment spells and white enchantment spells cost {2} "
     "more to cast."),
])
def test_what_the_vocabulary_cant_say_stays_unread(name: str, line: str) -> None:
    assert read_cost_change(line, name) is None


@cache
def _pool_lines() -> list[tuple[str, str]]:
    with lzma.open(POOL) as f:
        data: dict[str, list[dict[str, Any]]] = json.loads(f.read())["data"]
    return [(str(face.get("faceName") or name), line) for name, faces in data.items()
            for face in faces for line in str(face.get("text") or "").split("\n")]


def test_every_cost_change_of_the_pool_is_read_whole_or_not_at_all() -> None:
    """The phrase family over the whole pool: each line read renders back to its own
    (normalised) words, so no word of it was skipped; and the count read doesn't fall."""
    family = re.compile(r"cost (up to )?(\{[^}]+\})+ (more|less) to (cast|activate)")
    read = 0
    for name, line in _pool_lines():
        if not family.search(line):
            continue
        static = read_cost_change(line, name)
        if static is None:
            continue
        read += 1
        body = {k: v for k, v in static["static"].items() if k != "text"}
        assert render_cost_change(body) == normalise(line, name).text, (name, line)
    assert read >= 100  # 103 lines of the 2022 pool today
